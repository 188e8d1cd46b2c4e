"""8.22: a unit in restrictive terrain that fires in an enemy's LOS loses its cover: while its SPOTTED
marker stays it counts as in the open for spotting, so by day another enemy unit with a line of sight to it
sees it within 12 hexes (8.1's day range; the text of 8.22 says so, and the translator's note under 8.23
reads the recce's marker the same way). Beyond 12 it is not seen; its terrain still helps it in combat."""

from __future__ import annotations

from hexmate.rules.games import Position, get_game
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.hexes import distance
from hexmate.rules.scenario import Scenario

from ..conftest import scenario_dict, small_map
from .conftest import COUNTERS, INIT
from .conftest import unit as _u


def _pos() -> Position:
    units = [_u("a1", "A4"), _u("b1", "C4", "inf", "b"), _u("b12", "M4", "inf", "b"),
             _u("b13", "N4", "inf", "b")]
    scen = Scenario.from_dict(scenario_dict("pg", units, COUNTERS, "initiative", options=INIT), source="t")
    pos = get_game("pg").new_position(scen, hex_map=small_map("pg", {"A4": "woods"}, columns=16))
    pos.push_text("answer dice 6")  # a wins the initiative (3.0)
    pos.push_text("answer dice 1")
    return pos


def test_a_unit_seen_firing_is_spotted_within_12_hexes_by_day() -> None:
    pos = _pos()
    a1, b12, b13 = pos.units["a1"], pos.units["b12"], pos.units["b13"]
    assert a1.hex is not None and b12.hex is not None and b13.hex is not None
    assert (distance(b12.hex, a1.hex), distance(b13.hex, a1.hex)) == (12, 13)
    assert not pg_spot.sees_unit(pos.game, pos, b12, a1)  # 8.21: in woods, seen within 3 hexes only
    pos.push_text("fire a1 at C4")
    while pos.decision is not None and pos.decision.kind == "roll" and pos.decision.side == "a":
        pos.push_text("answer dice 1,1")
    a1 = pos.units["a1"]
    assert a1.has(pg_spot.SPOTTED)  # 8.22: it fired in b1's LOS
    assert pg_spot.sees_unit(pos.game, pos, pos.units["b12"], a1)  # treated as in the open: 12 by day
    assert not pg_spot.sees_unit(pos.game, pos, pos.units["b13"], a1)
