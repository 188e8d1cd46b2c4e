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
