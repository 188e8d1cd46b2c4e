"""The pixel-walking reference LOS agrees with the engine: same verdict and the same crossings.

The bench checks every hex pair of the demo board (59,685); here a fixed sample plus the awkward cases:
lines along hexsides (with a hedge on them), corner clips and vertex touches, and lines along the board edge.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from hexmate.rules.los import check_los, trace_elements
from hexmate.rules.los_reference import PixelLos
from hexmate.rules.maps import HexMap, load_map
from hexmate.rules.terrain import load_game_terrain

ROOT = Path(__file__).resolve().parents[2] / "rules"
RULES = load_game_terrain("asl").los_rules()


@pytest.fixture(scope="module")
def demo() -> HexMap:
    return load_map(ROOT / "maps" / "demo-asl.json")


@pytest.fixture(scope="module")
def reference(demo: HexMap) -> PixelLos:
    return PixelLos(demo, RULES, px_per_hex=16)


Cells = tuple[tuple[int, int], ...]


def _norm(elements: list[tuple[str, Cells, int]]) -> set[tuple[str, Cells]]:
    return {(k, tuple(sorted(c)) if k in ("along", "side") else c) for k, c, _ in elements}


AWKWARD = [
    ("DJ8", "DN8"),  # runs along the K8/K9 hedge
    ("DB7", "DT7"),  # a long line along horizontal hexsides
    ("DE4", "DY4"),
    ("DA1", "DGG10"),  # corner to corner
    ("DA1", "DF2"),  # touches a hex at a vertex (cube delta with equal components mod 3)
    ("DB0", "DD0"),  # along the top edge, clipping off-board space
    ("DF5", "DP5"),
]


def test_the_awkward_cases_cover_every_kind_of_crossing(demo: HexMap) -> None:
    kinds = {k for a, b in AWKWARD for k, _, _ in trace_elements(demo.parse_label(a), demo.parse_label(b))}
    assert kinds == {"hex", "side", "along", "graze"}


@pytest.mark.parametrize(("a", "b"), AWKWARD)
def test_awkward_lines_agree(demo: HexMap, reference: PixelLos, a: str, b: str) -> None:
    ha, hb = demo.parse_label(a), demo.parse_label(b)
    engine = trace_elements(ha, hb)
    absolute = [(k, tuple((ha.q + q, ha.r + r) for q, r in c), rng) for k, c, rng in engine]
    assert _norm(absolute) == _norm(reference.elements(ha, hb))
    assert check_los(demo, ha, hb, RULES).status == reference.check(ha, hb).status


def test_a_sample_of_pairs_agree(demo: HexMap, reference: PixelLos) -> None:
    pairs = list(itertools.combinations(sorted(demo.hexes), 2))
    for a, b in random.Random(7).sample(pairs, 400):
        mine, theirs = check_los(demo, a, b, RULES), reference.check(a, b)
        assert mine.status == theirs.status, (demo.label(a), demo.label(b), mine.reason, theirs.reason)
        assert mine.hindrance == theirs.hindrance


def test_joined_and_rotated_boards_agree_too() -> None:
    """Placement and rotation do not change the geometry: a 180-degree board joined below another."""
    hexes = {"C3": "woods", "E5": "grain", "F6": {"level": 1}, "H2": "stone-building", "B7": "orchard"}
    north = {"id": "1", "grid": {"kind": "asl", "columns": 9, "rows": 10}, "hexes": hexes,
             "hexsides": [{"hex": "D4", "side": "S", "features": ["wall"]}]}
    south = {"id": "2", "grid": {"kind": "asl", "columns": 9, "rows": 10}, "rotation": 180, "at": [10, 15],
             "hexes": hexes, "hexsides": [{"hex": "D4", "side": "S", "features": ["hedge"]}]}
    m = HexMap.from_dict({"format": "hexmate-map/1", "name": "j", "game": "asl", "boards": [north, south]})
    ref = PixelLos(m, RULES, px_per_hex=16)
    pairs = list(itertools.combinations(sorted(m.hexes), 2))
    for a, b in random.Random(11).sample(pairs, 300):
        assert check_los(m, a, b, RULES).status == ref.check(a, b).status, (m.label(a), m.label(b))
