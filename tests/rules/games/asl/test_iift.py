"""The optional Incremental IFT (A7.37-A7.372): the column shifts of the A7.371 examples (4 FP cowering on 2,
Inexperienced on 1; 5 FP on 4 then 2; a German HMG's 7 FP lays a 4 FP Fire Lane), the columns and Residual
FP of the A7.372 example (5 FP at PBF on 10, leaving 4; at Long Range on 2 1/2, leaving 1), then in play with
``options.iift``. Cells are the demo pack's (demo values), read from the pack, never from the code."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.charts import load_pack
from hexmate.rules.errors import DataError
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl import iift
from hexmate.rules.games.asl import residual as rfp
from hexmate.rules.games.asl import units as au

PACK = load_pack("rules/games/asl/charts/demo.json", "asl")
IFT, IIFT = PACK.chart("ift"), PACK.chart("iift")
STANDARD, KEYS = IFT.axis("fp").keys, IIFT.axis("fp").keys
COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def col(fp: Fraction | int, shift: int = 0) -> int | Fraction | None:
    return iift.column(KEYS, STANDARD, fp, shift)


# --- the text's numbers ---


def test_a7_371_example_4_fp_cowering_is_on_the_2_column_inexperienced_on_1() -> None:
    assert col(4) == 4  # a standard column
    assert col(4, 1) == 2  # Cowering (A7.9): the next lower standard column
    assert col(4, 2) == 1  # Inexperienced (A19.33): one more


def test_a7_371_example_5_fp_cowering_goes_to_4_then_2() -> None:
    assert col(5) == 5  # an incremental column
    assert col(5, 1) == 2  # first to 4, the next lower standard column, then to 2
    assert col(5, 2) == 1  # Inexperienced: once more


def test_a7_371_shifts_off_the_chart_leave_no_column() -> None:
    assert col(1, 1) is None and col(Fraction(5, 2), 2) is None and col(Fraction(1, 2)) is None


def test_a7_371_example_a_german_hmg_7_fp_lays_a_4_fp_fire_lane() -> None:
    assert col(7) == 7 and col(7, 1) == 4  # 7 -> 6 (next lower standard) -> 4


def test_a7_372_example_5_fp_at_pbf_on_10_at_long_range_on_2_1_2_and_their_residual() -> None:
    squad = fpw.Shot("5-4-8", 5, 4)
    pbf, _ = fpw.shot_fp(squad, 1, phase="DFPh")
    long, _ = fpw.shot_fp(squad, 8, phase="DFPh")
    assert (pbf, col(pbf)) == (10, 10)
    assert (long, col(long)) == (Fraction(5, 2), Fraction(5, 2))
    axis = IFT.axis("fp")  # Residual FP counters are IFT columns (A8.2): the highest not above half
    assert rfp.residual_value(axis, 10, 0) == 4 and rfp.residual_value(axis, Fraction(5, 2), 0) == 1


def test_the_demo_iift_is_the_demo_ift_and_its_stated_interpolation() -> None:
    # charts/demo.json's notes: standard columns copied; an incremental c between a < c < b takes, per Final
    # DR, the result of rank rank(a) + floor((c - a) / (b - a) x (rank(b) - rank(a))) in the results list
    order = json.loads(Path("rules/games/asl/charts/demo.json").read_text())["charts"]["iift"]["results"]
    for c in KEYS:
        for dr in IIFT.axis("final_dr").keys:
            got = IIFT.cell(fp=c, final_dr=dr)
            if c in STANDARD:
                assert got == IFT.cell(fp=c, final_dr=dr)
                continue
            a = max(k for k in STANDARD if k < c)
            b = min(k for k in STANDARD if k > c)
            ra = order.index(str(IFT.cell(fp=a, final_dr=dr)))
            rb = order.index(str(IFT.cell(fp=b, final_dr=dr)))
            assert got == order[ra + math.floor((Fraction(c) - a) / (b - a) * (rb - ra))], (c, dr)


# --- in play ---


def board(make_position: Any, phase: str, units: list[dict[str, Any]], on: bool = True) -> Any:
    return make_position("asl", units, phase, counters=COUNTERS, options={"iift": True} if on else {})


def test_pbf_on_the_iift_10_column_named_in_the_prompt_and_the_result(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos = board(make_position, "PFPh", units)
    pos.push_text("fire a-1 at C4")
    assert pos.decision.prompt == "a-1 fire at C4: roll the IIFT DR (A7.37)"
    pos.push_text("answer dice 1,3")  # Final DR 4, open ground, no DRM
    text = pos.last_resolution.text()
    want = str(IIFT.lookup(fp=10, final_dr=4))
    assert f"10 FP -> 10 column, final DR 4 -> {want}" in text and "(A7.37)" in text and "IIFT vs" in text
    assert pos.last_resolution.results == {"b-1": want}
    off = board(make_position, "PFPh", units, on=False)
    off.push_text("fire a-1 at C4")
    assert off.decision.prompt == "a-1 fire at C4: roll the IFT DR"
    off.push_text("answer dice 1,3")
    assert f"10 FP -> 8 column, final DR 4 -> {IFT.lookup(fp=8, final_dr=4)}" in off.last_resolution.text()


def test_a7_371_cowering_5_fp_on_the_iift_is_resolved_on_the_2_column(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C5"}]
    pos = board(make_position, "PFPh", units)
    pos.push_text("fire a-1 at C5 dice 2,2")  # doubles, no leader: Cowering, one column
    text = pos.last_resolution.text()
    assert f"5 FP -> 2 column, final DR 4 -> {IIFT.lookup(fp=2, final_dr=4)}" in text and "IIFT vs" in text


def test_a7_372_residual_of_an_iift_attack_at_long_range_is_1(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "5-4-8", "side": "b", "hex": "C8"}]
    pos = board(make_position, "MPh", units)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-1 at C2 dice 6,5")  # 6 hexes: Long Range, 2 1/2 FP on the 2 1/2 column
    assert "2 1/2 FP -> 2 1/2 column" in pos.last_resolution.text()
    pos.push_text("answer pass")
    assert [r.fp for r in rfp.residuals(pos.state)] == [1]


def test_a7_371_a_german_hmg_lays_a_4_fp_lane_on_the_iift(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-hmg", "counter": "HMG", "side": "b", "hex": "C6", "carrier": "b-2"}]
    pos = board(make_position, "MPh", units)
    assert iift.lane_fp(pos, 7) == 4
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-hmg at C2")
    pos.push_text("answer lane")
    while pos.decision.then == "spray":
        pos.push_text("answer none")
    pos.push_text("answer dice 6,1")
    while pos.decision.then != "lane_place":
        pos.push_text("answer dice 6,6" if pos.decision.dice else "answer pass")
    pos.push_text("answer hex C1")
    (lane,) = rfp.lanes(pos)
    assert lane.fp == 4


def test_options_iift_must_be_true_or_false(make_position: Any) -> None:
    with pytest.raises(DataError, match=r"options\.iift: true or false \(A7\.37"):
        make_position("asl", [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"}], "PFPh",
                      counters=COUNTERS, options={"iift": "yes"})


def test_a10_62_a_broken_unit_under_iift_fire_that_could_give_an_nmc_is_dm(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C5", "markers": ["broken"]}]
    pos = board(make_position, "PFPh", units)
    pos.push_text("fire a-1 at C5 dice 6,5")  # 5 FP on the IIFT's 5 column, Final DR 11
    assert "5 FP -> 5 column, final DR 11" in pos.last_resolution.text()
    assert pos.units["b-1"].has("dm")  # a lower DR on that column gives an NMC or more


# --- every attack on the IFT (A7.37: the IIFT is used as the IFT is) ---

from .test_armour import COUNTERS as VEHICLES  # noqa: E402  (demo tanks: BMG 2, CMG 2, demo values)


def line_of(pos: Any, rule: str) -> str:
    return next(str(line.value) for line in pos.last_resolution.lines if line.rule == rule)


def overrun_at_5_fp(make_position: Any, on: bool) -> Any:
    """D7.11: the demo tank's OVR FP of 10, halved for a tank bogged on entering (woods): 5 FP, as in the
    A7.371/A7.372 examples; the OVR's DR 6 in woods (+1 TEM): Final DR 7."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"}]
    pos = make_position("asl", units, "MPh", counters={**COUNTERS, **VEHICLES}, hexes={"D5": "woods"},
                        options={"iift": True} if on else {})
    pos.push_text("move a-pz C5-D5")
    pos.push_text("answer dice 6,6")  # the bog DR on entering woods (D8.21): bogged
    while pos.decision.then != "vovr":  # overrun.OVR
        pos.push_text("answer pass")
    pos.push_text("answer dice 3,3")
    return pos


def test_a7_37_an_overrun_of_5_fp_is_on_the_iift_5_column_with_the_option(make_position: Any) -> None:
    pos = overrun_at_5_fp(make_position, on=True)
    assert line_of(pos, "A7.37") == f"5 FP -> 5 column, final DR 7 -> {IIFT.lookup(fp=5, final_dr=7)}"
    assert pos.last_resolution.results["b-sq"] == str(IIFT.lookup(fp=5, final_dr=7))
    off = overrun_at_5_fp(make_position, on=False)
    assert line_of(off, "A7.3") == f"5 FP -> 4 column, final DR 7 -> {IFT.lookup(fp=4, final_dr=7)}"
    assert not any(line.rule == "A7.37" for line in off.last_resolution.lines)


def vmg_at_long_range(make_position: Any, on: bool) -> Any:
    """D1.81, A7.22: the BMG (2) at 9 hexes is at Long Range, halved to 1, with the CMG's 2: 3 FP; DR 3,4
    in the open: Final DR 7."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L5"}]
    pos = make_position("asl", units, "PFPh", counters={**COUNTERS, **VEHICLES},
                        options={"iift": True} if on else {})
    pos.push_text("fire a-pz at L5")
    pos.push_text("answer dice 3,4")
    return pos


def test_a7_37_a_vehicle_mg_attack_of_3_fp_is_on_the_iift_2_1_2_column(make_position: Any) -> None:
    pos = vmg_at_long_range(make_position, on=True)
    want = str(IIFT.lookup(fp=Fraction(5, 2), final_dr=7))
    assert line_of(pos, "A7.37") == f"3 FP -> 2 1/2 column, final DR 7 -> {want}"
    assert pos.last_resolution.results["b-sq"] == want
    off = vmg_at_long_range(make_position, on=False)
    assert line_of(off, "A7.3") == f"3 FP -> 2 column, final DR 7 -> {IFT.lookup(fp=2, final_dr=7)}"


def test_a7_372_a_residual_attack_stays_on_its_standard_column(make_position: Any) -> None:
    """A7.372: 5 FP at PBF is on the 10 column but leaves a Residual 4 (not 5); a unit moving in is
    attacked on the 4 column, a standard one, of the IIFT."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "5-4-8", "side": "b", "hex": "C5"}]
    pos = board(make_position, "MPh", units)
    pos.push_text("move a-1 C3-C4")
    pos.push_text("fire b-1 at C4 dice 6,5")  # adjacent: PBF, 10 FP on the 10 column
    assert "10 FP -> 10 column" in pos.last_resolution.text()
    if pos.decision.kind == "roll":  # a PTC on the demo IIFT: passed
        pos.push_text("answer dice 1,1")
    pos.push_text("answer pass")
    assert [r.fp for r in rfp.residuals(pos.state)] == [4]
    got = iift.read(pos, 4, 7)
    assert (got.table, got.column, got.result) == ("IIFT", 4, str(IIFT.lookup(fp=4, final_dr=7)))
    assert got.result == str(IFT.lookup(fp=4, final_dr=7))  # a standard column: the IFT's own cells


def test_a7_37_no_module_reads_the_ift_but_through_iift() -> None:
    """A7.37: every IFT attack reads its cell through iift (``read``, ``cell``, ``lookup``), so none forgets
    the option. Left: the vehicle line and its largest KIA on the standard columns (unarmored.py, A7.308) and
    A10.62's test on the IFT (morale.py, which iift.could_nmc calls for the IFT)."""
    allowed = {"iift.py", "unarmored.py", "morale.py"}
    readers = sorted(p.name for p in Path("rules/games/asl").glob("*.py")
                     if "lookup(fp=" in p.read_text() and p.name not in allowed)
    assert readers == []
