"""PG movement classes (1.2, 5.1, 5.2, 16.3, 16.5): entry costs per class from ``movement.json`` (foot from
terrain.json). A unit pays its class's cost of the hex entered, or the road rate along a road hexside unless
it enters a town or village (5.2); towed units move only when towed (5.1).
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hexmate.rules.games.terrain_view import CostFn
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

Cost = int | Fraction


@cache
def table() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((Path(__file__).parent / "movement.json").read_text(encoding="utf-8"))
    return data


def _cost(v: Any) -> Cost | None:
    if v is None:
        return None
    f = Fraction(str(v))
    return f.numerator if f.denominator == 1 else f


def cost_fn(game: PgGame, move_class: str) -> CostFn | None:
    """The entry cost function of a class; None for a towed unit, which does not move by itself (5.1)."""
    if move_class == "foot":
        foot: CostFn = game.terrain_table().cost_fn("foot")
        return foot
    if move_class not in table()["classes"]:
        return None
    costs = {k: _cost(v) for k, v in table()["classes"][move_class].items()}
    road = costs.get("road")
    canon = game.terrain_table().table.canonical
    no_road = set(table()["road_ignored_into"])

    def fn(m: HexMap, a: Hex, b: Hex) -> Cost | None:
        terrain = canon(m.terrain(b))
        base = costs.get(terrain, costs.get("clear"))
        if road is not None and "road" in m.hexside(a, b) and terrain not in no_road:
            return road  # 5.2: along the road, bridges too
        return base

    return fn


def wreck_cost(wrecks: int) -> int | None:
    """16.3: a vehicle entering pays +1 with one wreck, +5 with two; three make the hex impassable."""
    if wrecks <= 0:
        return 0
    value = table()["wrecks"].get(str(min(wrecks, 3)))
    return None if value is None else int(value)


def entry_costs(per_hex: Cost, stacks: int) -> list[Cost]:
    """16.5: units entering by one hex queue off the board as if the hex rows went on; each stack pays one
    more off-board hex than the one before (the example: 6 trucks by a road, 1/2 then 1; off it 2 then 4)."""
    return [per_hex * (i + 1) for i in range(stacks)]


__all__ = ["cost_fn", "entry_costs", "wreck_cost"]
