"""PG terrain the text names with its LOS class (8.2, 8.4): palm groves and light jungle are light
obstacles like orchards and light woods (two or more between two hexes block, one does not); tall grass is
restrictive terrain that does not block (units in it are seen from the default 3 hexes, 8.21). Their MP are
demo values."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games.pg import spotting

from .conftest import unit as _u


@pytest.mark.parametrize("terrain", ["palm-grove", "light-jungle"])
def test_two_light_obstacles_block_one_does_not(make_position: Any, pg: Any, terrain: str) -> None:
    """8.4 case 1.4: two or more hexes of orchard, palm grove, light woods or light jungle block."""
    one = pg(make_position, [_u("a1", "A4"), _u("b1", "H4", "inf", "b")], hexes={"D4": terrain})
    two = pg(make_position, [_u("a1", "A4"), _u("b1", "H4", "inf", "b")],
             hexes={"D4": terrain, "E4": terrain})
    los = one.game.terrain_table().line_of_sight
    a, h = one.map.parse_label("A4"), one.map.parse_label("H4")
    assert not los(one.map, a, h).blocked
    assert los(two.map, a, h).blocked


def test_tall_grass_hides_without_blocking(make_position: Any, pg: Any) -> None:
    """8.2, 8.4: tall grass is restrictive (seen from 3 hexes, the default) and does not block LOS."""
    pos = pg(make_position, [_u("a1", "A4"), _u("b1", "H4", "inf", "b")],
             hexes={"D4": "tall-grass", "E4": "tall-grass"})
    los = pos.game.terrain_table().line_of_sight
    assert not los(pos.map, pos.map.parse_label("A4"), pos.map.parse_label("H4")).blocked
    assert spotting.restrictive_range("tall-grass") == 3
