"""Enrolling an unknown tag from the page, and scenario set-up mode, through the service's one input
queue, with the real tracker, registry and ASL demo scenario on a scripted board (as in test_core.py)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from hexmate.firmware import wire
from hexmate.host.service import PageAction
from hexmate.host.table.registry import Registry, load_demo
from hexmate.host.table.views import SETUP_TARGET, UNKNOWN

from .test_core import Rig

BLANK = "04C0FFEE123456"  # a 7-byte tag the registry has never seen


async def _settle(rig: Rig, until, tries: int = 200) -> None:
    """Let the service loop run, acknowledging every LED frame, until ``until()`` holds."""
    for _ in range(tries):
        while not rig.link.frames.empty():
            kind, seq, _ = rig.link.frames.get_nowait()
            if kind in (wire.LEDS, wire.LEDS_CLEAR):
                rig.link.feed(wire.ACK, 0, wire.pack_ack(seq))
        if until():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never settled: {rig.service.view()['notice']}")


async def _start(rig: Rig, entries: list) -> asyncio.Task:
    task = asyncio.create_task(rig.service.run())
    await rig.link.expect(wire.SYNC)
    rig.link.feed(wire.HELLO, 0, wire.pack_hello(346, 346, 0, 1, "test-346", "t"))
    rig.seq = 1
    rig.link.feed(wire.SNAPSHOT, 1, wire.pack_snapshot(1, 0, 1, entries))
    await _settle(rig, lambda: rig.service.snapshots == 1)
    return task


async def _cell(rig: Rig, cell: int, uids: list[bytes]) -> None:
    rig.seq = wire.next_seq(rig.seq)
    rig.t_ms += 50
    rig.link.feed(wire.CELL, rig.seq, wire.pack_cell(rig.seq, cell, wire.TAGS if uids else wire.EMPTY,
                                                     rig.t_ms, uids))


def _full_board(rig: Rig) -> list:
    cells = sorted({rig.cell_of_unit(u) for u in rig.session.expected()})
    return [(cell, wire.TAGS, rig.uids_at(cell)) for cell in cells]


@pytest.fixture
async def enrol_rig(tmp_path):
    path = tmp_path / "registry.json"
    load_demo().save(path)
    r = Rig(tmp_path, registry_path=path)
    task = await _start(r, _full_board(r))
    await _settle(r, lambda: r.service.in_sync)
    yield r
    r.service.stop()
    await asyncio.wait_for(task, 3)


async def test_unknown_tag_is_announced_and_bad_choices_are_named(enrol_rig) -> None:
    rig = enrol_rig
    occupied = set(rig.session.expected().values())
    empty = min((h for h in rig.session.map.hexes if h not in occupied), key=rig.session.label)
    cell = rig.cal.cell_of(empty)
    await _cell(rig, cell, [bytes.fromhex(BLANK)])
    await _settle(rig, lambda: bool(rig.service.view()["unknown"]))
    view = rig.service.view()
    assert view["unknown"] == [{"uid": BLANK, "hex": rig.session.label(empty), "cell": cell}]
    assert view["leds"] == {rig.session.label(empty): "#{:02x}{:02x}{:02x}".format(*UNKNOWN.rgb)}
    assert f"Unknown counter tag {BLANK} on {rig.session.label(empty)}" in view["notice"]["text"]
    choices = {c["unit"] for c in view["enrol_choices"]}
    concealed = {u for u, s in rig.session.position.units.items() if s.concealed}
    assert concealed and not concealed & choices  # the shared page never names a concealed unit
    assert not any(u in json.dumps(view) for u in concealed)
    assert "ger-sq1" in choices

    before = Path(rig.service.registry_path).read_text()
    for data, words in [({"uid": BLANK, "unit": "no-such-unit"}, "no-such-unit is not a unit"),
                        ({"uid": BLANK, "unit": sorted(concealed)[0]}, "is not a unit of this scenario"),
                        ({"uid": "04AABBCCDDEEFF", "unit": "ger-sq1"}, "not an unknown tag on the table"),
                        ({"uid": "xyz", "unit": "ger-sq1"}, "is not 4, 7 or 10 bytes")]:
        rig.service.submit(PageAction("enroll", data))
        await _settle(rig, lambda: rig.service.view()["notice"]["level"] == "error")
        assert words in rig.service.view()["notice"]["text"]
        rig.service.notice = {"level": "info", "text": ""}
    assert Path(rig.service.registry_path).read_text() == before
    assert rig.registry.lookup(BLANK) is None


async def test_enrolled_tag_becomes_the_counter_and_the_registry_file_keeps_every_entry(enrol_rig) -> None:
    rig = enrol_rig
    unit, start_cell, old_uid = rig.service.movable_counter()
    start = rig.session.expected()[unit]
    # the unit's tag broke: its counter gets a new blank tag, put back on its own hex
    others = rig.uids_at(start_cell, without=unit)
    await _cell(rig, start_cell, others)
    await _cell(rig, start_cell, [*others, bytes.fromhex(BLANK)])
    await _settle(rig, lambda: bool(rig.service.view()["unknown"]))
    assert rig.service.view()["enrol_choices"]
    rig.service.submit(PageAction("enroll", {"uid": BLANK.lower(), "unit": unit}))
    await _settle(rig, lambda: rig.registry.unit_of(BLANK) == unit and rig.service.in_sync)
    view = rig.service.view()
    assert view["unknown"] == [] and view["notice"]["level"] == "ok"
    text = view["notice"]["text"]
    assert f"Tag {BLANK} enrolled as {unit}" in text and rig.session.label(start) in text
    assert old_uid in text and "saved in" in text
    assert rig.tracker.sensed_units(start) >= {unit}

    saved = Registry.load(rig.service.registry_path)
    demo = dict(load_demo())
    assert saved.unit_of(BLANK) == unit and saved.lookup(old_uid) is None
    assert len(saved) == len(demo)
    assert {uid: c for uid, c in saved if uid != BLANK} == {u: c for u, c in demo.items() if u != old_uid}
    rig.service.stop()
    await asyncio.sleep(0.05)
    records = [json.loads(x) for x in rig.record_path.read_text().splitlines()]
    assert any(e["kind"] == "enroll" and e["data"]["uid"] == BLANK for e in records)


async def test_a_registry_that_cannot_be_saved_leaves_the_tag_unknown(tmp_path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    rig = Rig(tmp_path, registry_path=blocker / "registry.json")
    task = await _start(rig, _full_board(rig))
    try:
        occupied = set(rig.session.expected().values())
        empty = min((h for h in rig.session.map.hexes if h not in occupied), key=rig.session.label)
        await _cell(rig, rig.cal.cell_of(empty), [bytes.fromhex(BLANK)])
        await _settle(rig, lambda: bool(rig.service.view()["unknown"]))
        old = rig.registry.uid_of_unit("ger-sq1")
        rig.service.submit(PageAction("enroll", {"uid": BLANK, "unit": "ger-sq1"}))
        await _settle(rig, lambda: rig.service.view()["notice"]["level"] == "error")
        assert f"tag {BLANK} not enrolled" in rig.service.view()["notice"]["text"]
        assert rig.registry.lookup(BLANK) is None and rig.registry.uid_of_unit("ger-sq1") == old
        assert rig.service.view()["unknown"][0]["uid"] == BLANK
    finally:
        rig.service.stop()
        await asyncio.wait_for(task, 3)


async def test_setup_mode_lists_what_is_left_acknowledges_and_starts_play(tmp_path) -> None:
    rig = Rig(tmp_path, setup=True)
    task = await _start(rig, [])  # an empty board
    try:
        expected = dict(rig.session.expected())
        await _settle(rig, lambda: rig.service.view()["setup"] is not None)
        view = rig.service.view()
        assert view["prompt"].startswith("Set-up:") and view["setup"]["left"] == len(expected)
        white = "#{:02x}{:02x}{:02x}".format(*SETUP_TARGET.rgb)
        assert set(view["leds"]) == {rig.session.label(h) for h in expected.values()}
        assert set(view["leds"].values()) == {white}
        remaining = view["setup"]["remaining"]
        assert set(remaining) == {"ger", "rus"}
        concealed = {u for u, s in rig.session.position.units.items() if s.concealed}
        assert concealed and not any(u in json.dumps(view) for u in concealed)
        hidden = [e for e in remaining["rus"] if e["label"] == "?"]
        assert len(hidden) == len(concealed) and all(e["unit"] == "" and e["hex"] for e in hidden)
        assert any(e["unit"] == "ger-sq1" for e in remaining["ger"])

        cells = sorted({rig.cell_of_unit(u) for u in expected})
        first = cells[0]
        placed = {u for u, h in expected.items() if rig.cal.cell_of(h) == first}
        await _cell(rig, first, rig.uids_at(first))
        await _settle(rig, lambda: rig.service.view()["setup"]["left"] == len(expected) - len(placed))
        view = rig.service.view()
        assert view["notice"]["level"] == "ok" and view["notice"]["text"].startswith("In place:")
        assert f"{len(expected) - len(placed)} counters still to place" in view["notice"]["text"]
        assert rig.session.label(expected[sorted(placed)[0]]) not in view["leds"]

        # a counter on the wrong hex is named to take off (the normal difference flow), then corrected
        wrong = rig.cal.cell_of(next(h for h in rig.session.map.hexes if h not in expected.values()))
        stray = rig.uids_at(cells[1])[:1]
        await _cell(rig, wrong, stray)
        await _settle(rig, lambda: rig.service.view()["notice"]["level"] == "warn")
        assert "take" in rig.service.view()["notice"]["text"]
        await _cell(rig, wrong, [])
        for cell in cells[1:]:
            await _cell(rig, cell, rig.uids_at(cell))
        await _settle(rig, lambda: not rig.tracker.setup)
        view = rig.service.view()
        assert view["setup"] is None and rig.service.in_sync
        assert view["prompt"] == rig.session.prompt() and view["prompt"].startswith(rig.session.phase)
        assert view["notice"]["text"].startswith("Set-up complete")
        assert view["leds"] == {}
    finally:
        rig.service.stop()
        await asyncio.wait_for(task, 3)
    records = [json.loads(x) for x in rig.record_path.read_text().splitlines()]
    kinds = [e["kind"] for e in records]
    assert "setup" in kinds and "setup-placed" in kinds and kinds[-1] == "setup-done"
