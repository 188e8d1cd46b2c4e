"""PG the commissar's required move (rules/games/pg/commissar.py; 6.61, 6.66)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.hexes import distance

from .conftest import unit as _u

COM = {"com": {"type": "leader", "ma": 4, "morale": 9, "combat": 0, "morale_mod": 0,
               "leader_kind": "commissar"}}


def _example(make_position: Any, pg: Any) -> Any:
    """6.66 example: demoralized units 2, 6 and 9 MP from the commissar (clear, 1 MP a hex on foot)."""
    units = [_u("com", "A1", "com"), _u("d1", "A3", "inf", "a", "demoralized"),
             _u("d2", "A7", "inf", "a", "demoralized"), _u("d3", "J5", "inf", "a", "demoralized"),
             _u("b1", "L8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=COM)
    here = pos.units["com"].hex
    assert [distance(here, pos.units[d].hex) for d in ("d1", "d2", "d3")] == [2, 6, 9]
    return pos


def test_6_66_example_the_commissar_goes_to_the_unit_2_mp_away_and_stacks(make_position: Any,
                                                                           pg: Any) -> None:
    """6.66 example / 6.61: of the units at 2, 6 and 9 MP he must go to the one at 2 MP and stack with it."""
    pos = _example(make_position, pg)
    pos.push_text("activate com")
    with pytest.raises(IllegalAction, match=r"6\.61"):
        pos.push_text("pass")  # activated, he must make the move (done refused)
    assert {pos.label(h) for h in pos.game.moves_for(pos, frozenset({"com"}))} == {"A3"}  # the page's offer
    with pytest.raises(IllegalAction, match=r"6\.61"):
        pos.push_text("move com A1-B1-B2")  # off the shortest route (toward d3)
    with pytest.raises(IllegalAction, match=r"6\.61"):
        pos.push_text("move com A1-A2")  # stops short though his MA reaches it
    pos.push_text("move com A1-A2-A3")
    assert pos.units["com"].hex == pos.units["d1"].hex


def test_6_66_example_after_a_failure_he_stays_with_the_unit(make_position: Any, pg: Any) -> None:
    """6.66 example: stacked with a demoralized unit (a failed attempt left it so) he stays to try again."""
    units = [_u("com", "A3", "com"), _u("d1", "A3", "inf", "a", "demoralized", "reduced"),
             _u("d2", "A7", "inf", "a", "demoralized"), _u("b1", "L8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=COM)
    pos.push_text("activate com")
    assert not pos.game.moves_for(pos, frozenset({"com"}))
    with pytest.raises(IllegalAction, match=r"6\.6"):
        pos.push_text("move com A3-A4-A5-A6")


def test_6_66_two_commissars_one_demoralized_unit_only_the_nearer_goes(make_position: Any, pg: Any) -> None:
    """6.66: two commissars, one demoralized unit: the nearer (2 MP, not 4) must go; the other is free."""
    units = [_u("com", "A1", "com"), _u("co2", "A7", "com"), _u("d1", "A3", "inf", "a", "demoralized"),
             _u("b1", "L8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=COM)
    pos.push_text("activate co2")
    pos.push_text("move co2 A7-B7-C7")  # away from d1: he is not the one bound to it
    assert pos.label(pos.units["co2"].hex) == "C7"
    from hexmate.rules.games.pg import commissar

    assert [d.id for d in commissar.bound_targets(pos.game, pos, pos.units["com"])] == ["d1"]
    assert commissar.bound_targets(pos.game, pos, pos.units["co2"]) == []
