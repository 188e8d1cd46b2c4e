"""ASL D2.17 (with D3.3): delay MP, MP a stopped vehicle spends without moving.

D2.17: a vehicle may spend MP without moving only while stopped (or in platoon movement, D14, not in play).
It may do so to build up the MP it spends in the LOS of a target before firing (which decides chapter C's
Case C against C1/C2, C5.33: not among the texts, so the game always applies Case C), to draw Defensive
First Fire, or to use part of its allowance before it moves. D3.3: each MP, delay MP included, is declared one
at a time, and the defender may fire after each one, before the next MP or the next Bounding First Fire.

At the table: ``move VEHICLE HEX-HEX as delay`` (its own hex twice: one MP spent in place; listed on the page
as the vehicle's actions are). The defender's reaction window opens at the vehicle's hex as for an entry (a
stopped vehicle: no Case J against it, D2.1). The MP count toward its allowance for the rest of the MPh
(armour.spent_of); it is still stopped, and it may go on with another delay MP, Bounding First Fire, or its
move. Before it moves: a vehicle that has moved this MPh is done (one move a vehicle a phase in this game),
and a vehicle in Motion is not stopped (D2.17).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl.armour import budget, can_move, is_vehicle, spent_of, with_spent
from hexmate.rules.games.base import Position, State
from hexmate.rules.text import T

MODE = "delay"
DELAY_MP = Fraction(1)


def is_delay(position: Position, move: act.Move) -> bool:
    uid = move.units[0] if move.units else ""
    return move.mode == MODE and uid in position.units and is_vehicle(position.units[uid])


def delaying(state: State) -> bool:
    """Is the move under way a delay MP (the game remembers the declared mode while a vehicle moves)?"""
    return state.moving is not None and getattr(state.game, "vmove_mode", "") == MODE


def check(position: Position, move: act.Move) -> act.Move:
    if len(move.units) != 1:
        raise IllegalAction(T("a vehicle spends delay MP alone"), "D2.17")
    vehicle = position.units[move.units[0]]
    why = can_move(position, vehicle)
    if why:
        raise IllegalAction(why)
    if len(move.path) != 2 or move.path[0] != vehicle.hex or move.path[1] != vehicle.hex:
        raise IllegalAction(
            T("a delay MP is spent in place: move VEHICLE HEX-HEX as delay, its own hex twice"), "D2.17")
    if vehicle.has("motion"):
        raise IllegalAction(T("{unit} is in Motion: only a stopped vehicle spends delay MP", unit=vehicle.id),
                            "D2.17")
    if spent_of(vehicle) + DELAY_MP > budget(vehicle):
        raise IllegalAction(T("{unit} has no MP left to spend", unit=vehicle.id), "D2.17")
    return act.Move(move.units, move.path, DELAY_MP, MODE)


def end(position: Position) -> State:
    """The delay MP is spent: counted, the vehicle still stopped where it was and free to act again."""
    state = position.state
    moving = state.moving
    assert moving is not None
    uid = moving.units[0]
    if uid not in state.units:
        return state
    state = state.with_unit(with_spent(state.units[uid], spent_of(state.units[uid]) + DELAY_MP))
    return state.replace(moved=tuple(u for u in state.moved if u != uid))


def generate(position: Position) -> Iterator[act.Action]:
    """The delay MP open now, for the page's buttons."""
    if position.phase.id != "MPh" or position.state.decision is not None or position.state.moving is not None:
        return
    for vehicle in sorted(position.units.values(), key=lambda u: u.id):
        if not is_vehicle(vehicle) or vehicle.side != position.phasing or vehicle.hex is None:
            continue
        move = act.Move((vehicle.id,), (vehicle.hex, vehicle.hex), None, MODE)
        try:
            yield check(position, move)
        except IllegalAction:
            continue


__all__ = ["DELAY_MP", "MODE", "check", "delaying", "end", "generate", "is_delay"]
