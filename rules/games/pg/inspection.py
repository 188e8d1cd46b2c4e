"""PG's optional limited stack inspection (17.0 "Limited information", ``options.limited_information``).

A player may not look under the top unit of an enemy stack unless the whole stack is adjacent to (or in the
hex of) one of his good-order (neither disrupted nor demoralized) units or leaders, or the stack carries a
SPOTTED marker. Hexmate keeps the units under the top concealed (``UnitState.concealed``), which every page
but the owner's, the spectators' sockets and the LED pictures already honour (``host/table/views.py``,
``Position.view``); the top is the stack's first non-leader unit by id (the table cannot tell which counter
lies on top, so the page names none of a concealed stack's units). The flags are worked out again after
every action. Hidden units (``hidden.py``) keep their own concealment.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.pg import hidden as pg_hidden
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import distance

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"


def enabled(position: Position) -> bool:
    return bool(position.scenario.options.get("limited_information"))


def _inspectable(position: Position, stack: list[UnitState]) -> bool:
    h = stack[0].hex
    assert h is not None
    if any(u.has(pg_spot.SPOTTED) for u in stack):
        return True
    side = stack[0].side
    return any(u.side != side and u.hex is not None and distance(u.hex, h) <= 1 and not u.has("disrupted")
               and not u.has("demoralized") and u.carrier is None for u in position.units.values())


def under_top(position: Position) -> set[str]:
    """The units that lie under the top of a stack their enemy may not inspect."""
    out: set[str] = set()
    stacks: dict[tuple[str, object], list[UnitState]] = {}
    for unit in position.units.values():
        if unit.hex is not None and not unit.has(pg_hidden.MARKER):
            stacks.setdefault((unit.side, unit.hex), []).append(unit)
    for stack in stacks.values():
        if len(stack) < 2 or _inspectable(position, stack):
            continue
        ordered = sorted(stack, key=lambda u: (pu.is_leader(u), u.id))
        out.update(u.id for u in ordered[1:])
    return out


def update(game: PgGame, position: Position) -> State:
    if not enabled(position):
        return position.state
    state = position.state
    hide = under_top(position)
    for unit in position.units.values():
        if unit.has(pg_hidden.MARKER):
            continue
        want = unit.id in hide
        if unit.concealed != want:
            state = state.with_unit(dataclasses.replace(unit, concealed=want))
    return state


__all__ = ["enabled", "under_top", "update"]
