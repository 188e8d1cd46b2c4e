"""A25.242 (partisans' ordnance), A25.84 (Axis Minor SMG squads), A25.86 (Hungarians) and A25.931
(Ethiopian Elite): nations.py's ``red_to_hit`` and ``multi_location_fg_bar``, the counters'
``hardens_fanatic`` (units.battle_hardening) and the nationality data. Counters made here are demo values,
named by the rule's printed numbers where the text gives them."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import nations
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import units as au

from .test_armour import make

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _sides(a: str, b: str) -> list[dict[str, Any]]:
    return [{"id": side, "name": nat.title(), "nationality": nat} for side, nat in (("a", a), ("b", b))]


def _u(uid: str, hex_: str, counter: str, side: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


# --- A25.242: ordnance used by partisans always takes the red To Hit numbers (ATR and MG excepted) ---


def _tank_of(make_position: Any, nationality: str) -> Position:
    """test_armour's board: a's demo tank (BU, CT: Case I +1) in C5, b's tank in J5, range 7."""
    return make(make_position, "PFPh", sides=_sides(nationality, "german"))


def test_a25_242_a_partisan_tank_fires_with_the_red_th_number_and_no_case_h(make_position: Any) -> None:
    """A25.242: partisans fire their tank's gun from the red row (the demo pack's red TH# at range 7 is 6, the
    black 7: demo values), without A21.12's Case H (it is not captured): with Case I +1 it hits on 5 or less.
    The same tank of a Russian side fires from the black row: a DR of 6 hits for it, misses for them."""
    pack = od.load_pack()
    assert pack.base_th("vehicle", 7, red=True) == 6 and pack.base_th("vehicle", 7) == 7
    partisans = _tank_of(make_position, "partisan")
    partisans.push_text("fire a-pz at J5")
    partisans.push_text("answer dice 3,3")
    res = partisans.last_resolution
    assert res is not None and res.results.get("b-t") != "hit"
    labels = [line.label for line in res.lines]
    assert labels[:2] == ["red To Hit number 6 at range 7 (by its users' nationality, A25.242)", "Case I: +1"]
    assert "hits on a DR of 5 or less" in labels and not any("Case H" in text for text in labels)
    russians = _tank_of(make_position, "russian")
    russians.push_text("fire a-pz at J5")
    russians.push_text("answer dice 3,3")
    assert russians.last_resolution is not None and russians.last_resolution.results.get("b-t") == "hit"


def test_a25_242_not_for_an_mg_or_atr_nor_for_other_nationalities(make_position: Any) -> None:
    pos = _tank_of(make_position, "partisan")
    tank = pos.units["a-pz"]
    assert nations.red_to_hit(pos, tank, "gun") == ("A25.242", "by its users' nationality")
    assert nations.red_to_hit(pos, tank, "MG") is None and nations.red_to_hit(pos, tank, "ATR") is None
    assert nations.red_to_hit(pos, pos.units["b-t"], "gun") is None  # the German side's
    th, steps = od.to_hit(od.load_pack(), target_type="vehicle", rng=7,
                          red=("A25.242", "by its users' nationality"), captured=True)
    # captured by them: A21.12's red row and its Case H
    assert [s.rule for s in steps[:2]] == ["A21.12", "A21.12"]
    assert th == 6 - 2


# --- A25.84: the Romanian / Bulgarian SMG squads ---


def _smg_counters() -> dict[str, Any]:
    base = dict(COUNTERS["4-4-7"])
    hs = dict(COUNTERS["2-4-7"])
    made = {
        # A25.84: 1st Line 5-3-7 and its 2-2-7 HS; the ELR gives a Conscript, which hardens to 3-4-7 / 1-3-7.
        # The hardens_to here is an owner catalogue's ladder step: A25.84 makes them Fanatic all the same.
        "5-3-7ro": {**base, "fp": 5, "range": 3, "morale": 7, "broken_morale": 6, "nationality": "romanian",
                    "class": "1st", "reduces_to": "2-2-7ro", "replaced_by": "conscript-ro",
                    "hardens_to": "4-5-8ro", "hardens_fanatic": 1},
        "2-2-7ro": {**hs, "fp": 2, "range": 2, "morale": 7, "broken_morale": 6, "nationality": "romanian",
                    "class": "1st", "replaced_by": "conscript-hs-ro", "hardens_fanatic": 1},
        "conscript-ro": {**base, "nationality": "romanian", "class": "conscript", "inexperienced": 1,
                         "hardens_to": "3-4-7ro"},
        "conscript-hs-ro": {**hs, "nationality": "romanian", "class": "conscript", "inexperienced": 1,
                            "hardens_to": "1-3-7ro"},
        "3-4-7ro": {**base, "fp": 3, "range": 4, "morale": 7, "broken_morale": 6, "nationality": "romanian",
                    "class": "2nd"},
        "1-3-7ro": {**hs, "fp": 1, "range": 3, "morale": 7, "broken_morale": 6, "nationality": "romanian",
                    "class": "2nd"},
        "4-5-8ro": {**base, "fp": 4, "range": 5, "morale": 8, "broken_morale": 8, "nationality": "romanian",
                    "class": "elite"},
    }
    return {**COUNTERS, **made}


def test_a25_84_a_5_3_7_battle_hardens_to_fanatic_through_heat_of_battle(make_position: Any) -> None:
    """A German 4-6-7 fires 8 FP at a Romanian 5-3-7: 1MC passed on an Original 2, then the HoB DR 2,2 is
    final 7 (+3 Axis Minor, A15.1): Battle Hardening (A15.3), which A25.84 makes Fanatic on the same counter
    rather than the better counter the catalogue names."""
    units = [_u("a-1", "C1", "4-6-7", "a"), _u("b-s", "C2", "5-3-7ro", "b")]
    pos = make_position("asl", units, "PFPh", counters=_smg_counters(), sides=_sides("german", "romanian"))
    pos.push_text("fire a-1 at C2 dice 3,4")  # 8 FP, final 7: 1MC
    pos.push_text("answer dice 1,1")  # passes; Original 2: Heat of Battle
    pos.push_text("answer dice 2,2")
    assert pos.decision is not None and pos.decision.then == "hob_bh"
    pos.push_text("answer accept")
    smg = pos.units["b-s"]
    assert smg.name == "5-3-7ro" and smg.has("fanatic")


def test_a25_84_elr_to_conscript_and_that_conscript_hardens_to_3_4_7(make_position: Any) -> None:
    units = [_u("b-s", "C2", "5-3-7ro", "b"), _u("b-h", "C2", "2-2-7ro", "b"),
             _u("b-c", "C3", "conscript-ro", "b"), _u("b-d", "C3", "conscript-hs-ro", "b")]
    pos = make_position("asl", units, "PFPh", counters=_smg_counters(), sides=_sides("german", "romanian"))
    counters = pos.scenario.counters
    for uid, conscript in (("b-s", "conscript-ro"), ("b-h", "conscript-hs-ro")):
        got = au.replacement(pos.units[uid], counters)
        assert got is not None and got.to == (conscript,)
        assert nations.battle_hardening(pos, pos.units[uid], counters) == (None, True, "A25.84")
    assert nations.battle_hardening(pos, pos.units["b-c"], counters)[:2] == ("3-4-7ro", False)
    assert nations.battle_hardening(pos, pos.units["b-d"], counters)[:2] == ("1-3-7ro", False)


# --- A25.86: every Axis Minor rule applies to the Hungarians ---


@pytest.mark.parametrize("name", ["hungarian", "romanian"])
def test_a25_86_hungarians_and_romanians_carry_every_axis_minor_trait(name: str) -> None:
    minor = au.nationality("axis_minor").traits
    own = au.nationality(name).traits
    assert {k: own.get(k) for k in minor if k != "rule"} == {k: v for k, v in minor.items() if k != "rule"}


# --- A25.931: Ethiopian Elite ---


def _eth_counters() -> dict[str, Any]:
    base = dict(COUNTERS["4-4-7"])
    made = {
        "3-4-7e": {**base, "fp": 3, "range": 4, "morale": 7, "broken_morale": 7, "nationality": "ethiopian",
                   "class": "elite", "reduces_to": "1-3-6e", "replaced_by": "3-3-7e"},
        "1-3-6e": {**dict(COUNTERS["2-4-7"]), "fp": 1, "range": 3, "morale": 6, "broken_morale": 6,
                   "nationality": "ethiopian", "class": "elite"},
        "3-3-7e": {**base, "fp": 3, "range": 3, "morale": 7, "broken_morale": 6, "nationality": "ethiopian",
                   "class": "1st", "reduces_to": "1-3-6e"},
        "LMGe": {**dict(COUNTERS["LMG"]), "nationality": "ethiopian"},
    }
    return {**COUNTERS, **made}


def _eth(make_position: Any, units: list[dict[str, Any]], phase: str = "PFPh") -> Position:
    enemy = [_u("b-1", "C6", "4-4-7", "b")]
    pos: Position = make_position("asl", [*units, *enemy], phase, counters=_eth_counters(),
                                  sides=_sides("ethiopian", "italian"))
    return pos


def test_a25_931_only_elite_ethiopians_form_a_multi_location_fire_group(make_position: Any) -> None:
    """A25.931: two Elite 3-4-7 in adjacent hexes fire as one group at C6; with a 1st Line 3-3-7 in one of
    the hexes the group is refused, naming the rule; the 3-3-7 with the Elite squad of its own Location is
    a one-Location group and fires."""
    elite = _eth(make_position, [_u("a-1", "C3", "3-4-7e", "a"), _u("a-2", "D3", "3-4-7e", "a")])
    elite.push_text("fire a-1,a-2 at C6 dice 6,6")
    mixed = [_u("a-1", "C3", "3-4-7e", "a"), _u("a-2", "D3", "3-3-7e", "a"), _u("a-3", "C3", "3-3-7e", "a")]
    with pytest.raises(IllegalAction, match=r"a-2 is not Elite.*A25[.]931"):
        _eth(make_position, mixed).push_text("fire a-1,a-2 at C6 dice 6,6")
    _eth(make_position, mixed).push_text("fire a-1,a-3 at C6 dice 6,6")


def test_a25_931_a_1st_line_squad_s_sw_does_not_join_one_either(make_position: Any) -> None:
    units = [_u("a-1", "C3", "3-4-7e", "a"), _u("a-2", "D3", "3-3-7e", "a"),
             _u("a-lmg", "D3", "LMGe", "a", carrier="a-2")]
    with pytest.raises(IllegalAction, match=r"A25[.]931"):
        _eth(make_position, units).push_text("fire a-1,a-lmg at C6 dice 6,6")


def test_a25_931_a_1st_line_ethiopian_squad_does_not_deploy_and_a_3_4_7_elr_gives_a_3_3_7(
        make_position: Any) -> None:
    pos = _eth(make_position, [_u("a-1", "C3", "3-3-7e", "a"), _u("a-l", "C3", "9-1", "a")], "RPh")
    with pytest.raises(IllegalAction, match=r"only Elite squads of this nationality deploy.*A25[.]931"):
        pos.push_text("activate a-1,a-l for deploy")
    elite = _eth(make_position, [_u("a-1", "C3", "3-4-7e", "a")])
    got = au.replacement(elite.units["a-1"], elite.scenario.counters)
    assert got is not None and got.to == ("3-3-7e",)
