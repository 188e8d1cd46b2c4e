"""A8.1, A7.308, D6.7, D.8B: infantry Defensive First Fire at a moving truck and its passengers.

The text: non-ordnance direct fire at an unarmored vehicle is read on the IFT's vehicle line with the IFT DR
the infantry of its Location would get, less a TEM for infantry only (A7.308); in Defensive First Fire only
the moving units are attacked (A7.308, A8.1). A truck's passengers are always exposed and take the same DR as
a General Collateral attack unless the vehicle is destroyed (D6.7, D.8, D.8B), without FFNAM or FFMO (D.6);
FFNAM/FFMO are for moving infantry (A4.6), so not for the truck either. The attack leaves Residual FP of its
column even with a Kill DR at a vehicle (A8.2); a collateral attack leaves none of its own (D.8). The numbers
are the A7.308 example's: 8 FP, Original DR 7, the 8 column's Kill number 7: the truck immobilized, the HS
aboard 1MC; Original DR 3 (at most half the Kill number): a burning wreck, its passengers eliminated, no
collateral attack. Analogue board: the conftest's
small map; the 4-6-7 in E5 is adjacent to D5, so its 4 FP is doubled at Point Blank Range (A7.21)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games import Position
from hexmate.rules.games.asl import residual
from hexmate.rules.games.asl import units as au

from .test_vmgveh import COUNTERS as VEHICLES

COUNTERS: dict[str, Any] = {**{n: dict(v) for n, v in au.demo_catalogue().items()}, **VEHICLES}


def make(make_position: Any, *extra: dict[str, Any], passengers: bool = True) -> Position:
    units = [{"id": "a-tr", "counter": "truck", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "E5"}, *extra]
    if passengers:
        units.append({"id": "a-hs", "counter": "2-4-7", "side": "a", "hex": "C5", "carrier": "a-tr"})
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    return pos


def to_d5(pos: Position) -> None:
    """The truck moves C5-D5 (open ground); the windows before its entry into D5 are passed (D3.3)."""
    pos.push_text("move a-tr C5-D5")
    d5 = pos.map.parse_label("D5")
    while pos.state.moving is not None and pos.state.moving.here != d5:
        pos.push_text("answer pass")


def fire(pos: Position, dice: str) -> Any:
    offered = [a.text(pos.label) for a in pos.legal_actions if a.kind == "fire"]
    assert "fire b-1 at D5" in offered  # A8.1: offered in the window of the truck's entry
    pos.push_text("fire b-1 at D5")
    pos.push_text(f"answer dice {dice}")
    res = pos.last_resolution
    assert res is not None
    return res


def _said(res: Any, rule: str) -> list[str]:
    return [str(line.value) for line in res.lines if line.rule == rule]


def test_a7_308_dff_immobilizes_the_truck_and_attacks_its_hs(make_position: Any) -> None:
    """8 FP (4 doubled, A7.21), Original DR 3 + 4 = 7: the truck's Final DR 7 equals the 8 column's Kill
    number 7: immobilized; the HS aboard takes the 8 column with DR 7: 1MC (the A7.308 example's results),
    FFNAM and FFMO applying to neither (D.6, A4.6)."""
    pos = make(make_position)
    to_d5(pos)
    res = fire(pos, "3,4")
    assert "a-tr: Final DR 7, Kill number 7: immobilized" in _said(res, "A7.308")
    assert any("on a-hs: Final DR 7" in s for s in _said(res, "D.8B"))
    assert "8 FP -> 8 column, final DR 7 -> 1MC" in _said(res, "A7.3")
    assert res.results.get("a-hs") == "1MC"
    assert pos.units["a-tr"].has("immobilized")


def test_d8_a_burning_truck_takes_its_passengers_no_collateral(make_position: Any) -> None:
    """Original DR 1 + 2 = 3, at most half the Kill number 7: a burning wreck; its HS is eliminated with it
    and takes no collateral attack (D.8, A7.308)."""
    pos = make(make_position)
    to_d5(pos)
    res = fire(pos, "1,2")
    assert "a-tr: Final DR 3, Kill number 7: a burning wreck" in _said(res, "A7.308")
    assert any("destroyed by the same DR" in s for s in _said(res, "D.8"))
    assert "a-hs" not in res.results and "a-hs" not in pos.units
    assert pos.units["a-tr"].has("wreck") and pos.units["a-tr"].has("burning")


def test_a8_1_a_parked_truck_and_its_passengers_are_not_attacked(make_position: Any) -> None:
    """A7.308, A8.1: a second truck with a HS aboard parked in D5 is not a Defensive First Fire target:
    Original DR 2 + 4 = 6 destroys the moving truck (below 7) and leaves the parked one and its HS alone."""
    parked = [{"id": "a-tr2", "counter": "truck", "side": "a", "hex": "D5", "markers": ["vca0"]},
              {"id": "a-hs2", "counter": "2-4-7", "side": "a", "hex": "D5", "carrier": "a-tr2"}]
    pos = make(make_position, *parked, passengers=False)
    to_d5(pos)
    res = fire(pos, "2,4")
    assert _said(res, "A7.308")[-1] == "a-tr: Final DR 6, Kill number 7: destroyed"
    assert not any("a-tr2" in s for s in _said(res, "A7.308"))
    assert "a-hs2" not in res.results and not pos.units["a-tr2"].has("wreck")


def test_a4_6_a_lone_truck_on_the_vehicle_line_without_ffnam(make_position: Any) -> None:
    """A truck with nobody aboard: Original DR 4 + 3 = 7 on the 8 column: immobilized, not destroyed as a
    -1 FFNAM/-1 FFMO would make it (A4.6: those are for moving infantry)."""
    pos = make(make_position, passengers=False)
    to_d5(pos)
    res = fire(pos, "4,3")
    assert "a-tr: Final DR 7, Kill number 7: immobilized" in _said(res, "A7.308")
    assert pos.units["a-tr"].has("immobilized") and not pos.units["a-tr"].has("wreck")


@pytest.mark.parametrize(("dice", "passengers"), [("3,4", True), ("1,2", True), ("4,3", False)])
def test_a8_2_residual_fp_from_the_attack_on_the_truck(make_position: Any, dice: str,
                                                       passengers: bool) -> None:
    """A8.2: a Defensive First Fire leaves half its highest IFT column as Residual FP, a Kill DR at a vehicle
    too: the 8 column leaves 4 FP in D5, whether the truck is immobilized with its HS attacked (D.8B),
    burns with it (no collateral attack, D.8) or moves alone; the collateral attack adds none of its own."""
    pos = make(make_position, passengers=passengers)
    to_d5(pos)
    fire(pos, dice)
    d5 = pos.map.parse_label("D5")
    assert [(r.hex, r.fp, r.side) for r in residual.residuals(pos.state)] == [(d5, 4, "b")]


def test_d7_1_first_fire_at_an_overrunning_truck_comes_before_the_ovr(make_position: Any) -> None:
    """D7.1: Defensive First Fire at the MP a truck spends to enter an OVR hex is resolved before the OVR:
    the 4-6-7 in E5 fires at it as it enters D5, where a 4-4-7 of its side is overrun; Original DR 2 + 4 = 6
    on the 8 column (Kill number 7) destroys the truck and leaves the 4-4-7 unattacked (A8.1)."""
    pos = make(make_position, {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"}, passengers=False)
    pos.push_text("move a-tr C5-D5")
    res = fire(pos, "2,4")
    assert "a-tr: Final DR 6, Kill number 7: destroyed" in _said(res, "A7.308")
    assert "b-sq" not in res.results and not pos.units["b-sq"].has("broken")


def _worked(res: Any) -> list[tuple[str, str, str]]:
    return [(str(line.label), str(line.value), line.rule) for line in res.lines]


def test_a4_6_d6_the_lines_show_no_ffnam_or_ffmo_for_the_truck_and_its_hs(make_position: Any) -> None:
    """A4.6, D.6: the truck moves into open ground (FFMO would apply to moving infantry there) with a HS
    aboard; neither takes FFNAM nor FFMO, so no -1 line is printed and the Final DR is the Original 3 + 4 = 7
    with no DRM, the one the vehicle line and the collateral attack use."""
    pos = make(make_position)
    to_d5(pos)
    lines = _worked(fire(pos, "3,4"))
    assert not any("(FFNAM)" in label or "(FFMO)" in label for label, _, _ in lines)
    assert ("FFNAM/FFMO", "none for the moving vehicle a-tr", "A4.6") in lines
    assert ("FFNAM/FFMO", "none for the units aboard a-tr", "D.6") in lines
    assert ("Final DR", "7 +0 = 7", "A7.3") in lines
    assert ("units aboard a-tr", "General Collateral attack on a-hs: Final DR 7", "D.8B") in lines
    assert not any(rule == "D.6" and "taken off" in value for _, value, rule in lines)


def test_a4_6_a_lone_truck_says_why_no_ffnam_and_nobody_aboard(make_position: Any) -> None:
    """A4.6: the lone truck's Final DR 4 + 3 = 7 carries no FFNAM/FFMO and the lines say so, with no
    passenger line (D.6) and no collateral attack (D.8B)."""
    pos = make(make_position, passengers=False)
    to_d5(pos)
    lines = _worked(fire(pos, "4,3"))
    assert ("FFNAM/FFMO", "none for the moving vehicle a-tr", "A4.6") in lines
    assert ("Final DR", "7 +0 = 7", "A7.3") in lines
    assert not any(rule in ("D.6", "D.8B") for _, _, rule in lines)
