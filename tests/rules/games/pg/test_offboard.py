"""PG off-board artillery (9.1-9.3, 3.14) called by a leader who spots the target: the T25 values (the US
player's "3 x 20") fire once a turn, up to three together, at any range, in a segment of their own, with
the friendly-fire risk of 9.52 (the battery itself never spots the target)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "sgt": {"type": "leader", "ma": 4, "morale": 8, "combat": 0, "morale_mod": 1, "rank": "SGT"},
    "tl": {"type": "leader", "ma": 4, "morale": 8, "leader_kind": "tank", "morale_mod": 1},
}
T25 = {"offboard": {"a": [20, 20, 20]}}


def _pos(make_position: Any, pg: Any, units: list[dict[str, Any]], **kw: Any) -> Any:
    return pg(make_position, units, counters_extra=C, options=T25, **kw)


def test_a_leader_calls_three_20s_as_one_60_at_any_range(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("sg", "C2", "sgt"), _u("b1", "C8", "inf", "b")])
    segments = pos.state.flow.segments
    pos.push_text("fire sg at C8")
    d = pos.decision
    assert d.kind == "confirm" and d.then == "offboard" and "b1=20, b2=20, b3=20" in d.prompt
    assert {"b1", "b1-b2", "b1-b2-b3"} <= set(d.choices) and len(d.choices) == 7  # 9.3: one to three
    pos.push_text("answer b1-b2-b3")
    assert pos.decision.then == "bombard" and pos.decision.arg("offboard") == "20,20,20"
    pos.push_text("answer dice 4,4")
    text = pos.last_resolution.text()
    assert "off-board artillery: 20 + 20 + 20 = 60 (9.2, 9.3)" in text and "60 -> column 50" in text
    assert not pos.units["sg"].has("moved_fired")  # 9.1: spotting is no activation
    assert pos.to_act == "a" and pos.state.flow.segments == segments - 1  # the whole segment (3.14)
    with pytest.raises(IllegalAction, match=r"9\.2"):  # each value once a turn
        pos.push_text("fire sg at C8")


def test_the_values_split_40_and_20_over_two_calls(make_position: Any, pg: Any) -> None:
    units = [_u("sg", "C2", "sgt"), _u("b1", "C8", "inf", "b"), _u("b2", "D8", "inf", "b")]
    pos = _pos(make_position, pg, units)
    pos.push_text("fire sg at C8")
    pos.push_text("answer b1-b3")
    pos.push_text("answer dice 1,1")
    assert "20 + 20 = 40" in pos.last_resolution.text()
    while pos.to_act != "a":  # the other side passes its segment
        pos.push_text("pass")
    pos.push_text("fire sg at D8")
    assert pos.decision.choices == ("b2",)


def test_no_call_without_a_normal_leader_spotting_nor_in_an_activation(make_position: Any, pg: Any) -> None:
    hexes = {"C8": {"terrain": "woods"}}
    pos = _pos(make_position, pg, [_u("sg", "C2", "sgt"), _u("b1", "C8", "inf", "b")], hexes=hexes)
    with pytest.raises(IllegalAction, match=r"9\.1"):  # woods beyond 3 hexes: not spotted (8.21)
        pos.push_text("fire sg at C8")
    pos = _pos(make_position, pg, [_u("tl", "C2", "tl"), _u("b1", "C8", "inf", "b")])
    with pytest.raises(IllegalAction, match=r"9\.1"):  # 9.1: never a tank leader
        pos.push_text("fire tl at C8")
    pos = _pos(make_position, pg, [_u("sg", "C2", "sgt"), _u("a1", "C2"), _u("b1", "C8", "inf", "b")])
    pos.push_text("activate sg")
    with pytest.raises(IllegalAction, match=r"3\.14"):
        pos.push_text("fire sg at C8")


def test_friendly_units_next_to_the_target_risk_friendly_fire_without_the_spotting_bonus(
    make_position: Any, pg: Any
) -> None:
    units = [_u("sg", "C2", "sgt"), _u("f1", "C7"), _u("b1", "C8", "inf", "b")]
    pos = _pos(make_position, pg, units)
    pos.push_text("fire sg at C8")
    pos.push_text("answer b1")
    pos.push_text("answer dice 1,1")
    d = pos.decision
    assert d.then == "ff_check" and pos.label(d.target) == "C7" and d.arg("spots") == ""
    pos.push_text("answer dice 2,3")  # 5, no +1 for a battery spotting itself: hit (2-5, 9.52)
    assert pos.decision.then == "bombard" and pos.decision.arg("offboard") == "20"
    pos.push_text("answer dice 6,6")
    assert set(pos.last_resolution.results) == {"f1"}
