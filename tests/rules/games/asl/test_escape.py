"""Prisoners' escape through the game (A20.55, A20.551): in the CCPh, from a broken guard alone in his
Location, each prisoner passes a NTC and those that do attack him in CC with (1) FP each, -2 against a broken
unit (A11.16). Counters from the demo catalogue and the demo CCT (demo values)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]


def held_by_a_broken_guard(make_position: Any) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": ["broken"]},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "markers": ["prisoner"],
              "carrier": "a-1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "H5"}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES)
    pos.push_text("end")  # the CCPh
    top = pos.decision
    assert top is not None and top.then == "escape" and top.side == "b" and top.rule == "A20.55"
    return pos


def test_an_escape_that_eliminates_the_guard_frees_and_rearms(make_position: Any) -> None:
    pos = held_by_a_broken_guard(make_position)
    pos.push_text("answer escape")
    assert pos.decision is not None and pos.decision.then == "escape_ntc"
    pos.push_text("answer dice 2,3")  # NTC 5 <= 7
    assert pos.decision is not None and pos.decision.then == "escape_cc"
    pos.push_text("answer dice 1,2")  # 1:4 (1 FP against 4), Kill Number 3; 3 - 2 = 1 < 3
    assert "a-1" not in pos.units
    b1 = pos.units["b-1"]
    assert not b1.has("prisoner") and b1.carrier is None
    assert b1.name == "4-2-6" and not b1.has("unarmed")  # A20.551: rearmed as a Conscript squad


def test_a_failed_ntc_or_attack_leaves_them_prisoners(make_position: Any) -> None:
    pos = held_by_a_broken_guard(make_position)
    pos.push_text("answer escape")
    pos.push_text("answer dice 5,5")  # NTC 10 > 7: no attack
    assert pos.units["b-1"].has("prisoner")
    assert pos.decision is None or pos.decision.then != "escape_cc"
    pos = held_by_a_broken_guard(make_position)
    pos.push_text("answer escape")
    pos.push_text("answer dice 2,3")
    pos.push_text("answer dice 5,5")  # 10 - 2 = 8: no effect: in Melee with the guard (A20.55)
    b1 = pos.units["b-1"]
    assert b1.has("prisoner") and b1.has("melee") and pos.units["a-1"].has("melee")


def test_no_escape_from_a_good_order_guard_out_of_melee(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "markers": ["prisoner"],
              "carrier": "a-1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "H5"}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES)
    pos.push_text("end")
    assert pos.decision is None or pos.decision.then != "escape"
