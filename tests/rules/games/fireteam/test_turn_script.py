"""The Fire Team demo's first two game turns as the table plays them (tests/e2e/scripts/fireteam-turn.json),
folded over the rules alone: chits drawn with the dice, impulses paid in CP, saved CP carried over,
opportunity fire paid from CP remaining, a squad eliminated and its CP loss taken off next turn's chits, a
vehicle per side (missile fire and depletion, Vehicle Fear and its recovery, a kill); the log folds back to
the same position."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from hexmate.host import script
from hexmate.rules import actions as act
from hexmate.rules.games import get_game

SCRIPT = Path(__file__).parents[3] / "e2e" / "scripts" / "fireteam-turn.json"


def test_the_demo_plays_two_turns_through_every_phase() -> None:
    game = get_game("fireteam")
    pos = game.new_position(game.load_scenario(game.demo_scenario_path))
    phases = {pos.phase.id}
    kinds: list[str] = []
    turned: list[str] = []  # [5.31] the windows after a vehicle's turn in a hex: (vehicle, hex)
    results: list[dict[str, str]] = []
    turn2_cup: tuple[tuple[str, int], ...] = ()
    for step in script.load(SCRIPT).steps:
        if step.gesture == "expect":
            assert script.check_expect(pos, step.data["expect"]) == [], (step.index + 1, str(pos))
            continue
        if step.gesture == "remove" and step.data["remove"] not in pos.units:
            continue  # the counter of a unit out of play comes off the board
        action = script.action_for(pos, step)
        if action is not None:
            if pos.decision is not None:
                kinds.append(pos.decision.then)
                if pos.decision.rule == "5.31" and pos.decision.target is not None:
                    turned.append(f"{','.join(pos.decision.subject)}@{pos.label(pos.decision.target)}")
            pos.push(action)
            if pos.state.resolution is not None:
                results.append(dict(pos.state.resolution.results))
            if pos.turn == 2 and pos.phase.id == "action" and not turn2_cup:
                turn2_cup = game.cp(pos.state).cup
        phases.add(pos.phase.id)
    assert pos.turn == 3 and pos.phase.id == "prep"
    assert phases == {"action", "prep"}  # the End Phase ends by itself as it starts (auto, 3.0)
    # every impulse began with a chit drawn with the dice [4.1]: 7 in turn 1 (one ignored, 4.15), 8 in turn 2
    assert kinds.count("draw") == 15
    assert [k for k in kinds if k in ("ift", "gm", "casualty", "rally", "vrally", "keep")] == [
        "ift", "ift", "gm", "ift", "casualty", "rally", "ift", "ift", "keep", "vrally", "gm", "ift"]
    # [5.31] each vehicle that turned on entering a hex gave the other side a second window there
    assert turned == ["sov-bmp@DS7", "sov-bmp@DQ7", "us-m2@DJ5", "us-m2@DL5"]
    assert "stopped" in kinds  # the mover put back where opportunity fire stopped it (7.33)
    # [4.12] the US lost a squad (CP loss 2): its chits 3,2,2,1 became 2,2,1,1; [4.54] its 0.5 saved CP kept
    # cost 1 more: the 2 gave way to a 1, so 2,1,1,1 went into the cup
    assert sorted(v for s, v in turn2_cup if s == "us") == [1, 1, 1, 2]
    assert sorted(v for s, v in turn2_cup if s == "sov") == [1, 2, 2, 3]
    assert {"us-sq2": "1"} in results and {"sov-bmp": "K"} in results
    assert {"us-m2": "-", "sov-bmp": "AD"} in results  # the BMP's missile: a 10, no kill, depleted [6.56]
    assert "sov-bmp" not in pos.units and "us-sq2" not in pos.units
    assert pos.game.cp(pos.state).saved == {"us-mg": Fraction(1, 2)}
    moves = [a for a in pos.log if isinstance(a, act.Move) and "us-ldr" in a.units]
    assert moves and moves[0].cost == 7  # the squad's MA 5 + 2 for its leader (5.11)
    assert str(pos.replay()) == str(pos)  # state = fold(log)


def test_the_log_of_the_two_turns_reads_back_as_text() -> None:
    game = get_game("fireteam")
    pos = script.play(game.new_position(game.load_scenario(game.demo_scenario_path)), script.load(SCRIPT))
    again = type(pos).from_log(pos.game, pos.scenario, pos.map, pos.charts, pos.log_texts())
    assert str(again) == str(pos) and again.log == pos.log
