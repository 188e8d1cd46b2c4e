"""Worked examples of ASL chapter A for units, morale and their aftermath (A7.8, A10, A14, A15, A17-A20), from
the rulebook's numbers (digests asl-a2 §5.2/§5.7 and asl-a3 §5, checked against the text)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.scenario import CounterType

CATALOGUE = {name: CounterType(name, str(v["type"]), v) for name, v in au.demo_catalogue().items()}
HERE = Hex(0, 0)


def unit(uid: str, counter: str, *markers: str, side: str = "a", **extra: Any) -> UnitState:
    base = CATALOGUE[counter]
    ct = CounterType(base.name, base.type, {**base.values, **extra}) if extra else base
    return UnitState(uid, side, ct, HERE, markers=frozenset(markers))


# --- A10.3, A10.31, A7.8, A19.13 ---


def test_t10_elr_threshold_breaks_only_when_the_excess_is_within_the_elr() -> None:
    """A19.1: with an ELR of 1 a 4-4-7 failing its MC by exactly 1 only breaks; it is not Replaced."""
    sq = unit("sq", "4-4-7")
    got = am.morale_check(sq, (4, 4), elr=1, counters=CATALOGUE)  # final 8, morale 7: excess 1
    assert got.outcome == "break" and got.replaced is None


def test_t10_elr_exceeded_replaces_by_a_worse_broken_unit_of_lower_class() -> None:
    """A19.1, A19.13: with an ELR of 1 a 4-4-7 failing its MC by 2 is Replaced by the lower-quality 4-3-6."""
    sq = unit("sq", "4-4-7")
    got = am.morale_check(sq, (4, 5), elr=1, counters=CATALOGUE)  # final 9: excess 2 > ELR 1
    assert got.outcome == "break" and got.replaced is not None
    assert got.replaced.to == ("4-3-6",) and got.replaced.rule == "A19.13"
    lower = CATALOGUE["4-3-6"].values
    assert au.unit_class(lower) != au.unit_class(CATALOGUE["4-4-7"].values)


@pytest.mark.parametrize(("leader", "to"), [("9-2", "9-1"), ("9-1", "8-1")])
def test_t10_a_leader_failing_by_more_than_elr_drops_one_rank(leader: str, to: str) -> None:
    got = am.morale_check(unit("ldr", leader), (5, 5), elr=0, counters=CATALOGUE)  # 10 against 9
    assert got.replaced is not None and got.replaced.to == (to,)


def test_t11_underscored_squad_becomes_two_hs_but_an_ssr_elr_gives_the_4_4_7() -> None:
    ss = unit("ss", "6-5-8")
    assert au.replacement(ss, CATALOGUE) == au.Replacement(("3-4-8", "3-4-8"), False, "A19.13")
    assert au.replacement(ss, CATALOGUE, ssr_elr=True) == au.Replacement(("4-4-7",), False, "A19.132")


def test_a19_11_crews_heroes_and_broken_units_are_never_replaced() -> None:
    """A19.11: a crew, a hero and a broken unit are exempt from ELR Replacement."""
    assert au.replacement(unit("c", "2-2-8"), CATALOGUE) is None
    assert au.replacement(unit("h", "1-4-9"), CATALOGUE) is None
    assert au.replacement(unit("s", "4-4-7", "broken"), CATALOGUE) is None


def test_a19_12_nothing_lower_disrupts() -> None:
    assert au.replacement(unit("g", "4-3-6"), CATALOGUE) == au.Replacement((), True, "A19.12")
    assert au.replacement(unit("l", "6+1"), CATALOGUE) == au.Replacement((), True, "A19.12")


def test_a10_31_original_12_is_a_casualty_mc_and_kills_a_broken_unit() -> None:
    assert am.morale_check(unit("s", "4-6-7"), (6, 6)).outcome == "casualty"
    assert am.morale_check(unit("s", "4-6-7", "broken"), (6, 6)).outcome == "eliminated"
    assert am.morale_check(unit("s", "4-6-7", "broken"), (5, 6)).outcome == "reduce"  # A10.3
    assert am.morale_check(unit("l", "9-1"), (6, 6)).outcome == "casualty"  # wounded, then broken
    hero = am.morale_check(unit("h", "1-4-9"), (6, 6))
    assert hero.outcome == "wound" and hero.worse


def test_a7_8_an_exact_pass_pins_and_a_hero_is_never_pinned() -> None:
    assert am.morale_check(unit("s", "4-6-7"), (3, 4)).outcome == "pin"
    assert am.morale_check(unit("s", "4-6-7"), (3, 4), ift=False).outcome == "pass"
    assert am.morale_check(unit("h", "1-4-9"), (4, 5)).outcome == "pass"


def test_t8_41_step4_the_fpf_self_check_original_7_8_and_9() -> None:
    """A8.31 example step 4: an 8-1 (morale 8) and a 4-6-7 (morale 7) with the 8-1's -1 checking for FPF."""
    ldr, sq = unit("l", "8-1"), unit("s", "4-6-7")
    cases = [((3, 4), "pass", "pass"), ((4, 4), "pin", "break"), ((4, 5), "break", "break")]
    for dr, ldr_out, sq_out in cases:
        # the leader does not modify his own check; the pinned leader no longer helps (A7.831)
        lead = am.morale_check(ldr, dr)
        helper = ldr if lead.outcome == "pass" else ldr.mark("pinned" if lead.outcome == "pin" else "broken")
        squad = am.morale_check(sq, dr, drm=am.leader_drm_for(sq, [helper]))
        assert (lead.outcome, squad.outcome) == (ldr_out, sq_out)


def test_t7_306_the_leader_tests_first() -> None:
    order = am.check_order([unit("s1", "4-6-7"), unit("l", "8-0"), unit("s2", "4-4-7"), unit("l2", "9-1")])
    assert [u.id for u in order] == ["l2", "l", "s1", "s2"]


def test_a7_305_a_ptc_pins_on_failure_and_broken_units_take_none() -> None:
    assert am.pin_task_check(unit("s", "4-6-7"), (4, 4)).outcome == "pin"
    assert am.pin_task_check(unit("s", "4-6-7"), (3, 4)).outcome == "pass"
    assert am.pin_task_check(unit("s", "4-6-7", "broken"), (6, 6)).outcome == "pass"


# --- A10.2 Leader Loss, A10.22 leaders helping leaders ---


def test_t10_2_a_killed_9_1_gives_the_broken_4_6_7_an_llmc_but_not_the_ss() -> None:
    ldr = unit("l", "9-1")
    ss, sq = unit("ss", "6-5-8", "broken"), unit("sq", "4-6-7", "broken")
    assert am.llmc(ldr, [ss, sq]) == [("sq", 1)]


@pytest.mark.parametrize(("leader", "expected"), [
    ("8-0", [("a", 0)]), ("8-1", [("a", 1)]), ("9-1", [("b", 1), ("a", 1)]),
])
def test_t10_21_llmc_depends_on_the_leaders_morale_and_modifier(leader: str, expected: list[Any]) -> None:
    ldr = unit("l", leader, "broken")
    assert am.llmc(ldr, [unit("a", "4-6-7"), unit("b", "4-6-8")]) == expected


def test_t10_22_only_a_leader_of_higher_morale_helps_another_leader() -> None:
    nine = unit("l", "9-1")
    assert am.leader_drm_for(nine, [unit("h", "10-2")]) == -2
    assert am.leader_drm_for(nine, [unit("h", "9-2")]) == 0
    assert am.morale_check(nine, (4, 6), drm=-2).outcome == "pass"  # 10 - 2 = 8
    assert am.morale_check(nine, (4, 6)).outcome == "break"


def test_a10_2_a_leader_breaking_gives_lower_morale_unbroken_units_an_lltc() -> None:
    ldr = unit("l", "9-1")
    got = am.lltc(ldr, [unit("a", "4-6-7"), unit("b", "4-6-7", "broken"), unit("h", "1-4-9")])
    assert got == [("a", 1)]


# --- A10.62 DM ---


def test_a10_62_dm_for_the_newly_broken_and_for_a_broken_unit_under_nmc_capable_fire() -> None:
    assert am.becomes_dm(unit("s", "4-6-7"), newly_broken=True)
    assert am.becomes_dm(unit("s", "4-6-7", "broken"), could_nmc=True)
    assert not am.becomes_dm(unit("s", "4-6-7"), could_nmc=True)


# --- A15 Heat of Battle ---


def test_t03_hob_drm_stacking_and_results() -> None:
    """A15.1 with A25.4: the British take -1 on the Heat of Battle DR, so an Elite 6-4-8 is at -2."""
    brit = unit("b", "6-4-8")  # Elite British: -1 -1
    assert sum(v for _, v, _ in am.hob_drm(brit)) == -2
    assert am.heat_of_battle(brit, (1, 1)) == (frozenset({"hero"}), 0)
    ita = unit("i", "4-4-7", nationality="italian")  # non-Elite Italian: +3, class 2nd
    got, final = am.heat_of_battle(ita, (3, 4))
    assert final == 10 and got == {"surrender"}
    fin = unit("f", "4-6-8", nationality="finnish")  # Finnish Elite: -1 -1
    assert am.heat_of_battle(fin, (4, 4)) == (frozenset({"hero", "bh"}), 6)


def test_t03_a_broken_japanese_squad_goes_berserk_or_hardens_without_a_known_enemy_in_los() -> None:
    jap = unit("j", "4-4-7", "broken", nationality="japanese", **{"class": "1st"})
    got, final = am.heat_of_battle(jap, (3, 4))  # +4 Japanese +1 broken
    assert final == 12 and got == {"berserk"}
    assert am.heat_of_battle(jap, (3, 4), known_enemy_in_los=False)[0] == {"bh"}


def test_a15_1_hob_follows_an_original_2_but_not_for_crews() -> None:
    assert am.morale_check(unit("s", "4-6-7"), (1, 1)).hob
    assert not am.morale_check(unit("c", "2-2-8"), (1, 1)).hob


def test_t01_battle_hardening() -> None:
    assert au.battle_hardening(unit("h", "2-4-7"), CATALOGUE) == ("2-4-8", False, "A15.3")
    assert au.battle_hardening(unit("l", "6+1"), CATALOGUE)[0] == "7-0"
    assert au.battle_hardening(unit("l", "8-0"), CATALOGUE)[0] == "8-1"
    assert au.battle_hardening(unit("l", "9-2"), CATALOGUE)[0] == "10-2"
    assert au.battle_hardening(unit("e", "5-4-8"), CATALOGUE) == (None, True, "A15.3")
    russian = unit("r", "4-2-6")
    assert au.battle_hardening(russian, CATALOGUE)[0] == "5-2-7"  # A25.2
    assert au.battle_hardening(unit("r", "2-2-7r"), CATALOGUE)[0] == "3-2-8"


# --- A17 wounds ---


def test_t07_wounds() -> None:
    assert am.wound_severity(4, False) == "light"
    assert am.wound_severity(5, False) == "kia"
    assert am.wound_severity(4, True) == "kia"
    assert am.wound_severity(3, True) == "light"
    ldr = unit("l", "8-0", "wounded")
    assert (au.unit_morale(ldr), au.leadership_of(ldr)) == (7, 1)
    ldr91 = unit("l", "9-1", "wounded")
    assert (au.unit_morale(ldr91), au.leadership_of(ldr91)) == (8, 0)


# --- A18 leader creation ---


def test_t08_german_cc_leader_creation() -> None:
    sq = unit("g", "4-3-6")
    drms = am.leader_creation_drm(sq, odds_columns_below_1_1=2)
    assert sum(v for _, v, _ in drms) == -2
    assert am.created_leader(sq, 3, odds_columns_below_1_1=2) == ("8-1", 1)
    assert am.created_leader(sq, 6, odds_columns_below_1_1=2) == ("7-0", 4)


def test_a25_4_british_leader_creation_drm_is_minus_1() -> None:
    """A25.4, A18.2: the British create leaders at -1, as the Germans do: a broken British 4-4-7b and a broken
    German 4-4-7 (morale 7: no morale drm; broken +1) both total 0; the same squad as Russians (+1) totals
    +2."""

    def total(u: UnitState) -> int:
        return sum(v for _, v, _ in am.leader_creation_drm(u))

    brit = unit("b", "4-4-7b", "broken")
    assert total(brit) == total(unit("g", "4-4-7", "broken")) == 0
    assert total(unit("r", "4-4-7b", "broken", nationality="russian")) == 2
    assert am.created_leader(brit, 4) == ("7-0", 4) and am.created_leader(brit, 6) == ("6+1", 6)


def test_t09_soviet_self_rally_leader_creation() -> None:
    sq = unit("r", "4-2-6", "broken")
    assert sum(v for _, v, _ in am.leader_creation_drm(sq)) == 3
    assert am.created_leader(sq, 1) == ("7-0", 4)
    assert am.created_leader(sq, 3) == ("6+1", 6)
    assert am.created_leader(sq, 4) == (None, 7)


def test_a18_finns_create_no_leader() -> None:
    assert am.created_leader(unit("f", "4-6-7", nationality="finnish"), 1) == (None, 1)


# --- A14 snipers ---


def test_t14_4_sniper_check_drm() -> None:
    ldr = unit("l", "8-1")
    assert am.sniper_check_drm([ldr]) == 0
    assert am.sniper_check_drm([unit("h", "2-4-7"), ldr]) == -2
    assert am.sniper_check_drm([unit("s", "4-6-7"), unit("h", "2-4-7"), ldr]) == -4
    assert [am.sniper_check_result(f) for f in (2, 3, 4)] == ["eliminated", "pinned", "none"]


def test_t14_1_activation_only_on_ift_dr_equal_to_san() -> None:
    assert am.sniper_activates(3, 3, "ift")
    assert not am.sniper_activates(3, 3, "mc") and not am.sniper_activates(3, 3, "th")
    assert not am.sniper_activates(4, 3, "ift")


def test_t14_3_sniper_effects() -> None:
    sq, ldr = unit("s", "4-6-7"), unit("l", "8-1")
    assert [am.sniper_effect(sq, 1), am.sniper_effect(sq, 2)] == ["broken", "pinned"]
    assert [am.sniper_effect(ldr, 1), am.sniper_effect(ldr, 2)] == ["eliminated", "wounded"]
    assert am.san_after_elimination(3) == 2 and am.san_after_elimination(2) is None


# --- A20 prisoners ---


def test_a20_guards_and_capture_drm() -> None:
    hs = unit("g", "2-4-7")
    assert am.guard_can_hold([hs], [unit("p1", "4-4-7r"), unit("p2", "4-4-7r"), unit("p3", "4-2-6")])
    assert not am.guard_can_hold([hs], [unit(f"p{i}", "4-4-7r") for i in range(4)])
    for name, drm in (("4-4-7r", 1), ("4-2-6", -1)):  # T12: -1 against the Inexperienced 4-2-6 (A19.35)
        r = unit("r", name)
        assert am.capture_drm(r, restricted=au.restricted(r, [r])) == drm


# --- A.11, A9.2, A9.7, A21 breakdown and ROF ---


def test_t_a11_lmg_sustained_and_captured() -> None:
    lmg = CATALOGUE["LMG"].values
    assert (au.breakdown(lmg).b, au.breakdown(lmg).x) == (12, 13)
    assert (au.breakdown(lmg, sustained=True).b, au.breakdown(lmg, sustained=True).x) == (10, 12)
    both = au.breakdown(lmg, sustained=True, captured=True)
    assert (both.b, both.x) == (8, 12)


def test_t9_71_fg_with_a_sustained_hmg_and_an_lmg() -> None:
    hmg = au.breakdown({"breakdown": 12}, sustained=True)
    lmg = au.breakdown({"breakdown": 12})
    assert au.malfunctions(10, {"hmg": hmg, "lmg": lmg}) == {"hmg": "b"}
    assert au.malfunctions(11, {"hmg": hmg, "lmg": lmg}) == {"hmg": "b"}
    assert au.malfunctions(12, {"hmg": hmg, "lmg": lmg}) == {"hmg": "x", "lmg": "b"}


def test_t9_2b_each_mg_keeps_its_own_rof_on_the_coloured_dr() -> None:
    assert au.keeps_rof(2, au.rate_of_fire(CATALOGUE["MMG"].values))
    assert not au.keeps_rof(2, au.rate_of_fire(CATALOGUE["LMG"].values))
    assert not au.keeps_rof(1, 2, sustained=True)
    assert au.rate_of_fire(CATALOGUE["MMG"].values, captured=True) == 1


def test_a7_35_sw_limits_and_a18_morale_cap() -> None:
    assert au.keeps_inherent_fp(unit("s", "4-6-7"), 1) and not au.keeps_inherent_fp(unit("s", "4-6-7"), 2)
    assert not au.keeps_inherent_fp(unit("h", "2-4-7"), 1)
    assert au.unit_morale(unit("l", "10-2", "fanatic")) == 10  # A.18: never above 10


def test_a7_9_cowering_exemptions_by_nationality() -> None:
    british = au.nationality("british")
    assert au.cowering_exempt(unit("b", "4-4-7b"), british)
    assert not au.cowering_exempt(unit("b", "4-3-6b"), british)
    assert au.cowering_exempt(unit("f", "4-6-7", nationality="finnish"), au.nationality("finnish"))
    assert not au.cowering_exempt(unit("f", "4-2-6", nationality="finnish"), au.nationality("finnish"))
    assert not au.cowering_exempt(unit("g", "4-6-7"), au.nationality("german"))


def test_a9_72_repair() -> None:
    mmg = CATALOGUE["MMG"].values  # R2 in the demo catalogue
    assert [au.repair(dr, mmg) for dr in (1, 2, 3, 6)] == ["repaired", "repaired", "still", "eliminated"]
    assert au.repair(1, mmg, captured=True) == "not allowed"
    assert au.repairs_allowed(unit("s", "4-6-7")) == 2
    assert au.repairs_allowed(unit("s", "4-6-7", "broken")) == 0


# --- A16 Battlefield Integrity (optional), asl-a3 digest T04-T06 ---


def test_t04_integrity_base_tally_and_reinforcements() -> None:
    base = am.integrity_base(400)
    assert base == 40
    assert am.integrity_tally(43, base, 0) == (3, 1, 1)
    assert am.integrity_tally(3 + 37, base, 1) == (0, 2, 1)
    assert am.reinforced_base(40, 41) == (45, -2)


def test_t05_the_first_integrity_check_drm_and_elr_loss_only_on_12() -> None:
    drms = am.integrity_drm(1, best_leader=-1)
    assert sum(v for _, v, _ in drms) == 0
    assert am.integrity_check(11, drms, 3, 0) == (3, 0, False)
    assert am.integrity_check(12, drms, 3, 0) == (2, 1, False)
    assert am.integrity_drm(0, best_leader=None)[0][1] == 1  # case E


def test_t06_regain_counts_only_negative_drms() -> None:
    drms = am.integrity_drm(2, best_leader=-2)  # +2 (A) and -2 (C)
    assert am.integrity_check(4, drms, 2, 1) == (3, 0, True)  # 4 - 2 = 2: regained, losses wiped
    assert am.integrity_check(4, drms, 3, 0) == (3, 0, True)  # never lost: no gain, losses still wiped
    assert am.integrity_check(5, drms, 2, 1) == (2, 1, False)


def test_t1_6_unit_size() -> None:
    assert [au.us_number(unit("u", c)) for c in ("8-1", "2-4-7", "2-2-8", "4-6-7")] == [1, 2, 2, 3]


def test_a19_12_only_the_lowest_leader_is_disrupted_by_the_elr() -> None:
    six = unit("ldr", "6+1")
    assert au.replacement(six, CATALOGUE) == au.Replacement((), True, "A19.12")
    lone = {k: v for k, v in CATALOGUE.items() if k != "8-1"}  # no 8-1 counter to replace a 9-1 with
    assert au.replacement(unit("ldr", "9-1"), lone) is None  # he breaks, never Disrupted (A15.5 only)
    got = am.morale_check(unit("ldr", "9-1"), (5, 5), elr=0, counters=lone)
    assert got.outcome == "break" and got.replaced is None
