"""Re-entering an abandoned vehicle (vreentry.py, D5.42, D5.43) and the Immobilization TC after an Overrun
or a CC (vcrew.after_overrun, D5.5, D7.17): the text's conditions, each a case."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import overrun, vcrew, vreentry

from .test_armour import COUNTERS
from .test_street import board as street_board
from .test_street import into_e3

CREWS = {**COUNTERS, "2-2-8": {"type": "crew", "fp": 2, "range": 2, "morale": 8, "broken_morale": 8},
         "LMG": {"type": "sw", "sw": "mg", "nationality": "german", "fp": 3, "range": 8, "rof": 1,
                 "breakdown": 12, "repair": 1, "pp": 1}}


def board(make_position: Any, *extra: dict[str, Any], tank: tuple[str, ...] = ("abandoned",),
          phase: str = "MPh") -> Position:
    units = [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", *tank]},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "J5"},
        *extra,
    ]
    pos: Position = make_position("asl", units, phase, counters=CREWS)
    return pos


def crew(hex_: str = "C5", *markers: str) -> dict[str, Any]:
    return {"id": "a-cr", "counter": "2-2-8", "side": "a", "hex": hex_, "markers": list(markers)}


def test_d5_42_a_crew_in_the_location_enters_and_spends_all_its_mf(make_position: Any) -> None:
    """D5.42: the crew began its MPh in the vehicle's Location; it enters, all its MF spent, and is its
    inherent crew: off the map, the vehicle no longer Abandoned, mobile again."""
    pos = board(make_position, crew())
    pos.push_text("load a-cr into a-pz")
    top = pos.decision  # D5.43: b-sq in J5 sees C5: a Defensive First Fire window at the entering crew
    assert top is not None
    assert (top.kind, top.rule, top.side, top.subject) == ("react", "D5.43", "b", ("a-cr",))
    pos.push_text("answer pass")
    assert "a-cr" not in pos.units and "a-cr" in pos.state.moved
    tank = pos.units["a-pz"]
    assert not tank.has("abandoned")
    assert {(ph.what, ph.unit) for ph in pos.changes} >= {("remove", "a-cr"), ("take", "a-pz")}
    assert vcrew.has_crew(tank)


@pytest.mark.parametrize(
    ("unit", "tank", "phase", "rule"),
    [
        (crew("D5"), ("abandoned",), "MPh", r"Location of a-pz"),  # not in its Location
        (crew("C5", "pinned"), ("abandoned",), "MPh", r"D5\.43"),  # D5.43: Good Order, unpinned
        (crew("C5", "broken"), ("abandoned",), "MPh", r"D5\.43"),
        (crew(), ("abandoned", "crew_left"), "MPh", r"left it this Player Turn"),  # D5.42
        (crew(), ("abandoned", "wreck"), "MPh", r"wreck"),
        ({"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C5"}, ("abandoned",), "MPh", r"D5\.42"),
        ({"id": "a-cr", "counter": "2-2-8", "side": "b", "hex": "C5"}, ("abandoned",), "MPh",
         r"capture it in a CCPh first.*\(A21\.2, A11\.52\)"),
    ],
)
def test_d5_42_who_may_not_enter(make_position: Any, unit: dict[str, Any], tank: tuple[str, ...], phase: str,
                                 rule: str) -> None:
    pos = board(make_position, unit, tank=tank, phase=phase)
    with pytest.raises(IllegalAction, match=rule):
        pos.push_text(f"load {unit['id']} into a-pz")


def test_d5_42_not_in_the_player_turn_the_crew_left(make_position: Any) -> None:
    """D5.41/D5.42: the crew abandons the tank; it may not climb back in during that Player Turn (it has spent
    its MF leaving, and the vehicle's crew left it this turn)."""
    pos = board(make_position, tank=())
    pos.push_text("move a-pz C5 as abandon")
    tank = pos.units["a-pz"]
    assert tank.has("abandoned") and tank.has(vreentry.LEFT)
    with pytest.raises(IllegalAction, match=r"D5\.42"):
        pos.push_text("load a-pz-crew into a-pz")


def test_d5_42_a_unit_that_moved_this_mph_may_not_enter(make_position: Any) -> None:
    pos = board(make_position, crew("D5"))
    pos.push_text("move a-cr D5-C5")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    with pytest.raises(IllegalAction, match=r"begin its MPh"):
        pos.push_text("load a-cr into a-pz")


def overrun_with_halftrack(make_position: Any, *markers: str) -> Position:
    units = [
        {"id": "a-ht", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"},
    ]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-ht C5-D5")
    assert pos.decision is not None and pos.decision.then == overrun.OVR
    return pos


def test_d5_5_an_overrun_original_12_immobilizes_and_the_crew_checks(make_position: Any) -> None:
    """D7.17, D5.5: the halftrack's only MG is malfunctioned already, so no weapon of the OVR breaks down and
    the original 12 immobilizes it; an OVR is an attack other than CC, so its crew takes the Immobilization TC
    at once (demo crew morale 8). A DR over 8 puts the crew beneath it and the vehicle is Abandoned."""
    pos = overrun_with_halftrack(make_position, "bmg_malf")
    pos.push_text("answer dice 6,6")
    assert pos.units["a-ht"].has("immobilized")
    tc = pos.decision
    assert tc is not None and tc.then == "vitc" and tc.arg("need") == "8"
    pos.push_text("answer dice 5,4")
    assert pos.units["a-ht"].has("abandoned") and "a-ht-crew" in pos.units


def test_d5_5_no_tc_without_an_original_12(make_position: Any) -> None:
    pos = overrun_with_halftrack(make_position)
    pos.push_text("answer dice 6,5")
    assert not pos.units["a-ht"].has("immobilized")
    assert all(d.then != "vitc" for d in pos.state.decisions)


def test_d5_5_no_tc_after_immobilization_by_cc(make_position: Any) -> None:
    """D5.5: an immobilization by CC calls for no TC: the Street Fighting attack of the D7.2 example (CCV 6,
    DRM 0) with an original 6 immobilizes the tank and no TC follows."""
    pos = street_board(make_position)
    into_e3(pos)
    answers = ("answer street", "answer units b-sq", "answer units b-ldr",
               "answer dice 2,3", "answer dice 3,3")
    for text in answers:
        pos.push_text(text)
    assert pos.units["a-pz"].has("immobilized")
    assert all(d.then != "vitc" for d in pos.state.decisions)


def _fire_lines(pos: Position, text: str) -> list[tuple[str, str, str]]:
    return [(str(line.label), line.value, line.rule) for line in pos.resolve(pos.parse_action(text)).lines]


def test_d5_43_defensive_first_fire_at_the_entering_unit_as_ffnam_infantry(make_position: Any) -> None:
    """D5.43: a unit entering an abandoned vehicle is Infantry under FFNAM for every attack declared at the
    MF it spends entering; the window is the other side's Defensive First Fire at it."""
    pos = board(make_position, crew())
    pos.push_text("load a-cr into a-pz")
    assert "a-cr" in pos.units and pos.units["a-pz"].has("abandoned")  # not inside before the window closes
    lines = _fire_lines(pos, "fire b-sq at C5 dice 3,4")
    assert ("First Fire at a moving unit (FFNAM)", "-1", "A4.6") in lines


@pytest.mark.parametrize(("ptc", "inside"), [("6,5", False), ("2,2", True)])
def test_d5_43_a_unit_pinned_entering_stays_out_and_has_spent_its_mf(make_position: Any, ptc: str,
                                                                      inside: bool) -> None:
    """D5.43: the entry succeeds only if the unit comes through every such attack unpinned and in Good
    Order: pinned by a failed PTC (A7.8) the crew stays beside the still Abandoned vehicle, its MF spent
    (D5.42); passing it, it gets in."""
    pos = board(make_position, crew())
    pos.push_text("load a-cr into a-pz")
    # 2 FP (long range), +1 D9.3, -1 FFNAM, doubles cower one column: final DR 6 on the 1 column is a PTC
    pos.push_text("fire b-sq at C5 dice 3,3")
    top = pos.decision
    assert top is not None and (top.then, top.subject) == ("ptc", ("a-cr",))
    pos.push_text(f"answer dice {ptc}")  # against the crew's morale 8
    top = pos.decision
    assert top is not None and top.kind == "react" and top.rule == "D5.43"  # the window stays open
    pos.push_text("answer pass")
    assert pos.decision is None and pos.state.moving is None and "a-cr" in pos.state.moved
    assert ("a-cr" not in pos.units) is inside
    assert pos.units["a-pz"].has("abandoned") is not inside


def test_d5_43_no_window_when_nobody_can_fire(make_position: Any) -> None:
    """No enemy unit sees the vehicle's Location: the crew is inside at once (D5.42)."""
    units = [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", "abandoned"]},
        {"id": "b-pz", "counter": "pz", "side": "b", "hex": "A1", "markers": ["vca0", "abandoned"]},
        crew(),
    ]
    pos: Position = make_position("asl", units, "MPh", counters=CREWS)
    pos.push_text("load a-cr into a-pz")
    assert pos.decision is None and "a-cr" not in pos.units and not pos.units["a-pz"].has("abandoned")


def test_d5_42_a_sw_the_crew_carried_stays_in_the_location(make_position: Any) -> None:
    """D5.42: the crew carrying a LMG enters the tank as its inherent crew (off the map); the LMG, which an
    inherent crew cannot possess, stays unpossessed in C5 instead of pointing at a unit that is gone."""
    lmg = {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C5", "carrier": "a-cr"}
    pos = board(make_position, crew(), lmg)
    pos.push_text("load a-cr into a-pz")
    pos.push_text("answer pass")
    assert "a-cr" not in pos.units
    sw = pos.units["a-lmg"]
    assert sw.carrier is None and pos.label(sw.hex) == "C5"


def test_a21_2_an_enemy_abandoned_vehicle_is_captured_in_a_ccph_before_it_is_crewed(
        make_position: Any) -> None:
    """A21.2, A11.52: a crew of the other side may not enter a-pz as it stands: the refusal says to capture it
    in a CCPh first; once taken at the CCPh's end (nobody of a's there, vcapture.py) it is b's and the same
    entry meets only D5.42's own conditions (here: b's MPh)."""
    enemy = {"id": "b-cr", "counter": "2-2-8", "side": "b", "hex": "C5"}
    pos = board(make_position, enemy)
    with pytest.raises(IllegalAction, match=r"capture it in a CCPh first.*\(A21\.2, A11\.52\)") as got:
        pos.game.check(pos, pos.parse_action("load b-cr into a-pz"))
    assert "not built" not in str(got.value)
    from hexmate.rules.games.asl import vcapture

    taken = pos.at(vcapture.end_of_ccph(pos.state))
    assert taken.units["a-pz"].side == "b"
    with pytest.raises(IllegalAction, match=r"only in their own MPh \(D5\.42\)"):
        taken.game.check(taken, taken.parse_action("load b-cr into a-pz"))
