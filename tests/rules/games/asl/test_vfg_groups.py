"""Fire groups of several vehicles, with infantry SW, and at vehicles (D6.64, A7.5, A7.51, A7.52, D3.54,
A7.308, D.8), through the game's fire actions.

The FP are the counters' (demo values: the demo halftrack's BMG 3, the demo carrier's BMG 2, a 4-6-7, the
demo LMG 3 FP, ROF 1, B#12) summed as A7.5 sums a group's. The 8 column's Kill number 7 is the A7.308
example's (a cited oracle of the chart pack, as test_vmgdff uses it)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import units as au

from .test_armour import COUNTERS as ARMOUR

COUNTERS: dict[str, Any] = {**{n: dict(v) for n, v in au.demo_catalogue().items()}, **ARMOUR,
                            "truck": {"type": "vehicle", "vehicle": "demo-truck-r"},
                            "car": {"type": "vehicle", "vehicle": "demo-carrier-b"},
                            "mg4": {"type": "vehicle", "vehicle": "demo-mg4-g",
                                    "catalogue": "catalogues/demo-mg-vehicles.json"}}
HT2 = {"id": "a-ht2", "counter": "ht", "side": "a", "hex": "C4", "markers": ["vca0"]}  # off C5's LOS (D9.4)
SQ = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"}
LMG = {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C5", "carrier": "a-sq"}


def make(make_position: Any, *extra: dict[str, Any], target: str = "4-4-7",
         target_markers: tuple[str, ...] = ()) -> Position:
    units = [{"id": "a-ht", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-x", "counter": target, "side": "b", "hex": "F5", "markers": ["vca3", *target_markers]},
             *extra]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS)
    return pos


def test_d6_64_two_halftracks_and_a_squad_in_one_group(make_position: Any) -> None:
    """D6.64, A7.5: the group may hold several CE halftracks: the BMGs of C5's and C4's halftracks (3 + 3)
    alone and with the 4-6-7 in C5 (4): 6 and 10 FP; each BMG is marked fired (D3.5) and the squad has its
    counter. 10 FP -> 8 column; DR 4,3 and no DRM: Final DR 7."""
    pos = make(make_position, HT2, SQ)
    pos.push_text("fire a-ht.bmg,a-ht2.bmg at F5")
    roll = pos.decision
    assert roll is not None and roll.arg("fp") == "6"
    pos = make(make_position, HT2, SQ)
    pos.push_text("fire a-ht.bmg,a-ht2.bmg,a-sq at F5")
    roll = pos.decision
    assert roll is not None and roll.arg("fp") == "10" and roll.then == "vmg"
    assert pos.units["a-ht"].has("mg_fired:bmg") and pos.units["a-ht2"].has("mg_fired:bmg")
    assert pos.units["a-sq"].has("prep_fire")
    pos.push_text("answer dice 4,3")
    res = pos.last_resolution
    assert res is not None and any("8 column, final DR 7" in str(line.value) for line in res.lines)


def test_a5_2_two_halftracks_of_one_location_offered_overstacked(make_position: Any) -> None:
    """D6.64 with A5.2 and A5.12: two halftracks in C5 are offered as one group on the page; one vehicle over
    the limit of one a side adds +1 to the group's IFT DR (the same as either fired alone)."""
    pos = make(make_position, dict(HT2, hex="C5"))
    offered = [a.text(pos.label) for a in pos.legal_actions if a.kind == "fire"]
    assert "fire a-ht.bmg,a-ht2.bmg at F5" in offered
    pos.push_text("fire a-ht.bmg,a-ht2.bmg at F5")
    pos.push_text("answer dice 4,3")
    res = pos.last_resolution
    assert res is not None and any("6 column, final DR 8" in str(line.value) for line in res.lines)
    assert any(line.rule == "A5.12" for line in res.lines)


def test_a7_52_one_vehicles_case_a_applies_to_the_whole_group(make_position: Any) -> None:
    """A7.52, D3.52: the second halftrack faces away (VCA 3): its BMG at F5 takes its Case A DRM on the IFT
    DR, and so does the whole group (the largest CA DRM once, D3.5)."""
    away = dict(HT2, markers=["vca3"])
    alone = make(make_position, away)
    alone.push_text("fire a-ht2.bmg at F5")
    roll = alone.decision
    assert roll is not None
    case_a = int(roll.arg("drm"))
    assert case_a > 0
    pos = make(make_position, away, SQ)
    pos.push_text("fire a-ht.bmg,a-ht2.bmg,a-sq at F5")
    roll = pos.decision
    assert roll is not None and int(roll.arg("drm")) == case_a and f"case_a:{case_a}" in roll.arg("mods")


def test_a7_35_a_squads_lmg_in_the_halftracks_group(make_position: Any) -> None:
    """A7.35, D6.64: the 4-6-7 fires its inherent FP and its LMG in the halftrack's group: 3 + 4 + 3 = 10
    FP; both the squad and the LMG take the Prep Fire counter. An Original DR 12 reaches the LMG's B#12: it
    malfunctions (A9.7), as in any infantry attack."""
    pos = make(make_position, SQ, LMG)
    pos.push_text("fire a-ht.bmg,a-sq,a-lmg at F5")
    roll = pos.decision
    assert roll is not None and roll.arg("fp") == "10"
    assert pos.units["a-lmg"].has("prep_fire") and pos.units["a-sq"].has("prep_fire")
    pos.push_text("answer dice 6,6")
    assert pos.units["a-lmg"].has("malfunctioned")
    res = pos.last_resolution
    assert res is not None and any(line.rule == "A9.7" for line in res.lines)


def test_a9_2_the_lmg_keeps_its_rof_in_the_group(make_position: Any) -> None:
    """A9.2: a coloured dr of 1 (at most its ROF 1) leaves the LMG free to fire again this phase."""
    pos = make(make_position, SQ, LMG)
    pos.push_text("fire a-ht.bmg,a-sq,a-lmg at F5")
    pos.push_text("answer dice 5,1")
    assert not pos.units["a-lmg"].has("prep_fire") and pos.units["a-sq"].has("prep_fire")


def test_a7_308_the_group_at_a_truck_on_the_vehicle_line(make_position: Any) -> None:
    """A7.51, D3.54, A7.308: a group's MGs make no To Kill attempt; at a truck the group's 10 FP (8 column)
    attack it on the IFT's vehicle line: Final DR 7 equals the Kill number 7: immobilized."""
    pos = make(make_position, HT2, SQ, target="truck")
    pos.push_text("fire a-ht.bmg,a-ht2.bmg,a-sq at F5")
    pos.push_text("answer dice 4,3")
    res = pos.last_resolution
    assert res is not None and res.results.get("b-x") == "immobilized"


def test_d_8_the_group_at_an_afv_attacks_only_its_exposed_crew(make_position: Any) -> None:
    """D3.54, D.8 (note 3: MG and small arms at an AFV are a General Collateral attack): the group at a CE
    tank leaves the tank itself unharmed and attacks its CE crew at +2 (D5.31), whose MC follows."""
    pos = make(make_position, HT2, SQ, target="t", target_markers=("ce",))
    pos.push_text("fire a-ht.bmg,a-ht2.bmg,a-sq at F5")
    pos.push_text("answer dice 2,2")  # 10 FP -> 8 column; Original DR 4, +2 CE DRM: Final DR 6 -> 1MC
    res = pos.last_resolution
    assert res is not None and not pos.units["b-x"].has("wreck")
    assert any(line.rule == "D3.54" for line in res.lines)
    assert any(line.rule == "D.8B" and "Final DR 6" in str(line.value) and "1MC" in str(line.value)
               for line in res.lines)
    crew = pos.decision
    assert crew is not None and crew.then == "vcrew_mc" and crew.subject == ("b-x",)


def test_d6_84_a_carriers_mgs_join_a_group(make_position: Any) -> None:
    """D6.64, D6.84: a carrier (always CE) joins a group with its MGs: its BMG 2 + the 4-6-7's 4 = 6 FP."""
    car = {"id": "a-car", "counter": "car", "side": "a", "hex": "C5", "markers": ["vca0"]}
    pos = make(make_position, car, SQ)
    pos.push_text("fire a-car.bmg,a-sq at F5")
    roll = pos.decision
    assert roll is not None and roll.then == "vmg" and roll.arg("fp") == "6"


def test_d6_64_an_afvs_riders_with_its_aamg_only(make_position: Any) -> None:
    """D6.64: an AFV's riders join a group only of its riders and its AAMG: the CE tank's AAMG (1) and the
    4-6-7 riding it (4 halved for mounted fire, D6.22: 2) fire together, 3 FP, offered on the page; its BMG
    with the riders, or its AAMG with a squad on foot, is refused."""
    tank = {"id": "a-tk", "counter": "mg4", "side": "a", "hex": "C5", "markers": ["vca0", "ce"]}
    rider = {"id": "a-rd", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-tk"}
    pos = make(make_position, tank, rider, SQ)
    assert "fire a-tk.aamg,a-rd at F5" in [a.text(pos.label) for a in pos.legal_actions if a.kind == "fire"]
    pos.push_text("fire a-tk.aamg,a-rd at F5")
    roll = pos.decision
    assert roll is not None and roll.arg("fp") == "3"
    pos = make(make_position, tank, rider, SQ)
    with pytest.raises(IllegalAction, match="neither a carrier nor an armored halftrack"):
        pos.push_text("fire a-tk.bmg,a-rd at F5")
    with pytest.raises(IllegalAction, match="only with its own riders"):
        pos.push_text("fire a-tk.aamg,a-sq at F5")


def test_d6_64_a_tanks_mgs_join_no_group(make_position: Any) -> None:
    """D6.64: only carriers and armored halftracks join a multi-unit group: a tank's BMG with the halftrack's
    is refused."""
    pz = {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]}
    pos = make(make_position, pz)
    with pytest.raises(IllegalAction, match="neither a carrier nor an armored halftrack"):
        pos.push_text("fire a-ht.bmg,a-pz.bmg at F5")


def test_a7_9_the_group_with_infantry_cowers_undirected(make_position: Any) -> None:
    """A7.9: all vehicle fire is exempt from Cowering, but a group holding a (non-exempt) squad cowers on
    undirected doubles: the BMG (3) and the 4-6-7 (4), 7 FP, DR 3,3 -> one column left, the 4 column at
    Final DR 6; the BMG alone (3 FP, the 2 column) on the same doubles does not cower."""
    pos = make(make_position, SQ)
    pos.push_text("fire a-ht.bmg,a-sq at F5")
    pos.push_text("answer dice 3,3")
    res = pos.last_resolution
    assert res is not None and any(line.rule == "A7.9" for line in res.lines)
    assert any("4 column, final DR 6" in str(line.value) for line in res.lines)
    alone = make(make_position, SQ)
    alone.push_text("fire a-ht.bmg at F5")
    alone.push_text("answer dice 3,3")
    res = alone.last_resolution
    assert res is not None and not any(line.rule == "A7.9" for line in res.lines)
    assert any("2 column, final DR 6" in str(line.value) for line in res.lines)


def test_a7_9_a_directed_group_does_not_cower(make_position: Any) -> None:
    """A7.9 with D3.44: the same group directed by the halftrack's 9-1 Armor Leader, brought in at the DR
    (D3.41), does not cower: 7 FP on the 6 column, DR 3,3 -1 = Final DR 5."""
    pos = make_position("asl", [{"id": "a-ht", "counter": "ht-al", "side": "a", "hex": "C5",
                                 "markers": ["vca0"]},
                                {"id": "b-x", "counter": "4-4-7", "side": "b", "hex": "F5"}, SQ], "PFPh",
                        counters={**COUNTERS, "ht-al": {"type": "vehicle", "vehicle": "demo-ht-g",
                                                         "armor_leader": "9-1"}})
    pos.push_text("fire a-ht.bmg,a-sq at F5")
    pos.push_text("answer dice 3,3")
    top = pos.decision  # D3.41: he is hidden until his owner brings him in (alhide.py)
    assert top is not None and top.then == "alre" and top.private
    pos.push_text("answer use")
    res = pos.last_resolution
    assert res is not None and not any(line.rule == "A7.9" for line in res.lines)
    assert any("6 column, final DR 5" in str(line.value) for line in res.lines)


def test_a7_9_a_cowering_groups_lmg_keeps_no_rof(make_position: Any) -> None:
    """A7.9, A9.2: DR 1,1 would keep the LMG's ROF 1 (coloured dr 1), but the undirected group cowers: the
    LMG keeps its Prep Fire counter."""
    pos = make(make_position, SQ, LMG)
    pos.push_text("fire a-ht.bmg,a-sq,a-lmg at F5")
    pos.push_text("answer dice 1,1")
    assert pos.units["a-lmg"].has("prep_fire")


def test_a7_51_halftracks_bypassing_one_hex_out_of_each_others_sight(make_position: Any) -> None:
    """A7.51: two halftracks bypassing woods H3 along opposite hexsides (with I4 and with the hex across from
    it) stand at CAFPs the woods lie between: they form no fire group. Both along the H3-I4 hexside, heading
    the same way (one CAFP), they do."""
    from hexmate.rules.games.asl import vbypass
    from hexmate.rules.hexes import direction_between, neighbor

    probe = make(make_position)
    h3, i4 = probe.map.parse_label("H3"), probe.map.parse_label("I4")
    d = direction_between(h3, i4)
    far = neighbor(h3, (d + 3) % 6)

    def ht(uid: str, across: Any) -> dict[str, Any]:
        heading = next(g for g in range(6) if vbypass.parallel(h3, across, g))
        return {"id": uid, "counter": "ht", "side": "a", "hex": "H3",
                "markers": [f"vca{heading}", f"byp{direction_between(h3, across)}"]}

    def start(second: dict[str, Any]) -> Position:
        units = [ht("a-ht1", i4), second, {"id": "b-x", "counter": "4-4-7", "side": "b", "hex": "H6"}]
        pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS,
                                      hexes={"H3": {"terrain": "woods"}})
        return pos

    pos = start(ht("a-ht2", far))
    with pytest.raises(IllegalAction, match="bypass in one hex") as err:
        pos.push_text("fire a-ht1.bmg,a-ht2.bmg at H6")
    assert err.value.rule == "A7.51"
    pos = start(ht("a-ht2", i4))
    pos.push_text("fire a-ht1.bmg,a-ht2.bmg at H6")
    assert pos.decision is not None and pos.decision.then == "vmg"
