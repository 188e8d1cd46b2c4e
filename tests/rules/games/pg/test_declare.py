"""PG declaring which activated units move and which fire before any acts (rules/games/pg/declare.py,
3.13)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u

RANKED = {"sgt": {"type": "leader", "ma": 4, "morale": 8, "combat": 1, "morale_mod": 1, "rank": "SGT"}}


def _open(make_position: Any, pg: Any) -> Any:
    """The SGT activates i1 (his hex) and i2 (next to him); b1 is in range of both, b2 next to i2."""
    units = [_u("sgt", "C3", "sgt"), _u("i1", "C3"), _u("i2", "C4"), _u("b1", "C6", "inf", "b"),
             _u("b2", "D5", "inf", "b")]
    pos = pg(make_position, units, counters_extra=RANKED)
    pos.push_text("activate sgt")
    return pos


def test_the_owner_declares_the_firers_before_any_unit_acts(make_position: Any, pg: Any) -> None:
    """3.13: every action is declared before any is carried out: which units move, which fire."""
    pos = _open(make_position, pg)
    top = pos.decision
    assert top.kind == "units" and top.then == "declare" and top.rule == "3.13" and top.side == "a"
    assert top.units == ("i1", "i2") and top.count == 0 and set(top.choices) == {"none", "all"}
    with pytest.raises(IllegalAction):
        pos.push_text("move i1 C3-B3")  # nothing acts before the declaration


def test_a_unit_declared_to_fire_does_not_move_and_one_declared_to_move_does_not_fire(make_position: Any,
                                                                                     pg: Any) -> None:
    """3.13: i1 declared to fire, i2 to move: each keeps to it; the declaration does not name targets or
    hexes."""
    pos = _open(make_position, pg)
    pos.push_text("answer units i1")
    with pytest.raises(IllegalAction, match=r"3\.13"):
        pos.push_text("move i1 C3-B3")
    with pytest.raises(IllegalAction, match=r"3\.13"):
        pos.push_text("fire i2 at C6")
    with pytest.raises(IllegalAction, match=r"3\.13"):
        pos.push_text("move i2 C4-D5")  # an assault is a fire action (3.13, 12.0)
    pos.push_text("move i2 C4-B4")
    assert pos.label(pos.units["i2"].hex) == "B4"


def test_a_unit_declared_to_fire_may_assault(make_position: Any, pg: Any) -> None:
    """3.13: starting an assault is a fire action though it takes a one-hex move."""
    pos = _open(make_position, pg)
    pos.push_text("answer all")
    pos.push_text("move i2 C4-D5")
    assert pos.units["i2"].hex == pos.units["b2"].hex


def test_recovery_is_a_move_action(make_position: Any, pg: Any) -> None:
    """3.13, 14.4: a disrupted unit declared to fire may not try to recover in that segment."""
    units = [_u("sgt", "C3", "sgt"), _u("i1", "C3", "inf", "a", "disrupted"), _u("i2", "C4"),
             _u("b1", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=RANKED)
    pos.push_text("activate sgt")
    pos.push_text("answer all")
    with pytest.raises(IllegalAction, match=r"3\.13"):
        pos.push_text("rally i1 dice 2,3")


def test_a_lone_unit_or_a_demoralized_one_is_not_asked(make_position: Any, pg: Any) -> None:
    """3.13: a single unit's one action is its declaration; a demoralized unit can only try to recover."""
    units = [_u("sgt", "C3", "sgt"), _u("i1", "C3"), _u("i2", "C4", "inf", "a", "demoralized"),
             _u("b1", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=RANKED)
    pos.push_text("activate sgt")
    assert pos.decision is None
