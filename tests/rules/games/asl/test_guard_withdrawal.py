"""The guard's side withdrawing from a Melee held only by its prisoners (A11.2, A11.21 with A20.5, A20.53,
A20.55). The Location is A20.55's example after its first CCPh: a German 2-4-7 HS and the broken 2-2-8 crew
guarding three Russian prisoner squads, all in Melee. Counters from the demo catalogue; Kill Numbers from the
demo CCT (1:2 -> 4 fixed by A20.55's example, 3:2 -> 6 a demo value); the DRMs are A11.2's and A11.16's."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]


def _melee(make_position: Any, first_side: str = "a", guard_markers: tuple[str, ...] = ("broken",)) -> Any:
    units = [{"id": "a-hs", "counter": "2-4-7", "side": "a", "hex": "C3", "markers": ["melee"]},
             {"id": "a-crew", "counter": "2-2-8", "side": "a", "hex": "C3",
              "markers": ["melee", *guard_markers]},
             *({"id": f"b-{i}", "counter": "4-4-7r", "side": "b", "hex": "C3",
                "markers": ["prisoner", "melee"], "carrier": "a-crew"} for i in (1, 2, 3)),
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "H5"},
             {"id": "b-9", "counter": "4-4-7r", "side": "b", "hex": "J1"}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES, first_side=first_side)
    pos.push_text("end")  # the CCPh
    return pos


def _lines(pos: Any) -> set[tuple[str, str]]:
    return {(line.label, line.value) for line in pos.state.resolution.lines}


def test_a11_2_the_guard_is_never_offered_only_the_units_with_him(make_position: Any) -> None:
    """A11.2 lets every unpinned infantry unit in a Melee try to withdraw; A20.5 and A20.53 let a guard leave
    his prisoners only in his RPh or APh and not while in Melee with them: so the Good Order guard is not
    offered, the HS is, and the Germans (the ATTACKER) declare first, before the prisoners' escape."""
    pos = _melee(make_position, guard_markers=())
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("guard_withdraw", "a", "A11.2")
    assert top.units == ("a-hs",)


def test_a11_2_withdrawing_hs_attacked_with_the_guard_at_its_own_drm(make_position: Any) -> None:
    """The HS withdraws; the three prisoners attack the guard and the HS together (A20.55): 3:4, the 1:2
    column, Kill Number 4. Original 8 (4,4): against the broken guard -2 (A11.16) = 6; against the
    withdrawing HS -2 +1 (the guard, a friend staying) = -1 (A11.2) = 7: no effect. The HS makes no reply
    (A11.2) and the broken guard may not (A11.16): the prisoners stay in Melee with the guard, and the HS,
    neither eliminated nor reduced, has withdrawn: it is placed beside, out of the Melee (A11.21)."""
    pos = _melee(make_position)
    pos.push_text("answer units a-hs")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("escape", "b")
    pos.push_text("answer escape")
    pos.push_text("answer none")  # no prisoner withdraws
    top = pos.decision
    assert top is not None and top.then == "escape_cc"
    pos.push_text("answer together")
    pos.push_text("answer dice 4,4")
    lines = _lines(pos)
    assert ("odds", "3:4") in lines and ("Kill Number", "4") in lines
    assert ("a-hs withdrawing", "-1") in lines
    assert ("Final DR against a-crew", "6: -") in lines and ("Final DR against a-hs", "7: -") in lines
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("guard_leave_to", "a", "A11.21")
    c3 = pos.units["a-crew"].hex
    assert c3 not in top.hexes and top.hexes
    pos.push_text(f"answer hex {pos.label(top.hexes[0])}")
    hs = pos.units["a-hs"]
    assert hs.hex == top.hexes[0] and not hs.has("melee") and not hs.has("withdrawing")
    for uid in ("b-1", "b-2", "b-3"):
        assert pos.units[uid].has("prisoner") and pos.units[uid].has("melee")
    assert pos.units["a-crew"].has("melee")


def test_a20_55_guard_eliminated_and_hs_withdrawn_the_escape_succeeds(make_position: Any) -> None:
    """The HS withdraws; the prisoners attack the broken guard alone: 3:2, Kill Number 6 (demo); Original 4
    (2,2) -2 = 2: the guard is eliminated. The HS is unattacked and makes no reply; as it withdraws no enemy
    unit is left with the prisoners: their escape succeeds (A20.55), and the HS is placed beside."""
    pos = _melee(make_position)
    pos.push_text("answer units a-hs")
    pos.push_text("answer escape")
    pos.push_text("answer none")
    pos.push_text("answer dice 2,2")
    assert "a-crew" not in pos.units
    for uid in ("b-1", "b-2", "b-3"):
        b = pos.units[uid]
        assert not b.has("prisoner") and not b.has("melee") and b.carrier is None
    top = pos.decision
    assert top is not None and top.then == "guard_leave_to" and top.subject == ("a-hs",)
    pos.push_text(f"answer hex {pos.label(top.hexes[0])}")
    assert pos.units["a-hs"].hex == top.hexes[0]


def test_a11_2_no_escape_tried_the_hs_leaves_unattacked(make_position: Any) -> None:
    """The prisoners try no escape: no CC attack comes, so the withdrawing HS has withdrawn (A11.2)."""
    pos = _melee(make_position)
    pos.push_text("answer units a-hs")
    pos.push_text("answer none")  # the escape question
    top = pos.decision
    assert top is not None and top.then == "guard_leave_to"
    pos.push_text(f"answer hex {pos.label(top.hexes[0])}")
    assert pos.units["a-hs"].hex == top.hexes[0] and pos.units["a-crew"].hex != top.hexes[0]


def test_a11_2_prisoners_side_attacking_declares_first(make_position: Any) -> None:
    """In the Russians' CCPh the Russians (the ATTACKER) declare first (A11.2): escape, then which prisoners
    withdraw; only then do the Germans name their withdrawing units, before the prisoners' attack roll."""
    pos = _melee(make_position, first_side="b")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("escape", "b")
    pos.push_text("answer escape")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("escape_withdraw", "b")
    pos.push_text("answer none")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("guard_withdraw", "a")
    pos.push_text("answer units a-hs")
    top = pos.decision
    assert top is not None and top.then == "escape_cc"
    assert pos.units["a-hs"].has("withdrawing")


def test_a11_16_a_broken_unit_with_the_guard_must_try_to_withdraw(make_position: Any) -> None:
    """A11.16: the broken HS in the Melee (not a guard) must try to withdraw: it is not asked. The prisoners
    attack the Good Order guard and the HS together: 3 against 2 + 2, the 1:2 column, Kill Number 4;
    Original 6 (3,3): against the guard 6, no effect; against the HS -2 (broken, A11.16) -2 +1 (withdrawing,
    the guard staying) = 3, below 4: eliminated by the attack."""
    units = [{"id": "a-hs", "counter": "2-4-7", "side": "a", "hex": "C3", "markers": ["melee", "broken"]},
             {"id": "a-crew", "counter": "2-2-8", "side": "a", "hex": "C3", "markers": ["melee"]},
             *({"id": f"b-{i}", "counter": "4-4-7r", "side": "b", "hex": "C3",
                "markers": ["prisoner", "melee"], "carrier": "a-crew"} for i in (1, 2, 3)),
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "H5"},
             {"id": "b-9", "counter": "4-4-7r", "side": "b", "hex": "J1"}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES)
    pos.push_text("end")
    top = pos.decision
    assert top is not None and top.then == "escape"  # the broken HS was not asked: it must try
    assert pos.units["a-hs"].has("withdrawing")
    pos.push_text("answer escape")
    pos.push_text("answer none")
    pos.push_text("answer together")
    pos.push_text("answer dice 3,3")
    lines = {(line.label, line.value) for line in pos.state.resolution.lines}
    assert ("a-hs withdrawing", "-1") in lines and ("a-hs is broken", "-2") in lines
    assert "a-hs" not in pos.units


def test_a11_16_a_broken_withdrawer_reduced_has_failed_and_is_eliminated(make_position: Any) -> None:
    """A11.2, A11.16: the broken 4-6-7 with the guard must try to withdraw. The prisoners attack the guard
    and it together: 3 against 2 + 4, the 1:2 column, Kill Number 4. Original 7 (3,4): against the guard 7,
    no effect; against the squad -2 (broken) -1 (withdrawing, the guard staying) = 4: Casualty Reduced. A
    withdrawing unit reduced has not withdrawn (A11.2), and a broken one that fails is eliminated for failure
    to rout (A11.16): no broken HS is left in the Melee."""
    units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": ["melee", "broken"]},
             {"id": "a-crew", "counter": "2-2-8", "side": "a", "hex": "C3", "markers": ["melee"]},
             *({"id": f"b-{i}", "counter": "4-4-7r", "side": "b", "hex": "C3",
                "markers": ["prisoner", "melee"], "carrier": "a-crew"} for i in (1, 2, 3)),
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "H5"},
             {"id": "b-9", "counter": "4-4-7r", "side": "b", "hex": "J1"}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES)
    pos.push_text("end")
    pos.push_text("answer escape")
    pos.push_text("answer none")
    pos.push_text("answer together")
    pos.push_text("answer dice 3,4")
    lines = {(line.label, line.value) for line in pos.state.resolution.lines}
    assert ("odds", "3:6") in lines and ("Final DR against a-sq", "4: CR") in lines
    assert "a-sq" not in pos.units and "a-crew" in pos.units
