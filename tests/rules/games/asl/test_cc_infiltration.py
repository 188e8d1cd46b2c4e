"""Infiltration (A11.22): an Original CC DR of 2 lets the attacking infantry leave the Close Combat at once,
unattacked; one of 12 lets the attacked infantry it did not eliminate leave too. They are placed on an
adjacent Location like a withdrawal (A11.21), and a unit that leaves before its own attack forgoes it. An
Original 2 of an MMC's attack first brings a Leader Creation dr (A18.12): the leader created joins the attack
and may leave with it."""

from __future__ import annotations

from typing import Any

from tests.rules.games.asl.ccsteps import together


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _cc(make_position: Any, **a_extra: Any) -> Any:
    return make_position("asl", [_u("a-1", "E4", **a_extra), _u("b-1", "E4", "4-4-7", "b")], "CCPh")


def test_an_original_two_lets_the_attackers_leave_before_the_reply(make_position: Any) -> None:
    pos = _cc(make_position)
    pos.push_text("answer dice 1,1")  # Original 2: 4:4 = 1:1, KN 5: the Russian 4-4-7 is eliminated
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("cc_leader", "a", "A18.12")
    pos.push_text("answer dice 1")  # a leader is created and joins the attack (A18.12)
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("cc_infiltrate", "a", "A11.22")
    assert top.subject == ("a-1", "a-created1")


def test_infiltrating_attackers_are_not_attacked_and_are_placed_next_door(make_position: Any) -> None:
    units = [_u("a-1", "E4"), _u("b-1", "E4", "6-2-8", "b"), _u("b-2", "E4", "6-2-8", "b")]
    pos = make_position("asl", units, "CCPh")
    together(pos)
    pos.push_text("answer dice 1,1")  # 4 against 12: 1:3, read down to 1:4 (KN 3); Original 2 < 3
    pos.push_text("answer dice 1")  # the Leader Creation dr (A18.12): -2 for 1:4, a leader of -1 or better
    assert pos.decision is not None and pos.decision.then == "cc_infiltrate"
    pos.push_text("answer infiltrate")
    top = pos.decision  # no Russian attack: a-1 left unattacked; it is placed on a lit Location
    assert top is not None and (top.then, top.side) == ("cc_withdraw_to", "a")
    assert pos.label(pos.units["a-1"].hex) not in [pos.label(h) for h in top.hexes]
    assert not any(d.then == "cc" for d in pos.state.decisions)
    pos.push_text(f"answer hex {pos.label(top.hexes[0])}")
    assert pos.units["a-1"].hex == top.hexes[0] and not pos.units["a-1"].has("melee")
    assert pos.units["a-created1"].hex == top.hexes[0]
    assert "b-1" not in pos.units and "b-2" not in pos.units  # the attack's results stand


def test_staying_keeps_the_close_combat_simultaneous(make_position: Any) -> None:
    units = [_u("a-1", "E4"), _u("b-1", "E4", "6-2-8", "b"), _u("b-2", "E4", "6-2-8", "b")]
    pos = make_position("asl", units, "CCPh")
    together(pos)
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 1")  # the Leader Creation dr (A18.12)
    pos.push_text("answer stay")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc", "b")  # the Russians reply as usual


def test_an_original_twelve_lets_the_attacked_unit_leave_and_forgo_its_own_attack(make_position: Any) -> None:
    units = [_u("a-1", "E4"), _u("b-1", "E4", "4-4-7", "b")]
    pos = make_position("asl", units, "CCPh")
    pos.push_text("answer dice 6,6")  # the German attack: Original 12, no effect on the Russian squad
    top = pos.decision
    assert top is not None and (top.then, top.side, top.subject) == ("cc_infiltrate", "b", ("b-1",))
    pos.push_text("answer infiltrate")
    top = pos.decision  # the Russians forgo their attack: they are placed at once
    assert top is not None and (top.then, top.side) == ("cc_withdraw_to", "b")


def test_a_pinned_attacker_may_not_infiltrate(make_position: Any) -> None:
    pos = _cc(make_position, markers=["pinned"])
    pos.push_text("answer dice 1,1")  # 2 FP against 4: 1:2, KN 4; Original 2 eliminates, but a-1 is pinned
    pos.push_text("answer dice 1")  # the Leader Creation dr (A18.12): the leader created may leave, a-1 not
    top = pos.decision
    assert top is not None and top.then == "cc_infiltrate" and top.subject == ("a-created1",)
    pos.push_text("answer stay")
    top = pos.decision
    assert top is not None and top.then == "cc" and top.side == "b"
