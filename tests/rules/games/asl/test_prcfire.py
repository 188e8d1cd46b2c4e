"""Passengers' and riders' Bounding First Fire in their vehicle's own MPh (D3.3, prcfire.py), with the
halvings of firing from aboard (D6.1, D6.22, D6.63) and the bars around it (D.3, D3.3, D3.5, D6.5). The text
gives no worked example with numbers; the FP are the rules' own fractions applied to the printed FP of the
squads of test_mounted (4-6-7: 4 FP, 8-3-8: 8 FP)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position

from .test_armour import COUNTERS
from .test_mounted import fire_fp, make


def texts(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def test_d3_3_a_rider_fires_in_its_own_mph_at_a_target_that_is_not_moving(make_position: Any) -> None:
    """D3.3, D6.22: offered on the page like the vehicle's own Bounding Fire; 4 FP x1/2 mounted fire = 2; no
    FFNAM (the target does not move), a Bounding Fire counter on the firer."""
    pos = make(make_position, "MPh", "pz")
    assert "fire a-sq at F5" in texts(pos)
    total, working = fire_fp(pos, "fire a-sq at F5 dice 3,4")
    assert total == "2" and "mounted fire (D6.22)" in working
    res = pos.last_resolution
    assert res is not None and not any("FFNAM" in str(line.label) for line in res.lines)
    assert pos.units["a-sq"].has("bounding_fire") and not pos.units["a-sq"].has("prep_fire")
    assert pos.phase.id == "MPh"
    pos.push_text("answer dice 6,6")  # the target's pin check, taken in the MPh
    with pytest.raises(IllegalAction, match=r"already fired"):
        pos.push_text("fire a-sq at F5")


def test_d6_22_after_its_afv_moved_a_rider_fires_at_a_quarter(make_position: Any) -> None:
    """8 FP x1/2 mounted x1/2 moved = 2: no Advancing Fire halving in the MPh (A7.24 is the AFPh's)."""
    total, working = fire_fp(make(make_position, "MPh", "pz", markers=("entered",), squad="8-3-8"),
                             "fire a-sq at F5 dice 3,4")
    assert total == "2" and "moved or is in Motion (D6.22)" in working


def test_d6_63_halftrack_passengers_halved_as_bounding_fire_only_after_it_moved(make_position: Any) -> None:
    total, working = fire_fp(make(make_position, "MPh", "ht", squad="8-3-8"), "fire a-sq at F5 dice 3,4")
    assert total == "8" and "D6" not in working  # stopped and not moved: no halving at all (D6.63)
    total, working = fire_fp(make(make_position, "MPh", "ht", markers=("entered",), squad="8-3-8"),
                             "fire a-sq at F5 dice 3,4")
    assert total == "4" and "Bounding Fire after its vehicle moved (D6.63)" in working


def test_d6_1_truck_passengers_halved_for_mounted_fire_and_again_after_moving(make_position: Any) -> None:
    total, working = fire_fp(make(make_position, "MPh", "truck", markers=("entered",), squad="8-3-8"),
                             "fire a-sq at F5 dice 3,4")
    assert total == "2" and "mounted fire (D6.1)" in working and "(D6.63)" in working  # 8 x1/2 x1/2


def test_units_on_foot_still_do_not_fire_in_their_own_mph(make_position: Any) -> None:
    ground = {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "C4"}
    pos = make(make_position, "MPh", "pz", ground)
    assert not any(t.startswith("fire a-sq2") for t in texts(pos))
    with pytest.raises(IllegalAction):
        pos.push_text("fire a-sq2 at F5")


def test_d6_5_loaders_do_not_fire_and_firers_do_not_unload(make_position: Any) -> None:
    ground = {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "C5"}
    pos = make(make_position, "MPh", "truck", ground)
    pos.push_text("load a-sq2 into a-v")
    pos.push_text("answer pass")  # the defender's window at the loaders (A8.12, D5.43)
    with pytest.raises(IllegalAction, match=r"D6\.5"):
        pos.push_text("fire a-sq2 at F5")
    pos = make(make_position, "MPh", "truck")
    pos.push_text("fire a-sq at F5 dice 5,6")
    assert pos.decision is None
    with pytest.raises(IllegalAction, match=r"fired this phase.*D6\.5"):
        pos.push_text("unload a-v")


def test_d_3_after_prep_fire_neither_the_vehicle_nor_its_prc_fire_in_the_mph(make_position: Any) -> None:
    pos = make(make_position, "MPh", "pz", markers=("prep_fire",))
    with pytest.raises(IllegalAction, match=r"D\.3"):
        pos.push_text("fire a-sq at F5")


def test_d3_3_the_vehicle_still_moves_after_its_riders_fired(make_position: Any) -> None:
    pos = make(make_position, "MPh", "pz")
    pos.push_text("fire a-sq at F5 dice 5,6")
    assert pos.legal_actions.moves_for(frozenset({"a-v"}))


def test_d3_3_d3_5_no_afph_fire_for_the_vehicle_or_its_prc_after_bounding_first_fire(
        make_position: Any) -> None:
    tank = {"id": "b-t", "counter": "t", "side": "b", "hex": "C2", "markers": ["vca3"]}
    pos = make(make_position, "MPh", "pz", tank)
    pos.push_text("fire a-sq at F5 dice 5,6")
    while pos.phase.id != "AFPh":
        pos.push_text("end" if pos.decision is None else "answer pass")
    listed = texts(pos)
    assert not any(t.startswith("fire a-sq") or t.startswith("fire a-v") for t in listed)
    with pytest.raises(IllegalAction, match=r"Bounding First Fire.*D3\.3"):
        pos.push_text("fire a-v at C2")  # D3.5: the vehicle's fire was due in the MPh with its riders'
    with pytest.raises(IllegalAction, match=r"D3\.3"):
        pos.push_text("fire a-sq at F5")


def test_without_bounding_fire_the_prc_still_fire_in_the_afph(make_position: Any) -> None:
    """The bar is the Bounding Fire counter's, not the vehicle's being aboard (D3.3)."""
    pos = make(make_position, "AFPh", "pz")
    assert "fire a-sq at F5" in texts(pos)


def test_d2_37_riders_of_a_bypassing_tank_see_from_its_cafp(make_position: Any) -> None:
    """The tank bypasses woods H3 along its hexside with I4, heading SW (test_vbypass's D2.37 case): its
    riders fire at H6 in front, not at H1 beyond the woods, though H1 sees H3's centre dot across open H2."""
    from hexmate.rules.hexes import direction_between

    far = {"id": "b-x", "counter": "4-4-7", "side": "b", "hex": "L8"}
    probe: Position = make_position("asl", [far], "MPh", counters=COUNTERS)
    h3, i4 = probe.map.parse_label("H3"), probe.map.parse_label("I4")
    units = [{"id": "a-v", "counter": "pz", "side": "a", "hex": "H3",
              "markers": ["vca4", f"byp{direction_between(h3, i4)}"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "H3", "carrier": "a-v"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "H1"},
             {"id": "b-6", "counter": "4-4-7", "side": "b", "hex": "H6"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"H3": {"terrain": "woods"}})
    assert "fire a-sq at H6" in texts(pos) and "fire a-sq at H1" not in texts(pos)
    with pytest.raises(IllegalAction, match=r"CAFP.*D2\.37"):
        pos.push_text("fire a-sq at H1")
