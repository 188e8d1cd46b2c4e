"""A radioless AFV alone in play (D14.1, D14.23): an NTC before it moves in its MPh (a DR at most its crew's
morale), a failure stopping it for the MPh with its MP spent; +1 on its Motion attempt dr. Counter: the demo
catalogue's demo-lt-r (radioless, 12 MP) with crew_morale 7 given by the scenario; the test Panzer
(radio-equipped, demo values). The D14 examples (impulses on board 3's analogue) are test_impulse.py's."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, platoon, radioless, vmotion

from .test_armour import COUNTERS
from .test_vmotion import HIDDEN

COUNTERS_SQUAD = {"type": "squad", "fp": 4, "range": 6, "morale": 7, "broken_morale": 8, "class": "1"}
LT = {**COUNTERS, "lt": {"type": "vehicle", "vehicle": "demo-lt-r", "crew_morale": 7}}


def make(make_position: Any, phase: str = "MPh", side: str = "a") -> Position:
    units = [{"id": "x-lt", "counter": "lt", "side": side, "hex": "C5", "markers": ["vca0"]},
             {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C2", "markers": ["vca0"]}]
    pos: Position = make_position("asl", units, phase, counters=LT)
    return pos


def texts(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def test_no_move_before_the_ntc(make_position: Any) -> None:
    """D14.23: its moves wait for the NTC; a radio-equipped tank moves freely."""
    pos = make(make_position)
    assert "move x-lt C5 as ntc" in texts(pos)
    assert not any(t.startswith("move x-lt C5-") for t in texts(pos))
    with pytest.raises(IllegalAction, match=r"NTC"):
        pos.push_text("move x-lt C5-D5")
    assert any(t.startswith("move a-pz C2-") for t in texts(pos))
    assert "move a-pz C2 as ntc" not in texts(pos)


def test_passed_ntc_lets_it_move(make_position: Any) -> None:
    """D14.23: DR 3+4 = 7, at most its morale 7: it moves."""
    pos = make(make_position)
    pos.push_text("move x-lt C5 as ntc")
    top = pos.decision
    assert top is not None and top.then == "vntc" and top.arg("need") == "7"
    pos.push_text("answer dice 3,4")
    pos.push_text("move x-lt C5-D5")
    assert pos.label(pos.units["x-lt"].hex) == "D5"


def test_failed_ntc_stops_it_for_the_mph(make_position: Any) -> None:
    """D14.23: DR 4+4 = 8 > 7: it spends the rest of its MP as delay and does nothing more."""
    pos = make(make_position)
    pos.push_text("move x-lt C5 as ntc")
    pos.push_text("answer dice 4,4")
    lt = pos.units["x-lt"]
    assert lt.has("ntc_failed") and armour.spent_of(lt) == 12 and "x-lt" in pos.state.moved
    with pytest.raises(IllegalAction):
        pos.push_text("move x-lt C5-D5")


def test_motion_attempt_takes_plus_one(make_position: Any) -> None:
    """D14.23: a lone radioless AFV's Motion attempt needs no NTC but its dr takes +1: 1 MF in its LOS
    leaves a need of 0 (test_vmotion's board: the squad enters D3 from hidden C3)."""
    units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "b-lt", "counter": "lt", "side": "b", "hex": "J5", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, "MPh", counters=LT, hexes=HIDDEN)
    pos.push_text("move a-sq C3-D3")
    top = pos.decision
    assert top is not None and "motion-b-lt" in top.choices
    pos.push_text("answer motion-b-lt")
    top = pos.decision
    assert top is not None and top.then == "vmotion" and top.arg("need") == "0"
    pos.push_text("answer dice 1")
    assert not pos.units["b-lt"].has("motion")
    assert pos.units["b-lt"].has(vmotion.TRIED)


# --- platoons from the scenario (D14.2, D14.21, D14.211, D14.22, D14.24) ---

def platoon_units(second: str = "D5", **extra: list[str]) -> list[dict[str, Any]]:
    return [{"id": "x-lt", "counter": "lt", "side": "a", "hex": "C5",
             "markers": ["vca0", "platoon:P1", *extra.get("x", [])]},
            {"id": "y-lt", "counter": "lt", "side": "a", "hex": second,
             "markers": ["vca0", "platoon:P1", *extra.get("y", [])]}]


def test_a_platoon_is_two_or_three_afvs_of_one_side(make_position: Any) -> None:
    """D14.2: a platoon is 2 or 3 AFVs; a scenario with one, or with a squad in it, is refused by name."""
    lone_one = platoon_units()[:1]
    with pytest.raises(DataError, match=r"platoon 'P1' \(x-lt\) has 1 AFV: a platoon is 2 or 3 \(D14.2\)"):
        make_position("asl", lone_one, "MPh", counters=LT)
    squad = [*platoon_units(), {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C6",
                                "markers": ["platoon:P1"]}]
    with pytest.raises(DataError, match=r"a-sq is not an AFV \(D14.2\)"):
        make_position("asl", squad, "MPh", counters={**LT, "4-6-7": COUNTERS_SQUAD})


def test_a_platoon_member_moves_only_by_leaving_with_an_ntc(make_position: Any) -> None:
    """D14.21, D14.23, D14.22: two radioless tanks side by side (C5, D5: adjacent, LOS, both stopped) are a
    platoon; a member moves with it by impulses (test_impulse.py) or after an NTC that takes it out of the
    platoon; its mate, left alone, needs its own NTC (D14.23)."""
    pos: Position = make_position("asl", platoon_units(), "MPh", counters=LT)
    assert [u.id for u in platoon.mates(pos, pos.units["x-lt"])] == ["y-lt"]
    with pytest.raises(IllegalAction, match=r"is in a platoon: it moves with it by impulses"):
        pos.push_text("move x-lt C5-C4")
    assert "move x-lt C5 as ntc" in texts(pos)
    pos.push_text("move x-lt C5 as ntc")
    top = pos.decision
    assert top is not None and "leaves its platoon" in top.prompt and top.arg("need") == "7"
    assert platoon.name_of(pos.units["x-lt"]) is None  # D14.22: non-platoon movement chosen
    pos.push_text("answer dice 2,5")
    pos.push_text("move x-lt C5-C4")
    assert pos.label(pos.units["x-lt"].hex) == "C4"
    pos.push_text("answer keep")
    assert not platoon.mates(pos, pos.units["y-lt"])  # D14.22: the last of a platoon is alone
    pos.push_text("move y-lt D5 as ntc")
    top = pos.decision
    assert top is not None and "is a radioless AFV alone" in top.prompt


def test_tanks_apart_or_in_different_status_are_alone(make_position: Any) -> None:
    """D14.21: C5 and H5 are five hexes apart; C5 and D5 with one in Motion differ in status: each AFV is
    alone (D14.23) and its Motion dr takes +1, not +2."""
    apart: Position = make_position("asl", platoon_units("H5"), "MPh", counters=LT)
    assert not platoon.mates(apart, apart.units["x-lt"])
    with pytest.raises(IllegalAction, match=r"is a radioless AFV alone"):
        apart.push_text("move x-lt C5-C4")
    moving: Position = make_position("asl", platoon_units(y=["motion"]), "MPh", counters=LT)
    assert not platoon.mates(moving, moving.units["x-lt"])
    assert radioless.motion_drm(moving, moving.units["x-lt"]) == 1


def test_a_platoon_broken_up_at_the_mph_end(make_position: Any) -> None:
    """D14.22: a platoon not meeting D14.21 at the end of its MPh stops platoon movement: its AFVs leave it
    (they stay out even if they later stand together)."""
    pos: Position = make_position("asl", platoon_units(y=["motion"]), "MPh", counters=LT)
    pos.push_text("end")
    assert platoon.name_of(pos.units["x-lt"]) is None and platoon.name_of(pos.units["y-lt"]) is None
    kept: Position = make_position("asl", platoon_units(), "MPh", counters=LT)
    kept.push_text("end")
    assert platoon.name_of(kept.units["x-lt"]) == "P1"


def test_recall_makes_it_radio_equipped_and_leaves_the_platoon(make_position: Any) -> None:
    """D14.22: a recalled radioless AFV is no longer in its platoon and behaves as radio-equipped: it moves
    without an NTC; its mate is alone."""
    pos: Position = make_position("asl", platoon_units(x=["recalled"]), "MPh", counters=LT)
    assert not platoon.mates(pos, pos.units["y-lt"])
    assert "move x-lt C5 as ntc" not in texts(pos)
    pos.push_text("move x-lt C5-C4")
    assert pos.label(pos.units["x-lt"].hex) == "C4"
    pos.push_text("answer keep")
    with pytest.raises(IllegalAction, match=r"is a radioless AFV alone"):
        pos.push_text("move y-lt D5-D4")


def test_a_platoon_motion_dr_adds_its_afvs(make_position: Any) -> None:
    """D14.211: the platoon's Motion dr adds the number of its AFVs (2): 1 MF spent in LOS leaves a need of
    1 - 2 = -1 (test_vmotion's board: the squad enters D3 from hidden C3; the tanks in J5 and J4)."""
    units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "b-lt", "counter": "lt", "side": "b", "hex": "J5", "markers": ["vca3", "platoon:P"]},
             {"id": "b-lt2", "counter": "lt", "side": "b", "hex": "J4", "markers": ["vca3", "platoon:P"]}]
    pos: Position = make_position("asl", units, "MPh", counters=LT, hexes=HIDDEN)
    assert radioless.motion_drm(pos, pos.units["b-lt"]) == 2
    pos.push_text("move a-sq C3-D3")
    pos.push_text("answer motion-b-lt")
    top = pos.decision
    assert top is not None and top.then == "vmotion" and top.arg("need") == "-1"


def test_a_radio_afv_leaves_its_platoon_without_an_ntc(make_position: Any) -> None:
    """D14.24: a radio-equipped AFV in a platoon needs no NTC to leave it: its move takes it out."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C2", "markers": ["vca0", "platoon:Q"]},
             {"id": "a-pz2", "counter": "pz", "side": "a", "hex": "C3", "markers": ["vca0", "platoon:Q"]}]
    pos: Position = make_position("asl", units, "MPh", counters=LT)
    assert "move a-pz C2 as ntc" not in texts(pos)
    pos.push_text("move a-pz C2-D2")
    assert platoon.name_of(pos.units["a-pz"]) is None


def test_a_platoon_goes_into_motion_as_one(make_position: Any) -> None:
    """D14.211: one dr for the platoon, +2 for its two AFVs; a success puts both in Motion, each with its free
    turn (D2.401), and neither tries again this MPh. The squad's 1 MF hexes D3, E4, E5 are in b-lt's LOS (E3
    is not: F3's building; b-lt2 in J4 sees fewer, and the most in any one AFV's LOS counts): 3 - 2 = 1; dr 1
    succeeds."""
    units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "b-lt", "counter": "lt", "side": "b", "hex": "J5", "markers": ["vca3", "platoon:P"]},
             {"id": "b-lt2", "counter": "lt", "side": "b", "hex": "J4", "markers": ["vca3", "platoon:P"]}]
    pos: Position = make_position("asl", units, "MPh", counters=LT, hexes=HIDDEN)
    pos.push_text("move a-sq C3-D3-E3-E4-E5")
    for _ in range(3):
        pos.push_text("answer pass")
    pos.push_text("answer motion-b-lt")
    top = pos.decision
    assert top is not None and top.then == "vmotion" and top.arg("need") == "1"
    assert top.subject == ("b-lt", "b-lt2") and "one dr, +2" in top.prompt
    pos.push_text("answer dice 1")
    assert pos.units["b-lt"].has("motion") and pos.units["b-lt2"].has("motion")
    assert pos.units["b-lt2"].has(vmotion.TRIED)
    faced = []
    while pos.decision is not None and pos.decision.then == "vmotion_face":
        faced.append(pos.decision.subject[0])
        pos.push_text("answer keep")
    assert sorted(faced) == ["b-lt", "b-lt2"]


def test_a_platoon_takes_one_reliability_dr_and_picks_the_one_it_immobilizes(make_position: Any) -> None:
    """D14.21, D2.51: two radio-equipped German tanks in a platoon (D14.24) made red-MP by D2.52's option go
    into Motion: one DR for both; 12 immobilizes one, picked by a dr (5 of 1-6 split between two: the
    second); the other goes into Motion. A dr above the need (3 - 2 = 1) leaves both stopped, both tried."""
    units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "b-pz", "counter": "pz", "side": "b", "hex": "J5", "markers": ["vca3", "platoon:P"]},
             {"id": "b-pz2", "counter": "pz", "side": "b", "hex": "J4", "markers": ["vca3", "platoon:P"]}]

    def to_the_dr() -> Position:
        pos: Position = make_position("asl", units, "MPh", counters=LT, hexes=HIDDEN,
                                      options={"axis_red_mp": True})
        pos.push_text("move a-sq C3-D3-E3-E4-E5")
        for _ in range(3):
            pos.push_text("answer pass")
        pos.push_text("answer motion-b-pz")
        return pos

    failed = to_the_dr()
    failed.push_text("answer dice 2")
    assert not failed.units["b-pz"].has("motion") and not failed.units["b-pz2"].has("motion")
    assert failed.units["b-pz2"].has(vmotion.TRIED)
    pos = to_the_dr()
    pos.push_text("answer dice 1")
    top = pos.decision
    assert top is not None and top.then == "vmotion_mr" and top.subject == ("b-pz", "b-pz2")
    pos.push_text("answer dice 6,6")
    top = pos.decision
    assert top is not None and top.then == "vmotion_pick"
    pos.push_text("answer dice 5")
    assert pos.units["b-pz2"].has("immobilized") and not pos.units["b-pz2"].has("motion")
    assert pos.units["b-pz"].has("motion")
    assert not platoon.mates(pos, pos.units["b-pz"])  # D14.22: the immobilized one has left


def test_a_platoon_formed_at_the_start_of_the_mph(make_position: Any) -> None:
    """D14.2: two radioless tanks in C5 and D5 (adjacent, LOS, both stopped) form a platoon at the start of
    their MPh, offered on the page; five hexes apart (C5, H5) they may not (D14.21); nor once a unit of
    the side has moved."""
    pos: Position = make_position("asl", [{**u, "markers": ["vca0"]} for u in platoon_units()], "MPh",
                                  counters=LT)
    assert "move x-lt,y-lt C5 as platoon" in texts(pos)
    pos.push_text("move x-lt,y-lt C5 as platoon")
    assert platoon.name_of(pos.units["y-lt"]) == "x-lt"
    assert [u.id for u in platoon.mates(pos, pos.units["y-lt"])] == ["x-lt"]
    assert not any(t.endswith("as platoon") for t in texts(pos))  # both in a platoon now
    apart: Position = make_position("asl", [{**u, "markers": ["vca0"]} for u in platoon_units("H5")], "MPh",
                                    counters=LT)
    with pytest.raises(IllegalAction, match=r"do not meet D14.21"):
        apart.push_text("move x-lt,y-lt C5 as platoon")
    units = [*({**u, "markers": ["vca0"]} for u in platoon_units()),
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "A1"}]
    later: Position = make_position("asl", units, "MPh", counters={**LT, "4-6-7": COUNTERS_SQUAD})
    later.push_text("move a-sq A1-A2")
    with pytest.raises(IllegalAction, match=r"at the start of its own MPh"):
        later.push_text("move x-lt,y-lt C5 as platoon")
