"""The ``hexmate`` command: one sub-command per area, each registered by its own module."""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from collections.abc import Callable, Sequence

# Modules that add sub-commands. Each defines ``register(subparsers) -> None`` and sets a ``func`` default
# on its parser(s) taking the parsed namespace and returning an exit status.
COMMAND_MODULES = (
    "hexmate.host.commands.run",
    "hexmate.host.commands.firmware",
    "hexmate.host.commands.table",
    "hexmate.host.commands.rules",
    "hexmate.host.commands.map",
    "hexmate.host.commands.hall",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hexmate",
        description="hexmate: a smart-table companion for hex-and-counter wargames.",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug detail to the console")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        module = importlib.import_module(name)
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    func: Callable[[argparse.Namespace], int] | None = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        return func(args)
    except BrokenPipeError:
        # Output piped into `head` and the reader went away: not an error worth a traceback.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
