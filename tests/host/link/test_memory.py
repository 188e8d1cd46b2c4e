"""The in-process link: what the host writes reaches the far end's function whole and in order, by either
write path."""

from __future__ import annotations

import asyncio

from hexmate.firmware import wire
from hexmate.host.link.memory import MemoryLink


def test_both_write_paths_reach_the_far_end_in_order() -> None:
    got: list[bytes] = []
    link = MemoryLink(got.append, name="t")
    first, second = wire.encode_frame(wire.ACK, 1, wire.pack_ack(1)), b"\x00raw"

    async def main() -> None:
        await link.connect()
        await link.send(first)
        assert link.write_now(second) == len(second)
        await link.close()

    asyncio.run(main())
    assert got == [first, second]
    assert [k for k, _s, _p in wire.Deframer().feed(got[0])] == [wire.ACK]
    assert link.name == "t"

