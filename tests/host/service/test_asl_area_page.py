"""ASL's A2.3 victory line on the pages' Now panel: the demo with "the Germans must clear board D of Good
Order Russian MMC" added. Every page (both sides' and the spectators') is sent the same line, counting the
Russians' three squads in sight and their four concealed units only as "?" (A12.1); the Japanese page says
it too."""

from __future__ import annotations

import json
from pathlib import Path

from hexmate.host.service.build import build_service, demo_scenario
from hexmate.host.service.views import companion

LINE = 'ger must clear board-D of Good Order enemy MMC (A2.3): not yet, 3 enemy MMC in it and 4 enemy "?"'


def _scenario(tmp: Path) -> Path:
    src = demo_scenario("asl")
    data = json.loads(src.read_text(encoding="utf-8"))
    data["map"] = str((src.parents[3] / data["map"]).resolve())
    data["options"]["victory"]["areas"] = {"board-D": [{"board": "D"}]}
    data["options"]["victory"]["win"]["clear"] = "board-D"
    path = tmp / "demo-clear.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


async def test_the_clear_line_reaches_every_page_unbetraying(tmp_path: Path) -> None:
    service, table = await build_service(emulated=True, game="asl", scenario=_scenario(tmp_path))
    assert table is not None
    try:
        # the demo's Russians: rus-sq2, -sq4, -sq6 in sight; rus-8-1, rus-sq1, -sq3, -sq5 under "?"
        pages = {who: companion(service, who, "en")["status"] for who in ("ger", "rus", "shared")}
        assert LINE in pages["shared"]
        assert pages["ger"] == pages["rus"] == pages["shared"]
        ja = companion(service, "shared", "ja")["status"]
        assert ("gerはboard-Dから統制状態の敵MMCを掃討しなければならない (A2.3)："
                "まだ、敵MMC3個と敵の「?」4個がいる") in ja
    finally:
        await table.stop()
