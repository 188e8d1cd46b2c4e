"""Crews leaving their vehicle (vcrew.py): voluntary abandonment (D5.41, D5.411) and the Immobilization Task
Check (D5.5, D8.11, D8.22), each leaving a crew counter beneath an Abandoned vehicle."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl import vcrew, vcrewhit

from .test_armour import COUNTERS, make


def test_d5_41_abandonment_puts_the_crew_beneath_an_abandoned_vehicle(make_position: Any) -> None:
    """D5.4: abandonment is the crew leaving its vehicle of its own will (no combat result) as a counter;
    D5.41: in its own MPh, beneath the vehicle, all its MF spent, the vehicle now Abandoned."""
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


# --- the inherent crew's morale in its vehicle: D5.1 from the nationality data, A25.55, the override ---
def _crew_pos(make_position: Any, nationality: str, counter: str = "pz", date: str | None = None,
              extra: dict[str, Any] | None = None, **values: Any) -> Position:
    """Side a of ``nationality`` with one vehicle, a-v, of the ``counter`` given (among COUNTERS and
    ``extra``; ``values`` added to it)."""
    counters = {**COUNTERS, **(extra or {})}
    counters[counter] = {**counters[counter], **values}
    sides = [{"id": "a", "name": nationality, "nationality": nationality}, {"id": "b", "name": "Russian",
                                                                         "nationality": "russian"}]
    units = [{"id": "a-v", "counter": counter, "side": "a", "hex": "C5", "markers": ["vca0"]}]
    pos: Position = make_position("asl", units, "PFPh", counters=counters, sides=sides,
                                  options={"date": date} if date else None)
    return pos


def test_d5_1_a_german_afv_crew_takes_its_nationalitys_best_elite_morale(make_position: Any) -> None:
    """D5.1: an AFV's inherent crew checks on the Good Order morale of its nationality's best Elite MMC: the
    German entry's 8 (a demo value: the National Capabilities Chart is not in the texts), so its
    Immobilization TC passes on 8 or less and the prompt says the number is a demo value."""
    pos = _crew_pos(make_position, "german")
    got = vcrew.crew_morale_of(pos, pos.units["a-v"])
    assert got == vcrew.CrewMorale(8, True, "nationality", "german", "D5.1")
    prompt = vcrew.tc_decision(pos, pos.units["a-v"]).prompt
    assert "8 or less" in prompt and "demo value" in prompt


def test_d5_1_with_a25_61_an_italian_afv_crew_checks_on_7_not_a_demo_value(make_position: Any) -> None:
    """A25.61 names every Italian Elite MMC (4-4-7 squad, 2-4-7 HS, 2-2-7 crew): the best Elite Good Order
    morale is 7, read from the text, so an Italian AFV crew's TC needs 7 or less and no demo value is said
    (the generic demo value would have been 8)."""
    pos = _crew_pos(make_position, "italian")
    assert vcrew.crew_morale(pos, pos.units["a-v"]) == (7, False)
    prompt = vcrew.tc_decision(pos, pos.units["a-v"]).prompt
    assert "7 or less" in prompt and "demo value" not in prompt and "as the" not in prompt


def test_d5_1_an_unarmored_vehicles_crew_takes_the_best_1st_line_morale(make_position: Any,
                                                                        tmp_path: Path) -> None:
    """D5.1: an unarmored vehicle's inherent crew takes the best 1st Line MMC's morale instead: a German armed
    truck's crew checks on the German entry's 1st Line 7 (demo), where the German AFV's takes the Elite 8."""
    from .test_wpveh import _armed_truck

    pos = _crew_pos(make_position, "german", "mgtruck", extra={"mgtruck": _armed_truck(tmp_path)})
    assert vcrew.crew_morale_of(pos, pos.units["a-v"]) == vcrew.CrewMorale(7, True, "nationality", "german")


def test_a25_55_a_free_french_crew_checks_as_british_from_december_1943(make_position: Any) -> None:
    """A25.55: in a scenario dated December 1943 or later a Free French inherent crew takes its D5.1 morale
    as the British do; in 1942 (A25.54's years) its own nationality's entry gives it."""
    for date, nationality, rule in (("1944-06", "british", "A25.55"), ("1943-12", "british", "A25.55"),
                                    ("1942-06", "free_french", "D5.1"), ("1943-11", "free_french", "D5.1")):
        pos = _crew_pos(make_position, "free_french", date=date)
        got = vcrew.crew_morale_of(pos, pos.units["a-v"])
        assert (got.source, got.nationality, got.rule) == ("nationality", nationality, rule), date
        assert got.value == au.nationality(nationality).traits["crew_morale"]["elite"]
        check = vcrewhit.check_decision(pos, pos.units["a-v"], "mc", 1, False)
        said = ", as the British (A25.55)" in check.prompt
        assert said == (rule == "A25.55"), date  # the crew's check says whose morale it took


def test_a25_55_a_free_french_vehicle_needs_the_scenario_date(make_position: Any) -> None:
    """A25.55 turns on the date: a scenario with a Free French vehicle and no options.date is refused on
    load, naming the key and the vehicle."""
    with pytest.raises(DataError, match=r"options\.date: needed: the vehicle 'a-v'.*A25\.55"):
        _crew_pos(make_position, "free_french")


def test_d5_1_the_vehicle_counters_crew_morale_overrides_the_nationality(make_position: Any) -> None:
    """The vehicle counter's own crew_morale (the owner's value) wins over the nationality data (D5.1), and
    an Armor Leader's morale over both (D3.42)."""
    pos = _crew_pos(make_position, "german", crew_morale=9)
    assert vcrew.crew_morale_of(pos, pos.units["a-v"]) == vcrew.CrewMorale(9, False, "counter")
    led = _crew_pos(make_position, "german", crew_morale=9, armor_leader="10-2")
    assert vcrew.crew_morale(led, led.units["a-v"]) == (10, False)
