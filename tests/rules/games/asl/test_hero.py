"""Heroes and heroic leaders (A15.2, A15.21, A15.23, A15.24): a MG fired alone at full FP with +1 and the
hero's -1, no hero DRM for a FT, and the leader who became heroic: wounded instead of broken, never pinned,
no ELR replacement, no HoB, morale never lowered by encirclement. Demo catalogue counters:
1-4-9 hero, 8-1 leader (morale 8), German LMG 3 FP range 8, FT 24 FP range 1."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.scenario import CounterType

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
CATALOGUE = {name: CounterType(name, str(v["type"]), v) for name, v in COUNTERS.items()}


def unit(uid: str, counter: str, *markers: str) -> UnitState:
    return UnitState(uid, "a", CATALOGUE[counter], Hex(0, 0), markers=frozenset(markers))


def _pos(make_position: Any, owner: str, *extra: dict[str, Any], markers: tuple[str, ...] = ()) -> Any:
    units = [{"id": "a-h", "counter": owner, "side": "a", "hex": "C1", "markers": list(markers)},
             {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-h"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}, *extra]
    return make_position("asl", units, "PFPh", counters=COUNTERS)


# --- A15.23, A15.24 in fire ---


def test_a15_23_a_hero_fires_a_mg_alone_at_full_fp_plus_1_offset_by_his_minus_1(make_position: Any) -> None:
    pos = _pos(make_position, "1-4-9")
    text = pos.resolve(pos.parse_action("fire a-lmg at C4 dice 4,1")).text()
    assert "a-lmg (LMG): 3 FP = 3 FP" in text  # full FP: not a lone leader's Area Fire (A9.12)
    assert "a hero alone firing a MG (a-lmg)" in text and "A15.23" in text
    assert "hero (a-h)" in text and "A15.24" in text  # the LMG fires within its normal range (3 <= 8)


def test_a15_24_the_hero_drm_needs_the_sw_within_normal_range(make_position: Any) -> None:
    units = [{"id": "a-h", "counter": "1-4-9", "side": "a", "hex": "C1"},
             {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-h"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "L1"}]  # 9 hexes: long range (8 to 16)
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    text = pos.resolve(pos.parse_action("fire a-lmg at L1 dice 4,1")).text()
    assert "hero (a-h)" not in text and "a hero alone firing a MG" in text


def test_a15_23_a_heroic_leader_fires_a_mg_alone_at_full_fp_with_the_hero_drm(make_position: Any) -> None:
    pos = _pos(make_position, "8-1", markers=("heroic",))
    text = pos.resolve(pos.parse_action("fire a-h,a-lmg at C4 dice 4,1")).text()
    assert "a-lmg (LMG): 3 FP = 3 FP" in text and "a leader alone firing a MG" not in text
    assert "hero (a-h)" in text and "a hero alone firing a MG (a-lmg)" in text
    assert "leadership" not in text  # A9.12: a leader firing a SW directs nothing; A15.21: never both


def test_a15_24_no_hero_drm_for_a_ft(make_position: Any) -> None:
    units = [{"id": "a-h", "counter": "1-4-9", "side": "a", "hex": "C1"},
             {"id": "a-ft", "counter": "FT", "side": "a", "hex": "C1", "carrier": "a-h"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C2"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    text = pos.resolve(pos.parse_action("fire a-ft at C2 dice 4,1")).text()
    assert "hero (a-h)" not in text


def test_a15_24_a_hero_firing_his_own_fp_still_gets_minus_1(make_position: Any) -> None:
    units = [{"id": "a-h", "counter": "1-4-9", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    text = pos.resolve(pos.parse_action("fire a-h at C4 dice 4,1")).text()
    assert "hero (a-h)" in text and "a hero alone firing a MG" not in text


# --- A15.2, A15.21: the heroic leader's morale ---


def test_a15_21_a_heroic_leader_failing_an_mc_is_wounded_not_broken() -> None:
    """A15.21, A17.1: a hero failing an MC is wounded instead of broken; the same leader not heroic breaks."""
    res = am.morale_check(unit("a-l", "8-1", "heroic"), (5, 5))  # 10 > 8
    assert res.outcome == "wound"
    assert am.morale_check(unit("a-l", "8-1"), (5, 5)).outcome == "break"  # the same leader, not heroic


def test_a15_2_a_wounded_heroic_leader_failing_an_mc_is_eliminated() -> None:
    assert am.morale_check(unit("a-l", "8-1", "heroic", "wounded"), (5, 5)).outcome == "eliminated"


def test_a15_2_a_heroic_leader_is_never_pinned() -> None:
    assert am.morale_check(unit("a-l", "8-1", "heroic"), (4, 4)).outcome == "pass"  # exactly 8: no pin
    assert am.morale_check(unit("a-l", "8-1"), (4, 4)).outcome == "pin"
    assert am.pin_task_check(unit("a-l", "8-1", "heroic"), (6, 5)).outcome == "pass"


def test_a19_11_a_heroic_leader_is_never_replaced() -> None:
    """A19.11: a heroic leader is a hero, so failing an MC by more than the ELR wounds him and never Replaces
    him; the same 8-1 without heroism is Replaced."""
    res = am.morale_check(unit("a-l", "8-1", "heroic"), (6, 6 - 1), elr=0, counters=CATALOGUE)
    assert res.outcome == "wound" and res.replaced is None
    assert am.morale_check(unit("a-l", "8-1"), (6, 5), elr=0, counters=CATALOGUE).replaced is not None


def test_a15_1_no_heat_of_battle_for_a_heroic_leader() -> None:
    assert am.morale_check(unit("a-l", "8-1", "heroic"), (1, 1)).hob is False
    assert am.morale_check(unit("a-l", "8-1"), (1, 1)).hob is True


def test_a15_2_encirclement_does_not_lower_a_heroes_morale() -> None:
    assert au.unit_morale(unit("a-h", "1-4-9", "encircled")) == 9
    assert au.unit_morale(unit("a-l", "8-1", "heroic", "encircled")) == 8
    assert au.unit_morale(unit("a-l", "8-1", "encircled")) == 7


def test_a15_21_a_heroic_leader_mc_through_the_game(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-l", "counter": "8-1", "side": "b", "hex": "C2", "markers": ["heroic"]},
             {"id": "b-s", "counter": "4-4-7", "side": "b", "hex": "C2"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-1 at C2 dice 3,4")  # 8 FP point blank, final 7: 1MC
    assert pos.decision.then == "mc" and pos.decision.subject == ("b-l",)  # the leader first (A10.2)
    pos.push_text("answer dice 5,5")  # 10 + 1 > 8: wounded, not broken (A15.2)
    assert pos.units["b-l"].has("wounded") and not pos.units["b-l"].has("broken")
    assert pos.decision.then == "wound"  # the severity dr (A17.11); and no LLTC for b-s (A17.3)
    pos.push_text("answer dice 2")
    assert pos.decision.then == "mc" and pos.decision.subject == ("b-s",)


# --- A15.21, A15.24 in Close Combat ---


def _cc_lines(make_position: Any, leader: str, *markers: str) -> list[tuple[str, str]]:
    from hexmate.rules.games.asl import cc

    units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "E4"},
             {"id": "a-l", "counter": leader, "side": "a", "hex": "E4", "markers": list(markers)},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "E4"}]
    pos = make_position("asl", units, "CCPh", counters=COUNTERS)
    res, _ = cc.work(pos, pos.units["a-sq"].hex, "a", (3, 4))
    return [(str(line.value), line.rule) for line in res.lines if line.rule in ("A11.141", "A15.24")]


def test_a15_21_a_heroic_8_0_in_cc_gives_the_hero_minus_1_not_his_0(make_position: Any) -> None:
    assert _cc_lines(make_position, "8-0", "heroic") == [("-1", "A15.24")]
    assert _cc_lines(make_position, "8-0") == [("+0", "A11.141")]  # not heroic: his 0 leadership


def test_a15_21_a_heroic_9_1_in_cc_keeps_his_leadership_not_both(make_position: Any) -> None:
    assert _cc_lines(make_position, "9-1", "heroic") == [("-1", "A11.141")]


# --- A15.21: a heroic leader's own inherent FP (1, normal range 4; 3 wounded) ---


def _alone(make_position: Any, leader: str, target: str, *markers: str, extra: tuple[dict[str, Any], ...] = ()
           ) -> Any:
    units = [{"id": "a-h", "counter": leader, "side": "a", "hex": "C1", "markers": list(markers)},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": target}, *extra]
    return make_position("asl", units, "PFPh", counters=COUNTERS)


def test_a15_21_a_heroic_8_0_fires_his_own_1_fp_with_the_hero_drm(make_position: Any) -> None:
    """A15.21: an 8-0 turned hero is a 1-4-9 hero too: alone he fires 1 FP at 3 hexes (within 4), and his 0
    leadership gives way to the hero's -1 (never both)."""
    pos = _alone(make_position, "8-0", "C4", "heroic")
    text = pos.resolve(pos.parse_action("fire a-h at C4 dice 4,1")).text()
    assert "a-h (8-0): 1 FP = 1 FP" in text
    assert "hero (a-h)" in text and "leadership" not in text


def test_a7_53_a_leader_not_heroic_still_has_no_fp(make_position: Any) -> None:
    pos = _alone(make_position, "8-0", "C4")
    with pytest.raises(IllegalAction, match="a leader has no FP of his own"):
        pos.resolve(pos.parse_action("fire a-h at C4 dice 4,1"))


def test_a15_21_a_heroic_leader_beyond_range_4_fires_at_long_range_without_the_hero_drm(
        make_position: Any) -> None:
    """C1 to C6 is 5 hexes: beyond his normal range 4, within long range 8 (A7.22: FP halved, 1 -> 1/2);
    A15.24: no hero DRM beyond normal range."""
    pos = _alone(make_position, "8-0", "C6", "heroic")
    text = pos.resolve(pos.parse_action("fire a-h at C6 dice 4,1")).text()
    assert "a-h (8-0): 1 FP" in text and "= 1/2 FP" in text
    assert "hero (a-h)" not in text


def test_a15_21_a_wounded_heroic_leader_has_range_3() -> None:
    """A15.21: wounded, the 1-4-9 shows its 1-3 side: range 3."""
    assert au.heroic_inherent(unit("a-l", "8-1", "heroic")) == (1, 4)
    assert au.heroic_inherent(unit("a-l", "8-1", "heroic", "wounded")) == (1, 3)
    assert au.heroic_inherent(unit("a-l", "8-1")) is None


def test_a15_21_a_heroic_9_2_adds_1_fp_to_a_fire_group_and_directs_it_with_his_minus_2(
        make_position: Any) -> None:
    """A 4-6-7 (4 FP) and a heroic 9-2 in C1 at 3 hexes: 4 + 1 = 5 FP; his -2 leadership, not the hero's -1
    as well (A15.21)."""
    squad = {"id": "a-s", "counter": "4-6-7", "side": "a", "hex": "C1"}
    pos = _alone(make_position, "9-2", "C4", "heroic", extra=(squad,))
    text = pos.resolve(pos.parse_action("fire a-s,a-h at C4 dice 4,1")).text()
    assert "a-h (9-2): 1 FP = 1 FP" in text and "5 FP" in text
    assert "leadership (a-h)" in text and "hero (a-h)" not in text


def test_a15_23_a_heroic_leader_who_fired_a_sw_only_directs(make_position: Any) -> None:
    """A15.23, A7.35: having fired a SW this Player Turn he has no inherent FP: named with a squad he adds
    none and directs."""
    squad = {"id": "a-s", "counter": "4-6-7", "side": "a", "hex": "C1"}
    pos = _alone(make_position, "9-2", "C4", "heroic", "no_fire", extra=(squad,))
    text = pos.resolve(pos.parse_action("fire a-s,a-h at C4 dice 4,1")).text()
    assert "a-h (9-2)" not in text and "leadership (a-h)" in text
