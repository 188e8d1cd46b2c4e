"""Rules geometry benchmarks: one LOS query, a full visibility map, an 8-MF reachable set, and the
pixel-walking reference LOS (which must agree on every hex pair of the demo board: the speed yardstick).

Figures are medians (and p99) of one run on this machine; ``python -m bench bench_rules_geo``.
"""

from __future__ import annotations

import itertools
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from hexmate.rules import hexes, los
from hexmate.rules.los import check_los, visibility
from hexmate.rules.los_reference import PixelLos
from hexmate.rules.maps import load_map
from hexmate.rules.movement import reachable
from hexmate.rules.terrain import load_game_terrain

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "rules" / "maps" / "demo-asl.json"


def _times(fn: Callable[[], object], n: int) -> list[float]:
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def _p(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


def _cold() -> None:
    hexes.relative_trace.cache_clear()
    los._relative_elements.cache_clear()
    los._PREPARED.clear()


def main() -> None:
    m = load_map(DEMO)
    table = load_game_terrain("asl")
    rules = table.los_rules()
    board = sorted(m.hexes)
    rnd = random.Random(2026)
    pairs = [(rnd.choice(board), rnd.choice(board)) for _ in range(5000)]

    # 1. One LOS query (warm: traces cached per delta, per-map tables built).
    for a, b in pairs:
        check_los(m, a, b, rules)
    single = []
    for a, b in pairs:
        t = time.perf_counter()
        check_los(m, a, b, rules)
        single.append(time.perf_counter() - t)
    med_us = statistics.median(single) * 1e6
    print(f"LOS query (demo ASL board, 5000 random pairs): median {med_us:.1f} us, "
          f"p99 {_p(single, 0.99) * 1e6:.1f} us  [target < 50 us]")

    # 1b. ASL's LOS between Locations (rules/games/asl/los.py: levels, A6.8, SMOKE) on the same pairs.
    from hexmate.rules.games.asl.los import Location, location_los
    from hexmate.rules.games.asl.special import Smoke

    smoke = {m.parse_label("DQ5"): (Smoke("grenade"),), m.parse_label("DK4"): (Smoke("ordnance", True),)}
    for a, b in pairs:
        location_los(m, Location(a), Location(b), smoke)
    located = []
    for a, b in pairs:
        t = time.perf_counter()
        location_los(m, Location(a), Location(b), smoke)
        located.append(time.perf_counter() - t)
    loc_us = statistics.median(located) * 1e6
    print(f"ASL LOS between Locations, with SMOKE (same pairs): median {loc_us:.1f} us, "
          f"{loc_us / med_us:.2f}x the engine's query")

    # 2. Visibility map from one hex (warm and from cold caches).
    origin = m.parse_label("DQ5")
    warm = _times(lambda: visibility(m, origin, rules), 30)
    cold = []
    for _ in range(5):
        _cold()
        t = time.perf_counter()
        visibility(m, origin, rules)
        cold.append(time.perf_counter() - t)
    print(f"visibility from DQ5 (346 hexes): median {statistics.median(warm) * 1e3:.2f} ms warm, "
          f"p99 {_p(warm, 0.99) * 1e3:.2f} ms; {statistics.median(cold) * 1e3:.2f} ms from cold caches  "
          f"[target < 20 ms]")

    # 3. Reachable set for an 8 MF move with the ASL table's infantry costs.
    cost = table.cost_fn("infantry")
    starts = [m.parse_label(x) for x in ("DQ5", "DF5", "DT5", "DJ3", "DA1")]
    reach_t = [t for s in starts for t in _times(lambda s=s: reachable(m, s, 8, cost), 20)]
    sizes = [len(reachable(m, s, 8, cost)) for s in starts]
    print(f"reachable set, 8 MF, 5 start hexes ({min(sizes)}-{max(sizes)} hexes): median "
          f"{statistics.median(reach_t) * 1e3:.2f} ms, p99 {_p(reach_t, 0.99) * 1e3:.2f} ms  [target < 2 ms]")

    # 4. The pixel-walking reference: same verdict on every pair, and the speed yardstick.
    t = time.perf_counter()
    ref = PixelLos(m, rules, px_per_hex=16)
    raster_s = time.perf_counter() - t
    ref_t = _times(lambda: None, 0)
    for a, b in pairs[:1000]:
        t = time.perf_counter()
        ref.check(a, b)
        ref_t.append(time.perf_counter() - t)
    ref_med_us = statistics.median(ref_t) * 1e6
    print(f"pixel reference ({ref.w}x{ref.h} px, 16 px/hex, rasterised in {raster_s:.2f} s): median "
          f"{ref_med_us:.0f} us per LOS -> engine is {ref_med_us / med_us:.0f}x faster  [target >= 10x]")
    all_pairs = list(itertools.combinations(board, 2))
    t = time.perf_counter()
    engine_verdicts = [check_los(m, a, b, rules).blocked for a, b in all_pairs]
    engine_s = time.perf_counter() - t
    t = time.perf_counter()
    ref_verdicts = [ref.check(a, b).blocked for a, b in all_pairs]
    ref_s = time.perf_counter() - t
    disagree = [(m.label(a), m.label(b)) for (a, b), x, y in zip(all_pairs, engine_verdicts, ref_verdicts,
                                                                  strict=True) if x != y]
    print(f"all {len(all_pairs)} hex pairs: engine {engine_s:.2f} s, reference {ref_s:.1f} s "
          f"({ref_s / engine_s:.0f}x); blocked in {sum(engine_verdicts)}; disagreements: {len(disagree)}")
    assert not disagree, f"engine and pixel reference disagree on {disagree[:10]}"


if __name__ == "__main__":
    main()
