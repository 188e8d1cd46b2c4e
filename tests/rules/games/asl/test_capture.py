"""Capture in Close Combat through the game (A20.22), from the text's example: a German 8-3-8 attacks two
Russian 4-2-6 and a 4-4-7 at 8:12 (1:2) declaring a capture attempt; its Original CC DR of 3 captures both
4-2-6 (Inexperienced: -1 instead of +1) and, at the Kill Number, one HS of the 4-4-7, which deploys. The 1:2
Kill Number of 4 is the cell the example fixes (demo values elsewhere)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games.asl import units as au

from tests.rules.games.asl.ccsteps import together

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]


def melee(make_position: Any) -> Any:
    units = [{"id": "a-1", "counter": "8-3-8", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-2-6", "side": "b", "hex": "C3"},
             {"id": "b-2", "counter": "4-2-6", "side": "b", "hex": "C3"},
             {"id": "b-3", "counter": "4-4-7r", "side": "b", "hex": "C3"}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES)
    pos.push_text("end")  # the CCPh: C3 holds both sides (A11.1)
    assert pos.phase.id == "CCPh"
    together(pos)  # one attack by all against all, each side (A11.12)
    return pos


def test_the_a20_22_example(make_position: Any) -> None:
    pos = melee(make_position)
    top = pos.decision
    assert top is not None and top.then == "cc" and top.side == "a" and top.choices == ("capture",)
    assert "answer capture" in {a.text() for a in pos.legal_actions}
    pos.push_text("answer capture")
    assert pos.decision is not None and pos.decision.then == "cc" and pos.decision.choices == ()
    pos.push_text("answer dice 1,2")  # Original 3
    text = pos.state.resolution.text()
    assert "capture attempt on b-1: -1 (A19.35)" in text and "capture attempt on b-3: +1 (A20.22)" in text
    assert pos.state.resolution.results == {"b-1": "CAP", "b-2": "CAP", "b-3": "CAP1"}
    while pos.decision is not None and pos.decision.then == "cc":
        pos.push_text("answer dice 5,6")  # the Russians' reply: no effect
    units = pos.units
    assert units["b-1"].has("prisoner") and units["b-2"].has("prisoner")
    assert units["b-1"].carrier == "a-1" and units["b-2"].carrier == "a-1"
    assert units["b-3"].name == "2-2-7r" and not units["b-3"].has("prisoner")  # the free HS
    assert units["b-3.2"].name == "2-2-7r" and units["b-3.2"].has("prisoner")  # the captured HS


def test_no_capture_word_against_a_berserk_unit(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "8-3-8", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-2-6", "side": "b", "hex": "C3", "markers": ["berserk"]}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES)
    pos.push_text("end")
    assert pos.decision is not None and pos.decision.then == "cc" and pos.decision.choices == ()  # A20.2


def _one_on_one(make_position: Any, *extra: dict[str, Any]) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3"}, *extra]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES)
    pos.push_text("end")  # the CCPh
    together(pos)
    return pos


def test_a20_221_a_side_wiped_out_by_the_same_cc_captures_nobody(make_position: Any) -> None:
    """A20.221: the German captures the 4-4-7 (4:4 = 1:1, Kill Number 5; 3 + 1 = 4 < 5) while the Russian's
    simultaneous attack eliminates him (3 < 5): the capture is void, the Russian squad stays free."""
    pos = _one_on_one(make_position)
    pos.push_text("answer capture")
    pos.push_text("answer dice 1,2")
    assert pos.state.resolution.results == {"b-1": "CAP"}
    pos.push_text("answer dice 1,2")  # the Russian reply
    assert "a-1" not in pos.units
    b1 = pos.units["b-1"]
    assert not b1.has("prisoner") and not b1.has("unarmed") and b1.carrier is None and b1.name == "4-4-7r"


def test_a20_221_both_sides_wiped_out_the_prisoners_left_rearm(make_position: Any) -> None:
    """A20.221: the German guard and the Russian who came for his prisoner eliminate each other in the same
    CC: the Russian prisoner left there rearms as a Conscript squad (A20.551)."""
    prisoner = {"id": "b-p", "counter": "4-4-7r", "side": "b", "hex": "C3", "markers": ["prisoner"],
                "carrier": "a-1"}
    pos = _one_on_one(make_position, prisoner)
    pos.push_text("answer dice 1,2")  # 3 < 5: the Russian eliminated
    pos.push_text("answer dice 1,2")  # and the German
    assert "a-1" not in pos.units and "b-1" not in pos.units
    bp = pos.units["b-p"]
    assert not bp.has("prisoner") and not bp.has("unarmed") and bp.name == "4-2-6"


def test_a11_4_an_ambusher_that_captures_its_target_keeps_its_concealment(make_position: Any) -> None:
    """A11.4: the ambusher keeps its "?" as long as it eliminates or captures its targets. 4:4 = 1:1, Kill
    Number 5; 3 + 1 (capture) - 1 (ambush) = 3: captured."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E4"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "E5", "concealed": True}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES, hexes={"E5": "woods"})
    pos.push_text("advance a-1 E4-E5")
    pos.push_text("end")
    pos.push_text("answer dice 6")  # a: 6
    pos.push_text("answer dice 1")  # b: 1 - 2 (concealed) = -1: b ambushes
    pos.push_text("answer stay")  # no ambush withdrawal (A11.41)
    assert pos.decision is not None and pos.decision.then == "cc" and pos.decision.side == "b"
    pos.push_text("answer capture")
    pos.push_text("answer dice 1,2")
    assert pos.units["a-1"].has("prisoner") and pos.units["a-1"].carrier == "b-1"
    assert pos.units["b-1"].concealed


def test_a20_22_at_the_kill_number_the_defender_names_the_unit_captured(make_position: Any) -> None:
    """A20.22: at the Kill Number one defending unit of the defender's choice is captured (whole: only a lone
    squad deploys). 8:8 = 1:1, Kill Number 5; 4 + 1 = 5 against both 4-4-7."""
    units = [{"id": "a-1", "counter": "8-3-8", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3"},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C3"}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES)
    pos.push_text("end")
    together(pos)
    pos.push_text("answer capture")
    pos.push_text("answer dice 2,2")
    assert pos.state.resolution.results == {"b-1": "CAP1", "b-2": "CAP1"}
    pos.push_text("answer dice 5,6")  # the Russians' reply: no effect
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("cc_capture_pick", "b", "A20.22")
    pos.push_text("answer units b-2")
    assert pos.units["b-2"].has("prisoner") and pos.units["b-2"].name == "4-4-7r"
    assert not pos.units["b-1"].has("prisoner") and "b-2.2" not in pos.units


def test_a25_63_no_plus_one_to_capture_non_elite_italians(make_position: Any) -> None:
    """A25.63: the capture attempt's +1 does not apply against a non-Elite Italian defender (A20.22)."""
    from hexmate.rules.games.asl import cc

    counters = {"4-6-7": {"type": "squad", "nationality": "german", "fp": 4, "morale": 7},
                "3-4-7i": {"type": "squad", "nationality": "italian", "class": "1st", "fp": 3, "morale": 7}}
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E4"},
             {"id": "b-1", "counter": "3-4-7i", "side": "b", "hex": "E4"}]
    pos = make_position("asl", units, "CCPh", counters=counters)
    h = pos.units["a-1"].hex
    res, _ = cc.work(pos, h, "a", (3, 3), capture=True)
    lines = {(line.label, line.value, line.rule) for line in res.lines}
    assert ("capture attempt on b-1", "+0", "A25.63") in lines
    res, _ = cc.work(pos, h, "b", (3, 3), capture=True)  # the German defender: +1 as usual
    lines = {(line.label, line.value, line.rule) for line in res.lines}
    assert ("capture attempt on a-1", "+1", "A20.22") in lines


def test_a18_12_a_leader_created_by_a_capture_attempt_keeps_it_a_capture(make_position: Any) -> None:
    """A18.12 with A20.22: the 8-3-8's capture attempt rolls an Original 2; the leader created joins it and
    the attack, worked out again, is still a capture attempt: the Russians are captured, not eliminated."""
    pos = melee(make_position)
    top = pos.decision
    assert top is not None and top.then == "cc" and top.side == "a"
    pos.push_text("answer capture")
    pos.push_text("answer dice 1,1")
    top = pos.decision
    assert top is not None and top.then == "cc_leader"
    pos.push_text("answer dice 3")
    res = pos.state.resolution
    assert res is not None and set(res.results.values()) <= {"CAP", "CAP1"} and res.results


def _doctrine_melee(make_position: Any, ssr: bool) -> Any:
    units = [{"id": "a-1", "counter": "8-3-8", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-2-6", "side": "b", "hex": "C3"},
             {"id": "b-2", "counter": "4-2-6", "side": "b", "hex": "C3"},
             {"id": "b-3", "counter": "4-4-7r", "side": "b", "hex": "C3"}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES,
                        options={"early_war_russian_doctrine": True} if ssr else {})
    pos.push_text("end")
    together(pos)
    return pos


@pytest.mark.parametrize(("ssr", "against_426"), [(True, "KIA"), (False, "CR")])
def test_a25_212_cc_against_a_4_2_6_is_at_minus_1_under_the_doctrine(
        make_position: Any, ssr: bool, against_426: str) -> None:
    """A25.212 (SSR): CC on a Russian 4-2-6 is at -1. The A20.22 example's melee, no capture: 8:12 (1:2), Kill
    Number 4, Original DR 4: 4 - 1 = 3 kills the 4-2-6 (without the SSR 4, the Kill Number: Casualty
    Reduction); the 4-4-7 takes no -1 (4: Casualty Reduction either way)."""
    pos = _doctrine_melee(make_position, ssr)
    pos.push_text("answer dice 1,3")
    results = pos.state.resolution.results
    assert results == {"b-1": against_426, "b-2": against_426, "b-3": "CR"}
    assert ("b-1: Early War Russian Doctrine: -1 (A25.212)" in pos.state.resolution.text()) is ssr


@pytest.mark.parametrize("ssr", [True, False])
def test_a25_212_the_doctrine_minus_1_does_not_add_to_the_capture_minus_1(
        make_position: Any, ssr: bool) -> None:
    """A25.212: the doctrine's -1 is not added to the -1 of a capture attempt on the 4-2-6 (A20.22, A19.35).
    The A20.22 example's melee with a capture attempt and an Original DR of 5: 5 - 1 = 4, the Kill Number, so
    one unit only (CAP1) under the SSR as without it (5 - 2 = 3 would have captured both); the 4-4-7's
    5 + 1 = 6 does nothing."""
    pos = _doctrine_melee(make_position, ssr)
    pos.push_text("answer capture")
    pos.push_text("answer dice 2,3")
    res = pos.state.resolution
    assert res.results == {"b-1": "CAP1", "b-2": "CAP1", "b-3": "-"}
    assert "capture attempt on b-1: -1 (A19.35)" in res.text() and "A25.212" not in res.text()
