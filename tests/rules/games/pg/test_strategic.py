"""The optional strategic movement (17.0, ``options.strategic_movement``): a unit out of every enemy unit's
line of sight moves with twice its MA. The text's number is the factor 2; the INF's MA 3 and the demo clear
cost of 1 MP a hex make the normal reach 3 hexes and the strategic one 6."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u

WALL = {f"F{r}": {"terrain": "woods"} for r in range(1, 9)}  # 8.2: woods block LOS (any elevation here)


def _pos(make_position: Any, pg: Any, on: bool = True, enemy: str = "K4") -> Any:
    units = [_u("a1", "A1"), _u("b1", enemy, "inf", "b")]
    return pg(make_position, units, hexes=WALL, options={"strategic_movement": True} if on else {})


def test_out_of_every_enemy_los_a_unit_moves_twice_its_ma(make_position: Any, pg: Any) -> None:
    """17.0 strategic movement: MA 3 -> 6 hexes of clear (1 MP each, demo cost) behind the woods."""
    pos = _pos(make_position, pg)
    moves = pos.game.moves_for(pos, frozenset({"a1"}))
    far = pos.map.parse_label("A7")
    assert far in moves and moves[far].cost == 6
    assert pos.map.parse_label("A8") not in moves  # 7 MP: more than twice the MA
    pos.push_text("activate a1")
    pos.push_text("move a1 A1-A2-A3-A4-A5-A6-A7")
    assert pos.label(pos.units["a1"].hex) == "A7"


def test_without_the_option_the_ma_is_the_limit(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, on=False)
    assert pos.map.parse_label("A5") not in pos.game.moves_for(pos, frozenset({"a1"}))
    pos.push_text("activate a1")
    with pytest.raises(IllegalAction, match="more than the movement allowance"):
        pos.push_text("move a1 A1-A2-A3-A4-A5")


def test_a_path_into_enemy_los_is_not_strategic(make_position: Any, pg: Any) -> None:
    """The enemy in E8 sees down the open column E (and A..D) west of the woods: no doubled MA there."""
    pos = _pos(make_position, pg, enemy="E8")
    assert pos.map.parse_label("A5") not in pos.game.moves_for(pos, frozenset({"a1"}))
    pos.push_text("activate a1")
    with pytest.raises(IllegalAction, match="out of every enemy unit's line of sight"):
        pos.push_text("move a1 A1-A2-A3-A4-A5")


def test_a_unit_in_restrictive_terrain_beyond_its_range_is_out_of_los(make_position: Any, pg: Any) -> None:
    """8.21, 8.41: beyond the TEC range (3, the default) the LOS into a woods hex counts as blocked, so a
    path through woods 4+ hexes from the enemy is out of its LOS; within 3 hexes it is not."""
    from hexmate.rules.games.pg import strategic

    pos = _pos(make_position, pg)
    enemy = pos.units["b1"]
    assert not strategic.in_los(pos.game, pos, enemy, pos.map.parse_label("F4"))  # 5 hexes into woods
    assert strategic.in_los(pos.game, pos, enemy, pos.map.parse_label("H4"))  # 3 hexes, open between
    assert strategic.in_los(pos.game, pos, enemy, pos.map.parse_label("J4"))  # adjacent (1.2)
