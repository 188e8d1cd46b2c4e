"""A scripted fake link for protocol tests: the test plays the board, and every frame the host writes must be
read and checked by the test; ``assert_quiet`` fails on anything the host sent that the script did not expect.
"""

from __future__ import annotations

import asyncio

from hexmate.firmware import wire
from hexmate.host.link.base import Link, LinkUnavailable


class ScriptedLink(Link):
    def __init__(self, name: str = "fake0") -> None:
        super().__init__()
        self._name = name
        self.frames: asyncio.Queue[tuple[int, int, bytes]] = asyncio.Queue()
        self.deframer = wire.Deframer()
        self.fail_connects = 0
        self.connects = 0
        self.open = False

    @property
    def name(self) -> str:
        return self._name

    async def connect(self) -> None:
        if self.fail_connects:
            self.fail_connects -= 1
            raise LinkUnavailable(f"serial port {self._name} not found")
        self.connects += 1
        self.open = True

    async def send(self, data: bytes) -> None:
        assert self.open, "host wrote to a closed link"
        for frame in self.deframer.feed(data):
            self.frames.put_nowait(frame)

    async def close(self) -> None:
        self.open = False

    # --- the test's side ---------------------------------------------------------------------------------
    def feed(self, kind: int, seq: int, payload: bytes = b"") -> None:
        self.on_bytes(wire.encode_frame(kind, seq, payload))

    def drop(self, reason: str = "fake0 vanished") -> None:
        self.open = False
        self.on_lost(reason)

    async def expect(self, kind: int, timeout: float = 2.0) -> tuple[int, bytes]:
        """The next frame the host sent must be of ``kind``; returns (seq, payload)."""
        got_kind, seq, payload = await asyncio.wait_for(self.frames.get(), timeout)
        sent = wire.NAMES.get(got_kind, got_kind)
        assert got_kind == kind, f"expected {wire.NAMES[kind]}, host sent {sent}"
        return seq, payload

    async def assert_quiet(self, wait: float = 0.1) -> None:
        await asyncio.sleep(wait)
        assert self.frames.empty(), f"unexpected frame from the host: {self.frames.get_nowait()}"


import pytest  # noqa: E402
from hexmate.host.protocol import TableConnection, TableMessage  # noqa: E402


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
