"""The ASL armour demo's first game turn (tests/e2e/scripts/asl-armour-turn.json) folded over the rules alone:
a tank moved along its VCA with First Fire at each hex, the facing question, To Hit and To Kill rolls in the
MPh, DFPh and AFPh, a wreck and its crew's survival, and turn 2 reached; the log folds back to the same
position."""

from __future__ import annotations

from pathlib import Path

from hexmate.host import script
from hexmate.rules.games import get_game

SCRIPT = Path(__file__).parents[3] / "e2e" / "scripts" / "asl-armour-turn.json"


def test_the_armour_turn_plays_to_turn_2() -> None:
    game = get_game("asl")
    loaded = script.load(SCRIPT)
    assert loaded.scenario is not None
    pos = game.new_position(game.load_scenario(loaded.scenario))
    for step in loaded.steps:
        if step.gesture == "expect":
            assert script.check_expect(pos, step.data["expect"]) == [], (step.index + 1, str(pos))
            continue
        action = script.action_for(pos, step)
        if action is not None:
            pos.push(action)
    assert pos.turn == 2 and pos.phase.id == "RPh"
    pz, t = pos.units["ger-pz1"], pos.units["rus-t1"]
    assert pos.label(pz.hex) == "DP10" and pz.facing == 1 and not pz.has("motion")  # turned once, stopped
    assert t.has("wreck") and t.has("crew_survived") and not t.has("burning")
    texts = [a.text(pos.label) for a in pos.log]
    assert "fire rus-t1 at DO10" in texts and "fire ger-pz1 at DZ9" in texts
    assert str(pos.replay()) == str(pos)  # state = fold(log)


def test_the_armour_log_reads_back_as_text() -> None:
    game = get_game("asl")
    loaded = script.load(SCRIPT)
    assert loaded.scenario is not None
    pos = script.play(game.new_position(game.load_scenario(loaded.scenario)), loaded)
    again = type(pos).from_log(pos.game, pos.scenario, pos.map, pos.charts, pos.log_texts())
    assert str(again) == str(pos) and again.log == pos.log
