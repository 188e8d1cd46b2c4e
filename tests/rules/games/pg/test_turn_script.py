"""The PG demo's first game turn as the table plays it (tests/e2e/scripts/pg-turn.json), folded over the
rules alone: initiative rolled by both sides, a move, an opportunity fire with its X result and M2 check
rolled, both passes, the markers taken off, then turn 2's failed recovery and its rout placed on a lit hex;
the log folds back to the same position."""

from __future__ import annotations

from pathlib import Path

from hexmate.host import script
from hexmate.rules.games import get_game

SCRIPT = Path(__file__).parents[3] / "e2e" / "scripts" / "pg-turn.json"


def test_the_demo_turn_plays_through_every_phase() -> None:
    game = get_game("pg")
    pos = game.new_position(game.load_scenario(game.demo_scenario_path))
    phases = {pos.phase.id}
    segments_after_initiative = []
    for step in script.load(SCRIPT).steps:
        if step.gesture == "expect":
            assert script.check_expect(pos, step.data["expect"]) == [], (step.index + 1, str(pos))
            continue
        action = script.action_for(pos, step)
        before = pos.phase.id
        if action is not None:
            pos.push(action)
        if before == "initiative" and pos.phase.id == "action":
            segments_after_initiative.append((pos.to_act, pos.state.flow.segments))
        phases.add(pos.phase.id)
    assert pos.turn == 3 and pos.phase.id == "initiative"
    # the Marker Removal Phase has nothing to ask, so it ends as it starts (3.0 C); both visits took the
    # markers off
    assert phases == {"initiative", "action"}
    # 3.0 A: 5 + 3 = 8 against 3 + 2 = 5 gives the Germans ceil(3 / 2) = 2 segments; then 2 + 3 against 6 + 2
    assert segments_after_initiative == [("ger", 2), ("sov", 2)]
    smg = pos.units["s-smg"]
    # the X took its step (7.6), the M2 (9 against 6) demoralized it (14.1), recovery failed, it routed
    assert smg.has("reduced") and smg.has("demoralized") and pos.label(smg.hex) == "DQ5"
    assert not any(u.has("moved_fired") for u in pos.units.values())
    assert any(a.text().startswith("fire g-hmg") for a in pos.log)
    assert str(pos.replay()) == str(pos)  # state = fold(log)


def test_the_log_of_the_turn_reads_back_as_text() -> None:
    game = get_game("pg")
    pos = script.play(game.new_position(game.load_scenario(game.demo_scenario_path)), script.load(SCRIPT))
    again = type(pos).from_log(pos.game, pos.scenario, pos.map, pos.charts, pos.log_texts())
    assert str(again) == str(pos) and again.log == pos.log
    assert "fire g-hmg at DP5" in pos.log_texts() and "answer hex DQ5" in pos.log_texts()
