"""Fire examples that need a board, on analogues built on a test board (the text's boards are not digitised):
T-7.212 (a known enemy in the firer's own Location), T-8.22 (the 2 MF to enter a building are one expenditure:
one Residual attack), T-8.26 #1 (a hindrance between firer and target lowers the Residual one column; the
target's own TEM does not). Counters from the demo catalogue, the IFT from the demo pack (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import residual as rfp
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def test_t7_212_a_known_enemy_in_the_own_location_is_the_only_target(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3"},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C5"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    with pytest.raises(IllegalAction, match=r"known enemy in its own Location .* \(A7\.212\)"):
        pos.push_text("fire a-1 at C5 dice 3,4")
    res = pos.resolve(pos.parse_action("fire a-1 at C3 dice 3,4"))
    assert "x3 Triple Point Blank Fire (A7.21)" in res.text()


def test_t8_22_entering_a_building_is_one_expenditure_and_one_residual_attack(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "B1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C6"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"C2": {"terrain": "wooden-building"}})
    pos.push_text("move a-1 C1-C2")  # 2 MF into the building
    pos.push_text("fire b-1 at C2 dice 6,5")  # 4 FP; the building's TEM is the target's own: Residual 2
    pos.push_text("answer pass")
    assert [r.fp for r in rfp.residuals(pos.state)] == [2]
    pos.push_text("move a-2 B1-C2")  # 2 MF, spent "simultaneously"
    assert pos.decision.then == "residual"
    pos.push_text("answer dice 6,6")
    assert pos.decision.then == "move_on"  # the First Fire window there: no second Residual attack


def test_t8_26_example_1_a_hindrance_lowers_the_residual_the_target_tem_not(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C6"}]
    grain = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"C4": {"terrain": "grain"}})
    woods = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"C2": {"terrain": "woods"}})
    for pos, step in ((grain, "C1-C2"), (woods, "C1-C2")):
        pos.push_text(f"move a-1 {step}")
        pos.push_text("fire b-1 at C2 dice 6,5")
    assert "LOS hindrance" in grain.last_resolution.text()  # the grain of C4 lies between C6 and C2
    assert [r.fp for r in rfp.residuals(grain.state)] == [1]  # 2 -> 1 (A8.26)
    assert "target terrain (woods)" in woods.last_resolution.text()
    assert [r.fp for r in rfp.residuals(woods.state)] == [2]  # the target's own TEM: no reduction
