"""ASL chapter D in play: vehicles as units, their moves with facing, and the facing question.

``game.py`` dispatches here on the unit kind (``type: vehicle``); gun fire and Close Combat against vehicles
are in ``vfire.py``, passengers in ``transport.py``. What is built at the table:

- a vehicle's move is one lift and one placement; the rules find the cheapest way there over (hex, VCA,
  forward or reverse): the start MP (none in Motion, D2.12), 1 MP per hexspine turned before each entry
  (2 in an obstacle, D2.11), forward entry only into the two VCA hexes (D2.11), reverse into the two rear
  hexes at the reverse multiplier (D2.21, D2.22), the vehicle terrain costs of the chart pack, road rate
  (D2.16, 1 MP when BU), +1 wall (D2.11 example), +4 higher (D2.24 example), +1 per vehicle or wreck in the
  hex (D2.14); bog DRs entering woods and buildings (D8.21), ESB (D2.5) and mechanical reliability (D2.51);
  a hex of enemy infantry is entered by an Overrun (overrun.py, D7.1), one of an enemy vehicle never here;
- after it the owner answers the facing question: touch the vehicle down on a neighbouring hex to turn its
  front to the nearest hexspine beside that hex, 1 MP a hexspine; set it back (or press done) to keep it
  (D2.11); it then stops for 1 MP if it has one, else stays in Motion (D2.13, D2.4), in Reverse Motion
  (REV_MOTION, D2.24) when its move ended backing, so it goes on in reverse next MPh;
- ``show arc UNIT`` lights its covered arcs (D3.1); ``as tcaK`` turns the turret with the move's first MP,
  ``as tcaK@HEX`` with the MP that enters HEX along the path (D3.1.2: ``turret_stops``, ``turn_at_entry``).

Vehicles are hidden from the infantry modules (``infantry_view``): small arms and other non-ordnance fire
do not attack an AFV and have no effect on an armored target (D1.2, A7.307; a FT, DC or MOL has its own
rules: vft.py, dcblast.py, mol.py; the ATMM is not built), only its exposed PRC may be hurt, as infantry
(A7.307, D.8: vcrewhit.py, vheight.py); at a hex holding only AFVs with no exposed PRC infantry fire only to
leave Residual FP, by Defensive First Fire at the AFV entering it (A7.307, A8.2: afvresid.py).
"""

from __future__ import annotations

import dataclasses
import functools
import heapq
import itertools
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Physical
from hexmate.rules.errors import IllegalAction, RulesError
from hexmate.rules.games.asl import (
    aerosan,
    armorldr,
    axisred,
    ddtank,
    hulldown,
    moto,
    riders,
    vbypass,
    vequip,
    vminimum,
    vmud,
    vstay,
    wagon,
)
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import overrun as ovr
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.asl.vehicles import (
    CatalogueError,
    VehicleType,
    is_mobile,
    tca_of,
    vehicle_of,
    with_tca,
)
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, direction_between, distance, opposite
from hexmate.rules.text import T

VEHICLE = "vehicle"
FIRE_MARKERS = {"PFPh": "prep_fire", "MPh": "first_fire", "DFPh": "final_fire", "AFPh": "advancing_fire"}
MAX_RANGE = 24  # the demo pack's To Hit table ends here
WORDS = {  # the words a shot's working shows, each translatable
    "hull": T("hull"),
    "turret": T("turret"),
    "front": T("front"),
    "side": T("side"),
    "rear": T("rear"),
    "burns": T("burns (a burning wreck)"),
    "destroyed": T("destroyed (a wreck)"),
    "shocked": T("shocked"),
    "stunned": T("stunned"),
    "immobilized": T("immobilized"),
    "none": T("no effect"),
    "malfunction": T("malfunctions"),
    "low_ammo": T("low ammo"),
    "disabled": T("disabled"),
}


def is_vehicle(unit: UnitState) -> bool:
    return unit.type == VEHICLE


def vtype(unit: UnitState) -> VehicleType:
    return vehicle_of(unit.values)


def check_counter(values: Mapping[str, int | str]) -> str | None:
    """A scenario's vehicle counter must name a catalogue entry that loads (D1)."""
    try:
        vehicle_of(values)
    except CatalogueError as e:
        return str(e)
    led = values.get("armor_leader")  # D3.41: the Armor Leader set up aboard it, e.g. "9-1"
    if led is not None:
        try:
            armorldr.parse(str(led))
        except ValueError as e:
            return str(e)
    return None


def setup(state: State) -> State:
    """A scenario sets a vehicle's VCA with the marker ``vca<k>`` (k: facing 0..5, see facing.py)."""
    for unit in list(state.units.values()):
        if not is_vehicle(unit):
            continue
        marks = [m for m in unit.markers if m.startswith("vca") and m[3:].isdigit()]
        f = int(marks[0][3:]) % 6 if marks else 0
        unit = unit.mark(remove=tuple(marks))
        state = state.with_unit(dataclasses.replace(unit, facing=f))
    return state


def facing_of(unit: UnitState) -> int:
    return unit.facing if unit.facing is not None else 0


def with_facing(unit: UnitState, f: int) -> UnitState:
    """The vehicle turned to VCA f; the turret turns with the hull (D3.51)."""
    old = facing_of(unit)
    rel = (tca_of(unit.markers, old) - old) % 6
    if f % 6 != old:
        unit = hulldown.without_hd(unit)  # D4.221: a VCA change takes the HD counter off
    return dataclasses.replace(unit, facing=f % 6, markers=with_tca(unit.markers, f % 6, (f + rel) % 6))


def _remark(unit: UnitState, markers: frozenset[str]) -> UnitState:
    return dataclasses.replace(unit, markers=markers)


def infantry_view(position: Position) -> Position:
    """The position without its vehicles, for the infantry modules (fire, rout, rally); the vehicles are
    kept aside in the game state for the cover they give (vcover.py, D9.3, D9.4)."""
    units = {uid: u for uid, u in position.units.items() if not is_vehicle(u)}
    aside = tuple(u for u in position.units.values() if is_vehicle(u))
    game: Any = position.state.game  # AslState (game.py imports this module)
    if aside and hasattr(game, "aside"):
        game = game.replace(aside=aside)
    return position.at(position.state.replace(units=units, game=game))


def restore(position: Position, after: State) -> State:
    """Put the vehicles hidden by ``infantry_view`` back into a state the infantry modules returned."""
    vehicles = {uid: u for uid, u in position.units.items() if is_vehicle(u)}
    game: Any = after.game
    if getattr(game, "aside", ()):
        game = game.replace(aside=())
    return after.replace(units={**after.units, **vehicles}, game=game)


# --- movement (D2) ---
def _obstacle(position: Position, h: Hex) -> bool:
    if h not in position.map:
        return False  # A2.51: the off-board board is Open Ground
    return position.map.terrain(h) in ("woods", "wooden-building", "stone-building", "building")


HW_STARTED = "hw_started"  # D14.31: started as an MP action of a Human Wave's impulse (hwaa.py), D2.51 rolled


def vehicle_cost(terrain: str) -> int | str:
    """The chart pack's vehicle cost of a terrain ("NA" where it has none); the pack may spell a map's
    "stone-building" as "stone building"."""
    costs = od.load_pack().vehicle_terrain
    return costs.get(terrain, costs.get(terrain.replace("-", " "), "NA"))


def _building(position: Position, h: Hex) -> bool:
    return position.map.terrain(h) in ("wooden-building", "stone-building", "building")


def step_mp(position: Position, unit: UnitState, vt: VehicleType, a: Hex, b: Hex) -> Fraction | None:
    """MP to enter b from a forward, or None where this vehicle may not enter (D2.1, chart pack costs)."""
    hex_map = position.map
    if b not in hex_map.hexes:
        return None
    if wagon.is_wagon(vt.movement):
        return wagon.step_mf(position, unit, a, b)  # D12.1: MF at infantry rates
    if moto.is_motorcycle(vt.movement):
        return moto.step_mp(position, unit, a, b)  # D15.1, D15.42: the motorcycle column
    here = position.units_at(b)
    # enemy infantry there: entering overruns them (D7.1), unless it has Bounding Fired (D7.13) or its
    # mover declared ``as through`` (D7.1's "may")
    overrun = ovr.overruns(position, unit, b)
    if aerosan.is_aerosan(vt.movement):  # D17.2: its own chart; D15.3: no MP for motorcycles there
        others = sum(1 for u in here if is_vehicle(u) and u.id != unit.id and not moto.is_moto_unit(u))
        base = aerosan.step_mp(position, a, b, others)
        return None if base is None else base + (ovr.extra_mp(vt.mp) if overrun else 0) + tow_mp(unit)
    d = direction_between(a, b)
    road = d in hex_map.road_exits(a) and opposite(d) in hex_map.road_exits(b)
    buttoned = vt.armored and not unit.has("ce")
    if vt.armored and unit.has("ce") and not road and (_building(position, a) or _building(position, b)):
        return None  # D5.3: a CE AFV neither enters nor leaves a building obstacle (but by a road here)
    if road:
        cot: Fraction | int = vm.road_mp(buttoned=buttoned)
    else:
        cost = vehicle_cost(hex_map.terrain(b))
        if cost == "NA":
            return None
        if cost == "all":
            return Fraction(0)  # D2.7: all its MP, counted by ``all_mp`` where the move ends
        cot = vm.obstacle_mp(vt.mp) if cost == "half" else int(cost)
    others = sum(1 for u in here if is_vehicle(u) and u.id != unit.id and not moto.is_moto_unit(u))  # D15.3
    screen = ddtank.entry(position, unit, a, b)  # D16.12: +1 a land hex, and where it may not go
    if screen is None:
        return None
    return screen + vm.entry_mp(
        cot,
        wall="wall" in hex_map.hexside(a, b) and not road,
        higher=hex_map.level(b) > hex_map.level(a),
        others=others,
        road_rate=road,
    ) + (ovr.extra_mp(vt.mp) if overrun else 0) + tow_mp(unit) + personnel_overstack(position, unit.side, b)


def personnel_overstack(position: Position, side: str, h: Hex) -> int:
    """A5.11: a vehicle entering a Location where its side's personnel are over the stacking limit pays 1 MP
    more per squad-equivalent over (FRU), besides D2.14; PRC and prisoners count for nothing (A5.3,
    A20.51)."""
    from hexmate.rules.games.asl.game import overstack_mf

    return overstack_mf([u for u in position.units_at(h) if u.side == side and moto.stacks(position.state, u)
                         and not is_vehicle(u) and u.type != "sw"])  # D15.3: motorcycle riders count


def all_mp(position: Position, unit: UnitState, a: Hex, b: Hex) -> bool:
    """D2.7: does entering b (not by road) take all the vehicle's MP?"""
    if a == b or b not in position.map.hexes or wagon.is_wagon(vtype(unit).movement):
        return False
    if aerosan.is_aerosan(vtype(unit).movement):
        return False  # D17.2: its chart has no all-MP terrain
    d = direction_between(a, b)
    if d in position.map.road_exits(a) and opposite(d) in position.map.road_exits(b):
        return False
    return vehicle_cost(position.map.terrain(b)) == "all"


def all_mp_cost(position: Position, unit: UnitState, path: tuple[Hex, ...], cost: Fraction) -> Fraction:
    """D2.7: a hex that takes all MP ends the move, even with ESB: it costs all the MP left, though the start
    (and the turns before it) may still be paid beyond them (and the stop after it: ``resume_facing``)."""
    steps = list(itertools.pairwise(path))
    for i, (a, b) in enumerate(steps):
        if all_mp(position, unit, a, b):
            if i != len(steps) - 1:
                raise IllegalAction(T("{unit} may move no further once in {hex}: entering it took all its MP",
                                      unit=unit.id, hex=position.label(b)), "D2.7")
            return max(cost, budget(unit) - spent_of(unit))
    return cost


def tow_mp(unit: UnitState) -> int:
    """C10.1 (not in the texts; the chart pack's demo value): towing adds MP to each hex entered (vtow.py)."""
    if unit.has("towing") and aerosan.is_aerosan(vtype(unit).movement):
        return aerosan.TOW_MP  # D17.26: +2 instead of +1
    return od.load_pack().towing["entry_mp"] if unit.has("towing") else 0


@functools.lru_cache(maxsize=16384)
def _entries(h: Hex, f: int, mode: str) -> tuple[Hex, Hex]:
    """The hexes a vehicle at facing f may enter: its two VCA hexes forward (D2.11), its two rear hexes in
    reverse (D2.22); geometry alone, so worked out once a hex (the move searches ask at every step)."""
    return fc.front_hexes(h, f) if mode == "F" else fc.rear_hexes(h, f)


def _start_states(unit: UnitState) -> dict[tuple[int, str], Fraction]:
    """D2.12: a stopped vehicle pays 1 MP to start, forward or in reverse; one in Motion goes on forward, one
    in Reverse Motion in reverse (D2.24)."""
    f0 = facing_of(unit)
    if unit.has("motion"):  # D2.24: in Reverse Motion (or backed onto the map, D2.2) it goes on in reverse
        return {(f0, "R" if unit.has(BACKED_ON) or unit.has(REV_MOTION) else "F"): Fraction(0)}
    if unit.has(HW_STARTED):  # D14.31, D2.12: started forward in a Human Wave's impulse (hwaa.py)
        return {(f0, "F"): Fraction(0)}
    start = Fraction(0) if unit.has("spent_start") else Fraction(vm.START_MP)  # D8.3: paid by Bog Removal
    vt = vtype(unit)
    if wagon.is_wagon(vt.movement):
        start = Fraction(0)  # D12.1: no MF to start
    if unit.has("towing") or vt.rev == 0:  # D2.2: no reverse movement while towing; a wagon without REV
        return {(f0, "F"): start}
    return {(f0, "F"): start, (f0, "R"): start}


BACKED_ON = "came_on_rev"  # D2.2: it backed onto the map this MPh (ventry.py); gone with end_of_mph's came_on
REV_MOTION = "rev_motion"  # D2.24: the Reverse Motion counter: its move ended backing (read with "motion")


SWITCH_MP = vm.STOP_MP + vm.START_MP  # D2.23: forward to reverse (or back) takes a stop and a start


def _turn(position: Position, vt: VehicleType, hexspines: int, h: Hex) -> int:
    """D2.11: 1 MP a hexspine (2 in an obstacle); D12.1: a wagon 1 MF a hexspine."""
    if wagon.is_wagon(vt.movement):
        return hexspines * wagon.TURN_MF
    if aerosan.is_aerosan(vt.movement):
        return aerosan.turn_mp(hexspines)  # D17.25: one hexspine a hex, else stop-start-turn
    return vm.turn_mp(hexspines, obstacle=_obstacle(position, h))


def _switch(vt: VehicleType) -> int:
    return 0 if wagon.is_wagon(vt.movement) else SWITCH_MP  # D12.1: no MF to stop or start


def route(position: Position, unit: UnitState, path: tuple[Hex, ...]) -> tuple[Fraction, tuple[int, ...]]:
    """``route_ways`` without the way it ends moving."""
    return route_ways(position, unit, path)[:2]


def route_ways(position: Position, unit: UnitState,
               path: tuple[Hex, ...]) -> tuple[Fraction, tuple[int, ...], str]:
    """The fewest MP for a move along ``path`` and the VCA on entering each hex after the first: a DP over
    (facing, forward/reverse). Forward entry goes into a VCA hex (D2.11), reverse into a rear hex at the
    reverse multiplier (D2.21, D2.22); turns cost 1 MP a hexspine (2 in an obstacle), and changing between
    forward and reverse a stop and a start (D2.23). A bypass, a declared reverse start or a start in bypass
    take vbypass.py's route (D2.3-D2.33). Last, the way it ends moving, F or R (D2.24: a bypass move is
    taken as ending forward unless declared in reverse)."""
    game = position.state.game
    start, mode = getattr(game, "vmove_start", None), getattr(game, "vmove_mode", "")
    minimum, mode = vminimum.split(mode)
    mode = aerosan.split(mode)[1]  # D17.22's ``slow``: its extra MP are check_move's
    if minimum and start is not None and start.id == unit.id:  # D2.15: the whole allowance, no turn
        way = "R" if "reverse" in mode.split("+") else "F"  # D2.24: a reverse Minimum Move
        return (budget(start) - spent_of(start), (facing_of(start),), way) if len(path) > 1 \
            else (Fraction(0), (), way)
    if start is not None and start.id == unit.id and (mode or vbypass.across_of(start) is not None):
        bypass, _, reverse = vbypass.declared(position, mode)
        cost, facings, _ = vbypass.route(position, start, path, bypass=bypass, reverse=reverse)
        return cost, facings, "R" if reverse else "F"
    if vbypass.across_of(unit) is not None:
        return (*vbypass.route(position, unit, path)[:2], "F")
    vt = vtype(unit)
    best: dict[tuple[int, str], tuple[Fraction, tuple[int, ...]]] = {
        k: (c, ()) for k, c in _start_states(unit).items()
    }
    for a, b in itertools.pairwise(path):
        if distance(a, b) != 1:
            raise IllegalAction(
                T("{a} and {b} are not adjacent", a=position.label(a), b=position.label(b)), "D2.1"
            )
        step = step_mp(position, unit, vt, a, b)
        if step is None:
            raise IllegalAction(T("{unit} may not enter {hex}", unit=unit.id, hex=position.label(b)), "D2.1")
        nxt: dict[tuple[int, str], tuple[Fraction, tuple[int, ...]]] = {}
        # D7.13, D2.2; a wagon without a REV (wagon.py)
        no_reverse = ovr.overruns(position, unit, b) or unit.has("towing") or vt.rev == 0
        for mode in ("F", "R") if not no_reverse else ("F",):
            for g in range(6):
                if b not in _entries(a, g, mode):
                    continue
                c, fs = min(
                    (
                        c
                        + _turn(position, vt, fc.turns(f, g), a)
                        + (_switch(vt) if m != mode else 0),
                        fs,
                    )
                    for (f, m), (c, fs) in best.items()
                )
                nxt[(g, mode)] = (c + (step if mode == "F" else vm.reverse_mp(step, vt.rev)), (*fs, g))
        best = nxt
    key = min(best, key=lambda k: (best[k], k[1]))
    cost, facings = best[key]
    return cost, facings, key[1]


def moves_for(position: Position, unit: UnitState) -> dict[Hex, act.Move]:
    """Every hex the vehicle can reach this MPh by its cheapest route over (hex, VCA, forward/reverse).
    The search counts half MP as whole numbers (road rate is 1/2 MP): Fractions were its main cost."""
    if can_move(position, unit) is not None:
        return {}
    vt = vtype(unit)
    start = unit.hex
    assert start is not None
    limit = int(2 * budget(unit))
    frontier: list[tuple[int, int, Hex, int, str, tuple[Hex, ...]]] = []
    tie = 0
    if vbypass.across_of(unit) is not None:  # D2.33: out of bypass only into F, or in reverse into B
        for c0, h0, f0, m0 in vbypass.first_steps(position, unit):
            tie += 1
            frontier.append((int(2 * c0), tie, h0, f0, m0, (start, h0)))
    else:
        for (f0, m0), c0 in _start_states(unit).items():
            tie += 1
            frontier.append((int(2 * c0), tie, start, f0, m0, (start,)))
    heapq.heapify(frontier)
    closed: dict[Hex, bool] = {}

    def key(h: Hex, f: int, m: str, path: tuple[Hex, ...]) -> tuple[Hex, int, str, Hex | None]:
        """A search state; in a hex of enemy AFVs also the hex it came from: D2.6's kill-or-shock exception
        is judged from there, so a dearer approach may let it stop where the cheapest may not."""
        if h not in closed:
            closed[h] = ovr.closed(position, unit.side, h)
        return (h, f, m, path[-2] if closed[h] and len(path) > 1 else None)

    seen: set[tuple[Hex, int, str, Hex | None]] = set()
    out: dict[Hex, act.Move] = {}
    steps: dict[tuple[Hex, Hex], int | None] = {}
    overrun_at: dict[Hex, bool] = {}
    takes_all: dict[tuple[Hex, Hex], bool] = {}
    turn: dict[Hex, int] = {}
    while frontier:
        cost, _, h, f, m, path = heapq.heappop(frontier)
        here = key(h, f, m, path)
        if here in seen:
            continue
        seen.add(here)
        if h != start and h not in out and not (  # D2.6: through, not into, but for its exceptions
                closed[h]
                and vstay.why_barred(position, vbypass.with_across(with_facing(unit, f).at(h), None), path)):
            out[h] = act.Move((unit.id,), path, Fraction(cost, 2))
        if h not in turn:
            turn[h] = 2 * _turn(position, vt, 1, h)
        moves = [(cost + turn[h], h, g, m, path) for g in ((f + 1) % 6, (f - 1) % 6)]
        if not unit.has("towing") and vt.rev:  # D2.2: no reverse while towing
            moves.append((cost + 2 * _switch(vt), h, f, "R" if m == "F" else "F", path))
        for n in _entries(h, f, m):
            if (h, n) not in steps:  # each hexside's cost, Overrun and all-MP test worked out once a search
                mp = step_mp(position, unit, vt, h, n)
                steps[(h, n)] = None if mp is None else int(2 * mp)
                if mp is not None:
                    overrun_at[n] = overrun_at[n] if n in overrun_at else ovr.overruns(position, unit, n)
                    takes_all[(h, n)] = all_mp(position, unit, h, n)
            step = steps[(h, n)]
            if step is not None and m == "R" and overrun_at[n]:
                step = None  # D7.13: no Overrun in reverse
            if step is not None and takes_all[(h, n)]:  # D2.7: all its MP, and it goes no further
                if m == "F" and n not in out and n != start:
                    whole = max(Fraction(cost, 2), budget(unit) - spent_of(unit))
                    out[n] = act.Move((unit.id,), (*path, n), whole)
                continue
            if step is not None:
                moves.append((cost + (step if m == "F" else step * vt.rev), n, f, m, (*path, n)))
        for c, n, g, mode, p in moves:
            if c <= limit and key(n, g, mode, p) not in seen:
                tie += 1
                heapq.heappush(frontier, (c, tie, n, g, mode, p))
    if aerosan.is_aerosan(vt.movement):  # D17.25: the search turns a hexspine at a time; price whole turns
        priced = {h: (route(position, unit, m.path)[0], m) for h, m in out.items()}
        out = {h: act.Move(m.units, m.path, c) for h, (c, m) in priced.items() if c <= budget(unit)}
    return out


def budget(unit: UnitState) -> Fraction:
    """The MP the vehicle may spend this MPh: its allowance, or a quarter of it per MF its loaders had left
    (``mpq<k>``, D6.4)."""
    mp = wagon.allowance(vtype(unit).mp, unit)  # D12.4: x1.5 at the gallop
    if unit.has("tc_hs") or unit.has("tc_icrew"):
        mp = Fraction(mp) / 2  # A21.22: a captured AFV driven by a HS or infantry crew (vcapture.py)
    for m in unit.markers:
        if m.startswith("mpq") and m[3:].isdigit():
            return mp * int(m[3:]) / 4
    return mp


def spent_of(unit: UnitState) -> Fraction:
    """MP the vehicle has spent this MPh, kept as ``spent<half MP>`` once its move is over (D6.5 needs it)."""
    for m in unit.markers:
        if m.startswith("spent") and m[5:].isdigit():
            return Fraction(int(m[5:]), 2)
    return Fraction(0)


def with_spent(unit: UnitState, spent: Fraction) -> UnitState:
    old = tuple(m for m in unit.markers if m.startswith("spent") and m[5:].isdigit())
    return unit.mark(f"spent{int(2 * spent)}", remove=old)


def end_of_mph(state: State) -> State:
    """The MP a vehicle spent, and the quarters its loaders left it, count for one MPh only (D2.1, D6.4)."""
    for unit in list(state.units.values()):
        old = tuple(m for m in unit.markers if m[:5] == "spent" or m[:3] == "mpq" or m == wagon.GALLOP
                    or m[:7] == "came_on"  # A2.51: vmotion.CAME, ventry.py
                    or m.startswith(TURN_AT)  # D3.1.2: a TCA change for a hex the move never reached
                    or m.startswith(ovr.NAMED))  # D7.14: the hexes its move named as overrun
        if old and is_vehicle(unit):
            unit = unit.mark(remove=old)
            state = state.with_unit(unit)
        if unit.has(HW_STARTED):  # D2.13: started in a wave's impulse (hwaa.py), never stopped: in Motion
            state = state.with_unit(unit.mark("motion", remove=(HW_STARTED,)))
    return state


def can_move(position: Position, unit: UnitState) -> str | None:
    if unit.side != position.phasing:
        return T("only the ATTACKER moves in the MPh (A4.1)")
    if not is_mobile(unit.markers):
        return T("{unit} is immobile and may not move (D.7)", unit=unit.id)
    if unit.has("prep_fire"):
        return T("{unit} fired in the Prep Fire Phase and may not move (D.3)", unit=unit.id)
    if unit.id in position.state.moved:
        return T("{unit} has already moved this phase (A4.2)", unit=unit.id)
    if vtype(unit).armored:
        from hexmate.rules.games.asl import nations

        why = nations.afv_after_infantry(position, unit)  # A25.212: the AFVs first
        if why is not None:
            return why
    if aerosan.is_aerosan(vtype(unit).movement):
        return aerosan.why_not(position, unit)  # D17.2: only in snow or deep snow
    if moto.is_moto_unit(unit):
        return moto.why_not_move(position, unit)  # D15.4: riders only
    from hexmate.rules.games.asl import vsmccrew

    return vsmccrew.why_not_move(position, unit)  # A21.22: a lone SMC crew's limits


def _tca_word(w: str) -> bool:
    return len(w) == 4 and w.startswith("tca") and w[3] in "012345"


def turret_word(mode: str) -> tuple[int | None, str]:
    """D3.1.2: a ``tcaK`` word among a vehicle move's ``+``-joined mode words (``as tca2``): the TCA turned to
    hexspine K with the move's first MP (its start MP; in Motion, its first entry), which costs nothing more
    (twice, so one more MP, in a woods or building obstacle or rubble, C5.11). Returns (K or None, the rest
    of the mode)."""
    words = [w for w in mode.split("+") if w] if mode else []
    k = next((int(w[3]) for w in words if _tca_word(w)), None)
    return k, "+".join(w for w in words if not _tca_word(w))


TURN_AT = "tca_at:"  # tca_at:K:q,r: the TCA to turn to hexspine K as the move enters hex (q, r) (D3.1.2)


def _tca_at_word(w: str) -> bool:
    return len(w) > 5 and _tca_word(w[:4]) and w[4] == "@"


def turret_stops(position: Position, mode: str) -> tuple[tuple[tuple[int, Hex], ...], str]:
    """D3.1.2: the ``tcaK@HEX`` words of a vehicle move (``as tca2@C5``, several joined by ``+``): the TCA
    turned to hexspine K with the MP that enters HEX, further along the path. Returns ((K, hex) in the order
    given, the rest of the mode)."""
    words = [w for w in mode.split("+") if w] if mode else []
    out: list[tuple[int, Hex]] = []
    for w in words:
        if not _tca_at_word(w):
            continue
        try:
            out.append((int(w[3]), position.map.parse_label(w[5:])))
        except (KeyError, ValueError, RulesError):
            why = T("{word}: name a hex of the path, as in tca2@C5", word=w)
            raise IllegalAction(why, "D3.1.2") from None
    return tuple(out), "+".join(w for w in words if not _tca_at_word(w))


def turret_extra_at(position: Position, a: Hex, b: Hex) -> int:
    """D3.1.2 (C5.11): a TCA change with the MP that enters b from a takes one MP more where b is a woods or
    building obstacle or rubble, unless it entered b by a road (it is on the road there)."""
    if position.map.terrain(b) not in TURRET_SLOW:
        return 0
    d = direction_between(a, b)
    road = d in position.map.road_exits(a) and opposite(d) in position.map.road_exits(b)
    return 0 if road else 1


def _check_stops(position: Position, unit: UnitState, move: act.Move, stops: tuple[tuple[int, Hex], ...],
                 rest: str) -> act.Move:
    """D3.1.2: each named hex is one the path enters (the first MP's change is plain ``tcaK``), once; the move
    is checked without the words, then pays one MP more for each change in an obstacle (C5.11)."""
    vt = vtype(unit)
    if vt.ma is None or vt.ma.mount == "NT":
        raise IllegalAction(T("{unit} has no turret", unit=unit.id), "D3.1.2")
    entered = list(move.path[1:])
    seen: set[Hex] = set()
    for _, h in stops:
        if h not in entered or h in seen:
            raise IllegalAction(T("{hex} is not a hex this move enters (once a hex): the TCA turns with the "
                                  "MP that enters it (D3.1.2)", hex=position.label(h)), "D3.1.2")
        seen.add(h)
    plain = check_move(position, dataclasses.replace(move, mode=rest))
    assert plain.cost is not None
    bypassed = _bypass_stops(position, unit, move, stops, rest)
    # C5.11: twice the MP in an obstacle, not for a vehicle going round it in bypass (D2.3, D7.13)
    extra = sum(turret_extra_at(position, move.path[entered.index(h)], h)
                for _, h in stops if h not in bypassed)
    cost = Fraction(plain.cost) + extra
    if extra and cost + spent_of(unit) > budget(unit) + (vm.esb_limit(vt) if vt.tracked else 0):
        raise IllegalAction(T("the path costs {cost} MP, {unit} has {mp} MP", cost=cost, unit=unit.id,
                              mp=budget(unit) - spent_of(unit)), "D3.1.2")
    return act.Move(move.units, move.path, cost, move.mode)


def _bypass_stops(position: Position, unit: UnitState, move: act.Move, stops: tuple[tuple[int, Hex], ...],
                  rest: str) -> frozenset[Hex]:
    """D2.321: the named hexes the move enters in bypass, each turn there checked against the four TCA points
    of the bypass it then stands in (its CAFP, the opposite and the two straddled hexes). The TCA is followed
    along the path: it keeps its bearing to the hull as the hull turns, and takes each earlier turn's
    hexspine."""
    first, mode = turret_word(rest)
    mode = ovr.split(position, moto.split(aerosan.split(vminimum.split(mode)[1])[1])[1])[1]
    bypass, across, reverse = vbypass.declared(position, mode)
    if not bypass and vbypass.across_of(unit) is None:
        return frozenset()
    _, facings, acrosses = vbypass.route(position, unit, move.path, bypass=bypass, last_across=across,
                                         reverse=reverse)
    wanted = {h: k for k, h in stops}
    tca = tca_of(unit.markers, facing_of(unit)) if first is None else first  # D3.1.2: the first MP's turn
    rel = (tca - facing_of(unit)) % 6
    out: set[Hex] = set()
    done: set[Hex] = set()
    for h, f, n in zip(move.path[1:], facings, acrosses, strict=True):
        if h not in wanted or h in done:
            continue
        done.add(h)
        k = wanted[h]
        if n is not None:
            there = vbypass.with_across(with_facing(unit, f).at(h), n)
            why = vbypass.why_not_tca(there, k, (f + rel) % 6)
            if why is not None:
                raise IllegalAction(why, "D2.321")
            out.add(h)
        rel = (k - f) % 6
    return frozenset(out)


def mark_stops(position: Position, unit: UnitState, mode: str) -> tuple[UnitState, str]:
    """The ``tcaK@HEX`` words of a move begun: kept on the vehicle (``tca_at:K:q,r``) for ``turn_at_entry``;
    the rest of the mode returned."""
    stops, rest = turret_stops(position, mode)
    return unit.mark(*(f"{TURN_AT}{k}:{h.q},{h.r}" for k, h in stops)), rest


def turn_at_entry(position: Position, state: State, uid: str, h: Hex) -> State:
    """D3.1.2: the vehicle entered h: a TCA change declared for it is made with that MP, before the window
    that MP opens (D3.3); a turret that turns throws its riders off (D6.21)."""
    unit = state.units.get(uid)
    mark = f":{h.q},{h.r}"
    if unit is None:
        return state
    word = next((m for m in unit.markers if m.startswith(TURN_AT) and m.endswith(mark)), None)
    if word is None:
        return state
    from hexmate.rules.games.asl import vfire

    state = state.with_unit(unit.mark(remove=(word,)))
    state, turned = vfire.turn_ma(position, state, state.units[uid], int(word[len(TURN_AT)]))
    return state.with_unit(turned)


def check_move(position: Position, move: act.Move) -> act.Move:
    if len(move.units) != 1:
        raise IllegalAction(T("a vehicle moves alone in this subset"), "D2.1")
    unit = position.units[move.units[0]]
    why = can_move(position, unit)
    if why:
        raise IllegalAction(why)
    stops, rest = turret_stops(position, move.mode)
    if stops:  # D3.1.2: the turret turned with the MP entering a hex along the path
        return _check_stops(position, unit, move, stops, rest)
    k, rest = turret_word(move.mode)
    if k is not None:  # D3.1.2: the turret turned with the first MP, checked as the move without it
        vt = vtype(unit)
        if vt.ma is None or vt.ma.mount == "NT":
            raise IllegalAction(T("{unit} has no turret", unit=unit.id), "D3.1.2")
        if vbypass.across_of(unit) is not None:  # D2.321: turned in its bypass, to one of four TCA points
            why = vbypass.why_not_tca(unit, k, tca_of(unit.markers, facing_of(unit)))
            if why is not None:
                raise IllegalAction(why, "D2.321")
        elif k == tca_of(unit.markers, facing_of(unit)):
            raise IllegalAction(T("{unit}'s TCA is already at hexspine {k}", unit=unit.id, k=k), "D3.1.2")
        plain = check_move(position, dataclasses.replace(move, mode=rest))
        assert plain.cost is not None
        cost = Fraction(plain.cost) + turret_extra(position, unit)
        if cost + spent_of(unit) > budget(unit) + (vm.esb_limit(vt) if vt.tracked else 0):
            raise IllegalAction(T("the path costs {cost} MP, {unit} has {mp} MP", cost=cost, unit=unit.id,
                                  mp=budget(unit) - spent_of(unit)), "D3.1.2")
        return act.Move(move.units, move.path, cost, move.mode)
    if len(move.path) < 2 or move.path[0] != unit.hex:
        raise IllegalAction(
            T("the path must start at the vehicle's hex {hex}", hex=position.label(unit.hex)), "D2.1"
        )
    if ovr.closed(position, unit.side, move.path[-1]) and move.path[-1] != unit.hex:
        why = vstay.why_barred(position, _placed(position, unit, move), move.path)  # D2.6 and its exceptions
        if why is not None:
            raise IllegalAction(why, "D2.6")
    minimum, mode = vminimum.split(move.mode)
    slow, mode = aerosan.split(mode)
    through, mode = moto.split(mode)
    named, mode = ovr.split(position, mode)
    if named:  # D7.1, D7.14: the hexes it overruns, named; the other enemy hexes passed without an OVR
        unit = ovr.check_named(position, unit, move.path, named, through)
    if through:  # D15.43: the sidecars' costs without the OVR's quarter MPA
        unit = moto.check_through(unit)
    bypass, across, reverse = vbypass.declared(position, mode)
    mp = budget(unit)
    vt = vtype(unit)
    extra = aerosan.check_slow(position, unit, move.path, aerosan.is_aerosan(vt.movement)) if slow else 0
    ddtank.check_move(position, move, bool(bypass))  # D16.12: CE, no bypass, no riders
    if bypass and aerosan.is_aerosan(vt.movement):
        raise IllegalAction(T("an aerosan may not use bypass movement (D17.21)"), "D17.21")
    if reverse and vt.rev == 0:  # D2.21 gives a wagon no reverse rate (wagon.py)
        raise IllegalAction(T("{unit} has no reverse rate: it does not move in reverse", unit=unit.id),
                            "D2.21")
    if minimum:  # D2.15
        cost = minimum_cost(position, unit, move.path, reverse, bypass)
        return act.Move(move.units, move.path, cost, move.mode)
    if mode or vbypass.across_of(unit) is not None:  # D2.3-D2.33, D2.23
        cost = vbypass.route(position, unit, move.path, bypass=bypass, last_across=across, reverse=reverse)[0]
    else:
        cost, _ = route(position, unit, move.path)
    cost = all_mp_cost(position, unit, move.path, cost) + extra  # D2.7; D17.22: 4 MP by a woods road
    esb = vm.esb_limit(vt) if vt.tracked else 0  # D2.5: a tracked vehicle may ask up to 1/4 more, by a DR
    if move.cost is not None and Fraction(move.cost) > cost:
        cost = Fraction(move.cost)  # D2.18: more MP than needed, declared with the entry (``cost N``)
    if cost + spent_of(unit) > mp + esb:  # MP spent before moving count too (D6.5 unloading, a hook-up)
        raise IllegalAction(
            T("the path costs {cost} MP, {unit} has {mp} MP", cost=cost, unit=unit.id,
              mp=mp - spent_of(unit)),
            "D2.1",
        )
    return act.Move(move.units, move.path, cost, move.mode)


def _placed(position: Position, unit: UnitState, move: act.Move) -> UnitState:
    """The vehicle as it would stand at the end of the move: its hex, facing and any bypass hexside (D2.6)."""
    minimum, mode = vminimum.split(move.mode)
    mode = aerosan.split(mode)[1]
    if minimum:
        return unit.at(move.path[-1])
    try:
        if mode or vbypass.across_of(unit) is not None:
            bypass, across, reverse = vbypass.declared(position, mode)
            _, facings, acrosses = vbypass.route(position, unit, move.path, bypass=bypass, last_across=across,
                                                 reverse=reverse)
            moved = with_facing(unit, facings[-1]).at(move.path[-1])
            return vbypass.with_across(moved, acrosses[-1] if acrosses else None)
        _, facings = route(position, unit, move.path)
    except IllegalAction:
        return unit.at(move.path[-1])  # the route's own check reports it
    return vbypass.with_across(with_facing(unit, facings[-1]).at(move.path[-1]), None)


def minimum_cost(
    position: Position, unit: UnitState, path: tuple[Hex, ...], reverse: bool, bypass: bool
) -> Fraction:
    """A declared Minimum Move (D2.15, D2.24 in reverse): what entering the hex normally would cost decides
    whether it is needed; it costs the whole allowance."""
    vt = vtype(unit)
    if reverse and unit.has("towing"):
        raise IllegalAction(T("{unit} is towing and may not move in reverse (D2.2)", unit=unit.id), "D2.2")
    normal: Fraction | None = None
    if len(path) == 2 and unit.hex is not None and distance(path[0], path[1]) == 1:
        step = step_mp(position, unit, vt, path[0], path[1])
        if step is None and not ovr.is_overrun(position, unit.side, path[1]):
            raise vminimum.na(position, unit, path[1])
        if step is not None:
            start = Fraction(0) if unit.has("motion") or unit.has("spent_start") or unit.has(HW_STARTED) \
                else Fraction(vm.START_MP)  # D8.3, D14.31 (hwaa.py): paid already
            normal = start + (vm.reverse_mp(step, vt.rev) if reverse else step)
    hooked = Fraction(od.load_pack().towing["hook_mp"]) if unit.has("towing") else Fraction(0)  # C10.1
    return vminimum.check(position, unit, path, reverse=reverse,
                          bypass=bypass or vbypass.across_of(unit) is not None,
                          normal=normal, budget=budget(unit), spent=spent_of(unit), towing_mp=hooked)


def begin_move(position: Position, state: State) -> State:
    """Before the first hex: a red-MP vehicle that starts rolls its mechanical reliability DR (D2.51), and a
    move costing more than the vehicle's MP asks for ESB, the extra MP declared (D2.5). Either failing
    immobilizes it where it stands."""
    moving = state.moving
    assert moving is not None
    unit = state.units[moving.units[0]]
    if hulldown.hd_sides(unit):
        unit = hulldown.without_hd(unit)  # D4.221: a start MP (or Motion going on) takes the HD counter off
        state = state.with_unit(unit)
    cost = Fraction(moving.cost) if isinstance(moving.cost, int | Fraction) else Fraction(0)
    extra = cost + spent_of(unit) - budget(unit)
    checks: list[Decision] = []
    if axisred.red_mp(position, unit) and not unit.has("motion") and not unit.has(HW_STARTED):  # D2.51-D2.52
        prompt = T(
            "{unit} starts: roll its mechanical reliability DR; 12 immobilizes it (D2.51)", unit=unit.id
        )
        checks.append(
            Decision(
                "roll",
                unit.side,
                prompt,
                "D2.51",
                "vesb",
                dice="DR",
                subject=(unit.id,),
                target=unit.hex,
                args=(("drm", "0"),),
            )
        )
    if extra > 0:
        drm = vm.esb_drm(axisred.as_red(position, unit), extra)  # D2.5, D2.52
        prompt = T(
            "{unit} asks {extra} more MP by Excessive Speed Breakdown: roll the DR; {drm:+d}, 12 or more "
            "immobilizes it (D2.5)",
            unit=unit.id,
            extra=extra,
            drm=drm,
        )
        checks.append(
            Decision(
                "roll",
                unit.side,
                prompt,
                "D2.5",
                "vesb",
                dice="DR",
                subject=(unit.id,),
                target=unit.hex,
                args=(("drm", str(drm)),),
            )
        )
    from hexmate.rules.games.asl import vcapture

    start = vcapture.start_check(position, unit)  # A21.22: a HS or infantry temporary crew's start dr
    if start is not None:
        checks.append(start)  # the last pushed is asked first
    return state.push(*checks)


def resume_esb(position: Position, decision: Decision, answer: act.Answer) -> State:
    """ESB (D2.5) or mechanical reliability (D2.51): a final 12 or more immobilizes the vehicle where it is;
    a further check still open for this move goes with it."""
    assert answer.dice is not None
    state = position.state
    if vm.esb_ok(sum(answer.dice), int(decision.arg("drm", "0"))):
        return state
    left = tuple(d for d in state.decisions if not (d.then == "vesb" and d.subject == decision.subject))
    unit = state.units[decision.subject[0]]
    state = state.replace(decisions=left).with_unit(unit.mark("immobilized"))
    if state.moving is not None:
        why = T("immobilized by ESB or a breakdown (D2.5, D2.51)")
        state = state.replace(moving=dataclasses.replace(state.moving, stopped=why))
    return state


def enter(position: Position, state: State) -> State:
    """The vehicle enters the next hex of its move with the VCA its route gives it (D2.11)."""
    moving = state.moving
    assert moving is not None
    uid = moving.units[0]
    unit = position.units[uid]
    start, mode = getattr(state.game, "vmove_start", None), getattr(state.game, "vmove_mode", "")
    minimum, mode = vminimum.split(mode)
    slow, mode = aerosan.split(mode)
    bypass, across, reverse = vbypass.declared(position, mode)
    acrosses: tuple[Hex | None, ...] = ()
    if minimum and moving.at and start is not None:  # D2.15: no VCA change in a Minimum Move
        facings: tuple[int, ...] = (facing_of(start),)
    elif moving.at and start is not None and (mode or vbypass.across_of(start) is not None):  # D2.3-D2.33
        _, facings, acrosses = vbypass.route(position, start, moving.path, bypass=bypass, last_across=across,
                                             reverse=reverse)
        facings, acrosses = facings[: moving.at], acrosses[: moving.at]
    else:
        planned = start if start is not None and start.id == uid else unit  # the move's own start (D2.11)
        _, facings = route(position, planned, moving.path[: moving.at + 1]) if moving.at else (0, ())
    if facings:  # "entered": a moving target to the end of the DFPh (D2.1), Case B in its AFPh (D3.32)
        moved = with_facing(state.units[uid], facings[-1])
        moved = vbypass.with_across(moved, acrosses[-1] if acrosses else None)  # D2.32: astride a hexside
        a, b = moving.path[moving.at - 1], moving.here
        d = direction_between(a, b) if a != b else None  # a == b: on round the same bypassed hex (D2.33)
        road = d is not None and d in position.map.road_exits(a) and opposite(d) in position.map.road_exits(b)
        # a firer that moves loses its aim (but D11.12), D11.22: Schuerzen stripped
        moved = vequip.after_entry(position, moved, b, road=road)
        state = state.with_unit(moved.mark("entered"))
        on_top = riders.carried_riders(state, unit, vtype(unit).passengers)
        if moto.is_moto_unit(unit):
            on_top = []  # D15.45: the chart bars a motorcycle's entry; its riders never bail out for terrain
        in_bypass = bool(acrosses) and acrosses[-1] is not None  # D6.21: riders stay on a bypassing AFV
        if on_top and not in_bypass and riders.barred(position.map.terrain(b), road=road):
            state = riders.bail_out(position.at(state), on_top, a, "D6.21")  # before the woods or building
        for rider in [u for u in state.units.values() if u.carrier == uid]:  # passengers ride along (D6.1)
            state = state.with_unit(rider.at(moving.here))
        state = turn_at_entry(position, state, uid, b)  # D3.1.2: a TCA change declared for this hex's MP
    bypassing = bool(acrosses) and acrosses[-1] is not None  # D2.3: no bog check for the obstacle bypassed
    sled = aerosan.is_aerosan(vtype(unit).movement)  # D17.24: never bogs
    check = (bog_check(position, unit, moving.path[moving.at - 1], moving.here, minimum=minimum)
             if moving.at and not bypassing and not sled else None)
    if moving.at and sled and aerosan.wired(position, moving.here):
        state = aerosan.fail(position.at(state), uid)  # D17.22: wire fails it without a roll
    elif moving.at and sled and aerosan.needs_accident(position, moving.path[moving.at - 1], moving.here,
                                                       slow=slow):
        state = state.push(aerosan.accident(position, unit, moving.here))  # D17.22: at once
    if check is not None:
        state = state.push(check)
    if moving.at and facings and wagon.galloping(state.units[uid]):  # D12.4: a Wreck Check dr
        before = facings[-2] if len(facings) > 1 else facing_of(start if start is not None else unit)
        turned = before != facings[-1]
        if wagon.needs_check(position, state.units[uid], moving.path[moving.at - 1], moving.here, turned):
            state = state.push(wagon.wreck_check(position, state.units[uid], moving.here))
    if moving.at and moto.is_moto_unit(unit) and moto.needs_wreck_check(
            position.at(state), state.units[uid], moving.path[moving.at - 1], moving.here):
        wreck = moto.wreck_check(position, state.units[uid], moving.path[moving.at - 1], moving.here)
        state = state.push(wreck)  # D15.46
    if moving.at and not sled:  # D8.23: mud and deep snow, one secret bog DR for its MPh
        state = vmud.entered(position, state, uid, moving.path[moving.at - 1], moving.here)
    return state


def bog_check(
    position: Position, unit: UnitState, a: Hex, b: Hex, *, minimum: bool = False, off_board: bool = False
) -> Decision | None:
    """D8.21: entering woods or a building by paying half the MP allowance calls for a bog DR (+3 woods or
    a wooden building, +4 a stone building, +1 into higher woods, and the vehicle's own DRM); by a Minimum
    Move the same DR without the +3/+4 (D2.15, D8.21 example). ``off_board``: a is the off-board Open Ground
    hex a vehicle comes on from, level 0, its road the edge hex's own (A2.51, ventry.py)."""
    terrain = position.map.terrain(b)
    d = direction_between(a, b)
    road = opposite(d) in position.map.road_exits(b) and (off_board or d in position.map.road_exits(a))
    if wagon.is_wagon(vtype(unit).movement) or moto.is_motorcycle(vtype(unit).movement):
        return None  # D12.1: a wagon pays the MF column, never the half allowance; D15.47: no bog
    if road or vehicle_cost(terrain) != "half":
        return None
    stone = terrain in ("stone-building", "stone building")
    higher = terrain == "woods" and position.map.level(b) > (0 if off_board else position.map.level(a))
    soft, deep = vmud.ground(position.state.game)  # D8.21: +1 mud or snow, +1 more deep snow (not indoors)
    indoors = terrain in ("stone-building", "stone building", "wooden-building", "wooden building")
    case = vm.BogCase(towing=unit.has("towing"), entering="stone" if stone else "woods", higher_woods=higher,
                      minimum_move=minimum, soft=soft and not indoors, deep_snow=deep and not indoors)
    drm = vm.bog_drm(vtype(unit), case)  # D8.21: +1 towing a Gun or trailer
    return Decision(
        "roll",
        unit.side,
        T(
            "{unit} enters {hex}: roll the bog DR; {drm:+d}, 12 or more bogs it (D8.21)",
            unit=unit.id,
            hex=position.label(b),
            drm=drm,
        ),
        "D8.21",
        "vbog",
        dice="DR",
        subject=(unit.id,),
        target=b,
        args=(("drm", str(drm)),),
    )


def resume_bog(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A final bog DR of 12 or more: a Bog counter, and the MPh ends for it at once (D8.21)."""
    assert answer.dice is not None
    state = position.state
    if not vm.bogged(sum(answer.dice), int(decision.arg("drm", "0"))):
        return state
    unit = state.units[decision.subject[0]]
    state = state.with_unit(unit.mark("bogged"))
    if state.moving is not None:
        state = state.replace(moving=dataclasses.replace(state.moving, stopped=T("bogged (D8.21)")))
    return state


def _ends_backing(position: Position, uid: str, path: tuple[Hex, ...]) -> bool:
    """D2.24: did the move end backing (its cheapest route's last entry in reverse, or in Reverse Motion
    without entering a hex)?"""
    start = getattr(position.state.game, "vmove_start", None)
    if start is None or start.id != uid:
        return False
    try:
        return route_ways(position, start, path)[2] == "R"
    except IllegalAction:
        return False


def end_move(position: Position) -> State:
    """After the last hex: the VCA of the route, then the facing question (D2.11)."""
    state = position.state
    moving = state.moving
    assert moving is not None
    uid = moving.units[0]
    if uid not in state.units:
        return state
    unit = state.units[uid]
    if unit.has("bogged") or unit.has("immobilized"):
        return state  # D8.21, D2.5: its MPh is over where it bogged or broke down
    before = spent_of(unit)  # spent before it moved: unloading, a hook-up (D6.5, C10.1)
    spent = before + (Fraction(moving.cost) if isinstance(moving.cost, int | Fraction) else Fraction(0))
    mp = max(budget(unit), spent)
    backing = _ends_backing(position, uid, moving.path)  # D2.24: Reverse Motion if it stays in Motion
    unit = unit.mark(REV_MOTION) if backing else unit.mark(remove=(REV_MOTION,))
    state = state.with_unit(with_spent(unit.mark(remove=("motion",)), spent))
    if vminimum.split(getattr(state.game, "vmove_mode", ""))[0]:  # D2.15, D2.7: it ends in Motion
        return state.with_unit(state.units[uid].mark("motion"))
    if len(moving.path) > 1 and all_mp(position, unit, moving.path[-2], moving.path[-1]):
        # D2.7: no turn there, but it may still spend its stop MP beyond its allowance (or stay in Motion)
        ask = facing_decision(position, state.units[uid], Fraction(0))
        return state.push(dataclasses.replace(ask.with_args(all_mp="1"), hexes=(moving.path[-1],),
                                              choices=("keep", "motion")))
    if vbypass.across_of(unit) is not None:  # D2.33, D2.34: no turn in bypass; stop there, or stay in Motion
        left = mp - spent
        turns = turret_choices(position, state.units[uid], left)  # D2.321: to its four TCA points
        if hulldown.can_try(position, state.units[uid], left):  # D4.22: HD behind its hexside first
            ask = hulldown.bypass_decision(state.units[uid], left)
            return state.push(dataclasses.replace(ask, choices=(*ask.choices, *turns)))
        if turns:
            return state.push(_bypass_stop_decision(state.units[uid], left, turns))
        if left < vm.STOP_MP:
            return state.with_unit(state.units[uid].mark("motion"))
        return state.with_unit(with_spent(state.units[uid].mark(remove=(REV_MOTION,)), spent + vm.STOP_MP))
    return state.push(facing_decision(position, state.units[uid], mp - spent))


TURRET = "turret"  # D3.12: ``answer turretK``: the TCA to hexspine K, with the stop MP
TURRET_SLOW = ("woods", "wooden-building", "stone-building", "rubble")  # D3.12: C5.11 doubles the MP there


def turret_choices(position: Position, unit: UnitState, left: Fraction) -> tuple[str, ...]:
    """D3.12: a turreted vehicle may turn its TCA with an MP it spends in its MPh, here the stop MP: one
    choice per other hexspine. In a woods or building obstacle or rubble the TCA change takes twice the MP
    (C5.11): the stop MP and one more (``turret_extra``). Not offered without those MP. In bypass only to
    the TCA points it is not at of its four (D2.321: the CAFP, the opposite and the two straddled hexes)."""
    vt = vtype(unit)
    if vt.ma is None or vt.ma.mount == "NT" or unit.hex is None:
        return ()
    if left < vm.STOP_MP + turret_extra(position, unit):
        return ()
    now = tca_of(unit.markers, facing_of(unit))
    if vbypass.across_of(unit) is not None:
        return tuple(f"{TURRET}{k}" for k in vbypass.tca_points(unit).values()
                     if vbypass.why_not_tca(unit, k, now) is None)
    return tuple(f"{TURRET}{k}" for k in range(6) if k != now)


def _bypass_stop_decision(unit: UnitState, left: Fraction, turns: tuple[str, ...]) -> Decision:
    """D2.34 with D2.321: a turreted vehicle ending its move in bypass spends its stop MP (done), or turns its
    TCA with it to one of its four TCA points (``turretK``)."""
    assert unit.hex is not None
    prompt = T("{unit} ends its move in bypass with {left} MP left: press done to stop, or turretK to turn "
               "its turret with the stop MP to one of its four TCA points (hexspine K: {points}; "
               "D2.34, D2.321)",
               unit=unit.id, left=left, points=", ".join(t[len(TURRET):] for t in turns))
    return Decision("hexes", unit.side, prompt, "D2.321", "vfacing", hexes=(unit.hex,),
                    choices=("keep", *turns), subject=(unit.id,), target=unit.hex,
                    args=(("left", str(left)),))


def turret_extra(position: Position, unit: UnitState) -> int:
    """D3.1.2 (C5.11): the MP a TCA change takes beyond the MP it goes with: one more in a woods or building
    obstacle or in rubble (twice the one MP), none elsewhere, nor on a road there (a hex with a road: the
    text's exception). A bypassing vehicle goes round the obstacle, not in it (D2.3, D7.13): nothing more."""
    if unit.hex is None or position.map.terrain(unit.hex) not in TURRET_SLOW or vbypass.across_of(unit):
        return 0
    return 0 if position.map.road_exits(unit.hex) else 1


def turn_at_start(position: Position, state: State, uid: str, k: int | None) -> State:
    """D3.1.2: the TCA a ``tcaK`` move word turns with the move's first MP, as that MP is declared (before the
    defender's window after the start MP, D3.3); a turret that turns throws its riders off (D6.21)."""
    if k is None or uid not in state.units:
        return state
    from hexmate.rules.games.asl import vfire

    state, unit = vfire.turn_ma(position, state, state.units[uid], k)
    return state.with_unit(unit)


def facing_decision(position: Position, unit: UnitState, left: Fraction) -> Decision:
    assert unit.hex is not None
    front = "-".join(
        sorted(position.label(h) for h in fc.front_hexes(unit.hex, facing_of(unit)) if h in position.map)
    )
    return Decision(
        "hexes",
        unit.side,
        T(
            "{unit} faces {front}: touch it down on a neighbouring hex to turn toward it (1 MP a hexspine, "
            "{left} MP left); set it back on its hex or press done to keep that facing (D2.11)",
            unit=unit.id,
            front=front,
            left=left,
        ),
        "D2.11",
        "vfacing",
        hexes=(*position.map.neighbors(unit.hex), unit.hex),  # its own hex: set it back, keep the facing
        # D4.22; D3.12: the turret turned with the stop MP
        choices=(*(("keep", hulldown.CHOICE) if hulldown.can_try(position, unit, left) else ("keep",)),
                 *turret_choices(position, unit, left)),
        subject=(unit.id,),
        target=unit.hex,
        args=(("left", str(left)),),
    )


def check_facing(position: Position, decision: Decision, answer: act.Answer) -> None:
    unit = position.units[decision.subject[0]]
    if answer.choice or not answer.hexes or answer.hexes[0] == unit.hex:
        return
    assert unit.hex is not None
    g = fc.turn_toward(facing_of(unit), unit.hex, answer.hexes[0])
    cost = _turn(position, vtype(unit), fc.turns(facing_of(unit), g), unit.hex)
    if cost > Fraction(decision.arg("left", "0")):
        raise IllegalAction(
            T(
                "turning there costs {cost} MP; {unit} has {left} MP left",
                cost=cost,
                unit=unit.id,
                left=decision.arg("left"),
            ),
            "D2.11",
        )


def resume_facing(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A turn in place (ask again), or keep: the vehicle then stops for 1 MP if it has one (D2.13), else it
    ends in Motion (D2.4)."""
    state = position.state
    unit = state.units[decision.subject[0]]
    left = Fraction(decision.arg("left", "0"))
    if answer.choice == hulldown.CHOICE:  # D4.22: 2 MP, the dr, then the stop
        unit = with_spent(unit, budget(unit) - left + hulldown.HD_MP)
        return state.with_unit(unit).push(hulldown.attempt(unit, left))
    if answer.hexes and answer.hexes[0] != unit.hex:  # toward a neighbour: turn; its own hex: keep
        assert unit.hex is not None
        g = fc.turn_toward(facing_of(unit), unit.hex, answer.hexes[0])
        left -= _turn(position, vtype(unit), fc.turns(facing_of(unit), g), unit.hex)
        unit = with_spent(with_facing(unit, g), budget(unit) - left)
        state = state.with_unit(unit).push(facing_decision(position.at(state.with_unit(unit)), unit, left))
        if wagon.galloping(unit) and unit.hex is not None:  # D12.4: a VCA change at the gallop: its dr first
            state = state.push(wagon.wreck_check(position, unit, unit.hex))
        return state
    stop = 0 if wagon.is_wagon(vtype(unit).movement) else vm.STOP_MP  # D12.1: no MF to stop
    extra = turret_extra(position, unit) if answer.choice.startswith(TURRET) else 0
    if answer.choice.startswith(TURRET) and left >= stop + extra:  # D3.1.2: the TCA turned with the stop MP
        from hexmate.rules.games.asl import vfire

        state, unit = vfire.turn_ma(position, state, unit, int(answer.choice[len(TURRET):]))  # D6.21: riders
        state = state.with_unit(unit)
        stop += extra  # D3.1.2, C5.11: doubled in a woods or building obstacle or rubble
    if decision.arg("all_mp") == "1":  # D2.7: the stop MP beyond the allowance, or Motion
        if answer.choice == "motion":
            return state.with_unit(unit.mark("motion"))
        return state.with_unit(with_spent(unit.mark(remove=(REV_MOTION,)), spent_of(unit) + stop))
    if left < stop:
        return state.with_unit(unit.mark("motion"))
    return state.with_unit(with_spent(unit.mark(remove=(REV_MOTION,)), budget(unit) - left + stop))  # D2.13


def show_arc(position: Position, words: list[str]) -> tuple[dict[Hex, str], str]:
    """``show arc UNIT``: the hexes in the vehicle's VCA and TCA (D3.1, D3.12), for the LEDs and the page, so
    the players can check the counter on the board faces the way the rules hold it."""
    if len(words) != 2 or words[0] != "arc" or words[1] not in position.units:
        raise IllegalAction(T("show arc VEHICLE: the covered arcs of one vehicle"), "D3.1")
    unit = position.units[words[1]]
    if not is_vehicle(unit) or unit.hex is None:
        raise IllegalAction(T("{unit} is not a vehicle on the map", unit=unit.id), "D3.1")
    f = facing_of(unit)
    t = tca_of(unit.markers, f)
    picture: dict[Hex, str] = {}
    for h in position.map.hexes:
        vca, tca = fc.in_arc(unit.hex, h, f), fc.in_arc(unit.hex, h, t)
        if vca or tca:
            picture[h] = "both" if vca and tca else ("vca" if vca else "tca")
    picture[unit.hex] = "vehicle"
    front = "-".join(sorted(position.label(h) for h in fc.front_hexes(unit.hex, f) if h in position.map))
    turret = "-".join(sorted(position.label(h) for h in fc.front_hexes(unit.hex, t) if h in position.map))
    return picture, T(
        "{unit}: VCA {vca}, TCA {tca} (D3.1); orange the hull's arc, blue the turret's, purple both",
        unit=unit.id,
        vca=front,
        tca=turret,
    )


# --- facing on the board (D2.11, D3.12) ---
WAYS = (  # where facing k (facing.py) points, as the player sees the board
    T("to the right, between the hexes up-right and down-right of it"),
    T("up and to the right, between the hexes above and up-right of it"),
    T("up and to the left, between the hexes above and up-left of it"),
    T("to the left, between the hexes up-left and down-left of it"),
    T("down and to the left, between the hexes below and down-left of it"),
    T("down and to the right, between the hexes below and down-right of it"),
)


def facing_changes(before: State, after: State) -> list[Physical]:
    """A vehicle whose VCA or TCA the rules turned is a change the players make on the board (the readers
    cannot see how a counter is turned, hardware/FACING.md): turn the counter, or its turret counter, to
    the hexspine the rules hold (D2.11, D3.12). A reminder the player confirms (``host/game/changes.py``)."""
    out: list[Physical] = []
    for uid, new in sorted(after.units.items()):
        old = before.units.get(uid)
        if old is None or not is_vehicle(new) or new.hex is None or new.has("wreck"):
            continue
        f = facing_of(new)
        if f != facing_of(old):
            text = T("turn {unit} so that its front points {way} (D2.11)", unit=uid, way=WAYS[f])
            out.append(Physical("turn", uid, text, "D2.11", new.hex, f"vca{f}"))
        t, t0 = tca_of(new.markers, f), tca_of(old.markers, facing_of(old))
        if (t - f) % 6 != (t0 - facing_of(old)) % 6:  # the turret turned on the hull (Case A, D3.51)
            text = T("turn the turret of {unit} so that it points {way} (D3.12)", unit=uid, way=WAYS[t])
            out.append(Physical("turn", uid, text, "D3.12", new.hex, f"tca{t}"))
    return out
