"""Panzer Grenadier minefield clearing on the page (16.6): the page's list of actions offers ``activate
UNIT for clear`` to an engineer standing on a minefield marker, the page's button plays it, and the marker,
laid face down, leaks nothing: every page (both sides' and the spectators') sees the same whether it is a
DECOY or a 2-point minefield, until the third turn's end says what the clearing took off. The game is the PG
demo with its German infantry counter made an engineer (branch ENG) and a Soviet minefield under g-inf1."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from hexmate.host.service.build import build_service, demo_scenario
from hexmate.host.service.core import PageAction
from hexmate.host.service.views import companion

from .test_pg_dig_page import _to_action_phase


def _scenario(tmp: Path, points: int) -> Path:
    src = demo_scenario("pg")
    data = json.loads(src.read_text(encoding="utf-8"))
    data["map"] = str((src.parents[3] / data["map"]).resolve())
    data["counters"]["ger-inf"]["branch"] = "ENG"
    data["options"]["minefields"] = {"DJ3": {"side": "sov", "points": points}}
    path = tmp / f"mines-{points}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _pages(service: Any) -> dict[str, Any]:
    """What each audience's page is sent, less the parts that differ between two runs (the record's file
    and head, the connection's counters)."""
    out = {}
    for audience in ("ger", "sov", "shared"):
        view = companion(service, audience, "en")
        out[audience] = {k: v for k, v in view.items() if k not in ("conn", "record", "leds", "blink", "lit")}
    return out


async def _play(tmp: Path, points: int) -> list[dict[str, Any]]:
    service, table = await build_service(emulated=True, game="pg", scenario=_scenario(tmp, points))
    assert table is not None
    try:
        _to_action_phase(service)
        seen = [_pages(service)]
        offered = [a["text"] for a in seen[0]["ger"]["legal"]]
        assert "activate g-inf1 for clear" in offered
        assert "activate g-inf2 for clear" not in offered  # DK4: no minefield there
        service.handle(PageAction("act", {"text": "activate g-inf1 for clear"}, side="ger"))
        assert "moved_fired" in service.session.position.units["g-inf1"].markers
        seen.append(_pages(service))
        return seen
    finally:
        await table.stop()


async def test_clearing_is_offered_and_a_decoy_looks_like_a_live_minefield(tmp_path: Path) -> None:
    decoy = await _play(tmp_path, 0)
    live = await _play(tmp_path, 2)
    assert decoy == live
    words = json.dumps(live)
    assert not re.search(r"\b2 left|attack point|DECOY", words)  # nothing of the face-down value yet
