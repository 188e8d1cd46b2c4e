"""A unit coming onto the board (PG 16.5) at the table: the PG demo scenario with one German infantry held
off the board, the real game session as the tracker's oracle, the demo registry's tags. Activated, the
counter put down on an entry hex is the placement answering the entry question; put down elsewhere it is
not recognised (the table is out of step until it is taken away)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.host.game import GameSession
from hexmate.host.table.calibration import Calibration
from hexmate.host.table.demo_registries import scenario_path
from hexmate.host.table.events import MoveRecognised
from hexmate.host.table.registry import load_demo
from hexmate.host.table.tracker import TAGS, Tracker


@pytest.fixture
def table(tmp_path: Path, board_factory: Any) -> dict[str, Any]:
    data = json.loads(scenario_path("pg").read_text(encoding="utf-8"))
    data["options"]["entry"] = {"g-inf2": {"turn": 1, "hexes": ["DK1", "DM1"]}}
    path = tmp_path / "entry.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    session = GameSession.load("pg", path)
    pos = session.position
    pos.push_text("answer dice 6")  # the initiative dice (3.0 A): the Germans 6 + 3 against 1 + 2
    pos.push_text("answer dice 1")
    assert pos.units["g-inf2"].hex is None and pos.to_act == "ger"
    registry = load_demo("pg")
    cal = Calibration.default_for(board_factory(), session.map)
    tracker = Tracker(cal, registry, session, quiet_ms=350)
    cells = {}
    for uid, h in session.expected().items():
        cells.setdefault(cal.cell_of(h), []).append(registry.uid_of_unit(uid))
    tracker.on_snapshot([(c, TAGS, uids) for c, uids in cells.items()], 0)
    return {"session": session, "tracker": tracker, "cal": cal, "registry": registry}


def _put(table: dict[str, Any], label: str, t_ms: int) -> list[Any]:
    session, cal = table["session"], table["cal"]
    tag = table["registry"].uid_of_unit("g-inf2")
    return list(table["tracker"].on_snapshot(
        [(cal.cell_of(h), TAGS, [table["registry"].uid_of_unit(u) for u, hh in session.expected().items()
                                 if hh == h] + ([tag] if session.map.label(h) == label else []))
         for h in {*session.expected().values(), session.map.parse_label(label)}], t_ms))


def test_the_counter_put_on_an_entry_hex_answers_the_entry(table: dict[str, Any]) -> None:
    session = table["session"]
    session.push_text("activate g-inf2")
    assert session.position.decision is not None and session.position.decision.then == "enter_board"
    events = _put(table, "DK1", 10)
    recognised = [e for e in events if isinstance(e, MoveRecognised)]
    assert len(recognised) == 1 and recognised[0].units == frozenset({"g-inf2"})
    session.push_move(recognised[0].units, recognised[0].path)  # as the service does with the event
    assert session.map.label(session.position.units["g-inf2"].hex) == "DK1"
    assert session.position.decision is None


def test_elsewhere_or_before_the_activation_it_is_not_a_move(table: dict[str, Any]) -> None:
    assert not any(isinstance(e, MoveRecognised) for e in _put(table, "DK1", 10))  # not activated yet
    session = table["session"]
    assert session.position.units["g-inf2"].hex is None
