"""Panzer Grenadier's and Fire Team's demo turns played in chromium, as players would: counters lifted and
put down, the dice and done buttons pressed on the virtual table, declarations and confirmations on the
companion page. The gestures are those of ``tests/e2e/scripts/<game>-turn.json`` (the scripts ``hexmate demo
--script`` plays headless and the rules tests fold), so the three cannot drift apart. The model is
``test_asl_turn.py``; each game runs its own ``hexmate demo --game`` on the emulated table."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from hexmate.host.record import verify
from hexmate.host.table.registry import load_demo

from .conftest import Demo
from .test_asl_turn import SETTLE_S, Players

SCRIPTS = Path(__file__).parent / "scripts"
# The phases the page must show, in this order, across each script (the games' sequence.json ids).
PHASES = {
    "pg": ["initiative", "action", "initiative", "action", "initiative"],  # 3.0: two turns, then turn 3
    "fireteam": ["action", "prep", "action", "prep"],
}
LAST_TURN = {"pg": 3, "fireteam": 3}


class Table(Players):
    """The ASL test's players, with the gestures the other scripts use too (a trail-less move of several
    counters, a tap, a removal), and the game's board labels."""

    def __init__(self, game: str, url: str, table: Any, companion: Any) -> None:
        super().__init__(url, table, companion)
        self.registry = load_demo(game)

    def cell(self, hex_label: str) -> Any:
        full = self.table.locator(f'#board .cell[data-label="{hex_label}"]')
        return full if full.count() else super().cell(hex_label)

    def where(self, unit: str) -> str:
        return next(h for h, units in self.view()["counters"].items() if unit in {u["id"] for u in units})

    def move_group(self, units: list[str], to: str) -> None:
        """Each counter lifted and put on the destination in turn, within the tracker's quiet time, so the
        table sees one move of the group."""
        starts = [self.where(u) for u in units]
        for unit, here in zip(units, starts, strict=True):
            self.lift(unit, here)
            self.put(to)

    def answered(self, before: str, what: str) -> dict[str, Any]:
        """As the ASL test's, except that a unit eliminated by the answer leaves the table out of sync until
        its counter is taken off (the script's next gesture): that is an answer too."""
        end = time.monotonic() + SETTLE_S
        v = self.view()
        while time.monotonic() < end:
            v = self.view()
            changed = self.mark(v) != before
            if changed and v["notice"]["level"] == "error":
                raise AssertionError(f"{what}: refused: {v['notice']['text']}")
            owed_off = v["tracker"] == "out-of-sync" and v["notice"]["text"].startswith(
                "The table differs from the game: take ")
            if changed and (v["tracker"] == "idle" or owed_off):
                return v
            time.sleep(0.05)
        raise AssertionError(f"{what}: no answer from the host (tracker {v['tracker']}); it says "
                             f"{v['prompt']!r} [{v['notice']}]")

    def view(self) -> dict[str, Any]:
        """The host's view, with patience: on a loaded machine (CI's 2 cores) a reply may take seconds."""
        with urllib.request.urlopen(self.url + "api/view", timeout=30) as r:
            view: dict[str, Any] = json.loads(r.read())
        return view

    def press_done(self) -> None:
        """As the ASL test's; a board press lost before the board is ready is given again on the page."""
        before = self.mark(self.view())
        super().press_done()
        end = time.monotonic() + 5.0
        while time.monotonic() < end and self.mark(self.view()) == before:
            time.sleep(0.05)
        if self.mark(self.view()) == before:
            self.companion.wait_for_function("() => !document.querySelector('#done-btn').disabled")
            self.companion.locator("#done-btn").click()

    def roll(self, pips: list[int]) -> None:
        """As the ASL test's; a press the board takes before it is armed for this roll is ignored, as at a
        real table, and the player presses again (the loaded dice are still unused: the record's check of
        every roll, in order, below would catch a roll taken twice)."""
        before = self.mark(self.view())
        super().roll(pips)
        for _ in range(2):
            end = time.monotonic() + 5.0
            while time.monotonic() < end and self.mark(self.view()) == before:
                time.sleep(0.05)
            if self.mark(self.view()) != before:
                return
            self.table.locator('#dice .board-button[data-name="dice-a"]').focus()
            self.table.keyboard.press("Enter")

    def tap(self, unit: str) -> None:
        """Lift a counter and put it back: the table reads it as choosing the unit."""
        here = self.where(unit)
        self.lift(unit, here)
        end = time.monotonic() + SETTLE_S
        while self.view()["tracker"] != "held":  # the table has seen it lifted
            assert time.monotonic() < end, f"the table never saw {unit} lifted"
            time.sleep(0.03)
        self.put(here)

    def remove(self, unit: str, where: str) -> None:
        """Take a counter off the board (lift it, Escape returns it to the tray); an eliminated unit's counter
        is a change the board owed, which the host then drops."""
        uid = self.registry.uid_of_unit(unit)
        assert uid is not None, unit
        self.table.locator(f'#board .chip[data-uid="{uid}"]').click()
        self.table.wait_for_function(
            f"() => document.querySelector('#hand').textContent.startsWith('Holding {unit}')")
        self.table.keyboard.press("Escape")
        end = time.monotonic() + SETTLE_S
        while any(c["unit"] == unit for c in self.view()["changes"]) or self.view()["tracker"] != "idle":
            assert time.monotonic() < end, f"{where}: the host still owes a change to {unit}"
            time.sleep(0.05)


def play(players: Table, step: dict[str, Any], where: str) -> None:
    """One gesture of the script, answered by the host."""
    before = players.mark(players.view())
    if "move" in step:
        units = step["move"].split(",")
        to = step["path"][-1] if "path" in step else step["to"]
        if len(units) == 1:
            # one lift, one placement: the host takes the cheapest path, which the scripts' paths are
            # (a trail shown hex by hex races the tracker's quiet time, see Players.move)
            players.move(units[0], [to])
        else:
            players.move_group(units, to)
    elif "place" in step:
        players.move(step["place"], [step["at"]])
    elif "tap" in step:
        players.tap(step["tap"])
    elif "remove" in step:
        players.remove(step["remove"], where)
        return
    elif "press" in step:
        assert step["press"] == "done", step
        players.press_done()
    elif "roll" in step:
        players.roll(step["roll"])
    elif "page" in step:
        players.act(step["page"])
    elif "confirm" in step:
        players.confirm(step["confirm"])
    elif "wait" in step:
        time.sleep(step["wait"] / 1000)
        return
    else:
        raise AssertionError(f"{where}: a gesture this test does not know: {step}")
    players.answered(before, where)
    assert players.companion.locator("#act-error").inner_text() == "", where


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
    table = browser.new_page()
    companion = browser.new_page()
    try:
        table.goto(demo.url + "table")
        companion.goto(demo.url)
        table.wait_for_selector("#board .cell .chip")
        companion.wait_for_selector("#map .hex")
        companion.evaluate("""() => {
            window.phasesSeen = [];
            const note = () => { const t = document.querySelector('#phase-rule').textContent;
                const id = t.slice(1).split(',')[0];
                const seen = window.phasesSeen;
                if (id && seen[seen.length - 1] !== id) seen.push(id); };
            note();
            new MutationObserver(note).observe(document.querySelector('#phase-rule'),
                                               {childList: true, characterData: true, subtree: true});
        }""")
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
        seen = companion.evaluate("() => window.phasesSeen")
        it = iter(seen)
        assert all(p in it for p in PHASES[game]), f"the page showed the phases {seen}"
        # every roll of the script was used, in order, and the record verifies
        lines = [json.loads(x) for x in demo.record.read_text().splitlines()]
        rolls = [e["data"]["values"] for e in lines if e["kind"] == "dice" and e["data"].get("used")]
        assert rolls == [s["roll"] for s in script["steps"] if "roll" in s]
        assert verify(demo.record).entries == len(lines)
        assert companion.locator("#resolution-steps li").count() > 0
    finally:
        table.close()
        companion.close()
