"""What AT fire may target (11.0): trucks, jeeps and AFVs only, never the other units in the hex; a
horse-drawn wagon or sled is no AT target unless a game's special rule makes it one."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import antitank

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "pak": {"type": "gun", "ma": 0, "at": 5, "at_range": 6, "morale": 7, "steps": 1, "calibre": 50},
    "truck": {"type": "vehicle", "ma": 8, "morale": 6, "transport": 1, "steps": 1},
    "jeep": {"type": "vehicle", "ma": 10, "morale": 6, "transport": 1, "steps": 1, "transport_kind": "jeep"},
    "wagon": {"type": "vehicle", "ma": 4, "morale": 6, "transport": 1, "steps": 1, "transport_kind": "wagon"},
    "armoured_wagon": {"type": "vehicle", "ma": 4, "morale": 6, "transport": 1, "steps": 1,
                       "transport_kind": "wagon", "at_target": 1},
    "tank": {"type": "vehicle", "armor": 3, "at": 4, "at_range": 6, "ma": 6, "morale": 7, "steps": 2},
}


def test_11_0_trucks_jeeps_and_afvs_not_wagons_nor_infantry(make_position: Any, pg: Any) -> None:
    units = [_u("g", "C3", "pak"), _u("tr", "C5", "truck", "b"), _u("wg", "C5", "wagon", "b"),
             _u("tk", "C5", "tank", "b"), _u("i", "C5", "inf", "b"), _u("jp", "C6", "jeep", "b"),
             _u("sw", "C6", "armoured_wagon", "b")]
    pos = pg(make_position, units, counters_extra=C)
    L = pos.map.parse_label
    assert antitank.at_targets(pos.game, pos, pos.units["g"], L("C5")) == ("tk", "tr")
    assert antitank.at_targets(pos.game, pos, pos.units["g"], L("C6")) == ("jp", "sw")


def test_11_0_a_hex_of_wagons_offers_no_at_fire(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("g", "C3", "pak"), _u("wg", "C5", "wagon", "b")], counters_extra=C)
    pos.push_text("activate g")
    with pytest.raises(IllegalAction):
        pos.push_text("fire g at C5")  # a gun with AT only and no vehicle it may target
