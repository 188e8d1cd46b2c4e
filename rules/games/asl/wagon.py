"""ASL D12 (with D.2): horse-drawn transport ("wagons") as vehicles that spend MF.

D12.1 (and D.2): a wagon is a vehicle (catalogue ``movement: "wagon"``; its ``mp`` is its printed MF) but it
spends MF at infantry rates: the Terrain Chart's MF column (the game's infantry costs, terrain.json: the
chart itself is chapter B's, not among the texts, so prohibited terrain is what that table prohibits), 1 MF
across a road hexside (never 1/2), double the MF to enter a higher level (A4.133; not the vehicles' extra MP),
no MF to start or stop, and 1 MF for each hexspine of VCA change. Every other rule that speaks of MP applies
to its MF (D12.1), so the +1 for other vehicles and wrecks in the hex entered (D2.14, D10.2) applies too. A
wagon destroyed leaves no wreck, burning or not (D12.1: catalogue ``wreck`` defaults to false for it, and
vwreck.no_wreck_side takes it off the map). D12.3: an unarmored vehicle target (catalogue ``armor: null``),
of average size (``size: 0``) alone. D12.2: it transports as a truck does (D6.7: its ``passengers`` PP,
transport.py). Reverse: chapter D gives no multiplier for a wagon (D2.21 names tracked vehicles, trucks and
armored cars), so a wagon reverses only when its catalogue entry gives ``rev``.

D12.4 (Gallop): a wagon not CX may declare a gallop at the start of its MPh (``move WAGON HEX as gallop``,
its own hex, before it spends MF): a CX counter on it and on everyone aboard, and 1.5 times its printed MF for
that MPh. While galloping it rolls a Wreck Check dr at once in each hex where it changes its VCA and each hex
it enters for more than 1 MF (but a road hexside up to a higher level); a 6 destroys it (no wreck, D12.1):
everyone aboard is broken and set down in the hex, and each SW aboard malfunctions.

D12.4's last sentence (garbled in the Japanese: "CX#" for X#): each SW aboard malfunctions, one with an X#
(its ``x`` value) is eliminated.

D12.1 with D2.3 (bypass): a wagon may bypass woods and buildings as a vehicle does (vbypass.py): per hexside
twice the MF of the hex's open ground (1 MF, doubled up a level by D12.1: 4) and twice its other costs; turns
1 MF a hexspine, no stop or start between forward and reverse, no reverse without a ``rev``. D.2: one that
ends its move so stays astride the hexside, front to the CAFP (vbypass's Stationary Bypass).

D12.5: a sledge is the wagon counter's back: a ``movement: "wagon"`` entry with ``sledge`` naming its front;
the catalogue check (vehicles.py) holds it to D12.5's differences (larger T# and cs#, smaller MF). Its MF
"unaffected by snow" contrasts with chapter E's snow costs (E3.72-E3.73, not among the texts), which no
vehicle pays here, so nothing is exempted.

Not built (said in the report): two wagons towing one Gun as T2 and a large target (D12.2).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.terrain_view import table_for
from hexmate.rules.hexes import Hex, direction_between, opposite
from hexmate.rules.text import T

WAGON = "wagon"
TURN_MF = 1  # D12.1: each hexspine of VCA change
GALLOP = "gallop"  # the Move mode and the wagon's marker for the MPh (D12.4)


def is_wagon(movement: str) -> bool:
    return movement == WAGON


def is_wagon_unit(unit: UnitState) -> bool:
    """A wagon (or sledge, D12.5) on the map."""
    from hexmate.rules.games.asl.armour import vtype

    return unit.type == "vehicle" and is_wagon(vtype(unit).movement)


OPEN_MF = 1  # A4.31 example (terrain.json): Open Ground 1 MF, the non-obstacle terrain of a bypassed hex


def bypass_mf(position: Position, src: Hex, p: Hex, others: int) -> Fraction:
    """D12.1, D2.3: a wagon bypassing a woods or building hex pays, per hexside, twice the MF of the hex's
    open ground (1 MF, doubled again to a higher level: D12.1's x2 is that hex's extra cost) and twice its
    other costs (+1 per vehicle or wreck there, D2.14)."""
    base = OPEN_MF * (2 if position.map.level(p) > position.map.level(src) else 1)
    return Fraction(2 * (base + others))


def step_mf(position: Position, unit: UnitState, a: Hex, b: Hex) -> Fraction | None:
    """MF to enter b from a (D12.1): the infantry cost (road 1, a higher level doubled), plus 1 for each
    other vehicle or wreck there (D2.14, D10.2); None where the MF column prohibits it, or where entering
    would be an Overrun (D7.1: not for a wagon)."""
    from hexmate.rules.games.asl import moto, overrun

    base = table_for("asl", None).cost_fn("infantry")(position.map, a, b)
    if base is None or overrun.is_overrun(position, unit.side, b):
        return None  # D7.1: a wagon spends MF, so it makes no Overrun: no entering the enemy's Location
    others = sum(1 for u in position.units_at(b) if u.type == "vehicle" and u.id != unit.id
                 and not moto.is_moto_unit(u))  # D15.3: a motorcycle costs nothing
    return Fraction(base) + others


def galloping(unit: UnitState) -> bool:
    return unit.has(GALLOP)


def allowance(mf: int, unit: UnitState) -> Fraction:
    """D12.4: 1.5 times the printed MF while galloping."""
    return Fraction(3 * mf, 2) if galloping(unit) else Fraction(mf)


def is_gallop(position: Position, move: act.Move) -> bool:
    uid = move.units[0] if move.units else ""
    return move.mode == GALLOP and uid in position.units and position.units[uid].type == "vehicle"


def check_gallop(position: Position, move: act.Move) -> act.Move:
    from hexmate.rules.games.asl.armour import can_move, spent_of, vtype

    if len(move.units) != 1 or len(move.path) != 1:
        raise IllegalAction(T("a gallop names one wagon and its own hex: move WAGON HEX as gallop"), "D12.4")
    unit = position.units[move.units[0]]
    if not is_wagon(vtype(unit).movement):
        raise IllegalAction(T("only a horse-drawn wagon gallops"), "D12.4")
    why = can_move(position, unit)
    if why:
        raise IllegalAction(why)
    if move.path[0] != unit.hex:
        raise IllegalAction(T("{unit} declares its gallop where it is, in {hex}", unit=unit.id,
                              hex=position.label(unit.hex)), "D12.4")
    if unit.has("cx") or galloping(unit):
        raise IllegalAction(T("{unit} is CX: it may not gallop", unit=unit.id), "D12.4")
    if spent_of(unit):
        raise IllegalAction(T("{unit} declares a gallop at the start of its MPh, before spending MF",
                              unit=unit.id), "D12.4")
    return act.Move(move.units, move.path, None, GALLOP)


def gallop(position: Position, move: act.Move) -> State:
    """D12.4: CX on the wagon and everyone aboard; its MF x1.5 for this MPh (``allowance``)."""
    state = position.state
    uid = move.units[0]
    state = state.with_unit(state.units[uid].mark(GALLOP, "cx"))
    for rider in [u for u in state.units.values() if u.carrier == uid and u.type != "sw"]:
        state = state.with_unit(rider.mark("cx"))
    return state


def needs_check(position: Position, unit: UnitState, a: Hex, b: Hex, turned: bool) -> bool:
    """D12.4: a galloping wagon rolls in a hex where it changes VCA, or one it enters for more than 1 MF,
    unless it went up by a road hexside."""
    from hexmate.rules.games.asl import vbypass

    if not galloping(unit):
        return False
    if turned or a == b or vbypass.across_of(unit) is not None:
        return True  # D2.3: a bypassed hexside costs at least 2 MF (bypass_mf)
    step = step_mf(position, unit, a, b)
    if step is None or step <= 1:
        return False
    d = direction_between(a, b)
    road = d in position.map.road_exits(a) and opposite(d) in position.map.road_exits(b)
    return not (road and position.map.level(b) > position.map.level(a))


def wreck_check(position: Position, unit: UnitState, h: Hex) -> Decision:
    prompt = T("{unit} gallops in {hex}: roll the Wreck Check dr; 6 destroys it (D12.4)", unit=unit.id,
               hex=position.label(h))
    return Decision("roll", unit.side, prompt, "D12.4", "vgallop", dice="dr", subject=(unit.id,), target=h)


def resume_check(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A 6: the wagon is destroyed (no wreck: vwreck.no_wreck_side), its MPh over; everyone aboard broken and
    set down in the hex, each SW aboard malfunctioned (D12.4)."""
    assert answer.dice is not None
    state = position.state
    if answer.dice[0] != 6:
        return state
    uid = decision.subject[0]
    unit = state.units[uid]
    state = state.with_unit(unit.mark("wreck", remove=(GALLOP,)))
    for aboard in [u for u in state.units.values() if u.carrier == uid]:
        if aboard.type == "sw":
            state = _sw_lost(state, dataclasses.replace(aboard, carrier=None))
        else:
            state = state.with_unit(dataclasses.replace(aboard.mark("broken"), carrier=None))
            for sw in [u for u in state.units.values() if u.carrier == aboard.id and u.type == "sw"]:
                state = _sw_lost(state, sw)
    if state.moving is not None:
        stopped = T("wrecked at the gallop (D12.4)")
        state = state.replace(moving=dataclasses.replace(state.moving, stopped=stopped))
    return state


def _sw_lost(state: State, sw: UnitState) -> State:
    """D12.4: a SW aboard a wagon wrecked at the gallop malfunctions; one with an X# is eliminated."""
    if isinstance(sw.values.get("x"), int):
        return state.without_unit(sw.id)
    return state.with_unit(sw.mark("malfunctioned"))


def generate(position: Position) -> Iterator[act.Action]:
    """Gallops that may be declared now, for the page's buttons."""
    from hexmate.rules.games.asl.armour import vtype

    state = position.state
    if position.phase.id != "MPh" or state.decision is not None or state.moving is not None:
        return
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != position.phasing or unit.hex is None or unit.type != "vehicle":
            continue
        if not is_wagon(vtype(unit).movement):
            continue
        try:
            yield check_gallop(position, act.Move((unit.id,), (unit.hex,), None, GALLOP))
        except IllegalAction:
            continue


__all__ = ["GALLOP", "OPEN_MF", "TURN_MF", "WAGON", "allowance", "bypass_mf", "check_gallop", "gallop",
           "galloping", "generate", "is_gallop", "is_wagon", "is_wagon_unit", "needs_check", "resume_check",
           "step_mf", "wreck_check"]
