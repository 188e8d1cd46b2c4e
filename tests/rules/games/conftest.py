"""Fixtures for game tests: build a small synthetic map and scenario in memory (no files)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hexmate.rules.games import Position, get_game
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario

ASL_COUNTERS: dict[str, dict[str, Any]] = {
    "4-6-7": {"type": "squad", "fp": 4, "range": 6, "morale": 7, "broken_morale": 8, "reduces_to": "2-4-7"},
    "2-4-7": {"type": "hs", "fp": 2, "range": 4, "morale": 7, "broken_morale": 7},
    "4-4-7": {"type": "squad", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7, "reduces_to": "2-2-7"},
    "2-2-7": {"type": "hs", "fp": 2, "range": 2, "morale": 7, "broken_morale": 6},
    "6-2-8": {"type": "squad", "fp": 6, "range": 2, "morale": 8, "broken_morale": 8, "reduces_to": "3-2-8"},
    "3-2-8": {"type": "hs", "fp": 3, "range": 2, "morale": 8, "broken_morale": 8},
    "6-6-6": {"type": "squad", "fp": 6, "range": 6, "morale": 6, "broken_morale": 6, "assault_fire": 1},
    "5-4-8": {"type": "squad", "fp": 5, "range": 4, "morale": 8, "broken_morale": 8, "assault_fire": 1},
    "2-2-8": {"type": "crew", "fp": 2, "range": 2, "morale": 8, "broken_morale": 8},
    "4-4-7i": {"type": "squad", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7, "inexperienced": 1},
    "9-2": {"type": "leader", "morale": 9, "broken_morale": 8, "leadership": -2},
    "9-1": {"type": "leader", "morale": 9, "broken_morale": 8, "leadership": -1},
    "8-0": {"type": "leader", "morale": 8, "broken_morale": 7, "leadership": 0},
}


def small_map(
    game: str,
    hexes: dict[str, Any] | None = None,
    hexsides: list[dict[str, Any]] | None = None,
    columns: int = 12,
    rows: int = 8,
    default: str = "open",
) -> HexMap:
    """An ASL-lettered board of ``columns`` x ``rows`` (labels A1.., no board prefix)."""
    return HexMap.from_dict(
        {
            "format": "hexmate-map/1",
            "name": "test",
            "game": game,
            "boards": [
                {
                    "id": "",
                    "grid": {"kind": "asl", "columns": columns, "rows": rows},
                    "default": {"terrain": default, "level": 0},
                    "hexes": hexes or {},
                    "hexsides": hexsides or [],
                }
            ],
        },
        source="test-map",
    )


def scenario_dict(
    game: str,
    units: list[dict[str, Any]],
    counters: dict[str, Any],
    first_phase: str,
    first_side: str = "a",
    turns: int = 3,
    options: dict[str, Any] | None = None,
    sides: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "format": "hexmate-scenario/1",
        "game": game,
        "name": "t",
        "title": "test",
        "map": "test-map",
        "sides": sides or [{"id": "a", "name": "Side A"}, {"id": "b", "name": "Side B"}],
        "first_side": first_side,
        "first_phase": first_phase,
        "turns": turns,
        "counters": counters,
        "units": units,
        "options": options or {},
    }


MakePosition = Callable[..., Position]


@pytest.fixture
def make_position() -> MakePosition:
    def make(
        game: str,
        units: list[dict[str, Any]],
        first_phase: str,
        *,
        counters: dict[str, Any] | None = None,
        hexes: dict[str, Any] | None = None,
        hexsides: list[dict[str, Any]] | None = None,
        first_side: str = "a",
        options: dict[str, Any] | None = None,
        default: str = "open",
        turns: int = 3,
        sides: list[dict[str, Any]] | None = None,
    ) -> Position:
        g = get_game(game)
        scen = Scenario.from_dict(
            scenario_dict(
                game, units, counters or ASL_COUNTERS, first_phase, first_side, turns, options, sides
            ),
            source="test-scenario",
        )
        return g.new_position(scen, hex_map=small_map(game, hexes, hexsides, default=default))

    return make
