"""``hexmate demo``: start the host service on an emulated table (placeholder until the spine lands)."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    demo = subparsers.add_parser("demo", help="run the host on an emulated table with the demo scenario")
    demo.set_defaults(func=_demo)


def _demo(args: argparse.Namespace) -> int:
    raise SystemExit("hexmate demo: not built yet")
