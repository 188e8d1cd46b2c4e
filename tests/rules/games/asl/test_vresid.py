"""Residual FP and Fire Lanes at an AFV's exposed crew (vresid.py): D.8's General Collateral attack, D5.31's
side-aspect CE DRM for Residual that is not a lane, D5.311's unprotected crew for a lane at an unarmored
aspect. Played through the game: infantry First Fire leaves the Residual (A8.2), then the tank moves in.
Demo IFT (demo values), 2 FP column: Final DR 2 K/1, 3 1MC, 4 1MC, 5 NMC, 6 PTC, 8 no effect; the demo crew
morale is 8 (vcrew.py)."""

from __future__ import annotations

import dataclasses
from typing import Any

from hexmate.rules.games.asl import residual as rfp
from hexmate.rules.games.asl import vresid

from .test_armour import COUNTERS as ARMOUR
from .test_residual import COUNTERS as INFANTRY
from .test_vcrewhit import catalogue

COUNTERS = {**INFANTRY, **ARMOUR}


def board(make_position: Any, *markers: str, counter: dict[str, Any] | None = None) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-pz", "counter": "pzx", "side": "a", "hex": "B2", "markers": ["vca0", *markers]},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C6"}]
    counters = {**COUNTERS, "pzx": counter or {"type": "vehicle", "vehicle": "demo-pz-g"}}
    pos = make_position("asl", units, "MPh", counters=counters)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-1 at C2 dice 6,5")  # A8.2: Residual 2 FP in C2
    pos.push_text("answer pass")
    assert [(pos.label(r.hex), r.fp) for r in rfp.residuals(pos.state)] == [("C2", 2)]
    return pos


def test_d5_31_residual_at_a_ce_crew_takes_the_side_aspects_plus_two(make_position: Any) -> None:
    """D5.31: the CE PzKpfw enters C2's Residual 2 FP: Original DR 2 + 2 CE DRM (side aspect; no FFNAM or
    FFMO, D.6) = 4: 1MC on the 2 column; the crew (morale 8) rolls 8 and is stunned (D5.34)."""
    pos = board(make_position, "ce")
    pos.push_text("move a-pz B2-C2")
    top = pos.decision
    assert top.then == vresid.THEN and top.side == "b" and top.arg("fp") == "2" and top.rule == "D5.31"
    pos.push_text("answer dice 1,1")
    text = pos.last_resolution.text()
    assert "CE crew: +2 CE DRM (not added to a positive TEM)" in text
    assert "2 FP -> 2 column, final DR 4 -> 1MC" in text
    assert pos.decision.then == "vcrew_check" and pos.decision.arg("need") == "7"
    pos.push_text("answer dice 4,4")
    assert pos.units["a-pz"].has("stunned")


def test_a8_22_the_residual_attacks_the_crew_once_a_location(make_position: Any) -> None:
    """A8.22: a no-effect Residual attack (DR 6 + 2 = 8) and the crew is not attacked again in C2."""
    pos = board(make_position, "ce")
    pos.push_text("move a-pz B2-C2-B2-C2")
    assert pos.decision.then == vresid.THEN
    pos.push_text("answer dice 3,3")
    assert "final DR 8 -> -" in pos.last_resolution.text()
    seen = 0
    while pos.decision is not None:
        seen += pos.decision.then == vresid.THEN
        kind, then = pos.decision.kind, pos.decision.then
        answer = "dice 6,6" if kind == "roll" else "keep" if then == "vfacing" else "pass"
        pos.push_text(f"answer {answer}")
    assert seen == 0


def test_d_8_a_bu_crew_takes_no_residual(make_position: Any) -> None:
    """D.8, D5.31: a BU, fully armored AFV's crew is not exposed: no Residual attack on it."""
    pos = board(make_position)
    pos.push_text("move a-pz B2-C2")
    assert pos.decision is None or pos.decision.then != vresid.THEN


def test_d5_311_a_lane_at_an_unarmored_rear_reaches_a_bu_crew(make_position: Any, tmp_path: Any) -> None:
    """D5.311 (fire-lane residual named there): a PzKpfw with an unarmored hull rear, BU, enters C2 on b's
    lane from C6 (the MG behind it: it drives north from C3, away from the MG); the crew is unprotected: no
    CE DRM, C2's open ground TEM 0; Original DR 2 on the lane's 2 FP: Final 2, K/1: the crew is lost as
    infantry and the AFV Abandoned."""
    cat = catalogue(tmp_path, rear_unarmored="hull")
    counter = {"type": "vehicle", "vehicle": "demo-pz-g", "catalogue": cat}
    units = [{"id": "a-pz", "counter": "pzx", "side": "a", "hex": "C3", "markers": ["vca2"]},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-mmg", "counter": "MMG", "side": "b", "hex": "C6", "carrier": "b-2"}]
    pos = make_position("asl", units, "MPh", counters={**COUNTERS, "pzx": counter})
    hexes = tuple(pos.map.parse_label(h) for h in ("C5", "C4", "C3", "C2", "C1"))
    lane = rfp.Lane("b-mmg", "b", pos.map.parse_label("C6"), hexes[-1], hexes, 2)
    gs = pos.game.gstate(pos.state)
    pos = pos.at(pos.state.replace(game=dataclasses.replace(gs, lanes=(lane,))))
    pos.push_text("move a-pz C3-C2")
    top = pos.decision
    assert top is not None and top.then == vresid.THEN and top.rule == "D5.311", top
    pos.push_text("answer dice 1,1")
    text = pos.last_resolution.text()
    assert "unprotected crew: no CE DRM" in text and "final DR 2 -> K/1" in text
    assert pos.units["a-pz"].has("abandoned")


def test_d5_31_a_lane_at_an_armored_aspect_gives_a_ce_crew_plus_two(make_position: Any) -> None:
    """D5.31: the fully armored CE PzKpfw drives north from C3 into C2 on the same lane: its crew is CE, not
    unprotected, and takes +2: Original DR 2 + 2 = 4 on the lane's 2 FP: 1MC."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C3", "markers": ["vca2", "ce"]},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-mmg", "counter": "MMG", "side": "b", "hex": "C6", "carrier": "b-2"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    hexes = tuple(pos.map.parse_label(h) for h in ("C5", "C4", "C3", "C2", "C1"))
    lane = rfp.Lane("b-mmg", "b", pos.map.parse_label("C6"), hexes[-1], hexes, 2)
    pos = pos.at(pos.state.replace(game=dataclasses.replace(pos.game.gstate(pos.state), lanes=(lane,))))
    pos.push_text("move a-pz C3-C2")
    assert pos.decision.then == vresid.THEN and pos.decision.rule == "D5.31"
    pos.push_text("answer dice 1,1")
    assert "final DR 4 -> 1MC" in pos.last_resolution.text()
    assert pos.decision.then == "vcrew_check"
