"""FP of units aboard a vehicle (mounted.py): riders halved, quartered after their AFV moved or in Motion
(D6.22); passengers halved (D6.1, D6.72), halved again in Motion (D2.42); an armored halftrack's CE passengers
unhalved (D6.63), silent when it is BU (D6.61); the groups they may form (D6.64); their share of an OVR
(D7.11). The numbers are the rules' own fractions applied to a 4-FP squad."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import mounted

from .test_armour import COUNTERS

MORE = {**COUNTERS, "truck": {"type": "vehicle", "vehicle": "demo-truck-r"},
        "LMG": {"type": "sw", "sw": "mg", "fp": 2, "range": 6, "b": 12},
        "8-3-8": {"type": "squad", "fp": 8, "range": 3, "morale": 8, "broken_morale": 8}}


def make(make_position: Any, phase: str, vehicle: str, *extra: dict[str, Any], markers: tuple[str, ...] = (),
         squad: str = "4-6-7", **kw: Any) -> Position:
    units = [
        {"id": "a-v", "counter": vehicle, "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
        {"id": "a-sq", "counter": squad, "side": "a", "hex": "C5", "carrier": "a-v"},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "F5"},
        *extra,
    ]
    pos: Position = make_position("asl", units, phase, counters=MORE, **kw)
    return pos


def fire_fp(pos: Position, text: str) -> tuple[str, str]:
    """Fire and read the total FP on the IFT line and the squad's FP working."""
    pos.push_text(text)
    res = pos.last_resolution
    assert res is not None
    ift = next(line for line in res.lines if line.rule == "A7.3" and "column" in str(line.value))
    working = next(str(line.value) for line in res.lines if str(line.value).startswith("a-sq"))
    return str(ift.value).split(" FP")[0], working


def test_d6_22_a_rider_fires_at_half_fp(make_position: Any) -> None:
    pos = make(make_position, "PFPh", "pz")
    assert pos.parse_action("fire a-sq at F5") in pos.legal_actions
    total, working = fire_fp(pos, "fire a-sq at F5 dice 3,4")
    assert total == "2" and "mounted fire (D6.22)" in working  # 4 x1/2


def test_d6_22_a_rider_on_an_afv_that_moved_fires_at_a_quarter(make_position: Any) -> None:
    pos = make(make_position, "AFPh", "pz", markers=("entered",), squad="8-3-8")
    total, working = fire_fp(pos, "fire a-sq at F5 dice 3,4")
    assert total == "1" and "moved or is in Motion (D6.22)" in working  # 8 x1/2 x1/2 x1/2 AFPh (A7.24)
    pos = make(make_position, "PFPh", "pz", markers=("motion",))
    total, _ = fire_fp(pos, "fire a-sq at F5 dice 3,4")
    assert total == "1"  # in Motion: 4 x1/2 x1/2


def test_d6_1_truck_passengers_halved_and_d2_42_halved_again_in_motion(make_position: Any) -> None:
    total, working = fire_fp(make(make_position, "PFPh", "truck"), "fire a-sq at F5 dice 3,4")
    assert total == "2" and "passenger: mounted fire (D6.1)" in working
    total, working = fire_fp(make(make_position, "PFPh", "truck", markers=("motion",)),
                             "fire a-sq at F5 dice 3,4")
    assert total == "1" and "(D2.42)" in working


def test_d6_63_armored_halftrack_passengers_fire_unhalved_unless_bu(make_position: Any) -> None:
    total, working = fire_fp(make(make_position, "PFPh", "ht"), "fire a-sq at F5 dice 3,4")
    assert total == "4" and "D6" not in working
    pos = make(make_position, "PFPh", "ht", markers=("bu",))
    with pytest.raises(IllegalAction, match="buttoned-up"):
        pos.push_text("fire a-sq at F5")
    assert not any(a.text(pos.label).startswith("fire a-sq") for a in pos.legal_actions)


def test_d6_64_groups_and_d6_22_no_sw_for_riders(make_position: Any) -> None:
    ground = {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "C5"}
    lmg = {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C5", "carrier": "a-sq"}
    pos = make(make_position, "PFPh", "pz", ground, lmg)
    with pytest.raises(IllegalAction, match="fire group"):
        pos.push_text("fire a-sq,a-sq2 at F5")
    with pytest.raises(IllegalAction, match="riders use no support weapons"):
        pos.push_text("fire a-lmg at F5")
    ht = make(make_position, "PFPh", "ht", ground, lmg)
    assert ht.parse_action("fire a-sq,a-sq2 at F5") in ht.legal_actions  # CE halftrack passengers (D6.64)
    total, _ = fire_fp(ht, "fire a-lmg,a-sq at F5 dice 3,4")
    assert total == "6"  # an LMG and the squad from an armored halftrack: 2 + 4, unhalved


def test_d7_11_their_share_of_an_ovr(make_position: Any) -> None:
    pos = make(make_position, "MPh", "pz")
    share, steps = mounted.ovr_share(pos.units["a-v"], [pos.units["a-sq"]])
    assert share == 3 and steps[0][1] == "D7.11"  # a rider: 4 x1/4 x3
    ht = make(make_position, "MPh", "ht")
    assert mounted.ovr_share(ht.units["a-v"], [ht.units["a-sq"]])[0] == 6  # CE: 4 x1/2 x3
    pinned = pos.units["a-sq"].mark("pinned")
    assert mounted.ovr_share(pos.units["a-v"], [pinned])[0] == Fraction(3, 2)  # A7.8: halved
    assert mounted.ovr_share(pos.units["a-v"], [pinned.mark("broken")])[0] == 0  # A1.4
    bu = make(make_position, "MPh", "ht", markers=("bu",))
    assert mounted.ovr_share(bu.units["a-v"], [bu.units["a-sq"]])[0] == 0  # D6.61
    truck = make(make_position, "MPh", "truck")
    assert mounted.ovr_share(truck.units["a-v"], [truck.units["a-sq"]])[0] == Fraction(3)  # D6.72: 1/4 x3


def _leadership(pos: Position, text: str) -> list[str]:
    res = pos.resolve(pos.parse_action(text))
    return [line.value for line in res.lines if line.rule == "A7.53"]


def test_d6_65_a_leader_aboard_directs_his_halftrack_and_the_hex_only_while_it_has_not_moved(
        make_position: Any) -> None:
    """D6.65: a CE infantry leader aboard a halftrack directs the fire of the other units aboard it; he may
    direct another unit in the hex only if the halftrack neither entered a new hex this phase nor is in
    Motion."""
    ldr = {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C5", "carrier": "a-v"}
    ground = {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "C5"}
    pos = make(make_position, "PFPh", "ht", ldr, ground)
    assert _leadership(pos, "fire a-sq,a-ldr at F5 dice 3,4") == ["-1"]  # his fellow passengers
    assert _leadership(pos, "fire a-sq2,a-ldr at F5 dice 3,4") == ["-1"]  # a stopped halftrack: the hex too
    moving = make(make_position, "PFPh", "ht", ldr, ground, markers=("motion",))
    assert _leadership(moving, "fire a-sq,a-ldr at F5 dice 3,4") == ["-1"]
    assert _leadership(moving, "fire a-sq2,a-ldr at F5 dice 3,4") == []  # in Motion: not the unit outside
    assert mounted.may_direct(moving, moving.units["a-ldr"], [moving.units["a-sq"]])
    assert not mounted.may_direct(moving, moving.units["a-ldr"], [moving.units["a-sq2"]])


def test_d6_64_passengers_of_two_ce_halftracks_form_one_group(make_position: Any) -> None:
    """D6.64: CE halftrack passengers may join a fire group with the CE passengers of another halftrack
    (here in the adjacent hex D5, A7.5); a truck's passengers may not join them."""
    other = [{"id": "a-v2", "counter": "ht", "side": "a", "hex": "D5", "markers": ["vca0"]},
             {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "D5", "carrier": "a-v2"}]
    pos = make(make_position, "PFPh", "ht", *other)
    assert pos.parse_action("fire a-sq,a-sq2 at F5") in pos.legal_actions
    total, _ = fire_fp(pos, "fire a-sq,a-sq2 at F5 dice 3,4")
    assert total == "8"  # 4 + 4, each unhalved (D6.63), from C5 and D5 at ranges 3 and 2 (no PBF)
    truck = [{"id": "a-v2", "counter": "truck", "side": "a", "hex": "D5", "markers": ["vca0"]},
             {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "D5", "carrier": "a-v2"}]
    pos = make(make_position, "PFPh", "ht", *truck)
    with pytest.raises(IllegalAction, match="fire group"):
        pos.push_text("fire a-sq,a-sq2 at F5")
