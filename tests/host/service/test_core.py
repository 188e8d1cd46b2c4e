"""The service loop: cell events through a tracker to LED frames, page views and the record.

The tracker and the game session are small fakes here (their real versions are tested by their owners and
in tests/e2e); the link is the scripted board from tests/host/conftest.py, so every frame is checked.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import pytest
from hexmate.firmware import wire
from hexmate.host.record import verify
from hexmate.host.service import Service, parse_leds_line
from hexmate.rules.hexes import Hex

from ..conftest import ScriptedLink

A, B, C = Hex(0, 0), Hex(1, 0), Hex(2, 0)


@dataclass(frozen=True)
class Lifted:
    units: frozenset[str]
    from_hex: Hex
    destinations: dict[Hex, Any]


@dataclass(frozen=True)
class IllegalPlacement:
    units: frozenset[str]
    hex: Hex
    reason: str


@dataclass(frozen=True)
class MoveRecognised:
    units: frozenset[str]
    path: tuple[Hex, ...]
    cost: int


@dataclass(frozen=True)
class FakeMove:
    path: tuple[Hex, ...]
    cost: int

    def text(self) -> str:
        return "u1 " + "-".join(f"{h.q}{h.r}" for h in self.path)


class FakeMap:
    hexes = frozenset({A, B, C})

    def label(self, h: Hex) -> str:
        return f"X{h.q}"

    def center(self, h: Hex) -> tuple[float, float]:
        return (h.q * 0.866, h.r + h.q / 2)

    def terrain(self, h: Hex) -> str:
        return "open"


class FakeSession:
    def __init__(self) -> None:
        self.where = {"u1": A}
        self.pushed: list[FakeMove] = []
        self.map = FakeMap()
        self.phase, self.to_act, self.position = "Movement", "german", "pos"

    def expected(self) -> dict[str, Hex]:
        return dict(self.where)

    def destinations(self, units: Any, start: Hex) -> dict[Hex, FakeMove]:
        return {B: FakeMove((A, B), 1)}

    def push(self, move: FakeMove) -> str:
        self.pushed.append(move)
        self.where["u1"] = move.path[-1]
        return move.text()

    def label(self, h: Hex) -> str:
        return self.map.label(h)

    def prompt(self) -> str:
        return "Movement: german to act."

    def unit_summary(self, unit_id: str) -> dict[str, str]:
        return {"id": unit_id, "label": unit_id.upper(), "side": "german"}


class FakeTracker:
    def __init__(self) -> None:
        self.script: list[list[Any]] = []
        self.cells: list[tuple[int, int, tuple[str, ...]]] = []

    def on_cell(self, cell: int, state: int, uids: tuple[str, ...], t_ms: int) -> list[Any]:
        self.cells.append((cell, state, uids))
        return self.script.pop(0) if self.script else []

    def on_snapshot(self, entries: Any) -> list[Any]:
        return []


class Cells:
    def cell_of(self, h: Hex) -> int:
        return 10 + h.q

    def hex_of(self, cell: int) -> Hex:
        return Hex(cell - 10, 0)


@pytest.fixture
async def running(tmp_path):
    from hexmate.host.record import Record

    link = ScriptedLink()
    session, tracker = FakeSession(), FakeTracker()
    record = Record.create(tmp_path / "r.jsonl", {"game": "test"})
    service = Service(link, board=None, session=session, tracker=tracker, cells=Cells(),  # type: ignore[arg-type]
                      record=record, connection_options={"sync_retry_ms": 60_000, "resend_ms": 60_000})
    task = asyncio.create_task(service.run())
    await link.expect(wire.SYNC)
    link.feed(wire.HELLO, 0, wire.pack_hello(3, 3, 0, 1, "t", "t"))
    seq, _ = await link.expect(wire.LEDS_CLEAR)
    link.feed(wire.ACK, 0, wire.pack_ack(seq))
    yield service, link, session, tracker, tmp_path / "r.jsonl"
    service.stop()
    await asyncio.wait_for(task, 3)


async def _settle(service: Service) -> None:
    for _ in range(50):
        await asyncio.sleep(0.01)
        if service.inputs.empty():
            return


async def test_lift_lights_destinations_on_table_and_page(running) -> None:
    service, link, _session, tracker, _ = running
    tracker.script.append([Lifted(frozenset({"u1"}), A, {B: FakeMove((A, B), 1)})])
    link.feed(wire.CELL, 1, wire.pack_cell(1, 10, wire.EMPTY, 5, []))
    await link.expect(wire.ACK)
    _, payload = await link.expect(wire.LEDS)
    lit = {e[0]: e[1:4] for e in wire.unpack_leds(payload)}
    assert lit == {10: (255, 180, 0), 11: (0, 170, 40)}
    await _settle(service)
    view = service.view()
    assert view["leds"] == {"X0": "#ffb400", "X1": "#00aa28"}
    assert "U1 lifted from X0: 1 legal destination lit" in view["prompt"]
    assert tracker.cells == [(10, wire.EMPTY, ())]


async def test_illegal_placement_turns_hex_red_and_cites_reason(running) -> None:
    service, link, _session, tracker, path = running
    tracker.script.append([IllegalPlacement(frozenset({"u1"}), C, "costs 3 MF, only 2 left (A4.1)")])
    link.feed(wire.CELL, 1, wire.pack_cell(1, 12, wire.TAGS, 5, [b"\x04\x01\x02\x03"]))
    await link.expect(wire.ACK)
    _, payload = await link.expect(wire.LEDS)
    assert [(e[0], e[1:4], e[4]) for e in wire.unpack_leds(payload)] == [(12, (255, 0, 0), wire.BLINK)]
    await _settle(service)
    assert service.view()["notice"] == {"level": "error",
                                        "text": "U1 may not be placed on X2: costs 3 MF, only 2 left (A4.1)"}
    service.stop()
    await asyncio.sleep(0.1)
    kinds = [line.split('"kind":"')[1].split('"')[0] for line in path.read_text().splitlines()]
    assert kinds == ["header", "hello", "cell", "illegal"]


async def test_recognised_move_is_pushed_recorded_and_clears_leds(running) -> None:
    service, link, session, tracker, path = running
    tracker.script += [[Lifted(frozenset({"u1"}), A, {B: FakeMove((A, B), 1)})],
                       [MoveRecognised(frozenset({"u1"}), (A, B), 1)]]
    link.feed(wire.CELL, 1, wire.pack_cell(1, 10, wire.EMPTY, 5, []))
    await link.expect(wire.ACK)
    await link.expect(wire.LEDS)
    link.feed(wire.CELL, 2, wire.pack_cell(2, 11, wire.TAGS, 9, [b"\x04\x01\x02\x03"]))
    await link.expect(wire.ACK)
    await link.expect(wire.LEDS_CLEAR)
    await _settle(service)
    assert session.pushed == [FakeMove((A, B), 1)]
    assert service.view()["counters"] == {"X1": [{"id": "u1", "label": "U1", "side": "german"}]}
    assert service.view()["last_actions"] == ["U1: X0 → X1 (1 MF)"]
    service.stop()
    await asyncio.sleep(0.1)
    assert verify(path).entries == 5  # header, hello, cell, cell, action: all chained
    assert '"kind":"action"' in path.read_text()


def test_leds_line_parsing() -> None:
    cur = parse_leds_line("leds 12=ff0000 40=00AA28", {})
    assert cur == {12: "#ff0000", 40: "#00aa28"}
    assert parse_leds_line("leds 12=000000", cur) == {40: "#00aa28"}
    assert parse_leds_line("leds clear", cur) == {}
