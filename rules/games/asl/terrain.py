"""ASL terrain access for the game module: movement cost, TEM and LOS from rules-geo's terrain table and LOS.

The numbers live in rules/games/asl/terrain.json (rules-geo's file); this module only adapts them to what the
movement search and the fire resolver ask.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from hexmate.rules.games.base import Position
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap

CostFn = Callable[[HexMap, Hex, Hex], int | Fraction | None]


@dataclass(frozen=True)
class Sight:
    blocked: bool
    hindrance: int
    reason: str


def infantry_cost_fn(position: Position) -> CostFn:
    """MF for infantry to step between adjacent hexes (A4.13-A4.133), None where entry is prohibited."""
    table = position.game.terrain_table()  # type: ignore[attr-defined]
    fn: CostFn = table.cost_fn("infantry")
    return fn


def tem(position: Position, h: Hex) -> int:
    """The target Location's Terrain Effects Modifier (A7.6)."""
    table = position.game.terrain_table()  # type: ignore[attr-defined]
    return int(table.tem(position.map, h))


def line_of_sight(position: Position, a: Hex, b: Hex) -> Sight:
    """LOS from a to b (A6): blocked or not, the hindrance DRM (A6.7) and the reason with its rule."""
    from hexmate.rules.los import check_los

    table = position.game.terrain_table()  # type: ignore[attr-defined]
    result = check_los(position.map, a, b, table.los_rules())
    return Sight(result.blocked, int(result.hindrance), result.reason)
