"""A town's 20 m (8.34) are for spotting, not for fire: a unit in a town sees over a wood next to it to a
target at ground level (the 8.4 rule for different levels: an obstacle as high as the higher end and nearer it
does not block), but fires only at what it sees from the ground; artillery and mortars may use the height to
spot for their own fire."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import spotting

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "mtr": {"type": "personnel", "bombard": 8, "bombard_range": 8, "ma": 2, "morale": 8, "steps": 2,
            "branch": "MTR"},
}
TERRAIN = {"C3": "stone-building", "C4": "woods"}


def test_8_34_the_town_height_spots_but_does_not_fire(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("h", "C3", "hmg7"), _u("b1", "C6", "inf", "b")], hexes=TERRAIN)
    h, b1 = pos.units["h"], pos.units["b1"]
    assert spotting.sees_unit(pos.game, pos, h, b1)  # from 20 m, over the wood next to it
    assert not spotting.sees_unit(pos.game, pos, h, b1, fire=True)  # from the ground: the wood blocks
    with pytest.raises(IllegalAction, match=r"8\.0"):
        pos.push_text("fire h at C6")


def test_8_34_a_mortar_uses_the_town_height_for_its_own_fire(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("m", "C3", "mtr"), _u("b1", "C6", "inf", "b")], counters_extra=C,
             hexes=TERRAIN)
    pos.push_text("fire m at C6")
    assert pos.decision is not None and pos.decision.kind == "roll" and pos.decision.then == "bombard"
