"""Non-CC Reaction Fire by TPBF against an overrunning unarmored vehicle (D7.22, ncreact.py): after the OVR
the defender may have a squad in the Location fire its inherent FP x3 on the IFT, read on the vehicle line
(A7.308: below the Kill number destroyed, equal immobilized, half or less a burning wreck). The Kill number
is the IFT chart pack's (demo values) for the 12 column of a 4-FP squad's TPBF."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import ncreact, overrun, unarmored
from hexmate.rules.games.asl import special as sp
from hexmate.rules.games.asl.reaction import OFFER

from .test_armour import COUNTERS

TRUCK = {**COUNTERS, "truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}


def overrun_by_truck(make_position: Any, *markers: str) -> Position:
    units = [{"id": "a-tr", "counter": "truck", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5", "markers": list(markers)}]
    pos: Position = make_position("asl", units, "MPh", counters=TRUCK)
    pos.push_text("move a-tr C5-D5")
    while pos.decision is not None and pos.decision.kind == "react":  # D7.1: Defensive First Fire first
        pos.push_text("answer pass")
    top = pos.decision
    assert top is not None and top.then == overrun.OVR
    pos.push_text("answer dice 6,6")  # the OVR misses
    while pos.decision is not None and pos.decision.then != OFFER:
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer dice 6,6")
    return pos


def kill_for(pos: Position, fp: int) -> int:
    axis = pos.charts.chart("ift").axis("fp")
    col = axis.locate(fp)
    assert col is not None
    return unarmored.kill_number(pos.charts.chart("ift_vehicle"), int(axis.key_at(col)))


def test_d7_22_tpbf_at_an_overrunning_truck_on_the_vehicle_line(make_position: Any) -> None:
    pos = overrun_by_truck(make_position)
    offer = pos.decision
    assert offer is not None and "tpbf-b-sq" in offer.choices
    kill = kill_for(pos, 12)  # 4 FP x3 TPBF (A7.21)
    pos.push_text("answer tpbf-b-sq")
    roll = pos.decision
    assert roll is not None and roll.then == ncreact.THEN and "12 FP" in str(roll.prompt)
    white = min(6, kill - 2)
    pos.push_text(f"answer dice {white},{kill - 1 - white}")  # one below the Kill number: destroyed
    truck = pos.units["a-tr"]
    assert truck.has("wreck") and not truck.has("burning")
    assert pos.units["b-sq"].has("first_fire")
    res = pos.last_resolution
    assert res is not None and "A7.308" in [line.rule for line in res.lines]


def test_d7_22_equal_to_the_kill_number_immobilizes_and_stops_it(make_position: Any) -> None:
    pos = overrun_by_truck(make_position)
    kill = kill_for(pos, 12)
    pos.push_text("answer tpbf-b-sq")
    white = min(6, kill - 1)
    pos.push_text(f"answer dice {white},{kill - white}")
    # A7.308: immobilized; D8.1: an unarmed unarmored vehicle with nothing aboard is then a wreck at once
    assert pos.units["a-tr"].has("immobilized") and pos.units["a-tr"].has("wreck")


def test_d7_22_no_tpbf_choice_against_an_afv(make_position: Any) -> None:
    """Against an AFV the TPBF does nothing to the vehicle (D7.22 with A7.211, D.8): only CC is offered."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-pz C5-D5")
    pos.push_text("answer dice 5,6")  # no 12: no weapon breaks down (D7.17)
    while pos.decision is not None and pos.decision.then != OFFER:
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer dice 6,6")
    offer = pos.decision
    assert offer is not None and not any(c.startswith(ncreact.PREFIX) for c in offer.choices)


def test_d7_2_a_second_reaction_is_subsequent_first_fire_once_per_overrun(make_position: Any) -> None:
    """D7.2: Reaction Fire as often as the unit could First Fire: with a First Fire counter it is SFF, Area
    Fire, 12 x1/2 = 6 FP (A8.3); and one TPBF a unit per OVR (the next needs another OVR)."""
    pos = overrun_by_truck(make_position, "first_fire")
    pos.push_text("answer tpbf-b-sq")
    roll = pos.decision
    assert roll is not None and "6 FP" in str(roll.prompt)
    pos.push_text("answer dice 6,6")  # no effect
    assert pos.units["b-sq"].has("final_fire") and not pos.units["b-sq"].has("first_fire")
    top = pos.decision
    assert top is None or not any(c.startswith(ncreact.PREFIX) for c in top.choices)


def test_d7_221_fpf_tpbf_its_dr_is_also_the_firers_nmc(make_position: Any) -> None:
    """A Final Fire counter: FPF, 12 x1/2 = 6 FP (A8.31), and the Original DR 11 is its NMC: broken (morale
    7, A8.31, D7.221)."""
    pos = overrun_by_truck(make_position, "final_fire")
    offer = pos.decision
    assert offer is not None and "tpbf-b-sq" in offer.choices
    pos.push_text("answer tpbf-b-sq")
    roll = pos.decision
    assert roll is not None and "6 FP" in str(roll.prompt)
    pos.push_text("answer dice 5,6")
    assert pos.units["b-sq"].has("broken")


def _loaded_truck(make_position: Any) -> Position:
    """The truck overruns D5 carrying a 4-6-7 (D6.7: always exposed); the OVR's 6,5 misses the 4-4-7."""
    units = [{"id": "a-tr", "counter": "truck", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-tr"},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"}]
    pos: Position = make_position("asl", units, "MPh", counters=TRUCK)
    pos.push_text("move a-tr C5-D5")
    while pos.decision is not None and pos.decision.kind == "react":  # D7.1: Defensive First Fire first
        pos.push_text("answer pass")
    pos.push_text("answer dice 6,5")
    while pos.decision is not None and pos.decision.then != OFFER:
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer dice 6,6")
    pos.push_text("answer tpbf-b-sq")
    return pos


def test_d8b_the_tpbf_attacks_the_passengers_of_the_truck_it_spares(make_position: Any) -> None:
    """D6.7, D.8B: TPBF 12 FP; DR 5,5 = 10 is above the Kill number: the truck unharmed; its passenger takes
    the same DR on the 12 column as a General Collateral attack, in open ground with no TEM: Final DR 10."""
    pos = _loaded_truck(make_position)
    assert kill_for(pos, 12) < 10
    pos.push_text("answer dice 5,5")
    res = pos.last_resolution
    assert res is not None and res.results["a-tr"] == "none"
    cell = str(pos.charts.chart("ift").lookup(fp=12, final_dr=10))
    assert res.results["a-sq"] == cell
    said = [str(line.value) for line in res.lines if line.rule == "D.8B"]
    assert said == [f"General Collateral attack on a-sq: 12 column, Final DR 10 -> {cell}"]


def test_d8_no_collateral_attack_when_the_tpbf_destroys_the_truck(make_position: Any) -> None:
    """D.8, D5.6: one below the Kill number destroys the truck: its passenger takes no collateral attack,
    only its Survival DR (D6.9)."""
    pos = _loaded_truck(make_position)
    kill = kill_for(pos, 12)
    white = min(6, kill - 2)
    pos.push_text(f"answer dice {white},{kill - 1 - white}")
    res = pos.last_resolution
    assert res is not None and res.results == {"a-tr": "destroyed"}
    assert not any(line.rule == "D.8B" for line in res.lines)
    assert [d.then for d in pos.state.decisions if d.subject == ("a-sq",)] == ["vprc"]


def _truck_into(make_position: Any, terrain: str) -> Position:
    """The truck overruns the 4-4-7 in D5 of ``terrain``; its entry's rolls and windows passed, the OVR
    missing (6,6), up to the defender's Reaction Fire offer; the squad's TPBF declared."""
    units = [{"id": "a-tr", "counter": "truck", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"}]
    pos: Position = make_position("asl", units, "MPh", counters=TRUCK, hexes={"D5": terrain})
    pos.push_text("move a-tr C5-D5")
    while pos.decision is not None and pos.decision.then != OFFER:
        top = pos.decision
        pos.push_text("answer pass" if top.kind == "react" else
                      "answer dice 6,6" if top.then == overrun.OVR else "answer dice 1,1")  # D8.21: no bog
    pos.push_text("answer tpbf-b-sq")
    return pos


def test_a7_308_the_truck_keeps_the_woods_tem_against_tpbf(make_position: Any) -> None:
    """A7.308: the vehicle line reads the DR as modified for the vehicle: in woods (+1 TEM, not one for
    infantry only) an Original DR one below the 12 column's Kill number is raised to it: immobilized, not
    destroyed."""
    pos = _truck_into(make_position, "woods")
    kill = kill_for(pos, 12)
    white = min(6, kill - 3)
    pos.push_text(f"answer dice {white},{kill - 1 - white}")
    res = pos.last_resolution
    assert res is not None and res.results["a-tr"] == "immobilized"
    assert f"a-tr: Final DR {kill}, Kill number {kill}: immobilized" in [str(x.value) for x in res.lines]



def test_a7_308_a24_8_smoke_in_the_location_modifies_the_tpbf_at_the_truck(make_position: Any) -> None:
    """A7.308: the vehicle line reads the DR as for infantry in the Location, so SMOKE there counts: the
    counter's DRM (A24.2: a smoke grenade +2) and +1 as the TPBF is traced within the SMOKE (A24.8): +3. An
    Original DR 3 below the 12 column's Kill number becomes the Kill number: immobilized, not destroyed."""
    pos = overrun_by_truck(make_position)
    gs = pos.state.game
    smoke = sp.Smoke("grenade")
    assert smoke.drm == 2
    pos = pos.at(pos.state.replace(game=gs.replace(smoke=((pos.map.parse_label("D5"), smoke),))))
    kill = kill_for(pos, 12)
    pos.push_text("answer tpbf-b-sq")
    white = min(6, kill - 4)
    pos.push_text(f"answer dice {white},{kill - 3 - white}")
    res = pos.last_resolution
    assert res is not None and res.results["a-tr"] == "immobilized"
    assert ("+3", "A24.8") in [(str(x.value), x.rule) for x in res.lines]
