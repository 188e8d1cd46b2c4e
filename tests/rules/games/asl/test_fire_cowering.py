"""A7.9 Cowering's counters (fire.cowered_marks): every unit of an attack that cowers, and the possessor of a
SW that cowers, takes the Prep Fire or Final Fire counter of the phase. The numbers come from A7.9 itself:
an undirected attack whose Original DR is doubles; the demo catalogue's counters (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def pos_with(make_position: Any, units: list[dict[str, Any]], phase: str) -> Any:
    return make_position("asl", units, phase, counters=COUNTERS)


SQUAD_LMG = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-1"}]
TWO_TARGETS = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"},
               {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "D3"}]


def test_a_sw_that_cowers_marks_its_possessor_prep_fire(make_position: Any) -> None:
    """A7.9: the squad whose LMG cowered takes the Prep Fire counter though it kept its own FP back, so it may
    not fire its inherent FP at another target this phase (A7.33 would allow that otherwise)."""
    pos = pos_with(make_position, SQUAD_LMG + TWO_TARGETS, "PFPh")
    pos.push_text("fire a-lmg at C4 dice 3,3")  # doubles, no leader: the LMG cowers
    assert "a-1 marked Prep Fire (A7.9)" in pos.last_resolution.text()
    assert pos.units["a-1"].has("prep_fire")
    pos.push_text("answer dice 2,3")  # b-1's PTC
    with pytest.raises(IllegalAction, match="already fired"):
        pos.push_text("fire a-1 at D3 dice 4,5")


def test_a_sw_that_does_not_cower_leaves_its_possessor_free(make_position: Any) -> None:
    """The same shot without doubles: the squad keeps its inherent FP for another target (A7.33)."""
    pos = pos_with(make_position, SQUAD_LMG + TWO_TARGETS, "PFPh")
    pos.push_text("fire a-lmg at C4 dice 3,4")
    assert not pos.units["a-1"].has("prep_fire")
    while pos.decision is not None:
        pos.push_text("answer dice 2,3")
    pos.push_text("fire a-1 at D3 dice 4,5")
    assert pos.units["a-1"].has("prep_fire")


def settle(pos: Any) -> None:
    """Answer the target's checks (passed: 2,3) up to the next reaction window, if any."""
    while pos.decision is not None and pos.decision.kind == "roll":
        pos.push_text("answer dice 2,3")


def mover_and_defender(make_position: Any) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C6"}]
    return pos_with(make_position, units, "MPh")


def test_a_cowering_first_fire_is_marked_final_fire(make_position: Any) -> None:
    """A7.9: a Defensive First Fire that cowers flips to Final Fire: no Subsequent First Fire at the next hex
    in normal range (A8.3), and no fire at all in the DFPh (A8.4), where a First Fire counter would still
    allow fire at an adjacent enemy."""
    pos = mover_and_defender(make_position)
    pos.push_text("move a-1 C1-C2-C3")
    pos.push_text("fire b-1 at C2 dice 2,2")  # doubles, undirected: cowers
    assert "b-1 marked Final Fire (A7.9)" in pos.last_resolution.text()
    assert pos.units["b-1"].has("final_fire") and not pos.units["b-1"].has("first_fire")
    settle(pos)
    pos.push_text("answer pass")
    # C3 is 3 hexes off: without Cowering b-1 could SFF there (A8.3); with a Final Fire counter, no window
    assert pos.decision is None or pos.label(pos.decision.target) != "C3"
    while pos.decision is not None:
        pos.push_text("answer pass")
        settle(pos)
    pos.push_text("end")  # -> DFPh
    with pytest.raises(IllegalAction, match="already fired"):
        pos.push_text("fire b-1 at C3 dice 4,5")


def test_a_first_fire_without_doubles_may_fire_again(make_position: Any) -> None:
    """The same First Fire without doubles keeps its First Fire counter: SFF at C3 is offered (A8.3)."""
    pos = mover_and_defender(make_position)
    pos.push_text("move a-1 C1-C2-C3")
    pos.push_text("fire b-1 at C2 dice 2,3")
    assert pos.units["b-1"].has("first_fire")
    settle(pos)
    pos.push_text("answer pass")
    assert pos.decision is not None and pos.label(pos.decision.target) == "C3"
