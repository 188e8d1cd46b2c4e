"""Close Combat attack groups and SMC stacks (A11.12, A11.14), from the rulebook's examples: A11.12's five
ways of splitting three 4 FP squads a side (T-11.12) and A11.141's second example, where the Germans stack
their three leaders on their two squads to deny the Russians better odds (T-11.141b). Odds are the text's; the
Kill Numbers read are the demo pack's, of which 1:4..3:2 are the cells the examples fix. A11.3: after an
ambush, the ambusher designates each of its attacks after the last one's result."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import cc, ccgroups

from tests.rules.games.asl.ccsteps import together

COUNTERS_EXTRA = {
    "8-1": {"type": "leader", "morale": 8, "broken_morale": 7, "leadership": -1},
    "7-0": {"type": "leader", "morale": 7, "broken_morale": 6, "leadership": 0},
}


def _counters() -> dict[str, Any]:
    from tests.rules.games.conftest import ASL_COUNTERS

    return {**ASL_COUNTERS, **COUNTERS_EXTRA}


def _u(uid: str, counter: str, side: str) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": "E4"}


def _three_a_side(make_position: Any) -> Any:
    """T-11.12: three squads of 4 FP a side in one Location, not yet in Melee."""
    units = [_u(f"a-{i}", "4-4-7", "a") for i in (1, 2, 3)] + [_u(f"b-{i}", "4-4-7", "b") for i in (1, 2, 3)]
    return make_position("asl", units, "CCPh", counters=_counters())


def _odds_of_rolls(pos: Any) -> list[tuple[str, str]]:
    """Roll every designated attack with a DR of 11 (no effect at any odds of these examples, and no
    Infiltration) and read each attack's side and odds line."""
    out = []
    while pos.decision is not None and pos.decision.then == "cc":
        side = pos.decision.side
        pos.push_text("answer dice 5,6")
        res = pos.state.resolution
        odds = next(line.value for line in res.lines if line.rule == "A11.11" and ":" in line.value)
        out.append((side, odds))
    return out


@pytest.mark.parametrize(
    ("answers", "expected"),
    [
        (["together"], ["12:12, rounded down to 1:1"]),  # A: all six squads, one 1:1 (12:12)
        (["units a-1,a-2,a-3,b-1"], ["12:4, rounded down to 3:1"]),  # B: 3:1 (12:4)
        (["units a-1,b-1", "units a-2,b-2", "units a-3,b-3"], ["4:4, rounded down to 1:1"] * 3),  # C
        (["units a-1,a-2,b-1", "units a-3,b-2,b-3"],  # D: 2:1 and 1:2
         ["8:4, rounded down to 2:1", "4:8, rounded down to 1:2"]),
        (["units a-1,a-2,b-1", "units a-3,b-2"],  # E: 2:1 and 1:1
         ["8:4, rounded down to 2:1", "4:4, rounded down to 1:1"]),
    ],
)
def test_t_11_12_the_five_ways_of_splitting_three_squads(make_position: Any, answers: list[str],
                                                          expected: list[str]) -> None:
    """T-11.12 (A11.12): the phasing side's way is any of the text's A to E; the other side answers all
    against all; each attack is then rolled at its own odds, the phasing side's first."""
    pos = _three_a_side(make_position)
    for text in answers:
        top = pos.decision
        assert top is not None and (top.then, top.side, top.rule) == ("cc_group", "a", "A11.12")
        pos.push_text(f"answer {text}")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_group", "b")
    pos.push_text("answer together")
    rolled = _odds_of_rolls(pos)
    assert rolled == [("a", o) for o in expected] + [("b", "12:12, rounded down to 1:1")]


def test_no_unit_attacks_or_is_attacked_twice(make_position: Any) -> None:
    """A11.12: a unit attacks at most once and is attacked at most once in a CCPh."""
    pos = _three_a_side(make_position)
    pos.push_text("answer units a-1,a-2,b-1")
    top = pos.decision
    assert top is not None and top.choices == ("done",) and set(top.units) == {"a-3", "b-2", "b-3"}
    with pytest.raises(IllegalAction):
        pos.push_text("answer units a-1,b-2")  # a-1 already attacks
    with pytest.raises(IllegalAction):
        pos.push_text("answer units a-3,b-1")  # b-1 already attacked
    with pytest.raises(IllegalAction, match="one of your units and one enemy unit"):
        pos.push_text("answer units b-2,b-3")
    assert act.Answer(units=("a-3", "b-2")) in pos.legal_actions
    pos.push_text("answer done")  # a-3 makes no attack: not every unit need attack (A11.12)
    pos.push_text("answer together")  # b: all against all
    assert [s for s, _ in _odds_of_rolls(pos)] == ["a", "b"]


def _t_11_141b(make_position: Any) -> Any:
    """A11.141's second example: a German 5-4-8 and 4-4-7 with a 9-2, an 8-1 and a 7-0, against two Russian
    6-2-8; the Russians are the phasing side here, so the Germans set their stacks before the Russians
    designate (A11.14)."""
    units = [
        _u("g-548", "5-4-8", "a"), _u("g-447", "4-4-7", "a"),
        _u("g-92", "9-2", "a"), _u("g-81", "8-1", "a"), _u("g-70", "7-0", "a"),
        _u("r-1", "6-2-8", "b"), _u("r-2", "6-2-8", "b"),
    ]
    return make_position("asl", units, "CCPh", counters=_counters(), first_side="b")


def _russian_odds(pos: Any, *names: str) -> str:
    top = pos.decision
    own, theirs = ccgroups.group_of(pos, top, act.Answer(units=names))
    attack, defence, _ = cc.strengths(pos, top.target, "b", (own, theirs))
    return cc.odds_column(pos.charts.chart("cct").axis("odds").keys, cc.odds(attack, defence))


def test_t_11_141b_the_german_stacks_deny_the_russians_2_1_and_3_1(make_position: Any) -> None:
    """T-11.141b (A11.14, A11.141): 9-2 and 7-0 on the 5-4-8 (7 FP), 8-1 on the 4-4-7 (5 FP): the Russians
    get 12:7 = 3:2 and 12:5 = 2:1, not 12:6 = 2:1 on the 5-4-8 and 9-2 alone or 12:4 = 3:1 on the 4-4-7."""
    pos = _t_11_141b(make_position)
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("cc_stack", "a", "A11.14")
    pos.push_text("answer units g-92,g-70,g-548")
    pos.push_text("answer units g-81,g-447")
    assert "g-92>g-548" in pos.decision.prompt and "g-81>g-447" in pos.decision.prompt
    pos.push_text("answer done")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_group", "b")
    assert _russian_odds(pos, "r-1", "r-2", "g-548") == "3:2"  # 12:7: the 9-2 and 7-0 defend with it
    assert _russian_odds(pos, "r-1", "r-2", "g-447") == "2:1"  # 12:5: the 8-1 defends with it
    with pytest.raises(IllegalAction, match="stacked on g-548"):
        pos.push_text("answer units r-1,g-92")  # an SMC on an MMC is not a target on its own (A11.14)
    # the example's final choice: the Russians attack all the Germans at 1:1 (12:12) ...
    pos.push_text("answer together")
    # ... and the Germans make one attack at 1:1 (12:12) directed by the 9-2 (A11.141)
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_group", "a")
    pos.push_text("answer together")
    pos.push_text("answer dice 5,6")  # the Russians first (phasing): 11, no effect
    res = pos.state.resolution
    assert any(line.value == "12:12, rounded down to 1:1" for line in res.lines)
    pos.push_text("answer dice 3,3")  # 6 - 2 (9-2) = 4 < 5: both 6-2-8 eliminated
    res = pos.state.resolution
    assert any(line.value == "12:12, rounded down to 1:1" for line in res.lines)
    lines = {(line.label, line.value, line.rule) for line in res.lines}
    assert ("leadership (g-92)", "-2", "A11.141") in lines
    assert res.results == {"r-1": "KIA", "r-2": "KIA"}
    assert "r-1" not in pos.units and str(pos.replay()) == str(pos)


def test_an_smc_alone_attacks_and_is_attacked_alone(make_position: Any) -> None:
    """A11.14: the first side's SMC attacking without an MMC is alone: the enemy may attack it by itself, at
    its 1 FP; an SMC declared alone may not join MMCs."""
    pos = _t_11_141b(make_position)
    pos.push_text("answer units g-81")  # the Germans declare the 8-1 alone before the Russians designate
    pos.push_text("answer done")
    assert _russian_odds(pos, "r-1", "g-81") == "6:1"  # 6:1 on the lone leader
    pos.push_text("answer units r-1,g-81")
    pos.push_text("answer units r-2,g-548")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_group", "a")
    with pytest.raises(IllegalAction, match="declared alone"):
        pos.push_text("answer units g-81,g-447,r-1")
    pos.push_text("answer units g-81,r-1")  # the leader attacks by itself: 1:6, no leadership DRM (A11.141)
    pos.push_text("answer done")
    rolled = _odds_of_rolls(pos)
    assert rolled[-1] == ("a", "1:6, rounded down to 1:6")


def test_the_table_default_answers_every_question_with_done(make_position: Any) -> None:
    """The table's done button: stacks as proposed, all against all (A11.12's first way)."""
    pos = _t_11_141b(make_position)
    assert pos.game.done_action(pos) == act.Answer(choice="done")
    assert together(pos) == 3
    assert pos.decision is not None and pos.decision.then == "cc"


def test_each_attack_has_its_own_casualty_reduction(make_position: Any) -> None:
    """A11.11: a final DR equal to the Kill Number reduces one unit of the attack's targets: two attacks at
    their Kill Number reduce two units, one each, with no Random Selection when an attack has one target."""
    pos = _three_a_side(make_position)
    pos.push_text("answer units a-1,b-1")
    pos.push_text("answer units a-2,b-2")
    pos.push_text("answer done")  # a-3 makes no attack
    pos.push_text("answer units b-1,b-2,b-3,a-1")  # 12:4 = 3:1, Kill Number 8 (demo values)
    pos.push_text("answer dice 2,3")  # a-1 on b-1: 4:4 = 1:1, KN 5: reduced
    pos.push_text("answer dice 3,2")  # a-2 on b-2: reduced
    pos.push_text("answer dice 5,6")  # the Russians: 11, no effect
    assert pos.units["b-1"].name == "2-2-7" and pos.units["b-2"].name == "2-2-7"
    assert pos.units["b-3"].name == "4-4-7"


def test_a11_14_a_known_smc_does_not_defend_with_a_concealed_mmc(make_position: Any) -> None:
    """A11.14: a Known SMC may not defend with a concealed unit (nor the reverse): by default it is alone."""
    units = [_u("a-1", "4-4-7", "a"), _u("b-1", "4-4-7", "b"), _u("b-81", "8-1", "b")]
    units[1]["concealed"] = True
    pos = make_position("asl", units, "APh", counters=_counters())
    h = pos.units["a-1"].hex
    assert ccgroups.default_stacks(pos, h) == ()
    units[1]["concealed"] = False
    pos = make_position("asl", units, "APh", counters=_counters())
    assert ccgroups.default_stacks(pos, h) == (("b-81", "b-1"),)


def test_a11_15_a_unit_advancing_into_a_melee_must_take_part_in_its_close_combat(make_position: Any) -> None:
    """A11.15: a German 4-6-7 advancing into E5, where a 4-6-7 is in Melee with two 4-4-7, must attack: its
    side may not designate attacks that leave it out while a target is left, nor end without it."""
    units = [{**_u("a-1", "4-6-7", "a"), "hex": "E5", "markers": ["melee"]},
             {**_u("a-2", "4-6-7", "a"), "hex": "E4"},
             {**_u("b-1", "4-4-7", "b"), "hex": "E5", "markers": ["melee"]},
             {**_u("b-2", "4-4-7", "b"), "hex": "E5", "markers": ["melee"]}]
    pos = make_position("asl", units, "APh", counters=_counters())
    pos.push_text("advance a-2 E4-E5")
    pos.push_text("end")
    while pos.decision is not None and pos.decision.then == "cc_withdraw":
        pos.push_text("answer stay")  # A11.2: both sides stay in the Melee
    top = pos.decision
    assert top is not None and top.then == "cc_group" and top.side == "a"
    with pytest.raises(IllegalAction) as err:  # every target taken by a-1: a-2 would be left out
        pos.push_text("answer units a-1,b-1,b-2")
    assert err.value.rule == "A11.15"
    pos.push_text("answer units a-1,b-1")
    with pytest.raises(IllegalAction):  # b-2 is still a target: a-2 must attack it
        pos.push_text("answer done")
    pos.push_text("answer units a-2,b-2")
    groups = pos.state.game.cc_groups
    assert ("a", ("a-2",), ("b-2",)) in groups and ("a", ("a-1",), ("b-1",)) in groups


def test_a11_3_an_ambusher_designates_each_attack_after_the_last_ones_result(make_position: Any) -> None:
    """A11.3, A11.32: two 4-6-7 advance into the woods at E5 against two 4-4-7 and ambush them (dr 1 against
    5, A11.4). The CC is sequential: the first attack, a-1 on b-1, is rolled as soon as it is designated
    (4:4 = 1:1, KN 5; DR 4 - 1 ambush = 3: b-1 eliminated); only then does the ambusher designate its next,
    a-2 on b-2 (DR 11: no effect); then its results apply and b-2 alone replies."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E4"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "E4"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "E5"},
             {"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "E5"}]
    pos = make_position("asl", units, "APh", hexes={"E5": "woods"}, counters=_counters())
    pos.push_text("advance a-1 E4-E5")
    pos.push_text("advance a-2 E4-E5")
    pos.push_text("end")
    pos.push_text("answer dice 1")
    pos.push_text("answer dice 5")  # the attacker ambushes (A11.4)
    pos.push_text("answer stay")  # A11.41: no ambush withdrawal
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_group", "a") and "together" in top.choices
    pos.push_text("answer units a-1,b-1")
    top = pos.decision  # rolled at once, before any other designation (A11.3)
    assert top is not None and (top.then, top.side) == ("cc", "a")
    pos.push_text("answer dice 2,2")
    res = pos.state.resolution
    assert res is not None and res.results == {"b-1": "KIA"}
    top = pos.decision  # the next attack, designated with the last one's result known
    assert top is not None and (top.then, top.side) == ("cc_group", "a") and "done" in top.choices
    assert set(top.units) == {"a-2", "b-2"}
    pos.push_text("answer units a-2,b-2")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc", "a")
    pos.push_text("answer dice 6,5")
    assert "b-1" not in pos.units and "b-2" in pos.units  # the ambusher's results applied before the reply
    top = pos.decision  # b-2, its one unit, replies (asked to roll, or to designate at a-1 / a-2)
    assert top is not None and top.side == "b"
