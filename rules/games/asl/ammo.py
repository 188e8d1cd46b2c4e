"""ASL Ammunition Shortage (A19.131): which sides suffer it, from the scenario (an SSR), and what it does.

The scenario's option ``"ammo_shortage": ["ger"]`` names the sides whose OB suffers it (A19.131: an SSR says
so). A mapping ``{"ger": true}`` is read the same way; anything else is a data error naming the option.
"""

from __future__ import annotations

from collections.abc import Mapping

from hexmate.rules.errors import DataError
from hexmate.rules.games.base import Position

OPTION = "ammo_shortage"


def sides(position: Position) -> frozenset[str]:
    """The sides under Ammunition Shortage (A19.131)."""
    got = position.scenario.options.get(OPTION)
    if got is None:
        return frozenset()
    if isinstance(got, Mapping):
        if not all(isinstance(v, bool) for v in got.values()):
            raise DataError(f"{position.scenario.name}: options.{OPTION} maps each side to true or false")
        return frozenset(str(k) for k, v in got.items() if v)
    if isinstance(got, list | tuple) and all(isinstance(s, str) for s in got):
        return frozenset(got)
    raise DataError(f"{position.scenario.name}: options.{OPTION} must list the sides under Ammunition "
                    "Shortage (A19.131)")


def short(position: Position, side: str) -> bool:
    """Is this side's OB under Ammunition Shortage (A19.131)?"""
    return side in sides(position)
