"""ASL Close Combat (A11): odds rounded to the CCT's columns, Kill Numbers, simultaneity, the Random Selection
of a Casualty Reduction, broken targets, ambush, Melee, and the ATTACKER's choice of Location order. The
numbers are the rulebook's worked examples (A11.11, A11.14, A11.4, A11.622)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import cc

from tests.rules.games.asl.ccsteps import together

COUNTERS_EXTRA = {
    "8-1": {"type": "leader", "morale": 8, "broken_morale": 7, "leadership": -1},
    "4-4-7s": {"type": "squad", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7, "stealthy": 1},
}


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _counters() -> dict[str, Any]:
    from tests.rules.games.conftest import ASL_COUNTERS

    return {**ASL_COUNTERS, **COUNTERS_EXTRA}


@pytest.mark.parametrize(
    ("attack", "defence", "column"),
    [
        (7, 4, "3:2"),
        (11, 2, "4:1"),
        (4, 15, "1:4"),
        (12, 4, "3:1"),
        (5, 8, "1:2"),
        (8, 5, "3:2"),
        (5, 16, "1:4"),
    ],
)
def test_odds_round_down_to_a_printed_column(
    make_position: Any, attack: int, defence: int, column: str
) -> None:
    # A11.11: 7:4 -> 3:2, 11:2 -> 4:1, 4:15 -> 1:4; two 6-2-8 against a 4-6-7 are 12:4; A11.14's 5:8 and 8:5
    pos = make_position("asl", [_u("a-1", "C3"), _u("b-1", "J8", "4-4-7", "b")], "APh")
    keys = pos.charts.chart("cct").axis("odds").keys
    assert cc.odds_column(keys, Fraction(attack, defence)) == column


def test_kill_numbers_fixed_by_the_examples_are_in_the_demo_pack(make_position: Any) -> None:
    pos = make_position("asl", [_u("a-1", "C3"), _u("b-1", "J8", "4-4-7", "b")], "APh")
    chart = pos.charts.chart("cct")
    assert [chart.lookup(odds=k) for k in ("1:4", "1:2", "1:1", "3:2")] == [
        3,
        4,
        5,
        6,
    ]  # A11.622, 11.14, 11.11


def _a11_14(make_position: Any) -> Any:
    """A11.14's first example: a German 4-6-7 with an 8-1 against two Russian 4-4-7 in one Location."""
    units = [
        _u("a-sq", "E4"),
        _u("a-81", "E4", "8-1"),
        _u("b-1", "E4", "4-4-7", "b"),
        _u("b-2", "E4", "4-4-7", "b"),
    ]
    return make_position("asl", units, "CCPh", counters=_counters())


def _designate_together(pos: Any) -> None:
    """Both sides take the table's default: one attack by all against all (A11.12's first way)."""
    for side in ("a", "b"):
        top = pos.decision
        assert top is not None and top.then == "cc_group" and top.side == side
        pos.push_text("answer together")


def test_a11_14_example_german_attack_below_the_kill_number_eliminates_both(make_position: Any) -> None:
    """A11.141's first example (T-11.141a): 4-6-7 + 8-1 against two 4-4-7."""
    pos = _a11_14(make_position)
    _designate_together(pos)
    top = pos.decision
    assert top is not None and top.kind == "roll" and top.then == "cc" and top.side == "a"
    pos.push_text("answer dice 2,2")  # 5:8 -> 1:2, KN 4; Original 4 - 1 (8-1) = 3 < 4
    res = pos.state.resolution
    assert res is not None and res.results == {"b-1": "KIA", "b-2": "KIA"}
    assert any(line.rule == "A11.141" and line.value == "-1" for line in res.lines)
    # simultaneous (A11.12): the eliminated Russians still attack, 8:5 -> 3:2, KN 6
    assert pos.decision is not None and pos.decision.side == "b" and "b-1" in pos.units
    pos.push_text("answer dice 3,3")  # Original 6 = KN: one unit Casualty Reduced, by Random Selection
    top = pos.decision
    assert top is not None and top.kind == "units" and set(top.units) == {"a-sq", "a-81"}
    pos.push_text("answer units a-sq")
    assert "b-1" not in pos.units and "b-2" not in pos.units
    assert pos.units["a-sq"].name == "2-4-7"  # A7.302: the squad becomes its HS
    assert pos.phase.id != "CCPh"  # nothing left to fight: the phase is over
    assert str(pos.replay()) == str(pos)


def test_a11_14_example_original_5_casualty_reduces_and_6_does_nothing_for_the_germans(
    make_position: Any,
) -> None:
    pos = _a11_14(make_position)
    _designate_together(pos)
    pos.push_text("answer dice 2,3")  # 5 - 1 = 4 = KN 4: one Russian squad reduced
    assert pos.state.resolution is not None and set(pos.state.resolution.results.values()) == {"CR"}
    pos.push_text("answer dice 4,4")  # Russian 8 > 6: no effect
    top = pos.decision
    assert top is not None and top.kind == "units" and top.side == "b"
    pos.push_text("answer units b-2")
    assert pos.units["b-2"].name == "2-2-7" and pos.units["b-1"].name == "4-4-7"
    # both sides' infantry remain: Melee (A11.15); it may not move away
    assert all(u.has("melee") for u in pos.units.values())


def test_a11_622_broken_targets_get_minus_2(make_position: Any) -> None:
    # 5 FP (4-6-7 + 8-0) against 16 (two 6-2-8 and a 4-4-7): 1:4, KN 3; Original 5 reduces the broken
    # (5 - 2 = 3) and leaves the unbroken alone (A11.16, A11.622's example)
    units = [
        _u("a-sq", "E4"),
        _u("a-80", "E4", "8-0"),
        _u("b-0", "E4", "6-2-8", "b", markers=["broken"]),
        _u("b-1", "E4", "6-2-8", "b", markers=["broken"]),
        _u("b-2", "E4", "4-4-7", "b"),
    ]
    pos = make_position("asl", units, "APh", counters=_counters())
    e4 = pos.units["a-sq"].hex
    res, results = cc.work(pos, e4, "a", (2, 3))
    assert results == {"b-0": "CR", "b-1": "CR", "b-2": "-"}
    assert any(line.rule == "A11.16" for line in res.lines)
    assert any("5:16, rounded down to 1:4" in line.value for line in res.lines)
    # a broken unit may not attack, but defends with its full FP (A11.16)
    assert [u.id for u in cc.attackers(pos, e4, "b")] == ["b-2"]


def test_a11_4_ambush_drm_example(make_position: Any) -> None:
    # a concealed stealthy squad with a CX 8-0: -2 concealed, -1 stealthy, +1 CX = -2 (A11.4's example)
    units = [
        _u("a-sq", "E4", "4-4-7s", concealed=True),
        _u("a-80", "E4", "8-0", markers=["cx"]),
        _u("b-1", "E5", "4-4-7", "b"),
    ]
    pos = make_position("asl", units, "APh", counters=_counters())
    drm, lines = cc.ambush_drm(pos, pos.units["a-sq"].hex, "a")
    assert drm == -2 and {line.rule for line in lines} >= {"A11.4", "A11.17"}


def test_a11_4_each_ambush_condition_counts_once_however_many_units_meet_it(make_position: Any) -> None:
    # A11.4: a drm applies when only some of the side's units qualify; "each" in the CX/Lax/broken/pinned/
    # berserk row is each condition. Two CX squads and a pinned one: +1 CX, +1 pinned = +2 (not +3)
    units = [
        _u("a-1", "E4", "4-6-7", markers=["cx"]),
        _u("a-2", "E4", "4-6-7", markers=["cx"]),
        _u("a-3", "E4", "4-6-7", markers=["pinned"]),
        _u("b-1", "E5", "4-4-7", "b"),
    ]
    pos = make_position("asl", units, "APh", counters=_counters())
    drm, lines = cc.ambush_drm(pos, pos.units["a-1"].hex, "a")
    assert drm == 2
    assert sorted(line.value for line in lines if line.rule == "A11.4") == ["+1", "+1"]


def test_advance_into_woods_rolls_for_ambush_and_the_ambusher_strikes_first(make_position: Any) -> None:
    units = [_u("a-1", "E4"), _u("b-1", "E5", "4-4-7", "b")]
    pos = make_position("asl", units, "APh", hexes={"E5": "woods"})
    pos.push_text("advance a-1 E4-E5")
    pos.push_text("end")  # the APh is over; the CCPh opens with the ambush dr (A11.4)
    top = pos.decision
    assert pos.phase.id == "CCPh" and top is not None and top.then == "cc_ambush" and top.side == "a"
    pos.push_text("answer dice 1")
    pos.push_text("answer dice 5")  # 1 is 3 or more below 5: the attacker ambushes
    assert pos.state.resolution is not None and "a" in pos.state.resolution.summary
    top = pos.decision  # A11.41: the ambusher may withdraw before the attacks; it stays
    assert top is not None and (top.then, top.side, top.choices) == ("cc_ambush_withdraw", "a",
                                                                     ("withdraw", "stay"))
    pos.push_text("answer stay")
    top = pos.decision
    assert top is not None and top.then == "cc" and top.side == "a"
    pos.push_text("answer dice 2,2")  # 4:4 = 1:1, KN 5; 4 - 1 ambush = 3: eliminated before it may reply
    assert "b-1" not in pos.units
    assert pos.phase.id != "CCPh" and not pos.units["a-1"].has("melee")


def test_the_attacker_picks_the_order_of_locations(make_position: Any) -> None:
    units = [_u("a-1", "E4"), _u("b-1", "E4", "4-4-7", "b"), _u("a-2", "G4"), _u("b-2", "G4", "4-4-7", "b")]
    pos = make_position("asl", units, "CCPh")
    top = pos.decision
    assert top is not None and top.kind == "hexes" and top.side == "a" and top.rule == "A11.12"
    pos.push_text("answer hex G4")
    assert pos.decision is not None and pos.decision.target == pos.units["a-2"].hex
    pos.push_text("answer dice 6,5")
    pos.push_text("answer dice 6,5")  # both survive (an 11, not the 12 of A11.22): Melee at G4; then E4
    assert pos.units["a-2"].has("melee") and pos.decision is not None
    assert pos.decision.target == pos.units["a-1"].hex


def test_units_in_melee_may_not_move_or_rout(make_position: Any) -> None:
    units = [_u("a-1", "E4", markers=["melee"]), _u("b-1", "E4", "4-4-7", "b", markers=["melee", "broken"])]
    pos = make_position("asl", units, "MPh")
    with pytest.raises(IllegalAction, match=r"A11\.15"):
        pos.push_text("move a-1 E4-E5")
    from hexmate.rules.games.asl import rout

    assert not rout.must_rout(pos, pos.units["b-1"])  # A11.16


def test_a_concealed_ambusher_is_never_named_to_the_enemy_and_keeps_its_concealment(
    make_position: Any,
) -> None:
    units = [_u("a-1", "E4"), _u("b-1", "E5", "4-4-7", "b", concealed=True)]
    pos = make_position("asl", units, "APh", hexes={"E5": "woods"})
    pos.push_text("advance a-1 E4-E5")
    pos.push_text("end")
    seen: list[str] = []

    def look() -> None:
        top = pos.decision
        if top is not None:
            seen.extend([top.prompt, *top.subject, *top.units])
        if pos.state.resolution is not None:
            shown = pos.state.resolution.to_dict(viewer="a")
            seen.extend([shown["summary"], *shown["results"], *(line["label"] for line in shown["lines"])])

    for answer in ("answer dice 6", "answer dice 1", "answer stay", "answer dice 1,2"):
        look()
        pos.push_text(answer)  # a: 6; b: 1 - 2 concealed = -1, 7 below: b ambushes (A11.4) and strikes first
    look()
    assert "a-1" not in pos.units  # 4:4 = 1:1, KN 5; 3 - 1 ambush = 2: eliminated before it may reply
    assert pos.units["b-1"].concealed  # an ambusher that eliminates its targets keeps its "?" (A11.4)
    assert not any("b-1" in text for text in seen), seen


COUNTERS_658 = {"6-5-8": {"type": "squad", "fp": 6, "range": 5, "morale": 8, "broken_morale": 8}}


def _a11_example(make_position: Any) -> Any:
    # the text's example after A11.41: a German 6-5-8 advanced into a concealed Russian 4-4-7's woods; the
    # ambush drs gave nothing; the Russian must say whether it attacks (A11.19)
    units = [_u("a-1", "E4", "6-5-8"), _u("b-1", "E5", "4-4-7", "b", concealed=True)]
    pos = make_position("asl", units, "APh", hexes={"E5": "woods"}, counters={**_counters(), **COUNTERS_658})
    pos.push_text("advance a-1 E4-E5")
    pos.push_text("end")
    pos.push_text("answer dice 3")  # German ambush dr
    pos.push_text("answer dice 3")  # Russian ambush dr 3 - 2 concealed = 1: not 3 below 3: no ambush
    top = pos.decision
    assert top is not None and top.kind == "units" and top.side == "b" and top.rule == "A11.19"
    return pos


@pytest.mark.parametrize(
    ("dice", "result"), [((1, 1), "KIA"), ((1, 2), "KIA"), ((2, 2), "CR"), ((2, 3), "-")]
)
def test_a11_example_a_concealed_squad_that_declines_is_attacked_at_half_fp(
    make_position: Any, dice: tuple[int, int], result: str
) -> None:
    pos = _a11_example(make_position)
    pos.push_text("answer decline")  # it keeps its "?" and does not attack (A11.15)
    assert pos.units["b-1"].concealed
    pos.push_text(f"answer dice {dice[0]},{dice[1]}")
    res = pos.state.resolution
    assert res is not None and any("3:4, rounded down to 1:2" in line.value for line in res.lines)
    # DR 2 or 3 eliminates; 4 makes it a HS that loses its "?"; anything else, no effect
    assert set(res.results.values()) == {result}
    if result == "CR":
        assert pos.units["b-1"].name == "2-2-7" and not pos.units["b-1"].concealed
    if result == "-":
        assert pos.units["b-1"].concealed and not any(u.has("melee") for u in pos.units.values())


def test_a11_example_a_concealed_squad_that_attacks_is_revealed_and_attacked_at_3_2(
    make_position: Any,
) -> None:
    pos = _a11_example(make_position)
    pos.push_text("answer attack")
    assert not pos.units["b-1"].concealed  # A11.19, A12.14
    pos.push_text("answer dice 6,6")
    res = pos.state.resolution
    assert res is not None and any("6:4, rounded down to 3:2" in line.value for line in res.lines)


def _melee(make_position: Any, a_extra: list[dict[str, Any]] | None = None, **kw: Any) -> Any:
    units = [
        _u("a-1", "E4", markers=["melee"]),
        *(a_extra or []),
        _u("b-1", "E4", "4-4-7", "b", markers=["melee"]),
    ]
    return make_position("asl", units, "CCPh", **kw)


def test_a11_2_withdrawing_units_do_not_attack_are_attacked_at_minus_2_and_leave(make_position: Any) -> None:
    pos = _melee(make_position)
    top = pos.decision
    assert top is not None and top.kind == "units" and top.choices == ("withdraw", "stay")
    assert top.side == "a" and top.rule == "A11.2"
    pos.push_text("answer withdraw")
    pos.push_text("answer stay")  # b stays
    top = pos.decision
    assert top is not None and top.then == "cc" and top.side == "b"  # a withdraws: it makes no attack
    pos.push_text("answer dice 6,6")
    res = pos.state.resolution
    assert res is not None and ("-2", "A11.2") in {(line.value, line.rule) for line in res.lines}
    top = pos.decision
    assert top is not None and top.then == "cc_withdraw_to" and top.rule == "A11.21"
    assert pos.units["b-1"].hex not in top.hexes
    pos.push_text(f"answer hex {pos.label(top.hexes[0])}")
    assert pos.units["a-1"].hex != pos.units["b-1"].hex
    assert not pos.units["a-1"].has("melee") and not pos.units["b-1"].has("melee")  # the Melee is over


def test_a11_16_a_broken_unit_in_melee_must_withdraw_and_the_others_staying_help_it(
    make_position: Any,
) -> None:
    pos = _melee(make_position, [_u("a-2", "E4", markers=["melee", "broken"])])
    pos.push_text("answer stay")  # a's Good Order squad stays; its broken squad withdraws all the same
    pos.push_text("answer stay")
    assert pos.state.game.cc_withdraw == ("a-2",)
    assert together(pos) == 1  # b's one squad against a-1 and a-2: asked (a-1 has one target: not asked)
    pos.push_text("answer dice 6,5")  # a-1 attacks b-1 (an 11: a 12 would let b-1 infiltrate, A11.22)
    pos.push_text("answer dice 6,5")  # b-1 attacks a-1 and a-2
    res = pos.state.resolution
    assert res is not None
    values = {(line.label, line.value, line.rule) for line in res.lines}
    assert ("a-2 withdrawing", "-1", "A11.2") in values  # -2, +1 for a-1 staying in the Melee
    assert ("a-2 is broken", "-2", "A11.16") in values


def test_a11_16_a_broken_unit_with_nowhere_to_withdraw_is_eliminated(make_position: Any) -> None:
    probe = make_position("asl", [_u("a-1", "E4"), _u("b-1", "K8", "4-4-7", "b")], "APh")
    around = [probe.label(n) for n in probe.map.neighbors(probe.units["a-1"].hex)]
    units = [
        _u("a-1", "E4", markers=["melee", "broken"]),
        _u("b-1", "E4", "4-4-7", "b", markers=["melee"]),
        *(_u(f"b-{n}", n, "4-4-7", "b") for n in around),
    ]
    pos = make_position("asl", units, "CCPh")
    pos.push_text("answer stay")  # b stays
    pos.push_text("answer dice 6,6")  # b-1's attack: no effect
    assert "a-1" not in pos.units  # every adjacent Location holds a Known enemy (A11.21, A11.16)


def test_a11_16_a_broken_guard_in_melee_need_not_withdraw(make_position: Any) -> None:
    """A11.16: a broken unit in Melee must try to withdraw, unless it guards prisoners (or is disrupted);
    the broken non-guard's case is the test above."""
    units = [
        _u("a-1", "E4", markers=["melee", "broken"]),
        _u("b-p", "E4", "4-4-7", "b", markers=["prisoner"], carrier="a-1"),
        _u("b-1", "E4", "4-4-7", "b", markers=["melee"]),
    ]
    pos = make_position("asl", units, "CCPh")
    assert pos.decision is not None and pos.decision.then == "escape"
    pos.push_text("answer none")  # the prisoner does not try to escape (A20.55)
    assert pos.state.game.cc_hex == pos.units["a-1"].hex
    assert pos.state.game.cc_withdraw == ()  # the guard stays with his prisoner


def test_a20_5_an_unarmed_unit_fights_with_1_fp(make_position: Any) -> None:
    """A20.5: every unarmed unit has a FP of (1), used only in CC against personnel."""
    units = [_u("a-1", "E4", markers=["unarmed"]), _u("b-1", "E4", "4-4-7", "b")]
    pos = make_position("asl", units, "APh")
    e4 = pos.units["a-1"].hex
    assert cc.strengths(pos, e4, "a")[:2] == (1, 4) and cc.strengths(pos, e4, "b")[:2] == (4, 1)


def test_a11_19_each_concealed_unit_chooses_to_attack_or_keep_its_concealment(make_position: Any) -> None:
    """A11.19, A11.15: the choice to attack (and show) or to keep the "?" is made unit by unit: the 4-4-7 that
    declines makes no attack, stays concealed and is not held in Melee, while its comrade attacks."""
    units = [_u("a-1", "E4", "6-5-8"), _u("b-1", "E5", "4-4-7", "b", concealed=True),
             _u("b-2", "E5", "4-4-7", "b", concealed=True)]
    pos = make_position("asl", units, "APh", hexes={"E5": "woods"}, counters={**_counters(), **COUNTERS_658})
    pos.push_text("advance a-1 E4-E5")
    pos.push_text("end")
    pos.push_text("answer dice 3")
    pos.push_text("answer dice 3")  # 3 - 2 concealed = 1: two below, no ambush (A11.4)
    top = pos.decision
    assert top is not None and top.then == "cc_declare" and set(top.units) == {"b-1", "b-2"}
    pos.push_text("answer units b-1")
    assert not pos.units["b-1"].concealed and pos.units["b-2"].concealed
    top = pos.decision  # the Germans see one Known squad and one "?"
    assert top is not None and top.then == "cc_group" and top.side == "a"
    assert "b-2" not in top.units and "?" in top.units
    pos.push_text("answer units a-1,b-1")
    top = pos.decision  # the Russians' only attacker is b-1: b-2 kept its "?" and makes no attack
    assert top is not None and top.then == "cc" and top.side == "a"
    groups = pos.state.game.cc_groups
    assert groups == (("a", ("a-1",), ("b-1",)), ("b", ("b-1",), ("a-1",)))
    pos.push_text("answer dice 4,5")  # 6:4 = 3:2, KN 6: no effect
    pos.push_text("answer dice 4,5")  # 4:6 = 1:2, KN 4: no effect
    assert pos.units["b-2"].concealed and not pos.units["b-2"].has("melee")  # A11.15
    assert pos.units["b-1"].has("melee") and pos.units["a-1"].has("melee")


def test_a10_62_a_broken_unit_attacked_in_cc_is_dm(make_position: Any) -> None:
    """A10.62: the broken a-2 attacked in CC by b-1 (no effect) is DM, the Good Order a-1 is not."""
    pos = _melee(make_position, [_u("a-2", "E4", markers=["melee", "broken"])])
    pos.push_text("answer stay")
    pos.push_text("answer stay")
    together(pos)
    pos.push_text("answer dice 6,5")  # a-1 attacks b-1
    pos.push_text("answer dice 6,5")  # b-1 attacks a-1 and a-2: no effect
    assert pos.units["a-2"].has("dm") and not pos.units["a-1"].has("dm")
