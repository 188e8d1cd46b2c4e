"""PG loss of direction (5.8): a 7 leaves the unit in place (the text's number); the other results turn the
named hexside by the demo table (the text's diagram is missing: demo values)."""

from __future__ import annotations

import pytest
from hexmate.rules.games.pg import direction, moves
from hexmate.rules.hexes import Hex, neighbors


def test_a_seven_stays_in_place() -> None:
    """5.8 (text): on a 7 the unit pays its own hex's cost and does not move."""
    here = Hex(3, 3)
    assert direction.lost_way(here, neighbors(here)[0], 7) == direction.Lost(here, True)


def test_the_demo_table_is_labelled_and_turns_from_the_named_hexside() -> None:
    """The diagram is absent: the table says "demo", and every result other than 7 lands on a neighbour."""
    assert moves.table()["loss_of_direction"]["demo"] is True
    here = Hex(3, 3)
    named = neighbors(here)[1]  # NE
    got = direction.lost_way(here, named, 6)
    assert got == direction.Lost(named, False)  # demo: 6 and 8 keep the named hexside
    assert direction.lost_way(here, named, 9).hex == neighbors(here)[2]  # demo: one hexside clockwise
    assert direction.lost_way(here, named, 2).hex == neighbors(here)[5]  # demo: two hexsides back
    for roll in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
        assert direction.lost_way(here, named, roll).hex in neighbors(here)


def test_a_roll_outside_2d6_is_refused() -> None:
    with pytest.raises(ValueError):
        direction.lost_way(Hex(3, 3), Hex(3, 2), 13)
