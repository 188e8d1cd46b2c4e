"""The ASL demo on the switched-coil board (emu-asl-mux: real firmware under MicroPython, the RF switch and
PN5180 models, ISO 15693 tags): every unit starts on its hex, a lift lights the destinations on the board's
own LED chain, a placement on one of them is pushed as the move, and a stack of five is one hex's
occupants."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from hexmate.host.protocol import ConnState
from hexmate.host.service import Service
from hexmate.host.service.build import build_service

BOARD = "emu-asl-mux"


async def until(cond: Callable[[], bool], what: str, timeout: float = 15.0) -> None:
    for _ in range(int(timeout / 0.02)):
        if cond():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
async def live(tmp_path: Path) -> AsyncIterator[Service]:
    service, table = await build_service(emulated=True, game="asl", board=BOARD,
                                         record_path=lambda s: tmp_path / "r.jsonl")
    assert table is not None
    runner = asyncio.create_task(service.run())
    try:
        await until(lambda: service.conn.state is ConnState.LIVE and service.in_sync, "live table in sync")
        yield service
    finally:
        service.stop()
        with contextlib.suppress(Exception):
            await runner
        await table.stop()


async def test_lift_and_place_through_the_switched_coils(live: Service) -> None:
    service = live
    assert service.board.name == BOARD and service.board.rf_mux is not None
    where = {uid: cell for cell, uids in service.occupants.items() for uid in uids}
    for unit, h in service.session.expected().items():
        uid = service.registry.uid_of_unit(unit)
        assert uid is not None and len(uid) == 16, unit  # ISO 15693 stand-ins of the demo tags
        assert service.tracker.calibration.hex_of(where[uid]) == h, unit
    unit, cell, uid = service.movable_counter()
    start = service.session.expected()[unit]
    dests = sorted(service.session.destinations([unit], start), key=lambda h: (h.q, h.r))
    assert dests
    table = service.table
    assert table is not None
    table.lift(cell, uid)
    dest = dests[0]
    dest_cell = service.cells.cell_of(dest)
    assert dest_cell is not None
    await until(lambda: service.firmware_leds.get(dest_cell, "000000")[:6] != "000000",
                "the destination lit by the board's LED chain")
    table.place(dest_cell, uid)
    await until(lambda: service.session.expected().get(unit) == dest, "the move pushed")
    await until(lambda: uid in service.occupants.get(dest_cell, ()), "the tag seen on its new hex")


async def test_a_stack_of_five_is_one_hexs_occupants(live: Service) -> None:
    service = live
    table = service.table
    assert table is not None
    free = next(c.id for c in service.board.cells if not service.occupants.get(c.id))
    stack = [f"E0040100000000{k:02X}" for k in (0x11, 0x21, 0x31, 0x41, 0x51)]
    for uid in stack:
        table.place(free, uid)
    await until(lambda: sorted(service.occupants.get(free, ())) == stack, "all five tags on the hex")


async def test_the_asl_turn_script_plays_through_the_switched_coils(tmp_path: Path) -> None:
    """The gestures of ``hexmate demo --script tests/e2e/scripts/asl-turn.json --board emu-asl-mux``: every
    lift, placement, roll and done of the script's turn, with its expectations checked at each step."""
    from hexmate.host.service.scripted import run_script

    script = Path(__file__).parents[2] / "e2e" / "scripts" / "asl-turn.json"
    result = await run_script(script, record_path=tmp_path / "r.jsonl", board=BOARD)
    assert (result["turn"], result["phase"], result["over"]) == (2, "RPh", False)
    assert result["actions"] >= 20
