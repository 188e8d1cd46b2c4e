"""A vehicle's MGs fire on the IFT at infantry in play (D3.5, D3.52, D3.53, D3.3.1): offered like other fire,
BMG+CMG together inside both arcs, each MG once per player turn, halved in the AFPh and as Bounding First
Fire.
Counters: test_armour's demo tanks (BMG 2, CMG 2: demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position

from .test_armour import COUNTERS


def make(make_position: Any, phase: str, *markers: str, target: str = "E5") -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": target}]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS)
    return pos


def ift_line(pos: Position) -> str:
    res = pos.last_resolution
    assert res is not None
    return next(str(line.value) for line in res.lines if str(line.label) == "IFT")


def test_prep_fire_with_bmg_and_cmg(make_position: Any) -> None:
    """D3.5: BMG 2 + CMG 2 in one attack at a target in both CAs: 4 FP, no Case A; DR 11 on the 4
    column: no effect."""
    pos = make(make_position, "PFPh")
    assert "fire a-pz at E5" in [pos.action_text(a) for a in pos.legal_actions]
    pos.push_text("fire a-pz at E5")
    top = pos.decision
    assert top is not None and top.then == "vmg" and top.arg("fp") == "4" and top.arg("drm") == "0"
    pos.push_text("answer dice 5,6")
    assert ift_line(pos).startswith("4 FP -> 4 column, final DR 11")
    assert pos.units["a-pz"].has("mg_fired:bmg") and pos.units["a-pz"].has("mg_fired:cmg")
    with pytest.raises(IllegalAction, match=r"fired this player turn|no MG"):
        pos.push_text("fire a-pz at E5")  # D3.5: once per player turn


def test_afph_halves_mg_fp(make_position: Any) -> None:
    """D3.53: MG FP in the AFPh is halved instead of Case B: 4 -> 2."""
    pos = make(make_position, "AFPh")
    pos.push_text("fire a-pz at E5")
    top = pos.decision
    assert top is not None and top.arg("fp") == "2"


def test_bounding_first_fire_halves_and_bars_the_afph(make_position: Any) -> None:
    """D3.3.1: moving fire halves the MG FP and a vehicle that so fired may not fire in its AFPh."""
    pos = make(make_position, "MPh")
    pos.push_text("fire a-pz at E5")
    top = pos.decision
    assert top is not None and top.arg("fp") == "2"
    assert pos.units["a-pz"].has("bounding_fire")


def test_beyond_normal_range_at_long_range(make_position: Any) -> None:
    """D1.82: the CMG's normal range is 12; D1.81: the BMG's 8: a target 9 hexes off is at the BMG's Long
    Range (A7.22: up to twice the normal range, FP halved): BMG 2/2 = 1 with the CMG's 2: 3 FP."""
    pos = make(make_position, "PFPh", target="L5")
    pos.push_text("fire a-pz at L5")
    top = pos.decision
    assert top is not None and top.arg("weapons") == "bmg,cmg" and top.arg("fp") == "3"


def test_a10_62_a_broken_target_under_mg_fire_that_could_give_a_nmc_is_dm(make_position: Any) -> None:
    """A10.62: the same 4 FP at a broken 4-4-7 (DR 11: no effect) could have given a NMC: it is DM."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5", "markers": ["broken"]}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-pz at E5")
    pos.push_text("answer dice 5,6")
    assert pos.units["b-sq"].has("dm")
