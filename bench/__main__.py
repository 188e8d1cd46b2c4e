"""Run every bench/bench_<area>.py main() in turn (`python -m bench`, or `make bench`)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path


def main() -> int:
    names = sorted(p.stem for p in Path(__file__).parent.glob("bench_*.py"))
    only = set(sys.argv[1:])
    for name in names:
        if only and name not in only and name.removeprefix("bench_") not in only:
            continue
        print(f"== {name}", flush=True)
        module = importlib.import_module(f"bench.{name}")
        module.main()
        print(flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
