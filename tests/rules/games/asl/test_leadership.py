"""Leadership in checks, rallies, CC and concealment (A10.21, A10.7, A10.71, A10.72; A17.2 a wounded leader):
one leader's modifier only, the owner's pick; a non-zero one he cannot refuse when it is the only one."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import cc as asl_cc
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.scenario import CounterType

from tests.rules.games.conftest import ASL_COUNTERS

CATALOGUE = {name: CounterType(name, str(v["type"]), v) for name, v in au.demo_catalogue().items()}
PLUS = {"6+1": {"type": "leader", "morale": 6, "broken_morale": 6, "leadership": 1},
        "8-1": {"type": "leader", "morale": 8, "broken_morale": 7, "leadership": -1}}


def unit(uid: str, counter: str, *markers: str) -> UnitState:
    return UnitState(uid, "a", CATALOGUE[counter], Hex(0, 0), markers=frozenset(markers))


def test_a10_72_a_lone_plus_one_leader_cannot_be_refused_in_a_check() -> None:
    squad = unit("s", "4-6-7")
    assert am.leader_drm_for(squad, [unit("l", "6+1")]) == 1
    # NMC: DR 7 would pass a morale 7 squad; the 6+1's +1 makes it 8 and it breaks (A10.3)
    got = am.morale_check(squad, (3, 4), drm=am.leader_drm_for(squad, [unit("l", "6+1")]))
    assert got.outcome == "break"


def test_a10_72_another_leader_lets_the_owner_pick_the_better_modifier() -> None:
    squad = unit("s", "4-6-7")
    assert am.leader_drm_for(squad, [unit("l", "6+1"), unit("m", "8-0")]) == 0


def test_a10_21_modifiers_never_add_up() -> None:
    squad = unit("s", "4-6-7")
    assert am.leader_drm_for(squad, [unit("l", "9-1"), unit("m", "8-1"), unit("n", "9-2")]) == -2


def test_a17_2_a_wounded_leaders_modifier_is_one_worse() -> None:
    squad = unit("s", "4-6-7")
    assert am.leader_drm_for(squad, [unit("l", "8-1", "wounded")]) == 0
    assert am.leader_drm_for(squad, [unit("l", "8-0", "wounded")]) == 1  # A10.72: and he is still forced


def test_a10_72_a_plus_one_leader_need_not_lead_a_cc_attack() -> None:
    assert asl_cc.leader_drm([unit("l", "6+1"), unit("s", "4-6-7")]) is None
    assert asl_cc.leader_drm([unit("l", "8-1", "wounded"), unit("s", "4-6-7")]) == (0, "l")
    assert asl_cc.leader_drm([unit("l", "8-1"), unit("s", "4-6-7")]) == (-1, "l")  # A11.141 example


def test_a10_71_a_wounded_leader_rallies_with_his_worse_modifier(make_position: Any) -> None:
    units = [
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C8", "markers": ["broken"]},
        {"id": "a-l", "counter": "8-1", "side": "a", "hex": "C8", "markers": ["wounded"]},
    ]
    pos = make_position("asl", units, "RPh", counters={**ASL_COUNTERS, **PLUS})
    pos.push_text("rally a-1 dice 4,5")  # 9 - 1 + 1 (wound) = 9 > broken morale 8: no rally
    assert pos.units["a-1"].has("broken")


def test_a10_72_a_lone_plus_one_leader_worsens_the_rally(make_position: Any) -> None:
    units = [
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C8", "markers": ["broken"]},
        {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "E8", "markers": ["broken"]},
        {"id": "a-l", "counter": "6+1", "side": "a", "hex": "C8"},
        {"id": "a-m", "counter": "8-0", "side": "a", "hex": "E8"},
        {"id": "a-n", "counter": "6+1", "side": "a", "hex": "E8"},
    ]
    pos = make_position("asl", units, "RPh", counters={**ASL_COUNTERS, **PLUS})
    pos.push_text("rally a-1 dice 4,4")  # 8 + 1 = 9 > 8: the 6+1 is the only leader there
    assert pos.units["a-1"].has("broken")
    pos.push_text("rally a-2 dice 4,4")  # the owner picks the 8-0: 8 + 0 = 8 rallies (A10.71)
    assert not pos.units["a-2"].has("broken")


# --- A10.8 fanaticism: +1 morale on both sides, handed to an SMC born of a fanatic MMC ---


def test_a10_8_a_fanatic_unit_rallies_at_its_broken_morale_plus_one(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C8", "markers": ["broken", "fanatic"]}]
    pos = make_position("asl", units, "RPh")
    pos.push_text("rally a-1 dice 4,4")  # self-rally: 8 + 1 = 9, not above broken morale 8 + 1
    assert not pos.units["a-1"].has("broken")


def test_a10_8_a_leader_born_of_a_fanatic_squad_is_fanatic() -> None:
    from hexmate.rules.games.asl import leaders

    born = unit("c", "8-0")
    assert leaders.inherit(unit("s", "4-6-7", "fanatic"), born).has("fanatic")
    assert not leaders.inherit(unit("s", "4-6-7"), born).has("fanatic")


def test_a10_7_a_leader_at_another_level_helps_no_one() -> None:
    import dataclasses

    squad = unit("s", "4-6-7")
    upstairs = dataclasses.replace(unit("l", "9-2"), level=1)
    assert am.leader_drm_for(squad, [upstairs]) == 0
    assert am.leader_drm_for(dataclasses.replace(squad, level=1), [upstairs]) == -2


def test_a10_7_a_leader_upstairs_does_not_rally_the_squad_below(make_position: Any) -> None:
    units = [
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C8", "markers": ["broken"]},
        {"id": "a-l", "counter": "9-2", "side": "a", "hex": "C8", "level": 1},
    ]
    hexes = {"C8": {"terrain": "stone-building", "features": ["building-level-1"]}}
    pos = make_position("asl", units, "RPh", hexes=hexes)
    pos.push_text("rally a-1 dice 4,5")  # 9 - 1 building: 8 with the 9-2 would rally; alone +1: 9 fails
    assert pos.units["a-1"].has("broken")


def test_a10_7_an_allied_leader_of_another_nationality_is_one_worse() -> None:
    british = CounterType("9-1", "leader", {"type": "leader", "nationality": "british", "morale": 9,
                                            "broken_morale": 8, "leadership": -1})
    ldr = UnitState("l", "a", british, Hex(0, 0))
    squad = unit("s", "4-6-7")  # the demo 4-6-7 is German
    assert squad.values["nationality"] == "german"
    assert am.leader_drm_for(squad, [ldr]) == 0
    assert am.leader_drm_for(squad, [unit("m", "9-1")]) == -1  # a leader naming no nationality: his side's
    assert am.llmc(ldr, [squad]) == [("s", 0)]  # A10.7: the LLMC at his worsened modifier: a NMC


def test_a10_7_an_ss_leader_is_of_the_german_units_nationality() -> None:
    ss = CounterType("9-1", "leader", {"type": "leader", "nationality": "ss", "morale": 9,
                                       "broken_morale": 8, "leadership": -1})
    squad = unit("s", "4-6-7")  # the demo 4-6-7 is German; SS are German (A25.11): no allied +1
    assert am.leader_drm_for(squad, [UnitState("l", "a", ss, Hex(0, 0))]) == -1


def test_a10_72_a17_2_leadership_against_a_vehicle_in_cc(make_position: Any) -> None:
    """A11.51 with A17.2 and A10.72: a wounded 8-1 adds no -1 to the CC DR against a vehicle; a 6+1 (the
    attacker need not use him) adds no +1; a whole 8-1 adds his -1."""
    from hexmate.rules.games.asl import vfire

    counters = {**ASL_COUNTERS, **PLUS, "t": {"type": "vehicle", "vehicle": "demo-t-r"}}

    def drm(leader: str, *markers: str) -> int:
        units = [{"id": "a-s", "counter": "4-6-7", "side": "a", "hex": "J5"},
                 {"id": "a-l", "counter": leader, "side": "a", "hex": "J5", "markers": list(markers)},
                 {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca0"]}]
        pos = make_position("asl", units, "CCPh", counters=counters)
        _, _, lines = vfire.cc_vehicle(pos, pos.units["b-t"], ("a-s", "a-l"), moving=False)
        return sum(1 for line in lines if "leadership" in str(line.label))

    assert drm("8-1") == 1
    assert drm("8-1", "wounded") == 0
    assert drm("6+1") == 0


def test_a10_72_a_plus_one_leader_worsens_the_ambush_dr() -> None:
    assert asl_cc.leader_drm([unit("l", "6+1"), unit("s", "4-6-7")], forced=True) == (1, "l")
