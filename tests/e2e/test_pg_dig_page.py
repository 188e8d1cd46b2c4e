"""Panzer Grenadier digging (16.2) on the companion page in chromium: after the initiative dice on the
virtual table, the page lists "activate g-inf1 for dig" among its action buttons (from the view's data); the
button plays it, and the page asks for the DUG IN marker under the unit in the rules' own words."""

from __future__ import annotations

from .conftest import Demo
from .players import SETTLE_S, Table, open_pages, play

DIG = "activate g-inf1 for dig"


def test_dig_is_a_button_on_the_pg_page(tmp_path, browser) -> None:
    demo = Demo(tmp_path, "--game", "pg")
    try:
        demo.wait_live()
        table, companion = open_pages(browser, demo.url)
        try:
            players = Table("pg", demo.url, table, companion)
            play(players, {"roll": [5]}, "the German initiative die (3.0 A)")
            play(players, {"roll": [3]}, "the Soviet initiative die (3.0 A)")
            button = companion.locator(f'#legal .legal-act[data-text="{DIG}"]')
            button.wait_for(timeout=SETTLE_S * 1000)
            before = players.mark(players.view())
            button.click()
            v = players.answered(before, "the dig button")
            assert v["last_actions"][0] == "g-inf1 activated for dig"
            said = [c["text"] for c in v["changes"]]
            assert any("put a DUG IN marker under g-inf1 (16.2)" in c for c in said), said
            companion.wait_for_function(
                "() => document.querySelector('#changes-list').textContent.includes('DUG IN marker under')",
                timeout=SETTLE_S * 1000)
            assert companion.locator(f'#legal .legal-act[data-text="{DIG}"]').count() == 0  # dug this turn
        finally:
            table.close()
            companion.close()
    finally:
        demo.output = demo.stop()
