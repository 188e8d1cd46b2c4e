"""PG 12.2: the assault is fought once all the active units due to enter the hex this segment have moved in:
two platoons of one leader's activation entering the same enemy hex one after the other fight one assault
with their DF added (5 + 5 = 10), not a first assault and a 12.3 reinforcement."""

from __future__ import annotations

from typing import Any

from .conftest import unit as _u


def _pos(make_position: Any, pg: Any) -> Any:
    # al activates a1 in his hex and a2 next to him (3.1); both are adjacent to the enemy in C4
    units = [_u("al", "C3", "ldr"), _u("a1", "C3"), _u("a2", "D3"), _u("b1", "C4", "inf", "b"),
             _u("b3", "J8", "inf", "b")]
    pos = pg(make_position, units)
    L = pos.map.parse_label
    assert L("D3") in pos.map.neighbors(L("C3")) and L("D3") in pos.map.neighbors(L("C4"))
    pos.push_text("activate al")
    pos.push_text("answer all")  # 3.13: both will assault, a fire action
    pos.push_text("move a1 C3-C4")
    top = pos.decision
    assert top.kind == "confirm" and top.then == "assault_wait" and top.rule == "12.2"
    assert top.choices == ("now", "wait")
    return pos


def test_two_platoons_entering_one_after_the_other_fight_one_assault(make_position: Any, pg: Any) -> None:
    """12.2: a1 waits; a2 enters; no one else could follow, so the assault is fought with both: 10 DF."""
    pos = _pos(make_position, pg)
    pos.push_text("answer wait")
    assert pos.decision is None and pos.game.gstate(pos.state).assault_wait == ("C4", "C3", "a1")
    pos.push_text("move a2 D3-C4")
    top = pos.decision
    assert top.then == "assault" and set(top.subject) == {"a1", "a2"}
    pos.push_text("answer dice 4,4")
    pos.push_text("answer dice 4,4")
    text = pos.last_resolution.text()
    # the demo Assault table: 5 + 5 = 10 on column 10 (no leader in the hex)
    assert "a1 5" in text and "a2 5" in text and "10 -> column 10, roll 8 -> 3" in text


def test_fighting_now_leaves_the_next_entry_a_reinforcement(make_position: Any, pg: Any) -> None:
    """12.2 then 12.3: fought at once, the assault is a1's alone; a2 entering later reinforces it."""
    pos = _pos(make_position, pg)
    pos.push_text("answer now")
    assert pos.decision.then == "assault" and pos.decision.subject == ("a1",)


def test_a_waiting_assault_is_fought_when_the_activation_closes(make_position: Any, pg: Any) -> None:
    """12.2: done ends the activation: the units that entered fight the assault then."""
    pos = _pos(make_position, pg)
    pos.push_text("answer wait")
    pos.push_text("pass")  # done with the activation: a2 stays out
    top = pos.decision
    assert top is not None and top.then == "assault" and top.subject == ("a1",)
