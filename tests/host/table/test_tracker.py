"""Tracker details the streams do not pin down: timers, snapshots, refresh, awaiting the session, errors."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.host.table.calibration import Anchor, Calibration
from hexmate.host.table.events import (
    Difference,
    InSync,
    Lifted,
    MoveRecognised,
    OutOfSync,
    PutBack,
    UncertainCell,
    UnknownTag,
)
from hexmate.host.table.registry import Counter, Registry, load_demo
from hexmate.host.table.replay import ScriptedOracle, default_resolver
from hexmate.host.table.tracker import EMPTY, TAGS, UNCERTAIN, Phase, Tracker


@pytest.fixture
def demo_map() -> Any:
    return default_resolver("map", "demo-asl")


@pytest.fixture
def world(board_factory: Any, demo_map: Any) -> dict[str, Any]:
    board = board_factory()
    registry = load_demo()
    cal = Calibration.default_for(board, demo_map)
    pos = {"ger-sq3": demo_map.parse_label("DK3"), "ger-8-0": demo_map.parse_label("DK4")}
    oracle = ScriptedOracle(demo_map, pos, {"ger-sq3": "ger", "ger-8-0": "ger"}, {})
    tracker = Tracker(cal, registry, oracle, quiet_ms=350)
    cell = {demo_map.label(h): cal.cell_of(h) for h in demo_map.hexes}
    uid = {u: registry.uid_of_unit(u) for u in pos}
    tracker.on_snapshot([(cell["DK3"], TAGS, [uid["ger-sq3"]]), (cell["DK4"], TAGS, [uid["ger-8-0"]])], 0)
    return {
        "tracker": tracker,
        "cell": cell,
        "uid": uid,
        "map": demo_map,
        "oracle": oracle,
        "registry": registry,
    }


def test_quiet_time_deadline_and_tick(world: dict[str, Any]) -> None:
    t: Tracker = world["tracker"]
    cell, uid = world["cell"], world["uid"]
    [lifted] = t.on_cell(cell["DK3"], EMPTY, [], 1000)
    assert isinstance(lifted, Lifted) and t.deadline_ms is None
    assert t.on_cell(cell["DL3"], TAGS, [uid["ger-sq3"]], 1100) == []
    assert t.phase is Phase.PENDING and t.deadline_ms == 1450
    assert t.tick(1449) == []
    [move] = t.tick(1450)
    assert isinstance(move, MoveRecognised) and move.cost == 1
    # The session has not pushed the move yet: no second MoveRecognised for the same state.
    assert t.phase is Phase.AWAITING
    assert t.on_cell(cell["DP5"], EMPTY, [], 1500) == []
    assert t.tick(5000) == []
    world["oracle"].push(move)
    assert t.refresh(5100) == [] and t.phase is Phase.IDLE


def test_an_event_after_the_deadline_first_resolves_the_pending_placement(world: dict[str, Any]) -> None:
    t: Tracker = world["tracker"]
    cell, uid = world["cell"], world["uid"]
    t.on_cell(cell["DK3"], EMPTY, [], 0)
    t.on_cell(cell["DL3"], TAGS, [uid["ger-sq3"]], 100)
    # No tick came (a slow loop); the next cell event, long after the quiet time, settles the move first.
    events = t.on_cell(cell["DP5"], TAGS, ["04AABBCCDDEE05"], 2000)
    assert [type(e) for e in events] == [MoveRecognised, UnknownTag]


def test_snapshot_supersedes_cells_it_does_not_list(world: dict[str, Any]) -> None:
    t: Tracker = world["tracker"]
    cell, uid = world["cell"], world["uid"]
    # Only DK4 is listed: DK3 is empty now, so the squad is in hand.
    events = t.on_snapshot([(cell["DK4"], TAGS, [uid["ger-8-0"]])], 10)
    assert [type(e) for e in events] == [Lifted]
    events = t.on_snapshot([(cell["DK4"], TAGS, [uid["ger-8-0"]]), (cell["DK3"], TAGS, [uid["ger-sq3"]])], 20)
    assert events == [PutBack(frozenset({"ger-sq3"}), world["map"].parse_label("DK3"))]


def test_enrolling_an_unknown_tag_as_a_unit_makes_it_count(world: dict[str, Any]) -> None:
    t: Tracker = world["tracker"]
    registry: Registry = world["registry"]
    m = world["map"]
    [unknown] = t.on_cell(world["cell"]["DP5"], TAGS, ["04AABBCCDDEE06"], 0)
    assert unknown == UnknownTag("04AABBCCDDEE06", m.parse_label("DP5"), world["cell"]["DP5"])
    registry.enroll("04AABBCCDDEE06", Counter("asl-ger-sq9", "asl", "ger", "squad", unit_id="ger-sq9"))
    [out] = t.refresh(100)  # a unit the position does not hold: take it away
    assert isinstance(out, OutOfSync) and out.differences[0].extra == {"ger-sq9"}
    assert t.unknown == {}


def test_garbled_uid_counts_as_uncertain_and_clears(world: dict[str, Any]) -> None:
    t: Tracker = world["tracker"]
    m = world["map"]
    events = t.on_cell(world["cell"]["DK4"], TAGS, ["04ZZ"], 0)
    assert events == [UncertainCell(m.parse_label("DK4"), world["cell"]["DK4"])]
    assert t.on_cell(world["cell"]["DK4"], TAGS, [world["uid"]["ger-8-0"]], 100) == []
    assert t.uncertain == {}


def test_off_map_cells(board_factory: Any, demo_map: Any) -> None:
    # Calibrated so that column A of the board lies left of the map: those cells are off-map.
    board = board_factory()
    cells = {c.label: c.id for c in board.cells}
    cal = Calibration.fit(
        board,
        demo_map,
        [Anchor(cells["C1"], demo_map.parse_label("DA1")), Anchor(cells["E1"], demo_map.parse_label("DC1"))],
    )
    assert cells["A1"] in cal.off_map and cells["B1"] in cal.off_map
    t = Tracker(cal, load_demo(), ScriptedOracle(demo_map, {}, {}, {}))
    assert t.on_cell(cells["A1"], TAGS, ["04AABBCCDDEE07"], 0) == [
        UnknownTag("04AABBCCDDEE07", None, cells["A1"])
    ]
    assert t.on_cell(cells["A2"], UNCERTAIN, [], 0) == [UncertainCell(None, cells["A2"])]
    # A known unit resting off the map is simply not on the map: nothing to recognise.
    assert t.on_cell(cells["A3"], TAGS, [load_demo().uid_of_unit("ger-sq1") or ""], 0) == []


def test_begin_setup_on_a_matching_table_is_in_sync_at_once(world: dict[str, Any]) -> None:
    t: Tracker = world["tracker"]
    assert t.begin_setup(0) == [InSync(setup=True)]
    assert t.phase is Phase.IDLE and not t.setup


def test_a_refused_move_puts_the_table_out_of_sync(world: dict[str, Any]) -> None:
    t: Tracker = world["tracker"]
    cell, uid, m = world["cell"], world["uid"], world["map"]
    t.on_cell(cell["DK3"], EMPTY, [], 0)
    t.on_cell(cell["DL3"], TAGS, [uid["ger-sq3"]], 100)
    assert [type(e) for e in t.tick(1000)] == [MoveRecognised]
    assert t.reject(1100) == [
        OutOfSync(
            (
                Difference(m.parse_label("DK3"), frozenset({"ger-sq3"}), frozenset()),
                Difference(m.parse_label("DL3"), frozenset(), frozenset({"ger-sq3"})),
            )
        )
    ]
    assert t.reject(1200) == []  # only a move awaiting the session can be refused
    t.on_cell(cell["DL3"], EMPTY, [], 1300)
    assert t.on_cell(cell["DK3"], TAGS, [uid["ger-sq3"]], 1400) == [InSync()]


def test_a_clock_that_jumps_back_restarts_the_quiet_time(world: dict[str, Any]) -> None:
    t: Tracker = world["tracker"]
    cell, uid = world["cell"], world["uid"]
    t.on_cell(cell["DK3"], EMPTY, [], 50_000)
    t.on_cell(cell["DL3"], TAGS, [uid["ger-sq3"]], 50_100)
    assert t.deadline_ms == 50_450
    assert t.on_cell(cell["DP5"], EMPTY, [], 10) == []  # nothing changed, but the clock restarted
    assert t.deadline_ms == 360
    assert [type(e) for e in t.tick(360)] == [MoveRecognised]
