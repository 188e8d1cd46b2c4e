"""PG a leader riding along with a faster unit (rules/games/pg/leader_ride.py; 5.0, 6.3)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u

MTC = {"mtc": {"type": "personnel", "df": 3, "df_range": 2, "ma": 10, "morale": 8, "steps": 2,
               "branch": "MTC", "class": "motorized"}}


def test_one_leader_rides_a_motorcycle_unit_its_whole_ma(make_position: Any, pg: Any) -> None:
    """6.3: a leader (MA 4) may ride a faster non-transport unit, a motorcycle unit here (MA 10, a test
    counter): the pair pays the motorized 2 MP a clear hex (16.5 example) for five hexes, 10 MP."""
    units = [_u("m1", "C1", "mtc"), _u("al", "C1", "ldr"), _u("b1", "J1", "inf", "b")]
    pos = pg(make_position, units, counters_extra=MTC)
    pos.push_text("activate al")
    pos.push_text("move m1,al C1-C2-C3-C4-C5-C6")
    assert pos.label(pos.units["al"].hex) == "C6" == pos.label(pos.units["m1"].hex)


def test_two_leaders_keep_their_own_ma(make_position: Any, pg: Any) -> None:
    """6.3: one leader rides; with two, each keeps his MA 4: two clear hexes at 2 MP, not five."""
    units = [_u("m1", "C1", "mtc"), _u("al", "C1", "ldr"), _u("a2", "C1", "ldr"), _u("b1", "J1", "inf", "b")]
    pos = pg(make_position, units, counters_extra=MTC)
    pos.push_text("activate al,a2")
    with pytest.raises(IllegalAction, match="movement allowance"):
        pos.push_text("move m1,al,a2 C1-C2-C3-C4-C5-C6")
    pos.push_text("move m1,al,a2 C1-C2-C3")
    assert pos.label(pos.units["a2"].hex) == "C3"


def test_a_leader_alone_walks_four(make_position: Any, pg: Any) -> None:
    """6.3: a leader's MA is 4 (foot, 1 MP a clear hex): five hexes is too far."""
    pos = pg(make_position, [_u("al", "C1", "ldr"), _u("b1", "J1", "inf", "b")])
    pos.push_text("activate al")
    with pytest.raises(IllegalAction, match="movement allowance"):
        pos.push_text("move al C1-C2-C3-C4-C5-C6")
