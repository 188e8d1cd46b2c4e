"""A link whose far end is in the same process: every byte the host writes goes straight to a function.

For tests and benches that play the board themselves (they feed the host through ``on_bytes``): no port, no
thread, nothing that costs time or can fail. Like the serial link it offers ``write_now``, the synchronous
write the connection uses for an ACK, so the host's write path is the one a real table sees.
"""

from __future__ import annotations

from hexmate.host.link.base import BytesCallback, Link


class MemoryLink(Link):
    def __init__(self, sink: BytesCallback, name: str = "in-process table") -> None:
        super().__init__()
        self._sink = sink
        self._name = name

    @property
    def name(self) -> str:
        return self._name

    async def connect(self) -> None:
        pass

    async def send(self, data: bytes) -> None:
        self.write_now(data)

    async def close(self) -> None:
        pass

    def write_now(self, data: bytes) -> int:
        """Every byte is taken at once."""
        self._sink(data)
        return len(data)
