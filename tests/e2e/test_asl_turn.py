"""The ASL demo's first game turn played in chromium, as players would: counters lifted and put down and the
dice and done buttons pressed on the virtual table, declarations, confirmations and a LOS check on the
companion page. The gestures are those of ``tests/e2e/scripts/asl-turn.json`` (the script ``hexmate demo
--script`` plays headless), so the two cannot drift apart; the page must show every phase and turn 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

from .players import (
    SETTLE_S,
    Players,
    Table,
    assert_phases_in_order,
    assert_record_holds_script,
    open_pages,
    play,
)

SCRIPT = Path(__file__).parent / "scripts" / "asl-turn.json"
RULE = re.compile(r"\b[A-Z]\d+(\.\d+)*\b")
# The phases each side acts in (A3): the page must show them in this order across the turn.
SEEN_IN_ORDER = ["MPh", "DFPh", "AFPh", "RtPh", "APh", "RPh", "PFPh", "MPh", "DFPh", "AFPh", "APh", "RPh"]


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
    table, companion = open_pages(browser, demo.url)  # closed when the module's browser closes
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
    assert_phases_in_order(companion, SEEN_IN_ORDER)
    # the resolutions the page showed were named steps; the record holds every roll and verifies
    assert_record_holds_script(demo.record, script)
    assert companion.locator("#resolution-steps li").count() > 0


TWO_TURNS = Path(__file__).parent / "scripts" / "asl-two-turns.json"
# the two turns' phases as the page shows them, German turn 1 MPh to German turn 3 RPh
TWO_TURNS_SEEN = [*SEEN_IN_ORDER, "PFPh", "MPh", "DFPh", "AFPh", "APh", "CCPh", "RPh", "PFPh", "MPh", "DFPh",
                  "AFPh", "APh", "RPh"]


def test_asl_demo_two_turns_in_chromium(demo, browser) -> None:
    """asl-two-turns.json through the pages: every phase, the Residual FP in DO4 in the Now panel and lit on
    the LEDs (A8.2), the MMG keeping its rate of fire in the resolution the page shows (A9.2), a rout, a
    rally, the Close Combat at R5; the record holds every roll and verifies."""
    script = json.loads(TWO_TURNS.read_text())
    table, companion = open_pages(browser, demo.url)
    try:
        players = Table("asl", demo.url, table, companion)
        residual_shown = residual_lit = rof_shown = False
        for n, step in enumerate(script["steps"], start=1):
            where = f"{TWO_TURNS.name} step {n} ({next(k for k in step if k != 'note')})"
            if "expect" in step:
                players.expect({k: v for k, v in step["expect"].items() if k != "gone"}, where)
                continue
            try:
                play(players, step, where)
            except Exception as e:
                v = players.view()
                raise AssertionError(f"{where}: {e!r}; the host is at turn {v['turn']} {v['phase_id']}, "
                                     f"{v['to_act']} to act: {v['prompt']}") from e
            v = players.view()
            if any(line.startswith("Residual FP 2 at DO4") for line in v["status"]):
                if not residual_shown:
                    assert "Residual FP 2 at DO4" in companion.locator("#status").inner_text(), where
                    residual_shown = True
                # lit while nothing more pressing is on the hex (a roll, a change to make)
                residual_lit |= v["leds"].get("DO4") == "#960046"  # views.MARKS["residual"]
            if step.get("roll") == [3, 1]:  # the MMG's first shot
                companion.wait_for_function(
                    "() => document.querySelector('#resolution-steps').textContent.includes('keeps its "
                    "multiple ROF')", timeout=SETTLE_S * 1000)
                rof_shown = True
        assert residual_shown and residual_lit and rof_shown
        assert companion.locator("#turn").inner_text() == "Turn 3"
        seen = assert_phases_in_order(companion, TWO_TURNS_SEEN)
        assert set(seen) >= {"RPh", "PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh", "CCPh"}
        assert_record_holds_script(demo.record, script)
    finally:
        table.close()
        companion.close()
