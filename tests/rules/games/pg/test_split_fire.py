"""HMG split fire (7.23) at the table: the German 9-5 HMG of the digest's T13 fires at three targets with 3
each in one segment; a part below 3 is not offered, the parts go to different hexes, and opportunity fire
never splits."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u

C = {"hmg95": {"type": "personnel", "df": 9, "df_range": 5, "ma": 3, "morale": 8, "steps": 2,
               "branch": "HMG"}}


def _pos(make_position: Any, pg: Any) -> Any:
    units = [_u("h", "C2", "hmg95"), _u("b1", "C5", "inf", "b"), _u("b2", "E4", "inf", "b"),
             _u("b3", "D5", "inf", "b")]
    return pg(make_position, units, counters_extra=C)


def test_t13_a_9_5_hmg_fires_3_at_each_of_three_targets(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    pos.push_text("fire h at C5")
    d = pos.decision
    assert d.kind == "confirm" and d.then == "split" and d.rule == "7.23"
    assert d.choices == ("all", "p3", "p4", "p5", "p6")  # each part 3 or more: 9 = 3 + 6 at most
    pos.push_text("answer p3")
    pos.push_text("answer dice 1,1")
    assert "h 3 of its split DF (7.23)" in pos.last_resolution.text()
    assert pos.to_act == "a"  # the segment goes on for the rest of its DF
    with pytest.raises(IllegalAction, match=r"7\.23"):
        pos.push_text("fire h at C5")  # not the same target twice
    pos.push_text("fire h at E4")
    assert pos.decision.choices == ("all", "p3")  # 6 left: 3 + 3
    pos.push_text("answer p3")
    pos.push_text("answer dice 1,1")
    pos.push_text("fire h at D5")  # the last 3: no question
    assert pos.decision.then == "dft"
    pos.push_text("answer dice 1,1")
    assert "h 3 of its split DF (7.23)" in pos.last_resolution.text()
    assert pos.game.gstate(pos.state).split is None  # the segment closed with the last part


def test_all_its_df_at_one_target_needs_no_split(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    pos.push_text("fire h at C5")
    pos.push_text("answer all")
    pos.push_text("answer dice 1,1")
    assert "h 9" in pos.last_resolution.text() and "split" not in pos.last_resolution.text()
    with pytest.raises(IllegalAction):
        pos.push_text("fire h at E4")  # it has fired: MOVED/FIRED, the segment is over


def test_no_split_in_opportunity_fire(make_position: Any, pg: Any) -> None:
    units = [_u("h", "C2", "hmg95", "b"), _u("b9", "J8", "inf", "b"), _u("a1", "E2"), _u("a2", "E3")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("move a1 E2-F2")  # away from the HMG (5.41)
    assert pos.decision.kind == "react" and pos.decision.side == "b"
    pos.push_text("fire h at F2")
    assert pos.decision.then == "dft"  # straight to the roll: never a split (7.23, 13.1)
