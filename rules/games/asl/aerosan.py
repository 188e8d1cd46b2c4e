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
  bypass.
- D17.22: entering an orchard, or woods/orchard by a road hexside (for 3 MP or less: the 4 MP that would
  spare it are not offered), calls for an Aerosan Accident dr at once; a 6 immobilizes it and its riders
  bail out (D6.24). Not built: the NMC of its unprotected passengers/crew and the SW check (D6.24) on a 6.
- D17.24: no bog, ever (no bog DR, and no D8.23 mud/deep-snow DR).
- D17.25: one hexspine of VCA change per hex; more in one hex take stop, start and turn for each further one
  (``turn_mp``; dspecial.aerosan_turn_mp counts the start for a stopped one). Not built: the one-hexspine
  limit outside its MPh (D2.401, C3.21-22: chapter C) and the declaration before the next hex is entered.
- D17.26: towing a Gun, +2 MP a hex instead of +1.
- D17.5: -1 on CC against it (vfire.cc_vehicle). Not built: D17.3's 7 PP of riders beside its passengers
  (the catalogue tells riders from passengers by a passenger capacity of 0, riders.py).
- D17.4: always winter camouflaged (E3.712: chapter E, not among the texts: not modelled).
- D17.27: wandering (E1.53, chapter E): dspecial.aerosan_wander.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError
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
HIGHER = 4  # D17.2: higher elevation 4 + COT
TOW_MP = 2  # D17.26
THEN = "vaerosan"


def is_aerosan(movement: str) -> bool:
    return movement == MOVEMENT


def check(scenario: Scenario) -> None:
    """A clear error naming the scenario for a malformed ``options.ground_snow`` (D17.2)."""
    raw = scenario.options.get(KEY)
    if raw is not None and raw not in SNOW:
        raise DataError(f"scenario {scenario.name!r}: options.{KEY} must be one of {', '.join(SNOW)} "
                        "(snow or deep snow on the ground, E3.72, E3.73; D17.2)")


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


def cot(position: Position, a: Hex, b: Hex) -> int | None:
    """D17.2, D17.21: the aerosan's COT to enter b from a, or None where it may not go."""
    hs = position.map.hexside(a, b)
    if "wall" in hs or "hedge" in hs:
        return None  # D17.21: no unbreached wall or hedge
    terrain = position.map.terrain(b)
    if _road(position, a, b) and terrain in ROAD_INTO:
        return ROAD_INTO[terrain]
    return CHART.get(terrain)


def step_mp(position: Position, a: Hex, b: Hex, others: int) -> Fraction | None:
    """MP to enter b (D17.2): its COT, +4 higher, +1 a vehicle already there (D2.14)."""
    c = cot(position, a, b)
    if c is None:
        return None
    return Fraction(c + (HIGHER if position.map.level(b) > position.map.level(a) else 0) + others)


def turn_mp(hexspines: int) -> int:
    """D17.25: one hexspine for 1 MP; each further one in the same hex a stop, a start and a turn."""
    if hexspines <= 0:
        return 0
    return 1 + (hexspines - 1) * 3


def needs_accident(position: Position, a: Hex, b: Hex) -> bool:
    """D17.22: into an orchard, or by a road hexside into woods or an orchard."""
    terrain = position.map.terrain(b)
    return terrain == "orchard" or (terrain in ROAD_INTO and _road(position, a, b))


def accident(position: Position, unit: UnitState, h: Hex) -> Decision:
    prompt = T("{unit} enters {hex}: roll the Aerosan Accident dr; 6 immobilizes it (D17.22)", unit=unit.id,
               hex=position.label(h))
    return Decision("roll", unit.side, prompt, "D17.22", THEN, dice="dr", subject=(unit.id,), target=h)


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    """D17.22: a 6 immobilizes it (its MPh ends there) and its riders bail out (D6.24)."""
    import dataclasses

    from hexmate.rules.games.asl import riders
    from hexmate.rules.games.asl.armour import vtype

    assert answer.dice is not None
    state = position.state
    unit = state.units.get(decision.subject[0])
    if answer.dice[0] != 6 or unit is None or unit.hex is None:
        return state
    state = state.with_unit(unit.mark("immobilized", remove=("motion",)))
    if state.moving is not None:
        stopped = T("immobilized by an Aerosan Accident (D17.22)")
        state = state.replace(moving=dataclasses.replace(state.moving, stopped=stopped))
    on_top = riders.carried_riders(state, unit, vtype(unit).passengers)
    return riders.bail_out(position.at(state), on_top, unit.hex, "D17.22") if on_top else state


__all__ = ["KEY", "MOVEMENT", "THEN", "TOW_MP", "accident", "check", "cot", "is_aerosan",
           "needs_accident", "resume", "snow", "step_mp", "turn_mp", "why_not"]
