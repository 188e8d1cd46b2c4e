"""Movement search: Dijkstra against brute force, path costs, trail validation, Fraction costs."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path
from typing import Any

from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap, load_map
from hexmate.rules.movement import Cost, cheapest_path, distances_to, reachable, validate_trail
from hypothesis import given, settings
from hypothesis import strategies as st

MAPS = Path(__file__).resolve().parents[2] / "rules" / "maps"
TERRAINS = ["open", "woods", "grain", "stone-building", "marsh", "free"]
# "free" costs nothing: zero-cost steps must not upset the search or its paths.
COST = {"open": 1, "woods": 2, "grain": Fraction(3, 2), "stone-building": 2, "marsh": None, "free": 0}


def small_map(terrain: list[str], columns: int = 4, rows: int = 3) -> HexMap:
    grid_cells = [(c, n) for c in range(1, columns + 1) for n in range(0 if c % 2 == 0 else 1, rows + 1)]
    hexes: dict[str, Any] = {}
    letters = "ABCDEFGH"
    for (c, n), t in zip(grid_cells, itertools.cycle(terrain), strict=False):
        hexes[f"{letters[c - 1]}{n}"] = t
    return HexMap.from_dict({"format": "hexmate-map/1", "name": "m", "game": "asl", "boards": [
        {"id": "", "grid": {"kind": "asl", "columns": columns, "rows": rows}, "hexes": hexes}]})


def terrain_cost(m: HexMap, a: Hex, b: Hex) -> Cost | None:
    return COST[m.terrain(b)]


def brute_force(m: HexMap, start: Hex, budget: Cost) -> dict[Hex, Cost]:
    """Cheapest cost to every hex by relaxing every edge until nothing changes (Bellman-Ford)."""
    best: dict[Hex, Cost] = {start: 0}
    changed = True
    while changed:
        changed = False
        for a in list(best):
            for b in m.neighbors(a):
                step = terrain_cost(m, a, b)
                if step is None:
                    continue
                total = best[a] + step
                if total <= budget and (b not in best or total < best[b]):
                    best[b] = total
                    changed = True
    return best


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(TERRAINS), min_size=1, max_size=12), st.integers(0, 13), st.integers(0, 8))
def test_reachable_matches_brute_force(terrain: list[str], start_index: int, budget: int) -> None:
    m = small_map(terrain)
    start = sorted(m.hexes)[start_index % len(m.hexes)]
    reach = reachable(m, start, budget, terrain_cost)
    assert {h: r.cost for h, r in reach.items()} == brute_force(m, start, budget)
    for h, r in reach.items():
        # path cost == the sum of the entered hexes' costs; the path starts at start and ends at h
        assert r.path[0] == start and r.path[-1] == h
        steps = [terrain_cost(m, a, b) for a, b in itertools.pairwise(r.path)]
        assert all(s is not None for s in steps)
        assert sum(s for s in steps if s is not None) == r.cost
        assert validate_trail(m, r.path, terrain_cost, budget).ok


def test_cheapest_path_goes_round_the_marsh() -> None:
    m = small_map(["open"])
    hexes = {m.label(h): h for h in m.hexes}
    marsh = {"B1", "B2"}
    def cost(mm: HexMap, a: Hex, b: Hex) -> Cost | None:
        return None if mm.label(b) in marsh else 1
    found = cheapest_path(m, hexes["A1"], hexes["C1"], cost)
    assert found is not None
    assert not marsh & {m.label(h) for h in found.path}
    assert found.cost == len(found.path) - 1
    assert cheapest_path(m, hexes["A1"], hexes["C1"], cost, budget=1) is None


def test_validate_trail_names_the_first_bad_step() -> None:
    m = load_map(MAPS / "demo-asl.json")
    p = m.parse_label
    one = lambda _m, _a, _b: 1  # noqa: E731
    ok = validate_trail(m, [p("DA1"), p("DA2"), p("DB2")], one, 4)
    assert ok.ok and ok.cost == 2 and ok.bad_step is None
    jump = validate_trail(m, [p("DA1"), p("DA2"), p("DC4")], one, 4)
    assert not jump.ok and jump.bad_step == 2
    assert "step 2 DA2 -> DC4: the hexes are not adjacent" in jump.reason
    over = validate_trail(m, [p("DA1"), p("DA2"), p("DA3"), p("DA4")], lambda _m, _a, _b: Fraction(3, 2), 4)
    assert not over.ok and over.bad_step == 3 and "total 4 1/2 is over the 4 allowed" in over.reason
    barred = validate_trail(m, [p("DA1"), p("DA2")], lambda _m, _a, _b: None, 4)
    assert barred.bad_step == 1 and "entering DA2 is not allowed" in barred.reason


def test_fraction_costs_are_exact() -> None:
    m = small_map(["grain"])
    start = sorted(m.hexes)[0]
    reach = reachable(m, start, 3, terrain_cost)
    assert {r.cost for r in reach.values()} == {0, Fraction(3, 2), 3}


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(TERRAINS), min_size=1, max_size=12), st.sets(st.integers(0, 13), min_size=1,
                                                                              max_size=3))
def test_distances_to_is_the_cheapest_path_to_the_nearest_goal(terrain: list[str], picks: set[int]) -> None:
    """Each hex's distance is the cheapest forward search's cost to the nearest goal hex (brute force)."""
    m = small_map(terrain)
    hexes = sorted(m.hexes)
    goal = {hexes[i % len(hexes)] for i in picks}
    got = distances_to(m, goal, terrain_cost)
    want: dict[Hex, Cost] = {}
    for start in hexes:
        costs = [c for g in goal if (c := brute_force(m, start, 10**6).get(g)) is not None]
        if costs:
            want[start] = min(costs)
    assert got == want
