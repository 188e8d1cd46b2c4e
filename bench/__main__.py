"""Run every bench/bench_*.py module's main() in name order."""

import importlib
import pkgutil

import bench

for info in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
    if info.name.startswith("bench_"):
        importlib.import_module(f"bench.{info.name}").main()
