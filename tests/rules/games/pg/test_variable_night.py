"""The optional variable night visibility (17.0, ``options.variable_night``): instead of one die at the start
(8.12), one die at the start of every turn sets that turn's night spotting range (1-4: 1 hex, 5-6: 2)."""

from __future__ import annotations

from typing import Any

from .conftest import unit as _u


def _to_turn_2(pos: Any) -> None:
    pos.push_text("answer dice 6")  # initiative: a 6 + 3 against b 1 + 2
    pos.push_text("answer dice 1")
    while pos.turn == 1:
        pos.push_text("pass")


def _pos(make_position: Any, pg: Any, variable: bool) -> Any:
    options = {"light": "night", **({"variable_night": True} if variable else {})}
    return pg(make_position, [_u("a1", "C1"), _u("b1", "C6", "inf", "b")], a=None, options=options)


def test_the_night_range_is_rolled_again_each_turn(make_position: Any, pg: Any) -> None:
    """17.0: turn 1 rolls 5 (2 hexes), turn 2 rolls 4 (1 hex)."""
    pos = _pos(make_position, pg, True)
    assert pos.decision.then == "night_range"
    pos.push_text("answer dice 5")
    assert pos.game.night_spotting(pos) == 2
    _to_turn_2(pos)
    assert pos.turn == 2 and pos.decision.then == "night_range" and "17.0" in pos.decision.rule
    pos.push_text("answer dice 4")
    assert pos.game.night_spotting(pos) == 1


def test_without_the_option_the_first_roll_holds(make_position: Any, pg: Any) -> None:
    """8.12: one roll at the start of the game."""
    pos = _pos(make_position, pg, False)
    pos.push_text("answer dice 5")
    _to_turn_2(pos)
    assert pos.turn == 2 and pos.decision.then == "initiative" and pos.game.night_spotting(pos) == 2
