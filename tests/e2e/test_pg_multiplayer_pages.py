"""PG's multiplayer game (17.0) in chromium: the demo with a formation-command split of each side. The host
page lists a code per player; hans (the German CO, g-art's player) and karl pair their own pages. With the
initiative rolled on the virtual table, hans fires g-art from his page; the dice are his to answer: his page
offers the dice form, karl's shows the decision read-only naming hans and 17.0, and an action karl types
meanwhile (with hans's g-inf1) is refused naming hans and 17.0, nothing changed."""

from __future__ import annotations

import json

from hexmate.host.service.build import demo_scenario

from .conftest import Demo
from .players import SETTLE_S, Table, open_pages, play
from .test_players import _codes, _join

MULTI = {"command": "formation", "co": {"ger": "hans", "sov": "ivan"},
         "players": {"ger": {"hans": ["g-ldr", "g-inf1", "g-art", "g-sgt"],
                             "karl": ["g-inf2", "g-hmg", "g-tl", "g-pz1", "g-pz2"]},
                     "sov": {"ivan": ["s-ldr", "s-inf1", "s-art", "s-hmg"],
                             "oleg": ["s-inf2", "s-smg", "s-t34a", "s-t34b"]}}}


def test_each_player_has_his_page_and_only_the_answerer_answers(tmp_path, browser) -> None:
    src = demo_scenario("pg")
    data = json.loads(src.read_text(encoding="utf-8"))
    data["map"] = str((src.parents[3] / data["map"]).resolve())
    data["options"]["multiplayer"] = MULTI
    path = tmp_path / "multi.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    demo = Demo(tmp_path, "--game", "pg", "--scenario", str(path))
    try:
        demo.wait_live()
        table, companion = open_pages(browser, demo.url)
        try:
            players = Table("pg", demo.url, table, companion)
            codes = _codes(companion, demo.url)
            assert {"ger:hans", "ger:karl", "sov:ivan", "sov:oleg"} <= set(codes) and "ger" not in codes
            hans = _join(browser, demo.url, codes["ger:hans"])
            karl = _join(browser, demo.url, codes["ger:karl"])
            assert "karl" in karl.locator("#role").inner_text()
            play(players, {"roll": [6]}, "the German initiative die (3.0 A)")
            play(players, {"roll": [1]}, "the Soviet initiative die (3.0 A)")
            hans.locator("#cmd").fill("fire g-art at DS5")
            hans.locator("#cmd").press("Enter")
            hans.wait_for_selector("#answers .dice-form", timeout=SETTLE_S * 1000)
            karl.wait_for_function("() => document.querySelector('#answers').textContent"
                                   ".includes('hans answers this (17.0)')", timeout=SETTLE_S * 1000)
            assert karl.locator("#answers .dice-form").count() == 0
            open_ = players.view()["decision"]
            assert open_["kind"] == "roll" and open_["side"] == "ger"
            assert open_["answerer"] is None  # the shared view is not told whose (that side's pages are)
            karl.locator("#cmd").fill("move g-inf1 DJ3-DJ2")
            karl.locator("#cmd").press("Enter")
            karl.wait_for_function("() => document.body.textContent.includes('(17.0)') && "
                                   "document.body.textContent.includes('it is for hans')",
                                   timeout=SETTLE_S * 1000)
            assert players.view()["decision"]["prompt"] == open_["prompt"]  # nothing changed
            assert not hans.errors and not karl.errors
            hans.context.close()
            karl.context.close()
        finally:
            table.close()
            companion.close()
    finally:
        demo.output = demo.stop()
