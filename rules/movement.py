"""Movement search over a map: every reachable hex with its cheapest path, and checks of a physical trail.

Costs come from an injected ``cost_fn(map, from_hex, to_hex) -> cost or None`` (None = prohibited), so the
same search serves every game; the terrain tables build cost functions (:meth:`TerrainTable.cost_fn`).
Costs are ints or Fractions (Fire Team pays 1.5 MP for woods).

>>> from hexmate.rules.maps import HexMap
>>> m = HexMap.from_dict({"format": "hexmate-map/1", "name": "t", "game": "asl", "boards": [
...     {"id": "", "grid": {"kind": "asl", "columns": 3, "rows": 3}}]})
>>> reach = reachable(m, m.parse_label("A1"), 2, lambda _m, _a, _b: 1)
>>> reach[m.parse_label("C2")].cost, [m.label(h) for h in reach[m.parse_label("C2")].path]
(2, ['A1', 'B1', 'C2'])
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.text import T

Cost = int | Fraction
CostFn = Callable[[HexMap, Hex, Hex], Cost | None]


@dataclass(frozen=True, slots=True)
class Reach:
    """The cheapest way found to a hex: total cost and the path (start first, destination last)."""

    cost: Cost
    path: tuple[Hex, ...]


def reachable(m: HexMap, start: Hex, budget: Cost, cost_fn: CostFn) -> dict[Hex, Reach]:
    """Dijkstra from start: every hex reachable for at most ``budget`` (start included at cost 0).

    Ties between equal-cost paths are broken by the order hexes were first reached, so results are stable.
    """
    if start not in m:
        raise ValueError(T("start {start} is not on the map {map}", start=start, map=m.source))
    best: dict[Hex, Cost] = {start: 0}
    parent: dict[Hex, Hex] = {}
    tie = itertools.count()
    heap: list[tuple[Cost, int, Hex]] = [(0, next(tie), start)]
    pop, push, around = heapq.heappop, heapq.heappush, m.neighbors
    while heap:
        cost, _, h = pop(heap)
        if cost > best[h]:
            continue  # a stale entry: h was reached more cheaply since
        for n in around(h):
            old = best.get(n)
            if old is not None and old <= cost:
                continue  # costs are never negative: n cannot get cheaper through h
            step = cost_fn(m, h, n)
            if step is None:
                continue
            total = cost + step
            if total > budget or (old is not None and total >= old):
                continue
            best[n] = total
            parent[n] = h
            push(heap, (total, next(tie), n))
    out: dict[Hex, Reach] = {start: Reach(0, (start,))}
    for h in best:
        if h in out:
            continue
        chain = [h]  # walk up to the first hex whose path is known, then build down
        while chain[-1] not in out:
            chain.append(parent[chain[-1]])
        path = out[chain.pop()].path
        for x in reversed(chain):
            path = (*path, x)
            out[x] = Reach(best[x], path)
    return out


def cheapest_path(
    m: HexMap, start: Hex, goal: Hex, cost_fn: CostFn, budget: Cost | None = None
) -> Reach | None:
    """The cheapest path from start to goal (Dijkstra stopped at the goal), or None if it cannot be reached
    (within ``budget`` when one is given)."""
    if start not in m or goal not in m:
        return None
    return _search_to(m, start, goal, budget, cost_fn)


def _search_to(m: HexMap, start: Hex, goal: Hex, budget: Cost | None, cost_fn: CostFn) -> Reach | None:
    best: dict[Hex, Cost] = {start: 0}
    parent: dict[Hex, Hex] = {}
    done: set[Hex] = set()
    tie = itertools.count()
    heap: list[tuple[Cost, int, Hex]] = [(0, next(tie), start)]
    while heap:
        cost, _, h = heapq.heappop(heap)
        if h in done:
            continue
        if h == goal:
            path = [h]
            while path[-1] != start:
                path.append(parent[path[-1]])
            return Reach(cost, tuple(reversed(path)))
        done.add(h)
        for n in m.neighbors(h):
            if n in done:
                continue
            step = cost_fn(m, h, n)
            if step is None or (budget is not None and cost + step > budget):
                continue
            if n not in best or cost + step < best[n]:
                best[n] = cost + step
                parent[n] = h
                heapq.heappush(heap, (cost + step, next(tie), n))
    return None


@dataclass(frozen=True, slots=True)
class TrailCheck:
    """Result of :func:`validate_trail`. ``bad_step`` is the index (1-based: the hex entered) of the first bad
    step, or None when the trail is legal; ``costs`` are the step costs that could be computed."""

    ok: bool
    cost: Cost
    costs: tuple[Cost, ...]
    bad_step: int | None
    reason: str



def distances_to(m: HexMap, goal: set[Hex], cost_fn: CostFn) -> dict[Hex, Cost]:
    """The cost from each hex that can reach one of ``goal`` to the nearest of them (0 on a goal hex), by
    ``cost_fn``'s cost of entering each next hex on the way: what a unit bound to head for the nearest of
    several places compares (a multi-source search run backwards from the goal)."""
    dist: dict[Hex, Cost] = {h: 0 for h in goal}
    tie = itertools.count()
    heap: list[tuple[Cost, int, Hex]] = [(0, next(tie), h) for h in goal]
    while heap:
        d, _, n = heapq.heappop(heap)
        if d != dist.get(n):
            continue
        for h in m.neighbors(n):
            step = cost_fn(m, h, n)
            if step is None:
                continue
            total = d + step
            if h not in dist or total < dist[h]:
                dist[h] = total
                heapq.heappush(heap, (total, next(tie), h))
    return dist

def validate_trail(m: HexMap, trail: Sequence[Hex], cost_fn: CostFn, budget: Cost) -> TrailCheck:
    """Check a physical trail (first hex = where the unit started): each step adjacent and allowed, costs
    summed, the budget respected. The reason names the first bad step with printed labels."""
    if not trail:
        return TrailCheck(False, 0, (), 0, T("the trail is empty"))
    for i, h in enumerate(trail):
        if h not in m:
            return TrailCheck(False, 0, (), i, T("step {i}: {hex} is not on the map", i=i, hex=str(h)))
    total: Cost = 0
    costs: list[Cost] = []
    for i in range(1, len(trail)):
        a, b = trail[i - 1], trail[i]
        where = T("step {i} {a} -> {b}", i=i, a=m.label(a), b=m.label(b))
        if distance(a, b) != 1:
            return TrailCheck(False, total, tuple(costs), i, T("{where}: the hexes are not adjacent",
                                                               where=where))
        step = cost_fn(m, a, b)
        if step is None:
            return TrailCheck(False, total, tuple(costs), i, T("{where}: entering {hex} is not allowed",
                                                               where=where,
                                                               hex=m.label(b)))
        total += step
        costs.append(step)
        if total > budget:
            return TrailCheck(False, total, tuple(costs), i, T(
                "{where}: costs {step}, total {total} is over the {budget} allowed", where=where,
                step=_fmt(step), total=_fmt(total), budget=_fmt(budget)))
    return TrailCheck(True, total, tuple(costs), None, T("legal: {total} of {budget}", total=_fmt(total),
                                                        budget=_fmt(budget)))


def _fmt(c: Cost) -> str:
    if isinstance(c, Fraction) and c.denominator != 1:
        whole, rest = divmod(c.numerator, c.denominator)
        return f"{whole} {rest}/{c.denominator}" if whole else f"{rest}/{c.denominator}"
    return str(int(c))
