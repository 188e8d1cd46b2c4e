"""The state of a road (roadstate.py): paved or not, plowed or not, as D8.23 (a paved or plowed road
hexside spares the mud bog DR), D17.2 (an aerosan's plowed road) and A2.51 (the off-board roads in the
majority state of the adjacent board's) read it; hexmate's maps draw one kind of road, in the state the
scenario gives."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games.asl import roadstate
from hexmate.rules.games.asl import units as au

ROAD = {"B2": {"terrain": "open", "road": ["SE"]}, "C3": {"terrain": "open", "road": ["NW"]}}


def _pos(make_position: Any, **options: Any) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "A1"}]
    return make_position("asl", units, "MPh", counters=dict(au.demo_catalogue()), hexes=ROAD, options=options)


@pytest.mark.parametrize(("options", "paved", "plowed", "spares"), [
    ({}, True, False, True),
    ({"unpaved_roads": True}, False, False, False),
    ({"unpaved_roads": True, "plowed_roads": True}, False, True, True),
])
def test_d8_23_a_roads_state_from_the_scenario(make_position: Any, options: dict[str, Any], paved: bool,
                                               plowed: bool, spares: bool) -> None:
    """D8.23: a paved or a plowed road hexside spares the bog DR; an unpaved, unplowed one does not."""
    pos = _pos(make_position, **options)
    state = roadstate.of_hex(pos, pos.map.parse_label("B2"))
    assert state == roadstate.RoadState(paved=paved, plowed=plowed) and state.spares_bog is spares


def test_a2_51_majority_of_road_hexes_only(make_position: Any) -> None:
    """A2.51: the majority is of the roads; hexes without one count for nothing, and with no road at all
    there is no majority (the caller's fallback, offboard.road_state)."""
    pos = _pos(make_position, unpaved_roads=True)
    hexes = [pos.map.parse_label(x) for x in ("A1", "B2", "C3", "D4")]
    assert roadstate.of_hex(pos, hexes[0]) is None
    assert roadstate.majority(pos, hexes) == roadstate.RoadState(paved=False)
    assert roadstate.majority(pos, [hexes[0], hexes[3]]) is None
