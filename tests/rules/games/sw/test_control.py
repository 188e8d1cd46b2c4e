"""Hex control along the path a unit took (3.3), reconstructed from the trail the table saw, or asked when
only the end hex is known and the ways there take different hexes that matter (cities: 4.3, 4.6; the Paris
zone: 4.1)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction

COUNTERS = {
    "ger4": {"type": "corps", "cf": 4, "ma": 4, "reduced_cf": 2, "nation": "GER"},
    "fra1": {"type": "corps", "cf": 1, "ma": 4, "reduced_cf": 1, "nation": "FRA"},
}


def _pos(make_position: Any, **kw: Any) -> Any:
    units = [{"id": "g", "counter": "ger4", "side": "a", "hex": "D2"},
             {"id": "f", "counter": "fra1", "side": "b", "hex": "K8"}]
    return make_position("sw", units, "move", counters=COUNTERS, default="clear",
                         options={"supply": "markers"}, hexes={"E3": "city"}, **kw)


def test_a_path_shown_hex_by_hex_takes_every_hex_it_enters(make_position: Any) -> None:
    pos = _pos(make_position)
    e3, d3, e4 = (pos.map.parse_label(x) for x in ("E3", "D3", "E4"))
    pos.push_text("move g D2-E3-E4")  # the trail the table saw: through the city
    assert pos.decision is None
    assert [pos.game.controller(pos, h) for h in (e3, e4, d3)] == ["a", "a", "b"]
    assert pos.game.german_vp(pos) == 1  # a French city taken on the way (4.6)


def test_only_the_end_seen_and_two_ways_differ_the_path_is_asked(make_position: Any) -> None:
    pos = _pos(make_position)
    e4 = pos.map.parse_label("E4")
    # D2 to E4 costs 2 through D3 or through the city E3: the board's end hex alone does not say which
    move = pos.legal_actions.moves_for({"g"})[e4]
    assert move.path == (pos.map.parse_label("D2"), e4) and move.cost == 2
    pos.push(move)
    top = pos.decision
    assert (top.kind, top.then, top.rule, top.side) == ("path", "path", "3.3", "a")
    answers = {pos.action_text(a) for a in pos.legal_actions}
    assert answers == {"answer path D2-D3-E4", "answer path D2-E3-E4", "answer cheapest"}
    with pytest.raises(IllegalAction):
        pos.push_text("answer path D3-E4")  # a path starts where the unit stood
    pos2 = pos.replay()
    pos2.push_text("answer path D2-D3-D4-E4")  # a longer way the player says it took: 3 MP, no city
    assert pos2.game.german_vp(pos2) == 0 and pos2.decision is None
    pos.push_text("answer path D2-E3-E4")
    assert pos.game.german_vp(pos) == 1 and pos.label(pos.units["g"].hex) == "E4"
    assert str(pos.replay()) == str(pos)


def test_done_takes_the_cheapest_path(make_position: Any) -> None:
    pos = _pos(make_position)
    pos.push_text("move g D2-E4")
    assert pos.game.done_action(pos) == act.Answer(choice="cheapest")
    pos.push(pos.game.done_action(pos))
    assert pos.decision is None and pos.label(pos.units["g"].hex) == "E4"


def test_no_question_when_every_way_takes_the_same_hexes(make_position: Any) -> None:
    pos = _pos(make_position)
    moves = pos.legal_actions.moves_for({"g"})
    far = moves[pos.map.parse_label("B2")]  # westward: no way as cheap passes the city
    assert len(far.path) == 3 and far.cost == 2
    pos.push(far)
    assert pos.decision is None
