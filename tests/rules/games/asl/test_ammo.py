"""A19.131 Ammunition Shortage played through fire (ammo.py): the scenario option naming the sides, SW B#/X#
one lower with A.11 (and cumulative with Sustained Fire, A9.3), the Original 12 of a MMC's inherent FP
Replacing it (one MMC of a fire group, by Random Selection), no Residual FP after it (A8.221), no Fire Lane
(A19.131), a vehicle's gun with a circled B# one lower (D3.71). Demo counters and the demo IFT."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError
from hexmate.rules.games import Position
from hexmate.rules.games.asl import ammo
from hexmate.rules.games.asl import residual as rfp
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
SHORT = {"ammo_shortage": ["b"]}


def fire_board(make_position: Any, options: dict[str, Any] | None = None, *extra: dict[str, Any]) -> Position:
    """Side b fires in its PFPh from C6 at a 4-6-7 in C3."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "C6", "carrier": "b-1"}, *extra]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS, first_side="b", options=options)
    return pos


def test_a_11_example_b12_lowered_with_sustained_fire_and_ammunition_shortage() -> None:
    """A.11 and A19.131: a B12 LMG under Ammunition Shortage is B11 with its original 12 as X#; with Sustained
    Fire too (A9.3, cumulative, A.11) B9/X12; a DC and a captured SW are not lowered (A19.131, A21.11)."""
    lmg = {"breakdown": 12}
    assert au.breakdown(lmg, ammo_short=True) == au.Breakdown(11, 12, "A19.131, A.11")
    assert au.breakdown(lmg, ammo_short=True, sustained=True) == au.Breakdown(9, 12, "A9.3, A19.131, A.11")
    assert au.breakdown({"breakdown": 12, "sw": "dc"}, ammo_short=True).b == 12
    assert au.breakdown(lmg, ammo_short=True, captured=True).b == 10  # only the captured -2


def test_a19_131_an_original_11_malfunctions_the_short_lmg(make_position: Any) -> None:
    """A19.131, A9.7: the 4-6-7 and LMG roll an Original 11: without the shortage nothing breaks; under it the
    LMG's B11 is reached and it malfunctions."""
    plain = fire_board(make_position)
    plain.push_text("fire b-1,b-lmg at C3 dice 5,6")
    assert not plain.units["b-lmg"].has("malfunctioned")
    short = fire_board(make_position, SHORT)
    short.push_text("fire b-1,b-lmg at C3 dice 5,6")
    assert short.units["b-lmg"].has("malfunctioned")


def test_a19_131_an_original_12_removes_the_lmg_and_replaces_the_squad(make_position: Any) -> None:
    """A19.131, A.11, A19.13: an Original 12: the LMG's X12 removes it; the 4-6-7 that used its inherent FP is
    Replaced by its lower-quality 4-4-7, not broken."""
    pos = fire_board(make_position, SHORT)
    pos.push_text("fire b-1,b-lmg at C3 dice 6,6")
    assert "b-lmg" not in pos.units
    squad = pos.units["b-1"]
    assert squad.counter.name == "4-4-7" and not squad.has("broken")
    res = pos.last_resolution
    assert res is not None and ("Ammunition Shortage", "b-1 is Replaced by 4-4-7", "A19.131") in [
        (str(x.label), str(x.value), x.rule) for x in res.lines]


def test_a19_131_no_shortage_no_replacement(make_position: Any) -> None:
    """A19.131: the same 12 by a side not under Ammunition Shortage replaces nobody."""
    pos = fire_board(make_position, {"ammo_shortage": ["a"]})
    pos.push_text("fire b-1 at C3 dice 6,6")
    assert pos.units["b-1"].counter.name == "4-6-7"


def test_a19_131_a_mmc_with_nothing_lower_breaks(make_position: Any) -> None:
    """A19.131: a MMC that cannot be Replaced by a lower-quality unit (the Green 4-3-6) breaks instead."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-3-6", "side": "b", "hex": "C5"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, first_side="b", options=SHORT)
    pos.push_text("fire b-1 at C3 dice 6,6")
    assert pos.units["b-1"].has("broken")


def test_a19_131_one_mmc_of_a_fire_group_by_random_selection(make_position: Any) -> None:
    """A19.131: not every unit of the fire group is Replaced: Random Selection names one."""
    pos = fire_board(make_position, SHORT, {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C6"})
    pos.push_text("fire b-1,b-2 at C3 dice 6,6")
    top = pos.decision
    assert top is not None and top.then == ammo.PICK and set(top.units) == {"b-1", "b-2"}
    pos.push_text("answer units b-2")
    assert pos.units["b-2"].counter.name == "4-4-7" and pos.units["b-1"].counter.name == "4-6-7"


def mph_board(make_position: Any, options: dict[str, Any] | None) -> Position:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C6"},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-mmg", "counter": "MMG", "side": "b", "hex": "C6", "carrier": "b-2"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, options=options)
    return pos


def test_a8_221_a_short_12_leaves_no_residual(make_position: Any) -> None:
    """A8.221, A19.131: First Fire by a unit under Ammunition Shortage with an Original 12 leaves no Residual
    FP (the same fire by a side without it leaves 1: 4 FP cowering to the 2 column, A7.9)."""
    for options, left in ((None, [1]), (SHORT, [])):
        pos = mph_board(make_position, options)
        pos.push_text("move a-1 C1-C2")
        pos.push_text("fire b-1 at C2 dice 6,6")
        assert [r.fp for r in rfp.residuals(pos.state)] == left


def test_a19_131_no_fire_lane(make_position: Any) -> None:
    """A19.131: a side under Ammunition Shortage may not lay a Fire Lane: the question is not asked."""
    pos = mph_board(make_position, None)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-mmg at C2")
    assert pos.decision is not None and pos.decision.then == "lane_declare"
    short = mph_board(make_position, SHORT)
    short.push_text("move a-1 C1-C2")
    short.push_text("fire b-mmg at C2")
    assert short.decision is not None and short.decision.then != "lane_declare"


def test_a_7_a_short_sw_is_not_in_good_order_yet_fires_with_its_lowered_numbers(make_position: Any) -> None:
    """A.7 with A19.131: a SW under Ammunition Shortage is not in Good Order, yet it fires (A19.131 lowers its
    B#: the Original 11 malfunctions the B12 LMG, the test above); only A9.22 asks Good Order of it."""
    plain, short = fire_board(make_position), fire_board(make_position, SHORT)
    assert ammo.sw_good_order(plain, plain.units["b-lmg"])
    assert not ammo.sw_good_order(short, short.units["b-lmg"])
    short.push_text("fire b-1,b-lmg at C3 dice 2,3")
    assert short.last_resolution is not None and "b-lmg" in short.last_resolution.text()
    broken = fire_board(make_position, None)
    broken = broken.at(broken.state.with_unit(broken.units["b-1"].mark("broken")))
    assert not ammo.sw_good_order(broken, broken.units["b-lmg"])  # its possessor is not in Good Order


def test_a21_11_a_captured_mg_is_not_short_and_may_lay_a_lane(make_position: Any) -> None:
    """A21.11: a captured SW never suffers Ammunition Shortage: b's captured MMG stays in Good Order (A.7) and
    may lay a Fire Lane although b's OB is short (A19.131, A9.22)."""
    pos = mph_board(make_position, SHORT)
    pos = pos.at(pos.state.with_unit(pos.units["b-mmg"].mark("captured")))
    assert ammo.sw_good_order(pos, pos.units["b-mmg"])
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-mmg at C2")
    assert pos.decision is not None and pos.decision.then == "lane_declare"


def test_d3_71_with_a19_131_a_gun_gets_a_circled_b_one_lower(make_position: Any) -> None:
    """A19.131, D3.71: a vehicle gun with B12 counts as B11 circled: an Original TH DR of 11 is Low Ammo (not
    a malfunction); without the shortage nothing happens."""
    from .test_armour import COUNTERS as VEH
    from .test_armour import units

    for options, marked in ((None, False), ({"ammo_shortage": ["a"]}, True)):
        pos = make_position("asl", units(), "PFPh", counters=VEH, options=options)
        pos.push_text("fire a-pz at J5 dice 5,6")
        assert pos.units["a-pz"].has("low_ammo") is marked
        assert not pos.units["a-pz"].has("ma_malf")
    assert ammo.vehicle_breakdown(pos, "a", 10, True, False) == (10, True, True)  # circled: Low Ammo at start


def test_a19_131_bad_option_names_the_option(make_position: Any) -> None:
    pos = fire_board(make_position, {"ammo_shortage": 3})
    with pytest.raises(DataError, match=r"options\.ammo_shortage"):
        ammo.sides(pos)
