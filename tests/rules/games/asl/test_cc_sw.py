"""Support weapons in Close Combat (A11.13): never used in it, never attacked in it; a unit eliminated in CC
leaves its SW unpossessed in the Location, unless the CC DR had a coloured 1 and the attacker's dr for the SW
is at most the attack's black Kill Number. Counters from the demo catalogue; the 1:1 Kill Number 5 is the
A11 comprehensive example's (an oracle cell of the demo pack)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import cc
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _cc(make_position: Any) -> Any:
    """A German 4-6-7 attacks a Russian 4-4-7 holding an LMG: 4 FP against 4, the 1:1 column."""
    units = [
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E4"},
        {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "E4"},
        {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "E4", "carrier": "b-1"},
    ]
    return make_position("asl", units, "CCPh", counters=COUNTERS)


def test_a_sw_neither_attacks_nor_is_attacked_in_close_combat(make_position: Any) -> None:
    pos = _cc(make_position)
    e4 = pos.units["a-1"].hex
    assert [u.id for u in cc.attackers(pos, e4, "b")] == ["b-1"]
    attack, defence, _ = cc.strengths(pos, e4, "a")
    assert (attack, defence) == (4, 4)  # the LMG's 3 FP is not the Russians' CC defence
    assert cc.black_kill_number(pos, e4, "a") == 5  # 1:1 (A11 comprehensive example)


def _both_attacks(pos: Any, german: str) -> None:
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc", "a")
    pos.push_text(f"answer dice {german}")
    assert pos.state.resolution.results == {"b-1": "KIA"}
    pos.push_text("answer dice 6,5")  # the simultaneous Russian reply: 11, no effect


def test_a_coloured_one_makes_the_attacker_roll_for_the_sw_a_low_dr_kills_it(make_position: Any) -> None:
    pos = _cc(make_position)
    _both_attacks(pos, "3,1")  # white 3, coloured 1: Original 4 < Kill Number 5
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule, top.dice) == ("cc_sw_loss", "a", "A11.13", "dr")
    assert "b-1" not in pos.units and pos.units["b-lmg"].carrier is None
    pos.push_text("answer dice 5")  # dr 5 <= the black Kill Number 5
    assert "b-lmg" not in pos.units
    assert pos.state.resolution.results == {"b-lmg": "eliminated"}


def test_a_dr_above_the_black_kill_number_leaves_the_sw_unpossessed(make_position: Any) -> None:
    pos = _cc(make_position)
    _both_attacks(pos, "3,1")
    pos.push_text("answer dice 6")  # 6 > 5
    lmg = pos.units["b-lmg"]
    assert lmg.carrier is None and pos.label(lmg.hex) == pos.label(pos.units["a-1"].hex)
    assert pos.decision is None or pos.decision.then != "cc_sw_loss"


def test_without_a_coloured_one_the_sw_stays_unpossessed_and_no_dr_is_asked(make_position: Any) -> None:
    pos = _cc(make_position)
    _both_attacks(pos, "1,3")  # the same 4, but the coloured die is 3
    assert "b-1" not in pos.units
    assert pos.units["b-lmg"].carrier is None and pos.units["b-lmg"].hex == pos.units["a-1"].hex
    assert not any(d.then == "cc_sw_loss" for d in pos.state.decisions)
    assert "melee" not in pos.units["a-1"].markers  # an enemy SW alone is no Melee (A11.15)


def _hs_cc(make_position: Any) -> Any:
    """A German 2-4-7 HS attacks a Russian 2-2-7 HS holding an LMG: 2 FP against 2, the 1:1 column (Kill
    Number 5, the A11 comprehensive example's); an Original 5, the Kill Number itself, Casualty Reduces
    (A11.11)."""
    units = [
        {"id": "a-1", "counter": "2-4-7", "side": "a", "hex": "E4"},
        {"id": "b-1", "counter": "2-2-7r", "side": "b", "hex": "E4"},
        {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "E4", "carrier": "b-1"},
    ]
    return make_position("asl", units, "CCPh", counters=COUNTERS)


def test_a_hs_eliminated_by_a_casualty_reduction_with_a_coloured_one_risks_its_sw(make_position: Any) -> None:
    pos = _hs_cc(make_position)
    e4 = pos.units["a-1"].hex
    assert cc.black_kill_number(pos, e4, "a") == 5
    pos.push_text("answer dice 4,1")  # white 4, coloured 1: Original 5, the Kill Number: CR
    assert pos.state.resolution.results == {"b-1": "CR"}
    pos.push_text("answer dice 6,5")  # the Russian reply: no effect
    assert "b-1" not in pos.units  # a HS Casualty Reduced is eliminated (A7.302)
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("cc_sw_loss", "a", "A11.13")
    pos.push_text("answer dice 4")  # dr 4 <= 5
    assert "b-lmg" not in pos.units


def test_a_hs_casualty_reduced_without_a_coloured_one_leaves_its_sw(make_position: Any) -> None:
    pos = _hs_cc(make_position)
    pos.push_text("answer dice 1,4")  # the same Original 5, coloured 4
    pos.push_text("answer dice 6,5")
    assert "b-1" not in pos.units
    assert pos.units["b-lmg"].carrier is None
    assert not any(d.then == "cc_sw_loss" for d in pos.state.decisions)


def test_a_leader_killed_by_the_wound_that_a_coloured_one_dealt_risks_his_sw(make_position: Any) -> None:
    """A German 2-4-7 HS attacks a Russian 8-0 holding an LMG: 2 FP against 1, 2:1, Kill Number 7. White 6,
    coloured 1: Original 7, the Kill Number: a Casualty Reduction, which wounds the leader (A11.11, A17.11);
    his severity dr of 5 kills him (A17.11), eliminated by the CC: the attacker rolls for the LMG (A11.13)."""
    units = [{"id": "a-1", "counter": "2-4-7", "side": "a", "hex": "E4"},
             {"id": "b-l", "counter": "8-0", "side": "b", "hex": "E4"},
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "E4", "carrier": "b-l"}]
    pos = make_position("asl", units, "CCPh", counters=COUNTERS)
    assert cc.black_kill_number(pos, pos.units["a-1"].hex, "a") == 7
    pos.push_text("answer dice 6,1")
    assert pos.state.resolution.results == {"b-l": "CR"}
    pos.push_text("answer dice 6,5")  # the leader's reply at 1:2: no effect
    top = pos.decision
    assert top is not None and top.then == "wound"
    pos.push_text("answer dice 5")  # severity 5: killed (A17.11)
    assert "b-l" not in pos.units
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("cc_sw_loss", "a", "A11.13")
    pos.push_text("answer dice 6")  # 6 <= 7
    assert "b-lmg" not in pos.units
