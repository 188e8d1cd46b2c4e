"""The optional excess initiative (17.0, ``options.excess_initiative``): a winner with three or more segments
before the other side's first may keep one back and later take two segments in a row, not interrupting the
other side, even after a fog-of-war roll ended the turn. Initiative a 6 + 3 = 9 against b 1 + 2 = 3: half of
6 = 3 segments (3.0 A), so a may keep one."""

from __future__ import annotations

from typing import Any

from .conftest import unit as _u

UNITS = [_u("a1", "A1"), _u("a2", "A3"), _u("a3", "A5"), _u("b1", "L8", "inf", "b"),
         _u("b2", "L6", "inf", "b")]


def _pos(make_position: Any, pg: Any, **options: Any) -> Any:
    return pg(make_position, UNITS, options={"excess_initiative": True, **options})


def _move(pos: Any, uid: str, path: str) -> None:
    pos.push_text(f"activate {uid}")
    pos.push_text(f"move {uid} {path}")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def test_three_segments_keep_one_and_take_it_later_in_a_row(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    d = pos.decision
    assert d is not None and d.then == "bank" and d.side == "a" and "3 segments" in str(d.prompt)
    pos.push_text("answer keep")
    assert pos.state.flow.segments == 2
    _move(pos, "a1", "A1-B1")
    assert pos.decision.then == "use_bank"
    pos.push_text("answer later")
    _move(pos, "a2", "A3-B3")  # a's second (and last) opening segment
    assert pos.decision.then == "use_bank"
    pos.push_text("answer take")
    assert pos.state.flow.active == "a" and pos.state.flow.segments == 1
    _move(pos, "a3", "A5-B5")
    assert pos.decision is None and pos.state.flow.active == "b"  # used: no more asking, b's turn


def test_two_segments_are_not_enough(make_position: Any, pg: Any) -> None:
    """9 against 6 (b rolls 4): 2 segments, nothing to keep."""
    pos = pg(make_position, UNITS, b=4, options={"excess_initiative": True})
    assert pos.decision is None and pos.state.flow.segments == 2


def test_after_the_fog_ends_the_turn_the_kept_segment_is_still_taken(make_position: Any, pg: Any) -> None:
    """The fog of war's 3d6 of 16+ ends the turn; the side keeping a segment may still take it, and then the
    turn ends."""
    pos = _pos(make_position, pg, fog_of_war=True)
    pos.push_text("answer keep")
    gs = pos.game.gstate(pos.state)
    pos = pos.at(pos.state.replace(game=gs.replace(activations=(("a", 3), ("b", 3)))))  # fog rolls now
    _move(pos, "a1", "A1-B1")
    assert pos.decision.then == "fog"
    pos.push_text("answer dice 6,6,5")  # 17: the turn ends
    d = pos.decision
    assert d is not None and d.then == "use_bank" and d.arg("fog")
    pos.push_text("answer take")
    assert pos.turn == 1 and pos.state.flow.active == "a"
    _move(pos, "a2", "A3-B3")
    assert pos.turn == 2  # the turn ended once the kept segment closed
