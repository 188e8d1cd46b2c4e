"""Street Fighting as CC Reaction Fire (street.py, A11.8, D7.211) from the D7.2 example, part 1 (T-CBT-10 of
the digest): a BU tank enters E3, a street (buildings on both sides of its road); the 4-4-7 and the leader
in the building D2 beside it street-fight: CCV 5 + 1 for the leader = 6, DRM +2 (moving) -1 (Street
Fighting ambush) -1 (leadership) = 0: an original 6 immobilizes it, 4 or 5 destroy it, 3 or less burn it,
7 or more fail; both then have First Fire and CC counters, and when the tank goes on into D3, also a
street, no unit adjacent may street-fight it any more. The example's board is drawn on the test board's
same hexes (D2 is NW of E3 there too); the tank is the demo German tank (demo values; BU, with MGs)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games import Position
from hexmate.rules.games.asl import street

from .test_armour import COUNTERS

HEXES = {
    "E4": {"terrain": "open", "road": ["N"]},
    "E3": {"terrain": "open", "road": ["S", "N", "SW"]},  # junction: its sides are NW, and NE-SE
    "E2": {"terrain": "open", "road": ["S"]},
    "D3": {"terrain": "open", "road": ["NE", "SW"]},  # a street too: D2 to its north, D4 to its south
    "D2": {"terrain": "wooden-building"},
    "F3": {"terrain": "stone-building"},
    "C4": {"terrain": "open", "road": ["NE", "S"]},
    "C5": {"terrain": "open", "road": ["N"]},
    "D4": {"terrain": "wooden-building"},
}


def board(make_position: Any, *extra: dict[str, Any], squad_markers: tuple[str, ...] = ()) -> Position:
    units = [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "E4", "markers": ["vca0"]},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D2", "markers": list(squad_markers)},
        {"id": "b-ldr", "counter": "9-1", "side": "b", "hex": "D2"},
        *extra,
    ]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, hexes=HEXES)
    return pos


def into_e3(pos: Position, path: str = "E4-E3") -> None:
    pos.push_text(f"move a-pz {path}")
    def waiting() -> bool:
        top = pos.decision
        return top is not None and top.kind == "react" and street.CHOICE not in top.choices

    while waiting():
        pos.push_text("answer pass")


def test_a11_8_street_geometry(make_position: Any) -> None:
    """A11.8: a road hex with buildings on both sides of its road: E3 (D2 on one side, F3 on the other), D3
    (D2 and D4); not C4, whose only building neighbour (D4) is on one side, nor E4, where the road ends."""
    pos = board(make_position)
    e3, d3, e4, c4 = (pos.map.parse_label(x) for x in ("E3", "D3", "E4", "C4"))
    assert street.is_street(pos, e3) and street.is_street(pos, d3)
    assert not street.is_street(pos, e4) and not street.is_street(pos, c4)


@pytest.mark.parametrize(("dice", "result"), [("3,3", "immobilized"), ("2,3", "destroyed"), ("1,2", "burns"),
                                              ("3,4", "none")])
def test_t_cbt_10_d7_2_street_fighting(make_position: Any, dice: str, result: str) -> None:
    """T-CBT-10 (D7.2 example, A11.8, D7.211): CCV 6, DRM 0; 6 immobilizes, 4-5 destroy, 3 or less burn."""
    pos = board(make_position)
    into_e3(pos)
    window = pos.decision
    assert window is not None and window.kind == "react" and window.side == "b"
    assert street.CHOICE in window.choices
    pos.push_text("answer street")
    assert pos.decision is not None and pos.decision.then == street.OFFER
    assert set(pos.decision.units) == {"b-sq", "b-ldr"}
    pos.push_text("answer units b-sq")
    assert pos.decision is not None and pos.decision.then == street.LEADER
    pos.push_text("answer units b-ldr")
    paatc = pos.decision
    assert paatc is not None and paatc.then == "ovr_paatc"  # A11.6: PAATC as usual (A11.8)
    pos.push_text("answer dice 2,3")  # passed
    cc = pos.decision
    assert cc is not None and cc.then == "ovr_cc"
    assert cc.arg("ccv") == "6" and cc.arg("drm") == "0"
    pos.push_text(f"answer dice {dice}")
    tank = pos.units["a-pz"]
    assert pos.label(tank.hex) == "E3"
    if result == "immobilized":
        assert tank.has("immobilized") and not tank.has("wreck")
    elif result == "destroyed":
        assert tank.has("wreck") and not tank.has("burning")
    elif result == "burns":
        assert tank.has("wreck") and tank.has("burning")
    else:
        assert not tank.has("wreck") and not tank.has("immobilized")
    for uid in ("b-sq", "b-ldr"):  # D7.21: First Fire, and the CC counter if the tank survived
        unit = pos.units[uid]
        assert pos.label(unit.hex) == "D2" and unit.has("first_fire")
        assert unit.has("cc_reacted") == (result in ("immobilized", "none"))


def test_t_cbt_10_no_street_fighting_once_first_fire_marked(make_position: Any) -> None:
    """T-CBT-10: after the failed attack the tank enters D3 (another street beside D2): every adjacent Soviet
    unit has a First Fire counter, so no Street Fighting (D7.211)."""
    pos = board(make_position)
    into_e3(pos, "E4-E3-D3")
    pos.push_text("answer street")
    pos.push_text("answer units b-sq")
    pos.push_text("answer units b-ldr")
    pos.push_text("answer dice 2,3")
    pos.push_text("answer dice 4,4")  # 8: fails
    while pos.decision is not None and pos.decision.kind == "react":
        assert street.CHOICE not in pos.decision.choices
        pos.push_text("answer pass")
    assert pos.label(pos.units["a-pz"].hex) == "D3"
    assert street.candidates(pos, "b") == []


def test_d7_211_barred_by_a_fired_sw_and_upper_levels(make_position: Any) -> None:
    """D7.211: a unit whose SW has a First Fire counter (the example's ATR) may not street-fight; A11.8: only
    infantry at ground level of the building."""
    atr = {"id": "b-atr", "counter": "atr", "side": "b", "hex": "D2", "carrier": "b-sq",
           "markers": ["first_fire"]}
    counters = {**COUNTERS, "atr": {"type": "sw", "fp": 1, "range": 6, "portage": 2}}
    units = [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "E4", "markers": ["vca0"]},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D2"},
        atr,
    ]
    pos: Position = make_position("asl", units, "MPh", counters=counters, hexes=HEXES)
    into_e3(pos)
    assert street.candidates(pos, "b") == []
    assert pos.decision is None or street.CHOICE not in pos.decision.choices


def test_d7_211_offered_again_in_the_next_street_if_not_used(make_position: Any) -> None:
    """The control of the test above: passing at E3, the units in D2 may street-fight the tank in D3."""
    pos = board(make_position)
    into_e3(pos, "E4-E3-D3")
    pos.push_text("answer pass")
    window = pos.decision
    assert window is not None and window.kind == "react" and street.CHOICE in window.choices
    assert pos.state.moving is not None and pos.label(pos.state.moving.here) == "D3"


def test_a11_8_street_fighting_a_vehicle_bypassing_the_obstacle(make_position: Any) -> None:
    """A11.8: a vehicle bypassing a woods or building hex is open to Street Fighting by the infantry inside
    that obstacle (no road needed); they are not overrun by it (D7.13)."""
    units = [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "J5", "markers": ["vca2", "motion"]},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "I5"},
    ]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"I5": {"terrain": "woods"}})
    pos.push_text("move a-pz J5-I5 as bypass")
    window = pos.decision
    assert window is not None and window.kind == "react" and street.CHOICE in window.choices
    pos.push_text("answer street")
    pos.push_text("answer units b-sq")
    pos.push_text("answer dice 2,3")  # PAATC passed
    cc = pos.decision
    assert cc is not None and cc.then == "ovr_cc"
    assert cc.arg("ccv") == "5" and cc.arg("drm") == "1"  # +2 moving, -1 Street Fighting ambush
