"""DD tanks on land (D16.1-D16.12, ddtank.py): the raised screen's limits and its lowering, played through
the game on the demo PzKpfw (14 MP, demo values) set up with the ``screen`` marker. Water (B21) and wading
(G13.42) are not among the texts; every hex here is land."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import ddtank

from .test_armour import COUNTERS

ROAD = {f"F{i}": {"road": ["N", "S"] if 1 < i < 8 else (["S"] if i == 1 else ["N"])} for i in range(1, 9)}


def make(make_position: Any, *markers: str, at: str = "C5", vca: int = 0,
         hexes: dict[str, Any] | None = None, extra: list[dict[str, Any]] | None = None) -> Any:
    units = [{"id": "a-dd", "counter": "pz", "side": "a", "hex": at, "markers": [f"vca{vca}", *markers]},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "A1"}, *(extra or [])]
    return make_position("asl", units, "MPh", counters=COUNTERS, hexes=hexes)


def cost(pos: Any, path: str) -> Any:
    hexes = tuple(pos.map.parse_label(h) for h in path.split("-"))
    return pos.game.check(pos, act.Move(("a-dd",), hexes)).cost


def test_d16_12_every_land_hex_costs_one_more(make_position: Any) -> None:
    """D16.12: open ground 1 MP + 1 for the raised screen: start 1 + 2 + 2 = 5 (3 once lowered)."""
    pos = make(make_position, "screen", "ce")
    assert cost(pos, "C5-D5-E5") == 5
    pos.push_text("move a-dd C5 as lower")
    assert not pos.units["a-dd"].has(ddtank.SCREEN)
    assert cost(pos, "C5-D5-E5") == 3


def test_d16_12_moves_only_ce(make_position: Any) -> None:
    """D16.12: a BU DD tank with the screen raised does not move."""
    pos = make(make_position, "screen")
    with pytest.raises(IllegalAction, match="only CE"):
        pos.push_text("move a-dd C5-D5")


def test_d16_12_no_woods_orchard_or_building_but_by_road(make_position: Any) -> None:
    """D16.12: no woods, orchard or building hex with the screen raised, but by a woods-road (F5 here):
    start 1 + road rate 1/2 (CE, D2.16) + 1 = 2 1/2."""
    hexes = {**ROAD, "D5": {"terrain": "orchard"}, "D4": {"terrain": "woods"},
             "F5": {"terrain": "woods", "road": ["N", "S"]}}
    pos = make(make_position, "screen", "ce", hexes=hexes)
    for path in ("C5-D5", "C5-D4"):
        with pytest.raises(IllegalAction):
            cost(pos, path)
    road = make(make_position, "screen", "ce", at="F6", vca=1, hexes=hexes)
    assert cost(road, "F6-F5") == Fraction(5, 2)


def test_d16_12_no_fire_with_the_screen_raised(make_position: Any) -> None:
    """D16.12: it may not fire while the screen is raised."""
    pos = make(make_position, "screen", "ce", extra=[{"id": "b-2", "counter": "4-4-7", "side": "b",
                                                      "hex": "E5"}])
    with pytest.raises(IllegalAction, match="may not fire"):
        pos.game.check(pos, act.Fire(("a-dd",), pos.map.parse_label("E5")))


def test_d16_11_lowered_only_in_its_own_mph_and_offered_on_the_page(make_position: Any) -> None:
    """D16.11: the page offers the lowering in its MPh; not twice."""
    pos = make(make_position, "screen")
    offered = [a for a in pos.game.generate(pos) if isinstance(a, act.Move) and a.mode == ddtank.MODE]
    assert [a.units for a in offered] == [("a-dd",)]
    pos.push_text("move a-dd C5 as lower")
    with pytest.raises(IllegalAction, match="no DD screen"):
        pos.push_text("move a-dd C5 as lower")


def test_d16_12_no_riders_no_bypass(make_position: Any) -> None:
    """D16.12: with riders aboard, or in bypass, a DD tank with its screen raised does not move."""
    rider = [{"id": "a-r", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-dd"}]
    pos = make(make_position, "screen", "ce", extra=rider)
    with pytest.raises(IllegalAction, match="no riders"):
        pos.push_text("move a-dd C5-D5")
    pos = make(make_position, "screen", "ce")
    with pytest.raises(IllegalAction, match="no bypass"):
        pos.push_text("move a-dd C5-D5-E5 as bypass")


def test_d16_12_no_rider_boards_it_while_the_screen_is_raised(make_position: Any) -> None:
    """D16.12: a DD tank with its screen raised carries no riders: a squad in its Location may not board it;
    with the screen lowered (D16.11) the same squad climbs on as riders do."""
    squad = [{"id": "a-r", "counter": "4-6-7", "side": "a", "hex": "C5"}]
    pos = make(make_position, "screen", "ce", extra=squad)
    with pytest.raises(IllegalAction, match=r"D16\.12"):
        pos.game.check(pos, pos.parse_action("load a-r into a-dd"))
    pos.push_text("move a-dd C5 as lower")
    pos.game.check(pos, pos.parse_action("load a-r into a-dd"))
