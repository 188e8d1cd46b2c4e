"""The ASL demo's first game turn as the table plays it (tests/e2e/scripts/asl-turn.json), folded over the
rules alone: every phase of both player turns, a Defensive First Fire and its K/1 and 1MC rolled, a rout
placed on a lit hex, a rally under a leader, and turn 2 reached; the log folds back to the same position."""

from __future__ import annotations

from pathlib import Path

from hexmate.host import script
from hexmate.rules.games import get_game

SCRIPT = Path(__file__).parents[3] / "e2e" / "scripts" / "asl-turn.json"


def test_the_demo_turn_plays_through_every_phase() -> None:
    game = get_game("asl")
    pos = game.new_position(game.load_scenario(game.demo_scenario_path))
    phases = {pos.phase.id}
    for step in script.load(SCRIPT).steps:
        if step.gesture == "expect":
            assert script.check_expect(pos, step.data["expect"]) == [], (step.index + 1, str(pos))
            continue
        action = script.action_for(pos, step)
        if action is not None:
            pos.push(action)
        phases.add(pos.phase.id)
    assert pos.turn == 2 and pos.phase.id == "RPh"
    assert phases == {"RPh", "PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh"}  # the CCPh ends as it starts
    # the K/1 reduced the squad to its half-squad (A7.302), which broke, routed and rallied
    sq4 = pos.units["ger-sq4"]
    assert sq4.name == "2-4-7" and not sq4.has("broken") and pos.label(sq4.hex) == "DK4"
    assert any(a.text().startswith("fire rus-sq2") for a in pos.log)
    assert str(pos.replay()) == str(pos)  # state = fold(log)


def test_the_log_of_the_turn_reads_back_as_text() -> None:
    game = get_game("asl")
    pos = script.play(game.new_position(game.load_scenario(game.demo_scenario_path)), script.load(SCRIPT))
    again = type(pos).from_log(pos.game, pos.scenario, pos.map, pos.charts, pos.log_texts())
    assert str(again) == str(pos) and again.log == pos.log
