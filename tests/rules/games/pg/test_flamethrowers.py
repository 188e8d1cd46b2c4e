"""Flamethrowers (15.5): direct fire at one gets +1 (its fuel tanks); an active, non-demoralized flamethrower
assaulting cancels the enemy's first fire (12.43); a flame tank's assault gets +3, and afterwards one die
5-6 puts it out of fuel (no more +3). The numbers are the text's (+1, +3, 5-6)."""

from __future__ import annotations

from typing import Any

from .conftest import unit as _u
from .test_activation import RANKED

C: dict[str, dict[str, Any]] = {
    **RANKED,
    "feng": {"type": "personnel", "df": 4, "df_range": 0, "ma": 3, "morale": 8, "steps": 2, "branch": "ENG",
             "flamethrower": 1},
    "ftank": {**RANKED["tank"], "flamethrower": 1},
}


def test_15_5_direct_fire_at_a_flamethrower_gets_plus_1(make_position: Any, pg: Any) -> None:
    units = [_u("a1", "C3"), _u("fe", "C5", "feng", "b"), _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("fire a1 at C5")
    pos.push_text("answer dice 3,3")
    assert "fe: flamethrower target: +1 (15.5)" in pos.last_resolution.text()


def test_15_5_a_flamethrower_engineer_cancels_first_fire(make_position: Any, pg: Any) -> None:
    units = [_u("al", "C3", "ldr"), _u("fe", "C3", "feng"), _u("b1", "C4", "inf", "b", "dug_in"),
             _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("move fe,al C3-C4")
    assert pos.decision.arg("role") == "attacker"  # simultaneous, not the defender's first fire


def test_15_5_a_flame_tank_assaults_at_plus_3_then_rolls_for_its_fuel(make_position: Any, pg: Any) -> None:
    units = [_u("tl", "C3", "tankldr"), _u("ft", "C3", "ftank"), _u("b1", "C4", "inf", "b"),
             _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("activate tl")
    pos.push_text("move ft C3-C4")
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 1,1")
    assert "attacker: flame tank ft: +3 (15.5)" in pos.last_resolution.text()
    while pos.decision is not None and pos.decision.then != "flame_fuel":
        d = pos.decision
        pos.push_text("answer dice 1,1" if d.dice == "2d6" else "answer dice 1" if d.kind == "roll"
                      else f"answer units {d.units[0]}")
    assert pos.decision is not None and pos.decision.rule == "15.5"
    pos.push_text("answer dice 5")
    assert pos.units["ft"].has("flame_out")
