"""Fire examples of A7-A8 played through the game, from the rulebook's numbers (digest asl-a1 §7.A/7.B,
checked against the text): T-7.21 (adjacent units IN two gully hexes that no depression hexside joins: no LOS,
so no attack, even Point Blank), T-7.372 (the column and the Residual FP follow the FP actually fired: 5 FP
doubled is 10, on the 8 column, Residual 4; halved at Long Range 2 1/2, on the 2 column, Residual 1), T-7.308
(a truck and a squad attacked on the 8 column: the truck immobilized, burning or destroyed on the vehicle
line's Kill number 7) and T-7.309 (the Unlikely Kill dr after an Original 2). Counters from the demo
catalogue, the IFT and its vehicle line from the demo pack (demo values)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.charts import load_pack
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl import residual as rfp
from hexmate.rules.games.asl import unarmored
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
AXIS = load_pack("rules/games/asl/charts/demo.json", "asl").chart("ift").axis("fp")


def _col(total: Fraction | int) -> int | None:
    c = fpw.column(AXIS, Fraction(total), 0)
    return None if c is None else int(AXIS.key_at(c))


def test_t7_21_adjacent_gully_bottoms_not_joined_see_nothing_so_no_attack(make_position: Any) -> None:
    """T-7.21 (A7.21; the text's 12AA5 and 12BB4): E3 and F3 are gully hexes with no depression hexside
    between them (the board-12 analogue of tests/rules/games/asl/maps/board12.json); units IN both are
    adjacent."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E3", "level": -1},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "F3", "level": -1}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"E3": "gully", "F3": "gully"})
    assert pos.map.parse_label("F3") in pos.map.neighbors(pos.map.parse_label("E3"))
    assert not any(a.kind == "fire" for a in pos.legal_actions)  # the table offers no such attack
    # declared all the same, it is no attack (A7.21) but the squad has fired (A6.11)
    pos.push_text("fire a-1 at F3 dice 3,4")
    assert "no line of sight, no effect (A6.11)" in pos.last_resolution.text()
    assert pos.last_resolution.results == {} and pos.units["a-1"].has("prep_fire")
    # at Crest (ground level) the same two units are adjacent and fire Point Blank (A7.21): x2
    crest = make_position("asl", [{**u, "level": 0} for u in units], "PFPh", counters=COUNTERS,
                          hexes={"E3": "gully", "F3": "gully"})
    res = crest.resolve(crest.parse_action("fire a-1 at F3 dice 3,4"))
    assert "4 FP x2 Point Blank Fire (A7.21) = 8 FP" in res.text()


def _first_fire(make_position: Any, firer_hex: str, path: str) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": path.split("-")[0]},
             {"id": "b-1", "counter": "5-4-8", "side": "b", "hex": firer_hex}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text(f"move a-1 {path}")
    if len(path.split("-")) == 2:
        pos.push_text(f"fire b-1 at {path.split('-')[-1]} dice 6,5")  # Final 9 or more: no effect
    return pos


def test_t7_372_five_fp_point_blank_is_the_10_fp_total_on_the_8_column_residual_4(make_position: Any) -> None:
    """T-7.372 (A7.372, A8.2): 5 FP with PBF is resolved as 10 FP and leaves a Residual 4 (the largest
    Residual counter not above half the FP fired)."""
    assert (_col(10), _col(Fraction(5, 2))) == (8, 2)
    pos = _first_fire(make_position, "C4", "C1-C2-C3")  # C3 is adjacent to C4
    pos.push_text("answer pass")  # C2: no fire there
    pos.push_text("fire b-1 at C3 dice 6,5")
    text = pos.last_resolution.text()
    assert "5 FP x2 Point Blank Fire (A7.21) = 10 FP" in text and "10 FP -> 8 column" in text
    assert [r.fp for r in rfp.residuals(pos.state)] == [4]


def test_t7_372_five_fp_at_long_range_is_2_half_on_the_2_column_residual_1(make_position: Any) -> None:
    """T-7.372 (A7.22, A8.2): the same 5 FP at Long Range (a 5-4-8 has range 4: 6 hexes) is 2 1/2 FP, on the
    2 column, and leaves a Residual 1. A7.2: the halved FP keeps its fraction (2 1/2, not 2 or 3)."""
    pos = _first_fire(make_position, "C8", "C1-C2")  # C2 is 6 hexes from C8
    text = pos.last_resolution.text()
    assert "5 FP x1/2 Long Range (A7.22) = 2 1/2 FP" in text and "2 1/2 FP -> 2 column" in text
    assert [r.fp for r in rfp.residuals(pos.state)] == [1]


def test_t7_372_the_other_numbers_are_columns_of_the_fp_fired() -> None:
    """T-7.372 (A7.372): the column is that of the actual FP, before and after its changes; OBA is not built,
    so only its columns are checked: 21 -> 20, 10 -> 8, 16 -> 16, 7 -> 6, 3 1/2 -> 2, 8 -> 8, and 42 FP is
    resolved on the 36 column (not 8 or more above it, C.7)."""
    got = [_col(x) for x in (21, 10, 16, 7, Fraction(7, 2), 8, 42)]
    assert got == [20, 8, 16, 6, 2, 8, 36]
    # A8.2 and A7.372: half the column fired (8 -> 4, 2 -> 1); the 6 column's half, 3, is no Residual
    # counter: the highest one not above it is 2
    assert [rfp.residual_value(AXIS, c, 0) for c in (8, 2, 6)] == [4, 1, 2]


# --- A7.308, A7.309: the IFT's vehicle line, its arithmetic, then in play (unarmored.after_ift) ---


PACK = load_pack("rules/games/asl/charts/demo.json", "asl")


@pytest.mark.parametrize(("original", "truck", "passenger", "squad"), [
    (7, "immobilized", "1MC", "NMC"),
    (3, "burning", "eliminated", "2MC"),
    (6, "destroyed", "Survival roll", "1MC"),
])
def test_t7_308_a_truck_with_a_hs_aboard_and_a_squad_in_a_shellhole(
        original: int, truck: str, passenger: str, squad: str) -> None:
    """T-7.308 (A7.308 example): a 4-4-7, an 8-0 and a MMG fire on the 8 column in the PFPh at a shellhole
    holding a truck (a HS aboard) and a squad. The truck and its passengers take the Original DR (the
    shellhole's +1 is for infantry only), the squad Original + 1: Kill number 7 on the 8 column."""
    ift = PACK.chart("ift")
    kill = unarmored.kill_number(PACK.chart("ift_vehicle"), 8)
    assert kill == 7
    assert unarmored.result(original, kill) == truck
    aboard = {"burning": "eliminated", "destroyed": "Survival roll"}
    got = aboard.get(truck, str(ift.lookup(fp=8, final_dr=original)))
    assert got == passenger  # General Collateral on the exposed passengers of a vehicle not destroyed
    assert str(ift.lookup(fp=8, final_dr=original + 1)) == squad


def test_t7_309_unlikely_kill_after_an_original_2() -> None:
    """T-7.309 (A7.309): an Original DR of 2 on the vehicle line is followed by a dr (1 burning wreck, 2
    destroyed, 3 immobilized, 4-6 none) even when the DRMs lift the Final DR above the Kill number; when the
    Original 2 already immobilized or destroyed the vehicle, only a worse result of the dr counts."""
    kill = 3  # e.g. the 1 column of the demo pack's vehicle line, at +4: Final 6
    first = unarmored.result(2 + 4, kill)
    assert first == "none" and unarmored.needs_dr(2, first)
    assert [unarmored.unlikely_kill(2, first, dr) for dr in range(1, 7)] == [
        "burning", "destroyed", "immobilized", "none", "none", "none"]
    immobile = unarmored.result(2 + 1, kill)  # Final 3 equals the Kill number
    assert immobile == "immobilized"
    assert [unarmored.unlikely_kill(2, immobile, dr) for dr in (1, 2, 3, 4)] == [
        "burning", "destroyed", "immobilized", "immobilized"]
    assert not unarmored.needs_dr(2, unarmored.result(2, 7))  # Final 2 of Kill 7 already burns
    assert not unarmored.needs_dr(3, "none")  # only an Original 2
    assert unarmored.kill_number(PACK.chart("ift_vehicle"), 1) == 3


def test_a7_308_one_dr_affects_no_more_vehicles_than_the_columns_largest_kia() -> None:
    """A7.308: the limit is the largest KIA of the attack's column in the chart pack; the text fixes it for
    the 1 (one vehicle), 2 and 4 (two) and 6, 8 and 12 FP columns (three), and the demo pack agrees."""
    ift = PACK.chart("ift")
    assert [unarmored.most_vehicles(ift, c) for c in (1, 2, 4, 6, 8, 12)] == [1, 2, 2, 3, 3, 3]


@pytest.mark.parametrize(("dice", "truck", "squad", "hs"), [
    ("3,4", ("immobilized",), "NMC", "1MC"),
    ("1,2", ("wreck", "burning"), "2MC", "eliminated"),
    ("2,4", ("wreck",), "1MC", "Survival roll"),
])
def test_t7_308_in_play_a_truck_and_a_squad_attacked_on_the_8_column(
        make_position: Any, dice: str, truck: tuple[str, ...], squad: str, hs: str) -> None:
    """T-7.308 (A7.308 example) in play: 8 FP (a 4-6-7 adjacent, PBF) in the PFPh at a shellhole holding a
    truck with a HS aboard and a squad. The shellhole's +1 (chapter B is not among the texts: its value and
    its being for infantry only come from the example) is the squad's alone: Original 7 immobilizes the truck
    on the vehicle line's Kill number 7, the HS aboard takes the same DR as a General Collateral attack
    (D.8B: 1MC), the squad 8 (NMC); Original 3 burns it, the HS dies with it and the squad takes 4 (2MC);
    Original 6 destroys it, the HS rolls to survive (D6.9) and takes no collateral attack, the squad 7
    (1MC)."""
    counters = {**COUNTERS, "truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}
    units = [{"id": "ger-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "rus-tr", "counter": "truck", "side": "b", "hex": "C4"},
             {"id": "rus-hs", "counter": "2-2-7r", "side": "b", "hex": "C4", "carrier": "rus-tr"},
             {"id": "rus-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos = make_position("asl", units, "PFPh", counters=counters, hexes={"C4": "shellhole"})
    pos.push_text(f"fire ger-1 at C4 dice {dice}")
    res = pos.last_resolution
    text = res.text()
    total = sum(int(d) for d in dice.split(","))
    assert "target terrain (shellhole): +1 (A7.6)" in text
    assert f"8 FP -> 8 column, final DR {total + 1} -> {squad}" in text  # oracle cells (8, 8), (8, 4), (8, 7)
    assert f"rus-tr: Final DR {total}, Kill number 7:" in text  # the truck: no shellhole TEM
    assert all(pos.units["rus-tr"].has(m) for m in truck)
    assert res.results["rus-1"] == squad
    if hs == "1MC":  # the General Collateral attack: the Original DR on the 8 column (oracle cell (8, 7))
        assert "IFT vs units aboard rus-tr: 8 FP -> 8 column, final DR 7 -> 1MC (A7.3)" in text
        assert "General Collateral attack on rus-hs: Final DR 7" in text and res.results["rus-hs"] == "1MC"
        asked = [d for d in pos.state.decisions if d.subject == ("rus-hs",)]
        assert [(d.then, d.rule) for d in asked] == [("mc", "A7.304")]
    else:
        assert "rus-tr is destroyed by the same DR on the 8 column: no collateral attack (D.8)" in text
        assert "rus-hs" not in res.results
    if hs == "eliminated":
        assert "rus-hs" not in pos.units
    if hs == "Survival roll":
        assert [d.then for d in pos.state.decisions if d.subject == ("rus-hs",)] == ["vprc"]


def test_t7_309_in_play_an_original_2_above_the_kill_number_asks_for_the_unlikely_kill_dr(
        make_position: Any) -> None:
    """T-7.309 (A7.309) in play: a directed HS (no Cowering on the doubles) at Long Range fires 1 FP (Kill
    number 3 on the demo pack's vehicle line), CX +1 and two grain hexes +2: Final 5 is above 3, but the
    Original 2 asks for the Unlikely Kill dr; a 2 destroys the truck. The HS aboard first took the General
    Collateral attack (1 column, Final 5: NMC); the truck destroyed after all, that check is withdrawn for its
    Survival DR (D.8, D6.9)."""
    counters = {**COUNTERS, "truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}
    units = [{"id": "ger-hs", "counter": "2-4-7", "side": "a", "hex": "C1", "markers": ["cx"]},
             {"id": "ger-80", "counter": "8-0", "side": "a", "hex": "C1"},
             {"id": "rus-tr", "counter": "truck", "side": "b", "hex": "C7"},
             {"id": "rus-hs", "counter": "2-2-7r", "side": "b", "hex": "C7", "carrier": "rus-tr"},
             {"id": "rus-1", "counter": "4-4-7r", "side": "b", "hex": "C7"}]
    pos = make_position("asl", units, "PFPh", counters=counters, hexes={"C3": "grain", "C5": "grain"})
    pos.push_text("fire ger-hs,ger-80 at C7 dice 1,1")
    assert "rus-tr: Final DR 5, Kill number 3: no effect" in pos.last_resolution.text()
    while pos.decision is not None and pos.decision.then != "unlikely_kill":
        pos.push_text("answer dice 6")  # nothing else is asked of the Original 2 here but this dr
    top = pos.decision
    assert top is not None and (top.rule, top.dice, top.side) == ("A7.309", "dr", "a")
    assert pos.last_resolution.results["rus-hs"] == "NMC"
    assert [d.then for d in pos.state.decisions if d.subject == ("rus-hs",)] == ["mc"]
    pos.push_text("answer dice 2")
    assert pos.units["rus-tr"].has("wreck") and not pos.units["rus-tr"].has("burning")
    assert [d.then for d in pos.state.decisions if d.subject == ("rus-hs",)] == ["vprc"]


@pytest.mark.parametrize(("side", "lane"), [("left", {"K8": 4, "K7": 2, "J6": 2}),
                                            ("right", {"L7": 4, "K7": 2, "K6": 2})])
def test_t9_221_an_alternate_grain_lane_left_or_right(side: str, lane: dict[str, int]) -> None:
    """T-9.221 (A9.221 example, board 21; the MG in L8, the lane's LOF along the L8-K7-J5 hexspine line, on
    the test board's hexes of the same labels): the LEFT side gives K8 4 (PBF next to the MG), K7 2 and J6 2;
    the RIGHT side L7 4, K7 2 and K6 2; J5 comes next on the line either way (the example's wall blocks LOS to
    it: the LOS part and the Snap Shots are not built; the lane laid in play is test_residual's T-9.221
    test)."""
    from tests.rules.games.conftest import small_map

    m = small_map("asl", {})
    mg = m.parse_label("L8")
    got = rfp.alternate_grain(mg, m.parse_label("K7"), 4, side)
    assert [m.label(h) for h in got] == [*lane, "J5"]
    mmg = COUNTERS["MMG"]["fp"]  # the 4 column, one left: 2 (A9.22)
    values = {m.label(h): rfp.lane_value(AXIS, mmg) * (2 if h in m.neighbors(mg) else 1) for h in got[:3]}
    assert values == lane
    assert rfp.alternate_grain(mg, m.parse_label("K8"), 4, side) == []  # a hex row, not an alternate grain


def test_t8_14_a_no_effect_first_fire_then_the_same_firer_again_only_after_2_mf(make_position: Any) -> None:
    """T-8.14 (A8.14, A9.2): a 4-6-7 moves C4-C3 (Open Ground, 1 MF) and on into C2 (woods, 2 MF). In C3 the
    4-6-7 in C6 First Fires with no effect (4 FP, FFNAM and FFMO -2: Original 11, Final 9); the same firer
    may not fire at it again there before it spends more MF, but another unit may (Original 12, Final 10, no
    effect). In C2 the mover spent 2 MF, so the same MMG (keeping its rate of fire: coloured 2) fires twice
    there with no effect (5 FP on the 4 column, woods +1, FFNAM -1: Original 8, Final 8), and not a third
    time."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C4"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C7"},
             {"id": "b-3", "counter": "4-6-7", "side": "b", "hex": "C8"},
             {"id": "b-mmg", "counter": "MMG", "side": "b", "hex": "C8", "carrier": "b-3"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"C2": "woods"})
    pos.push_text("move a-1 C4-C3-C2")
    pos.push_text("fire b-1 at C3 dice 6,5")
    assert "final DR 9 -> -" in pos.last_resolution.text() and pos.last_resolution.results == {"a-1": "-"}
    with pytest.raises(IllegalAction, match=r"MF they spent here \(1\) \(A8\.14, A9\.2\)"):
        pos.push_text("fire b-1 at C3 dice 3,3")
    pos.push_text("fire b-2 at C3 dice 6,6")  # A8.14: a different firer
    assert "final DR 10 -> -" in pos.last_resolution.text()
    pos.push_text("answer pass")
    assert pos.label(pos.decision.target) == "C2"
    for _ in range(2):  # two MF spent in C2: two shots by the MMG, which keeps its ROF (A9.2)
        pos.push_text("fire b-mmg at C2 dice 6,2")
        text = pos.last_resolution.text()
        assert "target terrain (woods): +1 (A7.6)" in text and "FFNAM" in text
        assert "5 FP -> 4 column, final DR 8 -> -" in text and not pos.units["b-mmg"].has("first_fire")
        pos.push_text("answer keep-rof")  # A8.23: keeping the ROF leaves no Residual
    with pytest.raises(IllegalAction, match=r"MF they spent here \(2\) \(A8\.14, A9\.2\)"):
        pos.push_text("fire b-mmg at C2 dice 3,3")
