"""The games, each a module registered by name: ``get_game("asl")``, ``list_games()``.

>>> sorted(list_games())
['asl', 'fireteam', 'pg', 'sw']
>>> get_game("asl").title
'Advanced Squad Leader'
"""

from __future__ import annotations

import importlib

from hexmate.rules.errors import RulesError
from hexmate.rules.games.base import Game, Outcome, Position, Resolution, State, UnitState

__all__ = ["Game", "Outcome", "Position", "Resolution", "State", "UnitState", "get_game", "list_games"]

# name -> "module:Class"; imported on first use so a broken game cannot stop the others loading.
REGISTRY: dict[str, str] = {
    "asl": "hexmate.rules.games.asl.game:AslGame",
    "pg": "hexmate.rules.games.pg.game:PgGame",
    "fireteam": "hexmate.rules.games.fireteam.game:FireTeamGame",
    "sw": "hexmate.rules.games.sw.game:SwGame",
}
_INSTANCES: dict[str, Game] = {}


def list_games() -> tuple[str, ...]:
    return tuple(REGISTRY)


def get_game(name: str) -> Game:
    key = name.strip().lower()
    if key not in REGISTRY:
        raise RulesError(f"unknown game {name!r}: choose one of {', '.join(REGISTRY)}")
    if key not in _INSTANCES:
        module_name, class_name = REGISTRY[key].split(":")
        cls = getattr(importlib.import_module(module_name), class_name)
        _INSTANCES[key] = cls()
    return _INSTANCES[key]
