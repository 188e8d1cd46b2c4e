"""The board-entry plan PG (16.5) and Fire Team (11.2) share (rules/games/entry.py): both games now refuse,
at load and naming the scenario and the place, what PG's stricter checks refused."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError
from hexmate.rules.games.entry import EntryPlan
from hexmate.rules.games.fireteam import reinforce
from hexmate.rules.games.pg import entry as pg_entry

from .fireteam.conftest import COUNTERS as FT_COUNTERS
from .fireteam.conftest import CP
from .pg.conftest import COUNTERS as PG_COUNTERS

CASES = [
    ("fireteam", "reinforcements", "enter", FT_COUNTERS, "squad", "11.2"),
    ("pg", "entry", "hexes", PG_COUNTERS, "inf", "16.5"),
]


def _load(make_position: Any, game: str, option: str, key: str, counters: Any, counter: str,
          plan: dict[str, Any]) -> Any:
    units = [{"id": "r", "counter": counter, "side": "a", "hex": "A4"},
             {"id": "x", "counter": counter, "side": "b", "hex": "L8"}]
    return make_position(game, units, "action" if game == "fireteam" else "initiative", counters=counters,
                         options={option: {"r": plan}, **({"cp": CP} if game == "fireteam" else {})})


@pytest.mark.parametrize(("game", "option", "key", "counters", "counter", "rule"), CASES)
def test_both_games_refuse_an_entry_hex_off_the_edge(
    make_position: Any, game: str, option: str, key: str, counters: Any, counter: str, rule: str
) -> None:
    with pytest.raises(DataError, match=rf"test-scenario: options\.{option}\.r\.{key}\[0\]: D4 is not a "
                                        rf"board-edge hex \({rule}\)"):
        _load(make_position, game, option, key, counters, counter, {"turn": 1, key: ["D4"]})


@pytest.mark.parametrize(("game", "option", "key", "counters", "counter", "rule"), CASES)
def test_both_games_refuse_a_turn_past_the_scenario(
    make_position: Any, game: str, option: str, key: str, counters: Any, counter: str, rule: str
) -> None:
    with pytest.raises(DataError, match=rf"options\.{option}\.r\.turn: a whole number from 1 to 3"):
        _load(make_position, game, option, key, counters, counter, {"turn": 4, key: ["A4"]})
    with pytest.raises(DataError, match=rf"options\.{option}\.r\.turn"):
        _load(make_position, game, option, key, counters, counter, {"turn": True, key: ["A4"]})


@pytest.mark.parametrize(("game", "option", "key", "counters", "counter", "rule"), CASES)
def test_both_games_wait_off_the_board_and_name_the_same_hexes(
    make_position: Any, game: str, option: str, key: str, counters: Any, counter: str, rule: str
) -> None:
    pos = _load(make_position, game, option, key, counters, counter, {"turn": 2, key: ["A3", "A4"]})
    plan: EntryPlan = pg_entry.PLAN if game == "pg" else reinforce.PLAN
    assert pos.units["r"].hex is None and plan.off_board(pos, "r") and not plan.off_board(pos, "x")
    assert [pos.label(h) for h in plan.common_hexes(pos, ("r",))] == ["A3", "A4"]
    assert plan.arrivals(pos.scenario) == {"r": 2}
