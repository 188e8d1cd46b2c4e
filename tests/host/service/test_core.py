"""The service loop with the real tracker, registry and ASL demo position, and a scripted board on the link:
a lift lights the destinations, an illegal placement turns red with the rule cited, a legal one is pushed
onto the position and recorded, and every frame the host sends is checked."""

from __future__ import annotations

import asyncio
import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hexmate.firmware import wire
from hexmate.host.game import GameSession
from hexmate.host.record import Record, verify
from hexmate.host.service import Service, parse_leds_line
from hexmate.host.service.build import demo_scenario
from hexmate.host.table.calibration import Calibration
from hexmate.host.table.registry import load_demo
from hexmate.host.table.tracker import Tracker
from hexmate.host.table.views import CHANGE, DESTINATION, ILLEGAL, ORIGIN
from hexmate.rules.hexes import distance

from ..conftest import ScriptedLink

PITCH_MM = 25.4
RULE = re.compile(r"\b[A-Z]\d+(\.\d+)+")


@dataclass(frozen=True)
class Cell:
    id: int
    label: str
    x_mm: float
    y_mm: float


@dataclass(frozen=True)
class Board:
    """A board built for the demo map: one cell on every hex centre (labels without the board letter)."""

    name: str
    cells: tuple[Cell, ...]

    @property
    def dice_buttons(self) -> tuple[Any, ...]:
        return ()  # a board without buttons


def _board(session: GameSession) -> Board:
    m = session.map
    hexes = sorted(m.hexes, key=lambda h: (h.q, h.r))
    cells = tuple(Cell(i, m.label(h)[1:], m.center(h)[0] * PITCH_MM, m.center(h)[1] * PITCH_MM)
                  for i, h in enumerate(hexes))
    return Board("test-346", cells)


class Rig:
    def __init__(self, tmp: Path, **service_options: Any) -> None:
        self.session = GameSession.load("asl", demo_scenario())
        self.board = _board(self.session)
        self.cal = Calibration.default_for(self.board, self.session.map)
        self.registry = load_demo()
        self.tracker = Tracker(self.cal, self.registry, self.session, quiet_ms=100)
        self.link = ScriptedLink()
        self.record_path = tmp / "r.jsonl"
        record = Record.create(self.record_path, {"game": "asl", "scenario_path": str(demo_scenario())})
        self.service = Service(self.link, board=self.board, session=self.session, tracker=self.tracker,
                               registry=self.registry, record=record,
                               connection_options={"sync_retry_ms": 60_000, "resend_ms": 60_000},
                               **service_options)
        self.seq = 0
        self.t_ms = 1000

    def cell_of_unit(self, unit: str) -> int:
        cell = self.cal.cell_of(self.session.expected()[unit])
        assert cell is not None
        return cell

    def uids_at(self, cell: int, without: str = "") -> list[bytes]:
        h = self.cal.hex_of(cell)
        units = [u for u, where in self.session.expected().items() if where == h and u != without]
        return [bytes.fromhex(self.registry.uid_of_unit(u) or "") for u in sorted(units)]

    async def cell(self, cell: int, uids: list[bytes]) -> None:
        self.seq = wire.next_seq(self.seq)
        self.t_ms += 50
        state = wire.TAGS if uids else wire.EMPTY
        self.link.feed(wire.CELL, self.seq, wire.pack_cell(self.seq, cell, state, self.t_ms, uids))
        _, ack = await self.link.expect(wire.ACK)
        assert wire.unpack_ack(ack) == self.seq

    async def leds(self) -> dict[int, tuple[int, ...]]:
        seq, payload = await self.link.expect(wire.LEDS, timeout=3)
        self.link.feed(wire.ACK, 0, wire.pack_ack(seq))
        return {e[0]: tuple(e[1:5]) for e in wire.unpack_leds(payload)}


@pytest.fixture
async def rig(tmp_path):
    r = Rig(tmp_path)
    task = asyncio.create_task(r.service.run())
    await r.link.expect(wire.SYNC)
    r.link.feed(wire.HELLO, 0, wire.pack_hello(346, 346, 0, 1, "test-346", "t"))
    seq, _ = await r.link.expect(wire.LEDS_CLEAR)
    r.link.feed(wire.ACK, 0, wire.pack_ack(seq))
    # the board as set up for the scenario: one snapshot
    entries = []
    for cell in sorted({r.cell_of_unit(u) for u in r.session.expected()}):
        entries.append((cell, wire.TAGS, r.uids_at(cell)))
    r.seq = 1
    r.link.feed(wire.SNAPSHOT, 1, wire.pack_snapshot(1, 0, 1, entries))
    await r.link.expect(wire.ACK)
    for _ in range(100):
        if r.service.in_sync:
            break
        await asyncio.sleep(0.01)
    assert r.service.in_sync
    yield r
    r.service.stop()
    await asyncio.wait_for(task, 3)


def _rgb(light) -> tuple[int, int, int, int]:
    return (*light.rgb, {"solid": 0, "blink": 1}[light.pattern])


async def test_lift_illegal_then_legal_move(rig) -> None:
    unit, start_cell, uid = rig.service.movable_counter()
    start = rig.session.expected()[unit]
    await rig.cell(start_cell, rig.uids_at(start_cell, without=unit))
    lit = await rig.leds()
    dests = rig.session.destinations([unit], start)
    assert lit[start_cell] == _rgb(ORIGIN)
    assert {c for c, v in lit.items() if v == _rgb(DESTINATION)} == {rig.cal.cell_of(h) for h in dests}
    view = rig.service.view()
    assert f"lifted from {rig.session.label(start)}: {len(dests)} legal destinations lit" in view["prompt"]

    # an empty hex out of reach: after the quiet time it blinks red and the page cites the rule
    occupied = set(rig.session.expected().values())
    far = max((h for h in rig.session.map.hexes if h not in dests and h not in occupied),
              key=lambda h: distance(h, start))
    far_cell = rig.cal.cell_of(far)
    await rig.cell(far_cell, [bytes.fromhex(uid)])
    lit = await rig.leds()
    assert lit == {far_cell: _rgb(ILLEGAL)}  # only what changed is sent
    notice = rig.service.view()["notice"]
    assert notice["level"] == "error" and "may not be placed on" in notice["text"]
    assert RULE.search(notice["text"]), notice["text"]

    # lifted again and put on a destination next to the start: recognised, pushed, recorded, LEDs off
    near = min(dests, key=lambda h: (distance(h, start), rig.session.label(h)))
    await rig.cell(far_cell, [])
    await rig.leds()
    await rig.cell(rig.cal.cell_of(near), [*rig.uids_at(rig.cal.cell_of(near)), bytes.fromhex(uid)])
    seq, _ = await rig.link.expect(wire.LEDS_CLEAR, timeout=3)
    rig.link.feed(wire.ACK, 0, wire.pack_ack(seq))
    assert rig.session.expected()[unit] == near
    view = rig.service.view()
    assert view["notice"]["level"] == "ok" and view["leds"] == {}
    assert view["last_actions"][0].endswith("MF)") and rig.session.label(near) in view["last_actions"][0]
    # the same log line and notice on a Japanese page: the sentence from the catalogue, ids and hexes kept
    ja = rig.service.view(lang="ja")
    assert ja["last_actions"][0].endswith("MF）") and rig.session.label(near) in ja["last_actions"][0]
    assert ja["notice"]["text"].startswith("移動を記録しました：")
    assert rig.service.conn.state.value == "live" and "live on" in rig.service.view()["conn"]["detail"]
    assert "で稼働中" in ja["conn"]["detail"]  # the connection's detail too
    rig.service.stop()
    await asyncio.sleep(0.1)
    text = rig.record_path.read_text()
    assert '"kind":"illegal"' in text and '"kind":"action"' in text
    assert verify(rig.record_path).entries == len(text.splitlines())


def test_leds_line_parsing() -> None:
    cur = parse_leds_line("leds 12=dc0000b 40=00A000s", {})
    assert cur == {12: "#dc0000", 40: "#00a000"}
    assert parse_leds_line("leds 12=000000s junk 7=zz", cur) == {40: "#00a000"}


async def test_a_concealed_units_lift_shows_no_destinations_or_name(rig) -> None:
    unit, start_cell, _uid = rig.service.movable_counter()
    # the rules' unit state is the one authority for concealment (the tracker asks the session)
    pos = rig.session.position
    pos._states[-1] = pos.state.with_unit(dataclasses.replace(pos.units[unit], concealed=True))
    assert unit in rig.tracker.concealed
    await rig.cell(start_cell, rig.uids_at(start_cell, without=unit))
    lit = await rig.leds()
    assert lit == {start_cell: _rgb(ORIGIN)}  # no green: the destinations would betray its MF
    view = rig.service.view()
    assert unit not in view["prompt"] and "concealed" in view["prompt"]
    assert view["lit"] == [{"colour": "blue", "meaning": "start hex and trail", "css": "#0000c8",
                            "hexes": [rig.session.label(rig.session.expected()[unit])]}]


async def test_a_table_of_another_size_is_named_on_the_page(rig) -> None:
    rig.link.feed(wire.HELLO, 0, wire.pack_hello(120, 120, 0, rig.seq + 1, "mini-120", "t"))
    for _ in range(50):
        if rig.service.view()["notice"]["level"] == "error":
            break
        await asyncio.sleep(0.01)
    text = rig.service.view()["notice"]["text"]
    assert text == ("the table (mini-120) has 120 cells but board definition test-346 has 346: "
                    "start hexmate with the right --board")


def test_a_games_lasting_marks_are_lit_under_the_tables_picture(tmp_path: Path) -> None:
    """ASL's Residual FP (A8.2) stays lit on its hex while it lasts (Game.marks, views.MARKS)."""
    from hexmate.host.table.views import MARKS

    rig = Rig(tmp_path)
    s = rig.session
    s.push_text("move ger-sq4 DK4-DL4-DM4-DN4-DO4")
    while s.position.decision is not None and s.position.decision.target != s.map.parse_label("DO4"):
        s.push_text("answer pass")
    s.push_text("fire rus-sq2 at DO4 dice 6,5")  # no effect; 4 FP on the 4 column leaves Residual 2
    overlay = rig.service._overlay()
    assert overlay.get(s.map.parse_label("DO4")) == MARKS["residual"]
    s.push_text("answer pass")
    s.push_text("end")  # the MPh ends: so does the Residual (A8.2)
    assert s.map.parse_label("DO4") not in rig.service._overlay()


async def test_a4_5_a_counter_put_on_a_hex_lit_only_for_double_time_plays_double_time(rig) -> None:
    """The demo's 8-0 has 6 MF, 8 with Double Time (A4.5): DE1, 8 MF away, is lit for ``as cx`` only. Put on
    it at the table, the service plays the lit way of moving (the tracker's ``MoveRecognised.mode``): the
    leader moves there and is CX, its hex lit for the CX marker; a plain move would have been refused for its
    8 MF (A4.11)."""
    unit = "ger-8-0"
    start = rig.session.expected()[unit]
    start_cell = rig.cal.cell_of(start)
    de1 = rig.session.map.parse_label("DE1")
    assert rig.session.destinations([unit], start)[de1].mode == "cx"
    await rig.cell(start_cell, rig.uids_at(start_cell, without=unit))
    await rig.leds()
    cell = rig.cal.cell_of(de1)
    await rig.cell(cell, [*rig.uids_at(cell), bytes.fromhex(rig.registry.uid_of_unit(unit) or "")])
    lit = await rig.leds()  # the green destinations go dark; DE1 shows the CX marker to put on (A4.51)
    assert lit[cell] == _rgb(CHANGE) and _rgb(DESTINATION) not in lit.values()
    assert rig.session.expected()[unit] == de1 and rig.session.position.units[unit].has("cx")
    assert rig.service.view()["last_actions"][0].endswith("DE1 (8 MF)")
