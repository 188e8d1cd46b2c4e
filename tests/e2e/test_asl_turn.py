"""The ASL demo's first game turn played in chromium, as players would: counters lifted and put down and the
dice and done buttons pressed on the virtual table, declarations, confirmations and a LOS check on the
companion page. The gestures are those of ``tests/e2e/scripts/asl-turn.json`` (the script ``hexmate demo
--script`` plays headless), so the two cannot drift apart; the page must show every phase and turn 2."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from hexmate.host.record import verify
from hexmate.host.table.registry import load_demo

from .conftest import get_json

SCRIPT = Path(__file__).parent / "scripts" / "asl-turn.json"
SETTLE_S = 15.0
RULE = re.compile(r"\b[A-Z]\d+(\.\d+)*\b")
# The phases each side acts in (A3): the page must show them in this order across the turn.
SEEN_IN_ORDER = ["MPh", "DFPh", "AFPh", "RtPh", "APh", "RPh", "PFPh", "MPh", "DFPh", "AFPh", "APh", "RPh"]


class Players:
    """Two pages of one game: the virtual table (gestures) and the companion page (declarations)."""

    def __init__(self, url: str, table: Any, companion: Any) -> None:
        self.url = url
        self.table = table
        self.companion = companion
        self.registry = load_demo()
        self.dones = 0
        self.confirmed: list[str] = []

    # --- the host's answers ------------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        return get_json(self.url + "api/view")

    @staticmethod
    def mark(v: dict[str, Any]) -> str:
        return json.dumps([v["last_actions"], v["changes"], v["notice"], v["phase_id"], v["turn"],
                           v["decision"], v["to_act"]], sort_keys=True)

    def answered(self, before: str, what: str) -> dict[str, Any]:
        """Wait until the host answered the gesture and the board matches the game; a refusal fails."""
        end = time.monotonic() + SETTLE_S
        v = self.view()
        while time.monotonic() < end:
            v = self.view()
            if self.mark(v) != before and v["notice"]["level"] == "error":
                raise AssertionError(f"{what}: refused: {v['notice']['text']}")
            if self.mark(v) != before and v["tracker"] == "idle":
                break
            time.sleep(0.05)
        else:
            raise AssertionError(f"{what}: no answer from the host (tracker {v['tracker']}); it says "
                                 f"{v['prompt']!r} [{v['notice']}]")
        return v

    # --- gestures on the virtual table -------------------------------------------------------------------
    def cell(self, hex_label: str) -> Any:
        return self.table.locator(f'#board .cell[data-label="{hex_label[1:]}"]')  # cells drop the board's "D"

    def lift(self, unit: str, hex_label: str) -> None:
        uid = self.registry.uid_of_unit(unit)
        assert uid is not None, unit
        self.cell(hex_label).locator(f'.chip[data-uid="{uid}"]').click()
        self.table.wait_for_function(
            f"() => document.querySelector('#hand').textContent.startsWith('Holding {unit}')")

    def put(self, hex_label: str) -> None:
        self.cell(hex_label).click()
        empty = "() => document.querySelector('#hand').textContent.startsWith('Nothing')"
        self.table.wait_for_function(empty, timeout=5000)

    def move(self, unit: str, hexes: list[str]) -> None:
        """One lift; shown on each hex on the way (resting there), put down on the last. A rest longer than
        the tracker's quiet time (350 ms of the board's clock) ends the move there, so a trail is only for
        a table that keeps up; the turn below puts each mover straight on its destination."""
        here = next(h for h, units in self.view()["counters"].items() if unit in {u["id"] for u in units})
        self.lift(unit, here)
        time.sleep(0.06)
        for h in hexes[:-1]:
            self.put(h)
            time.sleep(0.08)
            self.lift(unit, h)
            time.sleep(0.06)
        self.put(hexes[-1])

    def press_done(self) -> None:
        """The board's done button, by keyboard; every other time the page's Done button instead."""
        self.dones += 1
        if self.dones % 2:
            button = self.table.locator('#dice .board-button[data-name="done"]')
            assert button.count() == 1, "the board has no done button"
            button.focus()
            self.table.keyboard.press("Enter")
        else:
            self.companion.wait_for_function("() => !document.querySelector('#done-btn').disabled")
            self.companion.locator("#done-btn").click()

    def roll(self, pips: list[int]) -> None:
        """Load the emulated dice, wait until the page says they are armed, press Dice A."""
        self.table.locator("#load-pips").fill(",".join(map(str, pips)))
        self.table.locator("#load-pips").press("Enter")
        self.table.wait_for_function(
            "() => document.querySelector('#load-result').textContent.startsWith('Loaded')")
        self.companion.wait_for_selector('#dice-armed[data-armed="true"]', timeout=SETTLE_S * 1000)
        assert "press the dice button on the table" in self.companion.locator("#dice-armed").inner_text()
        self.table.wait_for_selector("#dice .board-button.armed")
        self.table.locator('#dice .board-button[data-name="dice-a"]').focus()
        self.table.keyboard.press("Enter")

    # --- the companion page ------------------------------------------------------------------------------
    def act(self, text: str) -> None:
        """A legal action's button when the page lists it; else typed into the text box."""
        button = self.companion.locator(f'#legal .legal-act[data-text="{text}"]')
        if button.count():
            button.first.click()
        else:
            self.companion.locator("#act-text").fill(text)
            self.companion.locator("#act-text").press("Enter")

    def confirm(self, unit: str) -> None:
        """A change the board cannot sense, made by hand: said so with the page's button for it."""
        button = self.companion.locator(f'#changes-list button.confirm[data-unit="{unit}"]')
        button.wait_for(timeout=SETTLE_S * 1000)
        label = button.get_attribute("aria-label")
        assert all(c["text"] in label for c in self.view()["changes"] if c["unit"] == unit and c["confirm"])
        button.focus()
        self.companion.keyboard.press("Enter")
        self.confirmed.append(unit)

    def expect(self, want: dict[str, Any], where: str) -> None:
        """What the script expects, as the companion page shows it."""
        checks = []
        if "turn" in want:
            checks.append(f"document.querySelector('#turn').textContent === 'Turn {want['turn']}'")
        if "phase" in want:
            checks.append(f"document.querySelector('#phase-rule').textContent.startsWith('({want['phase']},')")
        if "to_act" in want:
            checks.append(f"document.querySelector('#to-act').textContent === '{want['to_act']} to act'")
        if "decision" in want:
            checks.append(f"document.querySelector('#decision').dataset.kind === '{want['decision']}'")
        if checks:
            try:
                self.companion.wait_for_function("() => " + " && ".join(checks), timeout=SETTLE_S * 1000)
            except Exception as e:
                v = self.view()
                raise AssertionError(f"{where}: the page does not show {want}: turn {v['turn']} "
                                     f"{v['phase_id']} {v['to_act']} to act, decision {v['decision']}; "
                                     f"{v['prompt']}") from e
        if "units" in want:
            counters = self.view()["counters"]
            for unit, hex_label in want["units"].items():
                here = {c["id"] for c in counters.get(hex_label, [])}
                assert unit in here, f"{where}: {unit} not on {hex_label}"
                assert self.companion.locator(f'#map .hex[data-hex="{hex_label}"]').get_attribute(
                    "aria-label").startswith(hex_label + ":")


def _check_los(players: Players) -> None:
    """A LOS check on the page: the result names its reason and rule, the traced hexes and the blocking
    point go on the map (the woods of DK3 block DK2 to DK4, A6.2)."""
    page = players.companion
    page.locator("#los-from").fill("dk2")
    page.locator("#los-to").fill("DK4")
    page.locator("#los-to").press("Enter")
    page.wait_for_function("() => document.querySelector('#los-result').textContent.startsWith('LOS from')",
                           timeout=SETTLE_S * 1000)
    text = page.locator("#los-result").inner_text()
    los = players.view()["los"]
    assert los["from"] == "DK2" and los["to"] == "DK4" and not los["clear"] and los["blocked_at"] == "DK3"
    assert text.startswith("LOS from DK2 to DK4: blocked at DK3") and los["reason"] in text, text
    assert RULE.search(text) and los["rule"] in text, text
    assert page.locator("#map .hex.los").count() == len(los["hexes"]) > 0
    assert page.locator("#map .hex.los-block").get_attribute("data-hex") == "DK3"


def test_asl_demo_turn_in_chromium_on_the_virtual_table_and_companion_page(demo, browser, axe) -> None:
    script = json.loads(SCRIPT.read_text())
    table = browser.new_page()
    companion = browser.new_page()
    table.goto(demo.url + "table")
    companion.goto(demo.url)
    table.wait_for_selector("#board .cell .chip")
    companion.wait_for_selector("#map .hex")
    # every phase the page shows, in order (a live region, so a screen reader hears each one too)
    companion.evaluate("""() => {
        window.phasesSeen = [];
        const note = () => { const t = document.querySelector('#phase-rule').textContent;
            const id = t.slice(1).split(',')[0];
            if (id && window.phasesSeen[window.phasesSeen.length - 1] !== id) window.phasesSeen.push(id); };
        note();
        new MutationObserver(note).observe(document.querySelector('#phase-rule'),
                                           {childList: true, characterData: true, subtree: true});
    }""")
    players = Players(demo.url, table, companion)
    _check_los(players)
    checked_axe = False

    for n, step in enumerate(script["steps"], start=1):
        where = f"{SCRIPT.name} step {n} ({next(iter(step))})"
        if "expect" in step:
            players.expect(step["expect"], where)
            if step["expect"].get("decision") == "react" and not checked_axe:
                violations = axe(companion)  # a decision open: the fullest the page gets
                assert violations == [], violations
                checked_axe = True
            continue
        before = players.mark(players.view())
        if "move" in step:
            # one lift, one placement on the destination: the host works out the path (a trail shown hex by
            # hex in chromium races the tracker's quiet time, see Players.move)
            players.move(step["move"], [step["path"][-1]] if "path" in step else [step["to"]])
        elif "place" in step:
            players.move(step["place"], [step["at"]])
        elif "press" in step:
            assert step["press"] == "done", step
            players.press_done()
        elif "roll" in step:
            players.roll(step["roll"])
        elif "page" in step:
            players.act(step["page"])
        elif "confirm" in step:
            players.confirm(step["confirm"])
        else:
            raise AssertionError(f"{where}: a gesture this test does not know: {step}")
        players.answered(before, where)
        assert companion.locator("#act-error").inner_text() == "", where

    assert checked_axe, "no react decision was open to check the page with axe-core"
    assert players.confirmed, "no change was confirmed on the page"
    assert companion.locator("#turn").inner_text() == "Turn 2"
    seen = companion.evaluate("() => window.phasesSeen")
    it = iter(seen)
    assert all(p in it for p in SEEN_IN_ORDER), f"the page showed the phases {seen}"
    # the resolutions the page showed were named steps; the record holds every roll and verifies
    lines = [json.loads(x) for x in demo.record.read_text().splitlines()]
    rolls = [e["data"]["values"] for e in lines if e["kind"] == "dice" and e["data"].get("used")]
    assert rolls == [s["roll"] for s in script["steps"] if "roll" in s]
    assert verify(demo.record).entries == len(lines)
    assert companion.locator("#resolution-steps li").count() > 0
