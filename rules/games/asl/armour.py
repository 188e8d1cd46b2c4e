"""ASL chapter D in play: vehicles move with facing, answer a facing question, and fire ordnance at vehicles.

``game.py`` dispatches here on the unit kind (``type: vehicle``). What is built at the table:

- a vehicle's move is one lift and one placement; the rules find the cheapest way there over (hex, VCA):
  the start MP (none in Motion, D2.12), 1 MP per hexspine turned before each entry (2 in an obstacle,
  D2.11), forward entry only into the two VCA hexes (D2.11), the vehicle terrain costs of the chart pack,
  road rate (D2.16, 1 MP when BU), +1 wall (D2.11 example), +4 higher (D2.24 example), +1 per vehicle or
  wreck in the hex (D2.14); vehicles do not enter hexes holding enemy units in this subset (no OVR);
- after it the owner answers a facing question: tap (place the vehicle toward) a neighbouring hex to turn
  its front to the nearest hexspine beside that hex, 1 MP a hexspine, or press done to keep it (D2.11);
  it then stops for 1 MP if it has one, else stays in Motion (D2.13, D2.4);
- a vehicle fires its MA at an enemy vehicle in LOS: the TCA turns to the target (Case A, D3.51), the TH
  DR, hit location and aspect (D3.2), the armor factor, the TK DR and its result (wreck, burning wreck,
  shock, stun, immobilization), and the crew survival DR of a destroyed, unburnt vehicle (D5.6).

Vehicles are hidden from the infantry fire module (``infantry_view``): small arms do not attack an AFV in
this subset (only its exposed crew could be hurt, D.8), and infantry never target a hex holding only
vehicles.
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
from collections.abc import Iterator, Mapping
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.asl.vehicles import (
    CatalogueError,
    VehicleType,
    is_mobile,
    tca_of,
    vehicle_of,
    with_tca,
)
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex, direction_between, distance, line, opposite
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
    return dataclasses.replace(unit, facing=f % 6, markers=with_tca(unit.markers, f % 6, (f + rel) % 6))


def _remark(unit: UnitState, markers: frozenset[str]) -> UnitState:
    return dataclasses.replace(unit, markers=markers)


def infantry_view(position: Position) -> Position:
    """The position without its vehicles, for the infantry modules (fire, rout, rally)."""
    units = {uid: u for uid, u in position.units.items() if not is_vehicle(u)}
    return position.at(position.state.replace(units=units))


def restore(position: Position, after: State) -> State:
    """Put the vehicles hidden by ``infantry_view`` back into a state the infantry modules returned."""
    vehicles = {uid: u for uid, u in position.units.items() if is_vehicle(u)}
    return after.replace(units={**after.units, **vehicles})


# --- movement (D2) ---
def _obstacle(position: Position, h: Hex) -> bool:
    return position.map.terrain(h) in ("woods", "wooden-building", "stone-building", "building")


def step_mp(position: Position, unit: UnitState, vt: VehicleType, a: Hex, b: Hex) -> Fraction | None:
    """MP to enter b from a forward, or None where this vehicle may not enter (D2.1, chart pack costs)."""
    hex_map = position.map
    if b not in hex_map.hexes:
        return None
    here = position.units_at(b)
    if any(u.side != unit.side and not (is_vehicle(u) and u.has("wreck")) for u in here):
        return None  # no Overrun in this subset (D7 not built): enemy-held hexes are closed to vehicles
    d = direction_between(a, b)
    road = d in hex_map.road_exits(a) and opposite(d) in hex_map.road_exits(b)
    buttoned = vt.armored and not unit.has("ce")
    if road:
        cot: Fraction | int = vm.road_mp(buttoned=buttoned)
    else:
        cost = od.load_pack().vehicle_terrain.get(hex_map.terrain(b), "NA")
        if cost == "NA":
            return None
        cot = vm.obstacle_mp(vt.mp) if cost == "half" else int(cost)
    others = sum(1 for u in here if is_vehicle(u) and u.id != unit.id)
    return vm.entry_mp(
        cot,
        wall="wall" in hex_map.hexside(a, b) and not road,
        higher=hex_map.level(b) > hex_map.level(a),
        others=others,
        road_rate=road,
    )


def _entries(h: Hex, f: int, mode: str) -> tuple[Hex, Hex]:
    """The hexes a vehicle at facing f may enter: its two VCA hexes forward (D2.11), its two rear hexes in
    reverse (D2.22)."""
    return fc.front_hexes(h, f) if mode == "F" else fc.rear_hexes(h, f)


def _start_states(unit: UnitState) -> dict[tuple[int, str], Fraction]:
    """D2.12: a stopped vehicle pays 1 MP to start, forward or in reverse; one in Motion goes on forward."""
    f0 = facing_of(unit)
    if unit.has("motion"):
        return {(f0, "F"): Fraction(0)}
    return {(f0, "F"): Fraction(vm.START_MP), (f0, "R"): Fraction(vm.START_MP)}


SWITCH_MP = vm.STOP_MP + vm.START_MP  # D2.23: forward to reverse (or back) takes a stop and a start


def route(position: Position, unit: UnitState, path: tuple[Hex, ...]) -> tuple[Fraction, tuple[int, ...]]:
    """The fewest MP for a move along ``path`` and the VCA on entering each hex after the first: a DP over
    (facing, forward/reverse). Forward entry goes into a VCA hex (D2.11), reverse into a rear hex at the
    reverse multiplier (D2.21, D2.22); turns cost 1 MP a hexspine (2 in an obstacle), and changing between
    forward and reverse a stop and a start (D2.23)."""
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
        for mode in ("F", "R"):
            for g in range(6):
                if b not in _entries(a, g, mode):
                    continue
                c, fs = min(
                    (
                        c
                        + vm.turn_mp(fc.turns(f, g), obstacle=_obstacle(position, a))
                        + (SWITCH_MP if m != mode else 0),
                        fs,
                    )
                    for (f, m), (c, fs) in best.items()
                )
                nxt[(g, mode)] = (c + (step if mode == "F" else vm.reverse_mp(step, vt.rev)), (*fs, g))
        best = nxt
    cost, facings = min(best.values())
    return cost, facings


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
    for (f0, m0), c0 in _start_states(unit).items():
        tie += 1
        frontier.append((int(2 * c0), tie, start, f0, m0, (start,)))
    heapq.heapify(frontier)
    seen: set[tuple[Hex, int, str]] = set()
    out: dict[Hex, act.Move] = {}
    steps: dict[tuple[Hex, Hex], int | None] = {}
    turn: dict[Hex, int] = {}
    while frontier:
        cost, _, h, f, m, path = heapq.heappop(frontier)
        if (h, f, m) in seen:
            continue
        seen.add((h, f, m))
        if h != start and h not in out:
            out[h] = act.Move((unit.id,), path, Fraction(cost, 2))
        if h not in turn:
            turn[h] = 2 * vm.turn_mp(1, obstacle=_obstacle(position, h))
        moves = [(cost + turn[h], h, g, m, path) for g in ((f + 1) % 6, (f - 1) % 6)]
        moves.append((cost + 2 * SWITCH_MP, h, f, "R" if m == "F" else "F", path))
        for n in _entries(h, f, m):
            if (h, n) not in steps:
                mp = step_mp(position, unit, vt, h, n)
                steps[(h, n)] = None if mp is None else int(2 * mp)
            step = steps[(h, n)]
            if step is not None:
                moves.append((cost + (step if m == "F" else step * vt.rev), n, f, m, (*path, n)))
        for c, n, g, mode, p in moves:
            if c <= limit and (n, g, mode) not in seen:
                tie += 1
                heapq.heappush(frontier, (c, tie, n, g, mode, p))
    return out


def budget(unit: UnitState) -> Fraction:
    """The MP the vehicle may spend this MPh: its allowance, or a quarter of it per MF its loaders had left
    (``mpq<k>``, D6.4)."""
    mp = vtype(unit).mp
    for m in unit.markers:
        if m.startswith("mpq") and m[3:].isdigit():
            return Fraction(mp * int(m[3:]), 4)
    return Fraction(mp)


def spent_of(unit: UnitState) -> Fraction:
    """MP the vehicle has spent this MPh, kept as ``spent<half MP>`` once its move is over (D6.5 needs it)."""
    for m in unit.markers:
        if m.startswith("spent") and m[5:].isdigit():
            return Fraction(int(m[5:]), 2)
    return Fraction(0)


def with_spent(unit: UnitState, spent: Fraction) -> UnitState:
    old = tuple(m for m in unit.markers if m.startswith("spent") and m[5:].isdigit())
    return unit.mark(f"spent{int(2 * spent)}", remove=old)


def can_move(position: Position, unit: UnitState) -> str | None:
    if unit.side != position.phasing:
        return T("only the ATTACKER moves in the MPh (A4.1)")
    if not is_mobile(unit.markers):
        return T("{unit} is immobile and may not move (D.7)", unit=unit.id)
    if unit.has("prep_fire"):
        return T("{unit} fired in the Prep Fire Phase and may not move (D.3)", unit=unit.id)
    if unit.id in position.state.moved:
        return T("{unit} has already moved this phase (A4.2)", unit=unit.id)
    return None


def check_move(position: Position, move: act.Move) -> act.Move:
    if len(move.units) != 1:
        raise IllegalAction(T("a vehicle moves alone in this subset"), "D2.1")
    unit = position.units[move.units[0]]
    why = can_move(position, unit)
    if why:
        raise IllegalAction(why)
    if len(move.path) < 2 or move.path[0] != unit.hex:
        raise IllegalAction(
            T("the path must start at the vehicle's hex {hex}", hex=position.label(unit.hex)), "D2.1"
        )
    cost, _ = route(position, unit, move.path)
    mp = budget(unit)
    vt = vtype(unit)
    esb = vm.esb_limit(vt) if vt.tracked else 0  # D2.5: a tracked vehicle may ask up to 1/4 more, by a DR
    if cost > mp + esb:
        raise IllegalAction(
            T("the path costs {cost} MP, {unit} has {mp} MP", cost=cost, unit=unit.id, mp=mp), "D2.1"
        )
    return act.Move(move.units, move.path, cost)


def begin_move(position: Position, state: State) -> State:
    """Before the first hex: a red-MP vehicle that starts rolls its mechanical reliability DR (D2.51), and a
    move costing more than the vehicle's MP asks for ESB, the extra MP declared (D2.5). Either failing
    immobilizes it where it stands."""
    moving = state.moving
    assert moving is not None
    unit = state.units[moving.units[0]]
    cost = Fraction(moving.cost) if isinstance(moving.cost, int | Fraction) else Fraction(0)
    extra = cost - budget(unit)
    checks: list[Decision] = []
    if vtype(unit).red_mp and not unit.has("motion"):
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
        drm = vm.esb_drm(vtype(unit), extra)
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
    _, facings = route(position, unit, moving.path[: moving.at + 1]) if moving.at else (0, ())
    if facings:  # "entered": a moving target to the end of the DFPh (D2.1), Case B in its AFPh (D3.32)
        moved = with_facing(state.units[uid], facings[-1])
        lost = tuple(m for m in moved.markers if m.startswith("acq:"))  # a firer that moves loses its aim
        state = state.with_unit(moved.mark("entered", remove=lost))
        for rider in [u for u in state.units.values() if u.carrier == uid]:  # passengers ride along (D6.1)
            state = state.with_unit(rider.at(moving.here))
    check = bog_check(position, unit, moving.path[moving.at - 1], moving.here) if moving.at else None
    if check is not None:
        state = state.push(check)
    return state


def bog_check(position: Position, unit: UnitState, a: Hex, b: Hex) -> Decision | None:
    """D8.21: entering woods or a building by paying half the MP allowance calls for a bog DR (+3 woods or
    a wooden building, +4 a stone building, +1 into higher woods, and the vehicle's own DRM)."""
    terrain = position.map.terrain(b)
    d = direction_between(a, b)
    road = d in position.map.road_exits(a) and opposite(d) in position.map.road_exits(b)
    if road or od.load_pack().vehicle_terrain.get(terrain) != "half":
        return None
    stone = terrain in ("stone-building", "stone building")
    higher = terrain == "woods" and position.map.level(b) > position.map.level(a)
    drm = vm.bog_drm(vtype(unit), vm.BogCase(entering="stone" if stone else "woods", higher_woods=higher))
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
    mp = max(budget(unit), Fraction(moving.cost) if isinstance(moving.cost, int | Fraction) else Fraction(0))
    spent = Fraction(moving.cost) if isinstance(moving.cost, int | Fraction) else Fraction(0)
    state = state.with_unit(with_spent(unit.mark(remove=("motion",)), spent))
    return state.push(facing_decision(position, state.units[uid], mp - spent))


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
        choices=("keep",),
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
    cost = vm.turn_mp(fc.turns(facing_of(unit), g), obstacle=_obstacle(position, unit.hex))
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
    if answer.hexes and answer.hexes[0] != unit.hex:  # toward a neighbour: turn; its own hex: keep
        assert unit.hex is not None
        g = fc.turn_toward(facing_of(unit), unit.hex, answer.hexes[0])
        left -= vm.turn_mp(fc.turns(facing_of(unit), g), obstacle=_obstacle(position, unit.hex))
        unit = with_spent(with_facing(unit, g), budget(unit) - left)
        state = state.with_unit(unit)
        return state.push(facing_decision(position.at(state), unit, left))
    if left < vm.STOP_MP:
        return state.with_unit(unit.mark("motion"))
    return state.with_unit(with_spent(unit, budget(unit) - left + vm.STOP_MP))


# --- ordnance fire (D3, D4, D5) ---
def firing_side(position: Position) -> str:
    if position.phase.id == "MPh":
        return position.enemy_of(position.phasing)
    return position.to_act


def _vehicle_targets(position: Position, h: Hex, side: str) -> list[UnitState]:
    return [u for u in position.units_at(h) if u.side != side and is_vehicle(u) and not u.has("wreck")]


def afv_hindrance(position: Position, a: Hex, b: Hex) -> tuple[int, list[str]]:
    """D9.4: +1 for each stopped AFV or unburnt wreck in a hex the LOS passes through (not the firer's or
    the target's), at the same level; an AFV in Motion or a burning wreck does not hinder (D2.41, D10.3)."""
    drm = 0
    why: list[str] = []
    for h in line(a, b).hexes[1:-1]:
        for u in position.units_at(h):
            if (
                is_vehicle(u)
                and not u.has("motion")
                and not u.has("burning")
                and position.map.level(h) == position.map.level(a)
            ):
                drm += 1
                why.append(position.label(h))
                break
    return drm, why


def check_fire(position: Position, fire: act.Fire) -> act.Fire:
    phase = position.phase.id
    side = firing_side(position)
    if len(fire.firers) != 1:
        raise IllegalAction(T("a vehicle fires alone"), "D3.5")
    if fire.firers[0] not in position.units:
        raise InvalidAction(f"no unit {fire.firers[0]!r} in this game")
    unit = position.units[fire.firers[0]]
    vt = vtype(unit)
    if unit.side != side:
        raise IllegalAction(
            T("{unit} is not {side}'s; only {side} fires now", unit=unit.id, side=side), position.phase.rule
        )
    if phase not in FIRE_MARKERS:
        raise IllegalAction(T("vehicles fire only in the fire phases and as Defensive First Fire"), "D3.3")
    if unit.has("wreck") or unit.has("shocked") or unit.has("stunned"):
        raise IllegalAction(T("{unit} may not fire: wrecked, shocked or stunned", unit=unit.id), "D5.34")
    if vt.ma is None or vt.ma.kind != "gun" or unit.has("ma_malf"):
        raise IllegalAction(T("{unit} has no working gun to fire at a vehicle", unit=unit.id), "D3.54")
    if unit.has(FIRE_MARKERS[phase]) or (phase == "AFPh" and unit.has("prep_fire")):
        raise IllegalAction(T("{unit} has already fired this phase", unit=unit.id), "D3.5")
    if phase == "MPh":
        moving = position.state.moving
        top = position.state.decision
        if moving is None or top is None or top.kind != "react" or fire.target != moving.here:
            raise IllegalAction(
                T("Defensive First Fire is at a moving unit in the hex it has just entered"), "A8.1"
            )
    if not _vehicle_targets(position, fire.target, unit.side):
        raise IllegalAction(T("no enemy vehicle at {hex}", hex=position.label(fire.target)), "D3.1")
    assert unit.hex is not None
    rng = distance(unit.hex, fire.target)
    if rng > MAX_RANGE or rng == 0:
        raise IllegalAction(T("{hex} is out of this gun's reach", hex=position.label(fire.target)), "C3")
    sight = asl_terrain.line_of_sight(position, unit.hex, fire.target)
    if sight.blocked:
        raise IllegalAction(
            T("{unit} has no line of sight to {hex}", unit=unit.id, hex=position.label(fire.target)),
            "A6.1",
        )
    return fire


def declare_fire(position: Position, fire: act.Fire) -> State:
    state = position.state
    unit = state.units[fire.firers[0]]
    state = state.with_unit(unit.mark(FIRE_MARKERS[position.phase.id]))
    return state.push(
        Decision(
            "roll",
            unit.side,
            T(
                "{unit} fires its gun at {hex}: roll the To Hit DR (D3)",
                unit=unit.id,
                hex=position.label(fire.target),
            ),
            "D3",
            "vth",
            dice="DR",
            subject=(unit.id,),
            target=fire.target,
        )
    )


def to_hit_of(position: Position, firer: UnitState, target: UnitState) -> tuple[int, list[od.Step], int, int]:
    """The modified TH#, its steps, the TCA after the shot and the Case A hexspines (D3.51)."""
    pack = od.load_pack()
    assert firer.hex is not None and target.hex is not None
    vt, tv = vtype(firer), vtype(target)
    assert vt.ma is not None
    f = facing_of(firer)
    tca = tca_of(firer.markers, f)
    k = fc.hexspines_to(firer.hex, target.hex, tca)
    new_tca = fc.facing_to(firer.hex, target.hex, tca)
    bow = vt.ma.mount == "NT"
    drm_a = od.case_a(pack, vt.ma.mount, turret_turns=0 if bow else k, hull_turns=k if bow else 0, bow=bow)
    cases: list[str] = []
    if vt.armored and not vt.open_topped and not firer.has("ce"):
        cases.append("I")  # D5.2: a BU CT AFV
    moving = position.state.moving
    if (
        target.has("motion")
        or (moving is not None and target.id in moving.units)
        or (position.phase.id in ("MPh", "DFPh") and target.has("entered"))
    ):
        cases.append("J")  # a moving or Motion target (D2.1, D2.41)
    if firer.has("motion"):
        cases.append("C4")  # D2.42
    elif position.phase.id == "AFPh" and firer.has("entered"):
        cases.append("B")  # fire after moving (D3.32)
    if firer.has("plus1"):
        cases.append("plus1")  # D5.34
    if acquisition(target) in firer.markers and k == 0:
        cases.append("acquired")  # D3.51 example: the same target again, acquired (C6.5)
    hindrance, _ = afv_hindrance(position, firer.hex, target.hex)
    sight = asl_terrain.line_of_sight(position, firer.hex, target.hex)
    tem = 0 if target.has("motion") else asl_terrain.tem(position, target.hex)
    if position.map.level(target.hex) > position.map.level(firer.hex):
        cases.append("height")  # D4.22, B10.31
    th, steps = od.to_hit(
        pack,
        target_type="vehicle",
        rng=distance(firer.hex, target.hex),
        cases=tuple(cases),
        case_a_drm=drm_a,
        size=tv.size,
        tem=tem,
        hindrance=hindrance + sight.hindrance,
        hd=target.has("hd"),
    )
    return th, steps, new_tca, k


def _target(position: Position, decision: Decision, side: str) -> UnitState:
    assert decision.target is not None
    targets = _vehicle_targets(position, decision.target, side)
    if decision.arg("target"):
        return position.units[decision.arg("target")]
    return sorted(targets, key=lambda u: u.id)[0]


def acquisition(target: UnitState) -> str:
    """The marker of a target acquired by a firer's shots: lost when the target leaves that hex (C6.5) or
    the firer moves."""
    assert target.hex is not None
    return f"acq:{target.id}@{target.hex.q},{target.hex.r}"


def resume_th(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The TH DR is in: turn the turret, hit or miss, and on a hit the TK DR (D3, D4.2)."""
    assert answer.dice is not None and decision.target is not None
    pack = od.load_pack()
    state = position.state
    firer = state.units[decision.subject[0]]
    target = _target(position, decision, firer.side)
    vt = vtype(firer)
    assert vt.ma is not None and firer.hex is not None and target.hex is not None
    th, steps, new_tca, _ = to_hit_of(position, firer, target)
    if vt.ma.mount == "NT":
        firer = with_facing(firer, new_tca)
    else:
        firer = _remark(firer, with_tca(firer.markers, facing_of(firer), new_tca))
    dr = (answer.dice[0], answer.dice[1])
    lines = [Line(s.text, str(s.value), s.rule) for s in steps]
    lines.append(Line(T("To Hit DR"), f"{dr[0]}+{dr[1]}={sum(dr)}", "D3"))
    broke = od.breakdown(sum(dr), vt.ma.b, low_ammo=vt.ma.low_ammo, low_ammo_marker=firer.has("low_ammo"))
    if broke:
        firer = firer.mark({"malfunction": "ma_malf", "low_ammo": "low_ammo", "disabled": "ma_malf"}[broke])
        lines.append(Line(T("the gun: {what}", what=WORDS[broke]), str(sum(dr)), "D3.7"))
    elif vt.ma.rof and dr[1] <= vt.ma.rof:  # the colored die keeps multiple ROF: it may fire again (D3.5)
        firer = firer.mark(remove=(FIRE_MARKERS[position.phase.id],))
        lines.append(Line(T("keeps its rate of fire"), str(dr[1]), "D3.5"))
    acquired = tuple(m for m in firer.markers if m.startswith("acq:"))
    firer = firer.mark(acquisition(target), remove=acquired)
    state = state.with_unit(firer)
    hit = od.hits(dr, th, hd=target.has("hd"), pack=pack)
    if not hit:
        summary = T("{unit} misses {target}", unit=firer.id, target=target.id)
        results = {target.id: "miss"}
        res = Resolution(
            act.Fire((firer.id,), decision.target, answer.dice),
            "ordnance",
            pack.label,
            True,
            tuple(lines),
            results,
            summary,
        )
        return state.replace(resolution=res)
    where = od.location(pack, dr)
    assert firer.hex is not None
    f = facing_of(target) if where == "hull" else tca_of(target.markers, facing_of(target))
    aspect = fc.aspect(target.hex, f, firer.hex) if firer.hex != target.hex else fc.same_hex_aspect(dr[1])
    tv = vtype(target)
    af = tv.af(where, aspect)
    gun = f"{vt.ma.calibre}{vt.ma.length}"
    tk = od.final_tk(pack.basic_tk(gun, distance(firer.hex, target.hex)), af)
    lines.append(
        Line(
            T("hit on the {where}, {aspect} aspect (C3.9, D3.2)", where=WORDS[where], aspect=WORDS[aspect]),
            str(af if af is not None else "-"),
            "D3.2",
        )
    )
    lines.append(Line(T("Final TK# (basic less armor)"), str(tk), "D1.6"))
    summary = T(
        "{unit} hits {target}: roll the To Kill DR, {tk} or less kills",
        unit=firer.id,
        target=target.id,
        tk=tk,
    )
    res = Resolution(
        act.Fire((firer.id,), decision.target, answer.dice),
        "ordnance",
        pack.label,
        True,
        tuple(lines),
        {target.id: "hit"},
        summary,
    )
    return state.replace(resolution=res).push(
        Decision(
            "roll",
            firer.side,
            summary,
            "D3",
            "vtk",
            dice="DR",
            subject=(firer.id,),
            target=decision.target,
            args=(("target", target.id), ("tk", str(tk))),
        )
    )


def resume_tk(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The TK DR is in: its result on the vehicle, and a destroyed crew's survival DR (D5.6)."""
    assert answer.dice is not None
    pack = od.load_pack()
    state = position.state
    target = state.units[decision.arg("target")]
    tk = int(decision.arg("tk"))
    dr = sum(answer.dice)
    result = od.tk_result(pack, dr, tk, vtype(target))
    prev = state.resolution
    lines = (
        *(prev.lines if prev is not None else ()),
        Line(T("To Kill DR"), str(dr), "C7"),
        Line(T("result"), WORDS[result], "C7"),
    )
    marks = {
        "burns": ("wreck", "burning"),
        "destroyed": ("wreck",),
        "shocked": ("shocked",),
        "stunned": ("stunned",),
        "immobilized": ("immobilized",),
        "none": (),
    }[result]
    shaken = target.has("shocked") or target.has("stunned")
    if "wreck" in marks:  # its passengers and riders are put beneath the wreck (D6.9's survival DR not built)
        for rider in [u for u in state.units.values() if u.carrier == target.id]:
            state = state.with_unit(dataclasses.replace(rider, carrier=None))
    gone = (
        ("motion", *(m for m in target.markers if m.startswith("acq:"))) if "wreck" in marks else ("motion",)
    )
    state = state.with_unit(target.mark(*marks, remove=gone if marks else ()))
    summary = T("{target}: {result}", target=target.id, result=WORDS[result])
    action = act.Fire(decision.subject, decision.target or Hex(0, 0), answer.dice)
    state = state.replace(
        resolution=Resolution(action, "ordnance", pack.label, True, lines, {target.id: result}, summary)
    )
    if result == "destroyed" and not vtype(target).cs_lower:
        return state.push(
            Decision(
                "roll",
                target.side,
                T(
                    "{target} is destroyed: roll for its crew's survival, {cs} or less survives (D5.6)",
                    target=target.id,
                    cs=vtype(target).cs - (1 if shaken else 0),
                ),
                "D5.6",
                "vcs",
                dice="DR",
                subject=(target.id,),
                target=target.hex,
                args=(("shaken", "1" if shaken else ""),),
            )
        )
    return state


def resume_cs(position: Position, decision: Decision, answer: act.Answer) -> State:
    assert answer.dice is not None
    state = position.state
    target = state.units[decision.subject[0]]
    ok = od.crew_survives(sum(answer.dice), vtype(target), shaken=bool(decision.arg("shaken")))
    return state.with_unit(target.mark("crew_survived" if ok else "crew_lost"))


def generate(position: Position) -> Iterator[act.Action]:
    phase = position.phase.id
    if phase not in FIRE_MARKERS:
        return
    side = firing_side(position)
    moving = position.state.moving
    if phase == "MPh":
        if moving is None:
            return
        targets = [moving.here]
    else:
        targets = sorted(
            {
                u.hex
                for u in position.units.values()
                if u.side != side and u.hex is not None and is_vehicle(u) and not u.has("wreck")
            },
            key=lambda h: (h.q, h.r),
        )
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != side or not is_vehicle(unit):
            continue
        for h in targets:
            fire = act.Fire((unit.id,), h)
            try:
                check_fire(position, fire)
            except (IllegalAction, InvalidAction):
                continue
            yield fire


def can_react(position: Position) -> bool:
    """Could a vehicle of the non-moving side fire at the vehicle that just entered a hex (A8.1, D3.3)?"""
    return any(True for _ in generate(position))


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


# --- Close Combat against vehicles in the CCPh (A11.5, A11.501, A11.51) ---
def cc_target(position: Position, fire: act.Fire) -> UnitState | None:
    """The enemy vehicle a CCPh attack is against: infantry attack a vehicle in their own Location."""
    firers = [position.units[u] for u in fire.firers if u in position.units]
    if position.phase.id != "CCPh" or not firers or any(u.hex != fire.target for u in firers):
        return None
    targets = _vehicle_targets(position, fire.target, firers[0].side)
    return sorted(targets, key=lambda u: u.id)[0] if targets else None


def cc_values(position: Position, fire: act.Fire, target: UnitState) -> tuple[int, int, list[Line]]:
    """The attackers' CCV and the CC DRM against the vehicle, with their lines (A11.5, A11.51)."""
    firers = [position.units[u] for u in fire.firers]
    mmc = [u for u in firers if u.type in ("squad", "hs", "crew")]
    smc = [u for u in firers if u.type == "leader"]
    unit = mmc[0] if mmc else smc[0]
    halvings = sum(1 for m in ("pinned", "final_fire", "first_fire") if unit.has(m))
    ccv = od.ccv(
        unit.type,
        with_smc=bool(smc and mmc),
        inexperienced=bool(unit.values.get("inexperienced")),
        halvings=halvings,
    )
    vt = vtype(target)
    no_mg = (vt.bmg + vt.cmg + vt.aamg == 0) or target.has("shocked") or target.has("stunned")
    assert target.hex is not None
    defenders = sum(
        2 if u.type == "squad" else 1
        for u in position.units_at(target.hex)
        if u.side == target.side
        and u.type in ("squad", "hs", "crew")
        and not u.has("broken")
        and not u.has("pinned")
    )
    leadership = int(smc[0].values.get("leadership", 0)) if smc and mmc else 0
    drm = od.cc_drm(
        unarmored=not vt.armored,
        no_mg=no_mg,
        defenders=defenders,
        moving=target.has("motion"),
        leadership=leadership,
        plus1=target.has("plus1"),
    )
    lines = [Line(T("Close Combat Value"), str(ccv), "A11.5"), Line(T("CC DRM"), f"{drm:+d}", "A11.51")]
    return ccv, drm, lines


def check_cc(position: Position, fire: act.Fire, target: UnitState) -> act.Fire:
    side = position.to_act
    firers = [position.units[u] for u in fire.firers if u in position.units]
    if len(firers) != len(fire.firers) or len(set(fire.firers)) != len(fire.firers):
        raise InvalidAction("name each attacking unit once")
    if any(u.side != side for u in firers):
        raise IllegalAction(T("only {side} attacks now", side=side), "A11.5")
    mmc = [u for u in firers if u.type in ("squad", "hs", "crew")]
    smc = [u for u in firers if u.type == "leader"]
    if (
        len(firers) > 2
        or len(smc) > 1
        or any(is_vehicle(u) for u in firers)
        or (len(firers) == 2 and not smc)
    ):
        raise IllegalAction(T("a vehicle is attacked by one unit, with at most one SMC beside it"), "A11.5")
    if any(u.has("broken") or u.has("cc") for u in firers):
        raise IllegalAction(T("broken units and units that have attacked this phase may not attack"), "A11.5")
    if not mmc and not smc:
        raise IllegalAction(T("name the attacking unit"), "A11.5")
    return fire


def declare_cc(position: Position, fire: act.Fire, target: UnitState) -> State:
    state = position.state
    for uid in fire.firers:
        state = state.with_unit(state.units[uid].mark("cc"))
    ccv, drm, _ = cc_values(position, fire, target)
    side = state.units[fire.firers[0]].side
    return state.push(
        Decision(
            "roll",
            side,
            T(
                "{units} attack {target} in Close Combat: CCV {ccv}, DRM {drm:+d}; roll the CC DR (A11.5)",
                units=", ".join(fire.firers),
                target=target.id,
                ccv=ccv,
                drm=drm,
            ),
            "A11.5",
            "vcc",
            dice="DR",
            subject=tuple(fire.firers),
            target=fire.target,
            args=(("ccv", str(ccv)), ("drm", str(drm)), ("target", target.id)),
        )
    )


def _cc_apply(position: Position, decision: Decision, result: str, dice: tuple[int, ...]) -> State:
    state = position.state
    target = state.units[decision.arg("target")]
    marks = {
        "burns": ("wreck", "burning"),
        "destroyed": ("wreck",),
        "immobilized": ("immobilized",),
        "none": (),
    }[result]
    state = state.with_unit(target.mark(*marks, remove=("motion",) if marks else ()))
    ccv, drm = int(decision.arg("ccv")), int(decision.arg("drm"))
    lines = (
        Line(T("Close Combat Value"), str(ccv), "A11.5"),
        Line(T("CC DRM"), f"{drm:+d}", "A11.51"),
        Line(T("CC DR"), "+".join(str(d) for d in dice), "A11.5"),
        Line(T("result"), WORDS[result], "A11.5"),
    )
    action = act.Fire(decision.subject, decision.target or Hex(0, 0), dice)
    summary = T("{target}: {result}", target=target.id, result=WORDS[result])
    # no crew survival roll for a vehicle eliminated in CC (D5.6)
    return state.replace(
        resolution=Resolution(action, "cc-vehicle", "A11.5", False, lines, {target.id: result}, summary)
    )


def resume_cc(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A11.5: below the CCV destroys (burns at half or less), equal immobilizes; an original 2 rolls a further
    dr that may still burn, destroy or immobilize it (A11.501)."""
    assert answer.dice is not None
    original = sum(answer.dice)
    if original == 2:
        return position.state.push(
            Decision(
                "roll",
                decision.side,
                T("an original 2: roll a further dr for a chance kill (A11.501)"),
                "A11.501",
                "vcc2",
                dice="dr",
                subject=decision.subject,
                target=decision.target,
                args=decision.args,
            )
        )
    result = od.cc_result(original, int(decision.arg("drm")), int(decision.arg("ccv")))
    return _cc_apply(position, decision, result, answer.dice)


def resume_cc2(position: Position, decision: Decision, answer: act.Answer) -> State:
    assert answer.dice is not None
    result = od.cc_result(2, int(decision.arg("drm")), int(decision.arg("ccv")), extra_dr=answer.dice[0])
    return _cc_apply(position, decision, result, (1, 1, answer.dice[0]))


def cc_generate(position: Position) -> Iterator[act.Action]:
    """The CC attacks against vehicles open now: each good-order MMC of the side acting, alone or with one
    leader of its Location, against an enemy vehicle there (A11.5)."""
    side = position.to_act
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != side or unit.hex is None or unit.type not in ("squad", "hs", "crew"):
            continue
        if unit.has("broken") or unit.has("cc"):
            continue
        if not _vehicle_targets(position, unit.hex, side):
            continue
        yield act.Fire((unit.id,), unit.hex)
        for ldr in position.units_at(unit.hex):
            if ldr.side == side and ldr.type == "leader" and not ldr.has("broken") and not ldr.has("cc"):
                yield act.Fire((unit.id, ldr.id), unit.hex)


# --- passengers and riders: loading and unloading (D6.1, D6.2, D6.4, D6.5) ---
PP = {"squad": 10, "hs": 5, "crew": 5}  # D6.1; up to four SMC together count 10 PP


def load_pp(units: list[UnitState]) -> int:
    """D6.1: a squad is 10 PP, a HS or crew 5, and up to four SMC together 10."""
    smc = sum(1 for u in units if u.type == "leader")
    return sum(PP.get(u.type, 10) for u in units if u.type != "leader") + 10 * -(-smc // 4)


def capacity(vt: VehicleType) -> int:
    """PP the vehicle carries: its passengers, else 14 PP of riders if it may carry riders (D6.2)."""
    return vt.passengers or (14 if vt.riders else 0)


def check_load(position: Position, load: act.Load) -> act.Load:
    """D6.4: infantry in a stopped vehicle's Location board it before it has moved this MPh, within its PP."""
    if load.carrier not in position.units or not is_vehicle(position.units[load.carrier]):
        raise IllegalAction(T("{unit} is not a vehicle", unit=load.carrier), "D6.4")
    vehicle = position.units[load.carrier]
    if vehicle.side != position.phasing or position.phase.id != "MPh":
        raise IllegalAction(T("the ATTACKER loads in his own MPh"), "D6.4")
    if vehicle.has("motion") or vehicle.id in position.state.moved or vehicle.has("wreck"):
        raise IllegalAction(
            T("{unit} must be stopped and not yet moved this MPh to load", unit=vehicle.id), "D6.4"
        )
    aboard = [u for u in position.units.values() if u.carrier == vehicle.id]
    for uid in load.units:
        unit = position.units.get(uid)
        if unit is None or unit.side != vehicle.side or unit.hex != vehicle.hex or is_vehicle(unit):
            raise IllegalAction(
                T("{unit} is not friendly infantry in the vehicle's Location", unit=uid), "D6.4"
            )
        if unit.has("broken") or unit.has("pinned") or uid in position.state.moved or unit.carrier:
            raise IllegalAction(
                T("{unit} may not load now: broken, pinned, moved or aboard", unit=uid), "D6.4"
            )
        aboard.append(unit)
    pp = load_pp(aboard)
    if pp > capacity(vtype(vehicle)):
        raise IllegalAction(
            T("{unit} carries {cap} PP, not {pp}", unit=vehicle.id, cap=capacity(vtype(vehicle)), pp=pp),
            "D6.1",
        )
    return load


def apply_load(position: Position, load: act.Load) -> State:
    """The loaders spend 1 MF (D6.4) and ride from now on; the vehicle keeps a quarter of its MP allowance per
    MF they have left (``mpq<k>``)."""
    state = position.state
    left = min(3 if state.units[u].type != "leader" else 5 for u in load.units)  # 4 MF (6 an SMC) less 1
    for uid in load.units:
        state = state.with_unit(dataclasses.replace(state.units[uid], carrier=load.carrier))
    vehicle = state.units[load.carrier]
    old = tuple(m for m in vehicle.markers if m.startswith("mpq"))
    state = state.with_unit(vehicle.mark(f"mpq{min(4, left)}", remove=old))
    return state.replace(moved=state.moved + tuple(load.units))


def check_unload(position: Position, unload: act.Unload) -> act.Unload:
    """D6.5: a stopped vehicle unloads in its own MPh for a quarter of its MP allowance, not after spending
    more than three quarters of it."""
    vehicle = position.units.get(unload.carrier)
    if vehicle is None or not is_vehicle(vehicle):
        raise IllegalAction(T("{unit} is not a vehicle", unit=unload.carrier), "D6.5")
    if vehicle.side != position.phasing or position.phase.id != "MPh" or vehicle.has("motion"):
        raise IllegalAction(T("a vehicle unloads only while stopped in its own MPh"), "D6.5")
    if not any(u.carrier == vehicle.id for u in position.units.values()):
        raise IllegalAction(T("{unit} carries nobody", unit=vehicle.id), "D6.5")
    mpa = vtype(vehicle).mp
    _, cost = vm.unloading(mpa, spent_of(vehicle))
    if spent_of(vehicle) + cost > budget(vehicle):
        raise IllegalAction(
            T("{unit} has not the {cost} MP unloading costs", unit=vehicle.id, cost=cost), "D6.5"
        )
    return unload


def apply_unload(position: Position, unload: act.Unload) -> State:
    state = position.state
    vehicle = state.units[unload.carrier]
    _, cost = vm.unloading(vtype(vehicle).mp, spent_of(vehicle))
    off = [u for u in state.units.values() if u.carrier == vehicle.id]
    for unit in off:  # placed beneath the vehicle, counted as having used MF (D6.5): done moving here
        state = state.with_unit(dataclasses.replace(unit, carrier=None, hex=vehicle.hex))
    state = state.with_unit(with_spent(vehicle, spent_of(vehicle) + cost))
    return state.replace(moved=state.moved + tuple(u.id for u in off))


def load_generate(position: Position) -> Iterator[act.Action]:
    """Loading and unloading open now (D6.4, D6.5), for the page's buttons."""
    for vehicle in sorted(position.units.values(), key=lambda u: u.id):
        if not is_vehicle(vehicle) or vehicle.side != position.phasing or vehicle.hex is None:
            continue
        options: list[act.Action] = [act.Unload(vehicle.id)]
        options += [
            act.Load((u.id,), vehicle.id) for u in position.units_at(vehicle.hex) if not is_vehicle(u)
        ]
        for action in options:
            try:
                if isinstance(action, act.Load):
                    check_load(position, action)
                else:
                    assert isinstance(action, act.Unload)
                    check_unload(position, action)
            except (IllegalAction, InvalidAction):
                continue
            yield action
