"""A Demolition Charge placed through the companion page in chromium (A23.3, A23.4, A8.12).

The DC scenario (tests/e2e/scripts/asl-dc-scenario.json, demo values: a German 4-6-7 with a DC in DR4 next
to the Russian 4-4-7 in the stone building DS4) is set up by ``hexmate demo --script asl-dc-start.json``
headless, then resumed live from its record. The page lists the placement among its actions; pressed, the
host opens the placement's First Fire window for the Russian (the 3 MF of entering DS4 directly, 2 for the
building and 1 for the wall on its hexside, are spent in DR4, A8.12) with the rule on the page. The Russian
passes; the host asks for the DC's counter in DS4 and the player puts it there. At the start of the AFPh
the DC's IFT DR is rolled on the board's dice: 30 FP, +3 stone building TEM, Original 9: final 12 on the
demo pack's 30 column, NMC, shown with its rule (A23.4)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from .conftest import Demo
from .players import SETTLE_S, Table, open_pages, play

SCRIPT = Path(__file__).parent / "scripts" / "asl-dc-start.json"
PLACE = "fire ger-dc at DS4"


def _until(players: Table, what: str, ok: object) -> dict:
    end = time.monotonic() + SETTLE_S
    while time.monotonic() < end:
        v = players.view()
        if ok(v):  # type: ignore[operator]
            return v
        time.sleep(0.05)
    raise AssertionError(f"{what}: the host is at {v['phase_id']}, {v['to_act']} to act: {v['prompt']}; "
                         f"notice {v['notice']}, tracker {v['tracker']}")


def test_a_dc_placed_on_the_page_its_first_fire_window_and_its_detonation(tmp_path, browser) -> None:
    record = tmp_path / "game.jsonl"
    hexmate = Path(sys.executable).parent / "hexmate"
    subprocess.run([str(hexmate), "demo", "--script", str(SCRIPT), "--headless", "--record", str(record)],
                   check=True, capture_output=True, timeout=120,
                   env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")})
    demo = Demo(tmp_path, "--resume", str(record))
    try:
        demo.wait_live()
        table, companion = open_pages(browser, demo.url)
        try:
            players = Table("asl", demo.url, table, companion)
            button = companion.locator(f'#legal .legal-act[data-text="{PLACE}"]')
            button.wait_for(timeout=SETTLE_S * 1000)  # the page's offer (A23.3)
            before = players.mark(players.view())
            button.click()
            v = players.answered(before, "the DC placement button")
            assert (v["phase_id"], v["to_act"], v["decision"]["kind"]) == ("MPh", "rus", "react")
            assert "spends 3 MF in DR4 to place a DC in DS4" in v["prompt"] and "(A23.3)" in v["prompt"]
            companion.wait_for_function(
                "() => document.querySelector('#prompt').textContent.includes('to place a DC in DS4')",
                timeout=SETTLE_S * 1000)
            before = players.mark(players.view())
            players.act("answer pass")  # the Russian does not fire at the placer
            v = players.answered(before, "the First Fire window passed")
            assert (v["decision"]["kind"], v["to_act"]) == ("hexes", "ger"), v["decision"]
            assert "has placed ger-dc in DS4: put its counter there (A23.3)" in v["prompt"], v["prompt"]
            play(players, {"place": "ger-dc", "at": "DS4"}, "the placed DC's counter put in DS4")
            v = _until(players, "the DC counter in DS4", lambda v: v["tracker"] == "idle"
                       and "ger-dc" in {u["id"] for u in v["counters"]["DS4"]})
            assert v["decision"] is None and v["notice"]["level"] != "error", v["notice"]
            play(players, {"press": "done"}, "the end of the German MPh")
            play(players, {"press": "done"}, "the Russian DFPh passed")
            v = _until(players, "the AFPh's detonation roll",
                       lambda v: v["phase_id"] == "AFPh" and v["decision"] is not None)
            assert "ger-dc placed in DS4 detonates" in v["prompt"]
            play(players, {"roll": [5, 4]}, "the DC's IFT DR")
            companion.wait_for_function(
                "() => document.querySelector('#resolution-steps').textContent.includes('placed DC attack')",
                timeout=SETTLE_S * 1000)
            steps = companion.locator("#resolution-steps").inner_text()
            assert "30 FP -> 30 column, final DR 12 -> NMC" in steps and "(A23.4)" in steps, steps
            assert "target terrain: +3 (A23.1)" in steps, steps
        finally:
            table.close()
            companion.close()
    finally:
        demo.output = demo.stop()
