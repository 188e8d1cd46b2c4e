"""ASL towing as far as chapters A and D define it (D1.5, D2.2, D2.7, D8.21, D8.32, D5.41).

A vehicle's T# is its catalogue entry's ``tow`` (D1.5: how heavy a Gun it may tow; C10.1, which says what
that weight means, is not among the texts). A vehicle towing a Gun or trailer carries the marker ``towing``
(set in the scenario, or by hooking up); the Gun itself is chapter C's and is not a unit here: its counter
rides on the vehicle and goes down beside it when unhooked.

What towing does here:
- each hex entered costs the chart pack's ``towing.entry_mp`` more (C10.1, not in the texts; its 1 is what
  D17.26 implies: an aerosan pays +2 "instead of +1"). D2.7's all-MP terrain is not in the pack;
- no reverse movement (D2.2);
- +1 to every bog DR (D8.21's table);
- hooking up and unhooking are vehicle MP expenditures in its own MPh before it moves, declared as a
  "move" that goes nowhere: ``move pz C5 as hook`` / ``as unhook``, costing the pack's ``hook_mp`` and
  ``unhook_mp`` (C10.1, demo values); unhooking from a bogged, immobilized or abandoned vehicle costs
  nothing and is open to it although it cannot move (D8.32), and its crew may unhook as it abandons it
  (D5.41: ``as abandon``, then ``as unhook``).

Not built: which Guns a T# may tow (C10.1), the Gun as a unit (manhandling, its crew, firing: chapter C),
the infantry doing the hook-up under fire (D5.43's rule is ``vmove.boarding``). Two coupled wagons tow
with T# 2 (D12.2, wagon.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.decisions import Physical
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import wagon
from hexmate.rules.games.asl.armour import budget, is_vehicle, spent_of, with_spent
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

MARK = "towing"
MODES = ("hook", "unhook")
STUCK = ("bogged", "mired", "immobilized", "abandoned")  # D8.32: unhooked at no cost


def towing(unit: UnitState) -> bool:
    return unit.has(MARK)


def entry_mp(unit: UnitState) -> Fraction:
    """C10.1 (demo values): what towing adds to each hex entered."""
    return Fraction(od.load_pack().towing["entry_mp"]) if towing(unit) else Fraction(0)


def is_tow(position: Position, move: act.Move) -> bool:
    uid = move.units[0] if move.units else ""
    return move.mode in MODES and uid in position.units and is_vehicle(position.units[uid])


def cost(unit: UnitState, mode: str) -> Fraction:
    """The MP a hook-up or an unhooking costs (C10.1, demo values); nothing from a stuck vehicle (D8.32)."""
    if mode == "unhook" and any(unit.has(m) for m in STUCK):
        return Fraction(0)
    return Fraction(od.load_pack().towing["hook_mp" if mode == "hook" else "unhook_mp"])


def check(position: Position, move: act.Move) -> act.Move:
    if len(move.units) != 1 or len(move.path) != 1:
        raise IllegalAction(T("a hook-up names one vehicle and its own hex: move VEHICLE HEX as hook"),
                            "D1.5")
    vehicle = position.units[move.units[0]]
    if position.phase.id != "MPh" or vehicle.side != position.phasing:
        raise IllegalAction(T("a vehicle hooks up or unhooks a Gun in its own MPh"), "D1.5")
    if move.path[0] != vehicle.hex:
        raise IllegalAction(T("{unit} hooks up or unhooks where it is, in {hex}", unit=vehicle.id,
                              hex=position.label(vehicle.hex)), "D1.5")
    if vehicle.has("wreck"):
        raise IllegalAction(T("{unit} is a wreck", unit=vehicle.id), "D10.1")
    if move.mode == "hook":
        if wagon.tow(vehicle) <= 0:
            raise IllegalAction(T("{unit} has no T#: it tows nothing", unit=vehicle.id), "D1.5")
        if towing(vehicle):
            raise IllegalAction(T("{unit} is already towing", unit=vehicle.id), "D1.5")
        if any(vehicle.has(m) for m in STUCK) or vehicle.has("motion"):
            raise IllegalAction(T("{unit} must be stopped and mobile to hook up a Gun", unit=vehicle.id),
                                "D1.5")
    elif not towing(vehicle):
        raise IllegalAction(T("{unit} tows nothing to unhook", unit=vehicle.id), "D8.32")
    free = move.mode == "unhook" and any(vehicle.has(m) for m in STUCK)
    if not free:
        if vehicle.id in position.state.moved or vehicle.has("motion"):
            raise IllegalAction(T("{unit} hooks up or unhooks while stopped, before it moves",
                                  unit=vehicle.id), "D1.5")
        need = cost(vehicle, move.mode)
        if spent_of(vehicle) + need > budget(vehicle):
            raise IllegalAction(T("{unit} has not the {cost} MP it costs (C10.1, demo values)",
                                  unit=vehicle.id, cost=need), "D1.5")
    return act.Move(move.units, move.path, cost(vehicle, move.mode), move.mode)


def apply(position: Position, move: act.Move) -> State:
    vehicle = position.units[move.units[0]]
    spent = spent_of(vehicle) + cost(vehicle, move.mode)
    done = vehicle.mark(MARK) if move.mode == "hook" else vehicle.mark(remove=(MARK,))
    return position.state.with_unit(with_spent(done, spent) if spent else done)


def generate(position: Position) -> Iterator[act.Action]:
    """Hook-ups and unhookings open now, for the page's buttons."""
    if position.phase.id != "MPh" or position.state.decision is not None:
        return
    for vehicle in sorted(position.units.values(), key=lambda u: u.id):
        if not is_vehicle(vehicle) or vehicle.side != position.phasing or vehicle.hex is None:
            continue
        if not towing(vehicle) and wagon.tow(vehicle) <= 0:
            continue
        move = act.Move((vehicle.id,), (vehicle.hex,), None, "unhook" if towing(vehicle) else "hook")
        try:
            yield check(position, move)
        except IllegalAction:
            continue


def changes(before: State, after: State) -> list[Physical]:
    """The Gun counter goes onto the vehicle when hooked up, beside it when unhooked (D1.5, D8.32)."""
    out: list[Physical] = []
    for uid, new in sorted(after.units.items()):
        old = before.units.get(uid)
        if old is None or new.hex is None or towing(old) == towing(new):
            continue
        if towing(new):
            text = T("put the towed Gun's counter with {unit} (D1.5)", unit=uid)
            out.append(Physical("place", uid, text, "D1.5", new.hex, MARK))
        else:
            text = T("set the Gun {unit} towed down in its hex, unhooked (D8.32)", unit=uid)
            out.append(Physical("take", uid, text, "D8.32", new.hex, MARK))
    return out


__all__ = ["MARK", "MODES", "apply", "changes", "check", "cost", "entry_mp", "generate", "is_tow", "towing"]
