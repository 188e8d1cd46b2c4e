"""MF spent in a Location without entering it (A8.12) in play: the Residual FP there attacks once the action
is complete (A8.2, A8.22), then the defender may First Fire at the unit there (A8.1), and only at it; the
Residual attacks it no second time in that Location (A8.22). Counters from the demo catalogue, a 4-6-7 given
a smoke exponent of 2, the IFT from the demo pack (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["4-6-7s"] = {**COUNTERS["4-6-7"], "smoke": 2}


def _residual_in_c3(make_position: Any) -> Any:
    """a-2 moves into C3, where a-1 stands; b-1's First Fire at it leaves Residual 2 there (4 FP, A8.2)."""
    units = [{"id": "a-1", "counter": "4-6-7s", "side": "a", "hex": "C3"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "B3"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C7"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-2 B3-C3")
    pos.push_text("fire b-1 at C3 dice 6,5")  # Final 9: no effect; a-1 did not move, so is not attacked
    assert pos.last_resolution.results == {"a-2": "-"}
    pos.push_text("answer pass")
    assert pos.decision is None
    return pos


def test_a8_12_smoke_grenades_in_place_residual_after_the_dr_then_first_fire(make_position: Any) -> None:
    """a-1 places smoke in its own C3 (1 MF, A24.1; dr 1 places it): the Residual 2 attacks it after the dr
    (A8.22), with the SMOKE +2 now there and FFNAM -1 (no FFMO): Original 5, Final 6, PTC on the 2 column;
    then b-2 may First Fire at a-1 in C3, and at a-1 alone."""
    pos = _residual_in_c3(make_position)
    pos.push_text("smoke a-1 at C3")
    assert pos.decision.then == "smoke_grenade"  # the action first (A8.22)
    pos.push_text("answer dice 1")
    top = pos.decision
    assert (top.then, top.arg("kind"), top.subject, top.side) == ("residual", "residual", ("a-1",), "b")
    assert top.prompt == "a-1 spent MF in C3, where Residual FP 2 lies: roll the IFT DR"
    pos.push_text("answer dice 3,2")
    text = pos.last_resolution.text()
    assert "SMOKE: +2 (A8.2)" in text and "First Fire at a moving unit (FFNAM): -1 (A4.6)" in text
    assert "2 FP -> 2 column, final DR 6 -> PTC" in text and "FFMO" not in text
    pos.push_text("answer dice 1,2")  # a-1 passes its pin check
    top = pos.decision
    assert (top.kind, top.side, top.rule, top.subject) == ("react", "b", "A8.12", ("a-1",))
    pos.push_text("fire b-2 at C3 dice 6,6")
    assert set(pos.last_resolution.results) == {"a-1"}  # A8.1: only the unit spending MF there
    with pytest.raises(IllegalAction, match=r"MF they spent here \(1\)"):  # one MF: one shot (A8.14, A9.2)
        pos.push_text("fire b-2 at C3 dice 6,6")
    pos.push_text("answer pass")
    assert pos.decision is None and pos.state.moving is None
    # A8.22: a-1 searches there next (1 MF more): that Residual attacks it no second time in C3
    pos.push_text("activate a-1 for search")
    pos.push_text("answer dice 1")
    while pos.decision is not None and pos.decision.then in ("search_skip", "search_casualty"):
        pos.push_text("answer decline" if pos.decision.then == "search_casualty" else
                      f"answer hex {pos.label(pos.decision.hexes[0])}")
    top = pos.decision
    assert (top.kind, top.rule, top.subject) == ("react", "A8.12", ("a-1",))  # no Residual roll before it


def test_a8_12_search_in_place_residual_then_first_fire(make_position: Any) -> None:
    """A12.152 with A8.12: a-1 searches where it stands (1 MF): once the Search is over, the Residual 2 in C3
    attacks it (Original 6, FFNAM and FFMO -2: Final 4, 1MC on the 2 column), then the window opens."""
    pos = _residual_in_c3(make_position)
    pos.push_text("activate a-1 for search")
    pos.push_text("answer dice 1")  # -1 for the squad's second HS-equivalent: Final 0, every hex searched
    while pos.decision is not None and pos.decision.then in ("search_skip", "search_casualty"):
        pos.push_text("answer decline" if pos.decision.then == "search_casualty" else
                      f"answer hex {pos.label(pos.decision.hexes[0])}")
    top = pos.decision
    assert (top.then, top.subject) == ("residual", ("a-1",))
    pos.push_text("answer dice 3,3")
    assert "2 FP -> 2 column, final DR 4 -> 1MC" in pos.last_resolution.text()
    pos.push_text("answer dice 1,2")  # the 1MC passed
    top = pos.decision
    assert (top.kind, top.rule, top.subject) == ("react", "A8.12", ("a-1",))


def test_a8_12_no_window_where_no_enemy_sees_and_no_residual(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7s", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "L8"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"D3": "woods", "D4": "woods",
                                                                          "C4": "woods", "B4": "woods",
                                                                          "B3": "woods", "C2": "woods",
                                                                          "D2": "woods", "B2": "woods"})
    pos.push_text("smoke a-1 at C3")
    pos.push_text("answer dice 4")
    assert pos.decision is None and pos.state.moving is None


def test_a8_12_units_unloaded_from_a_truck_may_be_first_fired_in_its_location(make_position: Any) -> None:
    """A8.12, D6.5: the squad unloaded beneath the stopped truck in C3 spent its MF there: b-1 may First
    Fire at it, now a target of its own (no longer aboard: A8.11), and at it alone."""
    counters = {**COUNTERS, "truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}
    units = [{"id": "a-t", "counter": "truck", "side": "a", "hex": "C3"},
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3", "carrier": "a-t"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C6"}]
    pos = make_position("asl", units, "MPh", counters=counters)
    pos.push_text("unload a-t")
    top = pos.decision
    assert (top.kind, top.side, top.rule, top.subject) == ("react", "b", "A8.12", ("a-1",))
    pos.push_text("fire b-1 at C3 dice 6,5")
    assert set(pos.last_resolution.results) == {"a-1"}
    assert "units aboard" not in pos.last_resolution.text()
    pos.push_text("answer pass")
    assert pos.decision is None and pos.state.moving is None


@pytest.mark.parametrize(("dice", "aboard"), [("6,5", True), ("4,2", False)])
def test_d5_43_loaders_are_fired_at_before_they_are_aboard(make_position: Any, dice: str,
                                                           aboard: bool) -> None:
    """A8.12, D6.4, D5.43: a-1 loads into the truck in C3 (1 MF there): b-1 First Fires at it as Infantry
    with FFNAM (and FFMO in the open): no effect (Original 11, Final 9) and it is aboard; a 2MC (Original 6,
    Final 4 on the 4 column) that breaks it keeps it out, its move spent all the same."""
    counters = {**COUNTERS, "truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}
    units = [{"id": "a-t", "counter": "truck", "side": "a", "hex": "C3"},
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C6"}]
    pos = make_position("asl", units, "MPh", counters=counters)
    pos.push_text("load a-1 into a-t")
    top = pos.decision
    assert (top.kind, top.then, top.subject) == ("react", "inplace_load", ("a-1",))
    assert pos.units["a-1"].carrier is None  # not aboard yet
    pos.push_text(f"fire b-1 at C3 dice {dice}")
    text = pos.last_resolution.text()
    assert "FFNAM" in text and "units aboard" not in text
    assert f"4 FP -> 4 column, final DR {'9 -> -' if aboard else '4 -> 2MC'}" in text
    while pos.decision is not None and pos.decision.kind != "react":
        pos.push_text("answer dice 6,6")  # its check fails: broken (or pinned)
    pos.push_text("answer pass")
    assert (pos.units["a-1"].carrier == "a-t") is aboard
    assert "a-1" in pos.state.moved


@pytest.mark.parametrize(("dice", "set_"), [("6,5", True), ("3,2", False)])
def test_a23_7_a_setter_under_hazardous_movement_fired_at_before_its_dr(make_position: Any, dice: str,
                                                                       set_: bool) -> None:
    """A23.7, A8.12, A4.62: the squad setting a DC in C3 (Open Ground) spends all its MF there under
    Hazardous Movement: b-1's 4 FP at it take -2 (and no FFNAM or FFMO): Original 11, Final 9, no effect,
    and its dr 3 (at most its US# 3) sets the DC; Original 5, Final 3 on the 4 column, K/1, and its MC failed:
    a broken setter sets nothing, its dr not even asked."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C6"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("fire a-dc at C3")
    assert (pos.decision.kind, pos.decision.then) == ("react", "inplace_dc")
    pos.push_text(f"fire b-1 at C3 dice {dice}")
    text = pos.last_resolution.text()
    assert "Hazardous Movement (setting a DC): -2 (A23.7)" in text and "FFNAM" not in text
    while pos.decision is not None and pos.decision.kind != "react":
        pos.push_text("answer dice 6,6")
    pos.push_text("answer pass")
    if set_:
        assert pos.decision.then == "dc_set"
        pos.push_text("answer dice 3")
        assert pos.units["a-dc"].has("set_dc")
    else:
        assert pos.decision is None and not pos.units["a-dc"].has("set_dc")


def test_a23_7_the_residual_attacks_a_setter_under_hazardous_movement_first(make_position: Any) -> None:
    """A8.2, A8.12, A4.62: the Residual 2 in C3 attacks a-1 setting its DC there before the dr, at -2 for
    Hazardous Movement and without FFNAM or FFMO: Original 8, Final 6, PTC on the 2 column."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "B3"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C7"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-2 B3-C3")
    pos.push_text("fire b-1 at C3 dice 6,5")  # leaves Residual 2 in C3
    pos.push_text("answer pass")
    pos.push_text("fire a-dc at C3")
    assert (pos.decision.then, pos.decision.subject) == ("residual", ("a-1",))
    pos.push_text("answer dice 5,3")
    text = pos.last_resolution.text()
    assert "Hazardous Movement: -2 (A4.62)" in text and "FFNAM" not in text and "FFMO" not in text
    assert "2 FP -> 2 column, final DR 6 -> PTC" in text


def test_a8_12_the_window_does_not_name_a_concealed_unit(make_position: Any) -> None:
    """A12: a concealed squad placing smoke seen only by a Good Order enemy 18 hexes away keeps its "?"
    (A12.141 within 16 hexes); the First Fire window every page reads names it only as "?"."""
    from hexmate.rules.games import get_game
    from hexmate.rules.scenario import Scenario

    from tests.rules.games.conftest import scenario_dict, small_map

    units = [{"id": "a-1", "counter": "4-6-7s", "side": "a", "hex": "S4", "concealed": True},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "A4"},
             {"id": "b-hmg", "counter": "HMGr", "side": "b", "hex": "A4", "carrier": "b-2"},
             {"id": "b-80", "counter": "8-0", "side": "b", "hex": "A4"}]
    scen = Scenario.from_dict(scenario_dict("asl", units, COUNTERS, "MPh"), source="test-scenario")
    pos = get_game("asl").new_position(scen, hex_map=small_map("asl", {}, columns=24))
    pos.push_text("smoke a-1 at S4")
    pos.push_text("answer dice 4")  # no smoke (exponent 2)
    top = pos.decision
    assert (top.kind, top.rule, top.subject) == ("react", "A8.12", ("a-1",)) and pos.units["a-1"].concealed
    assert str(top.prompt) == "? spent MF in S4 without leaving it: fire at it now or pass"


def test_a8_22_a_lower_drm_lets_the_residual_attack_again(make_position: Any) -> None:
    """A8.22's exception: attacked once in C3 by its Residual 2 at +1 (its own SMOKE +2, FFNAM -1), a-1 then
    spends more MF there setting a DC: the DRM is now 0 (SMOKE +2, Hazardous Movement -2, no FFNAM), lower,
    so the same Residual attacks it again (a plain second expenditure, as the Search above, does not)."""
    units = [{"id": "a-1", "counter": "4-6-7s", "side": "a", "hex": "C3"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "B3"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C7"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-2 B3-C3")
    pos.push_text("fire b-1 at C3 dice 6,5")  # leaves Residual 2 in C3
    pos.push_text("answer pass")
    pos.push_text("smoke a-1 at C3")
    pos.push_text("answer dice 1")  # the smoke is placed
    assert pos.decision.then == "residual"
    pos.push_text("answer dice 6,6")  # Final 13: no effect
    assert "Final DR: 12 +1 = 13" in pos.last_resolution.text()
    while pos.decision is not None:
        pos.push_text("answer pass")
    pos.push_text("fire a-dc at C3")
    assert (pos.decision.then, pos.decision.subject) == ("residual", ("a-1",))
    pos.push_text("answer dice 6,6")
    assert "Final DR: 12 +0 = 12" in pos.last_resolution.text()
