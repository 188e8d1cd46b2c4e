"""ASL unarmed units recaptured in the MPh (A20.54): a move may end in their Location, never pass it, and the
CC is fought at once; failing, the Location is in Melee. Counters from the demo catalogue (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def board(make_position: Any) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "F6"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "F4", "markers": ["unarmed"]}]
    return make_position("asl", units, "MPh", counters=COUNTERS)


def _into_cc(make_position: Any) -> Any:
    pos = board(make_position)
    pos.push_text("move a-1 F6-F5-F4")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    return pos


def test_a20_54_a_move_ends_with_the_unarmed_units_and_fights_them_at_once(make_position: Any) -> None:
    """A20.54: unarmed units bar no move, but a move into their Location ends there with a CC at once."""
    pos = board(make_position)
    with pytest.raises(IllegalAction, match="ends there") as e:
        pos.game.check(pos, pos.parse_action("move a-1 F6-F5-F4-F3"))
    assert e.value.rule == "A20.54"
    pos = _into_cc(make_position)
    top = pos.decision
    assert pos.phase.id == "MPh" and top is not None and top.then == "cc"
    assert top.target == pos.units["b-1"].hex
    assert "capture" in top.choices  # A20.22: the recapture is declared before the CC DR


def test_a20_54_recaptured_in_the_mph(make_position: Any) -> None:
    """A20.54, A20.22: the 4-6-7 tries to capture (CC DR 1,2, Original 3, below the Kill Number); the
    unarmed squad's own (1) FP attack misses (5,6): it is the 4-6-7's prisoner again, no Melee."""
    pos = _into_cc(make_position)
    pos.push_text("answer capture")
    pos.push_text("answer dice 1,2")
    while pos.decision is not None and pos.decision.then == "cc":
        pos.push_text("answer dice 5,6")
    b1 = pos.units["b-1"]
    assert b1.has("prisoner") and b1.carrier == "a-1" and not pos.units["a-1"].has("melee")


def test_a20_54_failing_leaves_them_in_melee_and_moving_no_more(make_position: Any) -> None:
    """A20.54: neither eliminated nor recaptured, the Location is in Melee and the unit moves no more."""
    pos = _into_cc(make_position)
    pos.push_text("answer dice 5,6")
    pos.push_text("answer dice 5,6")
    assert pos.units["a-1"].has("melee") and pos.units["b-1"].has("melee")
    with pytest.raises(IllegalAction, match="Melee"):
        pos.game.check(pos, pos.parse_action("move a-1 F4-F3"))
