"""A leader created in Close Combat re-resolves the simultaneous attacks (A18.12): unless a side infiltrates
(A11.22), both sides' attacks are worked out again, with their Original DRs, as though he had been there from
the start. The CCT's Kill Numbers are the demo chart's (1:2 -> 4 and 1:1 -> 5, the ones A20.55's and
A11.11's examples fix); the counters conftest's (4-6-7, 4-4-7: 4 FP each; an SMC 1 FP in CC, A11.14)."""

from __future__ import annotations

from typing import Any


def _cc(make_position: Any) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E4"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "E4"}]
    return make_position("asl", units, "CCPh")


def _to_creation(pos: Any) -> None:
    """The German 4-6-7 attacks first: 4:4 = 1:1, Kill Number 5, Original 5 (2,3): equal, the Russian squad
    is Casualty Reduced (A11.11), applied only at the end (simultaneity). The Russian reply rolls an
    Original 2 (1,1): the Leader Creation dr (A18.12) of 1 creates a leader, who joins the reply."""
    pos.push_text("answer dice 2,3")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc", "b")
    pos.push_text("answer dice 1,1")
    top = pos.decision
    assert top is not None and (top.then, top.rule) == ("cc_leader", "A18.12")
    pos.push_text("answer dice 1")
    assert "b-created1" in pos.units


def test_a18_12_the_first_attack_is_re_resolved_with_the_new_leader(make_position: Any) -> None:
    """A18.12: the Russians stay (no Infiltration): the German attack is worked again with its Original 5 as
    though the leader had been with the squad: 4 against 4 + 1 = 4:5, the 1:2 column, Kill Number 4: 5 is
    above it, no effect. The squad, reduced before the leader came, is not; the German squad is eliminated by
    the reply (Original 2 and the leader's DRM, below 5)."""
    pos = _cc(make_position)
    _to_creation(pos)
    top = pos.decision
    assert top is not None and top.then == "cc_infiltrate"
    pos.push_text("answer stay")
    lines = [(str(line.label), str(line.value), line.rule) for line in pos.state.resolution.lines]
    assert any(rule == "A18.12" and label.startswith("re-resolved with b-created1")
               for label, _, rule in lines)
    assert ("Kill Number", "4", "A11.11") in lines
    assert "a-1" not in pos.units
    b1 = pos.units["b-1"]
    assert b1.counter.name == "4-4-7" and "b-created1" in pos.units


def test_a18_12_no_re_resolution_when_the_creators_infiltrate(make_position: Any) -> None:
    """A18.12's exception (A11.22): the Russians infiltrate out on their Original 2: the German attack stands
    as first worked, and the squad leaves reduced to its HS."""
    pos = _cc(make_position)
    _to_creation(pos)
    pos.push_text("answer infiltrate")
    res = pos.state.resolution
    assert res is None or not any(str(line.label).startswith("re-resolved") for line in res.lines)
    while pos.decision is not None and pos.decision.then != "cc_withdraw_to":
        pos.push_text("answer done")
    top = pos.decision
    assert top is not None and top.then == "cc_withdraw_to"
    assert pos.units["b-1"].counter.name == "2-2-7"


def test_a18_12_the_attacks_still_to_roll_have_the_new_leader_among_their_targets(make_position: Any) -> None:
    """A18.12 the other way round: the German attack, first, rolls the Original 2 and creates the leader; the
    Russian reply (simultaneous: b-1 still attacks though eliminated) is on the 4-6-7 and the leader with it:
    4 against 4 + 1 = 4:5, the 1:2 column, Kill Number 4. Its Original 5 (2,3), which at 1:1 would have
    reduced the 4-6-7, has no effect."""
    pos = _cc(make_position)
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 1")  # the Leader Creation dr: a leader
    assert "a-created1" in pos.units
    pos.push_text("answer stay")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc", "b") and "a-created1" in top.prompt
    pos.push_text("answer dice 2,3")
    lines = [(str(line.label), str(line.value)) for line in pos.state.resolution.lines]
    assert ("Kill Number", "4") in lines
    assert pos.units["a-1"].counter.name == "4-6-7" and "a-created1" in pos.units
