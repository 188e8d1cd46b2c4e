"""D6.65: an infantry leader aboard an armored halftrack directs a Close Combat in which other units aboard
take part, not one without them, and not while BU (D6.61); units outside it in its hex only while it is not
in Motion (mounted.may_direct_cc, cc.leader_drm). The 9-1's -1 is the counter's (A11.141)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position

from .test_mounted import MORE


def ccph(make_position: Any, *ht: str) -> Position:
    """a's halftrack in C5 with a 9-1 and a 4-6-7 aboard, a's 4-6-7 on foot there, b's 4-4-7 there."""
    units = [
        {"id": "a-v", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0", *ht]},
        {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C5", "carrier": "a-v"},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-v"},
        {"id": "a-g", "counter": "4-6-7", "side": "a", "hex": "C5"},
        {"id": "b-cc", "counter": "4-4-7", "side": "b", "hex": "C5"},
    ]
    pos: Position = make_position("asl", units, "CCPh", counters=MORE)
    top = pos.decision
    assert top is not None and top.side == "b"
    pos.push_text("answer done")  # b designates first here (A11.31) and passes
    return pos


def _attack(pos: Position, names: str) -> set[tuple[str, str, str]]:
    top = pos.decision
    assert top is not None and top.side == "a" and top.then == "cc_group"
    pos.push_text(f"answer units {names},b-cc")
    pos.push_text("answer dice 3,4")
    res = pos.last_resolution
    assert res is not None
    return {(str(line.label), str(line.value), line.rule) for line in res.lines}


def test_d6_65_leader_aboard_directs_a_cc_of_the_other_passengers(make_position: Any) -> None:
    """D6.65: the 9-1 and the 4-6-7 aboard attack together: the 9-1's -1 modifies the CC DR (A11.141)."""
    said = _attack(ccph(make_position), "a-ldr,a-sq")
    assert ("leadership (a-ldr)", "-1", "A11.141") in said


def test_d6_65_no_direction_of_a_cc_without_other_passengers(make_position: Any) -> None:
    """D6.65: the 9-1 aboard attacks with the 4-6-7 on foot only: no other passenger takes part, no -1."""
    said = _attack(ccph(make_position), "a-ldr,a-g")
    assert not any(label.startswith("leadership") for label, _, _ in said)


def test_d6_65_with_a_passenger_and_a_unit_outside_only_while_not_in_motion(make_position: Any) -> None:
    """D6.65: the 9-1 aboard, the 4-6-7 aboard and the 4-6-7 on foot: directed while the halftrack is stopped,
    not while it is in Motion."""
    said = _attack(ccph(make_position), "a-ldr,a-sq,a-g")
    assert ("leadership (a-ldr)", "-1", "A11.141") in said
    said = _attack(ccph(make_position, "motion"), "a-ldr,a-sq,a-g")
    assert not any(label.startswith("leadership") for label, _, _ in said)


def test_d6_61_a_bu_leader_aboard_makes_no_cc_attack(make_position: Any) -> None:
    """D6.61, D6.65: the halftrack BU: neither the 9-1 nor the 4-6-7 aboard is offered as a CC attacker."""
    pos = ccph(make_position, "bu")
    top = pos.decision
    assert top is not None and top.side == "a"
    assert "a-g" in top.units and "a-ldr" not in top.units and "a-sq" not in top.units
