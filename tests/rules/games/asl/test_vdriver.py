"""A stopped unarmed vehicle captured in the CCPh (A11.52) and its temporary driver (vdriver.py, A21.21):
the capturing MMC unaffected, the truck driving off in its captors' MPh; an SMC captor off the map while it
drives, back when the truck is abandoned. The demo truck (24 MP, demo values)."""

from __future__ import annotations

import dataclasses
from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, vdriver

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
