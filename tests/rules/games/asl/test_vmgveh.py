"""A vehicle's MGs at enemy vehicles (A7.308, D6.7, D.8 and its Collateral Attack Table, D.8B, D3.54), played
through the game's actions. The 8 column's Kill number 7 is the A7.308 example's (a cited oracle of the chart
pack: Final DR 7 immobilizes, below 7 destroys); the IFT results of the collateral attacks come from the demo
chart pack. Counters: demo-mg8-g (BMG 4 + CMG 4 = 8 FP) in catalogues/demo-mg-vehicles.json, the demo truck
and tank (demo values)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position

CAT = "catalogues/demo-mg-vehicles.json"
COUNTERS: dict[str, Any] = {
    "mg8": {"type": "vehicle", "vehicle": "demo-mg8-g", "catalogue": CAT},
    "truck": {"type": "vehicle", "vehicle": "demo-truck-r"},
    "t": {"type": "vehicle", "vehicle": "demo-t-r"},
    "4-4-7": {"type": "squad", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7},
}


def make(make_position: Any, target: str, phase: str = "PFPh") -> Position:
    units = [{"id": "g-ag", "counter": "mg8", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "r-v", "counter": target, "side": "b", "hex": "E5", "markers": ["vca3"]},
             {"id": "r-sq", "counter": "4-4-7", "side": "b", "hex": "E5", "carrier": "r-v"}]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS)
    return pos


def lines(pos: Position) -> list[tuple[str, str, str]]:
    res = pos.last_resolution
    assert res is not None
    return [(str(line.label), str(line.value), line.rule) for line in res.lines]


def test_a7308_truck_immobilized_on_a_final_dr_equal_to_the_kill_number(make_position: Any) -> None:
    """A7.308: the MGs' 8 FP at a truck: the 8 column's Kill number is 7 (the A7.308 example), Final DR 7
    (4+3, no DRM in the open) immobilizes it; D6.7, D.8B: the squad aboard takes the General Collateral
    attack on the same column and Final DR."""
    pos = make(make_position, "truck")
    assert "fire g-ag.bmg,g-ag.cmg at E5" in [pos.action_text(a) for a in pos.legal_actions]
    pos.push_text("fire g-ag.bmg,g-ag.cmg at E5")
    pos.push_text("answer dice 4,3")
    said = lines(pos)
    assert ("Vehicle line", "r-v: Final DR 7, Kill number 7: immobilized", "A7.308") in said
    assert any(rule == "D.8B" and "r-sq" in value and "8 column, Final DR 7" in value
               for _, value, rule in said)
    assert pos.units["r-v"].has("immobilized")
    res = pos.last_resolution
    assert res is not None and res.results["r-v"] == "immobilized" and "r-sq" in res.results


def test_a7308_truck_destroyed_no_collateral(make_position: Any) -> None:
    """A7.308: Final DR 6, below the Kill number 7, destroys the truck; D.8: its passengers take no collateral
    attack but the Survival DR (D6.9)."""
    pos = make(make_position, "truck")
    pos.push_text("fire g-ag.bmg,g-ag.cmg at E5")
    pos.push_text("answer dice 3,3")
    assert ("Vehicle line", "r-v: Final DR 6, Kill number 7: destroyed", "A7.308") in lines(pos)
    assert not any(rule == "D.8B" for _, _, rule in lines(pos))
    assert pos.units["r-v"].has("wreck")
    top = pos.decision
    assert top is not None and top.rule == "D6.9" and top.subject == ("r-sq",)


def test_d354_d8b_mgs_at_an_afv_hit_only_its_riders(make_position: Any) -> None:
    """D3.54: a vehicle MG that is not an MA makes no To Kill attempt: the tank is unharmed; the D.8 table
    (MG vs AFV: "G", note 3) and D.8B: its rider takes a General Collateral attack as if the only target: 8
    FP, DR 7 in the open, no CE DRM for a rider (D6.23)."""
    pos = make(make_position, "t")
    pos.push_text("fire g-ag.bmg,g-ag.cmg at E5")
    pos.push_text("answer dice 4,3")
    said = lines(pos)
    assert any(rule == "D3.54" and label.startswith("r-v") for label, _, rule in said)
    want = "r-sq: 8 column, Final DR 7"
    assert any(rule == "D.8B" and want in value for _, value, rule in said)
    assert not pos.units["r-v"].has("wreck") and not pos.units["r-v"].has("immobilized")


def ce_tank(make_position: Any, *markers: str) -> Position:
    units = [{"id": "g-ag", "counter": "mg8", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "r-v", "counter": "t", "side": "b", "hex": "E5", "markers": ["vca3", "ce", *markers]}]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS)
    return pos


def test_d8b_d534_ce_crew_fails_its_mc_and_is_stunned(make_position: Any) -> None:
    """D.8 table ("G"), D.8B, D5.31: the CE crew of the AFV takes the General Collateral attack at +2 CE DRM
    in the open: Original DR 4 + 2 = 6 on the 8 column (1MC in the demo IFT); D5.34: it fails that MC (DR
    12): stunned, buttoned up. The crew's morale is the nationality's demo Elite value (D5.1), and the prompt
    says so."""
    pos = ce_tank(make_position)
    pos.push_text("fire g-ag.bmg,g-ag.cmg at E5")
    pos.push_text("answer dice 2,2")
    want = "CE crew: 8 column, Original DR 4, Final DR 6 with the CE DRM -> 1MC"
    assert any(rule == "D.8B" and want in value for _, value, rule in lines(pos))
    top = pos.decision
    assert top is not None and top.then == "vcrew_mc" and top.rule == "D5.34"
    from hexmate.rules.games.asl import vcrew

    assert vcrew.crew_morale(pos, pos.units["r-v"])[1] and "demo value" in top.prompt
    pos.push_text("answer dice 6,6")
    tank = pos.units["r-v"]
    assert tank.has("stunned") and tank.has("bu") and not tank.has("ce")


def test_d5342_a_second_stun_recalls(make_position: Any) -> None:
    """D5.342: a crew already under the "+1" of an earlier stun that fails again is recalled; D5.34: the +1
    adds to its MC DR (the need drops by one)."""
    pos = ce_tank(make_position, "plus1")
    pos.push_text("fire g-ag.bmg,g-ag.cmg at E5")
    pos.push_text("answer dice 2,2")
    top = pos.decision
    assert top is not None and top.then == "vcrew_mc"
    from hexmate.rules.games.asl import vcrew

    morale, _ = vcrew.crew_morale(pos, pos.units["r-v"])
    assert int(top.arg("need")) == morale - 1 - 1  # 1MC's +1 and the stun's lasting +1
    pos.push_text("answer dice 6,6")
    from hexmate.rules.games.asl import vcrewhit

    assert pos.units["r-v"].has(vcrewhit.RECALLED) and pos.units["r-v"].has("stunned")


def test_d8b_a_buttoned_up_crew_is_not_attacked(make_position: Any) -> None:
    """D5.2, D.8B: a BU crew is not exposed: no collateral attack on it, no MC."""
    units = [{"id": "g-ag", "counter": "mg8", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "r-v", "counter": "t", "side": "b", "hex": "E5", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire g-ag.bmg,g-ag.cmg at E5")
    pos.push_text("answer dice 2,2")
    assert not any("CE crew" in value for _, value, _ in lines(pos)) and pos.decision is None


def test_d5341_k_or_kia_recalls_the_ce_crew(make_position: Any) -> None:
    """D5.341: a CE crew with the normal CE DRM that takes a K or KIA is recalled: the 30 column with an
    Original DR 2 (+2 = 4) reads a KIA in the demo IFT."""
    from hexmate.rules.games.asl import vcrewhit, vmgveh

    pos = ce_tank(make_position)
    assert str(pos.charts.chart("ift").lookup(fp=30, final_dr=4)).endswith("KIA")  # demo values
    state, said, asks = vmgveh.crew_collateral(pos, pos.state, pos.units["r-v"], 30, 2, 4)
    assert state.units["r-v"].has(vcrewhit.RECALLED) and not asks
    assert any(line.rule == "D5.341" for line in said)


def test_d531_ce_drm_not_on_top_of_a_positive_tem(make_position: Any) -> None:
    """D5.31, D.8B: in woods (+1 TEM, demo terrain) the CE crew's +2 replaces the TEM instead of adding to it:
    Original DR 4 + 2 = 6, not 7."""
    units = [{"id": "g-ag", "counter": "mg8", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "r-v", "counter": "t", "side": "b", "hex": "E5", "markers": ["vca3", "ce"]}]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"E5": {"terrain": "woods"}})
    pos.push_text("fire g-ag.bmg,g-ag.cmg at E5")
    pos.push_text("answer dice 2,2")
    assert any(rule == "D.8B" and "Final DR 6 with the CE DRM" in value for _, value, rule in lines(pos))
