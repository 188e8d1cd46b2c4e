"""Hidden information: what lies under a concealment counter reaches only its owner's view.

Every scenario below drives the tracker with a concealed Russian stack (lift, move, illegal placement,
knocked over, set-up) and checks the JSON of the shared view, the German view and the LED frame for any
trace of the concealed units: unit ids, counter ids, printed values, destinations or points spent.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hexmate.host.table.calibration import Calibration
from hexmate.host.table.events import TableEvent
from hexmate.host.table.registry import load_demo
from hexmate.host.table.replay import ScriptedOracle, default_resolver
from hexmate.host.table.tracker import EMPTY, TAGS, Tracker
from hexmate.host.table.views import CONCEALED, SHARED, TableViews, led_frame, wire_entries

HIDDEN = ["rus-8-1", "rus-sq1"]


@pytest.fixture
def table(board_factory: Any) -> dict[str, Any]:
    m = default_resolver("map", "demo-asl")
    cal = Calibration.default_for(board_factory(), m)
    reg = load_demo()
    pos = {"rus-8-1": m.parse_label("DR5"), "rus-sq1": m.parse_label("DR5"), "ger-sq3": m.parse_label("DK3")}
    oracle = ScriptedOracle(m, pos, {"rus-8-1": "rus", "rus-sq1": "rus", "ger-sq3": "ger"}, {})
    t = Tracker(cal, reg, oracle)
    uids = {u: reg.uid_of_unit(u) for u in pos}
    marker = next(uid for uid, c in reg if c.counter_id == "asl-rus-conceal-1")
    stack = [uids["rus-8-1"], uids["rus-sq1"], marker]
    cell = {m.label(h): cal.cell_of(h) for h in m.hexes}
    t.on_snapshot([(cell["DR5"], TAGS, stack), (cell["DK3"], TAGS, [uids["ger-sq3"]])], 0)
    return {"t": t, "m": m, "cell": cell, "stack": stack, "views": TableViews(t, reg), "reg": reg, "cal": cal}


def leaks(text: str, reg: Any) -> list[str]:
    """Any identity of the concealed units found in ``text``."""
    found = [u for u in HIDDEN if u in text]
    for unit in HIDDEN:
        counter = reg.counter_of_unit(unit)
        found += [s for s in (counter.counter_id, str(counter.values.get("printed"))) if s in text]
    return found


def check(table: dict[str, Any], events: list[TableEvent]) -> None:
    views: TableViews = table["views"]
    for audience in (SHARED, "ger"):
        text = json.dumps([views.event(e, audience) for e in events])
        text += json.dumps(views.instructions(audience)) + json.dumps(
            views.hex_contents(table["m"].parse_label("DR5"), audience)
        )
        assert leaks(text, table["reg"]) == [], (audience, text)
    frame = led_frame(table["t"])
    assert all(light.colour != "green" for light in frame.values()), "destinations of a concealed stack lit"
    owner = json.dumps([views.event(e, "rus") for e in events])
    assert "rus-sq1" in owner  # the owner does see them


def test_concealed_lift_and_move(table: dict[str, Any]) -> None:
    t, cell, stack = table["t"], table["cell"], table["stack"]
    events = t.on_cell(cell["DR5"], EMPTY, [], 100)
    events += t.on_cell(cell["DR4"], TAGS, stack, 300)
    check(table, events)
    events += t.tick(1000)
    assert [e.kind for e in events] == ["lifted", "move"]
    shared = table["views"].event(events[1], SHARED)
    assert shared == {"kind": "move", "units": CONCEALED, "path": ["DR5", "DR4"], "trail": [], "cost": None}
    assert table["views"].event(events[1], "rus")["cost"] == "1"
    check(table, events)


def test_concealed_illegal_placement(table: dict[str, Any]) -> None:
    t, cell, stack = table["t"], table["cell"], table["stack"]
    events = t.on_cell(cell["DR5"], EMPTY, [], 100) + t.on_cell(
        cell["DK3"], TAGS, [*stack, table["reg"].uid_of_unit("ger-sq3")], 200
    )
    events += t.tick(1000)
    assert [e.kind for e in events] == ["lifted", "illegal"]  # DK3 is held by the Germans
    check(table, events)
    assert table["views"].event(events[-1], SHARED)["reason"] == "not a legal destination"
    assert table["views"].event(events[-1], "rus")["reason"].startswith("DK3 is not among the")


def test_concealed_stack_knocked_over(table: dict[str, Any]) -> None:
    t, cell, stack = table["t"], table["cell"], table["stack"]
    events = t.on_cell(cell["DR5"], EMPTY, [], 100)
    events += t.on_cell(cell["DR4"], TAGS, [stack[0]], 150) + t.on_cell(cell["DQ5"], TAGS, stack[1:], 160)
    events += t.tick(1000)
    assert events[-1].kind == "out-of-sync"
    check(table, events)
    assert table["views"].instructions("rus") == [
        "take rus-sq1 off DQ5",
        "take rus-8-1 off DR4",
        "put rus-8-1, rus-sq1 on DR5",
    ]
    assert table["views"].instructions("ger") == [
        "take a concealed stack off DQ5",
        "take a concealed stack off DR4",
        "put a concealed stack on DR5",
    ]


def test_uncovered_units_are_public_and_wire_entries_address_cells(table: dict[str, Any]) -> None:
    t, cell = table["t"], table["cell"]
    events = t.on_cell(cell["DK3"], EMPTY, [], 100)
    assert table["views"].event(events[0], "rus")["units"] == ["ger-sq3"]  # not concealed: everyone sees it
    entries = wire_entries(led_frame(t), table["cal"])
    assert (cell["DK3"], 0, 0, 200, 1, 100) in entries  # blue origin, blinking slowly (1 s)
    assert any(e[1:4] == (0, 160, 0) for e in entries)  # green destinations for a visible unit
