"""Crews leaving their vehicle (vcrew.py): voluntary abandonment (D5.41, D5.411) and the Immobilization Task
Check (D5.5, D8.11, D8.22), each leaving a crew counter beneath an Abandoned vehicle."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import vcrew

from .test_armour import COUNTERS, make


def test_d5_41_abandonment_puts_the_crew_beneath_an_abandoned_vehicle(make_position: Any) -> None:
    pos = make(make_position, "MPh")
    offered = [a.text(pos.label) for a in pos.legal_actions if getattr(a, "mode", "") == "abandon"]
    assert offered == ["move a-pz C5 cost 0 as abandon"]  # only the phasing side's vehicle (D5.41)
    pos.push_text("move a-pz C5 as abandon")
    tank, crew = pos.units["a-pz"], pos.units["a-pz-crew"]
    assert tank.has("abandoned") and not tank.has("wreck")
    assert (crew.type, crew.hex, crew.side) == ("crew", pos.map.parse_label("C5"), "a")
    assert "a-pz-crew" in pos.state.moved  # it spent all its MF leaving (D5.41)
    assert not crew.has("prep_fire")  # its vehicle neither moved nor fired: its FP is free (D5.8)
    assert not crew.has("hazardous")  # a voluntary abandonment is no Hazardous Movement (D5.41 vs D5.5)
    assert {ph.what for ph in pos.changes} >= {"add"}  # the crew counter to put down and enrol
    assert not list(pos.legal_actions.moves_for({"a-pz"}))  # abandoned: immobile (D.7)


def test_d5_411_self_destruction_leaves_a_non_burning_wreck(make_position: Any) -> None:
    pos = make(make_position, "MPh")
    pos.push_text("move a-pz C5 as abandon-wreck")
    tank = pos.units["a-pz"]
    assert tank.has("wreck") and tank.has("abandoned") and not tank.has("burning")
    assert "a-pz-crew" in pos.units


def test_d5_411_the_leaving_crew_malfunctions_its_weapons(make_position: Any) -> None:
    """D5.411: the crew may malfunction the vehicle's weapons as it leaves: the demo tank's MA, BMG and CMG
    (demo values) are all marked malfunctioned, the vehicle Abandoned, no wreck; offered on the page."""
    pos = make(make_position, "MPh")
    assert "move a-pz C5 cost 0 as abandon-malf" in [a.text(pos.label) for a in pos.legal_actions]
    pos.push_text("move a-pz C5 as abandon-malf")
    tank = pos.units["a-pz"]
    assert tank.has("abandoned") and not tank.has("wreck")
    assert all(tank.has(m) for m in ("ma_malf", "bmg_malf", "cmg_malf")) and not tank.has("aamg_malf")
    assert "a-pz-crew" in pos.units


def test_d5_411_the_leaving_crew_chooses_which_weapons_to_malfunction(make_position: Any) -> None:
    """D5.411 lets the crew malfunction a weapon or weapons of its choice: here the BMG and CMG of the demo
    tank, its MA left working; each single weapon is offered on the page; a weapon it lacks is refused."""
    pos = make(make_position, "MPh")
    offered = [a.text(pos.label) for a in pos.legal_actions]
    assert "move a-pz C5 cost 0 as abandon-malf:ma" in offered
    assert "move a-pz C5 cost 0 as abandon-malf:aamg" not in offered  # the demo tank has no AAMG
    with pytest.raises(IllegalAction, match=r"D5\.411"):
        pos.push_text("move a-pz C5 as abandon-malf:aamg")
    pos.push_text("move a-pz C5 as abandon-malf:bmg+cmg")
    tank = pos.units["a-pz"]
    assert tank.has("abandoned") and tank.has("bmg_malf") and tank.has("cmg_malf")
    assert not tank.has("ma_malf") and "a-pz-crew" in pos.units


@pytest.mark.parametrize(
    ("marker", "phase", "rule"),
    [("prep_fire", "MPh", r"D5\.41"), ("motion", "MPh", r"D5\.41"), ("", "PFPh", r"A3\.2")],
)
def test_d5_41_not_after_moving_or_firing_nor_outside_the_mph(make_position: Any, marker: str,
                                                               phase: str, rule: str) -> None:
    markers = ["vca0", marker] if marker else ["vca0"]
    pos: Position = make_position("asl", [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": markers},
        {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]},
    ], phase, counters=COUNTERS)
    with pytest.raises(IllegalAction, match=rule):
        pos.push_text("move a-pz C5 as abandon")


def test_d5_41_not_after_the_vehicle_has_moved(make_position: Any) -> None:
    pos = make(make_position, "MPh")
    pos.push_text("move a-pz C5-D5")
    while pos.decision is not None:
        pos.push_text("answer keep" if pos.decision.then == "vfacing" else "answer pass")
    with pytest.raises(IllegalAction, match=r"D5\.41"):
        pos.push_text("move a-pz D5 as abandon")


def test_d5_1_an_unarmed_vehicle_has_no_crew_to_leave(make_position: Any) -> None:
    counters = {**COUNTERS, "truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}
    pos: Position = make_position("asl", [
        {"id": "a-tr", "counter": "truck", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]},
    ], "MPh", counters=counters)
    with pytest.raises(IllegalAction, match=r"D5\.1"):
        pos.push_text("move a-tr C5 as abandon")


def test_an_abandoned_vehicle_does_not_fire(make_position: Any) -> None:
    pos: Position = make_position("asl", [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", "abandoned"]},
        {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]},
    ], "PFPh", counters=COUNTERS)
    with pytest.raises(IllegalAction, match=r"D5\.41"):
        pos.push_text("fire a-pz at J5")


def _hit_bogged_t(make_position: Any, tk_dice: str, **values: Any) -> Position:
    counters = {**COUNTERS, "t": {**COUNTERS["t"], **values}}
    pos: Position = make_position("asl", [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3", "bogged"]},
    ], "PFPh", counters=counters)
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 1,5")  # a hit (test_armour: TH 6)
    pos.push_text(f"answer dice {tk_dice}")
    return pos


def test_d5_5_a_bogged_vehicle_hit_without_effect_checks_its_crew(make_position: Any) -> None:
    """D5.5/D8.22: bogged, hit by a gun whose original TK DR of 5 would have shocked or destroyed it (the
    test_armour shot: TK# 5), with no effect: the crew takes the Immobilization TC."""
    pos = _hit_bogged_t(make_position, "6,6", crew_morale=8)
    top = pos.decision
    assert top is not None and top.then == "vitc" and top.rule == "D5.5" and top.side == "b"
    assert "8 or less" in top.prompt and "demo value" not in top.prompt
    pos.push_text("answer dice 4,4")  # 8: passed, the crew stays
    assert not pos.units["b-t"].has("abandoned") and "b-t-crew" not in pos.units


def test_d5_5_failing_the_tc_abandons_the_vehicle(make_position: Any) -> None:
    pos = _hit_bogged_t(make_position, "6,6")
    top = pos.decision
    assert top is not None and top.then == "vitc" and "demo value" in top.prompt  # no crew_morale given
    pos.push_text("answer dice 5,4")  # 9 > 8 (demo AFV crew morale)
    tank = pos.units["b-t"]
    assert tank.has("abandoned") and pos.units["b-t-crew"].hex == tank.hex
    assert pos.units["b-t-crew"].has("bailed")
    assert pos.units["b-t-crew"].has("hazardous")  # forced out: Hazardous Movement this phase (D5.5, A4.62)


def test_d5_5_needs_tc_cases() -> None:
    from hexmate.rules.games.base import UnitState
    from hexmate.rules.scenario import CounterType

    counter = CounterType("pz", "vehicle", {"vehicle": "demo-pz-g"})
    mobile = UnitState("v", "a", counter, None)
    bogged = mobile.mark("bogged")
    assert vcrew.needs_tc(mobile, "immobilized", shock_on_5=False)  # D5.5
    assert vcrew.needs_tc(mobile.mark("immobilized"), "immobilized", shock_on_5=False)  # D8.11
    assert vcrew.needs_tc(bogged, "none", shock_on_5=True)  # D5.5, D8.22
    assert not vcrew.needs_tc(bogged, "none", shock_on_5=False)  # the gun could not have hurt it
    assert not vcrew.needs_tc(mobile, "none", shock_on_5=True)  # not immobile
    assert not vcrew.needs_tc(bogged.mark("shocked"), "none", shock_on_5=True)  # a shocked crew takes none
    assert not vcrew.needs_tc(bogged.mark("abandoned"), "immobilized", shock_on_5=True)  # nobody inside


def test_a_vehicle_shocked_by_first_fire_ends_its_move_there(make_position: Any) -> None:
    """D5.34, D.7: First Fire that shocks a moving AFV (a TK DR equal to the TK#) stops it in the hex it
    entered; the rest of its path is not moved."""
    pos = make(make_position, "MPh")
    pos.push_text("move a-pz C5-D5-E5")
    top = pos.decision
    assert top is not None and top.kind == "react" and pos.label(top.target) == "C5"  # D2.12: its start MP
    pos.push_text("answer pass")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "b" and pos.label(top.target) == "D5"
    pos.push_text("fire b-t at D5")
    pos.push_text("answer dice 1,1")  # an original 2 hits whatever the TH#
    tk = pos.decision
    assert tk is not None and tk.then == "vtk"
    need = int(tk.arg("tk"))
    pos.push_text(f"answer dice {need - need // 2},{need // 2}")  # the TK DR equal to the TK#: shocked
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    tank = pos.units["a-pz"]
    assert tank.has("shocked") and pos.label(tank.hex) == "D5" and pos.state.moving is None
