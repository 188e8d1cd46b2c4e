"""D7.211: Residual FP in the vehicle's Location, and in the street fighters' own, attacks them on the way
into the street and back, as if they used Assault Movement (no FFNAM, A4.61; FFMO in the open street),
with the Location's TEM (streetrfp.py). The board and units are test_street's (the D7.2 example's street
E3 beside the building D2); the Residual counters are placed by hand as A8.2 leaves them (the 2 FP of a
4-FP attack)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import residual as rfp
from hexmate.rules.games.asl import streetrfp

from .test_street import board, into_e3


def to_the_attack(make_position: Any, *where: str) -> Position:
    """The tank is in E3; Residual 2 FP (the defender's own, left at the units moving with it) in ``where``;
    the 4-4-7 and the leader in D2 street-fight and pass their PAATC."""
    pos = board(make_position)
    into_e3(pos)
    state = pos.state
    for label in where:
        state = rfp.place(pos, state, pos.map.parse_label(label), 2, "b")
    pos = pos.at(state)
    pos.push_text("answer street")
    pos.push_text("answer units b-sq")
    pos.push_text("answer units b-ldr")
    pos.push_text("answer dice 2,3")  # the PAATC: passed
    return pos


def labels(pos: Position) -> list[str]:
    res = pos.last_resolution
    assert res is not None
    return [str(line.label) for line in res.lines]


def test_d7_211_residual_in_the_street_attacks_them_on_the_way_in(make_position: Any) -> None:
    pos = to_the_attack(make_position, "E3")
    top = pos.decision
    assert top is not None and top.then == streetrfp.ATTACK and pos.label(top.target) == "E3"
    assert set(top.subject) == {"b-sq", "b-ldr"}
    pos.push_text("answer dice 6,6")  # no effect
    got = labels(pos)
    assert "Residual FP" in got and "moving in Open Ground (FFMO)" in got  # A4.61: Assault Movement
    assert "First Fire at a moving unit (FFNAM)" not in got
    for uid in ("b-sq", "b-ldr"):  # back where the rule keeps them: in their building
        assert pos.label(pos.units[uid].hex) == "D2" and not pos.units[uid].has("assault")
    cc = pos.decision
    assert cc is not None and cc.then == "ovr_cc"  # then the attack itself


def test_d7_211_d7_213_a_unit_pinned_on_the_way_in_makes_no_attack(make_position: Any) -> None:
    pos = to_the_attack(make_position, "E3")
    pos.push_text("answer dice 6,6")
    pos = pos.at(pos.state.with_unit(pos.units["b-sq"].mark("pinned")))  # as a PTC it failed would leave it
    pos.push_text("answer dice 1,1")  # would burn the tank
    tank = pos.units["a-pz"]
    assert not tank.has("wreck")
    res = pos.last_resolution
    assert res is not None and "D7.213" in [line.rule for line in res.lines]


def test_d7_211_residual_in_their_own_location_attacks_them_on_the_way_back(make_position: Any) -> None:
    pos = to_the_attack(make_position, "D2")
    cc = pos.decision
    assert cc is not None and cc.then == "ovr_cc"  # none in the street: the attack at once
    pos.push_text("answer dice 4,4")  # fails
    top = pos.decision
    assert top is not None and top.then == streetrfp.ATTACK and pos.label(top.target) == "D2"
    pos.push_text("answer dice 6,6")
    got = labels(pos)
    assert any(label.startswith("target terrain") for label in got)  # the building's TEM (D7.211)


def test_without_residual_the_attack_is_as_before(make_position: Any) -> None:
    pos = to_the_attack(make_position)
    cc = pos.decision
    assert cc is not None and cc.then == "ovr_cc"
    assert not any(d.then == streetrfp.ATTACK for d in pos.state.decisions)
