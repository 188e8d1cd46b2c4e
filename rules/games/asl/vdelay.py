"""ASL D2.17 (with D3.3): delay MP, MP a stopped vehicle spends without moving.

D2.17: a vehicle may spend MP without moving only while stopped (or in platoon movement, D14, not in play).
It may do so to build up the MP it spends in the LOS of a target before firing (which decides chapter C's
Case C against C1/C2, C5.33: not among the texts, so the game always applies Case C), to draw Defensive
First Fire, or to use part of its allowance before it moves. D3.3: each MP, delay MP included, is declared one
at a time, and the defender may fire after each one, before the next MP or the next Bounding First Fire.

At the table: ``move VEHICLE HEX-HEX as delay`` (its own hex twice: one MP spent in place; listed on the page
as the vehicle's actions are). D3.1.2: ``as delay:tcaK`` spends that MP turning the TCA to hexspine K too (the
TCA turns with any MP spent, declared with it; two MP in a woods or building obstacle or rubble, C5.11).
The defender's reaction window opens at the vehicle's hex as for an entry (a
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
from hexmate.rules.games.asl import vbypass
from hexmate.rules.games.asl.armour import (
    budget,
    can_move,
    facing_of,
    is_vehicle,
    spent_of,
    turret_extra,
    vtype,
    with_spent,
)
from hexmate.rules.games.asl.vehicles import tca_of
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

MODE = "delay"
DELAY_MP = Fraction(1)
TURRET = "delay:tca"  # D3.1.2: ``as delay:tcaK``, the delay MP that also turns the TCA to hexspine K


def turret_of(mode: str) -> int | None:
    """The hexspine a ``delay:tcaK`` mode turns the TCA to, else None."""
    rest = mode[len(TURRET):] if mode.startswith(TURRET) else ""
    return int(rest) if len(rest) == 1 and rest in "012345" else None


def _delay_mode(mode: str) -> bool:
    return mode == MODE or turret_of(mode) is not None


def is_delay(position: Position, move: act.Move) -> bool:
    uid = move.units[0] if move.units else ""
    return _delay_mode(move.mode) and uid in position.units and is_vehicle(position.units[uid])


def delaying(state: State) -> bool:
    """Is the move under way a delay MP (the game remembers the declared mode while a vehicle moves)?"""
    return state.moving is not None and _delay_mode(getattr(state.game, "vmove_mode", ""))


def cost(position: Position, vehicle: UnitState, mode: str) -> Fraction:
    """One delay MP; D3.1.2: a TCA change in a woods or building obstacle or rubble takes twice the MP
    (C5.11), so a delay MP that turns the turret there is two."""
    return DELAY_MP + (turret_extra(position, vehicle) if turret_of(mode) is not None else 0)


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
    k = turret_of(move.mode)
    if k is not None:  # D3.1.2: the TCA turns with an MP spent for another purpose, here a delay MP
        vt = vtype(vehicle)
        if vt.ma is None or vt.ma.mount == "NT":
            raise IllegalAction(T("{unit} has no turret", unit=vehicle.id), "D3.1.2")
        if vbypass.across_of(vehicle) is not None:  # D2.321: to one of its turret's four TCA points
            why = vbypass.why_not_tca(vehicle, k, tca_of(vehicle.markers, facing_of(vehicle)))
            if why is not None:
                raise IllegalAction(why, "D2.321")
        elif k == tca_of(vehicle.markers, facing_of(vehicle)):
            raise IllegalAction(T("{unit}'s TCA is already at hexspine {k}", unit=vehicle.id, k=k), "D3.1.2")
    mp = cost(position, vehicle, move.mode)
    if spent_of(vehicle) + mp > budget(vehicle):
        raise IllegalAction(T("{unit} has not the {mp} MP left to spend", unit=vehicle.id, mp=mp), "D2.17")
    return act.Move(move.units, move.path, mp, move.mode)


def turn(position: Position, state: State, move: act.Move) -> State:
    """D3.1.2: a ``delay:tcaK`` MP turns the TCA as it is declared, before the defender may fire at it (D3.3);
    a turret that turns throws its riders off (D6.21)."""
    k = turret_of(move.mode)
    if k is None or move.units[0] not in state.units:
        return state
    from hexmate.rules.games.asl import vfire

    state, unit = vfire.turn_ma(position, state, state.units[move.units[0]], k)
    return state.with_unit(unit)


def end(position: Position) -> State:
    """The delay MP is spent: counted, the vehicle still stopped where it was and free to act again."""
    state = position.state
    moving = state.moving
    assert moving is not None
    uid = moving.units[0]
    if uid not in state.units:
        return state
    mp = cost(position, state.units[uid], getattr(state.game, "vmove_mode", ""))
    state = state.with_unit(with_spent(state.units[uid], spent_of(state.units[uid]) + mp))
    return state.replace(moved=tuple(u for u in state.moved if u != uid))


def generate(position: Position) -> Iterator[act.Action]:
    """The delay MP open now, for the page's buttons."""
    if position.phase.id != "MPh" or position.state.decision is not None or position.state.moving is not None:
        return
    for vehicle in sorted(position.units.values(), key=lambda u: u.id):
        if not is_vehicle(vehicle) or vehicle.side != position.phasing or vehicle.hex is None:
            continue
        for mode in (MODE, *(f"{TURRET}{k}" for k in range(6))):  # D3.1.2: with a TCA change too
            move = act.Move((vehicle.id,), (vehicle.hex, vehicle.hex), None, mode)
            try:
                yield check(position, move)
            except IllegalAction:
                continue


__all__ = ["DELAY_MP", "MODE", "TURRET", "check", "cost", "delaying", "end", "generate", "is_delay", "turn",
           "turret_of"]
