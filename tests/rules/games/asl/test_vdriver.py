"""A stopped unarmed vehicle captured in the CCPh (A11.52) and its temporary driver (vdriver.py, A21.21):
the capturing MMC unaffected, the truck driving off in its captors' MPh; an SMC captor off the map while it
drives, back when the truck is abandoned. The demo truck (24 MP, demo values)."""

from __future__ import annotations

import dataclasses
from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, vdriver, vreentry

from .test_armour import COUNTERS
from .test_vcapture import end_ccph

TRUCK = {**COUNTERS, "truck": {"type": "vehicle", "vehicle": "demo-truck-r"},
         "8-1": {"type": "leader", "morale": 8, "broken_morale": 7, "leadership": -1}}


def ccph(make_position: Any, *units: dict[str, Any], truck: tuple[str, ...] = ()) -> Position:
    pos: Position = make_position("asl", [
        {"id": "b-tr", "counter": "truck", "side": "b", "hex": "C5", "markers": ["vca0", *truck]},
        {"id": "b-far", "counter": "4-4-7", "side": "b", "hex": "L8"}, *units], "CCPh", counters=TRUCK)
    return pos


def test_a11_52_a_stopped_unarmed_truck_alone_with_enemy_infantry_is_captured(make_position: Any) -> None:
    """A11.52, A21.21: a's 4-6-7 with b's stopped truck and no b personnel there: at the CCPh's end the
    truck is a's, captured, with a temporary driver; the 4-6-7 is as it was (the MMC unaffected)."""
    pos = ccph(make_position, {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"})
    before = pos.units["a-sq"]
    end_ccph(pos)
    truck = pos.units["b-tr"]
    assert truck.side == "a" and truck.has("captured") and truck.has(vdriver.DRIVER)
    assert pos.units["a-sq"] == before


def test_a11_52_no_capture_in_motion_escorted_or_by_broken_infantry(make_position: Any) -> None:
    """A11.52: in Motion, or with b's own squad beside it, or with only a broken a squad there: b's still."""
    cases = [ccph(make_position, {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"},
                  truck=("motion",)),
             ccph(make_position, {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"},
                  {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "C5", "markers": ["melee"]}),
             ccph(make_position, {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5",
                                  "markers": ["broken"]})]
    for pos in cases:
        assert vdriver.start_of_ccph(pos.state).units["b-tr"].side == "b"


def test_a21_21_the_captured_truck_drives_off_in_its_captors_mph(make_position: Any) -> None:
    """A21.21: a's captured truck moves in a's MPh on its printed 24 MP (nothing halved), out of the
    Location where a's squad stays."""
    pos: Position = make_position("asl", [
        {"id": "b-tr", "counter": "truck", "side": "a", "hex": "C5",
         "markers": ["vca0", "captured", vdriver.DRIVER]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"},
        {"id": "b-far", "counter": "4-4-7", "side": "b", "hex": "L8", "markers": ["broken"]}], "MPh",
        counters=TRUCK)
    assert armour.budget(pos.units["b-tr"]) == 24
    pos.push_text("move b-tr C5-D5")
    while pos.decision is not None:  # facing: set back on its own hex (D2.11); reactions passed
        pos.push_text("answer hex D5" if pos.decision.then == "vfacing" else "answer pass")
    assert pos.label(pos.units["b-tr"].hex) == "D5" and pos.label(pos.units["a-sq"].hex) == "C5"


def test_a21_21_an_smc_captor_drives_it_off_the_map_and_is_back_when_it_is_abandoned(
        make_position: Any) -> None:
    """A21.21: a's 8-1 alone takes the truck: the leader is removed while it drives (off the map); in a's
    MPh the truck is abandoned (D5.41) and the 8-1 is back beneath it."""
    pos = ccph(make_position, {"id": "a-ldr", "counter": "8-1", "side": "a", "hex": "C5"})
    end_ccph(pos)
    truck = pos.units["b-tr"]
    assert truck.side == "a" and vdriver.smc_driver(truck) == "a-ldr"
    assert pos.units["a-ldr"].hex is None and pos.units["a-ldr"].has(vdriver.DRIVING)
    mph: Position = make_position("asl", [
        {"id": "b-tr", "counter": "truck", "side": "a", "hex": "C5",
         "markers": ["vca0", "captured", vdriver.DRIVER, "smc_driver:a-ldr"]},
        {"id": "a-ldr", "counter": "8-1", "side": "a", "hex": "C5", "markers": [vdriver.DRIVING]},
        {"id": "b-far", "counter": "4-4-7", "side": "b", "hex": "L8", "markers": ["broken"]}], "MPh",
        counters=TRUCK)
    off = dataclasses.replace(mph.units["a-ldr"], hex=None)  # a scenario places no unit off the map
    mph = mph.at(mph.state.with_unit(off))
    mph.push_text("move b-tr C5 as abandon")
    while mph.decision is not None:
        mph.push_text("answer pass")
    truck = mph.units["b-tr"]
    assert truck.has("abandoned") and vdriver.smc_driver(truck) is None
    assert mph.label(mph.units["a-ldr"].hex) == "C5" and not mph.units["a-ldr"].has(vdriver.DRIVING)


def melee_mph(make_position: Any, *stay: dict[str, Any]) -> Position:
    """a's captured truck in C5 (A21.21) with a's 4-6-7 aboard, b's 4-4-7 in Melee there (A11.71)."""
    pos: Position = make_position("asl", [
        {"id": "b-tr", "counter": "truck", "side": "a", "hex": "C5",
         "markers": ["vca0", "captured", vdriver.DRIVER]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "b-tr"},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "C5", "markers": ["melee"]}, *stay,
        {"id": "b-far", "counter": "4-4-7", "side": "b", "hex": "L8", "markers": ["broken"]}], "MPh",
        counters=TRUCK)
    return pos


def drive(pos: Position, path: str, end: str) -> None:
    pos.push_text(f"move b-tr {path}")
    while pos.decision is not None:
        pos.push_text(f"answer hex {end}" if pos.decision.then == "vfacing" else "answer pass")


def test_a11_71_with_a21_21_the_captors_ride_the_captured_truck_out_of_the_melee(make_position: Any) -> None:
    """A21.21, A11.71: the captured truck, never in Melee (A11.7), drives out of the Melee Location in a's MPh
    with its captors aboard; none of a's units stays, so b's squad there is no longer in Melee."""
    pos = melee_mph(make_position)
    drive(pos, "C5-D5-E5", "E5")
    assert pos.label(pos.units["b-tr"].hex) == "E5" and pos.units["a-sq"].carrier == "b-tr"
    assert pos.label(pos.units["a-sq"].hex) == "E5"
    assert not pos.units["b-sq"].has("melee")


def test_a11_71_a_unit_left_in_the_melee_holds_the_enemy_in_it(make_position: Any) -> None:
    """A11.71: a's other squad stays in the Melee: b's squad is still in Melee with it."""
    pos = melee_mph(make_position, {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C5",
                                    "markers": ["melee"]})
    drive(pos, "C5-D5", "D5")
    assert pos.label(pos.units["a-sq"].hex) == "D5"
    assert pos.units["b-sq"].has("melee") and pos.units["a-2"].has("melee")


def smc_driven(make_position: Any) -> Position:
    """a's captured truck in C5 driven by a's 8-1 (off the map meanwhile, A21.21), a's 4-6-7 beside it at
    the start of a's MPh."""
    pos: Position = make_position("asl", [
        {"id": "b-tr", "counter": "truck", "side": "a", "hex": "C5",
         "markers": ["vca0", "captured", vdriver.DRIVER, "smc_driver:a-ldr"]},
        {"id": "a-ldr", "counter": "8-1", "side": "a", "hex": "C5", "markers": [vdriver.DRIVING]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"},
        {"id": "b-far", "counter": "4-4-7", "side": "b", "hex": "L8", "markers": ["broken"]}], "MPh",
        counters=TRUCK)
    off = dataclasses.replace(pos.units["a-ldr"], hex=None)  # a scenario places no unit off the map
    return pos.at(pos.state.with_unit(off))


def test_a21_21_a_new_crew_entering_the_truck_brings_its_smc_driver_back(make_position: Any) -> None:
    """A21.21 with D5.42: the SMC is off the map until the vehicle has a new crew: a's 4-6-7, in the truck's
    Location since the MPh began, enters it as its crew (all its MF); the 8-1 is back beneath the truck, the
    squad is inside as its driver, and the truck still drives off."""
    pos = smc_driven(make_position)
    pos.push_text("load a-sq into b-tr")
    top = pos.decision
    assert top.then == "vnewcrew" and top.choices == ("crew", "ride") and top.rule == "A21.21"
    pos.push_text("answer crew")
    while pos.decision is not None:
        pos.push_text("answer pass")
    truck = pos.units["b-tr"]
    assert vdriver.smc_driver(truck) is None and truck.has(vdriver.DRIVER) and truck.has("captured")
    assert "a-sq" not in pos.units  # inside, the inherent crew (D5.42)
    assert pos.label(pos.units["a-ldr"].hex) == "C5" and not pos.units["a-ldr"].has(vdriver.DRIVING)
    drive(pos, "C5-D5", "D5")
    assert pos.label(pos.units["b-tr"].hex) == "D5" and pos.label(pos.units["a-ldr"].hex) == "C5"


def test_a21_21_a_mmc_riding_as_a_passenger_leaves_the_smc_driving(make_position: Any) -> None:
    pos = smc_driven(make_position)
    pos.push_text("load a-sq into b-tr")
    pos.push_text("answer ride")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert pos.units["a-sq"].carrier == "b-tr" and vdriver.smc_driver(pos.units["b-tr"]) == "a-ldr"
    assert pos.units["a-ldr"].hex is None


def test_d5_42_a_squad_that_moved_this_mph_is_no_new_crew(make_position: Any) -> None:
    """D5.42: the new crew must begin its MPh in the vehicle's Location: a squad that came in this MPh may
    only ride (no question asked)."""
    pos = smc_driven(make_position)
    pos = pos.at(pos.state.replace(moved=("a-sq",)))
    assert not vreentry.may_crew(pos, pos.parse_action("load a-sq into b-tr"))
