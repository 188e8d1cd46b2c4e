"""Fire Team AP fire [6.3]: the rulebook's numbers (column choice, multipliers, DRMs, the 1..14 clamp), the
roll as a decision tied to its firers and target, results [6.33] applied once from the resolution, panic
[6.36] and leader casualty [6.38] rolled by the owner."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import get_game
from hexmate.rules.games.fireteam.fire import fear, panics_on, with_fear

from .conftest import unit

IFT = get_game("fireteam").load_charts().chart("ift")


def test_fire_opens_a_d10_roll_for_its_firers_and_target(ft: Any) -> None:
    pos = ft([unit("s", "D4"), unit("l", "D4", "ldr"), unit("t", "D7", "squad5", "b")])
    pos.push_text("fire s,l at D7")
    top = pos.decision
    assert top is not None and top.kind == "roll" and top.side == "a" and top.dice == "d10"
    assert top.then == "ift" and top.subject == ("l", "s") and pos.label(top.target) == "D7"
    assert top.rule == "6.3" and pos.to_act == "a"
    assert sum(1 for _ in pos.legal_actions) == 10  # one answer per face of the d10
    pos.push_text("answer dice 10")
    assert pos.to_act == "a" and pos.decision is None  # worked out: the impulse goes on until a passes [4.1]


def test_combined_fire_of_eleven_uses_the_ten_column(ft: Any) -> None:
    # [6.3] example: 6 + 5 = 11 firepower fires on the 10 column, the columns running ...10, 12...
    pos = ft([unit("s", "D1"), unit("s5", "D1", "squad5"), unit("t", "D5", "squad5", "b")])
    res = pos.resolve(act.Fire(("s", "s5"), pos.map.parse_label("D5"), (10,)))
    assert "column: 11 FP -> 10 (6.3)" in res.text()


def test_adjacent_fire_doubles_and_building_drm(ft: Any) -> None:
    pos = ft([unit("s", "D4"), unit("t", "D5", "squad5", "b")], hexes={"D5": "stone-building"})
    text = pos.resolve(act.Fire(("s",), pos.map.parse_label("D5"), (5,))).text()
    assert "s 6 x2 adjacent = 12" in text  # [6.22]: adjacent fire doubles
    assert "target terrain stone-building: +4 (17.2)" in text  # [17.2] stone building +4
    assert "final DR: 5 +4 -> 9" in text and "column: 12 FP -> 12" in text


def test_long_range_halves_and_dr_clamps(ft: Any) -> None:
    pos = ft([unit("s", "A1"), unit("l", "A1", "ldr"), unit("t", "A8", "squad5", "b")])
    res = pos.resolve(act.Fire(("s", "l"), pos.map.parse_label("A8"), (1,)))
    # 6 FP at 7 hexes is within range 8; the -1 leader takes the final DR to 0, which counts as 1 [6.3]
    assert "leader l: -1 (6.31)" in res.text() and "final DR: 1 -1 -> 1" in res.text()
    pos2 = ft([unit("s", "A1", "squad5"), unit("t", "A8", "squad5", "b")])
    text = pos2.resolve(act.Fire(("s",), pos2.map.parse_label("A8"), (9,))).text()
    assert "x1/2 beyond its range = 5/2" in text  # [6.22] beyond the printed range: half
    # [6.3] step 2: firepower between two columns falls to the lower one: 2 1/2 fires on the 2 column (the
    # old code rounded the total up first and fired on the 3 column)
    assert "column: 5/2 FP -> 2 (6.3)" in text
    with pytest.raises(IllegalAction, match=r"6\.22"):
        ft([unit("s", "A1", "squad5"), unit("t", "L8", "squad5", "b")]).push_text("fire s at L8")


def test_firer_fear_is_a_drm(ft: Any) -> None:
    pos = ft([unit("s", "D1", "squad", "a", "fear3"), unit("m", "D1", "mg", "a", "fear1"),
              unit("t", "D5", "squad5", "b")])
    text = pos.resolve(act.Fire(("m", "s"), pos.map.parse_label("D5"), (4,))).text()
    assert "firer Fear: +3 (6.35)" in text  # a group takes its highest Fear


@pytest.mark.parametrize(
    "die,terrain,final,result",
    [(6, "open", 6, "E"), (7, "open", 7, "1"), (9, "open", 9, "+2"), (8, "wooden-building", 11, "+1")],
)
def test_results_step_fear_and_elimination(ft: Any, die: int, terrain: str, final: int, result: str) -> None:
    assert IFT.lookup(fp=12, final_dr=final) == result  # the demo pack's cell this case exercises
    units = [unit("s", "D4"), unit("t", "D5", "squad5", "b"), unit("t2", "D5", "squad5", "b"),
             unit("x", "J8", "squad5", "b")]
    pos = ft(units, hexes={"D5": terrain})
    pos.push_text(f"fire s at D5 dice {die}")  # 6 x2 adjacent = 12 FP
    assert pos.last_resolution is not None and pos.last_resolution.results == {"t": result, "t2": result}
    if result == "E":  # [6.33] all eliminated
        assert "t" not in pos.units and "t2" not in pos.units
    elif result == "1":  # each loses a step and gains Fear +1
        assert all(pos.units[u].has("reduced") and pos.units[u].has("fear1") for u in ("t", "t2"))
        assert {(c.what, c.unit) for c in pos.changes} >= {("flip", "t"), ("place", "t2")}
    else:
        level = int(result[1])
        assert all(pos.units[u].has(f"fear{level}") and not pos.units[u].has("reduced") for u in ("t", "t2"))
    assert pos.to_act == "a"  # the firer's impulse goes on until it passes [4.1]


def test_a_one_eliminates_a_reduced_unit(ft: Any) -> None:
    pos = ft([unit("s", "D4"), unit("t", "D5", "squad5", "b", "reduced")])
    pos.push_text("fire s at D5 dice 7")  # "1" on the 12 column
    assert "t" not in pos.units  # [6.37] reduced -> eliminated


def test_fear_caps_at_four() -> None:
    from hexmate.rules.games.base import UnitState
    from hexmate.rules.scenario import CounterType

    squad = UnitState("t", "b", CounterType("squad5", "squad", {"fp": 5}), None, markers=frozenset({"fear4"}))
    assert fear(squad) == 4 and fear(with_fear(squad, 6)) == 4  # [6.33]
    leader = UnitState("l", "b", CounterType("ldr", "leader", {}), None)
    assert fear(with_fear(leader, 2)) == 0  # [6.33] leaders are never feared


def test_what_sets_off_a_panic_check() -> None:
    # [6.36] Fear 2 taking a "+2", or Fear 3 or 4 taking any further Fear (a "1" adds Fear +1)
    assert panics_on(2, 2) and panics_on(3, 1) and panics_on(4, 2)
    assert not panics_on(2, 1) and not panics_on(1, 2) and not panics_on(0, 2)


@pytest.mark.parametrize("leader,roll,panic", [(True, 6, False), (False, 7, True), (True, 7, True),
                                               (False, 5, False)])
def test_panic_check(ft: Any, leader: bool, roll: int, panic: bool) -> None:
    # digest 7.E.10 from [6.36]: a Fear 2 unit takes "+2" -> Fear 4 and a panic check; roll 6, leader -1,
    # +1 for the "+2" -> 6: no panic; roll 7, no leader, +1 -> 8: panic, the unit loses a step
    units = [unit("s", "D4"), unit("t", "D5", "squad5", "b", "fear2")]
    if leader:
        units.append(unit("tl", "D5", "ldr", "b"))
    pos = ft(units)
    pos.push_text("fire s at D5 dice 9")  # 12 FP, final 9: "+2"
    assert pos.units["t"].has("fear4")
    top = pos.decision
    assert top is not None and top.then == "panic" and top.side == "b" and top.subject == ("t",)
    assert top.rule == "6.36" and pos.to_act == "b"
    pos.push_text(f"answer dice {roll}")
    assert pos.units["t"].has("reduced") is panic
    assert pos.decision is None and pos.to_act == "a"  # back to the firer's impulse [4.1]


@pytest.mark.parametrize("roll,dies", [(1, True), (2, True), (3, False), (10, False)])
def test_leader_casualty_check(ft: Any, roll: int, dies: bool) -> None:
    # [6.38] a step lost in a leader's hex: he rolls, 1-2 eliminates him, and each leader lost adds Fear +1
    # to every infantry unit there
    units = [unit("s", "D4"), unit("t", "D5", "squad5", "b"), unit("tl", "D5", "ldr", "b")]
    pos = ft(units)
    pos.push_text("fire s at D5 dice 7")  # "1": t loses a step and takes Fear 1
    top = pos.decision
    assert top is not None and top.then == "casualty" and top.side == "b" and top.subject == ("tl",)
    pos.push_text(f"answer dice {roll}")
    assert ("tl" not in pos.units) is dies
    assert pos.units["t"].has("fear2" if dies else "fear1") and pos.units["t"].has("reduced")


def test_a_leader_lost_can_panic_a_fear_three_unit(ft: Any) -> None:
    units = [unit("s", "D4"), unit("t", "D5", "squad5", "b", "fear2"), unit("tl", "D5", "ldr", "b")]
    pos = ft(units)
    pos.push_text("fire s at D5 dice 7")  # "1": t -> reduced, Fear 3; the leader checks
    pos.push_text("answer dice 1")  # the leader falls: t -> Fear 4, from Fear 3: a panic check [6.36]
    top = pos.decision
    assert top is not None and top.then == "panic" and pos.units["t"].has("fear4")
    pos.push_text("answer dice 7")  # no leader left: 7 panics, the reduced squad is eliminated
    assert "t" not in pos.units


def test_the_resolution_is_worked_once_and_names_its_steps(ft: Any) -> None:
    pos = ft([unit("s", "D4"), unit("t", "D5", "squad5", "b")])
    pos.push_text("fire s at D5 dice 7")
    res = pos.last_resolution
    assert res is not None and res.demo
    assert [line.label for line in res.lines] == ["firepower", "column", "final DR", "result"]
    assert res.to_dict()["results"] == {"t": "1"}


def test_only_the_active_side_fires_outside_a_reaction(ft: Any) -> None:
    pos = ft([unit("s", "D4"), unit("t", "D6", "squad5", "b")])
    with pytest.raises(IllegalAction, match="only a may fire"):
        pos.push_text("fire t at D4")
    with pytest.raises(IllegalAction, match=r"2\.34"):
        ft([unit("l", "D4", "ldr"), unit("t", "D6", "squad5", "b")]).push_text("fire l at D6")
