"""ASL aerosans (D17): the sixth Movement Type of ground vehicles, ordinary vehicle rules but for these.

- D17.2: it moves only while snow (E3.72) or deep snow (E3.73) is in effect; chapter E is not among the texts,
  so the scenario says so: ``options.ground_snow`` (``snow`` or ``deep``; checked when it loads), or the
  weather's ``heavy snow`` (read as deep snow, as vmud.py reads it for D8.23).
- D17.2's Aerosan Movement Chart (chapter D's own numbers; no snow MP extra, its * note): open ground and
  shellholes 1 MP; crossing a road hexside into woods or an orchard (woods-road, orchard-road) 2 MP; an
  orchard 3 MP; higher elevation 4 + COT; nothing else (woods, buildings, gullies and the map's grain: grain
  is open ground only by E3.722, which is not among the texts). A map road in the open is an unplowed road:
  open ground (the chart's ** note). +1 per vehicle or wreck already there as for any vehicle (D2.14).
- D17.21: no gully, no wall or hedge hexside (the maps draw no breach), no reverse (its ``rev`` is 0), no
  bypass; a woods-road is entered and left only by its road hexsides (``ROAD_ONLY_EXIT``; sunken roads,
  embankments, brush and the wheel-track benefit, B28.61, are not on the maps).
- D17.2: a plowed road (the scenario's ``options.plowed_roads``: true makes every map road plowed, an SSR
  matter) costs 2 MP across its road hexside and asks the Accident dr; unplowed, it is open ground.
- D17.22: entering an orchard, or woods/orchard by a road hexside for 3 MP or less, calls for an Aerosan
  Accident dr at once; ``move AEROSAN PATH as slow`` pays 4 MP for each such road hexside on its path and
  spares the dr there (the chart's dagger note). A 6 (or entering a hex with the map's ``wire`` feature, no
  roll) immobilizes it; its riders bail out (D6.24); its unprotected crew and passengers take a NMC (D5.311:
  read as an unarmored aerosan's, every aspect of which is unarmored; an armored one's are protected); each
  SW its passengers carry takes D6.24's dr (4-6 malfunction, an X# SW eliminated). Not built: the trench
  hex's dr (trenches, B27, are not on the maps).
- D17.24: no bog, ever (no bog DR, and no D8.23 mud/deep-snow DR).
- D17.25: one hexspine of VCA change per hex; more in one hex take stop, start and turn for each further one
  (``turn_mp``; dspecial.aerosan_turn_mp counts the start for a stopped one). Outside its MPh one hexspine
  only: the free turn of a Motion attempt in the enemy MPh (D2.401) offers the hexes within one hexspine
  (``motion_turn``, vmotion.py). Not built: the turns of chapter C (C3.21-22: firing outside the CA, the
  end of a fire phase; hexmate's aerosans carry MG only, and a hull MG turns nothing), and the declaration
  before the next hex is entered (the move's path is given whole, so the turn after each hex is the path's).
- D17.26: towing a Gun, +2 MP a hex instead of +1.
- D17.5: -1 on CC against it (vfire.cc_vehicle).
- D17.3: up to 7 PP of riders beside its passenger PP, whatever the date: a load that fits both is asked
  (inside or outside); riders carry the ``rider`` marker (riders.RIDING), so ``riders.carried_riders`` and
  ``mounted.role`` tell them from the passengers (their fire, bailing out, D6.21-D6.24).
- D17.4: always winter camouflaged (E3.712: chapter E, not among the texts: not modelled).
- D17.27: wandering (E1.53, chapter E): dspecial.aerosan_wander.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, direction_between, opposite
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.scenario import Scenario

MOVEMENT = "aerosan"
KEY = "ground_snow"
SNOW = ("snow", "deep")
CHART = {"open": 1, "shellhole": 1, "orchard": 3}  # D17.2's chart, the terrain the maps know
ROAD_INTO = {"woods": 2, "orchard": 2}  # D17.2: woods-road / orchard-road hexside, 2 MP and an accident dr
ROAD_ONLY_EXIT = ("woods",)  # D17.21: a woods-road is left by a road hexside only (no brush on the maps)
HIGHER = 4  # D17.2: higher elevation 4 + COT
TOW_MP = 2  # D17.26
THEN = "vaerosan"
SW_THEN = "vaerosan_sw"
SLOW = "slow"  # the move's mode word: 4 MP for each woods/orchard-road hexside (D17.22)
ROAD_SLOW = 4  # D17.22, D17.2's dagger note: 4 MP or more across a road hexside spares the Accident dr
PLOWED = "plowed_roads"  # D17.2: the scenario's roads are plowed (an SSR; E3's snow is not in the texts)
PLOWED_MP = 2  # D17.2: crossing a plowed-road hexside
WIRE = "wire"  # D17.22: entering wire fails the Accident dr (the maps' ``wire`` hex feature, as A4.3's)


def is_aerosan(movement: str) -> bool:
    return movement == MOVEMENT


def check(scenario: Scenario) -> None:
    """A clear error naming the scenario for a malformed ``options.ground_snow`` or ``options.plowed_roads``
    (D17.2)."""
    raw = scenario.options.get(KEY)
    if raw is not None and raw not in SNOW:
        raise DataError(f"scenario {scenario.name!r}: options.{KEY} must be one of {', '.join(SNOW)} "
                        "(snow or deep snow on the ground, E3.72, E3.73; D17.2)")
    if not isinstance(scenario.options.get(PLOWED, False), bool):
        raise DataError(f"scenario {scenario.name!r}: options.{PLOWED} must be true or false (the map's "
                        "roads plowed by SSR; D17.2)")


def snow(position: Position) -> bool:
    """D17.2: is snow or deep snow in effect?"""
    if position.scenario.options.get(KEY) in SNOW:
        return True
    wind = getattr(position.state.game, "wind", None)
    return getattr(wind, "precipitation", "none") == "heavy snow"


def why_not(position: Position, unit: UnitState) -> T | None:
    if not snow(position):
        return T("{unit} is an aerosan: it moves only while snow or deep snow is on the ground (D17.2)",
                 unit=unit.id)
    return None


def _road(position: Position, a: Hex, b: Hex) -> bool:
    d = direction_between(a, b)
    return d in position.map.road_exits(a) and opposite(d) in position.map.road_exits(b)


def road_cot(position: Position, a: Hex, b: Hex) -> int | None:
    """D17.2: a woods- or orchard-road hexside, or a plowed road's (the scenario's ``plowed_roads``: an
    unplowed road is open ground, the chart's ** note), 2 MP and an Accident dr; None for any other entry."""
    if a == b or not _road(position, a, b):
        return None
    return _road_into(position, b)


def _road_into(position: Position, b: Hex) -> int | None:
    terrain = position.map.terrain(b)
    if terrain in ROAD_INTO:
        return ROAD_INTO[terrain]
    return PLOWED_MP if position.scenario.options.get(PLOWED, False) is True and terrain in CHART else None


def edge_cot(position: Position, b: Hex, road: bool) -> int | None:
    """A2.51 with D17.2: the COT to enter the edge hex b from off-board Open Ground (``road``: b's road runs
    on across that edge hexside, as road_cot's)."""
    by_road = _road_into(position, b) if road else None
    return by_road if by_road is not None else CHART.get(position.map.terrain(b))


def edge_accident(position: Position, b: Hex, road: bool) -> bool:
    """D17.22 for an aerosan coming on at the edge hex b (A2.51): an orchard, or b's woods-, orchard- or
    plowed-road hexside at the edge crossed (the 4-MP way is not offered at the edge)."""
    return position.map.terrain(b) == "orchard" or (road and _road_into(position, b) is not None)


def cot(position: Position, a: Hex, b: Hex) -> int | None:
    """D17.2, D17.21: the aerosan's COT to enter b from a, or None where it may not go."""
    hs = position.map.hexside(a, b)
    if "wall" in hs or "hedge" in hs:
        return None  # D17.21: no unbreached wall or hedge
    if a != b and position.map.terrain(a) in ROAD_ONLY_EXIT and not _road(position, a, b):
        return None  # D17.21: a woods-road is left only by its road hexside
    road = road_cot(position, a, b)
    return road if road is not None else CHART.get(position.map.terrain(b))


def step_mp(position: Position, a: Hex, b: Hex, others: int) -> Fraction | None:
    """MP to enter b (D17.2): its COT, +4 higher, +1 a vehicle already there (D2.14)."""
    c = cot(position, a, b)
    if c is None:
        return None
    return Fraction(c + (HIGHER if position.map.level(b) > position.map.level(a) else 0) + others)


OUTSIDE_MPH_TURN = 1  # D17.25: hexspines an aerosan may turn outside its own MPh


def motion_turn(position: Position, vehicle: UnitState, hexes: tuple[Hex, ...]) -> tuple[Hex, ...]:
    """D17.25 with D2.401: the hexes an aerosan that has just entered Motion in the enemy MPh may face by
    touching them (its own hex keeps its VCA): those within one hexspine of its VCA, no more."""
    from hexmate.rules.games.asl import facing as fc
    from hexmate.rules.games.asl.armour import facing_of

    f = facing_of(vehicle)
    here = vehicle.hex
    return tuple(h for h in hexes if h == here or (here is not None and fc.turns(
        f, fc.turn_toward(f, here, h)) <= OUTSIDE_MPH_TURN))


def turn_mp(hexspines: int) -> int:
    """D17.25: one hexspine for 1 MP; each further one in the same hex a stop, a start and a turn."""
    if hexspines <= 0:
        return 0
    return 1 + (hexspines - 1) * 3


def needs_accident(position: Position, a: Hex, b: Hex, *, slow: bool = False) -> bool:
    """D17.22: into an orchard, or across a woods-, orchard- or plowed-road hexside, unless that road hexside
    was crossed for 4 MP (``slow``)."""
    road = road_cot(position, a, b) is not None
    if road and slow:
        return False
    return position.map.terrain(b) == "orchard" or road


def split(mode: str) -> tuple[bool, str]:
    """(``slow`` declared, the rest of a vehicle move's ``+``-joined mode words): D17.22's 4 MP by road."""
    words = [w for w in mode.split("+") if w] if mode else []
    return SLOW in words, "+".join(w for w in words if w != SLOW)


def slow_entries(position: Position, path: tuple[Hex, ...]) -> int:
    """How many woods-, orchard- or plowed-road hexsides the path crosses (each 2 MP on D17.2's chart)."""
    return sum(1 for a, b in itertools.pairwise(path) if road_cot(position, a, b) is not None)


def slow_extra(position: Position, path: tuple[Hex, ...]) -> Fraction:
    """D17.22: the MP that raise each such road entry on the path from its 2 MP to the 4 that spare the
    Accident dr."""
    return Fraction(sum(ROAD_SLOW - c for a, b in itertools.pairwise(path)
                        if (c := road_cot(position, a, b)) is not None))


def check_slow(position: Position, unit: UnitState, path: tuple[Hex, ...], is_sled: bool) -> Fraction:
    """``as slow``: only an aerosan, and only on a path that crosses such a road hexside (D17.22)."""
    if not is_sled:
        raise IllegalAction(T("only an aerosan pays 4 MP along a woods, orchard or plowed road to spare its "
                              "Accident dr (D17.22)"), "D17.22")
    if not slow_entries(position, path):
        raise IllegalAction(T("{unit} crosses no woods-, orchard- or plowed-road hexside on this path: "
                              "nothing to pay 4 MP for (D17.22)", unit=unit.id), "D17.22")
    return slow_extra(position, path)


def wired(position: Position, h: Hex) -> bool:
    """D17.22: wire in the hex entered fails the Accident dr without a roll (the map's ``wire`` feature)."""
    return WIRE in position.map.features(h)


def accident(position: Position, unit: UnitState, h: Hex) -> Decision:
    prompt = T("{unit} enters {hex}: roll the Aerosan Accident dr; 6 immobilizes it (D17.22)", unit=unit.id,
               hex=position.label(h))
    return Decision("roll", unit.side, prompt, "D17.22", THEN, dice="dr", subject=(unit.id,), target=h)


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    """D17.22: a 6 fails the Accident dr (``fail``)."""
    assert answer.dice is not None
    unit = position.state.units.get(decision.subject[0])
    if answer.dice[0] != 6 or unit is None or unit.hex is None:
        return position.state
    return fail(position, unit.id)


RIDERS_PP = 7  # D17.3: riders beside its passengers, whatever the date
SEAT = "vaerosan_seat"
INSIDE, OUTSIDE = "inside", "outside"


def _rooms(position: Position, vehicle: UnitState, loaders: list[UnitState]) -> tuple[bool, bool]:
    """(the loaders fit inside as passengers, they fit outside as riders): D17.3's 7 PP of riders beside its
    passenger PP (D6.1)."""
    from hexmate.rules.games.asl.armour import vtype
    from hexmate.rules.games.asl.riders import RIDING
    from hexmate.rules.games.asl.transport import load_pp

    ids = {u.id for u in loaders}
    aboard = [u for u in position.units.values() if u.carrier == vehicle.id and u.type != "sw"
              and u.id not in ids]
    inside = [u for u in aboard if not u.has(RIDING)]
    outside = [u for u in aboard if u.has(RIDING)]
    passengers = vtype(vehicle).passengers
    return (bool(passengers) and load_pp(inside + loaders) <= passengers,
            load_pp(outside + loaders) <= RIDERS_PP)


def ride_room(position: Position, vehicle: UnitState, loaders: list[UnitState]) -> None:
    """D17.3, D6.1: refuse a load that fits neither inside nor among its riders."""
    from hexmate.rules.games.asl.armour import vtype

    inside, outside = _rooms(position, vehicle, loaders)
    if not (inside or outside):
        raise IllegalAction(T("{unit} has room for {pp} PP of passengers and {riders} PP of riders; these do "
                              "not fit in either (D17.3, D6.1)", unit=vehicle.id,
                              pp=vtype(vehicle).passengers, riders=RIDERS_PP), "D17.3")


def seat(position: Position, vehicle: UnitState, loaders: tuple[str, ...]) -> State:
    """D17.3: the loaders ride inside or outside: the owner's choice when both have room, else the one that
    has it (riders carry the ``rider`` marker)."""
    units = [position.state.units[u] for u in loaders]
    inside, outside = _rooms(position, vehicle, units)
    if inside and outside:
        prompt = T("{units} board {unit}: inside as passengers, or outside as riders (up to 7 PP, D17.3)?",
                   units=", ".join(loaders), unit=vehicle.id)
        return position.state.push(Decision("confirm", vehicle.side, prompt, "D17.3", SEAT,
                                            choices=(INSIDE, OUTSIDE), subject=tuple(loaders),
                                            target=vehicle.hex))
    return _ride(position.state, loaders) if outside and not inside else position.state


def _ride(state: State, loaders: tuple[str, ...]) -> State:
    from hexmate.rules.games.asl.riders import RIDING

    for uid in loaders:
        state = state.with_unit(state.units[uid].mark(RIDING))
    return state


def resume_seat(position: Position, decision: Decision, answer: act.Answer) -> State:
    return _ride(position.state, decision.subject) if answer.choice == OUTSIDE else position.state


def unprotected(unit: UnitState) -> bool:
    """D17.22 with D5.311: whether its crew and passengers are unprotected in an accident: an unarmored
    aerosan (catalogue ``armor: null``), whose every aspect is unarmored (D5.311, as a truck's PRC are always
    exposed, D6.7); an armored one's are not."""
    from hexmate.rules.games.asl.armour import vtype

    return not vtype(unit).armored


def fail(position: Position, uid: str) -> State:
    """D17.22: the aerosan is immobilized (its MPh ends there); its riders bail out (D6.24); an unprotected
    crew and passengers take a NMC (D5.311: the crew's failure breaks it, vcrewhit.py); each SW its passengers
    carry takes D6.24's malfunction dr."""
    import dataclasses

    from hexmate.rules.games.asl import riders, vcrewhit
    from hexmate.rules.games.asl.aftermath import mc
    from hexmate.rules.games.asl.armour import vtype

    state = position.state
    unit = state.units[uid]
    assert unit.hex is not None
    state = state.with_unit(unit.mark("immobilized", remove=("motion",)))
    if state.moving is not None:
        stopped = T("immobilized by an Aerosan Accident (D17.22)")
        state = state.replace(moving=dataclasses.replace(state.moving, stopped=stopped))
    on_top = riders.carried_riders(state, unit, vtype(unit).passengers)
    inside = sorted((u for u in state.units.values()
                     if u.carrier == uid and u not in on_top and u.type != "sw"), key=lambda u: u.id)
    sws = sorted((u for u in state.units.values() if u.type == "sw" and (
        u.carrier == uid or u.carrier in {p.id for p in inside})), key=lambda u: u.id)
    checks: list[Decision] = [sw_check(state.units[s.id], unit.hex) for s in sws]
    if unprotected(unit):
        checks += [mc(position.at(state), p.id, 0, "D17.22") for p in inside]
        if not unit.has("abandoned"):
            checks.append(vcrewhit.check_decision(position.at(state), state.units[uid], "mc", 0, True))
    state = state.push(*checks)
    return riders.bail_out(position.at(state), on_top, unit.hex, "D17.22") if on_top else state


def sw_check(sw: UnitState, h: Hex) -> Decision:
    prompt = T("{sw} aboard the wrecked aerosan: roll a dr; 4 or more malfunctions it (eliminated with an "
               "X#) (D17.22, D6.24)", sw=sw.id)
    return Decision("roll", sw.side, prompt, "D17.22", SW_THEN, dice="dr", subject=(sw.id,), target=h)


def resume_sw(position: Position, decision: Decision, answer: act.Answer) -> State:
    """D6.24's dr for a SW: 1-3 nothing, 4-6 malfunctioned (eliminated if it has an X#)."""
    assert answer.dice is not None
    state = position.state
    sw = state.units.get(decision.subject[0])
    if sw is None or answer.dice[0] <= 3:
        return state
    if isinstance(sw.values.get("x"), int):
        return state.without_unit(sw.id)
    return state.with_unit(sw.mark("malfunctioned"))


__all__ = [
    "INSIDE",
    "KEY",
    "MOVEMENT",
    "OUTSIDE",
    "PLOWED",
    "PLOWED_MP",
    "RIDERS_PP",
    "ROAD_SLOW",
    "SEAT",
    "SLOW",
    "SW_THEN",
    "THEN",
    "TOW_MP",
    "WIRE",
    "accident",
    "check",
    "check_slow",
    "cot",
    "edge_accident",
    "edge_cot",
    "fail",
    "is_aerosan",
    "needs_accident",
    "resume",
    "resume_seat",
    "resume_sw",
    "ride_room",
    "road_cot",
    "seat",
    "slow_entries",
    "slow_extra",
    "snow",
    "split",
    "step_mp",
    "sw_check",
    "turn_mp",
    "unprotected",
    "why_not",
    "wired",
]
