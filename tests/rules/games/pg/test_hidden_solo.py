"""The solitaire procedure for hidden units (17.0, ``options.hidden_solo``): twice as many possible places
as hidden units, the units in a cup with as many MOVED/FIRED markers; a moving unit bringing a place into its
LOS and spotting range draws from the cup: a unit is placed there and may take opportunity fire, a marker is
thrown away; the place's SPOTTED marker comes off either way."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError

from .conftest import unit as _u

WOODS = {"K8": {"terrain": "woods"}, "K7": {"terrain": "woods"}}
SOLO = {"hidden_solo": {"b": {"units": ["b1", "b2"], "places": ["E4", "K8", "K7"]}}}
UNITS = [_u("a1", "A4"), _u("b1", "L8", "inf", "b"), _u("b2", "L8", "inf", "b"), _u("b3", "L1", "inf", "b")]


def _pos(make_position: Any, pg: Any) -> Any:
    return pg(make_position, UNITS, hexes=WOODS, options=SOLO)


def test_a_place_in_sight_draws_a_unit_which_is_placed_and_may_fire(make_position: Any, pg: Any) -> None:
    """a1 steps to B4: E4, 3 hexes off in the open (by day seen from 12), is in sight; the woods places K7
    and K8 are not. The cup holds b1, b2 and two MOVED/FIRED markers: dice 1,1 read 0: b1, placed in E4,
    revealed, and b is offered opportunity fire at a1 (13.0). The table is told to take E4's marker off."""
    pos = _pos(make_position, pg)
    assert pos.units["b1"].hex is None and pos.units["b2"].hex is None
    before = pos.state
    pos.push_text("move a1 A4-B4")
    d = pos.decision
    assert (d.kind, d.then, pos.label(d.target)) == ("roll", "solo_draw", "E4") and "E4" in d.prompt
    taken = [p for p in pos.game.physical_changes(before, pos.state) if p.rule == "17.0" and p.what == "take"]
    assert [pos.label(p.hex) for p in taken] == ["E4"]
    pos.push_text("answer dice 1,1")
    assert pos.label(pos.units["b1"].hex) == "E4" and pos.units["b2"].hex is None
    d = pos.decision
    assert d is not None and d.kind == "react" and d.side == "b"
    left = [u for _, u in pos.game.gstate(pos.state).solo_cup]
    assert left == ["b2", "-", "-"]
    assert sorted(pos.label(h) for _, h in pos.game.gstate(pos.state).solo_places) == ["K7", "K8"]
    pos.push_text("fire b1 at B4")  # its opportunity fire at the mover
    assert pos.last_resolution is not None or pos.decision is not None


def test_a_moved_fired_marker_drawn_is_thrown_away(make_position: Any, pg: Any) -> None:
    """Dice 1,3 read 2 of the 4 in the cup: a MOVED/FIRED marker: nothing is placed, it leaves the cup."""
    pos = _pos(make_position, pg)
    pos.push_text("move a1 A4-B4")
    pos.push_text("answer dice 1,3")
    assert pos.units["b1"].hex is None and pos.units["b2"].hex is None
    assert [u for _, u in pos.game.gstate(pos.state).solo_cup] == ["b1", "b2", "-"]


@pytest.mark.parametrize("solo,match", [
    ({"b": {"units": ["b1"], "places": ["E4", "K8", "K7"]}}, "at most twice as many"),
    ({"b": {"units": ["a1"], "places": ["E4"]}}, "units: must be a list of b's"),
    ({"b": {"units": ["b1"], "places": ["ZZ99"]}}, "not a hex of the map"),
])
def test_bad_solitaire_data_names_the_place(make_position: Any, pg: Any, solo: Any, match: str) -> None:
    with pytest.raises(DataError, match=f"hidden_solo.*{match}"):
        pg(make_position, UNITS, hexes=WOODS, options={"hidden_solo": solo})
