"""PG a leader riding along with a faster unit (5.0, 6.3).

A leader has MA 4 (a cavalry leader 6, 6.9) and moves as a foot unit; he may move with a unit he activated,
and one leader may ride on a non-transport unit with a greater MA than his (a motorcycle unit, say): the
pair then moves with that unit's MA and terrain costs. Two or more leaders, or a slower unit, keep every
leader's own MA as the limit. Transports carry leaders by 5.6 instead (``PgGame.ride``).
"""

from __future__ import annotations

from hexmate.rules.games.base import UnitState
from hexmate.rules.games.pg import trains as pg_trains
from hexmate.rules.games.pg import units as pu


def rider(units: list[UnitState]) -> UnitState | None:
    """6.3: the one leader riding on the one faster non-transport unit of this move, if that is the move."""
    leaders = [u for u in units if pu.is_leader(u)]
    troops = [u for u in units if not pu.is_leader(u)]
    if len(leaders) != 1 or len(troops) != 1:
        return None
    unit, leader = troops[0], leaders[0]
    if pu.is_transport(unit) or pu.is_apc(unit):
        return None  # 5.6: carried, not ridden
    return leader if pg_trains.ma(unit) > pg_trains.ma(leader) else None


def limiting(units: list[UnitState]) -> list[UnitState]:
    """The units whose MA bounds the move: all of them, but a leader riding a faster unit (6.3)."""
    who = rider(units)
    return [u for u in units if u is not who]


__all__ = ["limiting", "rider"]
