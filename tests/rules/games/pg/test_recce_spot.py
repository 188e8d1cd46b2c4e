"""PG recce units' spotting (8.23): one hex farther into restrictive terrain (the text's example: a town
unit seen from 3 hexes by others, from 4 by recce), and once a turn a SPOTTED marker on one enemy unit it
spots, which lets every other unit see that unit as if in clear terrain (8.22)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import spotting

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "rcn": {"type": "personnel", "df": 3, "df_range": 3, "ma": 4, "morale": 8, "steps": 1, "recce": 1},
}


def test_8_23_example_a_town_unit_is_seen_from_four_hexes_by_recce(make_position: Any, pg: Any) -> None:
    """8.23's example: a unit in a town is seen from 3 hexes by others, from 4 by a recce unit."""
    units = [_u("rc", "D4", "rcn"), _u("a1", "D4"), _u("b1", "H4", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C, hexes={"H4": "town"})
    b1 = pos.units["b1"]
    assert spotting.sees_unit(pos.game, pos, pos.units["rc"], b1)
    assert not spotting.sees_unit(pos.game, pos, pos.units["a1"], b1)


def test_a_recce_marks_one_enemy_spotted_once_a_turn_and_others_fire_at_it(make_position: Any, pg: Any
                                                                           ) -> None:
    """8.23: the recce (D4) spots b1 in the town at H4 (4 hexes) and puts a SPOTTED marker on it; the HMG at
    C4 (5 hexes), which could not see it, now fires at it (8.22: seen as if in clear terrain)."""
    units = [_u("rc", "D4", "rcn"), _u("h", "C4", "hmg7"), _u("b1", "H4", "inf", "b"),
             _u("b2", "H5", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C, hexes={"H4": "town", "H5": "town"})
    with pytest.raises(IllegalAction):
        pos.push_text("fire h at H4")  # 8.21: in a town, seen from 3 hexes only
    offered = {a.units for a in pos.legal_actions
               if a.kind == "activate" and getattr(a, "mode", "") == "spot"}
    assert ("rc", "b1") in offered
    pos.push_text("activate rc,b1 for spot")
    assert pos.units["b1"].has(spotting.SPOTTED)
    assert not pos.units["rc"].has("moved_fired") and pos.to_act == "a"  # no activation spent
    with pytest.raises(IllegalAction, match=r"8\.23"):
        pos.push_text("activate rc,b2 for spot")  # once a turn
    pos.push_text("activate h")
    pos.push_text("fire h at H4")  # accepted now: the fire's dice are asked for
    assert pos.decision is not None and pos.decision.kind == "roll" and pos.units["h"].has("moved_fired")


def test_a_recce_cannot_mark_what_it_does_not_spot(make_position: Any, pg: Any) -> None:
    units = [_u("rc", "C4", "rcn"), _u("b1", "H4", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C, hexes={"H4": "town"})
    with pytest.raises(IllegalAction, match=r"8\.23"):
        pos.push_text("activate rc,b1 for spot")  # 5 hexes into a town: beyond 3 + 1
