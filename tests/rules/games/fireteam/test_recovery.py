"""Fire Team recovery: a leader's rally attempt [8.1], [8.11] rolled per feared unit, and the End Phase's
automatic recovery [8.2]."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import draw, unit


@pytest.mark.parametrize("roll,rallied", [(8, False), (7, True)])
def test_rally_example(ft: Any, roll: int, rallied: bool) -> None:
    # [8.11] example: Fear 1 under a recovery-8 leader: 8 + 1 = 9 > 8 fails; 7 + 1 = 8 succeeds
    pos = ft([unit("s", "D4", "squad", "a", "fear1"), unit("l", "D4", "ldr"), unit("t", "J8", "squad5", "b")])
    pos.push_text("rally l")
    top = pos.decision
    assert top is not None and top.kind == "roll" and top.then == "rally" and top.subject == ("s",)
    assert top.rule == "8.11" and top.side == "a"
    pos.push_text(f"answer dice {roll}")
    assert pos.units["s"].has("fear1") is not rallied
    assert pos.to_act == "a" and pos.game.cp(pos.state).cp == 4  # [8.1] the attempt cost 1 CP of the 5


def test_one_attempt_rolls_for_every_feared_unit_of_the_stack(ft: Any) -> None:
    units = [unit("s", "D4", "squad", "a", "fear3"), unit("m", "D4", "mg", "a", "fear1"),
             unit("l", "D4", "ldr"), unit("t", "J8", "squad5", "b")]
    pos = ft(units)
    pos.push_text("rally l dice 5")  # the first (m): 5 + 1 <= 8, rallied
    assert not pos.units["m"].has("fear1")
    top = pos.decision
    assert top is not None and top.subject == ("s",)
    pos.push_text("answer dice 6")  # 6 + 3 = 9 > 8: still Fear 3
    assert pos.units["s"].has("fear3")
    with pytest.raises(IllegalAction, match=r"8\.12"):
        pos.push_text("rally l")  # once per impulse for each unit
    pos.push_text("pass")
    draw(pos, "b")
    pos.push_text("pass")
    draw(pos, "a", 4)
    pos.push_text("rally l dice 1")  # [8.12] a later impulse: it may try again
    assert not pos.units["s"].has("fear3")
    with pytest.raises(IllegalAction, match=r"8\.1\b"):
        ft([unit("s", "D4"), unit("l", "D4", "ldr"), unit("t", "J8", "squad5", "b")]).push_text("rally l")


def test_automatic_recovery_at_the_end_of_the_turn(ft: Any) -> None:
    # [8.2] example: Fear 2 with no AP fire this turn -> Fear 1; Fear 1 stays (only a leader removes it);
    # a unit fired on this turn, whatever the result, does not recover
    units = [unit("a2", "A1", "squad", "a", "fear2"), unit("a1", "A2", "squad", "a", "fear1"),
             unit("hit", "D4", "squad5", "b", "fear3"), unit("s", "D2", "squad", "a")]
    pos = ft(units, turns=2, cp={"a": {"chits": [2]}, "b": {"chits": [1]}}, impulse=None)
    draw(pos, "a")
    pos.push_text("fire s at D4 dice 10")  # 6 FP at 2 hexes, final 10: no effect
    assert pos.last_resolution is not None and pos.last_resolution.results == {"hit": "-"}
    pos.push_text("pass")
    draw(pos, "b")
    pos.push_text("pass")
    assert pos.turn == 2 and pos.phase.id == "prep"
    assert pos.units["a2"].has("fear1") and pos.units["a1"].has("fear1") and pos.units["hit"].has("fear3")


@pytest.mark.parametrize("night,roll,rallied", [(False, 8, True), (True, 8, False), (True, 7, True)])
def test_ex_15_2_night_adds_1_to_every_recovery_roll(ft: Any, night: bool, roll: int, rallied: bool) -> None:
    """[15.2] +1 to every recovery roll at night: a leader's rally (d10 + Fear 1 at most 9) and a vehicle's
    own attempt (1-7)."""
    opts = {"night": True} if night else {}
    pos = ft([unit("l", "D4", "ldr9"), unit("s", "D4", "squad", "a", "fear1"), unit("x", "L8", "squad", "b")],
             options=opts, counters_extra={"ldr9": {"type": "leader", "ma": 5, "recovery": 9, "modifier": 1}})
    pos.push_text(f"rally l dice {roll}")
    assert pos.units["s"].has("fear1") is not rallied
    tank = ft([unit("v", "D4", "m2", "a", "vfear"), unit("x", "L8", "squad", "b")], options=opts)
    tank.push_text(f"rally v dice {roll - 1}")  # 7 by day: off; 7 + 1 at night: stays; 6 + 1: off
    assert tank.units["v"].has("vfear") is not rallied
