"""A7.53: a leader directs one unit, weapon or fire group a phase, but may direct a MG he directed again each
time it fires again (multiple ROF), and after directing Defensive First Fire he directs again only that unit,
weapon or group. Counters from the demo catalogue (demo values: a German LMG of ROF 1, an 8-1 leader)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def squad_lmg_leader(hex_: str = "C1") -> list[dict[str, Any]]:
    return [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": hex_},
            {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": hex_, "carrier": "a-1"},
            {"id": "a-ldr", "counter": "8-1", "side": "a", "hex": hex_}]


def settle(pos: Any) -> None:
    while pos.decision is not None and pos.decision.kind == "roll":
        pos.push_text("answer dice 2,3")


def test_a_leader_directs_his_mg_again_when_it_keeps_its_rof(make_position: Any) -> None:
    units = [*squad_lmg_leader(), {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-1,a-lmg,a-ldr at C4 dice 6,1")  # coloured 1: the LMG keeps its ROF (A9.2)
    settle(pos)
    fire = pos.parse_action("fire a-lmg,a-ldr at C4 dice 6,2")
    assert "leadership (a-ldr): -1 (A7.53)" in pos.resolve(fire).text()
    pos.push(fire)
    settle(pos)
    with pytest.raises(IllegalAction, match=r"a-ldr has directed a-1, a-lmg this Player Turn.*\(A7\.53\)"):
        pos.push_text("fire a-2,a-ldr at C4 dice 6,2")  # another unit: not this phase


def test_after_first_fire_he_directs_only_the_same_group(make_position: Any) -> None:
    units = [*squad_lmg_leader("C5"), {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C5"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C1"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, first_side="b")
    pos.push_text("move b-1 C1-C2-C3")
    pos.push_text("fire a-1,a-lmg,a-ldr at C2 dice 6,5")  # First Fire, directed
    settle(pos)
    pos.push_text("answer pass")
    settle(pos)
    with pytest.raises(IllegalAction, match=r"\(A7\.53\)"):
        pos.push_text("fire a-2,a-ldr at C3 dice 6,5")  # a unit he did not direct in First Fire
    pos.push_text("fire a-1,a-lmg,a-ldr at C3 dice 6,5")  # the same group: Subsequent First Fire
    assert "leadership (a-ldr): -1 (A7.53)" in pos.last_resolution.text()
