"""Run every benchmark module (bench/bench_<area>.py, each exposing ``main() -> None``)."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path


def main() -> None:
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda i: i.name):
        if info.name.startswith("bench_"):
            print(f"== {info.name}")
            importlib.import_module(f"bench.{info.name}").main()


if __name__ == "__main__":
    main()
