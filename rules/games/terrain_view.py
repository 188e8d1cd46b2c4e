"""What the game modules ask of terrain: a movement cost function per mover, a target's TEM or fire shift,
and a line of sight, answered by rules-geo's terrain tables (rules/games/<game>/terrain.json) and LOS engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hexmate.rules import los as los_engine
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap
from hexmate.rules.terrain import TerrainTable, load_game_terrain
from hexmate.rules.text import T

Cost = int | Fraction
CostFn = Callable[[HexMap, Hex, Hex], Cost | None]


@dataclass(frozen=True)
class Sight:
    blocked: bool
    hindrance: int
    reason: str


class GeoTable:
    """rules-geo's terrain table and LOS engine behind the same four questions the games ask."""

    def __init__(self, game: str, table: TerrainTable, los: Any) -> None:
        self.game = game
        self.table = table
        self._los = los
        self._rules = table.los_rules()
        self._prepared: dict[int, tuple[HexMap, Any]] = {}

    def cost_fn(self, mover: str) -> CostFn:
        fn: CostFn = self.table.cost_fn(mover)
        return fn

    def tem(self, m: HexMap, h: Hex) -> int:
        value = self.table.tem(m, h)
        return 0 if value is None else int(value.value)

    def fire_shift(self, m: HexMap, h: Hex) -> int:
        """PG's tables hold a column shift; the others a DRM (positive helps the target)."""
        return self.tem(m, h) if self.game == "pg" else -self.tem(m, h)

    def line_of_sight(self, m: HexMap, a: Hex, b: Hex, a_height: Fraction | int = 0) -> Sight:
        """``a_height``: the observer's levels above his hex's ground (PG 8.34: a town spots from +20 m)."""
        key = id(m)
        if key not in self._prepared or self._prepared[key][0] is not m:
            self._prepared[key] = (m, self._los.prepare(m, self._rules))  # precomputed once per map
        prepared = self._prepared[key][1]
        result = self._los.evaluate(prepared, self._rules, a, b, self._los.trace_elements(a, b), a_height,
                                     origin=a)
        reason = (T("{reason} ({rule})", reason=result.reason, rule=result.rule)
                  if result.rule and result.rule not in result.reason else result.reason)
        return Sight(bool(result.blocked), int(result.hindrance), reason)


_CACHE: dict[str, GeoTable] = {}


def table_for(game: str, data_dir: Any = None) -> GeoTable:
    """The game's terrain view over rules/games/<game>/terrain.json, loaded once."""
    if game not in _CACHE:
        _CACHE[game] = GeoTable(game, load_game_terrain(game), los_engine)
    return _CACHE[game]
