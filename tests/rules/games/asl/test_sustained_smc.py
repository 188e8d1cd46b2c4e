"""A9.3: a MG fired by a single SMC may not use Sustained Fire (here Final Fire after First Fire, A8.4); one
fired by a squad may. Demo counters."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def board(make_position: Any, owner: str) -> Position:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C6"},
             {"id": "b-o", "counter": owner, "side": "b", "hex": "C5"},
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "C5", "carrier": "b-o",
              "markers": ["first_fire"]}]
    pos: Position = make_position("asl", units, "DFPh", counters=COUNTERS)
    return pos


def test_a9_3_a_single_smc_may_not_use_sustained_fire(make_position: Any) -> None:
    pos = board(make_position, "9-1")
    with pytest.raises(IllegalAction, match="single SMC") as err:
        pos.push_text("fire b-lmg at C6 dice 6,5")
    assert err.value.rule == "A9.3"


def test_a9_3_a_squad_may(make_position: Any) -> None:
    pos = board(make_position, "4-4-7r")
    pos.push_text("fire b-lmg at C6 dice 6,5")
    assert pos.units["b-lmg"].has("final_fire")
