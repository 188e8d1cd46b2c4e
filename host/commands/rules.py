"""``hexmate rules ...``: ask the rules core from the command line (LOS, visibility, map check; games, legal
moves, fire resolution).

Each sub-command is one ``_add_<name>(subparsers)`` function listed in SUBCOMMANDS; adding one is a function
and a line. Every handler returns an exit status; bad input prints one clear error line, never a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.charts import load_pack
from hexmate.rules.dice import parse_values
from hexmate.rules.errors import RulesError
from hexmate.rules.games import Position, get_game, list_games
from hexmate.rules.hexes import distance
from hexmate.rules.los import LosResult, LosStatus, check_los, visibility
from hexmate.rules.maps import HexMap, MapError, load_map
from hexmate.rules.terrain import GAMES_DIR, TerrainError, TerrainTable, load_terrain

Handler = Callable[[argparse.Namespace], int]


def register(subparsers: Any) -> None:
    rules = subparsers.add_parser(
        "rules", help="query the rules core: line of sight, visibility, map check, games, moves, resolve"
    )
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
        except (MapError, TerrainError, RulesError, ValueError) as exc:
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
    if m.game == "asl" and args.terrain is None and _asl_levels(m, a, args.from_height) \
            and _asl_levels(m, b, args.to_height):
        from hexmate.rules.games.asl.los import Location, location_los  # A6 by Location (building levels)

        r = location_los(m, Location(a, int(args.from_height)), Location(b, int(args.to_height)))
    if args.json:
        doc = {"from": m.label(a), "to": m.label(b), "range": distance(a, b), **_result_json(m, r)}
        print(json.dumps(doc, indent=1))
    else:
        print(f"{m.label(a)} -> {m.label(b)} (range {distance(a, b)}): {r.reason}")
        print("  line: " + " ".join(m.label(h) if h in m else str(h) for h in r.hexes))
        if r.grazes:
            print(
                "  touches only at a corner (borderline, A6.1 dr if disputed): "
                + " ".join(m.label(h) for h in r.grazes if h in m)
            )
    return 0


def _asl_levels(m: Any, h: Any, height: Fraction) -> bool:
    """Is ``height`` a Location of h (ground, a building's upper level, or IN a depression, A2.8, A.6)?"""
    from hexmate.rules.games.asl.locations import upper_levels

    return height.denominator == 1 and -1 <= height <= upper_levels(m, h)


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
        doc = {
            "from": m.label(a),
            "hexes": {
                m.label(h): {
                    "status": seen[h].status.value,
                    "reason": seen[h].reason,
                    "hindrance": seen[h].hindrance,
                }
                for h in order
            },
        }
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
        print(
            f"ok: {args.file}: {len(m.hexes)} hexes on {boards} board(s), game {m.game!r} "
            f"(no terrain table to check names against)"
        )
        return 0
    problems = load_terrain(table_path).problems(m)
    for line in problems:
        print(f"error: {line}", file=sys.stderr)
    if problems:
        return 1
    print(
        f"ok: {args.file}: {len(m.hexes)} hexes on {boards} board(s), game {m.game!r}; "
        f"every terrain and hexside name is in {table_path}"
    )
    return 0


# --- hexmate rules games / moves / resolve (rules-play) ----------------------------------------------------


def _game_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", required=True, choices=list(list_games()))
    p.add_argument("--scenario", help="scenario JSON (default: the game's demo scenario)")
    p.add_argument("--charts", help="your own chart pack (default: the demo pack, labelled 'demo values')")
    p.add_argument("--play", action="append", metavar="ACTION", help="play this action first (repeatable)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")


def _position(args: argparse.Namespace) -> Position:
    game = get_game(args.game)
    scenario = game.load_scenario(args.scenario or game.demo_scenario_path)
    charts = load_pack(args.charts, game.name) if args.charts else None
    position = game.new_position(scenario, charts=charts)
    for text in args.play or []:
        position.push_text(text)
    return position


def _add_games(sub: Any) -> None:
    p = sub.add_parser("games", help="list the games the rules core knows")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(func=_guard("games", _games))


def _games(args: argparse.Namespace) -> int:
    games = [{"name": n, "title": get_game(n).title} for n in list_games()]
    if args.json:
        print(json.dumps(games, indent=1))
    else:
        print("\n".join(f"{g['name']:9} {g['title']}" for g in games))
    return 0


def _add_moves(sub: Any) -> None:
    p = sub.add_parser("moves", help="legal destinations of a unit or stack, with cost and path")
    _game_args(p)
    p.add_argument("units", nargs="+", metavar="UNIT_ID", help="unit ids (one stack) to move")
    p.set_defaults(func=_guard("moves", _moves))


def _moves(args: argparse.Namespace) -> int:
    pos = _position(args)
    ids = frozenset(pos.unit_ref(u) for u in args.units)
    moves = pos.legal_actions.moves_for(ids)
    rows = sorted(moves.values(), key=lambda m: (m.cost or 0, pos.label(m.path[-1])))
    if args.json:
        doc = {
            "game": pos.game.name,
            "phase": pos.phase.id,
            "units": sorted(ids),
            "moves": [
                {"to": pos.label(m.path[-1]), "cost": str(m.cost), "path": [pos.label(h) for h in m.path]}
                for m in rows
            ],
        }
        print(json.dumps(doc, indent=1))
        return 0
    print(f"{pos.game.name} T{pos.turn} {pos.phase.name} ({pos.phase.rule}): {len(rows)} destination(s)")
    for m in rows:
        print(f"  {pos.label(m.path[-1]):6} cost {m.cost}  via {'-'.join(pos.label(h) for h in m.path)}")
    return 0


def _add_resolve(sub: Any) -> None:
    p = sub.add_parser("resolve", help="resolve a fire attack with every modifier and its rule")
    _game_args(p)
    p.add_argument("action", help='e.g. "fire ger-sq1,ger-9-1 at DR5"')
    p.add_argument("--dice", help="the roll, e.g. 3,4 (white first)")
    p.set_defaults(func=_guard("resolve", _resolve))


def _resolve(args: argparse.Namespace) -> int:
    pos = _position(args)
    action = pos.parse_action(args.action)
    if not isinstance(action, act.Fire):
        raise RulesError(f"{args.action!r} is not a fire or attack action")
    if args.dice:
        action = dataclasses.replace(action, dice=parse_values(args.dice))
    resolution = pos.resolve(action)
    print(json.dumps(resolution.to_dict(), indent=1) if args.json else resolution.text())
    return 0


SUBCOMMANDS: tuple[Callable[[Any], None], ...] = (
    _add_los,
    _add_visibility,
    _add_map,
    _add_games,
    _add_moves,
    _add_resolve,
)
