"""Shared host test fixtures: a scripted fake link. The test plays the board, and every frame the host
writes must be read and checked by the test; ``assert_quiet`` fails on anything the host sent that the
script did not expect.
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


