"""Protocol test harness: a TableConnection on the scripted link (tests/host/conftest.py)."""

from __future__ import annotations

import asyncio

import pytest
from hexmate.firmware import wire
from hexmate.host.protocol import TableConnection, TableMessage

from ..conftest import ScriptedLink


class Harness:
    """A TableConnection on a ScriptedLink, its messages collected, its run() task managed."""

    def __init__(self, **kwargs: object) -> None:
        self.link = ScriptedLink()
        self.messages: list[TableMessage] = []
        opts: dict[str, object] = {"sync_retry_ms": 60_000, "silence_ms": 60_000, "retry_initial_s": 0.05}
        opts.update(kwargs)
        self.conn = TableConnection(self.link, self.messages.append, **opts)  # type: ignore[arg-type]
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.create_task(self.conn.run())

    async def hello(self, next_seq: int = 1) -> None:
        self.link.feed(wire.HELLO, 0, wire.pack_hello(346, 346, wire.CAP_LEDS, next_seq, "emu-346", "t"))

    async def go_live(self) -> None:
        """Connect, answer the SYNC with HELLO, and consume the LED reset the host sends after it."""
        self.start()
        _, payload = await self.link.expect(wire.SYNC)
        assert wire.unpack_sync(payload) == self.conn.channel.announce()
        await self.hello()
        seq, _ = await self.link.expect(wire.LEDS_CLEAR)
        self.link.feed(wire.ACK, 0, wire.pack_ack(seq))

    def of(self, cls: type) -> list[object]:
        return [m for m in self.messages if isinstance(m, cls)]

    async def stop(self) -> None:
        await self.conn.stop()
        if self.task is not None:
            await asyncio.wait_for(self.task, 2)


@pytest.fixture
async def harness() -> object:
    h = Harness()
    yield h
    await h.stop()


@pytest.fixture
def make_harness() -> object:
    made: list[Harness] = []

    def make(**kwargs: object) -> Harness:
        h = Harness(**kwargs)
        made.append(h)
        return h

    yield make
    for h in made:
        if h.task is not None and not h.task.done():
            h.task.cancel()
