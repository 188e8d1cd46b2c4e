"""A short game played on the emulated table (real firmware under MicroPython, its key in the simulated
filesystem): both sides roll for initiative on the board's dice button, then a result is recorded. The
host writes a checkpoint of the position after every action here (every 200 in play)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path

import pytest
from hexmate.host.protocol import ConnState
from hexmate.host.service import core
from hexmate.host.service.build import build_service
from hexmate.host.tournament.keys import new_key, write_key


async def until(cond: Callable[[], bool], what: str, timeout: float = 15.0) -> None:
    for _ in range(int(timeout / 0.02)):
        if cond():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


async def _play(tmp: Path) -> tuple[Path, Path]:
    key_file = tmp / "board.key"
    write_key(key_file, new_key("hm-emu-test"))
    record = tmp / "game.jsonl"
    service, table = await build_service(emulated=True, game="pg", record_path=lambda s: record,
                                         board_key=key_file)
    assert table is not None
    runner = asyncio.create_task(service.run())
    try:
        await until(lambda: service.conn.state is ConnState.LIVE and service.in_sync, "live table")
        table.dice_next([5, 2, 4])  # no tie: ger 5 + 3, sov 2 + 2 (PG 3.0); then the stale roll shows 4
        for n in (1, 2):  # both sides roll for initiative (PG 3.0) on the board's dice button
            # armed, and the board has acknowledged the arming
            await until(lambda: service._roll_request is not None and not service.conn.pending(),
                        f"dice armed for roll {n}")
            for _ in range(3):  # a press lost on a loaded machine is pressed again, as a player would
                await asyncio.sleep(0.4)  # the previous press (held 0.15 s) has been released and debounced
                table.press("dice-a")
                with contextlib.suppress(AssertionError):
                    await until(lambda n=n: len(service.session.position.log) >= n, f"roll {n} played", 5.0)
                    break
            assert len(service.session.position.log) >= n, f"roll {n} not played after 3 presses"
        # a second finger on the other button, still armed for the roll just made: a roll that answers
        # nothing, recorded as unused, signed by the board all the same
        await until(lambda: not service.conn.pending(), "the board acknowledged the arming")
        await asyncio.sleep(0.4)
        table.press("dice-b")
        await until(lambda: "no roll is open now" in service.notice["text"], "the stale roll refused")
        players = {"ger": "Anna", "sov": "Boris"}
        service._log("result", {"text": "ger win", "winner": "ger", "players": players})
    finally:
        service.stop()
        with contextlib.suppress(Exception):
            await runner
        await table.stop()
    return record, key_file


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(core, "CHECKPOINT_EVERY", 1)  # a checkpoint of the position after every action
        return asyncio.run(_play(tmp_path_factory.mktemp("audit")))


