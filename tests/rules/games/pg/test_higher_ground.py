"""PG firing from higher ground (8.31): units on higher ground fire with a favourable modifier, which the
text leaves to the fire table (not printed): the chart pack's ``higher_ground`` value (the demo pack's +1 is
invented and labelled so). 8.34: a town's 20 m count for spotting only, not for fire."""

from __future__ import annotations

from typing import Any

from .conftest import unit as _u


def _fire(make_position: Any, pg: Any, hexes: dict[str, Any]) -> Any:
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "C4", "inf", "b")], hexes=hexes)
    pos.push_text("fire a1 at C4")
    pos.push_text("answer dice 3,3")
    res = pos.last_resolution
    assert res is not None
    return res


def test_8_31_firing_down_from_a_hill_shifts_one_column_right(make_position: Any, pg: Any) -> None:
    """INF 5 adjacent reads column 11 on level ground (the demo DFT, as test_minefield_cover); from one level
    up the demo +1 reads column 16: roll 6 gives 2X there where level ground gives X."""
    level = _fire(make_position, pg, {})
    hill = _fire(make_position, pg, {"C3": {"terrain": "open", "level": 1}})
    assert "column 11" in level.text() and "higher ground" not in level.text()
    assert "firing from higher ground: +1 (8.31)" in hill.text() and "column 16" in hill.text()
    assert level.results == {"b1": "X"} and hill.results == {"b1": "2X"}


def test_8_31_not_uphill_and_8_34_not_from_a_town_s_spotting_height(make_position: Any, pg: Any) -> None:
    up = _fire(make_position, pg, {"C4": {"terrain": "open", "level": 1}})
    town = _fire(make_position, pg, {"C3": "stone-building"})
    assert "higher ground" not in up.text() and "higher ground" not in town.text()
