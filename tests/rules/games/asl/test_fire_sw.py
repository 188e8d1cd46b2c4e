"""ASL fire with support weapons and MGs through the game (A7.35, A9.2, A9.7, A22.1), TPBF (A7.21, A7.212)
and Cowering exemptions (A7.9). Counters from the demo catalogue (demo values); the IFT is the demo pack."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def pos_with(make_position: Any, units: list[dict[str, Any]], phase: str = "PFPh", **kw: Any) -> Any:
    return make_position("asl", units, phase, counters=COUNTERS, **kw)


def squad_with_lmg(hex_: str = "C1", who: str = "4-6-7") -> list[dict[str, Any]]:
    return [
        {"id": "a-1", "counter": who, "side": "a", "hex": hex_},
        {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": hex_, "carrier": "a-1"},
    ]


TARGET = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]


def test_a_squad_and_its_lmg_fire_as_one_group_and_the_lmg_keeps_its_rof(make_position: Any) -> None:
    pos = pos_with(make_position, squad_with_lmg() + TARGET)
    fire = pos.parse_action("fire a-1,a-lmg at C4 dice 4,1")
    res = pos.resolve(fire)
    text = res.text()
    assert "a-lmg (LMG): 3 FP = 3 FP" in text and "7 FP -> 6 column" in text
    assert "a-lmg keeps its multiple ROF (coloured dr 1) and may fire again (A9.2)" in text
    pos.push(fire)
    assert pos.units["a-1"].has("prep_fire") and not pos.units["a-lmg"].has("prep_fire")
    assert "fire a-lmg at C4" in {a.text() for a in pos.legal_actions} or pos.decision is not None


def test_an_mg_loses_its_rof_on_a_high_coloured_dr(make_position: Any) -> None:
    pos = pos_with(make_position, squad_with_lmg() + TARGET)
    pos.push_text("fire a-1,a-lmg at C4 dice 4,5")  # 9 on the 6 column: no effect; coloured 5 > ROF 1
    assert pos.units["a-lmg"].has("prep_fire")
    with pytest.raises(IllegalAction, match="already fired"):
        pos.push_text("fire a-lmg at C4 dice 1,1")


def test_a_sw_malfunctions_on_an_original_dr_at_its_b_number(make_position: Any) -> None:
    pos = pos_with(make_position, squad_with_lmg() + TARGET)
    fire = pos.parse_action("fire a-1,a-lmg at C4 dice 6,6")
    assert "a-lmg: Original DR 12: malfunctions (B#) (A9.7)" in pos.resolve(fire).text()
    pos.push(fire)
    assert pos.units["a-lmg"].has("malfunctioned")
    pos.push_text("end")  # PFPh over: the SW still may not fire until repaired (A9.7)
    assert pos.phase.id == "MPh"


def test_a_malfunctioned_sw_may_not_fire(make_position: Any) -> None:
    units = squad_with_lmg() + TARGET
    units[1]["markers"] = ["malfunctioned"]
    pos = pos_with(make_position, units)
    with pytest.raises(IllegalAction, match=r"malfunctioned.*A9\.7"):
        pos.push_text("fire a-lmg at C4 dice 3,3")


def test_sustained_fire_in_the_dfph_halves_the_mg_and_lowers_its_breakdown(make_position: Any) -> None:
    units = [*squad_with_lmg("C5"), {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    for u in units:
        u["side"] = "b" if u["side"] == "a" else "a"
    units[1]["markers"] = ["first_fire"]
    pos = pos_with(make_position, units, "DFPh")
    fire = pos.parse_action("fire a-lmg at C4 dice 5,5")
    text = pos.resolve(fire).text()
    assert "x2 Point Blank Fire (A7.21) x1/2 Area Fire: Sustained Fire (A9.3) = 3 FP" in text
    assert "a-lmg: Original DR 10: malfunctions (B#) (A9.7)" in text  # B12 - 2 (A9.3, A.11)
    assert "keeps its multiple ROF" not in text


def test_a_hs_firing_its_sw_loses_its_inherent_fp(make_position: Any) -> None:
    pos = pos_with(make_position, squad_with_lmg(who="2-4-7") + TARGET)
    with pytest.raises(IllegalAction, match=r"inherent FP while firing 1 SW \(A7\.35\)"):
        pos.push_text("fire a-1,a-lmg at C4 dice 4,5")
    pos.push_text("fire a-lmg at C4 dice 4,5")
    assert pos.units["a-1"].has("no_fire")
    with pytest.raises(IllegalAction, match=r"A7\.35"):
        pos.push_text("fire a-1 at C4 dice 4,5")


def test_a_squad_may_fire_two_sw_but_then_not_its_own_fp(make_position: Any) -> None:
    units = [*squad_with_lmg(), {"id": "a-mmg", "counter": "MMG", "side": "a", "hex": "C1", "carrier": "a-1"}]
    pos = pos_with(make_position, units + TARGET)
    with pytest.raises(IllegalAction, match="firing 2 SW"):
        pos.push_text("fire a-1,a-lmg,a-mmg at C4 dice 4,5")
    pos.push_text("fire a-lmg,a-mmg at C4 dice 4,5")
    assert pos.units["a-1"].has("no_fire")


def test_a_sw_of_a_broken_unit_may_not_fire(make_position: Any) -> None:
    units = squad_with_lmg() + TARGET
    units[0]["markers"] = ["broken"]
    pos = pos_with(make_position, units)
    with pytest.raises(IllegalAction, match=r"only an unbroken unit fires a SW"):
        pos.push_text("fire a-lmg at C4 dice 4,5")


def test_a_leader_alone_may_fire_a_sw(make_position: Any) -> None:
    units = [{"id": "a-l", "counter": "8-1", "side": "a", "hex": "C1"},
             {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-l"}]
    pos = pos_with(make_position, units + TARGET)
    pos.push_text("fire a-l,a-lmg at C4 dice 4,5")  # A7.5: a leader firing a SW may join the fire
    assert pos.units["a-l"].has("no_fire") and pos.units["a-lmg"].has("prep_fire")


def test_a_flamethrower_fires_alone(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3"},
             {"id": "a-ft", "counter": "FT", "side": "a", "hex": "C3", "carrier": "a-1"}]
    pos = pos_with(make_position, units + TARGET)
    with pytest.raises(IllegalAction, match=r"never combines.*A22\.31"):
        pos.push_text("fire a-1,a-ft at C4 dice 4,5")
    fire = pos.parse_action("fire a-ft at C4 dice 4,5")
    assert "24 FP -> 24 column" in pos.resolve(fire).text()


def test_tpbf_triples_and_a_known_enemy_in_the_location_binds_the_fire(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C4"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C6"}]
    pos = pos_with(make_position, units)
    fire = pos.parse_action("fire a-1 at C4 dice 4,5")
    assert "x3 Triple Point Blank Fire (A7.21) = 12 FP" in pos.resolve(fire).text()
    with pytest.raises(IllegalAction, match=r"A7\.212"):
        pos.push_text("fire a-1 at C6 dice 4,5")


def test_british_first_line_do_not_cower(make_position: Any) -> None:
    """A25.45: British Elite and 1st Line never Cower: the 4-4-7b's Original 3,3 keeps its column; the 4-3-6b,
    Green (A25.41), does Cower, two columns as Inexperienced (A7.9)."""
    units = [{"id": "a-1", "counter": "4-4-7b", "side": "a", "hex": "C1"}, *TARGET]
    pos = pos_with(make_position, units)
    fire = pos.parse_action("fire a-1 at C4 dice 3,3")
    assert "Cowering" not in pos.resolve(fire).text()
    units[0]["counter"] = "4-3-6b"  # Green British do cower, two columns as Inexperienced
    pos = pos_with(make_position, units)
    assert "2 column(s) left (A7.9)" in pos.resolve(pos.parse_action("fire a-1 at C4 dice 3,3")).text()


def test_a_sw_counter_is_never_a_target(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"},
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "C4", "carrier": "b-1"}]
    pos = pos_with(make_position, units)
    res = pos.resolve(pos.parse_action("fire a-1 at C4 dice 2,2"))
    assert set(res.results) == {"b-1"}


def test_a7_52_a_member_without_los_drops_out_of_a_multi_location_group(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "D1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C5"}]
    pos = pos_with(make_position, units, hexes={"D3": "woods", "D4": "woods", "E3": "woods"})
    from hexmate.rules.games.asl import terrain as asl_terrain

    c1, d1, c5 = (pos.map.parse_label(h) for h in ("C1", "D1", "C5"))
    assert not asl_terrain.line_of_sight(pos, c1, c5).blocked
    assert asl_terrain.line_of_sight(pos, d1, c5).blocked
    fire = pos.parse_action("fire a-1,a-2 at C5 dice 3,4")
    text = pos.resolve(fire).text()
    assert "a-2 drops out of the fire group and counts as having fired (A7.52)" in text
    assert "4 FP -> 4 column" in text
    pos.push(fire)
    assert pos.units["a-2"].has("prep_fire")
    alone = pos_with(make_position, units, hexes={"D3": "woods", "D4": "woods", "E3": "woods"})
    alone.push_text("fire a-2 at C5 dice 3,4")  # alone, it sees nothing: fired, no effect (A6.11)
    assert "no line of sight, no effect (A6.11)" in alone.last_resolution.text()


def test_a5_12_overstacked_firers_and_targets(make_position: Any) -> None:
    units = [{"id": f"a-{i}", "counter": "4-6-7", "side": "a", "hex": "C1"} for i in range(4)]
    units += [{"id": f"b-{i}", "counter": "4-4-7r", "side": "b", "hex": "C4"} for i in range(5)]
    pos = pos_with(make_position, units)
    text = pos.resolve(pos.parse_action("fire a-0 at C4 dice 3,4")).text()
    assert "firer overstacked by 1 squad-equivalent(s): +1 (A5.12)" in text
    assert "target overstacked by 2 squad-equivalent(s): -2 (A5.131)" in text


def test_t7_306_fire_group_with_an_mmg_and_a_9_2_through_the_game(make_position: Any) -> None:
    """A7.306 example: two 4-6-7 at 7 hexes (Long Range, 2 + 2) with a MMG (5) and a 9-2: 9 FP on the 8
    column; a leader and three squads in Open Ground; Original DR 8 - 2 = 6: a 1MC for each, leader first."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-mmg", "counter": "MMG", "side": "a", "hex": "C1", "carrier": "a-1"},
             {"id": "a-l", "counter": "9-2", "side": "a", "hex": "C1"},
             {"id": "b-l", "counter": "8-0", "side": "b", "hex": "C8"}]
    units += [{"id": f"b-{i}", "counter": "4-4-7r", "side": "b", "hex": "C8"} for i in (1, 2, 3)]
    pos = pos_with(make_position, units)
    pos.push_text("fire a-1,a-2,a-mmg,a-l at C8 dice 4,4")
    res = pos.last_resolution
    assert res is not None
    assert "9 FP -> 8 column, final DR 6 -> 1MC" in res.text()
    assert "leadership (a-l): -2 (A7.53)" in res.text()
    assert set(res.results.values()) == {"1MC"} and len(res.results) == 4
    assert [d.subject[0] for d in reversed(pos.state.decisions)] == ["b-l", "b-1", "b-2", "b-3"]


def test_a9_11_a_squad_fires_two_lmgs_but_not_its_inherent_fp_with_them(make_position: Any) -> None:
    """A9.11 (the MG rule) lets a squad fire two SW MGs at full MG FP, losing its inherent FP; it names no
    type, so A7.351's "different types" does not bar two LMGs: 3 + 3 = 6 FP."""
    second = {"id": "a-lmg2", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-1"}
    units = [*squad_with_lmg(), second]
    pos = pos_with(make_position, units + TARGET)
    with pytest.raises(IllegalAction, match=r"inherent FP while firing 2 SW \(A7\.35\)"):
        pos.push_text("fire a-1,a-lmg,a-lmg2 at C4 dice 4,5")
    text = pos.resolve(pos.parse_action("fire a-lmg,a-lmg2 at C4 dice 4,5")).text()
    assert "6 FP -> 6 column" in text


def test_a7_351_two_sw_of_one_type_other_than_mgs_are_refused(make_position: Any) -> None:
    """A7.351: two SW of one type (two FTs here) are not fired by one squad in a fire phase. A22.3 forbids it
    too (a FT or DC once a Player Turn), and is checked first."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-ft", "counter": "FT", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "a-ft2", "counter": "FT", "side": "a", "hex": "C3", "carrier": "a-1"}]
    pos = pos_with(make_position, units + TARGET)
    pos.push_text("fire a-ft at C4 dice 2,3")
    assert "a-ft" in pos.units and pos.units["a-ft"].has("prep_fire")
    while pos.decision is not None:
        pos.push_text("answer pass" if pos.decision.choices else "answer dice 3,3")
    with pytest.raises(IllegalAction, match=r"already used a FT or DC this Player Turn \(A22\.3\)"):
        pos.push_text("fire a-ft2 at C4 dice 4,5")


def test_a7_81_a_pinned_possessor_fires_its_mg_as_area_fire_without_rof(make_position: Any) -> None:
    units = squad_with_lmg() + TARGET
    units[0]["markers"] = ["pinned"]
    pos = pos_with(make_position, units)
    fire = pos.parse_action("fire a-1,a-lmg at C4 dice 4,1")
    text = pos.resolve(fire).text()
    assert "3 FP x1/2 Area Fire: MG fired by a pinned unit (A7.81) = 1 1/2 FP" in text
    assert "4 FP x1/2 pinned (A7.8) = 2 FP" in text
    assert "keeps its multiple ROF" not in text


def test_a22_33_a_pinned_unit_may_not_fire_its_flamethrower(make_position: Any) -> None:
    """A22.33: a pinned unit may not use a FT; unpinned, the same FT fires its 24 FP at the adjacent
    target."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3", "markers": ["pinned"]},
             {"id": "a-ft", "counter": "FT", "side": "a", "hex": "C3", "carrier": "a-1"}]
    pos = pos_with(make_position, units + TARGET)
    with pytest.raises(IllegalAction, match=r"pinned unit may not fire a flamethrower.*A22\.33"):
        pos.push_text("fire a-ft at C4 dice 4,5")
    units[0]["markers"] = []
    pos = pos_with(make_position, units + TARGET)
    assert "24 FP -> 24 column" in pos.resolve(pos.parse_action("fire a-ft at C4 dice 4,5")).text()


def _dc(make_position: Any, phase: str = "PFPh", target_hex: str = "C2", **kw: Any) -> Any:
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C1"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C1", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": target_hex}]
    return pos_with(make_position, units, phase, **kw)


def test_a23_6_a_thrown_dc_attacks_the_target_then_the_throwers_location(make_position: Any) -> None:
    pos = _dc(make_position, hexes={"C2": "stone-building"})
    with pytest.raises(IllegalAction, match=r"attacks alone.*\(A23\.1\)"):
        pos.push_text("fire a-1,a-dc at C2 dice 3,4")
    fire = pos.parse_action("fire a-dc at C2 dice 3,4")
    text = pos.resolve(fire).text()
    assert "thrown DC: +2 (A23.6)" in text and "target terrain: +3 (A23.1)" in text
    assert "30 FP -> 30 column, final DR 12 -> NMC" in text and "Cowering" not in text
    pos.push(fire)
    assert "a-dc" not in pos.units  # spent (A23.4)
    assert [d.then for d in reversed(pos.state.decisions)] == ["mc", "dc_thrower"]
    pos.push_text("answer dice 2,3")  # b-1 passes its NMC
    pos.push_text("answer dice 5,5")  # the thrower's Location: 10 + 3 = 13 on the 30 column: NMC
    assert pos.last_resolution.results == {"a-1": "NMC"}
    assert pos.decision.then == "mc" and pos.decision.subject == ("a-1",)


def test_a23_4_a_dc_malfunctions_on_12_without_detonating(make_position: Any) -> None:
    pos = _dc(make_position)
    pos.push_text("fire a-dc at C2 dice 6,6")
    assert "a-dc" not in pos.units and pos.decision is None
    assert pos.last_resolution.results == {}


def test_a23_6_a_dc_is_thrown_only_into_an_adjacent_location(make_position: Any) -> None:
    pos = _dc(make_position, target_hex="C3")
    with pytest.raises(IllegalAction, match=r"adjacent Location \(A23\.6\)"):
        pos.push_text("fire a-dc at C3 dice 3,4")


def test_a22_a_flamethrower_ignores_tem_and_leadership_and_runs_out_of_fuel(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-l", "counter": "9-2", "side": "a", "hex": "C3"},
             {"id": "a-ft", "counter": "FT", "side": "a", "hex": "C3", "carrier": "a-1"}]
    pos = pos_with(make_position, units + TARGET, hexes={"C4": "woods"})
    fire = pos.parse_action("fire a-ft,a-l at C4 dice 4,4")
    text = pos.resolve(fire).text()
    assert "leadership" not in text and "target terrain" not in text  # A22.2
    assert "a-ft: Original DR 8: removed (X#) (A9.7)" in text  # a 1st Line user: out of fuel from 8 (A22.3)
    pos.push(fire)
    assert "a-ft" not in pos.units


def test_a21_a_captured_mg_breaks_down_sooner_and_loses_a_rof(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-4-7r", "side": "a", "hex": "C1"},
             {"id": "a-mmg", "counter": "MMG", "side": "a", "hex": "C1", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C4"}]
    pos = pos_with(make_position, units)
    text = pos.resolve(pos.parse_action("fire a-mmg at C4 dice 5,5")).text()
    assert "a-mmg: Original DR 10: malfunctions (B#) (A9.7)" in text  # German MMG in Russian hands: B10
    text = pos.resolve(pos.parse_action("fire a-mmg at C4 dice 2,2")).text()
    assert "keeps its multiple ROF" not in text  # ROF 2 - 1 = 1 < coloured 2 (A21.12)
    assert au.is_captured(pos.units["a-mmg"], pos.units["a-1"])
    german = {"id": "g", "counter": "4-6-7", "side": "a", "hex": "C1"}
    g = pos_with(make_position, [german, {"id": "s", "counter": "6-5-8", "side": "a", "hex": "C1"}])
    assert not au.is_captured(pos.units["a-mmg"], g.units["s"])  # SS use German weapons


@pytest.mark.parametrize(("dice", "picked", "removed", "broken"), [
    ("5,5", None, set(), {"b-hmg"}),  # 10: only the Sustained HMG's B10 is reached: it malfunctions
    ("6,6", "b-lmg", set(), {"b-lmg"}),  # 12: Random Selection picks the LMG: it malfunctions
    ("6,6", "b-hmg", {"b-hmg"}, set()),  # ... or the HMG: its X12 removes it
    ("6,6", "b-hmg,b-lmg", {"b-hmg"}, {"b-lmg"}),  # ... or both (a tie)
])
def test_a9_71_example_sustained_hmg_and_lmg_in_one_fire_group(make_position: Any, dice: str,
                                                               picked: str | None, removed: set[str],
                                                               broken: set[str]) -> None:
    """A9.71 example: a fire group with a German HMG in Sustained Fire (B10, X12; A.11) and a LMG (B12):
    an Original DR of 10 or 11 malfunctions the HMG; a 12 makes Random Selection decide whether the LMG
    malfunctions, the HMG is removed, or both."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C6"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C5"},
             {"id": "b-hmg", "counter": "HMG", "side": "b", "hex": "C5", "carrier": "b-1",
              "markers": ["first_fire"]},
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "C5", "carrier": "b-1"}]
    counters = {**COUNTERS, "HMG": {**COUNTERS["HMG"], "breakdown": 12}}
    pos = make_position("asl", units, "DFPh", counters=counters)
    pos.push_text(f"fire b-hmg,b-lmg at C6 dice {dice}")
    if picked is not None:
        top = pos.decision
        assert top is not None and top.then == "malfunction" and set(top.units) == {"b-hmg", "b-lmg"}
        pos.push_text(f"answer units {picked}")
    for sid in ("b-hmg", "b-lmg"):
        assert (sid not in pos.units) == (sid in removed)
        assert (sid in pos.units and pos.units[sid].has("malfunctioned")) == (sid in broken)


def test_a22_4_a_unit_possessing_a_ft_is_attacked_at_minus_1(make_position: Any) -> None:
    """A22.4: each FT a personnel unit possesses is -1 on the IFT DR of any attack on it; the squad beside
    it without one is attacked at the Original DR. The Russian 4-4-7 fires from C2 at C4 (range 2), dice 3,4:
    Final DR 7 for b-2, 7 - 1 = 6 for b-1 with its FT (demo IFT values)."""
    units = [{"id": "a-1", "counter": "4-4-7r", "side": "a", "hex": "C2"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C4"},
             {"id": "b-ft", "counter": "FT", "side": "b", "hex": "C4", "carrier": "b-1"},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C4"}]
    pos = pos_with(make_position, units)
    text = pos.resolve(pos.parse_action("fire a-1 at C4 dice 3,4")).text()
    assert "IFT vs known targets: 4 FP -> 4 column, final DR 7" in text
    assert "IFT vs known targets possessing 1 FT (-1 IFT DRM): 4 FP -> 4 column, final DR 6" in text


def test_a22_32_a_flamethrower_reaches_two_levels_up_or_down_halved_at_two(make_position: Any) -> None:
    """A22.32: a FT attacks a non-armoured target at most two levels above or below it, at 12 FP (of its 24)
    when the target is two levels off. The FT's squad stands at ground level in C3; its target b-1 in C4 on a
    hill of level 2, then of level 3 (out of its reach), then of level 1 (the FT's full 24 FP)."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3"},
             {"id": "a-ft", "counter": "FT", "side": "a", "hex": "C3", "carrier": "a-1"}, *TARGET]
    pos = pos_with(make_position, units, hexes={"C4": {"level": 2}})
    text = pos.resolve(pos.parse_action("fire a-ft at C4 dice 4,5")).text()
    assert "x1/2 flamethrower two levels up or down (A22.32)" in text and "12 FP -> 12 column" in text
    pos = pos_with(make_position, units, hexes={"C4": {"level": 3}})
    with pytest.raises(IllegalAction, match=r"more than two levels.*A22\.32"):
        pos.push_text("fire a-ft at C4 dice 4,5")
    pos = pos_with(make_position, units, hexes={"C4": {"level": 1}})
    assert "24 FP -> 24 column" in pos.resolve(pos.parse_action("fire a-ft at C4 dice 4,5")).text()


def test_a7_353_a_sw_user_keeps_half_its_fp_in_final_fire_after_first_fire(make_position: Any) -> None:
    """A7.353: a HS that fired its LMG (so lost its inherent FP, A7.35) still fires that FP, halved, in Final
    Fire at an adjacent unit after its First Fire (A8.4): 2 FP x2 PBF x1/2 Area Fire = 2 FP (A7.2: doubling
    and halving both apply and cancel out); in plain Final Fire it has none."""
    def dfph(*hs_marks: str) -> Any:
        units = [{"id": "b-hs", "counter": "2-4-7", "side": "b", "hex": "C5", "markers": list(hs_marks)},
                 {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C4"}]
        return pos_with(make_position, units, "DFPh")

    after = dfph("no_fire", "first_fire")
    text = after.resolve(after.parse_action("fire b-hs at C4 dice 6,5")).text()
    assert "2 FP x2 Point Blank Fire (A7.21) x1/2 Area Fire: Final Fire after First Fire (A8.4) = 2 FP" \
        in text
    plain = dfph("no_fire")
    with pytest.raises(IllegalAction, match=r"fired a SW and has no inherent FP"):
        plain.game.check(plain, plain.parse_action("fire b-hs at C4 dice 6,5"))
