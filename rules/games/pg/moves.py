"""PG movement classes (1.2, 5.1, 5.2, 16.3, 16.5): entry costs per class from ``movement.json`` (foot from
terrain.json). A unit pays its class's cost of the hex entered, or the road rate along a road hexside unless
it enters a town or village (5.2); towed units move only when towed (5.1).
"""

from __future__ import annotations

import heapq
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass
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


def river(game: PgGame, m: HexMap, h: Hex) -> str | None:
    """5.7: "minor" or "major" for a river hex (by its terrain), else None."""
    kind = table()["rivers"]["kinds"].get(game.terrain_table().table.canonical(m.terrain(h)))
    return None if kind is None else str(kind)


def bridged(m: HexMap, a: Hex, b: Hex) -> bool:
    """5.7: a bridge is printed on the board: a road hexside into or out of a river hex."""
    return "road" in m.hexside(a, b)


def far_bank(game: PgGame, m: HexMap, bank: Hex) -> frozenset[Hex]:
    """5.72: the land hexes across a major river from ``bank`` (the hex a unit came into the river from):
    those no path over land (major river hexes left out) joins to it."""
    key = (id(m), bank)
    if key not in _BANKS:
        land = {h for h in m.hexes if river(game, m, h) != "major"}
        seen, todo = {bank}, [bank]
        while todo:
            h = todo.pop()
            for n in m.neighbors(h):
                if n in land and n not in seen:
                    seen.add(n)
                    todo.append(n)
        _BANKS[key] = frozenset(land - seen)
    return _BANKS[key]


_BANKS: dict[tuple[int, Hex], frozenset[Hex]] = {}


def ford_cost(move_class: str) -> Cost | None:
    """5.7: a ford the scenario names: the vehicle classes' demo cost of entering it."""
    return _cost(table()["classes"].get(move_class, {}).get("ford"))


Stop = Callable[[Hex, Hex], bool]


@dataclass(frozen=True)
class Reach:
    cost: Cost
    path: tuple[Hex, ...]


def reachable(m: HexMap, start: Hex, budget: Cost, cost: CostFn, stop: Stop) -> dict[Hex, Reach]:
    """Dijkstra as ``rules.movement.reachable``, where a step a->b for which ``stop(a, b)`` holds ends the
    move in b (5.7: the first hex after a river hex; 5.73: an engineer's crossing hex). The states are
    (hex, stopped), so a dearer path that may go on is kept beside a cheaper one that must stop."""
    best: dict[tuple[Hex, bool], Cost] = {(start, False): 0}
    parent: dict[tuple[Hex, bool], tuple[Hex, bool]] = {}
    tie = itertools.count()
    heap: list[tuple[Cost, int, Hex, bool]] = [(0, next(tie), start, False)]
    while heap:
        spent, _, h, stopped = heapq.heappop(heap)
        if spent > best[(h, stopped)] or stopped:
            continue
        for n in m.neighbors(h):
            step = cost(m, h, n)
            if step is None or spent + step > budget:
                continue
            node = (n, stop(h, n))
            if node in best and best[node] <= spent + step:
                continue
            best[node], parent[node] = spent + step, (h, stopped)
            heapq.heappush(heap, (spent + step, next(tie), n, node[1]))
    out: dict[Hex, Reach] = {}
    for node, spent in best.items():
        if node[0] in out and out[node[0]].cost <= spent:
            continue
        path, cur = [node[0]], node
        while cur in parent:
            cur = parent[cur]
            path.append(cur[0])
        out[node[0]] = Reach(spent, tuple(reversed(path)))
    return out


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


__all__ = ["bridged", "cost_fn", "entry_costs", "far_bank", "ford_cost", "reachable", "river", "wreck_cost"]
