"""ASL support weapons carried by their possessor (A4.4, A4.43): moved in the same move, lifted with it at
the table, following it in an advance, and dropped as an action. Counters from the demo catalogue (demo
values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _pos(make_position: Any, phase: str = "MPh", **kw: Any) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-l", "counter": "9-1", "side": "a", "hex": "C1"},
             {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "H4"}]
    return make_position("asl", units, phase, counters=COUNTERS, **kw)


def _path(pos: Any, *labels: str) -> tuple[Any, ...]:
    return tuple(pos.map.parse_label(x) for x in labels)


def test_a_sw_moves_with_its_possessor_in_the_same_move(make_position: Any) -> None:
    """A4.4: a SW never moves by itself; A4.43: its possessor carries it. A move of the stack names the LMG
    after its movers and the LMG enters each hex with them."""
    pos = _pos(make_position)
    done = pos.push(pos.parse_action("move a-1,a-l C1-C2-C3"))
    assert isinstance(done, act.Move) and done.units == ("a-1", "a-l", "a-lmg")
    seen = []
    while pos.decision is not None:  # the defender passes each First Fire window (A8.1)
        seen.append((pos.label(pos.units["a-1"].hex), pos.label(pos.units["a-lmg"].hex)))
        pos.push(pos.parse_action("answer pass"))
    assert seen == [("C2", "C2"), ("C3", "C3")]
    assert pos.units["a-lmg"].hex == pos.map.parse_label("C3") and pos.units["a-lmg"].carrier == "a-1"


def test_lifting_the_sw_with_its_possessor_is_one_group(make_position: Any) -> None:
    """At the table the LMG is lifted under its squad: the group's moves are the squad's, with the LMG's PP
    on the squad (A4.42: 1 PP within its IPC of 3, so 4 MF)."""
    pos = _pos(make_position)
    moves = pos.legal_actions.moves_for({"a-1", "a-lmg"})
    alone = pos.legal_actions.moves_for({"a-1"})
    assert set(moves) == set(alone) and moves
    far = max((m for m in moves.values() if not m.mode), key=lambda m: len(m.path))
    assert far.units == ("a-1", "a-lmg") and len(far.path) == 5  # 4 MF of open ground
    dt = max(moves.values(), key=lambda m: len(m.path))  # A4.5, A4.52: Double Time, 1 PP within the CX IPC
    assert dt.units == ("a-1", "a-lmg") and dt.mode == "cx" and len(dt.path) == 7
    with pytest.raises(IllegalAction, match="a-lmg moves only with a-1") as e:
        pos.game.check(pos, act.Move(("a-l", "a-lmg"), _path(pos, "C1", "C2")))
    assert e.value.rule == "A4.43"
    with pytest.raises(IllegalAction, match="a-lmg moves only with a-1"):  # A4.4: never by itself
        pos.game.check(pos, act.Move(("a-lmg",), _path(pos, "C1", "C2")))


def test_a_sw_follows_its_possessor_in_an_advance(make_position: Any) -> None:
    """A4.43 in the APh (A4.7): the squad advances one Location and its LMG is there with it."""
    pos = _pos(make_position, "APh")
    pos.push(pos.parse_action("advance a-1 C1-C2"))
    assert pos.units["a-lmg"].hex == pos.map.parse_label("C2")


def test_a_sw_is_dropped_as_an_action_and_stays(make_position: Any) -> None:
    """A4.43: a Good Order possessor drops its SW in the MPh without moving; it then lies unpossessed and the
    squad moves without it (and without its PP)."""
    pos = _pos(make_position)
    done = pos.push(pos.parse_action("drop a-lmg"))
    assert done.text() == "drop a-lmg" and pos.units["a-lmg"].carrier is None
    pos.push(pos.parse_action("move a-1 C1-C2"))
    while pos.decision is not None:
        pos.push(pos.parse_action("answer pass"))
    assert pos.units["a-lmg"].hex == pos.map.parse_label("C1")
    with pytest.raises(IllegalAction, match="possessed by no unit") as e:
        pos.game.check(pos, act.Transfer("a-lmg", ""))
    assert e.value.rule == "A4.43"


def test_a_broken_possessor_does_not_drop_and_no_drop_in_the_fire_phases(make_position: Any) -> None:
    """A4.43: only a Good Order unit drops a SW, in the MPh or APh."""
    pos = _pos(make_position, "PFPh")
    with pytest.raises(IllegalAction, match="MPh or APh"):
        pos.game.check(pos, pos.parse_action("drop a-lmg"))
    pos = _pos(make_position)
    broken = pos.state.with_unit(pos.units["a-1"].mark("broken"))
    with pytest.raises(IllegalAction, match="not in Good Order"):
        pos.game.check(pos.at(broken), pos.parse_action("drop a-lmg"))


def test_a_move_carrying_a_sw_replays_from_its_log(make_position: Any) -> None:
    """State = fold(log): the logged move names the LMG, and re-folding it gives the same position."""
    pos = _pos(make_position)
    pos.push(pos.parse_action("move a-1,a-l C1-C2"))
    while pos.decision is not None:
        pos.push(pos.parse_action("answer pass"))
    again = pos.replay()
    assert str(again) == str(pos) and again.units["a-lmg"].hex == pos.map.parse_label("C2")
