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

D12.2 (coupled wagons): ``activate W1,W2 for couple``: two of a side's wagons (not sledges: D12.5 speaks
of one counter's back) in one Location, stopped, in its MPh before either moved or spent MF, neither towing,
galloping nor carrying anyone, are declared to tow one Gun together. From then on they are one wagon, W1
(marked ``coupled:W2``; W2's counter goes under it and leaves the game's state), in all respects but two:
T# 2 (``tow``: vtow.py's hook-up asks it) and a Large target (D12.3, D1.72: Case P -1, ``target_size``).
The Gun's M# of 2 or more that D12.2 asks is chapter C's (C10.3, not among the texts): the couple is the
owner's declaration that the Gun he will hook up (``move W1 HEX as hook``) is such a one; it is not checked.
Not built: uncoupling (the text gives none).
"""

from __future__ import annotations

import contextlib
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
    before = position.map.level(src) if src in position.map else 0  # A2.51: the off-board ground
    base = OPEN_MF * (2 if position.map.level(p) > before else 1)
    return Fraction(2 * (base + others))


def step_mf(position: Position, unit: UnitState, a: Hex, b: Hex) -> Fraction | None:
    """MF to enter b from a (D12.1): the infantry cost (road 1, a higher level doubled), plus 1 for each
    other vehicle or wreck there (D2.14, D10.2); None where the MF column prohibits it, or where entering
    would be an Overrun (D7.1: not for a wagon)."""
    from hexmate.rules.games.asl import moto, overrun

    base = table_for("asl", None).cost_fn("infantry")(position.map, a, b)
    if base is None or overrun.targets(position, unit.side, b):
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


COUPLE = "couple"  # ``activate W1,W2 for couple`` (D12.2)
COUPLED = "coupled:"  # on the wagon that stands for both: ``coupled:<the other's id>`` (D12.2)


def coupled(unit: UnitState) -> str | None:
    """The wagon coupled to this one and gone under it (D12.2), or None."""
    return next((m[len(COUPLED):] for m in unit.markers if m.startswith(COUPLED)), None)


def tow(unit: UnitState) -> int:
    """The vehicle's T#: 2 for coupled wagons (D12.2), else its catalogue's (D1.5)."""
    from hexmate.rules.games.asl.armour import vtype

    return 2 if coupled(unit) is not None else vtype(unit).tow


def target_size(unit: UnitState, size: int) -> int:
    """The Case P size DRM: coupled wagons are a Large target, -1 (D12.3, D1.72); else ``size``."""
    return -1 if coupled(unit) is not None else size


def claims_couple(action: act.Action) -> bool:
    return isinstance(action, act.Activate) and action.mode == COUPLE


def check_couple(position: Position, action: act.Activate) -> act.Activate:
    """D12.2: two wagons declared to tow one Gun together."""
    from hexmate.rules.games.asl.armour import spent_of, vtype
    from hexmate.rules.games.asl.vtow import towing

    units = [position.units.get(u) for u in action.units]
    wagons = [u for u in units if u is not None and is_wagon_unit(u)]
    if len(action.units) != 2 or len(wagons) != 2 or wagons[0].id == wagons[1].id:
        raise IllegalAction(T("two wagons are coupled: activate WAGON,WAGON for couple (D12.2)"), "D12.2")
    first, second = wagons
    if position.phase.id != "MPh" or first.side != position.phasing or second.side != first.side:
        raise IllegalAction(T("a side couples its own wagons in its MPh (D12.2)"), "D12.2")
    if first.hex is None or (first.hex, first.level) != (second.hex, second.level):
        raise IllegalAction(T("{a} and {b} are coupled in one Location (D12.2)", a=first.id, b=second.id),
                            "D12.2")
    for unit in wagons:
        if vtype(unit).sledge:
            raise IllegalAction(T("{unit} is a sledge: D12.2 couples wagons", unit=unit.id), "D12.2")
        if coupled(unit) is not None or towing(unit):
            raise IllegalAction(T("{unit} is coupled or towing already", unit=unit.id), "D12.2")
        if unit.id in position.state.moved or spent_of(unit) or unit.has("motion") or galloping(unit):
            raise IllegalAction(T("{unit} is coupled stopped, before it moves or spends MF", unit=unit.id),
                                "D12.2")
        if unit.has("wreck") or any(u.carrier == unit.id for u in position.units.values()):
            raise IllegalAction(T("{unit} is coupled empty and whole: unload it first", unit=unit.id),
                                "D12.2")
    return act.Activate((first.id, second.id), COUPLE)


def couple(position: Position, action: act.Activate) -> State:
    """D12.2: the first wagon stands for both (``coupled:``); the second's counter goes under it."""
    first, second = action.units
    state = position.state.with_unit(position.units[first].mark(f"{COUPLED}{second}"))
    return state.without_unit(second)


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
        with contextlib.suppress(IllegalAction):
            yield check_gallop(position, act.Move((unit.id,), (unit.hex,), None, GALLOP))
        for other in sorted(position.units_at(unit.hex), key=lambda u: u.id):
            if other.id > unit.id and other.type == "vehicle" and is_wagon(vtype(other).movement):
                try:
                    yield check_couple(position, act.Activate((unit.id, other.id), COUPLE))
                except IllegalAction:
                    continue


__all__ = ["COUPLE", "GALLOP", "OPEN_MF", "TURN_MF", "WAGON", "allowance", "bypass_mf", "check_couple",
           "check_gallop", "claims_couple", "couple", "coupled", "gallop", "galloping", "generate",
           "is_gallop", "is_wagon", "is_wagon_unit", "needs_check", "resume_check", "step_mf", "target_size",
           "tow", "wreck_check"]
