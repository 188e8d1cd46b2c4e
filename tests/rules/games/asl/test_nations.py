"""Nationality traits of A25 (nations.py, data/nationalities.json): the scenario's date checked on load, the
Russian Battle Hardening steps of A25.2 and A25.211, the Finns' self-rally, stealth and ladder (A25.7,
A25.72), partisans and ANZAC (A25.24, A25.44), Lax and 1PAATC classes (A25.64-A25.66, A25.81, A25.91), the
units an ELR failure never Disrupts (A19.12 with A25.11, A25.24, A25.43) and the Ethiopian leader creation
drm (A18.2 with A25.938). Counter values from the demo catalogue (demo values) or made up here; the counter
names, dates and classes are the rulebook's."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import advpaatc, nations
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import UnitState
from hexmate.rules.scenario import CounterType, load_scenario

from tests.rules.games.conftest import scenario_dict

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _sides(a: str, b: str) -> list[dict[str, Any]]:
    return [{"id": side, "name": nat.title(), "nationality": nat} for side, nat in (("a", a), ("b", b))]


def _u(uid: str, hex_: str, counter: str, side: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


# --- the scenario's date (A25.211, A25.22 read it) ---


@pytest.mark.parametrize("date", ["1940-13", "June 1940", "1940", "1940-06-32"])
def test_a_malformed_scenario_date_is_refused_on_load(make_position: Any, date: str) -> None:
    with pytest.raises(DataError, match=r"options\.date"):
        make_position("asl", [_u("a-1", "C1", "4-6-7", "a")], "PFPh", counters=COUNTERS,
                      options={"date": date})


def test_a_scenario_date_is_read_as_year_and_month(make_position: Any) -> None:
    pos = make_position("asl", [_u("a-1", "C1", "4-6-7", "a")], "PFPh", counters=COUNTERS,
                        options={"date": "1940-11-30"})
    assert nations.scenario_date(pos.scenario) == (1940, 11)


# --- A25.2 and A25.211: Russian Battle Hardening through Heat of Battle ---


def _hardened(make_position: Any, date: str | None, ob: tuple[str, ...] = (), target: str = "4-2-6") -> str:
    """A German 4-6-7 fires 8 FP at a Russian unit: 1MC, passed on an Original 2, then the HoB DR 2,2 is
    final 7 for a Russian Conscript (+2 Russian, +1 Inexperienced, A15.1): Battle Hardening (A15.3)."""
    units = [_u("a-1", "C1", "4-6-7", "a"), _u("b-s", "C2", target, "b")]
    units += [_u(f"b-{n}", "J8", name, "b") for n, name in enumerate(ob)]
    options = {"date": date} if date else {}
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, options=options,
                        sides=_sides("german", "russian"))
    pos.push_text("fire a-1 at C2 dice 3,4")  # 8 FP, final 7: 1MC
    pos.push_text("answer dice 1,1")  # passes; Original 2: Heat of Battle
    assert pos.decision.then == "hob"
    pos.push_text("answer dice 2,2")
    assert pos.decision.then == "hob_bh"  # A15.3: Battle Hardening may be refused; accepted here
    pos.push_text("answer accept")
    return str(pos.units["b-s"].name)


def test_a25_2_a_4_2_6_battle_hardens_to_5_2_7(make_position: Any) -> None:
    assert _hardened(make_position, None) == "5-2-7"
    assert _hardened(make_position, "1941-06") == "5-2-7"


def test_a25_211_before_1941_a_conscript_squad_hardens_to_4_4_7(make_position: Any) -> None:
    assert _hardened(make_position, "1940-12") == "4-4-7r"


def test_a25_211_not_when_the_russian_ob_holds_a_5_2_7_or_6_2_8(make_position: Any) -> None:
    assert _hardened(make_position, "1940-12", ob=("5-2-7",)) == "5-2-7"
    assert _hardened(make_position, "1939-11", ob=("6-2-8",)) == "5-2-7"


def test_a25_211_a_conscript_hs_hardens_to_2_3_7_before_1941(make_position: Any) -> None:
    assert _hardened(make_position, "1940-12", target="2-2-6") == "2-3-7r"
    assert _hardened(make_position, "1941-01", target="2-2-6") == "2-2-7r"


def test_a25_2_a_2_2_7_hs_hardens_to_3_2_8(make_position: Any) -> None:
    pos = make_position("asl", [_u("b-h", "C2", "2-2-7r", "b")], "PFPh", counters=COUNTERS,
                        options={"date": "1940-06"}, sides=_sides("german", "russian"))
    better, fanatic, rule = nations.battle_hardening(pos, pos.units["b-h"], pos.scenario.counters)
    assert (better, fanatic, rule) == ("3-2-8", False, "A25.2")


# --- A25.7, A25.72: the Finns ---

FINNS: dict[str, Any] = {
    "6-4-8": {"type": "squad", "class": "elite", "fp": 6, "range": 4, "morale": 8, "broken_morale": 8},
    "5-4-8": {"type": "squad", "class": "1st", "fp": 5, "range": 4, "morale": 8, "broken_morale": 8},
    "4-4-7": {"type": "squad", "class": "2nd", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7},
    "4-3-7": {"type": "squad", "class": "conscript", "inexperienced": 1, "fp": 4, "range": 3, "morale": 7,
              "broken_morale": 7},
    "8-0": {"type": "leader", "morale": 8, "broken_morale": 7, "leadership": 0},
    "8-1": {"type": "leader", "morale": 8, "broken_morale": 7, "leadership": -1},
    "8+1": {"type": "leader", "morale": 8, "broken_morale": 7, "leadership": 1},
    "9-0": {"type": "leader", "morale": 9, "broken_morale": 8, "leadership": 0},
}


def _finns(make_position: Any, units: list[dict[str, Any]], phase: str = "RPh") -> Any:
    units = [*units, _u("b-1", "J8", "4-4-7", "b")]
    return make_position("asl", units, phase, counters=FINNS, sides=_sides("finnish", "russian"))


def test_a25_7_finns_self_rally_without_the_one_a_turn_limit(make_position: Any) -> None:
    pos = _finns(make_position, [_u("a-1", "C3", "5-4-8", "a", markers=["broken"]),
                                 _u("a-2", "E3", "4-4-7", "a", markers=["broken"])])
    pos.push_text("rally a-1 dice 6,6")  # an Original 12 casualty-reduces it (A10.64): a try all the same
    pos.push_text("rally a-2 dice 2,3")  # A10.63 would refuse a second self-rally this Player Turn
    assert not pos.units["a-2"].has("broken")


def test_a25_7_finnish_conscripts_keep_a10_63s_one_self_rally(make_position: Any) -> None:
    pos = _finns(make_position, [_u("a-1", "C3", "4-3-7", "a", markers=["broken"]),
                                 _u("a-2", "E3", "4-3-7", "a", markers=["broken"]),
                                 _u("a-3", "G3", "5-4-8", "a", markers=["broken"])])
    pos.push_text("rally a-1 dice 6,5")  # the side's one A10.63 self-rally of this Player Turn
    with pytest.raises(IllegalAction, match="first MMC rally attempt"):
        pos.push_text("rally a-2 dice 1,2")
    pos.push_text("rally a-3 dice 2,3")  # a 1st Line Finn self-rallies all the same
    assert not pos.units["a-3"].has("broken")


def test_a25_7_finnish_elite_and_1st_line_are_stealthy(make_position: Any) -> None:
    pos = _finns(make_position, [_u("a-e", "C3", "6-4-8", "a"), _u("a-f", "C4", "5-4-8", "a"),
                                 _u("a-s", "C5", "4-4-7", "a")], "PFPh")
    got = {uid: au.stealthy(pos.units[uid], [pos.units[uid]], nations.of(pos, pos.units[uid]))
           for uid in ("a-e", "a-f", "a-s")}
    assert got == {"a-e": True, "a-f": True, "a-s": False}


def test_a25_72_finnish_1st_line_hardens_to_fanatic_and_leaders_climb_their_ladder(
        make_position: Any) -> None:
    pos = _finns(make_position, [_u("a-f", "C3", "5-4-8", "a", ), _u("a-8", "C3", "8-0", "a"),
                                 _u("a-p", "C3", "8+1", "a")], "PFPh")
    counters = pos.scenario.counters
    assert nations.battle_hardening(pos, pos.units["a-f"], counters) == (None, True, "A25.72")
    # 8-0 rises to the Finnish 9-0, not to the 8-1 of A15.3's usual ladder; the 8+1 to the 8-0
    assert nations.battle_hardening(pos, pos.units["a-8"], counters)[0] == "9-0"
    assert nations.battle_hardening(pos, pos.units["a-p"], counters)[0] == "8-0"


def test_a25_72_an_8_plus_1_with_nothing_lower_is_disrupted(make_position: Any) -> None:
    pos = _finns(make_position, [_u("a-p", "C3", "8+1", "a")], "PFPh")
    got = au.replacement(pos.units["a-p"], pos.scenario.counters)
    assert got is not None and got.disrupt


# --- A25.24, A25.44: partisans and ANZAC ---


def test_a25_24_partisans_are_stealthy_only_in_good_order_and_have_elr_5(make_position: Any) -> None:
    units = [_u("a-1", "C3", "4-4-7", "a"), _u("a-2", "C4", "4-4-7", "a", markers=["broken"])]
    pos = make_position("asl", units, "PFPh", sides=_sides("partisan", "german"))
    one, two = pos.units["a-1"], pos.units["a-2"]
    assert au.stealthy(one, [one], nations.of(pos, one)) and not au.stealthy(two, [two], nations.of(pos, two))
    assert nations.elr(pos, one) == 5


def test_a25_44_anzac_stealthy_unless_green(make_position: Any) -> None:
    counters = {"4-4-7": {"type": "squad", "class": "1st", "fp": 4, "range": 4, "morale": 7,
                          "broken_morale": 7},
                "4-3-6": {"type": "squad", "class": "green", "fp": 4, "range": 3, "morale": 6,
                          "broken_morale": 6}}
    pos = make_position("asl", [_u("a-1", "C3", "4-4-7", "a"), _u("a-2", "C4", "4-3-6", "a")], "PFPh",
                        counters=counters, sides=_sides("anzac", "japanese"))
    one, two = pos.units["a-1"], pos.units["a-2"]
    assert au.stealthy(one, [one], nations.of(pos, one)) and not au.stealthy(two, [two], nations.of(pos, two))


# --- A25.64-A25.66, A25.81, A25.91: Lax and the 1PAATC ---

CLASSED: dict[str, Any] = {
    "4-4-7e": {"type": "squad", "class": "elite", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7},
    "3-4-7": {"type": "squad", "class": "1st", "fp": 3, "range": 4, "morale": 7, "broken_morale": 7},
}


@pytest.mark.parametrize(("nat", "lax", "paatc"), [
    ("italian", {"e": False, "f": True}, {"e": 0, "f": 1}),  # A25.64, A25.65
    ("eritrean", {"e": False, "f": False}, {"e": 0, "f": 0}),  # A25.66: not Lax, the usual PAATC
    ("axis_minor", {"e": False, "f": False}, {"e": 0, "f": 1}),  # A25.81
    ("allied_minor", {"e": False, "f": False}, {"e": 0, "f": 1}),  # A25.91
    ("ethiopian", {"e": False, "f": False}, {"e": 0, "f": 1}),  # A25.93: as Allied Minors
    ("german", {"e": False, "f": False}, {"e": 0, "f": 0}),
])
def test_lax_and_1paatc_by_class_and_nationality(make_position: Any, nat: str, lax: dict[str, bool],
                                                 paatc: dict[str, int]) -> None:
    pos = make_position("asl", [_u("a-e", "C3", "4-4-7e", "a"), _u("a-f", "C4", "3-4-7", "a")], "PFPh",
                        counters=CLASSED, sides=_sides(nat, "british"))
    assert {k: nations.lax(pos, pos.units[f"a-{k}"]) for k in "ef"} == lax
    assert {k: nations.paatc_tc(pos, pos.units[f"a-{k}"]) for k in "ef"} == paatc


def test_a25_64_a_lax_italian_is_not_stealthy_even_when_an_ssr_makes_it_so(make_position: Any) -> None:
    pos = make_position("asl", [_u("a-f", "C4", "3-4-7", "a", markers=["stealthy"])], "PFPh",
                        counters=CLASSED, sides=_sides("italian", "british"))
    unit = pos.units["a-f"]
    assert not au.stealthy(unit, [unit], nations.of(pos, unit))  # A11.17: stealthy unless Lax


def test_a25_65_an_italian_1st_line_squad_takes_a_1tc_paatc_before_advancing_onto_an_afv(
        make_position: Any) -> None:
    pos = make_position("asl", [_u("a-f", "C4", "3-4-7", "a")], "APh", counters=CLASSED,
                        sides=_sides("italian", "british"))
    unit = pos.units["a-f"]
    adv = act.Advance(("a-f",), (unit.hex, unit.hex))
    assert "(1TC)" in advpaatc.decision(pos, adv, unit, unit).prompt


# --- A19.12 with A25.11, A25.24, A25.43: broken, never Disrupted ---

LOWEST = {"4-6-7": COUNTERS["4-6-7"],
          "3-3-7": {"type": "squad", "class": "1st", "fp": 3, "range": 3, "morale": 7, "broken_morale": 6}}


@pytest.mark.parametrize(("nat", "enemy", "disrupted"), [
    ("gurkha", "japanese", False), ("ss", "russian", False), ("ss", "american", True),
    ("german", "russian", True),
])
def test_a19_12_an_elr_failure_with_nothing_lower(make_position: Any, nat: str, enemy: str,
                                                  disrupted: bool) -> None:
    units = [_u("a-1", "C1", "4-6-7", "a"), _u("b-s", "C2", "3-3-7", "b")]
    pos = make_position("asl", units, "PFPh", counters=LOWEST, options={"elr": {"b": 0}},
                        sides=_sides(enemy, nat))
    pos.push_text("fire a-1 at C2 dice 3,4")  # 8 FP, final 7: 1MC
    pos.push_text("answer dice 4,4")  # 8 + 1 = 9 against 7: fails by 2, more than the ELR 0
    unit = pos.units["b-s"]
    assert unit.has("broken") and unit.has("disrupted") == disrupted


def test_a25_24_partisans_within_their_elr_5_only_break_and_are_never_disrupted(make_position: Any) -> None:
    units = [_u("a-1", "C1", "4-6-7", "a"), _u("b-s", "C2", "3-3-7", "b")]
    pos = make_position("asl", units, "PFPh", counters=LOWEST, options={"elr": {"b": 0}},
                        sides=_sides("german", "partisan"))
    assert nations.elr(pos, pos.units["b-s"]) == 5  # the side's ELR 0 is not the partisans'
    assert nations.never_disrupted(pos, pos.units["b-s"])
    pos.push_text("fire a-1 at C2 dice 3,4")  # 1MC
    pos.push_text("answer dice 4,4")  # fails by 2: within ELR 5, only broken
    assert pos.units["b-s"].has("broken") and not pos.units["b-s"].has("disrupted")


# --- A18.2 with A25.938: Ethiopian leader creation ---


def test_a25_938_ethiopian_leader_creation_has_one_more_plus_1(make_position: Any) -> None:
    # A18.2 lists no drm for Allied Minors; A25.938 adds +1 for Ethiopians: a broken 3-3-7 (morale 7) that
    # self-rallied on an Original 2 has +1 Ethiopian, +1 broken
    counters = {"3-3-7": LOWEST["3-3-7"]}
    pos = make_position("asl", [_u("a-1", "C3", "3-3-7", "a", markers=["broken"])], "RPh", counters=counters,
                        sides=_sides("ethiopian", "italian"))
    drms = am.leader_creation_drm(pos.units["a-1"], default_nationality="ethiopian")
    assert sum(v for _, v, _ in drms) == 2
    assert am.leader_creation_drm(pos.units["a-1"], default_nationality="allied_minor")[0][1] == 1  # broken


# --- A25.936: a non-Elite Ethiopian MMG/HMG ---

ETHIOPIANS: dict[str, Any] = {
    "3-3-7": LOWEST["3-3-7"],
    "3-4-7": {"type": "squad", "class": "elite", "fp": 3, "range": 4, "morale": 7, "broken_morale": 7},
    "MMGe": {"type": "sw", "sw": "mg", "nationality": "ethiopian", "fp": 4, "range": 10, "rof": 2,
             "breakdown": 12, "repair": 2, "pp": 3},
    "4-4-7": {"type": "squad", "class": "1st", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7},
}


def _mmg(make_position: Any, squad: str) -> Any:
    units = [_u("a-1", "C1", squad, "a"), _u("a-mmg", "C1", "MMGe", "a", carrier="a-1"),
             _u("b-1", "C4", "4-4-7", "b")]
    return make_position("asl", units, "PFPh", counters=ETHIOPIANS, sides=_sides("ethiopian", "italian"))


def test_a25_936_non_elite_ethiopians_fire_their_mmg_with_b11_and_rof_1(make_position: Any) -> None:
    pos = _mmg(make_position, "3-3-7")
    text = pos.resolve(pos.parse_action("fire a-mmg at C4 dice 5,6")).text()
    assert "a-mmg: Original DR 11: malfunctions (B#) (A9.7)" in text  # B# 12 - 1 (A25.936)
    text = pos.resolve(pos.parse_action("fire a-mmg at C4 dice 1,2")).text()
    assert "keeps its multiple ROF" not in text  # ROF 2 - 1 = 1 < coloured 2


def test_a25_936_elite_ethiopians_fire_it_as_printed(make_position: Any) -> None:
    pos = _mmg(make_position, "3-4-7")
    text = pos.resolve(pos.parse_action("fire a-mmg at C4 dice 5,6")).text()
    assert "malfunctions" not in text
    assert "keeps its multiple ROF" in pos.resolve(pos.parse_action("fire a-mmg at C4 dice 1,2")).text()


# --- A25.72: a rearmed Finn is a Conscript ---


def test_a25_72_a_rearmed_finnish_squad_becomes_a_conscript_not_a_green_one(make_position: Any) -> None:
    from hexmate.rules.games.asl import escape

    counters = {**{k: {**v, "nationality": "finnish"} for k, v in FINNS.items() if k in ("4-4-7", "4-3-7")},
                "4-3-6": {"type": "squad", "class": "green", "nationality": "finnish", "fp": 4, "range": 3,
                          "morale": 6, "broken_morale": 6}}
    pos = make_position("asl", [_u("a-1", "C3", "4-4-7", "a", markers=["unarmed"])], "CCPh",
                        counters=counters, sides=_sides("finnish", "russian"))
    got = escape._rearmed(pos, pos.units["a-1"])
    assert got is not None and got.name == "4-3-7"  # A20.551 alone would allow the Green 4-3-6 too


def test_a1_123_crews_self_rally_without_the_one_a_turn_limit(make_position: Any) -> None:
    """A1.123: a crew has the self-rally ability (A10.63), whatever its counter says: after a squad's
    self-rally of this Player Turn, two broken crews still try."""
    units = [_u("a-1", "C3", "4-6-7", "a", markers=["broken"]),
             _u("a-c1", "E3", "2-2-8", "a", markers=["broken"]),
             _u("a-c2", "G3", "2-2-8", "a", markers=["broken"]), _u("b-1", "J8", "4-4-7", "b")]
    pos = make_position("asl", units, "RPh", counters={n: dict(v) for n, v in au.demo_catalogue().items()})
    pos.push_text("rally a-1 dice 6,5")  # the side's one A10.63 self-rally
    pos.push_text("rally a-c1 dice 2,3")
    pos.push_text("rally a-c2 dice 2,4")
    assert not pos.units["a-c1"].has("broken") and not pos.units["a-c2"].has("broken")


# --- A25.938 and A25.8: No Quarter from the start (nations.quarter_refused) ---
# The text's A10 rout example says whom "No Quarter in effect for" a side binds: after the German refuses a
# surrender, No Quarter is in effect for the Germans only, and a Russian broken unit then routs rather than
# surrender. So A25.938's "for the Ethiopians" is as though the Ethiopians had refused: their enemy never
# surrenders to them; from November 1935 also the other way.

def _nat_counters() -> dict[str, Any]:
    base = dict(COUNTERS["4-4-7"])
    made = {
        "3-3-7e": {**base, "fp": 3, "range": 3, "morale": 7, "broken_morale": 6, "nationality": "ethiopian",
                   "class": "1st"},
        "3-4-7i": {**base, "fp": 3, "range": 4, "morale": 7, "broken_morale": 7, "nationality": "italian",
                   "class": "1st"},
        "4-4-7ro": {**base, "morale": 7, "broken_morale": 6, "nationality": "romanian", "class": "1st"},
        "4-4-7hu": {**base, "morale": 7, "broken_morale": 6, "nationality": "hungarian", "class": "1st"},
        "4-5-8ro": {**base, "fp": 4, "range": 5, "morale": 8, "broken_morale": 8, "nationality": "romanian",
                    "class": "elite"},
        "3-3-7p": {**base, "fp": 3, "range": 3, "morale": 7, "broken_morale": 6, "nationality": "partisan",
                   "class": "1st"},
        "8-1p": {**COUNTERS["8-1"], "nationality": "partisan"},
        "8-1r": {**COUNTERS["8-1"], "nationality": "russian"},
    }
    return {**COUNTERS, **made}


def _ethiopian_war(make_position: Any, date: str | None, phase: str = "PFPh",
                   units: list[dict[str, Any]] | None = None) -> Any:
    units = units or [_u("a-1", "C1", "3-3-7e", "a"), _u("b-1", "J8", "3-4-7i", "b")]
    return make_position("asl", units, phase, counters=_nat_counters(), sides=_sides("ethiopian", "italian"),
                         options={"date": date} if date else {})


@pytest.mark.parametrize(("date", "refusing"), [
    (None, ("a",)),  # no date given: the Ethiopians' only
    ("1935-10", ("a",)),  # October 1935: not yet for the Italians
    ("1935-11", ("a", "b")),  # from November 1935 for both
    ("1936-03", ("a", "b")),
])
def test_a25_938_no_quarter_is_in_effect_for_the_ethiopians_and_from_nov_1935_their_enemy(
        make_position: Any, date: str | None, refusing: tuple[str, ...]) -> None:
    from hexmate.rules.games.asl import prisoners

    pos = _ethiopian_war(make_position, date)
    assert pos.game.gstate(pos.state).no_quarter == refusing
    # the Italians never surrender to the Ethiopians (A20.3); the Ethiopians to the Italians only from 11/35
    assert not prisoners.may_surrender(pos.game, pos, pos.units["b-1"])
    assert prisoners.may_surrender(pos.game, pos, pos.units["a-1"]) == ("b" not in refusing)


def test_a25_938_a_cornered_broken_italian_never_surrenders_to_ethiopians(make_position: Any) -> None:
    """A broken Italian squad in the open beside a Good Order Ethiopian squad would have to surrender
    (A20.21); with No Quarter in effect for the Ethiopians it routs or dies instead (A20.3)."""
    units = [_u("a-1", "C2", "3-3-7e", "a"), _u("b-1", "C3", "3-4-7i", "b", markers=["broken"])]
    pos = _ethiopian_war(make_position, "1935-10", "AFPh", units)
    pos.push_text("end")
    assert pos.phase.id == "RtPh"
    assert pos.decision is None or pos.decision.then != "surrender"


def test_a25_938_without_the_ethiopians_no_side_starts_under_no_quarter(make_position: Any) -> None:
    pos = make_position("asl", [_u("a-1", "C1", "4-6-7", "a")], "PFPh", counters=COUNTERS,
                        sides=_sides("german", "russian"), options={"date": "1944-06"})
    assert pos.game.gstate(pos.state).no_quarter == ()


# --- A25.8 / A25.82: Hungarians against Romanians ---


def _hu_ro(make_position: Any, units: list[dict[str, Any]] | None = None, **kw: Any) -> Any:
    units = units or [_u("a-1", "C1", "4-4-7hu", "a", markers=["broken"]), _u("b-1", "J8", "4-4-7ro", "b"),
                      _u("b-2", "J8", "9-1", "b")]
    return make_position("asl", units, "PFPh", counters=_nat_counters(),
                         sides=_sides("hungarian", "romanian"), **kw)


def test_a25_8_hungarians_and_romanians_broken_morale_plus_1_and_no_quarter_both_ways(
        make_position: Any) -> None:
    pos = _hu_ro(make_position)
    assert pos.game.gstate(pos.state).no_quarter == ("a", "b")
    hu, ro, ldr = pos.units["a-1"], pos.units["b-1"], pos.units["b-2"]
    assert au.unit_morale(hu) == 6 + 1  # broken side 6, +1 (A25.8)
    assert au.unit_morale(ro) == 7  # unbroken: the printed 7
    assert au.unit_morale(ro.mark("broken")) == 7
    assert not ldr.has(nations.HATRED)  # MMC only: the 9-1's broken morale 8 stays 8
    other = make_position("asl", [_u("a-1", "C1", "4-4-7hu", "a", markers=["broken"])], "PFPh",
                          counters=_nat_counters(), sides=_sides("hungarian", "russian"))
    assert au.unit_morale(other.units["a-1"]) == 6 and other.game.gstate(other.state).no_quarter == ()


@pytest.mark.parametrize("dice", [(2, 5), (2, 6)])
def test_a25_82_hungary_against_romania_a_final_hob_10_or_11_is_berserk(
        make_position: Any, dice: tuple[int, int]) -> None:
    """A non-Elite Axis Minor surrenders on a final HoB DR of 10 or more (A25.82, A15.1 note); when Hungarians
    and Romanians fight each other they go berserk on 10-11 instead: here Original 7 / 8, +3 Axis Minor
    (A15.1) = 10 / 11. The No Quarter both ways (A25.8) makes it so (A15.5)."""
    pos = _hu_ro(make_position)
    ro = pos.units["b-1"]
    refused = pos.enemy_of(ro.side) in pos.game.gstate(pos.state).no_quarter
    got, final = am.heat_of_battle(ro, dice, default_nationality="romanian", no_quarter=refused)
    assert final == sum(dice) + 3 and final in (10, 11)
    assert got == frozenset({"berserk"})
    alone, _ = am.heat_of_battle(ro, dice, default_nationality="romanian")
    assert alone == frozenset({"surrender"})  # against anyone else: surrender from 10 (A25.82)


# --- A25.81: Romanian 1st Line MMC from July 1943 take the ordinary PAATC ---


@pytest.mark.parametrize(("counter", "nat", "date", "tc"), [
    ("4-4-7ro", "romanian", "1943-06", 1),  # before July 1943: 1PAATC as every non-Elite Axis Minor
    ("4-4-7ro", "romanian", "1943-07", 0),  # from July 1943: the ordinary PAATC (NTC)
    ("4-4-7ro", "romanian", "1944-08", 0),
    ("4-4-7hu", "hungarian", "1944-08", 1),  # the exception is Romanian only
    ("4-5-8ro", "romanian", "1942-01", 0),  # an Elite Romanian never took the 1PAATC
])
def test_a25_81_the_romanian_1st_line_exception_from_july_1943(
        make_position: Any, counter: str, nat: str, date: str, tc: int) -> None:
    pos = make_position("asl", [_u("a-1", "C1", counter, "a")], "APh", counters=_nat_counters(),
                        sides=_sides(nat, "russian"), options={"date": date})
    assert nations.paatc_tc(pos, pos.units["a-1"]) == tc


# --- A25.82 (A20.55): Axis Minors escape only at home against the Russians ---


def _held_romanians(make_position: Any, enemy: str, home: list[str] | None) -> Any:
    units = [_u("b-1", "C3", "4-6-7", "b", markers=["broken"]),
             _u("a-1", "C3", "4-4-7ro", "a", markers=["prisoner"], carrier="b-1"),
             _u("b-2", "H5", "4-6-7", "b")]
    return make_position("asl", units, "APh", counters=_nat_counters(), sides=_sides("romanian", enemy),
                         options={"home_soil": home} if home is not None else {})


@pytest.mark.parametrize(("enemy", "home", "may"), [
    ("russian", None, False),  # A20.55: an Axis Minor never attempts Escape unless abandoned
    ("russian", ["a"], True),  # A25.82: at home against the Russians it may
    ("german", ["a"], False),  # at home, but not against the Russians
    ("russian", ["b"], False),  # the home soil is the other side's
])
def test_a25_82_an_axis_minor_prisoner_escapes_only_at_home_against_russians(
        make_position: Any, enemy: str, home: list[str] | None, may: bool) -> None:
    pos = _held_romanians(make_position, enemy, home)
    assert nations.escape_barred(pos, pos.units["a-1"]) == (not may)
    pos.push_text("end")  # the CCPh: the escape question only where one may escape (A20.55)
    top = pos.decision
    assert (top is not None and top.then == "escape") == may


@pytest.mark.parametrize("home", ["a", ["c"], [1], {"a": True}])
def test_a25_82_a_malformed_home_soil_is_refused_on_load_naming_the_key(make_position: Any,
                                                                      home: Any) -> None:
    with pytest.raises(DataError, match=r"^test-scenario: options\.home_soil: "):
        _held_romanians(make_position, "russian", home)


def test_a25_82_home_soil_read_from_a_scenario_file_and_a_bad_one_names_the_file(tmp_path: Any) -> None:
    """The SSR's home-soil sides as data in the scenario file (its ``options``); the A25.82 exception reads
    them; a side the scenario does not have is a DataError naming the file and the key."""
    units = [_u("a-1", "C3", "4-4-7ro", "a")]
    good = scenario_dict("asl", units, _nat_counters(), "APh", options={"home_soil": ["a"]},
                         sides=_sides("romanian", "russian"))
    path = tmp_path / "home.json"
    path.write_text(json.dumps(good), encoding="utf-8")
    assert nations.home_sides(load_scenario(path)) == {"a"}
    path.write_text(json.dumps({**good, "options": {"home_soil": ["rom"]}}), encoding="utf-8")
    with pytest.raises(DataError, match=rf"^{re.escape(str(path))}: options\.home_soil: \['rom'\]"):
        nations.check(load_scenario(path))


# --- A25.24: leadership never crosses partisans and other units ---


def test_a25_24_a_partisan_leader_never_helps_a_non_partisan_and_the_other_way(make_position: Any) -> None:
    units = [_u("a-p", "C1", "3-3-7p", "a", markers=["broken"]),
             _u("a-r", "C1", "4-4-7r", "a", markers=["broken"]),
             _u("a-lp", "C1", "8-1p", "a"), _u("b-1", "J8", "4-6-7", "b")]
    pos = make_position("asl", units, "PFPh", counters=_nat_counters(), sides=_sides("russian", "german"))
    p, r, lp = pos.units["a-p"], pos.units["a-r"], pos.units["a-lp"]
    present = list(pos.units.values())
    assert am.leader_drm_for(p, present) == -1  # the partisan 8-1's -1 for the partisan squad (A10.7)
    assert am.leader_drm_for(r, present) == 0  # none for the Russian squad (A25.24)
    assert not nations.leads(lp, r) and nations.leads(lp, p)
    from hexmate.rules.games.asl import cc, rally

    assert [h.id for h in rally._helpers(pos, r)] == [] and [h.id for h in rally._helpers(pos, p)] == ["a-lp"]
    ready = [u.mark(remove=("broken",)) for u in (p, r, lp)]
    assert cc.leader_drm([ready[0], ready[2]], forced=True) == (-1, "a-lp")
    assert cc.leader_drm([ready[1], ready[2]], forced=True) is None  # no partisan leadership in a Russian CC
    russian = pos.at(pos.state.with_unit(lp.as_counter(pos.scenario.counters["8-1r"])))
    assert am.leader_drm_for(p, list(russian.units.values())) == 0  # a Russian 8-1 never leads partisans
    assert am.leader_drm_for(r, list(russian.units.values())) == -1


def test_a25_24_a_partisan_leader_does_not_direct_a_fire_group_with_russians(make_position: Any) -> None:
    units = [_u("a-p", "C1", "3-3-7p", "a"), _u("a-r", "C1", "4-4-7r", "a"), _u("a-lp", "C1", "8-1p", "a"),
             _u("b-1", "C4", "4-6-7", "b")]
    pos = make_position("asl", units, "PFPh", counters=_nat_counters(), sides=_sides("russian", "german"))
    with_partisans = pos.resolve(pos.parse_action("fire a-p,a-lp at C4 dice 3,3"))
    mixed = pos.resolve(pos.parse_action("fire a-p,a-r,a-lp at C4 dice 3,3"))
    lines = [(str(x.label), x.value, x.rule) for x in with_partisans.lines]
    assert ("leadership (a-lp)", "-1", "A7.53") in lines
    assert not any(x.rule == "A7.53" for x in mixed.lines)  # undirected: it even Cowers (A7.9)


def test_a1_23_an_underscored_morale_has_elr_5_unless_an_ssr_gives_it_the_sides(make_position: Any) -> None:
    counters = {"6-5-8": au.demo_catalogue()["6-5-8"]}
    units = [{"id": "b-s", "counter": "6-5-8", "side": "b", "hex": "C3"}]
    pos = make_position("asl", units, "PFPh", counters=counters, options={"elr": {"b": 2}})
    assert nations.elr(pos, pos.units["b-s"]) == 5  # A1.23
    pos = make_position("asl", units, "PFPh", counters=counters, options={"elr": {"b": 2}, "elr_ssr": ["b"]})
    assert nations.elr(pos, pos.units["b-s"]) is None  # A19.132: the side's 2
    assert nations.ssr_elr(pos, pos.units["b-s"])


# --- A25.1: the German Elite squads' ELR steps ---


@pytest.mark.parametrize(("elite", "steps"), [("4-6-8", 3), ("5-4-8", 2)])
def test_a25_1_german_elite_squads_take_3_or_2_elr_replacements_to_inexperienced(elite: str,
                                                                                   steps: int) -> None:
    """A25.1: a 4-6-8 is Replaced three times (A19.13) before it is Inexperienced, a 5-4-8 twice."""
    catalogue = {name: CounterType(name, str(v["type"]), v) for name, v in COUNTERS.items()}
    name, taken = elite, 0
    while not au.inexperienced(UnitState("g", "a", catalogue[name], None)):
        got = au.replacement(UnitState("g", "a", catalogue[name], None), catalogue)
        assert got is not None and got.rule == "A19.13"
        name, taken = got.to[0], taken + 1
    assert (taken, name) == (steps, "4-3-6")


# --- A25.12, A25.31, A25.42: an ELR of 5 whatever the OB's ---


@pytest.mark.parametrize(("counter", "nat"), [("8-3-8", "german"), ("7-4-7", "american"),
                                              ("6-4-8", "british")])
def test_a25_12_a25_31_a25_42_the_squads_with_an_elr_of_5(make_position: Any, counter: str, nat: str) -> None:
    """A25.12 (German 8-3-8), A25.31 (American 7-4-7), A25.42 (British 6-4-8): ELR 5 whatever the OB's ELR,
    so with the side's ELR at 0 an MC failed by 2 only breaks the squad (the side's own 4-4-7 has no fixed
    ELR)."""
    counters = {**COUNTERS, "7-4-7": {"type": "squad", "nationality": "american", "class": "elite", "fp": 7,
                                      "range": 4, "morale": 7, "broken_morale": 7, "elr_fixed": 5}}
    units = [_u("a-1", "C1", "4-6-7", "a"), _u("b-s", "C2", counter, "b"), _u("b-2", "E2", "4-4-7", "b")]
    pos = make_position("asl", units, "PFPh", counters=counters, options={"elr": {"b": 0}},
                        sides=_sides("german", nat))
    assert nations.elr(pos, pos.units["b-s"]) == 5 and nations.elr(pos, pos.units["b-2"]) is None
    morale = int(pos.units["b-s"].values["morale"])
    pos.push_text("fire a-1 at C2 dice 3,4")  # 4 FP: 1MC
    pos.push_text(f"answer dice {morale - 3},4")  # DR morale + 1, final morale + 2 with the 1MC's +1
    now = pos.units["b-s"]
    assert now.has("broken") and not now.has("disrupted") and now.name == counter
