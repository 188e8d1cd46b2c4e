"""Armor Leaders (armorldr.py): D3.4 counters, D3.42 crew morale, D3.44 where the leadership applies, D3.45
the Inexperienced crew's 6+1, D5.341 removal by Recall."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games import Position
from hexmate.rules.games.asl import alhide, armorldr, armour, vcrew, vfire

from .test_armour import COUNTERS, units

LED = {**COUNTERS, "pz-al": {"type": "vehicle", "vehicle": "demo-pz-g", "armor_leader": "9-1"},
       "pz-in": {"type": "vehicle", "vehicle": "demo-pz-g", "inexperienced_crew": 1, "armor_leader": "9-1"}}


def make(make_position: Any) -> Position:
    extra = [{"id": "a-al", "counter": "pz-al", "side": "a", "hex": "C6", "markers": ["vca0"]},
             {"id": "a-in", "counter": "pz-in", "side": "a", "hex": "C7", "markers": ["vca0"]}]
    pos: Position = make_position("asl", units(*extra), "MPh", counters=LED)
    return pos


@pytest.mark.parametrize(("text", "value"), [("8-1", (8, -1)), ("9-1", (9, -1)), ("10-2", (10, -2)),
                                             ("6+1", (6, 1))])
def test_d3_4_counters_read_as_morale_and_leadership(text: str, value: tuple[int, int]) -> None:
    """D3.4: Armor Leader counters run from 8-1 to 10-2; D3.45's quasi-leader is 6+1."""
    assert armorldr.parse(text) == value


def test_d3_4_a_bad_counter_value_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match=r"armor_leader 'nine'.*D3\.4"):
        armorldr.parse("nine")


def test_d3_42_the_crew_has_its_armor_leaders_morale(make_position: Any) -> None:
    """D3.42: the inherent crew's morale equals its Armor Leader's; without one, the counter's/demo value."""
    pos = make(make_position)
    assert vcrew.crew_morale(pos, pos.units["a-al"]) == (9, False)
    assert armorldr.morale(pos.units["a-pz"]) is None


def test_d3_44_leadership_applies_only_to_the_listed_rolls(make_position: Any) -> None:
    """D3.44: MA DR, OVR, CC, HD maneuver dr, HT FG, Bog Removal; an MG/FT other than the MA only in OVR."""
    tank = make(make_position).units["a-al"]
    for roll in sorted(armorldr.APPLIES):
        assert armorldr.leadership(tank, roll) == -1
    assert armorldr.leadership(tank, "ma", weapon="mg") == 0
    assert armorldr.leadership(tank, "ovr", weapon="mg") == -1
    with pytest.raises(ValueError, match=r"D3\.44"):
        armorldr.leadership(tank, "rally")


def test_d3_45_inexperienced_crew_must_use_its_6_plus_1(make_position: Any) -> None:
    """D3.45: an Inexperienced crew's 6+1 quasi-leader is used even when a normal one could apply."""
    pos = make(make_position)
    tank = pos.units["a-in"]
    assert armorldr.leader(tank) == (6, 1)
    assert vcrew.crew_morale(pos, tank) == (6, False)
    assert armorldr.leadership(tank, "bog_removal") == 1
    assert armorldr.on_recall(tank) is tank  # never removed (D3.45, D5.341)


def test_d5_341_recall_removes_the_armor_leader(make_position: Any) -> None:
    """D5.341: an Armor Leader in a Recalled AFV is removed; the crew loses his morale and leadership."""
    tank = armorldr.on_recall(make(make_position).units["a-al"])
    assert tank.has("armor_leader_removed")
    assert armorldr.leader(tank) is None and armorldr.leadership(tank, "ma") == 0


def test_d3_44_d8_3_bog_removal_in_play_takes_the_leadership(make_position: Any) -> None:
    """D3.44, D8.3: a 10-2 Armor Leader (brought in by his owner, D3.41): colored 6 (would immobilize) -2 = 4:
    freed for 6 x 1 = 6 MP (the
    unmodified colored dr times the white); an Inexperienced crew's +1: colored 4 + 1 = 5: Mired (D8.31)."""
    counters = {**LED, "pz-10": {"type": "vehicle", "vehicle": "demo-pz-g", "armor_leader": "10-2"}}
    for counter, dice, mark in (("pz-10", "1,6", None), ("pz-in", "1,4", "mired")):
        units = [{"id": "a-x", "counter": counter, "side": "a", "hex": "C5", "markers": ["vca0", "bogged"]},
                 {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"}]
        pos: Position = make_position("asl", units, "MPh", counters=counters)
        pos.push_text("move a-x C5 as unbog")
        pos.push_text(f"answer dice {dice}")  # white first, colored second
        if mark is None:  # D3.41: the hidden 10-2 would free it: his owner is asked privately, brings him in
            top = pos.decision
            assert top is not None and top.then == alhide.RERUN_THEN
            assert top.choices == (alhide.USE, alhide.KEEP)
            pos.push_text("answer use")
            assert pos.units["a-x"].has(armorldr.SHOWN)
        tank = pos.units["a-x"]
        assert not tank.has("bogged")
        if mark is None:
            assert not tank.has("immobilized") and armour.spent_of(tank) == 6
        else:
            assert tank.has(mark)


def test_d3_44_the_ma_to_hit_takes_the_leadership(make_position: Any) -> None:
    """D3.44: a 9-1 Armor Leader's -1 on the MA's To Hit DR: the same shot hits on one more (C3 Final TH#)."""
    extra = {"id": "a-al", "counter": "pz-al", "side": "a", "hex": "C5", "markers": ["vca0"]}
    pos: Position = make_position("asl", units(extra), "PFPh", counters=LED)
    plain, _, _, _ = vfire.to_hit_of(pos, pos.units["a-pz"], pos.units["b-t"])
    led, steps, _, _ = vfire.to_hit_of(pos, pos.units["a-al"], pos.units["b-t"])
    assert led == plain + 1
    assert [(s.value, s.rule) for s in steps if s.name == "leader"] == [(-1, "D3.44")]


def test_d3_43_no_armor_leader_once_the_crew_is_a_counter(make_position: Any) -> None:
    """D3.43: once the vehicle's crew has taken counter form, its Armor Leader no longer exists."""
    tank = make(make_position).units["a-al"].mark("abandoned")
    assert armorldr.leader(tank) is None and armorldr.leadership(tank, "ma") == 0


def test_d3_41_a_scenario_armor_leader_is_checked_at_load() -> None:
    """D3.41: the scenario sets the Armor Leader aboard its AFV; a bad value is named at load."""
    assert armour.check_counter({"type": "vehicle", "vehicle": "demo-pz-g", "armor_leader": "9-1"}) is None
    said = armour.check_counter({"type": "vehicle", "vehicle": "demo-pz-g", "armor_leader": "nine"})
    assert said is not None and "armor_leader 'nine'" in said and "D3.4" in said


def test_d3_44_the_overrun_dr_takes_the_leadership(make_position: Any) -> None:
    """D3.44, D7.15: test_overrun's OVR (10 FP, 8 column) with a 9-1 Armor Leader: DR 5 - 1 FFMO - 1 = 3,
    once his owner brings him in (D3.41: without him Final DR 4 gives another result, so he is asked)."""
    units = [{"id": "a-al", "counter": "pz-al", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"}]
    pos: Position = make_position("asl", units, "MPh", counters=LED)
    pos.push_text("move a-al C5-D5")
    pos.push_text("answer dice 2,3")
    top = pos.decision
    assert top is not None and top.then == alhide.RERUN_THEN and top.choices == (alhide.USE, alhide.KEEP)
    pos.push_text("answer use")
    res = pos.last_resolution
    assert res is not None and ("-1", "D3.44") in [(line.value, line.rule) for line in res.lines]
    assert res.results == {"b-sq": str(pos.charts.chart("ift").lookup(fp=8, final_dr=3))}


def _reenter(make_position: Any, who: str, *markers: str) -> Position:
    """The 9-1's PzKpfw lies Abandoned in C6 with a crew beneath it (``who``) that began its MPh there."""
    crews = {**LED, "2-2-8": {"type": "crew", "fp": 2, "range": 2, "morale": 8, "broken_morale": 8}}
    extra = [{"id": "a-al", "counter": "pz-al", "side": "a", "hex": "C6", "markers": ["vca0", "abandoned"]},
             {"id": who, "counter": "2-2-8", "side": "a", "hex": "C6", "markers": list(markers)}]
    pos: Position = make_position("asl", units(*extra), "MPh", counters=crews)
    pos.push_text(f"load {who} into a-al")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    return pos


def test_d3_43_the_armor_leader_returns_only_with_his_own_crew(make_position: Any) -> None:
    """D3.43: the crew that was with the Armor Leader re-enters: he is back (morale 9, -1 on the MA);
    another crew re-entering the same vehicle has no Armor Leader (the counter's crew morale instead)."""
    own = _reenter(make_position, "a-al-crew").units["a-al"]
    assert not own.has("abandoned") and armorldr.leader(own) == (9, -1)
    again = _reenter(make_position, "a-cr")
    other = again.units["a-al"]
    assert not other.has("abandoned") and other.has("other_crew")
    assert armorldr.leader(other) is None and armorldr.leadership(other, "ma") == 0
    assert vcrew.crew_morale(again, other) != (9, False)


def test_d5_34_the_plus_one_goes_with_the_crew_counter(make_position: Any) -> None:
    """D5.34: a crew that abandons its vehicle takes the "+1" counter with it; re-entering a vehicle, it
    brings the +1 in."""
    tank = {"id": "a-al", "counter": "pz-al", "side": "a", "hex": "C6", "markers": ["vca0", "plus1"]}
    pos: Position = make_position("asl", units(tank), "MPh", counters=LED)
    pos.push_text("move a-al C6 as abandon")
    assert pos.units["a-al-crew"].has("plus1") and not pos.units["a-al"].has("plus1")
    assert _reenter(make_position, "a-cr", "plus1").units["a-al"].has("plus1")


def test_d3_41_the_armor_leader_enters_play_when_first_used(make_position: Any) -> None:
    """D3.41: the 9-1 aboard a-al is recorded secretly: no marker at set-up; his -1 on the MA's To Hit DR
    (DR 7 against TH# 6, brought in by his owner, alhide.py) is his first use: the vehicle is marked and the
    resolution names him. a-pz, without one, gets nothing."""
    extra = {"id": "a-al", "counter": "pz-al", "side": "a", "hex": "C6", "markers": ["vca0"]}
    pos: Position = make_position("asl", units(extra), "PFPh", counters=LED)
    assert not pos.units["a-al"].has(armorldr.SHOWN)
    pos.push_text("fire a-al at J5")
    pos.push_text("answer dice 3,4")
    pos.push_text("answer use")
    res = pos.last_resolution
    assert res is not None
    assert [str(x.value) for x in res.lines if x.rule == "D3.44"] == ["-1"]
    assert pos.units["a-al"].has(armorldr.SHOWN)
    assert any(x.rule == "D3.41" and "9-1" in str(x.value) for x in res.lines)
    assert not pos.units["a-pz"].has(armorldr.SHOWN)


def test_d3_41_d3_42_the_crews_check_at_his_morale_shows_him(make_position: Any) -> None:
    """D3.42: the CE crew's 1MC (Original DR 3 +2 CE = Final 5 on the 4 column) is asked at the crew's own
    morale (8, demo) while the 9-1 is hidden (D3.41): 7 or less; DR 4+4 = 8 fails, so his owner may bring him
    in: at his morale 9 the need is 8 and the crew passes; that use shows him (D3.41, alhide.py)."""
    extra = {"id": "a-al", "counter": "pz-al", "side": "a", "hex": "C6", "markers": ["vca0", "ce"]}
    pos: Position = make_position("asl", units(extra, {"id": "b-sq", "counter": "4-4-7", "side": "b",
                                                       "hex": "F6"}), "DFPh", counters=LED)
    pos.push_text("fire b-sq at C6 dice 1,2")
    top = pos.decision
    assert top is not None and top.then == "vcrew_check" and top.arg("need") == "7"  # 8 less the 1MC
    assert not pos.units["a-al"].has(armorldr.SHOWN)
    pos.push_text("answer dice 4,4")
    top = pos.decision
    assert top is not None and top.then == alhide.MC_THEN and top.private and top.side == "a"
    assert top.choices == (alhide.USE, alhide.KEEP)
    pos.push_text("answer use")
    assert pos.units["a-al"].has(armorldr.SHOWN)
    assert not pos.units["a-al"].has("stunned")  # passed at 8 (D5.34: a failure would stun it)
