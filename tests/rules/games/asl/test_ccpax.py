"""Passengers of a stopped unarmored vehicle captured in Close Combat, and the vehicle with them (ccpax.py,
A11.52 with A11.611): not attacked on their own otherwise, only once no other enemy personnel is left, always
as a capture attempt at -2 (and the attempt's +1). The demo truck (demo values); the CCT: the demo pack's."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import vdriver

from .test_vdriver import TRUCK


def ccph(make_position: Any, *extra: dict[str, Any], truck: tuple[str, ...] = ()) -> Position:
    pos: Position = make_position("asl", [
        {"id": "b-tr", "counter": "truck", "side": "b", "hex": "C5", "markers": ["vca0", *truck]},
        {"id": "b-p", "counter": "4-4-7", "side": "b", "hex": "C5", "carrier": "b-tr"},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"}, *extra], "CCPh", counters=TRUCK)
    return pos


def test_a11_52_passengers_are_captured_and_the_truck_with_them(make_position: Any) -> None:
    """A11.52: a's 4-6-7 names the passenger 4-4-7: the attack is a capture attempt (no choice), 4:4 = 1:1,
    Kill Number 5 (demo CCT); DR 4, -2 passenger, +1 capture: 3 < 5: captured. The truck, with no passenger
    left, is a's, captured, with a temporary driver (A21.21); the prisoner is guarded by the 4-6-7."""
    pos = ccph(make_position)
    top = pos.decision
    assert top is not None and top.then == "cc_group" and "b-p" in top.units
    pos.push_text("answer units a-sq,b-p")
    top = pos.decision
    assert top is not None and top.then == "cc" and top.arg("capture") == "1" and not top.choices
    pos.push_text("answer dice 2,2")
    res = pos.last_resolution
    assert res is not None
    said = {(str(line.label), str(line.value), line.rule) for line in res.lines}
    assert ("b-p is a passenger", "-2", "A11.52") in said
    assert ("capture attempt on b-p", "+1", "A20.22") in said
    while pos.decision is not None:
        pos.push_text("answer done" if "done" in pos.decision.choices else "answer pass")
    assert pos.units["b-p"].has("prisoner") and pos.units["b-p"].carrier == "a-sq"
    truck = pos.units["b-tr"]
    assert truck.side == "a" and truck.has("captured") and truck.has(vdriver.DRIVER)


def test_a11_52_passengers_are_no_target_while_other_enemy_personnel_remain(make_position: Any) -> None:
    """A11.52, A11.611: with b's 4-4-7 on the ground beside the truck, its passenger is no CC target."""
    pos = ccph(make_position, {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "C5"})
    top = pos.decision
    assert top is not None and top.then == "cc_group" and top.side == "a"
    assert "b-sq" in top.units and "b-p" not in top.units


def test_a11_52_not_from_a_truck_in_motion(make_position: Any) -> None:
    """A11.52: a vehicle in Motion (or its passengers) is never captured: the passenger is no target."""
    pos = ccph(make_position, truck=("motion",))
    top = pos.decision
    assert top is None or "b-p" not in top.units


def test_a11_52_passengers_attacking_the_capturer_take_plus_2(make_position: Any) -> None:
    """A11.52: the passenger 4-4-7 attacks a's 4-6-7 (b's turn after a passes): +2 on its CC DR."""
    pos = ccph(make_position)
    pos.push_text("answer done")  # a passes its first turn (A11.31)
    top = pos.decision
    assert top is not None and top.then == "cc_group" and top.side == "b" and "b-p" in top.units
    pos.push_text("answer units b-p,a-sq")
    pos.push_text("answer dice 3,3")
    res = pos.last_resolution
    assert res is not None
    assert ("passengers attacking", "+2", "A11.52") in {(str(li.label), str(li.value), li.rule)
                                                         for li in res.lines}
