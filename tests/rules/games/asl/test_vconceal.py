"""A12.4-A12.42: a vehicle entering concealed enemy units' Location is not stopped by them (A12.4); unless it
comes by bypass or a woods-road, their owner reveals them all or takes one PAATC for the whole stack at its
lowest morale with the best leader's modifier, a dummy stack at morale 7; failing reveals and pins them all
(A12.41). A bypassing vehicle reveals no one unless it ends its MPh there (A12.42). Counters from
test_armour's catalogue: the demo Panzer moves C3 -> D3 (open ground) at the 4-6-7 (morale 7) and 4-4-7."""

from __future__ import annotations

import dataclasses
from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, vconceal

from .test_armour import COUNTERS, pass_reactions

EXTRA = {**COUNTERS, "dummy": {"type": "dummy"}, "6-2-8": {"type": "squad", "fp": 6, "range": 2, "morale": 8,
                                                             "broken_morale": 8},
         "9-1": {"type": "leader", "morale": 9, "broken_morale": 8, "leadership": -1}}


def _pos(make_position: Any, stack: list[tuple[str, str]], **kw: Any) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C3", "markers": ["vca2"]}]
    units += [{"id": uid, "counter": c, "side": "b", "hex": "D3", "concealed": True} for uid, c in stack]
    pos: Position = make_position("asl", units, "MPh", counters=EXTRA, **kw)
    return pos


def test_a12_4_the_tank_enters_and_the_owner_is_asked(make_position: Any) -> None:
    pos = _pos(make_position, [("b-1", "4-6-7"), ("b-2", "6-2-8")])
    pos.push_text("move a-pz C3-D3")
    assert pos.units["a-pz"].hex == pos.map.parse_label("D3")  # A12.4: not bumped back as infantry is
    top = pos.state.decision
    assert top is not None and top.then == vconceal.THEN and top.side == "b"
    assert set(top.subject) == {"b-1", "b-2"} and top.choices == (vconceal.REVEAL, vconceal.PAATC)


def test_a12_41_revealing_shows_them_unpinned(make_position: Any) -> None:
    pos = _pos(make_position, [("b-1", "4-6-7"), ("b-d", "dummy")])
    pos.push_text("move a-pz C3-D3")
    pos.push_text("answer reveal")
    assert not pos.units["b-1"].concealed and not pos.units["b-1"].has("pinned")
    assert "b-d" not in pos.units  # A12.14: a dummy that loses its "?" is removed


def test_a12_41_one_paatc_at_the_lowest_morale_failing_pins_them_all(make_position: Any) -> None:
    pos = _pos(make_position, [("b-1", "4-6-7"), ("b-2", "6-2-8")])
    pos.push_text("move a-pz C3-D3")
    pos.push_text("answer paatc")
    pos.push_text("answer dice 4,4")  # 8 against the 4-6-7's 7 (not the 6-2-8's 8): failed
    for uid in ("b-1", "b-2"):
        assert not pos.units[uid].concealed and pos.units[uid].has("pinned")


def test_a12_41_passed_they_keep_the_question_mark(make_position: Any) -> None:
    pos = _pos(make_position, [("b-1", "4-6-7"), ("b-2", "6-2-8")])
    pos.push_text("move a-pz C3-D3")
    pos.push_text("answer paatc")
    pos.push_text("answer dice 3,4")  # 7 against 7
    assert pos.units["b-1"].concealed and pos.units["b-2"].concealed
    assert not pos.units["b-1"].has("pinned")
    assert "b-1>a-pz" in pos.state.game.paatc  # D7.21: passed against this vehicle this phase


def test_a12_41_the_best_leader_helps_and_is_not_asked_himself(make_position: Any) -> None:
    pos = _pos(make_position, [("b-1", "4-6-7"), ("b-l", "9-1")])
    pos.push_text("move a-pz C3-D3")
    top = pos.state.decision
    assert top is not None and top.subject == ("b-1",)  # A11.6: an SMC takes no PAATC
    pos.push_text("answer paatc")
    pos.push_text("answer dice 4,4")  # 8 - 1 = 7 against 7: passed
    assert pos.units["b-1"].concealed and pos.units["b-l"].concealed


def test_a12_41_dummies_alone_check_at_morale_7(make_position: Any) -> None:
    pos = _pos(make_position, [("b-d", "dummy"), ("b-e", "dummy")])
    pos.push_text("move a-pz C3-D3")
    pos.push_text("answer paatc")
    pos.push_text("answer dice 4,4")  # 8 > 7: the dummies are shown, so removed
    assert "b-d" not in pos.units and "b-e" not in pos.units


WOODS_ROAD = {"F6": {"road": ["N"]}, "F5": {"terrain": "woods", "road": ["S"]}}


def _at_f5(make_position: Any, hexes: dict[str, Any]) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "F6", "markers": ["vca1"]},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "F5", "concealed": True}]
    pos: Position = make_position("asl", units, "MPh", counters=EXTRA, hexes=hexes)
    return pos


def _asked(pos: Position) -> bool:
    return any(d.then == vconceal.THEN for d in pos.state.decisions)


def test_a12_41_not_by_a_woods_road(make_position: Any) -> None:
    pos = _at_f5(make_position, WOODS_ROAD)
    pos.push_text("move a-pz F6-F5")
    assert pos.units["a-pz"].hex == pos.map.parse_label("F5") and not _asked(pos)
    assert pos.units["b-1"].concealed
    plain = _at_f5(make_position, {"F5": {"terrain": "woods"}})  # the same woods, not by its road: asked
    plain.push_text("move a-pz F6-F5")
    assert _asked(plain)


def _settle(pos: Position) -> None:
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def test_a12_42_a_bypassing_tank_reveals_no_one_until_it_ends_its_mph_there(make_position: Any) -> None:
    hexes = {"I5": {"terrain": "wooden-building"}}
    units = [{"id": "a-t", "counter": "pz", "side": "a", "hex": "I6", "markers": ["vca2"]},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "I5", "concealed": True},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "H5", "concealed": True}]
    pos: Position = make_position("asl", units, "MPh", counters=EXTRA, hexes=hexes)
    pos.push_text("move a-t I6-I5 as bypass:H5")
    _settle(pos)
    assert pos.units["a-t"].hex == pos.map.parse_label("I5") and not _asked(pos)
    assert pos.units["b-1"].concealed
    after = pos.at(vconceal.end_of_mph(pos))  # A12.42: it ends its MPh there, in bypass
    assert not after.units["b-1"].concealed
    assert after.units["b-2"].concealed  # across the bypassed hexside: untouched (D2.36)


def test_a12_1_a_crewless_empty_vehicle_costs_no_question_mark(make_position: Any) -> None:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "D3", "markers": ["vca2", "abandoned"]},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "D3", "concealed": True}]
    pos = make_position("asl", units, "MPh", counters=EXTRA)
    assert vconceal.broken_for_concealment(pos, pos.units["a-pz"])
    assert vconceal.entered(pos.game, pos, "a-pz", pos.map.parse_label("C3")) == pos.state


def test_a12_41_the_overrun_waits_for_the_paatc_and_is_area_fire_at_the_question_marks(
        make_position: Any) -> None:
    pos = _pos(make_position, [("b-1", "4-6-7")])
    pos.push_text("move a-pz C3-D3")
    pos.push_text("answer paatc")
    pos.push_text("answer dice 3,4")  # passed: still concealed
    top = pos.state.decision
    assert top is not None and top.side == "a" and pos.units["b-1"].concealed  # now the OVR's DR
    pos.push_text("answer dice 3,3")
    res = pos.last_resolution
    assert res is not None
    assert any(line.rule == "A12.41" and "halved" in str(line.label) for line in res.lines)


def test_a12_42_passengers_unloaded_in_the_bypassed_hex_cost_the_question_mark(make_position: Any) -> None:
    """A12.42: the vehicle goes on after its passenger got off in the bypassed I5 (D2.36); the squad ends its
    MPh in I5, so the "?" there goes at the MPh's end; H5, across the bypassed hexside, keeps its own."""
    hexes = {"I5": {"terrain": "wooden-building"}}
    units = [{"id": "a-t", "counter": "ht", "side": "a", "hex": "I6", "markers": ["vca2"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "I6", "carrier": "a-t"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "I5", "concealed": True},
             {"id": "b-d", "counter": "dummy", "side": "b", "hex": "I5", "concealed": True},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "H5", "concealed": True}]
    pos: Position = make_position("asl", units, "MPh", counters=EXTRA, hexes=hexes)
    pos.push_text("move a-t I6-I5 as bypass:H5")
    _settle(pos)
    pos.push_text("unload a-t")
    _settle(pos)
    assert pos.label(pos.units["a-sq"].hex) == "I5" and pos.units["b-1"].concealed  # bypass: no one reveals
    moved = pos.state.with_unit(dataclasses.replace(pos.units["a-t"], hex=pos.map.parse_label("J5")))
    after = pos.at(vconceal.end_of_mph(pos.at(moved)))  # the halftrack went on; the squad stays in I5
    assert not after.units["b-1"].concealed and "b-d" not in after.units  # A12.14: the dummy removed
    assert after.units["b-2"].concealed


def test_a12_42_no_passenger_unloaded_there_no_question_mark_lost(make_position: Any) -> None:
    units = [{"id": "a-t", "counter": "ht", "side": "a", "hex": "J5", "markers": ["vca2"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "I5"},  # not unloaded this MPh
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "I5", "concealed": True, "level": 1}]
    hexes = {"I5": {"terrain": "stone-building", "features": ["building-level-1"]}}
    pos: Position = make_position("asl", units, "MPh", counters=EXTRA, hexes=hexes)
    assert vconceal.end_of_mph(pos).units["b-1"].concealed
    unloaded = pos.state.with_unit(pos.units["a-sq"].mark("unloaded"))
    assert vconceal.end_of_mph(pos.at(unloaded)).units["b-1"].concealed  # another Location: level 1


def _offers(pos: Position) -> set[str]:
    return {pos.action_text(a) for a in pos.legal_actions}


def test_a12_41_d7_1_no_ovr_mp_when_the_answer_leaves_only_dummies_gone(make_position: Any) -> None:
    """A12.41: with no known enemy in the Location entered, the OVR's MP wait for the concealed units' PAATC;
    D7.1: the OVR costs a quarter of the printed MP allowance (FRU) with the entry: the demo Panzer's 14 MP
    give 3.5 -> 4, so C3-D3 is 4 + 4 = 8 MP where the same path ``as through`` costs 4. The dummy's owner
    reveals it and it is removed (A12.14): no one is left to overrun, so no OVR DR is asked and the Panzer
    spends the entry's 4 MP, then 1 to stop (D2.13): 5, not 9."""
    pos = _pos(make_position, [("b-d", "dummy")])
    assert {"move a-pz C3-D3 cost 8", "move a-pz C3-D3 cost 4 as through"} <= _offers(pos)
    pos.push_text("move a-pz C3-D3")
    pos.push_text("answer reveal")
    assert "b-d" not in pos.units
    assert not any(d.then in ("vovr", "vovr_ft") for d in pos.state.decisions)
    top = pos.decision
    assert top is not None and top.then == "vfacing"
    pos.push_text("answer keep")
    assert armour.spent_of(pos.units["a-pz"]) == 5


def test_a12_41_d7_1_failed_paatc_of_dummies_alone_refunds_the_ovr_mp_on_a_longer_path(
        make_position: Any) -> None:
    """The same through a dummy stack that fails its PAATC at morale 7 (DR 8) on the way C3-D3-E3: removed
    (A12.14); the path's 8 + 1 = 9 MP lose the 4 of the OVR: 5 spent at E3, 6 with the stop MP."""
    pos = _pos(make_position, [("b-d", "dummy"), ("b-e", "dummy")])
    pos.push_text("move a-pz C3-D3-E3")
    pos.push_text("answer paatc")
    pos.push_text("answer dice 4,4")
    assert "b-d" not in pos.units and "b-e" not in pos.units
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing"
    pos.push_text("answer keep")
    assert armour.spent_of(pos.units["a-pz"]) == 6


def test_a12_41_d7_1_a_real_unit_left_keeps_the_ovr_and_its_mp(make_position: Any) -> None:
    """A squad and a dummy: revealed, the dummy goes but the 4-6-7 stays: the OVR is still made (its DR asked
    of the Panzer's owner) and its 4 MP stay spent with the entry."""
    pos = _pos(make_position, [("b-1", "4-6-7"), ("b-d", "dummy")])
    pos.push_text("move a-pz C3-D3")
    pos.push_text("answer reveal")
    assert "b-d" not in pos.units and not pos.units["b-1"].concealed
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vovr" and top.side == "a"
    moving = pos.state.moving
    assert moving is not None and moving.cost == 8
