"""The Schlieffen's War demo's first game turn as the table plays it (tests/e2e/scripts/sw-turn.json),
folded over the rules alone: both player turns through every phase, a German attack rolled on the board's die
with the rulebook's 11.17 example (3:1, a 3: 1/2), a retreat and an advance placed on lit hexes, a step
loss tapped, an Entente attack that the defender holds, and turn 2 reached; the log folds back to the same
position."""

from __future__ import annotations

from pathlib import Path

from hexmate.host import script
from hexmate.rules.games import get_game

SCRIPT = Path(__file__).parents[3] / "e2e" / "scripts" / "sw-turn.json"


def test_the_demo_turn_plays_through_every_phase() -> None:
    game = get_game("sw")
    pos = game.new_position(game.load_scenario(game.demo_scenario_path))
    phases = {(pos.phase.id, pos.phasing)}
    resolutions = []
    for step in script.load(SCRIPT).steps:
        if step.gesture == "expect":
            assert script.check_expect(pos, step.data["expect"]) == [], (step.index + 1, str(pos))
            continue
        action = script.action_for(pos, step)
        if action is None:  # a confirm on the page: a flip the board cannot see, no action
            assert step.gesture == "confirm"
            continue
        pos.push(action)
        phases.add((pos.phase.id, pos.phasing))
        if pos.last_resolution is not None:
            resolutions.append(pos.last_resolution)
    assert pos.turn == 2 and pos.phase.id == "reorg" and pos.phasing == "ger"
    # every phase of both player turns; no reorganisation on turn 1 (5.1), the end of turn runs by itself
    every = {(p, s) for p in ("move", "combat", "admin") for s in ("ger", "ent")}
    assert phases == every | {("reorg", "ger")}
    german, entente = resolutions
    # 11.8: 4 + 4 against 3 is 2:1; 11.16: all attackers elan, 1R; 11.17: on 3:1 a 3 is 1/2
    assert "8:3 -> 2:1" in german.text() and "attackers all elan: 1R (11.16)" in german.text()
    assert german.results == {"attacker": "1", "defender": "2"} and "3:1 column, die 3" in german.text()
    # 3 against II Corps' 4 is 1:2 (11.8, A-6); elan on both sides cancels (11.16); the demo cell gives 1/1
    assert "3:4 -> 1:2" in entente.text() and "CRT: 1:2 column, die 5 -> 1/1" in entente.text()
    units = pos.units
    # the first step on VI Corps, the second a retreat that cost it a level (11.20); it then rallied a level
    # by standing still in the Entente Movement Phase (10.2)
    assert units["f-VI"].has("reduced") and not units["f-VI"].has("fatigue")
    # the German step went on I Corps, which advanced; the Entente attack reduced II Corps and VII Corps, and
    # VII Corps, elan after standing still, dropped to normal when the defender held (11.20)
    assert units["g-I"].has("reduced") and units["g-II"].has("reduced") and units["f-VII"].has("reduced")
    assert not units["f-VII"].has("elan") and not units["f-VII"].has("fatigue")
    assert units["g-I"].has("elan") and units["g-III"].has("elan")  # untouched by moving on turn 1 (10.2)
    assert str(pos.replay()) == str(pos)  # state = fold(log)


def test_the_log_of_the_turn_reads_back_as_text() -> None:
    game = get_game("sw")
    pos = script.play(game.new_position(game.load_scenario(game.demo_scenario_path)), script.load(SCRIPT))
    texts = pos.log_texts()
    assert "attack g-I,g-II at 2411" in texts and "answer retreat" in texts and "answer hex 2312" in texts
    again = type(pos).from_log(pos.game, pos.scenario, pos.map, pos.charts, texts)
    assert str(again) == str(pos) and again.log == pos.log
