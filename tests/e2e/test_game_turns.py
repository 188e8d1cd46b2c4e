"""Panzer Grenadier's and Fire Team's demo turns played in chromium, as players would: counters lifted and
put down, the dice and done buttons pressed on the virtual table, declarations and confirmations on the
companion page. The gestures are those of ``tests/e2e/scripts/<game>-turn.json`` (the scripts ``hexmate demo
--script`` plays headless and the rules tests fold), so the three cannot drift apart. The model is
``test_asl_turn.py``; each game runs its own ``hexmate demo --game`` on the emulated table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Demo
from .players import Table, assert_phases_in_order, assert_record_holds_script, open_pages, play

SCRIPTS = Path(__file__).parent / "scripts"
# The phases the page must show, in this order, across each script (the games' sequence.json ids).
PHASES = {
    "pg": ["initiative", "action", "initiative", "action", "initiative"],  # 3.0: two turns, then turn 3
    "fireteam": ["action", "prep", "action", "prep"],
}
LAST_TURN = {"pg": 3, "fireteam": 3}


@pytest.fixture(params=["pg", "fireteam"])
def game_demo(request, tmp_path):
    d = Demo(tmp_path, "--game", request.param)
    try:
        d.wait_live()
        yield request.param, d
    finally:
        d.output = d.stop()


def test_a_games_demo_turns_in_chromium_on_the_virtual_table_and_companion_page(game_demo, browser) -> None:
    game, demo = game_demo
    path = SCRIPTS / f"{game}-turn.json"
    script = json.loads(path.read_text())
    assert script["game"] == game
    table, companion = open_pages(browser, demo.url)
    try:
        players = Table(game, demo.url, table, companion)
        for n, step in enumerate(script["steps"], start=1):
            where = f"{path.name} step {n} ({next(k for k in step if k != 'note')})"
            if "expect" in step:
                players.expect({k: v for k, v in step["expect"].items() if k != "gone"}, where)
                on_board = {u["id"] for us in players.view()["counters"].values() for u in us}
                for unit in step["expect"].get("gone", ()):
                    assert unit not in on_board, f"{where}: {unit} is still in play"
                continue
            try:
                play(players, step, where)
            except Exception as e:
                v = players.view()
                raise AssertionError(f"{where}: {e!r}; the host is at turn {v['turn']} {v['phase_id']}, "
                                     f"{v['to_act']} to act: {v['prompt']}") from e

        assert companion.locator("#turn").inner_text() == f"Turn {LAST_TURN[game]}"
        assert_phases_in_order(companion, PHASES[game])
        assert_record_holds_script(demo.record, script)
        assert companion.locator("#resolution-steps li").count() > 0
    finally:
        table.close()
        companion.close()
