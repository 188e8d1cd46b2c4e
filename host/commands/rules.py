"""``hexmate rules ...``: ask the rules core about a map from the command line (LOS, visibility, map check).

Each sub-command is one ``_add_<name>(subparsers)`` function listed in SUBCOMMANDS; adding one is a function
and a line. Every handler returns an exit status; bad input prints one clear error line, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from hexmate.rules.hexes import distance
from hexmate.rules.los import LosResult, LosStatus, check_los, visibility
from hexmate.rules.maps import HexMap, MapError, load_map
from hexmate.rules.terrain import GAMES_DIR, TerrainError, TerrainTable, load_terrain

Handler = Callable[[argparse.Namespace], int]


def register(subparsers: Any) -> None:
    rules = subparsers.add_parser("rules", help="query the rules core: line of sight, visibility, map check")
    sub = rules.add_subparsers(dest="rules_command", metavar="SUBCOMMAND")
    for add in SUBCOMMANDS:
        add(sub)

    def _help(args: argparse.Namespace) -> int:
        rules.print_help()
        return 2

    rules.set_defaults(func=_help)


# --- shared helpers ----------------------------------------------------------------------------------------


def _guard(name: str, handler: Handler) -> Handler:
    """Turn the rules core's input errors into one line on stderr and exit status 2."""

    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except (MapError, TerrainError, ValueError) as exc:
            print(f"hexmate rules {name}: error: {exc}", file=sys.stderr)
            return 2

    return run


def _map_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", required=True, type=Path, help="map file (JSON, see rules/MAPS.md)")
    p.add_argument("--terrain", type=Path, help="terrain table (default: rules/games/<game>/terrain.json)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")


def _table_for(m: HexMap, path: Path | None) -> TerrainTable:
    if path is None:
        path = GAMES_DIR / m.game / "terrain.json"
        if not path.exists():
            raise TerrainError(f"no terrain table for game {m.game!r} ({path}); pass --terrain")
    return load_terrain(path)


def _height(text: str) -> Fraction:
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of levels (e.g. 1 or 1/2)") from None


def _result_json(m: HexMap, r: LosResult) -> dict[str, Any]:
    return {
        "status": r.status.value,
        "reason": r.reason,
        "rule": r.rule,
        "hindrance": r.hindrance,
        "blocked_at": m.label(r.blocked_at) if r.blocked_at is not None else None,
        "hexes": [m.label(h) if h in m else str(h) for h in r.hexes],
        "grazes": [m.label(h) if h in m else str(h) for h in r.grazes],
    }


# --- hexmate rules los -------------------------------------------------------------------------------------


def _add_los(sub: Any) -> None:
    p = sub.add_parser("los", help="line of sight between two hexes, with the reason and the rule")
    _map_args(p)
    p.add_argument("origin", help="observer hex label, e.g. DA1")
    p.add_argument("target", help="target hex label, e.g. DE5")
    p.add_argument("--from-height", type=_height, default=Fraction(0), help="observer above ground, levels")
    p.add_argument("--to-height", type=_height, default=Fraction(0), help="target above ground, levels")
    p.set_defaults(func=_guard("los", _los))


def _los(args: argparse.Namespace) -> int:
    m = load_map(args.map)
    rules = _table_for(m, args.terrain).los_rules()
    a, b = m.parse_label(args.origin), m.parse_label(args.target)
    r = check_los(m, a, b, rules, a_height=args.from_height, b_height=args.to_height)
    if args.json:
        doc = {"from": m.label(a), "to": m.label(b), "range": distance(a, b), **_result_json(m, r)}
        print(json.dumps(doc, indent=1))
    else:
        print(f"{m.label(a)} -> {m.label(b)} (range {distance(a, b)}): {r.reason}")
        print("  line: " + " ".join(m.label(h) if h in m else str(h) for h in r.hexes))
        if r.grazes:
            print("  touches only at a corner (borderline, A6.1 dr if disputed): "
                  + " ".join(m.label(h) for h in r.grazes if h in m))
    return 0


# --- hexmate rules visibility ------------------------------------------------------------------------------


def _add_visibility(sub: Any) -> None:
    p = sub.add_parser("visibility", help="every hex seen, hindered or blocked from one hex")
    _map_args(p)
    p.add_argument("origin", help="observer hex label")
    p.add_argument("--from-height", type=_height, default=Fraction(0), help="observer above ground, levels")
    p.set_defaults(func=_guard("visibility", _visibility))


def _visibility(args: argparse.Namespace) -> int:
    m = load_map(args.map)
    rules = _table_for(m, args.terrain).los_rules()
    a = m.parse_label(args.origin)
    seen = visibility(m, a, rules, a_height=args.from_height)
    order = sorted(seen)  # column by column, as printed
    if args.json:
        doc = {"from": m.label(a), "hexes": {m.label(h): {"status": seen[h].status.value,
                                                          "reason": seen[h].reason,
                                                          "hindrance": seen[h].hindrance} for h in order}}
        print(json.dumps(doc, indent=1))
        return 0
    print(f"from {m.label(a)} on {m.name or m.source}:")
    for status in (LosStatus.CLEAR, LosStatus.HINDERED, LosStatus.BLOCKED):
        hexes = [h for h in order if seen[h].status is status]
        print(f"  {status.value} ({len(hexes)}): {' '.join(m.label(h) for h in hexes)}")
    return 0


# --- hexmate rules map check -------------------------------------------------------------------------------


def _add_map(sub: Any) -> None:
    p = sub.add_parser("map", help="map files")
    msub = p.add_subparsers(dest="map_command", metavar="ACTION")
    check = msub.add_parser("check", help="validate a map file (and its terrain names against the game)")
    check.add_argument("file", type=Path)
    check.add_argument("--terrain", type=Path, help="terrain table to check names against")
    check.set_defaults(func=_guard("map check", _map_check))

    def _help(args: argparse.Namespace) -> int:
        p.print_help()
        return 2

    p.set_defaults(func=_help)


def _map_check(args: argparse.Namespace) -> int:
    m = load_map(args.file)
    boards = len(m.boards)
    table_path = args.terrain or GAMES_DIR / m.game / "terrain.json"
    if not table_path.exists():
        print(f"ok: {args.file}: {len(m.hexes)} hexes on {boards} board(s), game {m.game!r} "
              f"(no terrain table to check names against)")
        return 0
    problems = load_terrain(table_path).problems(m)
    for line in problems:
        print(f"error: {line}", file=sys.stderr)
    if problems:
        return 1
    print(f"ok: {args.file}: {len(m.hexes)} hexes on {boards} board(s), game {m.game!r}; "
          f"every terrain and hexside name is in {table_path}")
    return 0


SUBCOMMANDS: tuple[Callable[[Any], None], ...] = (
    _add_los,
    _add_visibility,
    _add_map,
)
