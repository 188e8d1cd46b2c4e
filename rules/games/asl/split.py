"""A moving stack split by Defensive First Fire (A8.1, the A9.2 example): the units it broke or pinned stay.

A8.1: Defensive First Fire affects only the moving units it attacks, and a unit it breaks or pins ends its
move in the Location it entered (A7.8 pinned, A10.4 broken). The A9.2 example makes the rest explicit: the
9-1 leader moving with a 4-6-7 is pinned in 1H6 and the squad goes on into H5. So before the move goes on,
the stopped units leave the moving group, stand where they are (their move, and so their MPh, over: they are
no longer First Fire targets) with the SW they possess (A4.43), and the others carry on along the path.

Without the leader (left behind, or eliminated) the others lose his +2 MF (A4.12): if what the whole path
costs is more than they have alone, they stop there too (not modelled: a path re-planned on the spot).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules.games.asl import carry
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame


def stops(unit: UnitState) -> bool:
    """A8.1: broken or pinned by the fire at it, the unit's move ends where it is."""
    return unit.has("broken") or unit.has("pinned")


def split(game: AslGame, position: Position) -> State:
    """The moving group without its broken or pinned members, who stay in the Location they entered."""
    state = position.state
    moving = state.moving
    if moving is None or moving.finished or moving.stopped:
        return state
    people = [state.units[u] for u in moving.units if u in state.units and state.units[u].type != au.SW]
    going = [u for u in people if not stops(u)]
    stayed = [u for u in people if stops(u)]
    gone = [u for u in moving.units if u not in state.units]  # eliminated by the fire
    if not going or (not stayed and not gone) or any(u.type == carry.VEHICLE for u in people):
        return state  # all go on, all stop (can_continue), or a vehicle's move (chapter D)
    left = carry.with_carried(state, stayed)
    state = state.replace(moving=dataclasses.replace(moving, units=carry.with_carried(state, going)),
                          moved=(*state.moved, *left))
    cx = "cx" if any(u.has("cx") for u in going) else ""
    budget = game.group_budget(going, cx, state, position=position)
    total = moving.cost
    if isinstance(total, int | Fraction) and total > budget:  # A4.12: the leader's bonus is gone with him
        why = T("{units} go on without {stayed}: the path costs {cost} MF, they have {budget} alone (A4.12)",
                units=", ".join(u.id for u in going), stayed=", ".join([*(u.id for u in stayed), *gone]),
                cost=str(total),
                budget=str(budget))
        state = state.replace(moving=dataclasses.replace(moving, units=carry.with_carried(state, going),
                                                         stopped=why))
    return state


__all__ = ["split", "stops"]
