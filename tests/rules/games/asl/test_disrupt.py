"""Disrupted units (A19.12): no chosen rout, no Low Crawl (unless No Quarter, A20.3), and elimination when
still in Melee at the end of the CCPh. Counters from the test catalogue."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import disrupt, rout


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def test_a19_12_a_disrupted_dm_unit_that_need_not_rout_stays(make_position: Any) -> None:
    # test_rout's A10.5 case (a DM unit far from the enemy may rout or stay), the unit Disrupted now
    units = [_u("a-1", "E4", markers=["broken", "dm", "disrupted"]), _u("b-1", "K8", "4-4-7", "b")]
    pos = make_position("asl", units, "AFPh", hexes={"E4": "woods", "B2": "woods"})
    pos.push_text("end")
    assert pos.phase.id == "APh" and pos.label(pos.units["a-1"].hex) == "E4"


def test_a19_12_a_disrupted_unit_in_open_ground_routs_but_never_low_crawls(make_position: Any) -> None:
    # test_rout's case: broken in Open Ground at E4 in the LOS and normal range of b-1: it must rout (A10.531
    # is A19.12's exception), to the woods at I4, and the Low Crawl one hex away is not open to it
    units = [_u("a-1", "E4", markers=["broken", "disrupted"]), _u("b-1", "C4", "4-4-7", "b")]
    pos = make_position("asl", units, "AFPh", hexes={"I4": "woods"})
    pos.push_text("end")
    top = pos.decision
    assert pos.phase.id == "RtPh" and top is not None and top.then == "rout"
    assert {pos.label(h) for h in top.hexes} == {"I4"}


def test_a19_12_the_same_unit_not_disrupted_may_low_crawl(make_position: Any) -> None:
    units = [_u("a-1", "E4", markers=["broken"]), _u("b-1", "C4", "4-4-7", "b")]
    pos = make_position("asl", units, "AFPh", hexes={"I4": "woods"})
    assert len(rout.destinations(pos, pos.units["a-1"])) > 1


def test_a20_3_no_quarter_lets_a_disrupted_unit_low_crawl(make_position: Any) -> None:
    units = [_u("a-1", "E4", markers=["broken", "disrupted"]), _u("b-1", "C4", "4-4-7", "b")]
    pos = make_position("asl", units, "AFPh", hexes={"I4": "woods"})
    assert {pos.label(h) for h in rout.destinations(pos, pos.units["a-1"])} == {"I4"}
    gs = pos.state.game
    view = pos.at(pos.state.replace(game=gs.replace(no_quarter=("b",))))  # b refused quarter (A20.3)
    assert disrupt.may_low_crawl(view, view.units["a-1"])
    assert len(rout.destinations(view, view.units["a-1"])) > 1


def test_a19_12_a_disrupted_unit_still_in_melee_is_eliminated_at_ccph_end(make_position: Any) -> None:
    units = [_u("a-1", "E4", markers=["melee"]), _u("a-2", "G4", markers=["melee"]),
             _u("b-1", "E4", "4-4-7", "b", markers=["melee", "broken", "disrupted"]),
             _u("b-2", "G4", "4-4-7", "b", markers=["melee", "broken"])]
    pos = make_position("asl", units, "CCPh")
    state = disrupt.end_of_ccph(pos.state)
    assert "b-1" not in state.units and "b-2" in state.units and "a-1" in state.units


def test_a19_12_end_of_ccph_through_the_game(make_position: Any) -> None:
    units = [_u("a-1", "E4", markers=["melee"]),
             _u("b-1", "E4", "4-4-7", "b", markers=["melee", "broken", "disrupted"])]
    pos = make_position("asl", units, "CCPh")
    assert pos.decision is not None and pos.decision.then == "cc_withdraw"
    pos.push_text("answer stay")  # A11.2: a-1 stays in the Melee (b-1, Disrupted, may not withdraw)
    while pos.phase.id == "CCPh" and pos.decision is not None and pos.decision.then == "cc":
        pos.push_text("answer dice 6,5")  # an 11: no one eliminated, the Melee goes on
    if pos.phase.id == "CCPh":
        pos.push_text("end")
    assert pos.phase.id != "CCPh"
    assert "b-1" not in pos.units and "a-1" in pos.units


def _entry(make_position: Any, phase: str, start: str = "C1") -> Any:
    units = [_u("a-1", start), _u("b-s", "C3", "4-4-7", "b", markers=["broken", "disrupted"])]
    return make_position("asl", units, phase)


def _answer_reactions(pos: Any) -> None:
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def test_a19_12_a_move_may_enter_a_disrupted_units_location_and_it_surrenders(make_position: Any) -> None:
    pos = _entry(make_position, "MPh")
    pos.push_text("move a-1 C1-C2-C3")  # A4.14 bars no entry here: the only enemy is Disrupted
    _answer_reactions(pos)
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("surrender", "a", "A19.12")
    assert top.units == ("a-1",) and top.subject == ("b-s",)
    pos.push_text("answer units a-1")
    assert pos.units["b-s"].has("prisoner") and pos.units["b-s"].carrier == "a-1"


def test_a19_12_passing_through_takes_the_prisoners_along(make_position: Any) -> None:
    pos = _entry(make_position, "MPh")
    pos.push_text("move a-1 C1-C2-C3-C4")
    _answer_reactions(pos)
    pos.push_text("answer units a-1")
    assert pos.label(pos.units["b-s"].hex) == "C4" and pos.units["b-s"].has("prisoner")  # with its guard


def test_a19_12_the_surrender_on_entry_may_be_refused(make_position: Any) -> None:
    pos = _entry(make_position, "MPh")
    pos.push_text("move a-1 C1-C2-C3")
    _answer_reactions(pos)
    pos.push_text("answer refuse")  # A20.3: No Quarter, the Disrupted unit is eliminated
    assert "b-s" not in pos.units and "a" in pos.game.gstate(pos.state).no_quarter


def test_a19_12_an_advance_into_its_location_takes_its_surrender(make_position: Any) -> None:
    pos = _entry(make_position, "APh", start="C2")
    pos.push_text("advance a-1 C2-C3")
    top = pos.decision
    assert top is not None and (top.then, top.rule) == ("surrender", "A19.12")
    pos.push_text("answer units a-1")
    assert pos.units["b-s"].has("prisoner")


def test_a4_14_a_broken_unit_not_disrupted_still_bars_the_move(make_position: Any) -> None:
    units = [_u("a-1", "C1"), _u("b-s", "C3", "4-4-7", "b", markers=["broken"])]
    pos = make_position("asl", units, "MPh")
    with pytest.raises(IllegalAction, match=r"A4\.14"):
        pos.push_text("move a-1 C1-C2-C3")
