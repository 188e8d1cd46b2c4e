"""Hand-to-Hand Close Combat where a nationality allows it (A25.43): who may choose it and when, the red Kill
Numbers for every attack in it, the extra -1 for the trained side's attacks. J2.31 is not among the texts and
no worked example gives a red Kill Number, so the numbers are read from the pack (demo values) and the tests
check which column and which DRMs are used."""

from __future__ import annotations

import dataclasses
from typing import Any

from hexmate.rules.games.asl import hth

GURKHAS = [{"id": "a", "name": "Gurkha", "nationality": "gurkha"}, {"id": "b", "name": "German",
                                                                      "nationality": "german"}]


def _u(uid: str, hex_: str, counter: str = "4-4-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _cc(make_position: Any, *, first_side: str = "a", pinned: bool = False) -> Any:
    """A Gurkha 4-4-7 and a German 4-4-7 in one Location in a CCPh: 4 FP against 4, the 1:1 column."""
    a = _u("a-1", "E4", markers=["pinned"]) if pinned else _u("a-1", "E4")
    return make_position("asl", [a, _u("b-1", "E4", side="b")], "CCPh", sides=GURKHAS, first_side=first_side)


def test_the_phasing_gurkhas_are_asked_whether_the_close_combat_is_hand_to_hand(make_position: Any) -> None:
    pos = _cc(make_position)
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("cc_hth", "a", "A25.43")
    assert top.choices == hth.CHOICES


def test_hand_to_hand_reads_the_red_kill_number_and_gives_the_gurkhas_minus_one(make_position: Any) -> None:
    pos = _cc(make_position)
    red = int(pos.charts.chart("cct_hth").lookup(odds="1:1"))
    black = int(pos.charts.chart("cct").lookup(odds="1:1"))
    assert red != black  # otherwise this test could not tell the columns apart
    pos.push_text("answer hand-to-hand")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc", "a")
    first, second = 3, red - 3  # Original DR = red: -1 for the Gurkhas' HtH attack makes it red - 1
    pos.push_text(f"answer dice {first},{second}")
    res = pos.state.resolution
    assert res is not None
    kill = next(line for line in res.lines if line.rule == "A11.11" and line.label == "Kill Number")
    assert kill.value == str(red)
    assert any(line.rule == "A25.43" and line.value == "-1" for line in res.lines)
    assert res.results == {"b-1": "KIA"}  # final red - 1 is below the red Kill Number
    # the German reply (simultaneous, A11.12) is Hand-to-Hand too: red Kill Number, no -1 of its own
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc", "b")
    pos.push_text(f"answer dice {first},{second}")
    res = pos.state.resolution
    assert res is not None
    assert any(line.label == "Kill Number" and line.value == str(red) for line in res.lines)
    assert not any(line.rule == "A25.43" and line.value == "-1" for line in res.lines)
    assert res.results == {"a-1": "CR"}  # final = red: Casualty Reduction (A11.11)


def test_choosing_ordinary_close_combat_keeps_the_black_kill_number(make_position: Any) -> None:
    pos = _cc(make_position)
    black = int(pos.charts.chart("cct").lookup(odds="1:1"))
    pos.push_text("answer ordinary")
    pos.push_text(f"answer dice 3,{black - 3}")
    res = pos.state.resolution
    assert res is not None
    assert any(line.label == "Kill Number" and line.value == str(black) for line in res.lines)
    assert not any(line.rule == "A25.43" for line in res.lines)
    assert res.results == {"b-1": "CR"}


def test_not_offered_to_gurkhas_who_are_not_phasing_and_did_not_ambush(make_position: Any) -> None:
    pos = _cc(make_position, first_side="b")
    top = pos.decision
    assert top is not None and top.then == "cc" and top.side == "b"  # straight to the German attack


def test_not_offered_when_every_gurkha_there_is_pinned(make_position: Any) -> None:
    pos = _cc(make_position, pinned=True)
    top = pos.decision
    assert top is not None and top.then == "cc"


def test_never_offered_with_a_chart_pack_that_has_no_red_kill_numbers(make_position: Any) -> None:
    pos = _cc(make_position)
    assert pos.decision is not None and pos.decision.then == "cc_hth"
    charts = {k: v for k, v in pos.charts.charts.items() if k != hth.CHART}
    bare = pos.game.new_position(pos.scenario, dataclasses.replace(pos.charts, charts=charts), pos.map)
    top = bare.decision
    assert top is not None and top.then == "cc"  # the owner's pack decides: no red numbers, no choice


def test_other_nationalities_never_fight_hand_to_hand(make_position: Any) -> None:
    sides = [{"id": "a", "name": "British", "nationality": "british"}, GURKHAS[1]]
    pos = make_position("asl", [_u("a-1", "E4"), _u("b-1", "E4", side="b")], "CCPh", sides=sides)
    top = pos.decision
    assert top is not None and top.then == "cc"
