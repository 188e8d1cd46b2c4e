"""Entrenchments (16.4) as hexes: placed on the board at the start (``options.entrenchments``: hex labels, and
the hex of any unit the scenario sets up ``entrenched``), never built in play; they stay when their units
leave and serve the next occupant of either side.

Kept true after every change by ``sync``: a unit in an entrenchment hex carries ``entrenched`` (what the
fire, assault and recovery rules read: 14.45, 16.4, 12.41, 12.43), unless it came in while the enemy held the
hex (12.41: the entrenchment helps only defenders who held it before the enemy entered); a unit that leaves
loses it. AFVs, cavalry and transports may be in one but get no benefit (the rules reading it say so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules.games.base import Position, State
from hexmate.rules.games.pg import units as pu

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

ENTRENCHED = "entrenched"


def sync(game: PgGame, position: Position) -> State:
    state = position.state
    gs = game.gstate(state)
    known = gs.entrenched_hexes
    if known is None:  # the start: the scenario's entrenchments
        labels = {str(x) for x in position.scenario.options.get("entrenchments", [])}
        labels |= {position.label(u.hex) for u in state.units.values()
                   if u.hex is not None and u.has(ENTRENCHED)}
        known = tuple(sorted(labels))
        state = state.replace(game=gs.replace(entrenched_hexes=known))
    if not known:
        return state
    hexes = {position.map.parse_label(x) for x in known}
    view = position.at(state)
    for unit in list(state.units.values()):
        inside = unit.hex is not None and unit.hex in hexes
        if unit.has(ENTRENCHED) and not inside:
            state = state.with_unit(unit.mark(remove=(ENTRENCHED,)))
        elif inside and not unit.has(ENTRENCHED) and unit.carrier is None:
            assert unit.hex is not None
            if not any(u.side != unit.side and not pu.is_leader(u) for u in view.units_at(unit.hex)):
                state = state.with_unit(unit.mark(ENTRENCHED))
    return state


__all__ = ["ENTRENCHED", "sync"]
