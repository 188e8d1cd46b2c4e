"""``hexmate rules ...``: the rules core from the command line (legal moves, fire resolution, games).

Each sub-command is one function plus one line in ``SUBCOMMANDS``; rules-geo's ``los``, ``visibility`` and
``map check`` join the same table.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Callable
from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.charts import load_pack
from hexmate.rules.dice import parse_values
from hexmate.rules.errors import RulesError
from hexmate.rules.games import Position, get_game, list_games
from hexmate.rules.maps import MapError


def _position(args: argparse.Namespace) -> Position:
    game = get_game(args.game)
    scenario = game.load_scenario(args.scenario or game.demo_scenario_path)
    charts = load_pack(args.charts, game.name) if args.charts else None
    position = game.new_position(scenario, charts=charts)
    for text in args.play or []:
        position.push_text(text)
    return position


def _emit(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, indent=1) if args.json else text)


def cmd_games(args: argparse.Namespace) -> int:
    """List the registered games."""
    games = [{"name": n, "title": get_game(n).title} for n in list_games()]
    _emit(args, games, "\n".join(f"{g['name']:9} {g['title']}" for g in games))
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    """Every legal destination of a unit or stack, with its cheapest path and cost."""
    pos = _position(args)
    moves = pos.legal_actions.moves_for(frozenset(pos._unit_ref(u) for u in args.units))
    rows = sorted(moves.values(), key=lambda m: (m.cost or 0, pos.label(m.path[-1])))
    data = {
        "game": pos.game.name,
        "phase": pos.phase.id,
        "units": list(args.units),
        "moves": [
            {"to": pos.label(m.path[-1]), "cost": str(m.cost), "path": [pos.label(h) for h in m.path]}
            for m in rows
        ],
    }
    head = f"{pos.game.name} T{pos.turn} {pos.phase.name} ({pos.phase.rule}): {len(rows)} destination(s)"
    lines = [head] + [
        f"  {pos.label(m.path[-1]):6} cost {m.cost}  via {'-'.join(pos.label(h) for h in m.path)}"
        for m in rows
    ]
    _emit(args, data, "\n".join(lines))
    return 0


def cmd_resolve(args: argparse.Namespace) -> int:
    """Work out a fire attack or SW attack with every modifier and the rule it comes from; plays nothing."""
    pos = _position(args)
    action = pos.parse_action(args.action)
    if not isinstance(action, act.Fire):
        raise RulesError(f"{args.action!r} is not a fire or attack action")
    if args.dice:
        action = dataclasses.replace(action, dice=parse_values(args.dice))
    resolution = pos.resolve(action)
    _emit(args, resolution.to_dict(), resolution.text())
    return 0


SUBCOMMANDS: dict[str, tuple[Callable[[argparse.Namespace], int], str]] = {
    "games": (cmd_games, "list the games the rules core knows"),
    "moves": (cmd_moves, "legal destinations of a unit or stack, with cost and path"),
    "resolve": (cmd_resolve, "resolve a fire attack with every modifier and its rule"),
}


def _common(p: argparse.ArgumentParser, game: bool = True) -> None:
    p.add_argument("--json", action="store_true", help="print JSON")
    if game:
        p.add_argument("--game", required=True, choices=list(list_games()))
        p.add_argument("--scenario", help="scenario JSON (default: the game's demo scenario)")
        p.add_argument(
            "--charts", help="your own chart pack (default: the demo pack, labelled 'demo values')"
        )
        p.add_argument(
            "--play", action="append", metavar="ACTION", help="play this action first (repeatable)"
        )


def register(subparsers: Any) -> None:
    rules = subparsers.add_parser("rules", help="query the rules core: games, legal moves, fire resolution")
    sub = rules.add_subparsers(dest="rules_command", metavar="SUBCOMMAND", required=True)
    for name, (func, help_text) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text)
        _common(p, game=name != "games")
        if name == "moves":
            p.add_argument("units", nargs="+", metavar="UNIT_ID", help="unit ids (one stack) to move")
        if name == "resolve":
            p.add_argument("action", help='e.g. "fire ger-sq1,ger-9-1 at DR5"')
            p.add_argument("--dice", help="the roll, e.g. 3,4 (white first)")
        p.set_defaults(func=_guarded(func))


def _guarded(func: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Bad input becomes one clear line on stderr and exit status 2, never a traceback."""

    def run(args: argparse.Namespace) -> int:
        try:
            return func(args)
        except (RulesError, MapError) as err:
            print(f"hexmate rules {args.rules_command}: {err}", file=sys.stderr)
            return 2

    return run
