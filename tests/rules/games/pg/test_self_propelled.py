"""PG self-propelled guns (5.64): a heavy weapon with an armour value moves by itself as a mechanized (or,
by its branch mark, motorized) unit and no transport carries or tows it; a mortar with an MA and no armour
is a personnel unit a transport carries (5.61)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import units as pu

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "truck": {"type": "vehicle", "ma": 8, "morale": 7, "transport": 1, "steps": 1},
    "sig33": {"type": "gun", "ma": 5, "armor": 1, "open_top": 1, "bombard": 9, "bombard_range": 7,
              "morale": 7, "steps": 1, "calibre": 150},
    "marder": {"type": "gun", "ma": 6, "armor": 1, "at": 8, "at_range": 6, "morale": 7, "steps": 1,
               "calibre": 75, "class": "motorized"},
    "pak40": {"type": "gun", "ma": 0, "at": 8, "at_range": 6, "morale": 7, "steps": 1, "calibre": 75},
    "mtr": {"type": "personnel", "ma": 3, "bombard": 4, "bombard_range": 8, "morale": 7, "steps": 1,
            "branch": "MTR"},
}


def test_an_armoured_gun_refuses_a_truck_and_a_towed_one_is_hooked_up(make_position: Any, pg: Any) -> None:
    units = [_u("trk", "C3", "truck"), _u("sg", "C3", "sig33"), _u("pak", "C3", "pak40"),
             _u("b1", "L8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    with pytest.raises(IllegalAction, match=r"sg has an armour value: it is self-propelled .*5\.64"):
        pos.push_text("load sg into trk")
    pos.push_text("load pak into trk")  # 5.63: the towed gun (no armour) is limbered and hooked up
    assert pos.units["pak"].carrier == "trk" and pos.units["pak"].has(pu.LIMBERED)


def test_a_self_propelled_gun_moves_by_itself_as_its_branch_mark_says(make_position: Any, pg: Any) -> None:
    units = [_u("sg", "C3", "sig33"), _u("md", "E3", "marder"), _u("pak", "G3", "pak40"),
             _u("b1", "L8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    assert pu.move_class(pos.units["sg"]) == "mechanized"  # 5.64: the default
    assert pu.move_class(pos.units["md"]) == "motorized"  # 5.64: its branch mark
    assert pu.move_class(pos.units["pak"]) == "towed"  # 5.62: no armour, no MA
    assert pos.legal_actions.moves_for({"sg"})  # it needs no tow
    assert pos.legal_actions.moves_for({"pak"}) == {}
    pos.push_text("move sg C3-C4")
    assert pos.label(pos.units["sg"].hex) == "C4"


def test_a_mortar_with_an_ma_and_no_armour_rides_as_personnel(make_position: Any, pg: Any) -> None:
    units = [_u("trk", "C3", "truck"), _u("m", "C3", "mtr"), _u("b1", "L8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("load m into trk")  # 5.64, 5.61: boarding like personnel, 1 MP of the truck's
    assert pos.units["m"].carrier == "trk"
    assert pos.game.budget([pos.units["trk"]], pos) == 7
