"""The Fire Team demo's first game turn as the table plays it (tests/e2e/scripts/fireteam-turn.json), folded
over the rules alone: the Action and End Phases of turn 1 and the Preparation Phase of turn 2, opportunity
fire stopping a mover that is placed back where it stopped, AP fire with a step loss, a leader casualty
check, a rally, a leader's +2 MA and a panic check rolled on the d10; the log folds back to the same
position."""

from __future__ import annotations

from pathlib import Path

from hexmate.host import script
from hexmate.rules import actions as act
from hexmate.rules.games import get_game

SCRIPT = Path(__file__).parents[3] / "e2e" / "scripts" / "fireteam-turn.json"


def test_the_demo_turn_plays_through_every_phase() -> None:
    game = get_game("fireteam")
    pos = game.new_position(game.load_scenario(game.demo_scenario_path))
    phases = {pos.phase.id}
    kinds: list[str] = []
    results: list[dict[str, str]] = []
    for step in script.load(SCRIPT).steps:
        if step.gesture == "expect":
            assert script.check_expect(pos, step.data["expect"]) == [], (step.index + 1, str(pos))
            continue
        action = script.action_for(pos, step)
        if action is not None:
            if pos.decision is not None:
                kinds.append(pos.decision.then)
            pos.push(action)
            if pos.state.resolution is not None:
                results.append(dict(pos.state.resolution.results))
        phases.add(pos.phase.id)
    assert pos.turn == 2 and pos.phase.id == "action"
    assert phases == {"action", "prep"}  # the End Phase ends by itself as it starts (auto, 3.0)
    # every roll the turn asked for, in order: IFT (opportunity), IFT, IFT, leader casualty, rally, IFT, panic
    assert [k for k in kinds if k in ("ift", "casualty", "rally", "panic")] == [
        "ift", "ift", "ift", "casualty", "rally", "ift", "panic"]
    assert "stopped" in kinds  # the mover put back where opportunity fire stopped it (7.33)
    assert sum(1 for a in pos.log if a == act.Answer(choice="pass")) == 9  # 3 + 6 windows let go by
    # [6.3] 7 FP on the 6 column, d10 8 -> +1; 5 FP on the 5 column, 5 - 1 -> 1; 8 FP on the 8 column,
    # 1 + 4 (stone building) -> 1, for the squad and its leader; 7 FP on the 6 column, 6 -> +2 (demo chart)
    assert results == [{"us-sq2": "+1"}, {"us-sq2": "1"}, {"sov-ldr": "1", "sov-sq1": "1"}, {"us-sq2": "+2"}]
    # us-sq2: +1 (Fear 1), then "1" (reduced, Fear 2), then "+2" (Fear 4, no panic on 2 + 1 = 3)
    sq2 = pos.units["us-sq2"]
    assert sq2.has("reduced") and sq2.has("fear4") and pos.label(sq2.hex) == "DN4"
    # sov-sq1: "1" from the MG (reduced, Fear 1), rallied by its leader on 4 + 1 <= 8
    sov = pos.units["sov-sq1"]
    assert sov.has("reduced") and not any(m.startswith("fear") for m in sov.markers)
    assert "sov-ldr" in pos.units  # casualty check 5: survived (1-2 eliminates, 6.38)
    # the leader and squad moved 7 MP together: MA 5 + 2 (5.11)
    moves = [a for a in pos.log if isinstance(a, act.Move) and "us-ldr" in a.units]
    assert moves and moves[0].cost == 7 and pos.label(pos.units["us-sq1"].hex) == "DP1"
    # the End Phase cleared the turn's activations and markers
    assert not any(u.has("activated") or u.has("opp_fire") for u in pos.units.values())
    assert str(pos.replay()) == str(pos)  # state = fold(log)


def test_the_log_of_the_turn_reads_back_as_text() -> None:
    game = get_game("fireteam")
    pos = script.play(game.new_position(game.load_scenario(game.demo_scenario_path)), script.load(SCRIPT))
    again = type(pos).from_log(pos.game, pos.scenario, pos.map, pos.charts, pos.log_texts())
    assert str(again) == str(pos) and again.log == pos.log
