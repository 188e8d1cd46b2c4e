"""Overrun in play (overrun.py, D7.1-D7.17): a vehicle's move into a hex of enemy infantry costs a quarter of
its MP more, never in reverse; the mover's owner rolls the OVR on the IFT with the hex's TEM or FFMO, and the
result becomes the infantry's checks."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, overrun, ovrbreak
from hexmate.rules.games.asl.reaction import OFFER

from .test_armour import COUNTERS


def make(make_position: Any, *extra: dict[str, Any], hexes: dict[str, Any] | None = None,
         counters: dict[str, Any] | None = None) -> Position:
    units = [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"},
        *extra,
    ]
    pos: Position = make_position("asl", units, "MPh", counters={**COUNTERS, **(counters or {})},
                                  hexes=hexes or {})
    return pos


def test_an_overrun_costs_a_quarter_mpa_more_and_never_in_reverse(make_position: Any) -> None:
    pos = make(make_position)
    moves = pos.legal_actions.moves_for(frozenset({"a-pz"}))
    D5, D4 = pos.map.parse_label("D5"), pos.map.parse_label("D4")
    assert moves[D4].cost == 2 and moves[D5].cost == 2 + overrun.extra_mp(14) == 6  # 14 MP: +4 (D7.1)
    behind = make(make_position, {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "B5"})
    B5 = behind.map.parse_label("B5")
    cost, _ = armour.route(behind, behind.units["a-pz"], (pos.map.parse_label("C5"), B5))
    assert cost == 1 + 2 + 1 + overrun.extra_mp(14)  # start, two hexspines to face B5, forward + OVR (D7.13)
    tank = {"id": "b-t", "counter": "t", "side": "b", "hex": "D4", "markers": ["vca3"]}
    enemy_tank = make(make_position, tank)
    # D2.6: no stop there for a tank whose gun is out (with it, a TK DR of 5 would kill: test_vstay.py)
    enemy_tank = enemy_tank.at(enemy_tank.state.with_unit(enemy_tank.units["a-pz"].mark("ma_malf")))
    assert D4 not in enemy_tank.legal_actions.moves_for(frozenset({"a-pz"}))
    with pytest.raises(IllegalAction, match=r"may pass through D4 but not stop there.*D2\.6"):
        enemy_tank.push_text("move a-pz C5-D4")


def test_a_vehicle_may_pass_through_an_enemy_afvs_hex(make_position: Any) -> None:
    """D2.6: the enemy AFV's hex D4 is no place to stop, but a move C5-D4-D3 may go through it."""
    tank = {"id": "b-t", "counter": "t", "side": "b", "hex": "D4", "markers": ["vca3"]}
    pos = make(make_position, tank)
    D3 = pos.map.parse_label("D3")
    through = pos.game.check(pos, pos.parse_action("move a-pz C5-D4-D3"))
    assert isinstance(through, act.Move) and through.path[-1] == D3
    pos.push_text("move a-pz C5-D4-D3")
    while pos.decision is not None and pos.decision.then != "vfacing":  # First Fire windows: passed
        pos.push_text("answer pass")
    assert pos.units["a-pz"].hex == D3


def test_the_overrun_attack_on_the_ift(make_position: Any) -> None:
    pos = make(make_position)
    pos.push_text("move a-pz C5-D5")
    top = pos.decision
    assert top is not None and top.then == overrun.OVR and top.side == "a"
    assert Fraction(top.arg("fp")) == 10  # D7.11: a gun AFV's 4 + its BMG 2 and CMG 2 x 3 / 2 = 6
    pos.push_text("answer dice 2,3")  # 5 - 1 FFMO (open ground, D7.15) = 4 on the 8 column
    res = pos.last_resolution
    assert res is not None and res.demo
    rules = [line.rule for line in res.lines]
    assert "D7.11" in rules and "D7.15" in rules
    chart = pos.charts.chart("ift")
    assert res.results == {"b-sq": str(chart.lookup(fp=8, final_dr=4))}
    top = pos.decision
    assert top is not None and top.side == "b" and top.subject == ("b-sq",)  # the squad's check (A7.3)


def test_woods_tem_and_an_original_12(make_position: Any) -> None:
    pos = make(make_position, hexes={"D5": "woods"})
    pos.push_text("move a-pz C5-D5")
    while pos.decision is not None and pos.decision.then != overrun.OVR:
        pos.push_text("answer dice 1,1")  # the bog DR entering woods (D8.21): no bog
    pos.push_text("answer dice 6,6")
    res = pos.last_resolution
    assert res is not None and any(line.rule == "D7.15" and line.value == "+1" for line in res.lines)
    # 12 reaches the gun's B# 12 and the BMG's and CMG's: Random Selection names one (D7.17, A9.71)
    while pos.decision is not None and pos.decision.then != ovrbreak.THEN:
        pos.push_text("answer dice 3,3" if pos.decision.kind == "roll" else "answer pass")
    top = pos.decision
    assert top is not None and top.choices == ("ma", "bmg", "cmg") and top.rule == "A9.71"
    pos.push_text("answer ma")
    assert pos.units["a-pz"].has("ma_malf") and not pos.units["a-pz"].has("bmg_malf")


def test_a_vehicle_bogged_on_entering_overruns_at_half_fp(make_position: Any) -> None:
    pos = make(make_position, hexes={"D5": "woods"})
    pos.push_text("move a-pz C5-D5")
    top = pos.decision
    assert top is not None and top.then == "vbog"  # the entry's bog DR comes first (D7.1)
    pos.push_text("answer dice 6,6")  # bogged (D8.21)
    assert pos.units["a-pz"].has("bogged")
    while pos.decision is not None and pos.decision.then != overrun.OVR:
        pos.push_text("answer pass")
    pos.push_text("answer dice 3,3")
    res = pos.last_resolution
    assert res is not None and ("immobilized or destroyed before the OVR: FP halved", "5") in [
        (str(line.label), str(line.value)) for line in res.lines
    ]  # D7.11: 10 halved


def test_the_move_goes_on_after_the_overrun(make_position: Any) -> None:
    pos = make(make_position)
    pos.push_text("move a-pz C5-D5-E5")  # through the squad's hex: 1 + (1 + 4) + 1 = 7 MP
    assert pos.decision is not None and pos.decision.then == overrun.OVR
    pos.push_text("answer dice 6,6")  # 12 - 1: no effect on the IFT; the original 12 breaks the gun (D7.17)
    while pos.decision is not None and (pos.decision.kind in ("roll", "react") or pos.decision.then == OFFER
                                        or pos.decision.then == ovrbreak.THEN):
        if pos.decision.then == ovrbreak.THEN:
            pos.push_text("answer ma")  # A9.71: Random Selection picked the gun
        else:
            pos.push_text("answer dice 3,3" if pos.decision.kind == "roll" else "answer pass")  # D7.21: none
    assert pos.label(pos.units["a-pz"].hex) == "E5" and pos.units["a-pz"].has("ma_malf")
    assert pos.label(pos.units["b-sq"].hex) == "D5"


def test_d7_11_riders_add_a_quarter_of_their_fp_tripled(make_position: Any) -> None:
    # D7.11: a 4-6-7 rider adds 4 x 1/4 x 3 = 3 to the tank's 10; D6.5: having added FP it may not unload
    rider = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-pz"}
    pos = make(make_position, rider)
    pos.push_text("move a-pz C5-D5")
    top = pos.decision
    assert top is not None and top.then == overrun.OVR and Fraction(top.arg("fp")) == 13
    pos.push_text("answer dice 6,5")
    res = pos.last_resolution
    assert res is not None and ("OVR FP with the infantry aboard", "13") in [
        (str(line.label), str(line.value)) for line in res.lines]
    assert pos.units["a-sq"].has(overrun.OVR_FIRED)
    while pos.decision is not None:
        kind = pos.decision.kind
        pos.push_text({"roll": "answer dice 1,1", "hexes": "answer keep"}.get(kind, "answer pass"))
    with pytest.raises(IllegalAction, match="Overrun"):
        pos.push_text("unload a-pz")


def test_d7_12_the_exposed_prc_of_a_vehicle_in_motion_at_plus_2(make_position: Any) -> None:
    # D7.12 at the function level, on a position set up with the tank already in the hex (played below)
    units = [
        {"id": "b-tr", "counter": "truck", "side": "b", "hex": "D5", "markers": ["vca0", "motion"]},
        {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "D5", "carrier": "b-tr"},
    ]
    counters = {"truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}
    pos = make(make_position, *units, counters=counters)
    tank = pos.units["a-pz"]
    h = pos.map.parse_label("D5")
    pos = pos.at(pos.state.with_unit(tank.at(h)))
    assert {u.id for u in overrun.targets(pos, "a", h)} == {"b-sq", "b-sq2"}
    decision = overrun.declare(pos, pos.units["a-pz"], h)
    state = overrun.resolve(pos, decision, act.Answer(dice=(3, 3)))  # the truck: 6 + 2 = 8, above Kill# 7
    res = state.resolution
    assert res is not None and res.results["b-tr"] == "none"
    finals = [str(line.value) for line in res.lines if "column" in str(line.value)]
    assert "final DR 5" in finals[0] and "final DR 8" in finals[1]  # 6 - 1 FFMO; 6 + 2 in Motion, no FFMO
    assert any(line.rule == "D7.12" and line.value == "+2" for line in res.lines)
    assert any(line.rule == "D.8B" and "b-sq2" in str(line.value) for line in res.lines)


def test_d7_12_played_an_overrun_into_a_hex_with_an_enemy_truck_in_motion(make_position: Any) -> None:
    """D2.6 bars only an enemy AFV's hex: the tank overruns D5, where a squad stands beside an enemy truck in
    Motion with a squad aboard. The DR 2,2 destroys the truck (D7.12: 4 + 2 in Motion = 6, below its Kill
    number 7, A7.308), so the squad aboard takes no collateral attack (D.8, D5.6), only its Survival DR
    (D6.9); the squad on foot takes the OVR at 4 - 1 FFMO = 3."""
    units = [
        {"id": "b-tr", "counter": "truck", "side": "b", "hex": "D5", "markers": ["vca0", "motion"]},
        {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "D5", "carrier": "b-tr"},
    ]
    pos = make(make_position, *units, counters={"truck": {"type": "vehicle", "vehicle": "demo-truck-r"}})
    pos.push_text("move a-pz C5-D5")
    top = pos.decision
    assert top is not None and top.then == overrun.OVR
    pos.push_text("answer dice 2,2")
    res = pos.last_resolution
    assert res is not None and set(res.results) == {"b-sq", "b-tr"}
    finals = [str(line.value) for line in res.lines if "final DR" in str(line.value)]
    assert len(finals) == 1 and "final DR 3" in finals[0]  # 4 - 1 FFMO
    # D7.12: the truck itself, on the vehicle line (A7.308): 4 + 2 in Motion = 6 below Kill number 7
    assert res.results["b-tr"] == "destroyed" and pos.units["b-tr"].has("wreck")
    assert any(line.rule == "D.8" and "b-tr is destroyed by the same DR" in str(line.value)
               for line in res.lines)
    pending = [d for d in pos.state.decisions if "b-sq2" in d.subject]
    assert [d.then for d in pending] == ["vprc"]  # D6.9: its Survival DR, no check from the OVR


def test_d6_65_d7_16_a_leader_aboard_directs_the_ovr_his_passengers_join(make_position: Any) -> None:
    """D6.65, D7.16: an infantry leader riding with the 4-6-7 directs the OVR the squad adds FP to (10 + 3 =
    13 FP, as test_d7_11's): DR 6,5 = 11, -1 FFMO (D7.15), -1 leadership = Final DR 9. Without a unit adding
    FP he directs nothing: the tank's OVR alone is at -1 FFMO only."""
    rider = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-pz"}
    leader = {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C5", "carrier": "a-pz"}
    pos = make(make_position, rider, leader)
    pos.push_text("move a-pz C5-D5")
    pos.push_text("answer dice 6,5")
    res = pos.last_resolution
    assert res is not None and any(line.rule == "D7.16" and line.value == "-1" for line in res.lines)
    assert any("final DR 9" in str(line.value) for line in res.lines)
    alone = make(make_position, leader)
    alone.push_text("move a-pz C5-D5")
    alone.push_text("answer dice 6,5")
    res = alone.last_resolution
    assert res is not None and not any(line.rule == "D7.16" for line in res.lines)
    assert any("final DR 10" in str(line.value) for line in res.lines)


def test_d7_13_no_overrun_after_bounding_fire(make_position: Any) -> None:
    """D7.1, D7.13: the Panzer with a Bounding Fire counter (or a passenger with one) enters the squad's hex
    without an OVR: no OVR MP (start 1 + open 1 = 2, not 2 + a quarter of 14) and no OVR DR."""
    def pos_with(*marks: str, prc: tuple[str, ...] = ()) -> Position:
        units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", *marks]},
                 {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"}]
        if prc:
            units.append({"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-pz",
                          "markers": list(prc)})
        made: Position = make_position("asl", units, "MPh", counters=COUNTERS)
        return made

    def d5_cost(pos: Position) -> Any:
        return {pos.label(h): m.cost for h, m in pos.legal_actions.moves_for({"a-pz"}).items()}["D5"]

    assert d5_cost(pos_with()) == 2 + overrun.extra_mp(14)
    fired = pos_with("bounding_fire")
    assert d5_cost(fired) == 2 and not overrun.may_overrun(fired, fired.units["a-pz"])
    assert not overrun.may_overrun(pos_with(prc=("bounding_fire",)), pos_with().units["a-pz"])
    fired.push_text("move a-pz C5-D5")
    while fired.decision is not None and fired.decision.kind == "react":
        fired.push_text("answer pass")
    assert not any(d.then == overrun.OVR for d in fired.state.decisions)
    assert fired.label(fired.units["a-pz"].hex) == "D5"


def test_d7_1_the_overrun_is_the_movers_choice(make_position: Any) -> None:
    """D7.1's "may": the Panzer (14 MP) entering the squad's hex ``as through`` pays the entry only (start 1 +
    open 1 = 2, not 2 + 4) and makes no OVR; the table offers that move beside the overrunning one. D7.2:
    the squad may then react by CC to the entry's MP (ccreact.py), as to any MP spent in its Location."""
    pos = make(make_position)
    D5 = pos.map.parse_label("D5")
    offered = [a for a in pos.legal_actions if isinstance(a, act.Move) and a.units == ("a-pz",)
               and a.path[-1] == D5]
    assert sorted((a.mode, a.cost) for a in offered) == [("", 6), ("through", 2)]
    move = pos.game.check(pos, pos.parse_action("move a-pz C5-D5 as through"))
    assert isinstance(move, act.Move) and move.cost == 2
    pos.push_text("move a-pz C5-D5 as through")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "b" and "ccreact" in top.choices
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert not any(d.then == overrun.OVR for d in pos.state.decisions)
    assert pos.label(pos.units["a-pz"].hex) == "D5" and pos.units["b-sq"].hex == D5


def test_d7_1_riding_through_goes_on_beyond(make_position: Any) -> None:
    """D7.1: ``as through`` the Panzer rides C5-D5-E5 past the squad for 1 + 1 + 1 = 3 MP (the same path
    overrunning costs 3 + 4 = 7, test_the_move_goes_on_after_the_overrun) and never rolls an OVR DR."""
    pos = make(make_position)
    assert pos.game.check(pos, pos.parse_action("move a-pz C5-D5-E5")).cost == 7
    pos.push_text("move a-pz C5-D5-E5 as through")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.decision is not None and pos.decision.then == "vfacing" and pos.decision.arg("left") == "11"
    assert pos.label(pos.units["a-pz"].hex) == "E5" and pos.label(pos.units["b-sq"].hex) == "D5"


def test_d7_13_reverse_only_without_the_overrun(make_position: Any) -> None:
    """D7.13 bars an OVR in reverse, not the entry: declared in reverse (D2.23) the Panzer may not back into
    B5, the squad's hex behind it, as an Overrun, but ``as reverse+through`` it may: start 1 + open 1 x its
    reverse rate 4 = 5 MP, no OVR MP and no OVR."""
    pos = make(make_position, {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "B5"})
    with pytest.raises(IllegalAction, match=r"D7\.13"):
        pos.game.check(pos, pos.parse_action("move a-pz C5-B5 as reverse"))
    back = pos.game.check(pos, pos.parse_action("move a-pz C5-B5 as reverse+through"))
    assert isinstance(back, act.Move) and back.cost == 1 + 1 * 4
    pos.push_text("move a-pz C5-B5 as reverse+through")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert not any(d.then == overrun.OVR for d in pos.state.decisions)
    assert pos.label(pos.units["a-pz"].hex) == "B5"


TRUCK = {"truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}


def _truck_alone(make_position: Any, *marks: str) -> Position:
    pos: Position = make_position("asl", [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "b-tr", "counter": "truck", "side": "b", "hex": "D5", "markers": ["vca0", *marks]},
    ], "MPh", counters={**COUNTERS, **TRUCK})
    return pos


def test_d7_12_an_overrun_of_an_unarmored_vehicle(make_position: Any) -> None:
    """D7.12: an OVR attacks no AFV, but an unarmored vehicle is a target: the Panzer entering the truck's
    open hex D5 pays the OVR's 4 MP (start 1 + open 1 + 1 for the vehicle there, D2.14, + 4 = 7) and rolls
    3,3: the 10 FP are the 8 column, whose Kill number is 7 (the A7.308 example's); Final DR 6 (no FFMO:
    D7.15 gives it against infantry and cavalry) is below it: destroyed. 3,4 = 7 immobilizes it."""
    pos = _truck_alone(make_position)
    D5 = pos.map.parse_label("D5")
    assert overrun.is_overrun(pos, "a", D5)
    assert [u.id for u in overrun.vehicle_targets(pos, "a", D5)] == ["b-tr"]
    assert pos.legal_actions.moves_for(frozenset({"a-pz"}))[D5].cost == 3 + overrun.extra_mp(14)
    pos.push_text("move a-pz C5-D5")
    assert pos.decision is not None and pos.decision.then == overrun.OVR
    pos.push_text("answer dice 3,3")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-tr": "destroyed"} and pos.units["b-tr"].has("wreck")
    assert any(line.rule == "A7.308" and "Final DR 6, Kill number 7" in str(line.value) for line in res.lines)
    assert not any(line.rule == "D7.15" for line in res.lines)
    again = _truck_alone(make_position)
    again.push_text("move a-pz C5-D5")
    again.push_text("answer dice 3,4")
    assert again.units["b-tr"].has("immobilized") and not again.units["b-tr"].has("wreck")


def test_d7_12_a_truck_in_motion_at_plus_2_and_the_unlikely_kill(make_position: Any) -> None:
    """D7.12: +2 against a vehicle in Motion: the Original DR 1,1 = 2 + 2 = Final 4 destroys it (below 7,
    above half of it); the Original 2 asks the Unlikely Kill dr (A7.309), whose 1 makes it a burning wreck."""
    pos = _truck_alone(make_position, "motion")
    pos.push_text("move a-pz C5-D5")
    pos.push_text("answer dice 1,1")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-tr": "destroyed"}
    assert any(line.rule == "D7.12" and line.value == "+2" for line in res.lines)
    while pos.decision is not None and pos.decision.then != "unlikely_kill":
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer dice 3,3")
    assert pos.decision is not None and pos.decision.side == "a"
    pos.push_text("answer dice 1")
    assert pos.units["b-tr"].has("burning")


def test_d7_12_no_overrun_of_a_buttoned_up_afv_alone(make_position: Any) -> None:
    """D7.12: an AFV is no OVR target; a hex holding only a BU one (no exposed PRC, no infantry) is no Overrun
    (D2.6 governs entering it)."""
    tank = {"id": "b-t", "counter": "t", "side": "b", "hex": "D3", "markers": ["vca3"]}
    pos = make(make_position, tank)
    D3 = pos.map.parse_label("D3")
    assert not overrun.is_overrun(pos, "a", D3) and not overrun.vehicle_targets(pos, "a", D3)
    assert not overrun.crew_targets(pos, "a", D3)


def _lone_ce_tank(make_position: Any, *marks: str) -> Position:
    pos: Position = make_position("asl", [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "b-t", "counter": "t", "side": "b", "hex": "D5", "markers": ["vca3", "ce", *marks]},
    ], "MPh", counters=COUNTERS)
    return pos


def _overrun_through_d5(pos: Position, dice: str) -> None:
    pos.push_text("move a-pz C5-D5-E6")
    while pos.decision is not None and pos.decision.then != overrun.OVR:
        pos.push_text("answer pass")  # Defensive First Fire windows
    pos.push_text(f"answer dice {dice}")


def test_d7_12_an_afv_alone_with_a_ce_crew_is_overrun_for_its_crew(make_position: Any) -> None:
    """D7.1: a vehicle entering a Location with enemy in it may overrun it; D7.12: the AFV is no target but
    its exposed PRC are, with no infantry there too. The Pz goes C5-D5-E6 through the CE tank's hex (D2.6:
    no stop there): 1 start + 1 open ground + 1 for the vehicle there (D2.14) + 4 OVR (a quarter of 14, FRU,
    D7.1) + 1 = 8 MP; into D5 without the OVR ``as through``: 3. Its
    OVR (10 FP: the 8 column) with an Original DR 5: the crew alone at 5 +2 CE = 7 (open ground: no TEM, and
    no FFMO at PRC, D.6), a 1MC on the 8 column (the A7.308 example's 8 FP, Final DR 7): the crew's MC
    (D5.34). The tank itself takes nothing."""
    pos = _lone_ce_tank(make_position)
    C5, D5, E6 = (pos.map.parse_label(x) for x in ("C5", "D5", "E6"))
    assert overrun.is_overrun(pos, "a", D5) and [u.id for u in overrun.crew_targets(pos, "a", D5)] == ["b-t"]
    cost, _ = armour.route(pos, pos.units["a-pz"], (C5, D5, E6))
    assert cost == 8
    assert "move a-pz C5-D5 cost 3 as through" in [pos.action_text(a) for a in pos.legal_actions]
    _overrun_through_d5(pos, "2,3")
    res = pos.last_resolution
    assert res is not None and "b-t" not in res.results
    assert not any(line.rule == "D7.15" for line in res.lines)  # no FFMO, no TEM
    crew = [str(x.value) for x in res.lines if x.rule == "D.8B"]
    assert crew and "Final DR 7" in crew[0] and "1MC" in crew[0]
    assert [d.then for d in pos.state.decisions if d.subject == ("b-t",)] == ["vcrew_mc"]
    assert pos.label(pos.units["a-pz"].hex) == "D5"  # the OVR is made as it enters; E6 comes after


def test_d7_12_a_lone_ce_afv_in_motion_and_one_whose_crew_is_stunned(make_position: Any) -> None:
    """D7.12: the OVR at the exposed PRC of a vehicle in Motion is at +2 more: Original DR 5 +2 CE +2 = 9.
    D.8: a stunned crew takes no collateral attack (only riders would): the lone AFV's hex is no Overrun;
    D6.84: a carrier's crew stays CE, and attacked, even stunned."""
    pos = _lone_ce_tank(make_position, "motion")
    _overrun_through_d5(pos, "2,3")
    res = pos.last_resolution
    assert res is not None and any(line.rule == "D7.12" and line.value == "+2" for line in res.lines)
    crew = [str(x.value) for x in res.lines if x.rule == "D.8B"]
    want = str(pos.charts.chart("ift").lookup(fp=8, final_dr=9))
    assert crew and "Final DR 9" in crew[0] and crew[0].endswith(want)
    stunned = _lone_ce_tank(make_position, "stunned")
    D5 = stunned.map.parse_label("D5")
    assert not overrun.is_overrun(stunned, "a", D5)
    carrier: Position = make_position("asl", [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "b-c", "counter": "c", "side": "b", "hex": "D5", "markers": ["vca3", "stunned"]},
    ], "MPh", counters={**COUNTERS, "c": {"type": "vehicle", "vehicle": "demo-carrier-b"}})
    assert [u.id for u in overrun.crew_targets(carrier, "a", D5)] == ["b-c"]


FLAME = {"fl": {"type": "vehicle", "vehicle": "demo-flame-g"}}  # 37mm gun MA, BMG 2, bow FT 20 FP X11


def _flame(make_position: Any, terrain: str = "open") -> Position:
    pos: Position = make_position("asl", [
        {"id": "a-fl", "counter": "fl", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"},
    ], "MPh", counters={**COUNTERS, **FLAME}, hexes={"D5": terrain})
    return pos


def _to_pick(pos: Position) -> None:
    while pos.decision is not None and pos.decision.then != overrun.FT_PICK:
        pos.push_text("answer dice 1,1")  # the bog DR entering woods: no bog (D8.21)


def test_d7_11_d7_15_a_ft_added_to_the_overrun_as_it_is(make_position: Any) -> None:
    """D7.11: the FT's FP goes into the OVR with no TPBF nor halving: the gun AFV's 4 + its BMG 2 x 3 / 2 = 3,
    + the FT's 20 = 27 FP (the 24 column); with other FP in it the target keeps its TEM (D7.15): woods +1.
    The FT has now been used this player turn (A22.3)."""
    pos = _flame(make_position, "woods")
    pos.push_text("move a-fl C5-D5")
    _to_pick(pos)
    top = pos.decision
    assert top is not None and top.side == "a" and top.choices == ("with_ft", "ft_only", "no_ft")
    pos.push_text("answer with_ft")
    assert pos.decision is not None and pos.decision.then == overrun.OVR
    assert Fraction(pos.decision.arg("fp")) == 27
    pos.push_text("answer dice 2,3")
    res = pos.last_resolution
    assert res is not None and any(line.rule == "D7.15" and line.value == "+1" for line in res.lines)
    assert any("24 column, final DR 6" in str(line.value) for line in res.lines)
    assert pos.units["a-fl"].has("ft_fired") and overrun.usable_ft(pos.units["a-fl"]) is None


def test_d7_15_a_ft_only_overrun_denies_the_tem(make_position: Any) -> None:
    """D7.15: attacking with the FT alone (20 FP, the 20 column) the squad in woods gets no TEM: DR 2,3 = 5,
    no +1. D7.17: an Original DR at the X# 11 disables the FT (A.11), and as a weapon broke, a 12 would not
    immobilize; here 6,5 = 11 disables it and the vehicle stays mobile."""
    pos = _flame(make_position, "woods")
    pos.push_text("move a-fl C5-D5")
    _to_pick(pos)
    pos.push_text("answer ft_only")
    assert pos.decision is not None and Fraction(pos.decision.arg("fp")) == 20
    pos.push_text("answer dice 2,3")
    res = pos.last_resolution
    assert res is not None and not any(line.value == "+1" and line.rule == "D7.15" for line in res.lines)
    assert any(line.rule == "D7.15" and "FT only" in str(line.label) for line in res.lines)
    assert any("20 column, final DR 5" in str(line.value) for line in res.lines)
    broke = _flame(make_position, "woods")
    broke.push_text("move a-fl C5-D5")
    _to_pick(broke)
    broke.push_text("answer ft_only")
    broke.push_text("answer dice 6,5")
    fl = broke.units["a-fl"]
    assert fl.has("ft_disabled") and not fl.has("ma_malf") and not fl.has("immobilized")
    with pytest.raises(IllegalAction, match=r"D7\.15"):
        pos2 = _flame(make_position)
        pos2.push_text("move a-fl C5-D5")
        pos2.push_text("answer all")


def test_d7_11_the_ft_left_out(make_position: Any) -> None:
    """D7.11: without its FT the OVR is the gun AFV's 4 + 3 = 7 FP, and the FT stays unused."""
    pos = _flame(make_position)
    pos.push_text("move a-fl C5-D5")
    _to_pick(pos)
    pos.push_text("answer no_ft")
    assert pos.decision is not None and Fraction(pos.decision.arg("fp")) == 7
    pos.push_text("answer dice 3,3")
    assert not pos.units["a-fl"].has("ft_fired")


def test_d8b_a_stopped_trucks_passengers_as_if_the_only_target(make_position: Any) -> None:
    """D.8B, D.6, A7.308: the tank overruns D5, a shellhole (+1 TEM for infantry only, the A7.308 example's),
    where a squad stands beside a stopped enemy truck with a squad aboard. DR 4,4 = 8: the truck 8 on the
    vehicle line, above its Kill number 7: no effect; the squad on foot 8 + 1 TEM = 9; the squad aboard takes
    the General Collateral attack as if the only target: no shellhole TEM, no FFMO (D.6), Final DR 8."""
    units = [
        {"id": "b-tr", "counter": "truck", "side": "b", "hex": "D5", "markers": ["vca0"]},
        {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "D5", "carrier": "b-tr"},
    ]
    pos = make(make_position, *units, counters=TRUCK, hexes={"D5": "shellhole"})
    h = pos.map.parse_label("D5")
    pos = pos.at(pos.state.with_unit(pos.units["a-pz"].at(h)))  # a vehicle enters no shellhole here (B2)
    res = overrun.resolve(pos, overrun.declare(pos, pos.units["a-pz"], h), act.Answer(dice=(4, 4))).resolution
    assert res is not None and res.results["b-tr"] == "none"
    finals = [str(line.value) for line in res.lines if "final DR" in str(line.value)]
    assert len(finals) == 2 and "final DR 9" in finals[0] and "final DR 8" in finals[1]
    said = [str(line.value) for line in res.lines if line.rule == "D.8B"]
    assert said == ["General Collateral attack on b-sq2: Final DR 8, without a TEM for infantry only, "
                    "FFNAM or FFMO"]


def test_d8b_no_ffmo_for_the_passengers_of_a_stopped_truck_in_the_open(make_position: Any) -> None:
    """D.6, D7.15: in open ground the OVR's FFMO -1 is for the squad on foot (DR 4,4: 8 - 1 = 7), not for the
    squad aboard the stopped truck (8)."""
    units = [
        {"id": "b-tr", "counter": "truck", "side": "b", "hex": "D5", "markers": ["vca0"]},
        {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "D5", "carrier": "b-tr"},
    ]
    pos = make(make_position, *units, counters=TRUCK)
    pos.push_text("move a-pz C5-D5")
    pos.push_text("answer dice 4,4")
    res = pos.last_resolution
    assert res is not None
    finals = [str(line.value) for line in res.lines if "final DR" in str(line.value)]
    assert "final DR 7" in finals[0] and "final DR 8" in finals[1]


def _ht_overrun(make_position: Any, *marks: str) -> tuple[Position, Any]:
    """The tank already in D5 (as the first D7.12 test) with an enemy armored halftrack: a squad aboard as a
    passenger and a HS riding outside it (D17.3's rider marker)."""
    units = [
        {"id": "b-ht", "counter": "ht", "side": "b", "hex": "D5", "markers": ["vca0", *marks]},
        {"id": "b-p", "counter": "4-4-7", "side": "b", "hex": "D5", "carrier": "b-ht"},
        {"id": "b-r", "counter": "4-4-7", "side": "b", "hex": "D5", "carrier": "b-ht", "markers": ["rider"]},
    ]
    pos = make(make_position, *units)
    h = pos.map.parse_label("D5")
    return pos.at(pos.state.with_unit(pos.units["a-pz"].at(h))), h


def test_d8_a_stunned_halftracks_passengers_are_no_target_only_its_riders(make_position: Any) -> None:
    """D.8 (the Collateral Attack Table's note 1): with the crew stunned or shocked the collateral attack is
    on the riders only; the CE passengers of a halftrack in good order are a target (D6.62)."""
    pos, h = _ht_overrun(make_position)
    assert {u.id for u in overrun.targets(pos, "a", h)} == {"b-sq", "b-p", "b-r"}
    for mark in ("stunned", "shocked"):
        pos, h = _ht_overrun(make_position, mark)
        assert {u.id for u in overrun.targets(pos, "a", h)} == {"b-sq", "b-r"}


def test_d8b_d5_31_a_halftracks_ce_passengers_take_the_ce_drm(make_position: Any) -> None:
    """D.8B, D5.31: the OVR at the CE passengers of the halftrack (DR 3,3 = 6) with the +2 CE DRM: 8; at its
    rider with no CE DRM (D6.23) and no FFMO (D.6): 6; at the squad on foot, 6 - 1 FFMO = 5."""
    pos, h = _ht_overrun(make_position)
    state = overrun.resolve(pos, overrun.declare(pos, pos.units["a-pz"], h), act.Answer(dice=(3, 3)))
    res = state.resolution
    assert res is not None
    finals = {getattr(line.value, "facts", {}).get("final") for line in res.lines if line.rule == "D.8B"}
    assert finals == {8, 6}
    ift = [str(line.value) for line in res.lines if "final DR" in str(line.value)]
    assert len(ift) == 3 and "final DR 5" in ift[0]
    assert any(line.rule == "D5.31" and line.value == "+2" for line in res.lines)


def test_d8_the_unlikely_kill_comes_before_the_passengers_checks(make_position: Any) -> None:
    """D.8: the attack on the vehicle is resolved first. An immobilized tank (FP halved, D7.11: 5 FP, the 4
    column, Kill number 5) overruns a woods hex (+1 TEM) holding an enemy truck in Motion (+2) with a squad
    aboard: Original DR 1,1 = 2, Final 5 = the Kill number: immobilized, and the Original 2 asks the Unlikely
    Kill dr (A7.309) before the squad aboard rolls anything; its 2 destroys the truck after all: the squad's
    check from the collateral attack is withdrawn, its Survival DR follows (D6.9)."""
    units = [
        {"id": "b-tr", "counter": "truck", "side": "b", "hex": "D5", "markers": ["vca0", "motion"]},
        {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "D5", "carrier": "b-tr"},
    ]
    pos = make(make_position, *units, counters=TRUCK, hexes={"D5": "woods"})
    h = pos.map.parse_label("D5")
    pos = pos.at(pos.state.with_unit(pos.units["a-pz"].at(h).mark("immobilized")))
    state = overrun.resolve(pos, overrun.declare(pos, pos.units["a-pz"], h), act.Answer(dice=(1, 1)))
    res = state.resolution
    assert res is not None and res.results["b-tr"] == "immobilized" and res.results["b-sq2"] not in ("-", "")
    assert state.decision is not None and state.decision.then == "unlikely_kill"
    assert any("b-sq2" in d.subject and d.then in ("mc", "ptc", "casualty") for d in state.decisions)
    pos = pos.at(state)
    pos.push_text("answer dice 2")  # A7.309: 2, destroyed
    assert pos.units["b-tr"].has("wreck")
    assert [d.then for d in pos.state.decisions if "b-sq2" in d.subject] == ["vprc"]

def _through_windows(pos: Position) -> list[tuple[str, str]]:
    """Pass every window and roll 3,3 for every OVR asked: (the tank's hex, the hex overrun) of each OVR."""
    asked = []
    while pos.decision is not None and (pos.decision.kind in ("roll", "react") or pos.decision.then == OFFER):
        top = pos.decision
        if top.then == overrun.OVR:
            assert top.target is not None
            asked.append((pos.label(pos.units["a-pz"].hex), pos.label(top.target)))
        pos.push_text("answer dice 3,3" if top.kind == "roll" else "answer pass")
    return asked


def test_d7_14_the_move_names_the_hexes_it_overruns(make_position: Any) -> None:
    """D7.1, D7.14: squads in D5 and E5; ``as ovr:E5`` the Panzer (14 MP) enters D5 without an OVR and
    overruns E5 only: start 1 + D5 1 + E5 (1 + 14/4 FRU = 4) = 7 MP, one OVR DR, asked in E5."""
    pos = make(make_position, {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "E5"})
    move = pos.game.check(pos, pos.parse_action("move a-pz C5-D5-E5 as ovr:E5"))
    assert isinstance(move, act.Move) and move.cost == 1 + 1 + (1 + 4)
    pos.push_text("move a-pz C5-D5-E5 as ovr:E5")
    assert _through_windows(pos) == [("E5", "E5")]
    assert pos.label(pos.units["a-pz"].hex) == "E5"


def test_d7_14_two_overruns_in_one_mph_each_at_its_hex(make_position: Any) -> None:
    """D7.14: a vehicle may overrun again while it can pay the MP, each attack its own: ``as ovr:D5+ovr:E5``
    costs 1 + (1 + 4) + (1 + 4) = 11 MP of its 14 and asks an OVR DR in D5, then one in E5."""
    pos = make(make_position, {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "E5"})
    move = pos.game.check(pos, pos.parse_action("move a-pz C5-D5-E5 as ovr:D5+ovr:E5"))
    assert isinstance(move, act.Move) and move.cost == 11
    pos.push_text("move a-pz C5-D5-E5 as ovr:D5+ovr:E5")
    assert _through_windows(pos) == [("D5", "D5"), ("E5", "E5")]


def test_d7_14_naming_refusals_cite_their_rules(make_position: Any) -> None:
    pos = make(make_position, {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "E5"})
    with pytest.raises(IllegalAction, match=r"D7\.14"):
        pos.game.check(pos, pos.parse_action("move a-pz C5-D5 as ovr:E5"))  # a hex it does not enter
    with pytest.raises(IllegalAction, match=r"D7\.14"):
        pos.game.check(pos, pos.parse_action("move a-pz C5-D5 as ovr:C5"))  # its own hex, not left
    with pytest.raises(IllegalAction, match=r"no enemy in D4 to overrun \(D7\.1"):
        pos.game.check(pos, pos.parse_action("move a-pz C5-D4 as ovr:D4"))  # nobody there
    with pytest.raises(IllegalAction, match=r"not both \(D7\.1\)"):
        pos.game.check(pos, pos.parse_action("move a-pz C5-D5-E5 as ovr:E5+through"))
    with pytest.raises(IllegalAction, match=r"D7\.14"):
        pos.game.check(pos, pos.parse_action("move a-pz C5-D5-E5 as ovr:E5+ovr:E5"))


def test_d7_12_d8b_an_enemy_afvs_own_ce_crew_takes_the_ovr_as_a_collateral_attack(make_position: Any) -> None:
    """D7.12: the AFV itself is no OVR target, its exposed PRC are; D.8B: its own CE crew takes the OVR as if
    the only target, the +2 CE DRM in place of the open ground's no TEM (D5.31), no FFMO (D.6). The Pz's OVR
    of D5 (10 FP: the 8 column, as above) with an Original DR 5: the squad at 5 -1 FFMO = 4; the stopped CE
    tank's crew at 5 +2 = 7, a 1MC on the 8 column (as the A7.308 example's 8 FP, Final DR 7): the crew's MC
    (D5.34)."""
    tank = {"id": "b-t", "counter": "t", "side": "b", "hex": "D5", "markers": ["vca3", "ce"]}
    pos = make(make_position, tank)
    pos.push_text("move a-pz C5-D5")
    while pos.decision is not None and pos.decision.then != overrun.OVR:
        pos.push_text("answer pass")  # Defensive First Fire windows
    pos.push_text("answer dice 2,3")
    res = pos.last_resolution
    assert res is not None
    chart = pos.charts.chart("ift")
    assert res.results["b-sq"] == str(chart.lookup(fp=8, final_dr=4))
    crew = [str(x.value) for x in res.lines if x.rule == "D.8B"]
    assert crew and "Final DR 7" in crew[0] and "1MC" in crew[0]
    thens = [d.then for d in pos.state.decisions]
    assert "vcrew_mc" in thens
    bu = {"id": "b-t", "counter": "t", "side": "b", "hex": "D5", "markers": ["vca3", "bu"]}
    pos = make(make_position, bu)  # a BU crew is not exposed: no collateral attack
    pos.push_text("move a-pz C5-D5")
    while pos.decision is not None and pos.decision.then != overrun.OVR:
        pos.push_text("answer pass")
    pos.push_text("answer dice 2,3")
    res = pos.last_resolution
    assert res is not None and not [x for x in res.lines if x.rule == "D.8B"]

