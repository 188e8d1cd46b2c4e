"""The ASL demo's first two game turns (tests/e2e/scripts/asl-two-turns.json) folded over the rules alone: all
eight phases of four Player Turns, Defensive First Fire at each hex entered, a rout, a rally, an advance into
an enemy Location and its Close Combat (ambush drs, simultaneous attacks, a Random Selection), the building
changing hands (A26.14) and the CVP it cost; turn 3 reached, and the log folds back to the same position."""

from __future__ import annotations

from pathlib import Path

from hexmate.host import script
from hexmate.rules.games import get_game

SCRIPT = Path(__file__).parents[3] / "e2e" / "scripts" / "asl-two-turns.json"


def test_two_game_turns_play_through_every_phase() -> None:
    game = get_game("asl")
    pos = game.new_position(game.load_scenario(game.demo_scenario_path))
    phases: set[str] = {pos.phase.id}
    kinds: list[str] = []
    for step in script.load(SCRIPT).steps:
        if step.gesture == "expect":
            assert script.check_expect(pos, step.data["expect"]) == [], (step.index + 1, str(pos))
            continue
        if step.gesture == "remove" and step.data["remove"] not in pos.units:
            continue  # an eliminated unit's counter taken off: what the board owed (script.play)
        action = script.action_for(pos, step)
        if action is not None:
            pos.push(action)
            if pos.state.resolution is not None:
                kinds.append(pos.state.resolution.chart)
        phases.add(pos.phase.id)
    assert pos.turn == 3 and pos.phase.id == "RPh"
    assert phases == {"RPh", "PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh", "CCPh"}
    assert "ift" in kinds and "cct" in kinds
    # the CC at R5: both Russians eliminated; the Germans' Random Selection reduced ger-sq1 (A11.11, A7.302)
    assert "rus-8-1" not in pos.units and "rus-sq1" not in pos.units
    assert pos.units["ger-sq1"].name == "2-4-7" and pos.units["ger-sq2"].name == "4-6-7"
    assert not any(u.has("melee") for u in pos.units.values())
    # victory as it stands: R5 is German; CVP 2 (squad) + 2 (8-1) for the Germans, 1 + 1 for the Russians
    status = pos.game.status(pos)
    assert "ger controls 1 building(s): R5 (A26.14)" in status
    assert "ger: 4 CVP (A26.22)" in status and "rus: 2 CVP (A26.22)" in status
    assert str(pos.replay()) == str(pos)  # state = fold(log)


def test_the_close_combat_is_worked_out_with_its_rules() -> None:
    game = get_game("asl")
    pos = game.new_position(game.load_scenario(game.demo_scenario_path))
    results = []
    for step in script.load(SCRIPT).steps:
        if step.gesture == "remove" and step.data["remove"] not in pos.units:
            continue
        action = script.action_for(pos, step)
        if action is None:
            continue
        pos.push(action)
        res = pos.state.resolution
        if res is not None and res.chart == "cct":
            results.append(res)
    german, russian = results
    assert german.results == {"rus-8-1": "KIA", "rus-sq1": "KIA"}
    # the Russians declared their attack, so were revealed: no halving (A11.19); the 9-1 directs (A11.141)
    assert [(line.value, line.rule) for line in german.lines if line.rule in ("A11.19", "A11.141")] == [
        ("-1", "A11.141"),
    ]
    assert any("5:5, rounded down to 1:1" in line.value for line in german.lines if line.rule == "A11.11")
    assert set(russian.results.values()) == {"CR"}


def test_the_script_keeps_the_boards_changes_as_the_table_does() -> None:
    # script.play holds play until a flip or replacement is confirmed; removals are seen by the board
    game = get_game("asl")
    pos = script.play(game.new_position(game.load_scenario(game.demo_scenario_path)), script.load(SCRIPT))
    assert pos.turn == 3 and pos.phase.id == "RPh"
    again = type(pos).from_log(pos.game, pos.scenario, pos.map, pos.charts, pos.log_texts())
    assert str(again) == str(pos) and again.log == pos.log
