"""The script format's ``enrol`` gesture (host/script.py): a new counter the rules created (a vehicle's crew,
ASL D5.6) put down with a fresh tag and enrolled; checked when read, and refused for a unit the game lacks."""

from __future__ import annotations

from pathlib import Path

import pytest
from hexmate.host import script
from hexmate.rules.games import get_game

DEMO = Path(__file__).parents[2] / "rules" / "games" / "asl" / "scenarios" / "demo-armour.json"


def test_enrol_needs_a_unit_and_a_tag() -> None:
    ok = script.parse({"game": "asl", "steps": [{"enrol": "rus-t1-crew", "tag": "04C4E70150AA01"}]})
    assert ok.steps[0].gesture == "enrol"
    with pytest.raises(script.ScriptError, match="'tag' must be a non-empty string"):
        script.parse({"game": "asl", "steps": [{"enrol": "rus-t1-crew"}]})
    with pytest.raises(script.ScriptError, match="unknown key"):
        script.parse({"game": "asl", "steps": [{"enrol": "x", "tag": "04C4E70150AA01", "at": "DZ9"}]})


def test_enrolling_a_unit_the_game_does_not_hold_fails_the_step() -> None:
    game = get_game("asl")
    pos = game.new_position(game.load_scenario(str(DEMO)))
    bad = script.parse({"game": "asl", "steps": [{"enrol": "rus-t1-crew", "tag": "04C4E70150AA01"}]})
    with pytest.raises(script.ScriptError, match="step 1 \\(enrol\\): the rules hold no unit rus-t1-crew"):
        script.play(pos, bad)
