"""ASL support weapons carried by their possessor (A4.4, A4.43): a SW never moves by itself.

A4.4: a SW cannot move alone; infantry carries it (paying its PP, portage.py). A4.43: the SW belongs to the
unit it sits under, and only its possessor carries it. So a move of a stack takes along every SW its movers
possess (the Move names them after the movers: at the table the SW is lifted under its possessor), and
wherever a possessor ends up (an advance, a rout, a withdrawal) its SW is with it. A4.43 also lets a Good
Order possessor drop a SW in the MPh (without moving) or the APh at no MF: ``drop SW`` (a ``Transfer`` to no
one), after which the SW lies unpossessed in the Location until it is recovered (A4.44, rphase.py).

Picking up an unpossessed SW during the MPh (A4.44: 1 MF and a recovery dr) and dropping one in the middle of
a move (the move played as two at the table, split where the SW is dropped) are mphsw.py's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

VEHICLE = "vehicle"  # armour.VEHICLE: a vehicle carries what is aboard it (D6)
DROP = ""  # a Transfer to no one is a drop (A4.43)


def split(units: Sequence[UnitState]) -> tuple[list[UnitState], list[UnitState]]:
    """The units of a group that move on their own MF, and the SW among them, which each must be carried by
    a possessor of the group (A4.4, A4.43); raises IllegalAction naming the SW otherwise."""
    movers = [u for u in units if u.type != au.SW]
    names = {u.id for u in movers}
    sws = [u for u in units if u.type == au.SW]
    for sw in sws:
        if sw.carrier is None:
            raise IllegalAction(T("{sw} is possessed by no unit: it moves only once recovered", sw=sw.id),
                                "A4.44")
        if sw.carrier not in names:
            raise IllegalAction(T("{sw} moves only with {owner}, the unit that possesses it", sw=sw.id,
                                  owner=sw.carrier), "A4.43")
    return movers, sws


def carried(state: State, movers: Sequence[UnitState]) -> tuple[str, ...]:
    """Every SW the movers possess, in the order of their possessors (A4.43)."""
    return tuple(sw.id for u in movers for sw in au.possessed(state, u.id))


def with_carried(state: State, movers: Sequence[UnitState]) -> tuple[str, ...]:
    """The ids a move names: the movers, then the SW they carry (A4.4)."""
    return (*(u.id for u in movers), *carried(state, movers))


def follow(state: State) -> State:
    """Put every possessed SW where its infantry possessor is, at its level (A4.43): after an advance, a
    rout, a withdrawal, a move. A SW aboard a vehicle (its carrier a vehicle) is the vehicle's business."""
    for sw in [u for u in state.units.values() if u.type == au.SW and u.carrier is not None]:
        owner = state.units.get(sw.carrier or "")
        if owner is None or owner.hex is None or owner.type in (au.SW, VEHICLE):
            continue
        if (sw.hex, sw.level) != (owner.hex, owner.level):
            state = state.with_unit(dataclasses.replace(sw, hex=owner.hex, level=owner.level))
    return state


def check_drop(position: Position, drop: act.Transfer) -> act.Transfer:
    """A4.43: a Good Order possessor drops a SW, without MF, in its side's MPh or APh."""
    sw = position.units.get(drop.item)
    if sw is None or sw.type != au.SW:
        raise IllegalAction(T("{unit} is not a support weapon", unit=drop.item), "A4.43")
    owner = position.units.get(sw.carrier or "")
    if owner is None:
        raise IllegalAction(T("{sw} is possessed by no unit", sw=sw.id), "A4.43")
    if position.phase.id not in ("MPh", "APh") or owner.side != position.phasing:
        raise IllegalAction(T("a SW is dropped in its side's MPh or APh"), "A4.43")
    if not au.good_order(owner):
        raise IllegalAction(T("{owner} is not in Good Order: only a Good Order unit drops a SW",
                              owner=owner.id), "A4.43")
    return act.Transfer(sw.id, DROP)


def drop(position: Position, transfer: act.Transfer) -> State:
    """The SW stays in its Location, unpossessed, until recovered (A4.431, A4.44)."""
    from hexmate.rules.games.asl import mphsw

    sw = position.state.units[transfer.item]
    state = position.state.with_unit(dataclasses.replace(sw, carrier=None))
    pp = int(sw.values.get("pp", 0) or 0)  # A4.4: its portage cost stays for the MPh (latedt.py reads it)
    # A4.4: dropped after moving, the possessor goes on, and its stack with it (A17.2: the wounded it carries)
    return mphsw.dropped(state, sw.carrier or "", pp)


__all__ = ["DROP", "carried", "check_drop", "drop", "follow", "split", "with_carried"]
