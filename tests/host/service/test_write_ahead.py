"""Write-ahead: the ACK for a table event leaves only once the event is on disk; a burst of events shares one
sync; an event delivered again (a HELLO answering a second SYNC re-anchors at the oldest event the board
still holds) is recorded and taken once."""

from __future__ import annotations

import json

from hexmate.firmware import wire
from hexmate.host.record import read

from .test_core import rig  # noqa: F401 (the fixture)


def _on_disk(rig, kind: str) -> list[dict]:  # noqa: F811
    return [json.loads(x)["data"] for x in rig.record_path.read_text().splitlines()
            if json.loads(x)["kind"] == kind]


async def test_the_ack_leaves_after_the_event_is_on_disk(rig) -> None:  # noqa: F811
    cell = rig.cell_of_unit(next(iter(rig.session.expected())))
    uids = rig.uids_at(cell)
    seen_at_ack: list[list[dict]] = []
    real_send = rig.link.send

    async def send(data: bytes) -> None:
        if any(k == wire.ACK for k, _s, _p in wire.Deframer().feed(data)):
            seen_at_ack.append(_on_disk(rig, "cell"))  # what a crash at this instant would leave
        await real_send(data)

    rig.link.send = send
    await rig.cell(cell, uids)
    assert seen_at_ack and seen_at_ack[0][-1]["seq"] == rig.seq and seen_at_ack[0][-1]["cell"] == cell


async def test_a_burst_shares_one_sync_and_a_redelivery_is_taken_once(rig) -> None:  # noqa: F811
    record = rig.service.record
    cells = sorted({rig.cell_of_unit(u) for u in rig.session.expected()})[:4]
    burst = bytearray()
    first = wire.next_seq(rig.seq)
    for cell in cells:
        rig.seq = wire.next_seq(rig.seq)
        rig.t_ms += 5
        burst += wire.encode_frame(wire.CELL, rig.seq, wire.pack_cell(2, cell, wire.TAGS, rig.t_ms,
                                                                       rig.uids_at(cell)))
    commits = record.commits
    rig.link.on_bytes(bytes(burst))
    assert record.commits == commits + 1  # four events, one sync, then the ACKs
    _, ack = await rig.link.expect(wire.ACK)
    assert wire.unpack_ack(ack) in range(first, rig.seq + 1)
    # the board did not hear the ACKs and answers a second SYNC: HELLO at its oldest event, then resends
    rig.link.feed(wire.HELLO, 0, wire.pack_hello(346, 346, 0, first, "test-346", "t"))
    rig.link.on_bytes(bytes(burst))
    rig.service.recorder.close()
    seqs = [e.data["seq"] for e in read(rig.record_path) if e.kind == "cell"]
    assert seqs[-4:] == list(range(first, first + 4)) and len(seqs) == len(set(seqs))
