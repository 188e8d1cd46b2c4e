"""Panzer Grenadier's 3.13 declaration on the companion page in chromium: after the initiative dice on the
virtual table, the German leader's activation (g-ldr: g-inf1 in his hex, g-inf2 and the HMG next to it) opens
the declaration before any unit acts; the page shows its prompt, rule and choices (none, all). The player
declares the HMG a firer; then the page refuses moving the HMG (a firer moves only into an assault) and
firing with g-inf1 (declared to move), each with the rule, and plays neither."""

from __future__ import annotations

from .conftest import Demo
from .players import SETTLE_S, Table, open_pages, play

ERROR = "() => document.querySelector('#act-error').textContent.includes({text!r})"


def test_the_313_declaration_on_the_pg_page(tmp_path, browser) -> None:
    demo = Demo(tmp_path, "--game", "pg")
    try:
        demo.wait_live()
        table, companion = open_pages(browser, demo.url)
        try:
            players = Table("pg", demo.url, table, companion)
            play(players, {"roll": [5]}, "the German initiative die (3.0 A)")
            play(players, {"roll": [3]}, "the Soviet initiative die (3.0 A)")
            play(players, {"page": "activate g-ldr"}, "the German leader's activation (3.2)")
            v = players.view()
            d = v["decision"]
            assert d["kind"] == "units" and d["rule"] == "3.13" and d["choices"] == ["none", "all"], d
            assert sorted(u["id"] if isinstance(u, dict) else u for u in d["units"]) == [
                "g-hmg", "g-inf1", "g-inf2"], d
            companion.wait_for_function(
                "() => document.querySelector('#decision-prompt').textContent"
                ".includes('declare which of the activated units will fire (3.13')", timeout=SETTLE_S * 1000)
            assert "none, all" in companion.locator("#decision-options").inner_text()
            assert "3.13" in companion.locator("#decision-h").inner_text()

            play(players, {"page": "answer units g-hmg"}, "the HMG is declared to fire (3.13)")
            assert players.view()["decision"] is None

            players.act("move g-hmg DK3-DL3")
            companion.wait_for_function(ERROR.format(text="g-hmg was declared to fire this segment"),
                                        timeout=SETTLE_S * 1000)
            assert "3.13" in companion.locator("#act-error").inner_text()
            players.act("fire g-inf1 at DR5")
            companion.wait_for_function(ERROR.format(text="g-inf1 was declared to move this segment"),
                                        timeout=SETTLE_S * 1000)
            assert players.view()["last_actions"][0] == "answered: units g-hmg"  # neither refusal was played
        finally:
            table.close()
            companion.close()
    finally:
        demo.output = demo.stop()
