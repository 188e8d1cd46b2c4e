"""The digest's worked examples for fire, opportunity fire, results and recovery (digest 7.E), each a test
named after it, starting from the rulebook's numbers. Where an example gives a result rather than a roll,
the test takes the die that gives that result on the demo chart (the chart is not in the text)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position, get_game
from hexmate.rules.games.fireteam import command as cmd
from hexmate.rules.games.fireteam.fire import opportunity_cost
from hexmate.rules.hexes import direction_index
from hexmate.rules.scenario import Scenario

from ..conftest import scenario_dict, small_map
from .conftest import COUNTERS, CP, draw, unit

IFT = get_game("fireteam").load_charts().chart("ift")


def die_for(column: int, result: str, drm: int = 0) -> int:
    """The d10 that gives ``result`` on the demo IFT's ``column`` (with ``drm`` added)."""
    return next(d for d in range(1, 11) if IFT.lookup(fp=column, final_dr=max(1, min(14, d + drm))) == result)


def test_ex_6_3_cautious_firer_beyond_range_quarter(ft: Any) -> None:
    # [6.3] the multipliers are cumulative: a cautious firer (x1/2) beyond its range (x1/2) fires at x1/4
    pos = ft([unit("s", "A1", "squad", "a", "cautious"), unit("t", "A8", "squad5", "b")])
    text = pos.resolve(act.Fire(("s",), pos.map.parse_label("A8"), (5,))).text()
    assert "s 6 x1/2 cautious firer (6.23) = 3" in text
    far = ft([unit("s", "A1", "squad5", "a", "cautious"), unit("t", "A8", "squad5", "b")])
    text = far.resolve(act.Fire(("s",), far.map.parse_label("A8"), (5,))).text()
    assert "x1/2 beyond its range x1/2 cautious firer (6.23) = 5/4" in text  # 5 x 1/4
    far.push_text("fire s at A8 dice 10")
    assert not far.units["s"].has("cautious")  # [5.25] firing takes the marker off, after its penalty


def _opp(ft: Any, *extra: Any, at: str = "D6") -> Any:
    """b's impulse; a's US squad at D1 may fire at a b squad in ``at``."""
    pos = ft([unit("s", "D1", "squad", "a", *extra), unit("t", at, "squad5", "b")], impulse="b")
    return pos


@pytest.mark.parametrize("markers,leader,saved,cost", [
    ((), False, 0, 1),  # 5 hexes: 1 CP
    (("fear1",), False, 0, 2),  # Fear 1: +1
    (("fear1",), True, 0, 1),  # a -1 leader: 2 - 1
    ((), True, 0, 1),  # no Fear, with the leader: still 1 (never below 1 unless it was 0)
])
def test_ex_7_11_opportunity_fire_costs(ft: Any, markers: tuple[str, ...], leader: bool, saved: int,
                                        cost: int) -> None:
    units = [unit("s", "D1", "squad", "a", *markers), unit("t", "D6", "squad5", "b")]
    if leader:
        units.append(unit("l", "D1", "ldr"))
    pos = ft(units, impulse="b")
    fire = act.Fire(("s",), pos.map.parse_label("D6"))
    assert opportunity_cost(pos, fire, frozenset())[0] == cost


def test_ex_7_11_three_hexes_is_free_and_saved_cp_pays(ft: Any) -> None:
    pos = ft([unit("s", "D1"), unit("t", "D4", "squad5", "b")], impulse="b")
    assert opportunity_cost(pos, act.Fire(("s",), pos.map.parse_label("D4")), frozenset())[0] == 0
    # Fear 1 at 5 hexes costs 2: 1 from the squad's saved CP, 1 from CP remaining [7.11]
    command = cmd.Command(remaining={"a": Fraction(5)}, saved={"s": Fraction(1)})
    paid = cmd.pay_reaction(command, "a", Fraction(2), ["s"])  # CP remaining first, as a rule
    assert paid is not None and paid.left("a") == 3 and paid.saved_on("s") == 1
    paid = cmd.pay_reaction(command.replace(remaining={"a": Fraction(1)}), "a", Fraction(2), ["s"])
    assert paid is not None and paid.left("a") == 0 and paid.saved_on("s") == 0


def test_ex_7_11_opportunity_fire_is_paid_from_cp_remaining(ft: Any) -> None:
    pos = ft([unit("s", "D1"), unit("t", "C6", "squad5", "b")], impulse="b")
    before = pos.game.cp(pos.state).left("a")
    pos.push_text("move t C6-D6")
    pos.push_text(f"fire s at D6 dice {die_for(6, '-')}")
    assert pos.game.cp(pos.state).left("a") == before - 1  # 5 hexes: 1 CP [7.11], [4.13]


def test_ex_7_31_residual_fire(ft: Any) -> None:
    # US (a) squads watch D5; Soviet (b) squads A, B and C enter it in turn during one impulse
    units = [unit("us", "D1", "mg"), unit("us2", "H5", "squad"),
             unit("A", "C5", "squad5", "b"), unit("B", "C5", "squad5", "b"), unit("C", "C6", "squad5", "b")]
    # D5 is a wooden building (+3, 17.2), so the demo chart has a "no effect" for 8 FP
    pos = ft(units, impulse="b", cp={"a": {"chits": [5, 5]}, "b": {"chits": [5]}},
             hexes={"D5": "wooden-building"})
    pos.push_text("activate A,B,C for move")  # one platoon activation (4 CP) for the three squads [4.32]
    pos.push_text("move A C5-D5-D6")
    assert pos.decision is not None and pos.decision.kind == "react"
    column = 8  # the MG's 8 FP at 4 hexes
    pos.push_text(f"fire us at D5 dice {die_for(column, '-', 3)}")  # no effect: A moves on
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.label(pos.units["A"].hex) == "D6"
    pos.push_text("move B C5-D5-D6")  # B enters D5: it rolls against the residual 8 FP first
    top = pos.decision
    assert top is not None and top.then == "residual" and top.subject == ("B",) and top.rule == "7.31"
    assert top.arg("fp") == "8"
    pos.push_text(f"answer dice {die_for(column, '+1', 3)}")
    assert pos.units["B"].has("fear1") and not pos.units["A"].has("fear1")  # A, gone on, is untouched
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.decision is not None and pos.decision.then == "stopped"  # B must stop in D5 [7.33]
    pos.push_text("answer hex D5")
    pos.push_text("move C C6-D5")  # C rolls against the residual 8 too: no effect; B is not touched
    assert pos.decision is not None and pos.decision.then == "residual"
    pos.push_text(f"answer dice {die_for(column, '-', 3)}")
    assert pos.units["B"].has("fear1") and not pos.units["C"].markers
    # the US fires again at D5 with 6 FP: +1 Fear to C (who set it off) and to B, already there
    top = pos.decision
    assert top is not None and top.kind == "react"
    pos.push_text(f"fire us2 at D5 dice {die_for(6, '+1', 3)}")
    assert pos.units["C"].has("fear1") and pos.units["B"].has("fear2")


def test_ex_7_32_no_residual_fire_from_fire_at_a_lone_leader(ft: Any) -> None:
    units = [unit("us", "D1", "mg"), unit("L", "C5", "ldr", "b"), unit("S", "C5", "squad5", "b")]
    pos = ft(units, impulse="b", hexes={"D5": "wooden-building"})
    pos.push_text("move L C5-D5-D6")
    pos.push_text(f"fire us at D5 dice {die_for(8, '-', 3)}")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert pos.game.gstate(pos.state).residual == ()


@pytest.mark.parametrize("roll,recovered", [(1, True), (7, True), (8, False), (10, False)])
def test_ex_8_3_vehicle_rally_1_to_7(ft: Any, roll: int, recovered: bool) -> None:
    pos = ft([unit("v", "D4", "m2", "a", "vfear"), unit("t", "J8", "squad5", "b")])
    pos.push_text(f"rally v dice {roll}")
    assert pos.units["v"].has("vfear") is not recovered
    assert pos.game.cp(pos.state).cp == 4  # 1 CP [8.3]


def test_ex_6_38_two_leaders_each_roll_for_a_step_loss(ft: Any) -> None:
    units = [unit("s", "D4"), unit("t", "D5", "squad5", "b"), unit("l1", "D5", "ldr", "b"),
             unit("l2", "D5", "ldr", "b")]
    pos = ft(units)
    pos.push_text("fire s at D5 dice 7")  # "1" on the 12 column: t loses a step
    checks = []
    while pos.decision is not None and pos.decision.then == "casualty":
        checks.append(pos.decision.subject)
        pos.push_text("answer dice 2")  # 1-2 eliminates
    assert checks == [("l1",), ("l2",)] and "l1" not in pos.units and "l2" not in pos.units
    assert pos.units["t"].has("fear3")  # Fear +1 from the result, +1 for each leader lost


def test_ex_6_34_infantry_fire_can_shake_a_vehicle(ft: Any) -> None:
    pos = ft([unit("s", "D4"), unit("v", "D5", "t80", "b"), unit("x", "J8", "squad5", "b")])
    shake = next(d for d in range(1, 11) if IFT.lookup(fp=12, final_dr=min(14, d + 2)) != "-")
    pos.push_text(f"fire s at D5 dice {shake}")
    assert pos.units["v"].has("vfear")  # [6.34] the roll + 2 gives a result: Vehicle Fear
    assert pos.game.budget([pos.units["v"]]) == 4  # [6.35] a feared vehicle moves at half its MA 8


def _tow(roll: int, cautious: bool = True, facing: str = "SE") -> Position:
    """[6.5] example: an M2's TOW at a T-80 17 hexes off, seen from the T-80's non-front side; the T-80 is
    behind a crest (defilade) and under a cautious marker."""
    game = get_game("fireteam")
    target_markers = ["cautious"] if cautious else []
    units = [unit("m2", "A4", "m2"), unit("t80", "R4", "t80", "b", *target_markers),
             unit("x", "R8", "squad5", "b")]
    crest = [{"hex": "R4", "side": side, "features": ["crest"]} for side in ("NW", "SW")]
    scen = Scenario.from_dict(scenario_dict("fireteam", units, COUNTERS, "action", options={"cp": CP}),
                              source="test")
    pos = game.new_position(scen, hex_map=small_map("fireteam", None, crest, columns=24, rows=8))
    state = pos.state
    t80 = dataclasses.replace(state.units["t80"], facing=2 * direction_index(facing))  # facing away
    pos = Position(game, scen, pos.map, pos.charts, state.with_unit(t80))
    draw(pos, "a", 5)
    pos.push_text(f"fire m2 at R4 dice {roll}")
    return pos


def test_ex_6_5_tow_against_a_t80_in_defilade_and_cautious() -> None:
    pos = _tow(9)
    res = pos.last_resolution
    assert res is not None and res.chart == "gm"
    text = res.text()
    assert "firepower: m2 HT 15" in text and "armour: t80 HT other 4" in text  # HT armour, not the front
    assert "difference: 15 - 4 = 11 -> +8" in text  # clamped to +8 [6.5 D]
    assert "range column: 17 hexes: column 1" in text  # the TOW's best band, 7-40 [6.5 E]
    assert "target in defilade: 1 R (6.57)" in text and "target cautious: 1 R (5.2)" in text
    assert "kill number: column 3: 7" in text  # 9 shifted two columns right [6.5 H]
    assert res.results["t80"] == "-" and "t80" in pos.units  # rolled 9 > 7: it lives


def test_ex_6_5_tow_kills_on_7_or_less() -> None:
    pos = _tow(7)
    assert "t80" not in pos.units and pos.last_resolution is not None
    assert pos.last_resolution.results["t80"] == "K"


def test_ex_6_56_vehicle_missile_rolls_1_or_10_deplete_it() -> None:
    one = _tow(1)
    assert "t80" not in one.units and one.units["m2"].has("ammo_depleted")  # the kill stands [6.56]
    ten = _tow(10)
    assert "t80" in ten.units and ten.units["m2"].has("ammo_depleted")


@pytest.mark.parametrize("roll,gone", [(9, True), (5, False)])
def test_ex_6_56_a_team_rolling_its_ammo_number_is_removed_after_the_shot(ft: Any, roll: int,
                                                                         gone: bool) -> None:
    counters = {"dragon9": {"type": "team", "fp": 1, "range": 4, "ma": 4, "gm": 12, "gm_bands": "1-20",
                            "missile": 1, "ammo": "9,10"}}
    pos = ft([unit("d", "A4", "dragon9"), unit("t", "C4", "t80", "b"), unit("y", "L8", "squad", "b")],
             counters_extra=counters)
    pos.push_text(f"fire d at C4 dice {roll}")
    assert ("d" not in pos.units) is gone
    res = pos.last_resolution
    assert res is not None and "t" in res.results  # the shot's own result stands [6.56]


def test_ex_7_12_a_squad_and_an_adjacent_team_fire_together_for_one_cost(ft: Any) -> None:
    units = [unit("s", "D1"), unit("m", "D2", "mg"), unit("far", "H1", "mg"), unit("t", "F3", "squad5", "b"),
             unit("y", "L8", "squad", "b")]
    pos = ft(units, impulse="b")
    pos.push_text("move t F3-F4")
    with pytest.raises(IllegalAction, match=r"7\.12"):
        pos.push_text("fire far,s at F4")  # the MG team at H1 is not next to the squad
    before = pos.game.cp(pos.state).left("a")
    pos.push_text("fire m,s at F4 dice 10")
    res = pos.last_resolution
    assert res is not None and "s 6" in res.text() and "m 8" in res.text()
    assert pos.game.cp(pos.state).left("a") == before - 1  # 4 hexes: 1 CP [7.11], once for both [7.12]


def test_ex_6_24_a_group_activated_together_combines_its_fire(ft: Any) -> None:
    pos = ft([unit("s", "D1"), unit("m", "D2", "mg"), unit("t", "F3", "squad5", "b")])
    pos.push_text("fire m,s at F3 dice 10")  # a squad and its adjacent team: one activation, one fire
    res = pos.last_resolution
    assert res is not None and "s 6 = 6" in res.text() and "m 8 = 8" in res.text()
    assert "column: 14 FP -> 12 (6.3)" in res.text()  # 6 + 8 on the demo chart's 12 column
    assert pos.game.cp(pos.state).cp == Fraction(7, 2)  # one activation: the squad's 1.5 [4.31]


def test_ex_6_32_a_target_behind_a_crest_has_defilade_against_ap_fire() -> None:
    # [6.32] the same crest as the TOW example: infantry fire from the west comes in across it
    game = get_game("fireteam")
    units = [unit("s", "K4"), unit("e", "W4"), unit("t", "R4", "squad5", "b"), unit("x", "R8", "squad5", "b")]
    crest = [{"hex": "R4", "side": side, "features": ["crest"]} for side in ("NW", "SW")]
    scen = Scenario.from_dict(scenario_dict("fireteam", units, COUNTERS, "action", options={"cp": CP}),
                              source="test")
    pos = game.new_position(scen, hex_map=small_map("fireteam", None, crest, columns=24, rows=8))
    draw(pos, "a", 5)
    text = pos.resolve(act.Fire(("s",), pos.map.parse_label("R4"), (5,))).text()
    assert "target in defilade: +2 (6.32, 18.3)" in text  # the 18.3 table: +2 without height advantage
    from_east = pos.resolve(act.Fire(("e",), pos.map.parse_label("R4"), (5,))).text()
    assert "defilade" not in from_east  # that line does not cross the crest


@pytest.mark.parametrize("hexes,refused", [
    (("B2706", "B2704", "B2603"), ""),  # a chain: 2706-2704 and 2704-2603 are 2 apart, in sight
    (("B2705", "B2703", "B2502"), r"v0 is not within .* \((4\.32|6\.42)\)"),  # the hill on B2704 between
    (("B2706", "B2704", "B2502"), r"within 2 hexes .* \(6\.42\)"),  # 2704-2502 is 3 hexes: too far
])
def test_ex_6_42_a_vehicle_platoon_combines_ap_fire_within_2_hexes_and_in_sight(hexes: tuple[str, ...],
                                                                                refused: str) -> None:
    """[6.42] example (map B): three vehicles of one platoon, group-activated, fire AP together only if each
    is within 2 hexes of, and sees, another."""
    from hexmate.rules.maps import HexMap

    game = get_game("fireteam")
    m = HexMap.from_dict({"format": "hexmate-map/1", "name": "ft", "game": "fireteam", "boards": [
        {"id": "B", "grid": {"kind": "ccrr", "columns": [20, 30], "rows": [1, 10], "low": "odd"},
         "default": {"terrain": "open", "level": 0}, "hexes": {"2704": {"level": 2}}, "hexsides": []}]})
    counters = {**COUNTERS, "m2b": {**COUNTERS["m2"], "platoon": 7}}
    units = [unit(f"v{n}", h, "m2b") for n, h in enumerate(hexes)] + [unit("x", "B2205", "squad5", "b")]
    scen = Scenario.from_dict(scenario_dict("fireteam", units, counters, "action", options={"cp": CP}),
                              source="test")
    pos = game.new_position(scen, hex_map=m)
    draw(pos, "a", 5)
    fire = act.Fire(("v0", "v1", "v2"), m.parse_label("B2205"))
    if not refused:
        pos.game.validate(pos, fire)
    else:
        with pytest.raises(IllegalAction, match=refused):
            pos.game.validate(pos, fire)
