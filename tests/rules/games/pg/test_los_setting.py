"""PG 8.4 case 1 as the translation words it: between two ends at one level, two or more higher slope hexes
block the line, one does not; a documented setting of terrain.json (``higher_ground_blocks_at``)."""

from __future__ import annotations

from typing import Any

from .conftest import unit as _u


def test_one_higher_slope_hex_does_not_block_two_do(make_position: Any, pg: Any) -> None:
    one = {"C4": {"level": 1}}
    pos = pg(make_position, [_u("a1", "C2"), _u("b1", "C7", "inf", "b")], hexes=one)
    table = pos.game.terrain_table()
    L = pos.map.parse_label
    assert not table.line_of_sight(pos.map, L("C2"), L("C7")).blocked
    two = {"C4": {"level": 1}, "C5": {"level": 1}}
    pos = pg(make_position, [_u("a1", "C2"), _u("b1", "C7", "inf", "b")], hexes=two)
    sight = pos.game.terrain_table().line_of_sight(pos.map, L("C2"), L("C7"))
    assert sight.blocked and "8.4 case 1.2" in sight.reason
    rules = pos.game.terrain_table().table.los_rules()
    assert rules.higher_ground_blocks_at == 2


def test_a_higher_observer_still_sees_past_a_lower_slope(make_position: Any, pg: Any) -> None:
    # case 2: ends at different levels; a slope at the higher end's level nearer the lower end blocks
    hexes = {"C2": {"level": 1}, "C6": {"level": 1}}
    pos = pg(make_position, [_u("a1", "C2"), _u("b1", "C7", "inf", "b")], hexes=hexes)
    L = pos.map.parse_label
    assert pos.game.terrain_table().line_of_sight(pos.map, L("C2"), L("C7")).blocked
    hexes = {"C2": {"level": 1}, "C3": {"level": 1}}
    pos = pg(make_position, [_u("a1", "C2"), _u("b1", "C7", "inf", "b")], hexes=hexes)
    assert not pos.game.terrain_table().line_of_sight(pos.map, L("C2"), L("C7")).blocked
