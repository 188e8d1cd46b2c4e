"""Write-ahead, seen from the wire: the host never sends the ACK of a table event before the fdatasync that
made the event's record entry durable has returned (docs/RECORD.md, "Durability"). The real Service, Record
and connection run; only the link is fake (the lowest boundary: bytes in, bytes out) and ``os.fdatasync`` is
wrapped to note, each time it returns, which events the file then holds."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest
from hexmate.firmware import reliable, wire
from hexmate.host.game import GameSession
from hexmate.host.link.memory import MemoryLink
from hexmate.host.record import Record
from hexmate.host.service import Service
from hexmate.host.service.build import demo_scenario
from hexmate.host.table.calibration import Calibration
from hexmate.host.table.mapboard import board_for
from hexmate.host.table.registry import load_demo
from hexmate.host.table.tracker import Tracker

EVENTS = 150
BURSTS = (1, 8, reliable.EVENT_WINDOW, 5, 3, reliable.EVENT_WINDOW, 8)  # frames per read, cycled


class _Board:
    """The far end of the link: notes, for every ACK the host writes, whether its event was already synced
    to the record."""

    def __init__(self, durable: set[int]) -> None:
        self.durable = durable
        self.acks: list[int] = []
        self.early: list[int] = []  # ACKed before their entry was synced: must stay empty
        self._deframer = wire.Deframer()

    def receive(self, data: bytes) -> None:
        for kind, _seq, payload in self._deframer.feed(data):
            if kind == wire.ACK:
                acked = wire.unpack_ack(payload)
                self.acks.append(acked)
                if acked not in self.durable:
                    self.early.append(acked)


def _run(tmp: Path, monkeypatch: pytest.MonkeyPatch, *, sync: bool) -> _Board:
    durable: set[int] = set()  # wire seqs of the cell events the file held when an fdatasync returned
    path = tmp / "game.jsonl"
    real = os.fdatasync

    def fdatasync(fd: int) -> None:
        real(fd)
        durable.clear()
        for line in path.read_text().splitlines() if path.exists() else ():
            entry = json.loads(line)
            if entry["kind"] == "cell":
                durable.add(entry["data"]["seq"])

    monkeypatch.setattr(os, "fdatasync", fdatasync)
    session = GameSession.load("pg", demo_scenario("pg"))
    board = board_for(session.map, "ack")
    registry = load_demo("pg")
    cal = Calibration.default_for(board, session.map)
    tracker = Tracker(cal, registry, session)
    cells: dict[int, list[bytes]] = {}
    for unit, h in session.expected().items():
        uid, cell = registry.uid_of_unit(unit), cal.cell_of(h)
        if uid is not None and cell is not None:
            cells.setdefault(cell, []).append(bytes.fromhex(uid))
    occupied = sorted(cells.items())
    # Record.create links the file into place only after its header's sync: the wrapper reads the final path
    record = Record.create(path, {"game": "pg", "scenario_path": str(demo_scenario("pg"))}, sync=sync)
    far = _Board(durable)
    link = MemoryLink(far.receive, name="ack-order")
    service = Service(link, board=board, session=session, tracker=tracker, registry=registry, record=record,
                      connection_options={"resend_ms": 60_000, "silence_ms": 60_000})

    async def main() -> None:
        task = asyncio.create_task(service.run())
        await asyncio.sleep(0.05)  # connected: the SYNC went out
        link.on_bytes(wire.encode_frame(wire.HELLO, 0, wire.pack_hello(len(occupied), 0, 0, 1, "ack", "b")))
        seq, t_ms, sent, i = 0, 1000, 0, 0
        while sent < EVENTS:
            chunk = bytearray()
            for _ in range(min(BURSTS[i % len(BURSTS)], EVENTS - sent)):
                seq = wire.next_seq(seq)
                t_ms += 3
                cell, uids = occupied[sent % len(occupied)]
                chunk += wire.encode_frame(wire.CELL, seq, wire.pack_cell(1, cell, wire.TAGS, t_ms, uids))
                sent += 1
            link.on_bytes(bytes(chunk))
            i += 1
            await asyncio.sleep(0)  # the writer task runs: queued ACKs leave as on a real link
        await asyncio.sleep(0.05)
        service.stop()
        await task

    asyncio.run(main())
    return far


def _last_of_each_read() -> list[int]:
    out, sent, i = [], 0, 0
    while sent < EVENTS:
        sent += min(BURSTS[i % len(BURSTS)], EVENTS - sent)
        out.append(sent)  # seqs count from 1 and do not wrap below 255 events
        i += 1
    return out


def test_no_ack_leaves_before_its_event_is_synced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    far = _run(tmp_path, monkeypatch, sync=True)
    # cumulative ACKs, in order, the last of each read among them: every event acknowledged
    assert far.acks == sorted(set(far.acks)) and set(_last_of_each_read()) <= set(far.acks)
    assert far.early == []


def test_the_check_catches_acks_without_a_sync(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same run with the record's sync turned off (benchmarks only): the wrapper never sees a sync, so
    every ACK is caught as early; the check above can fail."""
    far = _run(tmp_path, monkeypatch, sync=False)
    assert set(_last_of_each_read()) <= set(far.acks)
    assert far.early == far.acks
