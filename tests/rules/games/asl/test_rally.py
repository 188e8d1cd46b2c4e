"""Rally attempts and the chapter A rules that hang on them: Heat of Battle on an Original 2 of a (not self-)
rally (A15.1, with its broken +1 though the unit rallied) and the Disrupted unit a leader rallies (A19.12).
Counters from the demo catalogue (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import UnitState
from hexmate.rules.scenario import CounterType

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
SQUAD = CounterType("4-4-7", "squad", COUNTERS["4-4-7"])


def rph(make_position: Any, *, leader: bool = True, markers: tuple[str, ...] = ("broken",)) -> Any:
    units = [{"id": "a-s", "counter": "4-4-7", "side": "a", "hex": "C2", "markers": list(markers)},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C5"}]
    if leader:
        units.append({"id": "a-l", "counter": "8-1", "side": "a", "hex": "C2"})
    return make_position("asl", units, "RPh", counters=COUNTERS)


def test_a15_1_an_original_2_on_a_leader_led_rally_opens_heat_of_battle_with_the_broken_drm(
        make_position: Any) -> None:
    pos = rph(make_position)
    pos.push_text("rally a-s dice 1,1")  # Original 2 - 1 (8-1): rallies, and the 2 calls for a HoB DR
    assert not pos.units["a-s"].has("broken")
    assert pos.decision.then == "hob" and pos.decision.subject == ("a-s",)
    # A15.1: the +1 for a broken unit still counts though it rallied on that 2: 8 + 1 = 9, Berserk (9-11,
    # b-1 is a Known enemy in its LOS); without the +1 an 8 would have been Battle Hardening only
    pos.push_text("answer dice 4,4")
    assert pos.units["a-s"].has("berserk") and pos.units["a-s"].name == "4-4-7"


def test_a15_1_heat_of_battle_after_a_rally_can_harden_the_unit(make_position: Any) -> None:
    pos = rph(make_position)
    pos.push_text("rally a-s dice 1,1")
    pos.push_text("answer dice 3,4")  # 7 + 1 (broken) = 8: Battle Hardening (5-8), 4-4-7 to 4-6-7 (A15.3)
    pos.push_text("answer accept")  # A15.3: it may be refused; accepted
    assert pos.units["a-s"].name == "4-6-7" and not pos.units["a-s"].has("broken")


def test_a15_1_no_heat_of_battle_on_a_self_rally(make_position: Any) -> None:
    units = [{"id": "a-l", "counter": "8-1", "side": "a", "hex": "C2", "markers": ["broken"]},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C5"}]
    pos = make_position("asl", units, "RPh", counters=COUNTERS)
    pos.push_text("rally a-l dice 1,1")  # a leader alone rallies himself: a self-rally, no HoB (A15.1)
    assert not pos.units["a-l"].has("broken")
    assert all(d.then != "hob" for d in pos.state.decisions)


def test_a15_1_no_heat_of_battle_on_an_ordinary_rally_dr(make_position: Any) -> None:
    pos = rph(make_position)
    pos.push_text("rally a-s dice 2,3")  # 5 - 1 = 4: rallies, no Original 2
    assert not pos.units["a-s"].has("broken")
    assert all(d.then != "hob" for d in pos.state.decisions)


def test_a19_12_a_leader_may_rally_a_disrupted_unit(make_position: Any) -> None:
    pos = rph(make_position, markers=("broken", "disrupted"))
    pos.push_text("rally a-s dice 2,3")  # 5 - 1 = 4 <= 7
    assert not pos.units["a-s"].has("broken")
    assert not pos.units["a-s"].has("disrupted")  # A19.12: Disrupted until rallied (or captured)


def test_a19_12_a_disrupted_unit_a_leader_fails_to_rally_stays_disrupted(make_position: Any) -> None:
    pos = rph(make_position, markers=("broken", "disrupted"))
    pos.push_text("rally a-s dice 5,5")  # 10 - 1 = 9 > 7: still broken, and Disrupted
    assert pos.units["a-s"].has("broken") and pos.units["a-s"].has("disrupted")


def test_a19_12_a_disrupted_leader_alone_may_not_rally_himself(make_position: Any) -> None:
    units = [{"id": "a-l", "counter": "6+1", "side": "a", "hex": "C2", "markers": ["broken", "disrupted"]},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C5"}]
    pos = make_position("asl", units, "RPh", counters=COUNTERS)
    with pytest.raises(IllegalAction, match=r"A19\.12"):  # a lone leader's rally is a self-rally (A10.63)
        pos.push_text("rally a-l dice 1,1")


def test_a19_12_a_disrupted_crew_may_not_self_rally_though_crews_do(make_position: Any) -> None:
    units = [{"id": "a-c", "counter": "2-2-8", "side": "a", "hex": "C2", "markers": ["broken", "disrupted"]},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C5"}]
    pos = make_position("asl", units, "RPh", counters=COUNTERS)
    with pytest.raises(IllegalAction, match=r"A19\.12"):  # A1.123 self-rally ability, but not when Disrupted
        pos.push_text("rally a-c dice 1,1")


@pytest.mark.parametrize("marker", ["unarmed", "prisoner", "berserk", "hw", "mounted"])
def test_a15_1_units_exempt_from_heat_of_battle(marker: str) -> None:
    squad = UnitState("a-s", "a", SQUAD, None, markers=frozenset({marker}))
    assert am.hob_exempt(squad)
    assert not am.morale_check(squad, (1, 1), ift=True).hob


def test_a15_1_an_armed_squad_is_not_exempt() -> None:
    squad = UnitState("a-s", "a", SQUAD, None)
    assert not am.hob_exempt(squad)
    assert am.morale_check(squad, (1, 1), ift=True).hob
