"""VASL board import: a full-size geomorphic archive (33 x 10 hexes, 1800 x 645 pixels, painted by the tests'
synthetic-archive painter, tests/rules/maps/vasl_synth.py) read, converted, and four of them joined into one
map. Medians over ROUNDS runs, wall clock, one process."""

from __future__ import annotations

import importlib.util
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROUNDS = 7


def _synth() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "tests" / "rules" / "maps" / "vasl_synth.py"
    spec = importlib.util.spec_from_file_location("bench_vasl_synth", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def _median_ms(fn: Callable[[], object], rounds: int = ROUNDS) -> float:
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def main() -> None:
    from hexmate.rules.maps.vasl import convert, parse_archive, parse_shared_metadata
    from hexmate.rules.maps.vasl_layout import build_map

    synth = _synth()
    board = synth.Board(name="G", width=33, height=10)
    board.set("E4 F4 F5", "Woods")
    board.set("K3 K4 L3", "Open Ground", 1)
    board.set("P6", "Stone Building")
    board.sides[(board.cell("C7"), 2)] = "Wall"
    board.road("A5 B5 C6 D6 E7")
    data = synth.archive(board)
    shared = parse_shared_metadata(synth.shared_metadata_xml())
    archive = parse_archive(data, "bdG")
    conv = convert(archive, shared, "G")
    print(f"archive: {len(data)} bytes zipped, {archive.los.grid_width} x {archive.los.grid_height} pixels")
    read_ms = _median_ms(lambda: parse_archive(data, "bdG"))
    print(f"read (unzip, gunzip, object-stream blocks, grids): {read_ms:.1f} ms")
    print(f"convert 346 hexes: {_median_ms(lambda: convert(archive, shared, 'G')):.1f} ms")
    convs = [convert(archive, shared, i) for i in "2345"]
    print(f"join four boards (2 3/4r 5r) and validate: "
          f"{_median_ms(lambda: build_map(convs, '2 3/4r 5r', 'four')):.1f} ms")
    assert conv.unmapped == {}


if __name__ == "__main__":
    main()
