"""A12.2's Cases B and D in play: a concealed vehicle that moves, or goes into Motion, in the LOS of a Good
Order enemy ground unit within 16 hexes loses its "?" whatever the terrain, and its PRC with it; out of that
LOS, beyond 16 hexes, or seen only by a broken enemy, it keeps it. Woods hexes throughout, so Case H (out of
concealment terrain) never applies. Counters from test_armour's catalogue."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games import Position, get_game
from hexmate.rules.hexes import distance
from hexmate.rules.scenario import Scenario

from tests.rules.games.conftest import scenario_dict, small_map

from .test_armour import COUNTERS

WOODS = {h: "woods" for h in ("C3", "D3")}


def _moving_tank(make_position: Any, enemy_hex: str, *, broken: bool = False) -> Position:
    units = [
        {"id": "a-t", "counter": "ht", "side": "a", "hex": "C3", "markers": ["vca2"], "concealed": True},
        {"id": "a-hs", "counter": "4-4-7", "side": "a", "hex": "C3", "carrier": "a-t", "concealed": True},
        {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": enemy_hex,
         "markers": ["broken"] if broken else []},
    ]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, hexes=WOODS)
    return pos


@pytest.mark.parametrize(("enemy", "broken", "loses"), [
    ("H3", False, True),   # Good Order, 5 hexes, in LOS (Case B)
    ("H3", True, False),   # broken: not a Good Order enemy ground unit
])
def test_a12_2_case_b_a_concealed_halftrack_moving_in_good_order_enemy_los(
        make_position: Any, enemy: str, broken: bool, loses: bool) -> None:
    """A12.2 (Case B): the concealed halftrack and the squad aboard move woods C3 -> woods D3 (concealment
    terrain both) in the LOS of the 4-6-7 in H3, 5 hexes away: both lose their "?"; had the 4-6-7 been
    broken, both keep it."""
    pos = _moving_tank(make_position, enemy, broken=broken)
    pos.push_text("move a-t C3-D3")
    assert pos.units["a-t"].hex == pos.map.parse_label("D3")
    assert pos.units["a-t"].concealed is not loses
    assert pos.units["a-hs"].concealed is not loses  # A12.2: the PRC with their vehicle


def test_a12_2_case_b_not_beyond_16_hexes(make_position: Any) -> None:
    """A12.2: the same move seen by a Good Order 4-6-7 17 or more hexes away keeps the "?" (in woods, so no
    Case H either)."""
    units = [
        {"id": "a-t", "counter": "t", "side": "a", "hex": "C3", "markers": ["vca2"], "concealed": True},
        {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "V3"},
    ]
    scen = Scenario.from_dict(scenario_dict("asl", units, COUNTERS, "MPh"), source="test-scenario")
    pos = get_game("asl").new_position(scen, hex_map=small_map("asl", WOODS, columns=24))
    assert distance(pos.map.parse_label("D3"), pos.map.parse_label("V3")) >= 17
    assert distance(pos.map.parse_label("C3"), pos.map.parse_label("V3")) >= 17
    pos.push_text("move a-t C3-D3")
    assert pos.units["a-t"].concealed


def test_a12_2_case_d_a_concealed_tank_going_into_motion_loses_its_concealment(make_position: Any) -> None:
    """A12.2 (Case D): the Russian tank under "?" in woods J5 goes into Motion (D2.401) as the German squad
    enters D3 in its LOS, 6 hexes away: it loses its "?" though in concealment terrain."""
    units = [
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"},
        {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"], "concealed": True},
    ]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS,
                                  hexes={"F3": "stone-building", "J5": "woods"})
    pos.push_text("move a-sq C3-D3")
    assert pos.decision is not None and "motion-b-t" in pos.decision.choices
    assert pos.units["b-t"].concealed
    pos.push_text("answer motion-b-t")
    pos.push_text("answer dice 1")
    assert pos.units["b-t"].has("motion") and not pos.units["b-t"].concealed
