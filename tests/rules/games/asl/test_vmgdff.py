"""Defensive First Fire by a vehicle's MGs at a moving vehicle (A8.1, D3.5, A7.308; vmgfire, vmgveh).

The 8 column's Kill number 7 is the A7.308 example's (a cited oracle of the chart pack): a Final DR of 7
immobilizes an unarmored vehicle, below 7 destroys it. Counters: demo-mg8-g (BMG 4 + CMG 4 = 8 FP, demo
values) and the demo truck."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position

from .test_vmgveh import COUNTERS


def make(make_position: Any, *extra: dict[str, Any]) -> Position:
    units = [{"id": "a-tr", "counter": "truck", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-ag", "counter": "mg8", "side": "b", "hex": "G5", "markers": ["vca3"]}, *extra]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    return pos


def to_d5(pos: Position) -> None:
    """The truck's move: its start MP's window in C5 passed (D3.3), the window of its entry into D5."""
    pos.push_text("move a-tr C5-D5")
    d5 = pos.map.parse_label("D5")
    while pos.state.moving is not None and pos.state.moving.here != d5:
        pos.push_text("answer pass")


def test_a8_1_mgs_fire_at_the_truck_as_it_enters(make_position: Any) -> None:
    """A8.1, D3.5: the truck enters D5 (open ground); b-ag's MGs, named, fire at it there: 8 FP, Final DR
    7 on the 8 column (Kill number 7, A7.308): immobilized. FFNAM/FFMO are for infantry only (A7.308)."""
    pos = make(make_position)
    to_d5(pos)
    top = pos.decision
    assert top is not None and top.kind == "react"
    offered = [a.text(pos.label) for a in pos.legal_actions if a.kind == "fire"]
    assert "fire b-ag.bmg,b-ag.cmg at D5" in offered
    pos.push_text("fire b-ag.bmg,b-ag.cmg at D5")
    roll = pos.decision
    assert roll is not None and roll.then == "vmg" and roll.arg("fp") == "8"
    pos.push_text("answer dice 4,3")
    res = pos.last_resolution
    assert res is not None and res.results.get("a-tr") == "immobilized"
    assert not any(line.rule == "A4.6" for line in res.lines)  # no FFNAM/FFMO against the vehicle


def test_a8_1_only_the_moving_vehicle_is_attacked(make_position: Any) -> None:
    """A8.1: a second truck parked in D5 is not a Defensive First Fire target while a-tr moves in."""
    parked = {"id": "a-tr2", "counter": "truck", "side": "a", "hex": "D5", "markers": ["vca0"]}
    pos = make(make_position, parked)
    to_d5(pos)
    pos.push_text("fire b-ag.bmg,b-ag.cmg at D5")
    pos.push_text("answer dice 1,2")  # Final DR 3: below the Kill number 7, destroyed
    res = pos.last_resolution
    assert res is not None and "a-tr" in res.results and "a-tr2" not in res.results
    assert pos.units["a-tr"].has("wreck") and not pos.units["a-tr2"].has("wreck")


def test_no_vehicle_target_for_mgs_between_moves(make_position: Any) -> None:
    """Outside a moving unit's window, Defensive First Fire has no target (A8.1)."""
    pos = make(make_position)
    with pytest.raises(IllegalAction):
        pos.push_text("fire b-ag.bmg at C5")



def test_no_mg_offer_at_a_buttoned_tank_with_nobody_exposed(make_position: Any) -> None:
    """D3.54, D.8: MGs do nothing to a BU AFV without exposed PRC, so none is offered at it as it moves."""
    units = [{"id": "a-t", "counter": "t", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-ag", "counter": "mg8", "side": "b", "hex": "G5", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-t C5-D5")
    while pos.state.moving is not None and pos.decision is not None and pos.decision.kind == "react":
        assert not any(a.kind == "fire" and ".bmg" in a.text(pos.label) for a in pos.legal_actions)
        pos.push_text("answer pass")
