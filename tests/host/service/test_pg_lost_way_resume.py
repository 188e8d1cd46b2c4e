"""Panzer Grenadier loss of direction (5.8) through the host's record: a game whose scenario makes the
Germans lose their way is played from the page up to an open 5.8 roll, the host stops, and the game
restarted from its record (state = fold(record)) stands at the same roll, which then plays on as the live
game does."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

from hexmate.host.game import GameSession
from hexmate.host.service.build import build_service, demo_scenario
from hexmate.host.service.core import PageAction
from hexmate.rules.scenario import resolve_map_path

from .test_demo_games import until


def _scenario(tmp: Path) -> Path:
    src = demo_scenario("pg")
    data = json.loads(src.read_text(encoding="utf-8"))
    data["map"] = str(resolve_map_path(data["map"], src.parent))
    data["options"]["loss_of_direction"] = ["ger"]  # 5.8: the scenario calls for it
    out = tmp / "lost.json"
    out.write_text(json.dumps(data), encoding="utf-8")
    return out


async def test_an_open_loss_of_direction_roll_survives_a_restart(tmp_path: Path) -> None:
    record = tmp_path / "r.jsonl"
    service, table = await build_service(emulated=True, game="pg", scenario=_scenario(tmp_path),
                                         record_path=lambda _: record)
    assert table is not None
    runner = asyncio.create_task(service.run())
    try:
        for n, (side, text) in enumerate((("ger", "answer dice 5"), ("sov", "answer dice 3"),
                                          ("ger", "move g-inf1 DJ3-DJ2")), start=1):
            service.submit(PageAction("act", {"text": text}, side=side))
            await until(lambda n=n: service.session.position.played == n, text)
        live = service.session.position
        top = live.decision
        assert top is not None and top.then == "lost_way" and top.rule == "5.8" and top.dice == "2d6"
        assert live.label(live.units["g-inf1"].hex) == "DJ3"  # the roll comes before the hex is entered
    finally:
        service.stop()
        with contextlib.suppress(Exception):
            await runner
        await table.stop()
    resumed = GameSession.from_record(record).position
    assert resumed.state == live.state
    for p in (live, resumed):
        p.push_text("answer dice 3,3")  # demo diagram: 6 keeps the named hexside
    assert resumed.state == live.state and resumed.label(resumed.units["g-inf1"].hex) == "DJ2"
