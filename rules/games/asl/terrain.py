"""ASL terrain access for the game module: movement cost, TEM and LOS through the game's terrain view."""

from __future__ import annotations

from hexmate.rules.games.base import Position
from hexmate.rules.games.terrain_view import CostFn, Sight, table_for
from hexmate.rules.hexes import Hex

__all__ = ["CostFn", "Sight", "infantry_cost_fn", "line_of_sight", "tem"]


def infantry_cost_fn(position: Position) -> CostFn:
    """MF for infantry to step between adjacent hexes (A4.13-A4.133), None where entry is prohibited."""
    return table_for("asl", None).cost_fn("infantry")


def tem(position: Position, h: Hex) -> int:
    """The target Location's Terrain Effects Modifier (A7.6)."""
    return table_for("asl", None).tem(position.map, h)


def line_of_sight(position: Position, a: Hex, b: Hex) -> Sight:
    """LOS from a to b (A6): blocked or not, the hindrance DRM (A6.7) and the reason."""
    return table_for("asl", None).line_of_sight(position.map, a, b)
