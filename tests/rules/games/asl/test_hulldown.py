"""The HD Maneuver Attempt in play and firing from HD (D4.22, D4.221, D4.223).

Board: the test map with columns E-L one level up (a hill whose crest runs along the D/E hexsides); E5's crest
hexsides are those to D4 and D5. Counters: test_armour's demo tanks (demo values); the flame tank of test_vft.
The digest's D4.22 example needs board 2's artwork (2AA4, Y3...) and is not a test here; its numbers are the
table's, checked in test_table_and_drms."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, hulldown, vfire
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.hexes import direction_between

from .test_armour import pass_reactions
from .test_vft import FLAME

HILL = {f"{c}{r}": {"terrain": "open", "level": 1} for c in "EFGHIJKL" for r in range(1, 9)}


def make(make_position: Any, *extra: dict[str, Any], pz: str = "D5", phase: str = "MPh",
         markers: tuple[str, ...] = ()) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": pz, "markers": ["vca0", *markers]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "A5", "markers": ["vca1"]}, *extra]
    pos: Position = make_position("asl", units, phase, counters=FLAME, hexes=HILL)
    return pos


def to_crest(pos: Position) -> None:
    pos.push_text("move a-pz D5-E5")
    pass_reactions(pos)


def test_table_and_drms() -> None:
    """D4.22: drm +2 Soviet CT AFV, +1 BU, + leadership, -1 at setup; final dr <= 1: 3, 2: 2, 3: 1, 4+: 0."""
    assert vm.hd_drm(soviet_ct=True, buttoned=True) == 3
    assert vm.hd_drm(soviet_ct=False, buttoned=False, leadership=-1, setup=True) == -2
    assert [vm.hd_hexsides(dr, 0) for dr in (0, 1, 2, 3, 4, 6)] == [3, 3, 2, 1, 0, 0]
    assert hulldown.placements(frozenset({0, 1, 2, 3}), 3) == [(0, 1, 2), (1, 2, 3)]
    assert hulldown.placements(frozenset({0, 1}), 3) == [(0, 1)]  # never more than the crest's run
    assert hulldown.placements(frozenset({5, 0, 2}), 2) == [(2,), (5, 0)]


def test_attempt_succeeds_places_the_counter_and_stops(make_position: Any) -> None:
    """D4.22: the tank enters crest hex E5 (6 MP), declares the attempt (2 MP), BU German: drm +1; dr 1 -> 2:
    up to two hexsides, E5 has exactly two (to D4 and D5), so they are placed; then the stop MP (1):
    9 MP spent, its MPh over."""
    pos = make(make_position)
    to_crest(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing" and "hd" in top.choices
    pos.push_text("answer hd")
    top = pos.decision
    assert top is not None and top.then == "vhd" and top.dice == "dr" and top.arg("drm") == "1"
    pos.push_text("answer dice 1")
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    d4, d5 = pos.map.parse_label("D4"), pos.map.parse_label("D5")
    e5 = pos.map.parse_label("E5")
    assert hulldown.hd_sides(tank) == {direction_between(e5, d4), direction_between(e5, d5)}
    assert armour.spent_of(tank) == Fraction(9) and not tank.has("motion")
    assert "a-pz" in pos.state.moved
    hd, _ = vfire.hull_down(pos, pos.units["b-t"], tank)  # from A5, a level lower, through the crest
    assert hd


def test_attempt_fails_still_stops(make_position: Any) -> None:
    """D4.22: dr 3 +1 = 4: no HD, and the vehicle stops all the same."""
    pos = make(make_position)
    to_crest(pos)
    pos.push_text("answer hd")
    pos.push_text("answer dice 3")
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert not hulldown.hd_sides(tank) and armour.spent_of(tank) == Fraction(9) and "a-pz" in pos.state.moved


def test_not_offered_off_a_crest(make_position: Any) -> None:
    """D4.22: only in a crest hex (a neighbour lower)."""
    pos = make(make_position, pz="F5")
    pos.push_text("move a-pz F5-G5")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing" and "hd" not in top.choices


def test_hd_only_from_below_through_its_hexsides(make_position: Any) -> None:
    """D4.221: fire from the same level, or not across the HD hexsides, is not at an HD target."""
    pos = make(make_position, {"id": "b-t2", "counter": "t", "side": "b", "hex": "H5", "markers": ["vca4"]},
               pz="E5", phase="DFPh", markers=("hds4", "hds5"))
    tank = pos.units["a-pz"]
    assert hulldown.hd_sides(tank) == {4, 5}
    assert not vfire.hull_down(pos, pos.units["b-t2"], tank)[0]  # H5 is at level 1 too


def test_vca_change_and_start_remove_the_counter(make_position: Any) -> None:
    """D4.221: the HD counter goes as soon as the VCA changes."""
    pos = make(make_position, pz="E5", markers=("hds4", "hds5"))
    tank = pos.units["a-pz"]
    assert not hulldown.hd_sides(armour.with_facing(tank, 1))
    assert hulldown.hd_sides(armour.with_facing(tank, 0)) == {4, 5}


def test_firer_hd_bars_bow_weapons_not_the_ma(make_position: Any) -> None:
    """D4.223: a flame tank HD on the crest E5 toward infantry below in C5: its bow FT and BMG may not fire
    there (it has no other weapon but its MA); the same tank not HD fires its FT."""
    units = [{"id": "a-fl", "counter": "fl", "side": "a", "hex": "E5", "markers": ["vca3", "hds4", "hds5"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "C5"}]
    pos: Position = make_position("asl", units, "PFPh", counters=FLAME, hexes=HILL)
    fl = pos.units["a-fl"]
    assert hulldown.firer_hd(pos, fl, pos.map.parse_label("C5"))
    with pytest.raises(IllegalAction, match="hull down"):
        pos.push_text("fire a-fl at C5")
    units[0]["markers"] = ["vca3"]
    pos = make_position("asl", units, "PFPh", counters=FLAME, hexes=HILL)
    pos.push_text("fire a-fl at C5")
    pos.push_text("answer ft")
    top = pos.decision
    assert top is not None and top.then == "vft"


# --- D4.22's last paragraph: a bypassing vehicle; D4.221: the set-up attempt ---


def bypasser(make_position: Any, vca: int) -> Position:
    """The tank in F5 (on the hill), E5 beside it woods at the crest (its crest hexsides: to D4 and D5)."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "F5", "markers": [f"vca{vca}"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "A5", "markers": ["vca1"]}]
    hexes = {**HILL, "E5": {"terrain": "woods", "level": 1}}
    pos: Position = make_position("asl", units, "MPh", counters=FLAME, hexes=hexes)
    return pos


def test_d4_22_a_bypassing_vehicle_is_hd_only_behind_its_hexside_and_the_two_beside_it(
        make_position: Any) -> None:
    """D4.22: the tank bypasses E5 along its hexside with E6 (F5 facing E5-E6: start 1 + 2 x 1 = 3 MP); of
    E5's crest hexsides (to D4 and D5) only E5-D5 is joined to that hexside. The attempt (BU: +1), dr 1 ->
    final 2 would give two hexsides in the open, here only that one; then the stop: 3 + 2 + 1 = 6 MP."""
    from hexmate.rules.games.asl import vbypass

    pos = bypasser(make_position, 3)
    pos.push_text("move a-pz F5-E5 as bypass")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing" and top.rule == "D4.22"
    assert top.choices[:2] == ("keep", "hd")  # and the stop MP's turret turns (D2.321)
    pos.push_text("answer hd")
    top = pos.decision
    assert top is not None and top.then == "vhd" and top.arg("drm") == "1"
    pos.push_text("answer dice 1")
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    e5, d5 = pos.map.parse_label("E5"), pos.map.parse_label("D5")
    assert vbypass.across_of(tank) is not None
    assert hulldown.hd_sides(tank) == {direction_between(e5, d5)}
    assert armour.spent_of(tank) == Fraction(6) and "a-pz" in pos.state.moved


def test_d4_22_no_attempt_offered_bypassing_away_from_the_crest(make_position: Any) -> None:
    """D4.22: bypassing E5 along its hexside with F4 (F5 facing E5-F4), neither crest hexside is that one or
    beside it: no attempt; the tank just stops in bypass (D2.34), its turret turn aside (D2.321)."""
    pos = bypasser(make_position, 2)
    pos.push_text("move a-pz F5-E5 as bypass")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and "hd" not in top.choices and top.rule == "D2.321"
    pos.push_text("answer keep")
    pass_reactions(pos)  # D3.3: the stop MP's window
    assert pos.decision is None
    assert armour.spent_of(pos.units["a-pz"]) == Fraction(4)  # start 1, bypass 2, stop 1


def setup_hd(make_position: Any, ids: Any, pz: str = "E5") -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": pz, "markers": ["vca3"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "A5", "markers": ["vca1"]}]
    pos: Position = make_position("asl", units, "RPh", counters=FLAME, hexes=HILL, options={"hd_setup": ids})
    return pos


def test_d4_221_the_set_up_attempt_is_rolled_before_play_at_minus_one(make_position: Any) -> None:
    """D4.22, D4.221: the tank set up in crest hex E5 rolls before play: BU +1, set-up -1: drm 0; dr 2 gives
    up to two hexsides: E5's two crest hexsides, placed; no MP spent, nothing moved."""
    pos = setup_hd(make_position, ["a-pz"])
    top = pos.decision
    assert top is not None and top.then == "vhd" and top.arg("drm") == "0" and top.side == "a"
    pos.push_text("answer dice 2")
    tank = pos.units["a-pz"]
    e5 = pos.map.parse_label("E5")
    assert hulldown.hd_sides(tank) == {direction_between(e5, pos.map.parse_label(x)) for x in ("D4", "D5")}
    assert armour.spent_of(tank) == 0 and "a-pz" not in pos.state.moved and pos.decision is None


def test_d4_221_a_failed_set_up_attempt_leaves_it_not_hd(make_position: Any) -> None:
    """D4.22: dr 4 + 0: no HD; it stays where it was set up (D4.221: no second set-up)."""
    pos = setup_hd(make_position, ["a-pz"])
    pos.push_text("answer dice 4")
    tank = pos.units["a-pz"]
    assert not hulldown.hd_sides(tank) and pos.label(tank.hex) == "E5"


def test_d4_221_hd_setup_names_a_vehicle_in_a_crest_hex(make_position: Any) -> None:
    """A clear error naming the scenario and key: a vehicle not in a crest hex, or no such vehicle."""
    from hexmate.rules.errors import DataError

    with pytest.raises(DataError, match=r"options\.hd_setup: 'a-pz' is not set up in a crest hex"):
        setup_hd(make_position, ["a-pz"], pz="C5")
    with pytest.raises(DataError, match=r"options\.hd_setup: 'b-x' is no vehicle"):
        setup_hd(make_position, ["b-x"])
    with pytest.raises(DataError, match=r"options\.hd_setup must be a list"):
        setup_hd(make_position, "a-pz")


def test_d4_221_a_set_up_attempt_on_a_knoll_asks_which_hexsides_and_opens_no_fire_window(
        make_position: Any) -> None:
    """D4.221: the owner picks the hexsides: E5 alone one level up has six crest hexsides; a dr of 2 (+0)
    gives two contiguous ones, so the table asks for their centre (touch D5: E5-D5 and the next one
    clockwise); a set-up attempt spends no MP, so even in an MPh no Defensive First Fire window follows."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "E5", "markers": ["vca3"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "A5", "markers": ["vca1"]}]
    pos: Position = make_position("asl", units, "MPh", counters=FLAME, hexes={"E5": {"level": 1}},
                                  options={"hd_setup": ["a-pz"]})
    pos.push_text("answer dice 2")
    top = pos.decision
    assert top is not None and top.then == hulldown.PICK and len(top.hexes) == 6
    pos.push_text("answer hex D5")
    assert pos.decision is None
    sides = hulldown.hd_sides(pos.units["a-pz"])
    e5, d5 = pos.map.parse_label("E5"), pos.map.parse_label("D5")
    assert len(sides) == 2 and direction_between(e5, d5) in sides
    assert armour.spent_of(pos.units["a-pz"]) == 0


def test_d4_222_a_drop_of_two_levels_is_no_crest(make_position: Any) -> None:
    """D4.222: the height alone across a multi-level change (here columns E-L two levels up) does not make
    an HD hexside: entering E5 offers no attempt, and E5 has no crest hexside; one level up it has two."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "D5", "markers": ["vca0"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "A5", "markers": ["vca1"]}]
    high = {k: {**v, "level": 2} for k, v in HILL.items()}
    pos: Position = make_position("asl", units, "MPh", counters=FLAME, hexes=high)
    assert hulldown.crest_sides(pos, pos.map.parse_label("E5")) == frozenset()
    low = make(make_position)
    assert len(hulldown.crest_sides(low, low.map.parse_label("E5"))) == 2
    to_crest(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing" and "hd" not in top.choices


def test_d4_222_a_cliff_hexside_is_no_crest(make_position: Any) -> None:
    """D4.222: nor across a cliff: with cliffs on E5's two sides toward D4 and D5 a tank entering E5 is not
    offered the HD Maneuver Attempt."""
    cliffs = [{"hex": "E5", "side": side, "features": ["cliff"]} for side in ("NW", "SW")]
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "E4", "markers": ["vca3"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "A5", "markers": ["vca1"]}]
    pos: Position = make_position("asl", units, "MPh", counters=FLAME, hexes=HILL, hexsides=cliffs)
    e5 = pos.map.parse_label("E5")
    assert "cliff" in pos.map.hexside(e5, pos.map.parse_label("D4"))
    assert "cliff" in pos.map.hexside(e5, pos.map.parse_label("D5"))
    assert hulldown.crest_sides(pos, e5) == frozenset()
    pos.push_text("move a-pz E4-E5")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing" and "hd" not in top.choices
