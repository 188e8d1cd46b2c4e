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


def _a20_55_example(make_position: Any) -> Any:
    """A20.55's example: a German 2-4-7 and a broken crew guarding three Russian squads (the crew is the
    guard: every prisoner is on it)."""
    units = [{"id": "a-hs", "counter": "2-4-7", "side": "a", "hex": "C3"},
             {"id": "a-crew", "counter": "2-2-8", "side": "a", "hex": "C3", "markers": ["broken"]},
             *({"id": f"b-{i}", "counter": "4-4-7r", "side": "b", "hex": "C3", "markers": ["prisoner"],
                "carrier": "a-crew"} for i in (1, 2, 3)),
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "H5"}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES)
    pos.push_text("end")  # the CCPh
    return pos


def test_a20_55_example_the_guard_is_attacked_and_the_half_squad_strikes_back(make_position: Any) -> None:
    """A20.55's example: two of the three squads pass their NTC and attack the broken guard alone at 1:1 (2:2)
    with -2; the broken guard may not attack but the HS strikes back at both at 1:1 (2:2); the squad that
    failed its NTC is unaffected. Both attacks fail: every unit there is in Melee (the example's next CCPh
    has all three prisoners attacked at 2:3), and the next CCPh's attempt needs no NTC."""
    pos = _a20_55_example(make_position)
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("escape", "b", "A20.55")
    pos.push_text("answer escape")
    for dice in ("2,3", "3,3", "6,5"):  # NTC vs morale 7: b-1 and b-2 pass, b-3 fails
        assert pos.decision is not None and pos.decision.then == "escape_ntc"
        pos.push_text(f"answer dice {dice}")
    top = pos.decision
    assert top is not None and top.then == "escape_cc" and top.subject == ("b-1", "b-2")
    pos.push_text("answer dice 4,5")  # 2:2 = 1:1, Kill Number 5 (demo values); 9 - 2 = 7: no effect
    res = pos.state.resolution
    assert res is not None and ("odds", "2:2") in {(line.label, line.value) for line in res.lines}
    top = pos.decision  # the HS strikes back; the broken crew may not (A11.16)
    assert top is not None and (top.then, top.side, top.subject) == ("escape_reply", "a", ("b-1", "b-2"))
    assert "a-hs" in top.prompt and "a-crew" not in top.prompt.split("strike")[0]
    pos.push_text("answer dice 4,4")  # 2:2 = 1:1, KN 5; 8: no effect
    res = pos.state.resolution
    assert res is not None and ("odds", "2:2") in {(line.label, line.value) for line in res.lines}
    for uid in ("a-hs", "a-crew", "b-1", "b-2", "b-3"):
        assert pos.units[uid].has("melee"), uid
    assert all(pos.units[u].has("prisoner") for u in ("b-1", "b-2", "b-3"))
    assert pos.units["b-3"].name == "4-4-7r"  # unaffected by the attacks


def test_a20_55_the_reply_can_kill_the_escapers(make_position: Any) -> None:
    """The HS's reply below the Kill Number eliminates the escaping prisoners; the guard side pays no
    penalty (A20.55)."""
    pos = _a20_55_example(make_position)
    pos.push_text("answer escape")
    for dice in ("2,3", "3,3", "6,5"):
        pos.push_text(f"answer dice {dice}")
    pos.push_text("answer dice 4,5")
    pos.push_text("answer dice 1,2")  # 3 < 5: both escaping squads eliminated
    assert "b-1" not in pos.units and "b-2" not in pos.units
    assert pos.units["b-3"].has("prisoner")


def test_a20_55_example_the_guard_and_the_half_squad_attacked_together(make_position: Any) -> None:
    """A20.55's example, the other way: the two prisoners attack the guard and the HS in one attack, 1:2
    (2 against 2 + 2), -2 against the broken guard only. Kill Number 4 (demo values fixed by A11.141's
    example); Original 5: the guard's 3 eliminates him, the HS's 5 does nothing; the HS then strikes back.
    A11.33: the prisoners attack first, so the guard they eliminated makes no reply; only the HS does."""
    pos = _a20_55_example(make_position)
    pos.push_text("answer escape")
    for dice in ("2,3", "3,3", "6,5"):
        pos.push_text(f"answer dice {dice}")
    top = pos.decision
    assert top is not None and top.then == "escape_cc" and top.choices == ("together",)
    pos.push_text("answer together")
    pos.push_text("answer dice 2,3")
    res = pos.state.resolution
    lines = {(line.label, line.value) for line in res.lines}
    assert ("odds", "2:4") in lines
    assert ("Final DR against a-crew", "3: KIA") in lines and ("Final DR against a-hs", "5: -") in lines
    assert "a-crew" not in pos.units
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("escape_reply", "a")
    pos.push_text("answer dice 5,6")  # the HS's 1:1 reply: no effect; the HS is still there: Melee
    assert pos.units["b-1"].has("melee") and pos.units["a-hs"].has("melee")
