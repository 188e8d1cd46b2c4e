"""The PG demo's first two game turns as the table plays them (tests/e2e/scripts/pg-turn.json), folded over
the rules alone: initiative, a tank leader's activation moving both AFVs under AT opportunity fire, a
leader-spotted bombardment, a leader's activation whose SMG is fired on, its X and M2, passes and markers off;
then a failed recovery and its rout, a bombardment of a SPOTTED HMG and AT fire; the log folds back."""

from __future__ import annotations

from pathlib import Path

from hexmate.host import script
from hexmate.rules.games import get_game

SCRIPT = Path(__file__).parents[3] / "e2e" / "scripts" / "pg-turn.json"


def test_the_demo_plays_two_turns_with_every_kind_of_unit() -> None:
    game = get_game("pg")
    pos = game.new_position(game.load_scenario(game.demo_scenario_path))
    kinds = {(u.side, u.type) for u in pos.units.values()}
    assert {("ger", "vehicle"), ("sov", "vehicle"), ("ger", "gun"), ("sov", "gun")} <= kinds
    assert sum(1 for u in pos.units.values() if u.type == "vehicle") == 4  # two AFVs a side
    segments_after_initiative = []
    charts = set()
    for step in script.load(SCRIPT).steps:
        if step.gesture == "expect":
            assert script.check_expect(pos, step.data["expect"]) == [], (step.index + 1, str(pos))
            continue
        action = script.action_for(pos, step)
        before = pos.phase.id
        if action is not None:
            pos.push(action)
        if pos.last_resolution is not None:
            charts.add(pos.last_resolution.chart)
        if before == "initiative" and pos.phase.id == "action":
            segments_after_initiative.append((pos.to_act, pos.state.flow.segments))
    assert pos.turn == 3 and pos.phase.id == "initiative"
    # 3.0 A: 5 + 3 against 3 + 2 gives the Germans 2 segments; then 2 + 3 against 6 + 2 the Soviets 2
    assert segments_after_initiative == [("ger", 2), ("sov", 2)]
    assert charts == {"dft", "at", "bombardment"}  # direct, AT and bombardment fire were all resolved
    smg = pos.units["s-smg"]
    assert smg.has("reduced") and smg.has("demoralized") and pos.label(smg.hex) == "DR4"
    assert pos.units["s-t34b"].has("reduced") and pos.units["s-art"].has("reduced")
    assert pos.units["g-hmg"].has("spotted")  # 8.22: it fired in sight from restrictive terrain
    assert not any(u.has("moved_fired") for u in pos.units.values())
    assert str(pos.replay()) == str(pos)  # state = fold(log)


def test_the_log_of_the_turns_reads_back_as_text() -> None:
    game = get_game("pg")
    pos = script.play(game.new_position(game.load_scenario(game.demo_scenario_path)), script.load(SCRIPT))
    again = type(pos).from_log(pos.game, pos.scenario, pos.map, pos.charts, pos.log_texts())
    assert str(again) == str(pos) and again.log == pos.log
    texts = pos.log_texts()
    assert "activate g-tl" in texts and "fire g-hmg at DP5" in texts and "answer hex DR4" in texts
