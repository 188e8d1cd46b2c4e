"""The digest's worked examples (section 7, T1-T60) played through the PG module, each named after its row.

Inputs are the rulebook's (or the digest's rule-derived) numbers; where a chart cell is needed it is one the
rulebook's examples fix (charts/oracles.json), read through the labelled demo pack.
"""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import antitank, bombard, losses, special, spotting
from hexmate.rules.games.pg import fire as pg_fire
from hexmate.rules.games.pg import morale as pg_morale
from hexmate.rules.games.pg import units as pu

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "cpt": {"type": "leader", "ma": 4, "morale": 9, "combat": 1, "morale_mod": 1, "rank": "CPT"},
    "lt2": {"type": "leader", "ma": 4, "morale": 8, "combat": 1, "morale_mod": 2, "rank": "LT"},
    "sgt": {"type": "leader", "ma": 4, "morale": 8, "combat": 0, "morale_mod": 1, "rank": "SGT"},
    "inf9": {
        "type": "personnel",
        "df": 5,
        "df_range": 3,
        "ma": 3,
        "morale": 9,
        "reduced_morale": 8,
        "steps": 2,
    },
    "ss_hmg": {
        "type": "personnel",
        "df": 11,
        "df_range": 5,
        "ma": 3,
        "morale": 9,
        "steps": 2,
        "branch": "HMG",
    },
    "eng": {"type": "personnel", "df": 4, "df_range": 1, "ma": 3, "morale": 8, "steps": 2, "branch": "ENG"},
    "gun76": {"type": "gun", "ma": 0, "morale": 7, "at": 4, "at_range": 8, "steps": 1},
    "arty": {"type": "gun", "ma": 0, "morale": 7, "bombard": 12, "bombard_range": 40, "steps": 1},
    "truck": {"type": "vehicle", "ma": 8, "morale": 6, "transport": 1, "steps": 1},
    "wagon": {"type": "vehicle", "ma": 4, "morale": 6, "transport": 1, "steps": 1},
    "tiger": {
        "type": "vehicle",
        "ma": 5,
        "morale": 9,
        "armor": 8,
        "at": 8,
        "at_range": 8,
        "df": 4,
        "df_range": 3,
        "steps": 2,
        "superior": 1,
    },
    "spw": {
        "type": "vehicle",
        "ma": 7,
        "morale": 8,
        "armor": 0,
        "transport": 1,
        "df": 2,
        "df_range": 2,
        "steps": 1,
    },
    "pz3g": {
        "type": "vehicle",
        "ma": 6,
        "morale": 8,
        "armor": 3,
        "at": 3,
        "at_range": 7,
        "df": 3,
        "df_range": 3,
        "steps": 2,
    },
    "t34": {"type": "vehicle", "ma": 6, "morale": 7, "armor": 4, "at": 5, "at_range": 6, "steps": 2},
    "atgun": {"type": "gun", "ma": 0, "morale": 7, "at": 5, "at_range": 6, "steps": 1},
    "recce": {"type": "personnel", "df": 2, "df_range": 2, "ma": 4, "morale": 8, "steps": 1, "branch": "RCN"},
}


def _pos(make_position: Any, pg: Any, units: list[dict[str, Any]], **kw: Any) -> Any:
    return pg(make_position, units, counters_extra=C, **kw)


# --- initiative and activation (3.0-3.3) ---
def test_t1_the_winner_by_3_takes_two_segments_first(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("a1", "C3"), _u("b1", "J8", "inf", "b")], a=5, b=3)  # 8 against 5
    assert pos.to_act == "a" and pos.state.flow.segments == 2


def test_t2_a_winner_by_1_takes_one_segment(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("a1", "C3"), _u("b1", "J8", "inf", "b")], a=3, b=3)  # 6 against 5
    assert pos.to_act == "a" and pos.state.flow.segments == 1


def test_t3_three_combat_units_shift_but_not_apcs_trucks_or_leaders(make_position: Any, pg: Any) -> None:
    units = [
        _u("b1", "E3", "inf", "b"),
        _u("b2", "E3", "inf", "b"),
        _u("bt", "E3", "tiger", "b"),
        _u("c1", "E5", "spw", "b"),
        _u("c2", "E5", "spw", "b"),
        _u("c3", "E5", "truck", "b"),
        _u("l1", "E5", "sgt", "b"),
        _u("l2", "E5", "sgt", "b"),
        _u("l3", "E5", "sgt", "b"),
    ]
    pos = _pos(make_position, pg, units)
    count = [
        sum(1 for u in pos.units_at(pos.map.parse_label(h)) if pu.counts_for_stack(u)) for h in ("E3", "E5")
    ]
    assert count == [3, 0]  # 2 INF + 1 tank: +1; 3 APCs/trucks + 3 leaders: none (4.4)


def test_t6_a_self_activated_inf_never_closes_on_either_threat(make_position: Any, pg: Any) -> None:
    # 5.41: the INF is 3 hexes from a GREN and 4 from an HMG (both range 5 here): no step may cut either
    units = [_u("a1", "E4"), _u("g", "H4", "hmg7", "b"), _u("h", "A4", "hmg7", "b")]
    pos = _pos(make_position, pg, units)
    L = pos.map.parse_label
    moves = pos.legal_actions.moves_for({"a1"})
    from hexmate.rules.hexes import distance

    here = L("E4")
    for dest, mv in moves.items():
        for a, b in zip(mv.path, mv.path[1:], strict=False):
            for foe in ("G", "H"):
                f = L("H4") if foe == "G" else L("A4")
                assert distance(f, b) >= distance(f, a), (pos.label(dest), foe)
    assert L("F4") not in moves and L("D4") not in moves  # one hex closer to either: illegal
    assert any(distance(L("H4"), h) == 3 and distance(L("A4"), h) == 4 for h in moves) or here not in moves


def test_t12_a_plus_1_leader_raises_a_5_df_inf_to_6(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("al", "C3", "ldr"), _u("a1", "C3"), _u("b1", "C5", "inf", "b")])
    res = pos.resolve(pos.parse_action("fire a1,al at C5 dice 3,3"))
    assert "a1 5 + 1 (al) = 6" in res.text()


# --- direct fire (7.3-7.6, 10.0) ---
def test_t14_combined_fire_through_a_captain_takes_the_worst_range_shift(make_position: Any, pg: Any) -> None:
    # CPT (+1) with an INF 4 in C3, an HMG 7 adjacent in C2; the target C6 is 3 hexes from the INF's...
    units = [
        _u("cpt", "C3", "cpt"),
        _u("i1", "C3", "inf4"),
        _u("h1", "C2", "hmg7"),
        _u("b1", "C5", "inf", "b"),
    ]
    pos = _pos(make_position, pg, units)
    alone_inf = pos.resolve(pos.parse_action("fire cpt,i1 at C5 dice 3,3")).text()
    alone_hmg = pos.resolve(pos.parse_action("fire h1 at C5 dice 3,3")).text()
    assert "5 -> column 4," in alone_inf  # 4 + 1 = 5 reads column 4, no shift at range 2
    assert "7 -> column 4," in alone_hmg and "range 3 or more: -1" in alone_hmg
    with pytest.raises(IllegalAction, match=r"6\.41"):
        pos.push_text("fire cpt,i1,h1 at C5")  # the captain must be activated to combine two hexes
    pos.push_text("activate cpt")
    together = pos.resolve(pos.parse_action("fire cpt,h1,i1 at C5 dice 3,3")).text()
    assert "12 -> column 7," in together  # 7 + 4 + 1 = 12: column 11, the HMG's -1: column 7 (7.33)


def test_t15_one_roll_read_on_each_targets_column(make_position: Any, pg: Any) -> None:
    # 7.52: SS HMG DF 11 at range 2 on INF, a 76.2 mm gun and a truck; roll 4: INF M1, gun X (column 22)
    units = [
        _u("hmg", "C3", "ss_hmg"),
        _u("inf", "C5", "inf", "b"),
        _u("gun", "C5", "gun76", "b"),
        _u("trk", "C5", "truck", "b"),
    ]
    pos = _pos(make_position, pg, units)
    pos.push_text("fire hmg at C5 dice 1,3")
    res = pos.last_resolution
    assert res is not None and res.results == {"inf": "M1", "gun": "X", "trk": "M1"}
    assert "column 22 (+2 artillery, 7.52)" in res.text()
    # the gun loses its step, the truck is category 2 of the X (7.61); the INF's M1 becomes M2 (7.6)
    assert "gun" not in pos.units and "trk" not in pos.units
    top = pos.decision
    assert top.then == "mc" and top.subject == ("inf",) and top.arg("mod") == "2"


def test_t16_a_2x_on_inf_tiger_apc_and_two_wagons(make_position: Any, pg: Any) -> None:
    units = [
        _u("a1", "J8"),
        _u("inf", "C5", "inf", "b"),
        _u("tig", "C5", "tiger", "b"),
        _u("spw", "C5", "spw", "b"),
        _u("w1", "C5", "wagon", "b"),
        _u("w2", "C5", "wagon", "b"),
    ]
    pos = _pos(make_position, pg, units)
    pos._states[-1] = pg_fire.apply_results(
        pos.game, pos, {u: "2X" for u in ("inf", "tig", "spw", "w1", "w2")}, "df"
    )
    assert pos.decision.kind == "units" and set(pos.decision.units) == {"inf", "spw"}  # not the Tiger
    pos.push_text("answer units inf")
    # the second category-1 step must fall on the open-topped APC (7.61); then the wagons (category 2)
    assert pos.units["inf"].has("reduced") and "spw" not in pos.units
    pos.push_text("answer units w1")
    assert "w1" not in pos.units and "w2" not in pos.units
    checks = [(d.subject[0], d.arg("mod")) for d in reversed(pos.state.decisions)]
    assert checks == [("inf", "2"), ("tig", "0")]  # INF M2, Tiger M (7.61)


def _assault_hex(make_position: Any, pg: Any) -> Any:
    units = [
        _u("a1", "J8"),
        _u("inf", "C5", "inf", "b"),
        _u("hmg", "C5", "hmg7", "b", "disrupted"),
        _u("tig", "C5", "tiger", "b"),
        _u("spw", "C5", "spw", "b"),
        _u("t1", "C5", "truck", "b"),
        _u("t2", "C5", "truck", "b"),
    ]
    return _pos(make_position, pg, units)


def test_t17_an_assault_1_takes_a_truck_and_a_step_from_inf_tiger_or_apc(make_position: Any, pg: Any) -> None:
    pos = _assault_hex(make_position, pg)
    ids = ("inf", "hmg", "tig", "spw", "t1", "t2")
    pos._states[-1] = losses.allocate(pos.game, pos, ids, 1, "assault")
    assert set(pos.decision.units) == {"inf", "tig", "spw"}  # not the disrupted HMG (7.63)
    pos.push_text("answer units tig")
    assert pos.units["tig"].has("reduced")
    assert pos.decision.kind == "units" and set(pos.decision.units) == {"t1", "t2"}
    pos.push_text("answer units t1")
    assert "t1" not in pos.units and "t2" in pos.units
    assert {d.arg("mod") for d in pos.state.decisions} == {"2"}  # every survivor M2, the AFVs too (7.63)


def test_t18_an_assault_2_takes_both_trucks_and_one_step_at_least_from_an_afv(
    make_position: Any, pg: Any
) -> None:
    pos = _assault_hex(make_position, pg)
    ids = ("inf", "hmg", "tig", "spw", "t1", "t2")
    pos._states[-1] = losses.allocate(pos.game, pos, ids, 2, "assault")
    assert set(pos.decision.units) == {"inf", "tig", "spw"}  # the first step not on the disrupted HMG
    pos.push_text("answer units inf")
    assert set(pos.decision.units) == {"tig", "spw"}  # at least one step on the Tiger or the APC
    pos.push_text("answer units spw")
    pos.push_text("answer units t1")
    assert "t1" not in pos.units and "t2" not in pos.units


def test_t19_an_hmg_fires_past_its_engineers_only_with_an_empty_hex_beyond_them(
    make_position: Any, pg: Any
) -> None:
    base = [_u("hmg", "C1", "ss_hmg"), _u("eng", "C2", "eng")]
    pos = _pos(make_position, pg, [*base, _u("smg", "C4", "inf", "b")])  # C3 empty between ENG and SMG
    pos.push_text("fire hmg at C4")
    pos = _pos(make_position, pg, [*base, _u("inf", "C3", "inf", "b")])  # directly behind the ENG
    with pytest.raises(IllegalAction, match=r"10\.1"):
        pos.push_text("fire hmg at C3")
    plain = {**C, "rifles": {**C["eng"], "branch": "INF", "df_range": 3}}
    pos = pg(
        make_position, [_u("r", "C1", "rifles"), *base[1:], _u("smg", "C4", "inf", "b")], counters_extra=plain
    )
    with pytest.raises(IllegalAction, match=r"7\.24"):
        pos.push_text("fire r at C4")  # only HMGs, AFVs and AA units fire past friends


def test_t20_shifts_are_capped_at_plus_3(make_position: Any, pg: Any) -> None:
    units = [
        _u("a1", "C3", "inf4"),
        _u("g1", "C4", "arty", "b"),
        _u("g2", "C4", "arty", "b"),
        _u("g3", "C4", "arty", "b"),
    ]
    pos = _pos(make_position, pg, units)
    res = pos.resolve(pos.parse_action("fire a1 at C4 dice 3,3")).text()
    assert "4 -> column 16 (+2 artillery, 7.52), net +5 capped +3 (10.3)" in res


# --- AT fire (11.0-11.3) ---
def test_t21_crossfire_needs_a_line_clear_of_the_first(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("a1", "J8"), _u("b1", "A1", "inf", "b")])
    L = pos.map.parse_label
    target, t34 = L("F4"), L("F1")  # the first shot comes straight down column F
    grant, t70 = L("D2"), L("J5")  # one runs along the hexes next to the first line, the other clear of it
    assert not antitank.crossfire(t34, grant, target)
    assert antitank.crossfire(t34, t70, target)


def test_t22_a_pz3g_at_3_7_fires_at_2_out_to_11() -> None:
    from hexmate.rules.games.base import UnitState
    from hexmate.rules.scenario import CounterType

    pz = UnitState("pz", "a", CounterType("pz3g", "vehicle", C["pz3g"]), None)
    assert [antitank.at_value(pz, d) for d in (7, 8, 11, 12)] == [3, 2, 2, None]


def test_t23_a_truck_counts_armour_minus_1(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("a1", "J8"), _u("t", "C5", "truck", "b"), _u("tg", "C5", "tiger", "b")])
    assert pu.armor(pos.units["t"]) == -1 and pu.armor(pos.units["tg"]) == 8


def test_t24_at_5_against_armour_2_needs_a_modified_10(make_position: Any, pg: Any) -> None:
    counters = {**C, "at5": {**C["atgun"]}, "arm2": {**C["t34"], "armor": 2}}
    units = [_u("g", "C3", "at5"), _u("v", "C6", "arm2", "b")]
    pos = pg(make_position, units, counters_extra=counters)
    pos.push_text("fire g at C6")
    assert pos.decision.then == "at_target" and pos.decision.units == ("v",)
    pos.push_text("answer units v")
    pos.push_text("answer dice 3,3")  # 6 + 5 - 2 = 9: no effect
    assert pos.last_resolution is not None and pos.last_resolution.results == {"v": "-"}
    pos = pg(make_position, units, counters_extra=counters)
    pos.push_text("fire g at C6")
    pos.push_text("answer units v")
    pos.push_text("answer dice 3,4")  # 7 + 5 - 2 = 10: damaged or destroyed (1.1)
    assert pos.last_resolution is not None and pos.last_resolution.results["v"] in ("1", "X")
    assert "v" not in pos.units or pos.units["v"].has("reduced")


# --- bombardment (9.0-9.53) ---
def test_t25_three_20s_off_board_split_three_ways() -> None:
    assert bombard.offboard_splits((20, 20, 20)) == [(60,), (40, 20), (20, 20, 20)]
    with pytest.raises(IllegalAction, match=r"7\.33"):
        bombard.offboard_splits((20, 20, 20, 20))


@pytest.mark.parametrize("roll,hit", [(3, True), (4, False)])
def test_t26_t27_friendly_fire_on_a_modified_2_to_5(roll: int, hit: bool) -> None:
    # US artillery whose firer spots the target: 3 + 1 + 1 = 5 hits; 4 + 2 = 6 does not (9.52)
    assert bombard.friendly_fire(roll, "american", True) is hit


def test_t26_friendly_fire_is_a_bombardment_of_the_friendly_hex_at_minus_1(
    make_position: Any, pg: Any
) -> None:
    units = [_u("art", "C1", "arty"), _u("f1", "E5"), _u("b1", "E4", "inf", "b")]
    pos = _pos(make_position, pg, units)
    pos.push_text("fire art at E4 dice 1,1")
    assert pos.decision.then == "ff_check" and pos.label(pos.decision.target) == "E5"
    pos.push_text("answer dice 1,2")  # 3 (+1 spotted by the firer; side a has no nationality) = 4: hit
    assert pos.decision.then == "bombard" and pos.decision.arg("ff") == "spots"
    pos.push_text("answer dice 6,6")
    assert "friendly fire, the firer spots the target: -1 (9.52)" in pos.last_resolution.text()
    assert set(pos.last_resolution.results) == {"f1"}


def test_bombardment_needs_a_spotter_a_normal_leader_will_do(make_position: Any, pg: Any) -> None:
    units = [_u("art", "C1", "arty"), _u("b1", "H6", "inf", "b")]
    pos = _pos(make_position, pg, units)
    assert bombard.spotter(pos.game, pos, [pos.units["art"]], pos.map.parse_label("H6")) == "art"
    hexes = {"H6": {"terrain": "woods"}}
    pos = _pos(make_position, pg, [*units, _u("sg", "H4", "sgt")], hexes=hexes)
    assert bombard.spotter(pos.game, pos, [pos.units["art"]], pos.map.parse_label("H6")) == "sg"  # 9.1


# --- morale and recovery (14.0-14.5) ---
def test_t28_the_french_leader_and_two_inf_take_an_m(make_position: Any, pg: Any) -> None:
    units = [
        _u("a1", "C1", "hmg11"),
        _u("bl", "C5", "ldr", "b"),
        _u("i1", "C5", "inf", "b"),
        _u("i2", "C5", "inf", "b"),
    ]
    pos = _pos(make_position, pg, units)
    order = pg_morale.check_order(pos.state, ["i1", "i2", "bl"])
    assert order == ["bl", "i1", "i2"]  # the leader first (14.1)
    pos._states[-1] = pos.state.push(*(pg_morale.mc(pos, u, 0, "14.1") for u in order))
    for dice in ("3,4", "4,6", "6,6"):
        pos.push_text(f"answer dice {dice}")
    assert not pos.units["bl"].markers & {"disrupted", "demoralized"}
    assert pos.units["i1"].has("disrupted") and pos.units["i2"].has("demoralized")


@pytest.mark.parametrize("mod,dice,expect", [(2, "2,3", None), (0, "4,6", "demoralized")])
def test_t29_t30_morale_7(make_position: Any, pg: Any, mod: int, dice: str, expect: str | None) -> None:
    pos = _pos(make_position, pg, [_u("a1", "C1"), _u("b1", "C5", "inf4", "b")])
    pos._states[-1] = pos.state.push(pg_morale.mc(pos, "b1", mod, "14.1"))
    pos.push_text(f"answer dice {dice}")
    assert (expect in pos.units["b1"].markers) if expect else not pos.units["b1"].markers


def test_t31_recovery_morale_is_capped_at_10(make_position: Any, pg: Any) -> None:
    units = [_u("lt", "C5", "lt2"), _u("i", "C5", "inf9", "a", "disrupted"), _u("b1", "J8", "inf", "b")]
    pos = _pos(make_position, pg, units, hexes={"C5": {"terrain": "town"}})
    pos.push_text("activate lt")
    morale, notes = pg_morale.recovery_morale(pos.game, pos, pos.units["i"])
    assert morale == 10 and "capped at 10 (14.5)" in notes  # 9 + 2 + 1 town


def test_t32_recovery_needs_less_than_the_morale(make_position: Any, pg: Any) -> None:
    units = [_u("i", "C5", "inf", "a", "disrupted"), _u("b1", "J8", "inf", "b")]
    pos = _pos(make_position, pg, units)
    pos.push_text("rally i dice 4,4")  # 8 against morale 8: fails (a check of 8 would pass)
    assert pos.units["i"].has("disrupted")
    pos._states[-1] = pos.state.push(pg_morale.mc(pos, "b1", 0, "14.1"))
    pos.push_text("answer dice 4,4")
    assert not pos.units["b1"].markers


@pytest.mark.parametrize("dice,gone", [("1,1", False), ("6,6", True)])
def test_t33_a_demoralized_leaders_natural_2_and_12(
    make_position: Any, pg: Any, dice: str, gone: bool
) -> None:
    pos = _pos(make_position, pg, [_u("al", "C3", "ldr", "a", "demoralized"), _u("b1", "J8", "inf", "b")])
    pos.push_text(f"rally al dice {dice}")
    assert ("al" not in pos.units) is gone
    if not gone:
        assert not pos.units["al"].markers & {"disrupted", "demoralized"}


def test_t35_a_leader_dies_on_2d6_less_losses_of_2_or_less() -> None:
    assert losses.leader_killed(4, 2) and not losses.leader_killed(5, 2)


def test_t36_a_hex_of_leaders_alone_loses_one_per_step(make_position: Any, pg: Any) -> None:
    units = [_u("a1", "J8"), _u("l1", "C5", "ldr", "b"), _u("l2", "C5", "ldr", "b")]
    pos = _pos(make_position, pg, units)
    pos._states[-1] = pg_fire.apply_results(pos.game, pos, {"l1": "2X", "l2": "2X"}, "df")
    assert "l1" not in pos.units and "l2" not in pos.units


# --- spotting (8.1-8.34) ---
@pytest.mark.parametrize("die,hexes", [(4, 1), (5, 2)])
def test_t38_the_night_range_die(die: int, hexes: int) -> None:
    assert spotting.night_range(die) == hexes


def test_t38_a_night_scenario_rolls_its_range_at_the_start(make_position: Any, pg: Any) -> None:
    pos = _pos(
        make_position, pg, [_u("a1", "C1"), _u("b1", "C4", "inf", "b")], a=None, options={"light": "night"}
    )
    assert pos.decision.then == "night_range"
    pos.push_text("answer dice 5")
    assert pos.game.night_spotting(pos) == 2 and pos.game.night(pos)


def test_t39_t40_a_spotter_two_levels_up_sees_24_hexes_by_day_only(make_position: Any, pg: Any) -> None:
    hexes = {"A1": {"level": 2}}
    pos = _pos(make_position, pg, [_u("a1", "A1"), _u("b1", "L8", "inf", "b")], hexes=hexes)
    L = pos.map.parse_label
    assert spotting.spot_range(pos.game, pos, pos.units["a1"], L("L8")) == 24
    night = _pos(
        make_position,
        pg,
        [_u("a1", "A1"), _u("b1", "L8", "inf", "b")],
        hexes=hexes,
        options={"light": "night", "night_spotting": 2},
    )
    assert spotting.spot_range(night.game, night, night.units["a1"], L("L8")) == 2


def test_t41_a_town_spots_from_20_m_higher(make_position: Any, pg: Any) -> None:
    hexes = {"A1": {"terrain": "town", "level": 1}, "B1": {"terrain": "town"}}
    pos = _pos(make_position, pg, [_u("a1", "A1"), _u("b1", "L8", "inf", "b")], hexes=hexes)
    L = pos.map.parse_label
    assert spotting.spotting_level(pos.game, pos, L("A1")) == 2  # 40 m
    assert spotting.spotting_level(pos.game, pos, L("B1")) == 1  # 20 m


def test_t42_blocking_terrain_stands_20_m_above_its_hex(make_position: Any, pg: Any) -> None:
    from hexmate.rules import los

    hexes = {
        "C3": {"terrain": "woods", "level": 1},
        "D3": {"terrain": "town", "level": 1},
        "E3": {"terrain": "woods"},
    }
    pos = _pos(make_position, pg, [_u("a1", "A1"), _u("b1", "L8", "inf", "b")], hexes=hexes)
    table = pos.game.terrain_table()
    prepared = los.prepare(pos.map, table.table.los_rules())
    L = pos.map.parse_label
    assert [prepared.top[(L(h).q, L(h).r)] for h in ("C3", "D3", "E3")] == [2, 2, 1]  # 40, 40, 20 m


def test_t43_a_recce_unit_sees_4_hexes_into_a_town(make_position: Any, pg: Any) -> None:
    pos = _pos(
        make_position,
        pg,
        [_u("r", "C1", "recce"), _u("i", "D1"), _u("b1", "C5", "inf", "b")],
        hexes={"C5": {"terrain": "town"}},
    )
    L = pos.map.parse_label
    assert spotting.spot_range(pos.game, pos, pos.units["r"], L("C5")) == 4
    assert spotting.spot_range(pos.game, pos, pos.units["i"], L("C5")) == 3


def test_t45_a_spotted_engineer_stays_spotted_while_one_enemy_still_sees_it(
    make_position: Any, pg: Any
) -> None:
    hexes = {h: {"terrain": "woods"} for h in ("E4", "E5")}
    units = [_u("eng", "E4", "eng", "a", "spotted"), _u("s1", "E8", "inf", "b"), _u("s2", "A5", "inf", "b")]
    pos = _pos(make_position, pg, units, hexes=hexes)
    eng = pos.units["eng"]
    # at X (E5): 3 hexes from s1 in woods: seen without the marker, so it stays SPOTTED
    assert spotting.still_spotted(
        pos.game,
        pos.at(pos.state.with_unit(eng.at(pos.map.parse_label("E5")))),
        eng.at(pos.map.parse_label("E5")),
    )
    # at Y (E4: 4 hexes from s1 and from s2, in woods): no longer spotted
    assert not spotting.still_spotted(pos.game, pos, eng)


# --- opportunity fire (13.0-13.2) ---
def test_t46_two_infantry_fire_once_each_at_a_truck_in_one_hex(make_position: Any, pg: Any) -> None:
    units = [
        _u("sg", "C2", "sgt"),
        _u("t", "C2", "truck"),
        _u("b1", "E4", "inf", "b"),
        _u("b2", "E4", "inf", "b"),
    ]
    pos = _pos(make_position, pg, units)
    pos.push_text("activate sg")  # led, the truck may close on the infantry (5.4)
    pos.push_text("move t C2-C3-C4")
    assert pos.decision.kind == "react" and pos.label(pos.decision.target) == "C3"
    pos.push_text("fire b1 at C3 dice 1,1")
    with pytest.raises(IllegalAction, match=r"13\.2"):
        pos.push_text("fire b1 at C3")  # the same firer once per hex
    pos.push_text("fire b2 at C3 dice 1,1")
    pos.push_text("answer pass")
    assert pos.label(pos.decision.target) == "C4"
    pos.push_text("fire b1 at C4 dice 1,1")  # a new hex: its second shot (13.2)
    assert pos.units["b1"].has("moved_fired") and not pos.units["b1"].has("opp_fire")


def test_t47_a_first_opportunity_shot_leaves_two_markers_and_bars_activation(
    make_position: Any, pg: Any
) -> None:
    units = [_u("sg", "C2", "sgt"), _u("a1", "C2"), _u("b1", "E4", "inf", "b"), _u("b9", "J8", "inf", "b")]
    pos = _pos(make_position, pg, units, a=6, b=5)
    pos.push_text("activate sg")
    pos.push_text("move a1 C2-C3")
    pos.push_text("fire b1 at C3 dice 1,1")
    assert {"moved_fired", "opp_fire"} <= pos.units["b1"].markers
    pos.push_text("answer pass")
    with pytest.raises(IllegalAction, match=r"13\.1"):
        pos.push_text("move b1 E4-E5")


def test_t54_a_disrupted_df_5_fires_at_3(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("a1", "C3", "inf", "a", "disrupted"), _u("b1", "C5", "inf", "b")])
    assert (
        "halved (disrupted, rounded up) = 3" in pos.resolve(pos.parse_action("fire a1 at C5 dice 3,3")).text()
    )


# --- the senior leader (6.72) ---
def test_t60_the_senior_leader_lost_costs_one_initiative_once(make_position: Any, pg: Any) -> None:
    units = [
        _u("cpt", "C5", "cpt", "b"),
        _u("sg", "E5", "sgt", "b"),
        _u("a1", "J8"),
        _u("b9", "L8", "inf", "b"),
    ]
    pos = _pos(make_position, pg, units)
    pos._states[-1] = pos.game.leader_lost(pos, "cpt")
    assert pos.decision.then == "senior_mc" and pos.decision.subject == ("sg",)  # 6.72: the others check
    pos.push_text("answer dice 1,1")
    pos.push_text("pass")
    pos.push_text("pass")  # the turn ends; at the next one the new senior checks
    assert pos.phase.id == "initiative" and pos.turn == 2
    top = pos.decision
    assert top.then == "senior_mc" and top.subject == ("sg",) and top.arg("new_senior") == "1"
    pos.push_text("answer dice 6,6")  # he fails: initiative -1 for good (2 -> 1)
    assert dict(pos.game.gstate(pos.state).initiative_loss) == {"b": 1}
    assert pos.units["sg"].has("moved_fired")


COMMISSAR = {
    **C,
    "com": {"type": "leader", "ma": 4, "morale": 9, "combat": 0, "morale_mod": 0, "leader_kind": "commissar"},
}


@pytest.mark.parametrize("dice,good_order", [("3,4", True), ("5,5", False)])
def test_t34_a_commissar_of_morale_9_rolls_7_and_the_unit_is_in_good_order(
    make_position: Any, pg: Any, dice: str, good_order: bool
) -> None:
    units = [_u("com", "C5", "com", "b"), _u("s1", "C5", "inf4", "b", "demoralized"), _u("a1", "J8")]
    pos = pg(make_position, units, a=1, b=6, counters_extra=COMMISSAR)
    assert pos.to_act == "b"
    with pytest.raises(IllegalAction, match=r"6\.65"):
        pos.push_text("pass")  # 6.65: the commissar must first act
    pos.push_text("activate com")
    morale, notes = pg_morale.recovery_morale(pos.game, pos, pos.units["s1"])
    assert morale == 9 and notes == ["commissar com's morale (6.62)"]
    pos.push_text(f"rally s1 dice {dice}")
    s1 = pos.units["s1"]
    if good_order:
        assert not s1.markers & {"disrupted", "demoralized", "reduced"}  # 7 < 9: good order at once (6.63)
    else:
        assert s1.has("reduced") and s1.has("demoralized")  # a failure costs a step (6.63)


# --- rules computed but not yet offered as table actions (rules/games/pg/special.py, moves.py) ---
def test_t4_a_river_engineer_counts_for_the_shift_not_for_stacking(make_position: Any, pg: Any) -> None:
    units = [
        _u("i1", "C5", "inf", "b"),
        _u("i2", "C5", "inf", "b"),
        _u("i3", "C5", "inf", "b"),
        _u("e", "C5", "eng", "b"),
        _u("a1", "J8"),
    ]
    pos = _pos(make_position, pg, units, hexes={"C5": "minor-river"})  # a river hex (5.74)
    here = pos.units_at(pos.map.parse_label("C5"))
    assert pos.decision is None or pos.decision.rule != "4.1"  # legal there: no overstacking (4.1)
    assert special.stacking_problem(here, river=True) is None  # 5.74
    assert special.stacking_problem(here, river=False) is not None  # 4.1 on dry land
    assert special.shift_units([u for u in here if u.id != "i3"]) == 3  # 2 INF + the engineer: +1


def test_t5_three_combat_units_and_three_transports_a_side(make_position: Any, pg: Any) -> None:
    units = (
        [_u(f"i{n}", "C5", "inf", "b") for n in range(3)]
        + [_u(f"t{n}", "C5", "truck", "b") for n in range(3)]
        + [_u(f"l{n}", "C5", "sgt", "b") for n in range(4)]
    )
    pos = _pos(
        make_position, pg, [*units, _u("i3", "D5", "inf", "b"), _u("t3", "D5", "truck", "b"), _u("a1", "J8")]
    )
    here = pos.units_at(pos.map.parse_label("C5"))
    assert special.stacking_problem(here) is None  # 3 + 3 and leaders without limit (4.1)
    assert "combat units" in str(special.stacking_problem([*here, pos.units["i3"]]))
    assert "transports" in str(special.stacking_problem([*here, pos.units["t3"]]))


@pytest.mark.parametrize(
    ("parts", "opp", "ok"),
    [((3, 3, 3), False, True), ((5, 2, 2), False, False), ((9,), True, True), ((6, 3), True, False)],
)
def test_t13_a_9_df_hmg_splits_into_parts_of_3_or_more(parts: tuple[int, ...], opp: bool, ok: bool) -> None:
    if ok:
        special.hmg_split(9, parts, opp)
    else:
        with pytest.raises(IllegalAction, match=r"7\.23"):
            special.hmg_split(9, parts, opp)


@pytest.mark.parametrize(("roll", "gone"), [(8, True), (7, False)])
def test_t37_surrender_on_a_roll_above_the_highest_morale(roll: int, gone: bool) -> None:
    assert special.surrenders(roll, 7) is gone


def test_t48_six_trucks_enter_by_a_road_and_off_it() -> None:
    from fractions import Fraction

    from hexmate.rules.games.pg import moves

    road = moves.table()["classes"]["motorized"]["road"]
    clear = moves.table()["classes"]["motorized"]["clear"]
    assert moves.entry_costs(Fraction(road), 2) == [Fraction(1, 2), 1]  # 16.5 example
    assert moves.entry_costs(clear, 2) == [2, 4]


@pytest.mark.parametrize(
    ("dice", "steps", "demoralized", "stop"),
    [((6, 6), 2, True, True), ((5, 5), 1, True, True), ((3, 1), 0, False, True), ((2, 1), 0, False, False)],
)
def test_t49_a_two_point_minefield_against_full_infantry(
    dice: tuple[int, int], steps: int, demoralized: bool, stop: bool
) -> None:
    assert special.minefield(dice) == special.MineResult(steps, demoralized, stop)


def test_t50_engineers_take_dice_off_a_minefield() -> None:
    assert special.minefield_dice(2, engineers_with=True, engineers_only=False) == 1
    assert special.minefield_dice(2, engineers_with=True, engineers_only=True) == 0


def test_t51_wrecks_add_1_then_5_then_block() -> None:
    from hexmate.rules.games.pg import moves

    assert [moves.wreck_cost(n) for n in (1, 2, 3)] == [1, 5, None]


def test_t52_a_bm13_moves_then_flips_but_never_flips_and_fires() -> None:
    assert special.PORTEE_FLIP_MP == 2
    assert special.portee_may(("move", "unlimber")) and not special.portee_may(("unlimber", "fire"))


def test_t36_enemy_combat_units_entering_a_leaders_hex_kill_a_leader_on_9() -> None:
    assert special.leader_overrun(9) and not special.leader_overrun(8)


@pytest.mark.parametrize(("turns", "missions"), [(12, 2), (36, 4)])
def test_t55_smoke_missions_are_a_tenth_of_the_turns(turns: int, missions: int) -> None:
    assert special.smoke_missions(turns) == missions


def test_t56_hidden_units_are_seen_at_a_quarter_range() -> None:
    assert special.hidden_range(12) == 3 and special.hidden_range(3) == 1


def test_t57_twelve_units_hide_four_on_eight_places() -> None:
    assert special.hidden_solo(12) == (4, 8)


def test_t58_fog_of_war_15_at_night_ends_the_turn() -> None:
    assert special.fog_of_war_ends(15, night=True) and not special.fog_of_war_ends(15, night=False)


def test_t59_an_air_strike_near_enemy_aa_and_its_aborts() -> None:
    attacking, shift = special.air_strike((1, 2, 5), aa_within_3=True)
    assert attacking == 1 and shift == 1  # +2, -1 for the AA within 3 hexes; dice 1-2 abort (15.1)


def test_t53_infantry_boards_a_truck_rides_and_alights_in_one_segment(make_position: Any, pg: Any) -> None:
    # 5.61: boarding and alighting cost 1 MP each to both; the truck (MA 8, clear 2 MP motorized, demo values)
    # carries the INF 3 hexes (6 MP) with the 2 MP left for boarding and alighting; the INF goes no farther
    units = [_u("trk", "C2", "truck"), _u("i1", "C2"), _u("b1", "L8", "inf", "b")]
    pos = _pos(make_position, pg, units)
    L = pos.map.parse_label
    moves = pos.legal_actions.moves_for({"trk", "i1"})
    assert L("C5") in moves and L("C6") not in moves and moves[L("C5")].cost == 6
    assert any(set(a.units) == {"trk", "i1"} for a in pos.legal_actions if a.kind == "move")
    pos.push_text("move i1,trk C2-C3-C4-C5")
    assert pos.label(pos.units["i1"].hex) == "C5" and pos.label(pos.units["trk"].hex) == "C5"
    assert pos.units["i1"].has("moved_fired")  # it may not move on after alighting (5.61)
    with pytest.raises(IllegalAction, match=r"5\.6"):
        pg(make_position, [*units[:2], _u("i2", "C2"), _u("b1", "L8", "inf", "b")],
           counters_extra=C).push_text("move i1,i2 C2-C3")  # two personnel units are no ride


def test_a_platoon_manhandles_a_37mm_gun_one_hex_with_its_whole_ma(make_position: Any, pg: Any) -> None:
    # 5.9: a good-order foot unit of MA 3 or more moves a listed light gun one hex, both marked
    counters = {**C, "pak36": {**C["atgun"], "manhandle": 1}}
    units = [_u("g", "C3", "pak36"), _u("i1", "C3"), _u("b1", "L8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=counters)
    L = pos.map.parse_label
    moves = pos.legal_actions.moves_for({"g", "i1"})
    assert set(moves) == set(pos.map.neighbors(L("C3"))) and all(m.cost == 3 for m in moves.values())
    assert pos.legal_actions.moves_for({"g"}) == {}  # towed: it does not move by itself (5.1)
    pos.push_text("move g,i1 C3-C4")
    assert pos.label(pos.units["g"].hex) == "C4" and pos.units["g"].has("moved_fired")
    pos = pg(make_position, units, counters_extra=counters)
    with pytest.raises(IllegalAction, match=r"5\.9"):
        pos.push_text("move g,i1 C3-C4-C5")


def test_losing_a_major_shakes_the_units_stacked_with_him(make_position: Any, pg: Any) -> None:
    # 6.73: every friendly unit in his hex checks morale less his morale modifier (2 here)
    major = {"type": "leader", "ma": 4, "morale": 9, "combat": 1, "morale_mod": 2, "rank": "MAJ"}
    counters = {**C, "maj": major}
    units = [_u("mj", "C5", "maj", "b"), _u("s1", "C5", "inf", "b"), _u("lt", "J8", "lt2", "b"),
             _u("a1", "A1")]
    pos = pg(make_position, units, counters_extra=counters)
    pos._states[-1] = pos.game.leader_lost(pos, "mj")
    shaken = [d for d in pos.state.decisions if d.rule == "6.73"]
    assert [(d.subject, d.arg("mod")) for d in shaken] == [(("s1",), "2")]


def test_t49_with_14_12_a_five_costs_an_already_demoralized_unit_a_step() -> None:
    """T49's dice read with 14.12: a fresh unit needs two 5s for a step; one already demoralized (a rout
    into a minefield, 16.6) is demoralized again by a single 5, a step."""
    assert special.minefield((5, 1)) == special.MineResult(0, True, True)
    assert special.minefield((5, 1), demoralized=True) == special.MineResult(1, True, True)


def test_a_bombarded_assault_hex_takes_a_second_roll_for_the_firer_s_own_units(
        make_position: Any, pg: Any) -> None:
    """9.51, 12.5: bombardment of an assault hex attacks both sides' units there, as two attacks: the first
    roll falls on the enemy (b1), a second, with its own shifts, on the firer's own f1."""
    units = [_u("art", "C1", "arty"), _u("f1", "E4"), _u("b1", "E4", "inf", "b")]
    pos = _pos(make_position, pg, units)
    pos.push_text("fire art at E4 dice 1,1")
    assert set(pos.last_resolution.results) == {"b1"}
    d = pos.decision
    assert (d.then, d.rule, d.arg("ff"), pos.label(d.target)) == ("bombard", "9.51", "assault", "E4")
    pos.push_text("answer dice 1,1")
    assert set(pos.last_resolution.results) == {"f1"}
    assert "(9.52)" not in pos.last_resolution.text()  # not friendly fire: no -1 for a spotting firer
