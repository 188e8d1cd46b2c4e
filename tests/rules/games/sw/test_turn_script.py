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
    shown = []
    resolutions = []
    for step in script.load(SCRIPT).steps:
        if step.gesture == "expect":
            assert script.check_expect(pos, step.data["expect"]) == [], (step.index + 1, str(pos))
            continue
        action = script.action_for(pos, step)
        if action is None:  # a confirm on the page (a flip the board cannot see), or a picture asked for
            assert step.gesture == "confirm" or step.data["page"].startswith("show"), step
            if step.gesture == "page":
                shown.append(pos.game.show(pos, step.data["page"].split()[1:]))
            continue
        pos.push(action)
        phases.add((pos.phase.id, pos.phasing))
        if pos.last_resolution is not None:
            resolutions.append(pos.last_resolution)
    assert pos.turn == 2 and pos.phase.id == "reorg" and pos.phasing == "ger"
    # the German supply picture (8.6): every German unit's hex in supply, the east-edge sources lit
    (picture, summary), = shown
    german_hexes = {u.hex for u in pos.units.values() if u.side == "ger"}
    assert {picture[h] for h in german_hexes} == {"in"} and "0 out of supply" in summary
    assert picture[pos.map.parse_label("4412")] == "source"
    # every phase of both player turns; no reorganisation on turn 1 (5.1), the end of turn runs by itself
    every = {(p, s) for p in ("move", "combat", "admin") for s in ("ger", "ent")}
    assert phases == every | {("reorg", "ger")}
    german, entente = resolutions
    # 11.8: 4 + 4 against 3 is 2:1; 11.13: the city 1L; 11.16: all attackers elan, 1R; demo cell 2:1, 4: 1/2
    assert "8:3 -> 2:1" in german.text() and "attackers all elan: 1R (11.16)" in german.text()
    assert "defender in a city: 1L (11.13)" in german.text()
    assert german.results == {"attacker": "1", "defender": "2"} and "2:1 column, die 4" in german.text()
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
    # the depot moved one rail hex (10.7); the advance took the city of Longlier: 1 German VP (3.3, 4.6)
    game_ = pos.game
    longlier = pos.map.parse_label("2411")
    assert pos.label(units["g-dep2"].hex) == "2812" and game_.controller(pos, longlier) == "ger"
    assert game_.german_vp(pos) == 1
    # every hex I Corps entered on its way is German now (3.3), and 2511 too, where it stood before attacking
    assert all(game_.controller(pos, pos.map.parse_label(h)) == "ger" for h in ("2712", "2611", "2511"))
    # supply was traced in both Administrative Phases (8.1): everyone in supply, nobody marked
    assert not any(u.has("oos") or u.has("hf") for u in units.values())
    # the End-of-Turn Phase checked victory and the page shows it (4.2-4.4, 5.6)
    assert "End of turn 1: no victory yet (4.2-4.4); German VP 1 (4.6)" in game_.status(pos)
    assert pos.outcome() is None
    assert str(pos.replay()) == str(pos)  # state = fold(log)


def test_the_log_of_the_turn_reads_back_as_text() -> None:
    game = get_game("sw")
    pos = script.play(game.new_position(game.load_scenario(game.demo_scenario_path)), script.load(SCRIPT))
    texts = pos.log_texts()
    assert "attack g-I,g-II at 2411" in texts and "answer retreat" in texts and "answer hex 2312" in texts
    assert "move g-dep2 2912-2812 cost 1" in texts
    again = type(pos).from_log(pos.game, pos.scenario, pos.map, pos.charts, texts)
    assert str(again) == str(pos) and again.log == pos.log
