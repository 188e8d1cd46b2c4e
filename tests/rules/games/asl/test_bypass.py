"""ASL Bypass (A4.3-A4.34) in play: the route round a building or woods hex, its MF, its restrictions, the
position shown while bypassing and the Defensive First Fire at a bypassing unit. The A4.31 and A4.34 examples
are on board 2 (2D3 bypassing the 2D4 building, a wall on D4-D5); their figures are missing, so they run on
an analogue of the same hexes on the test board: a stone building in D4 and a wall on the D4-D5 hexside.
Counters from the demo catalogue (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
HEXES = {"D4": "stone-building"}
WALL = [{"hex": "D4", "side": "S", "features": ["wall"]}]  # the D4-D5 wall of the A4.31/A4.34 examples


def board(make_position: Any, extra: list[dict[str, Any]] | None = None, sides: list[Any] | None = None,
          hexes: dict[str, Any] | None = None) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "D3"}, *(extra or [])]
    return make_position("asl", units, "MPh", counters=COUNTERS, hexes={**HEXES, **(hexes or {})},
                         hexsides=WALL + (sides or []))


def test_a4_31_example_costs(make_position: Any) -> None:
    pos = board(make_position)
    # A4.31 example: from D3 round D4 along D4-C4 (and D4-C5) for 1 MF; then C5 for 1 MF, D5 for 2 (the wall)
    assert pos.game.check(pos, pos.parse_action("move a-1 D3-D4-C5 as bypass")).cost == 2
    assert pos.game.check(pos, pos.parse_action("move a-1 D3-D4-D5 as bypass:C4")).cost == 3
    # without Bypass the building costs its 2 MF (A4.3)
    assert pos.game.check(pos, pos.parse_action("move a-1 D3-D4-C5")).cost == 3


def test_two_more_hexsides_double_the_bypass_cost(make_position: Any) -> None:
    # A4.31: one or two hexsides cost the other terrain; two more contiguous ones double the Bypass cost.
    # D4-C4 blocked (the building artwork touches it): D3 to C5 must go round E4, E5, D5 (3 hexsides).
    sides = [{"hex": "D4", "side": "NW", "features": ["bypass-blocked"]}]
    pos = board(make_position, sides=sides)
    assert pos.game.check(pos, pos.parse_action("move a-1 D3-D4-C5 as bypass")).cost == 2 + 1
    # D3 to C4: they are neighbours; the only way round D4 is along all four other hexsides, doubled
    assert pos.game.check(pos, pos.parse_action("move a-1 D3-D4-C4 as bypass")).cost == 2 + 1
    with pytest.raises(IllegalAction, match=r"no way round D4 from D3 to C5.*\(A4\.31\)"):
        pos.game.check(pos, pos.parse_action("move a-1 D3-D4-C5 as bypass:C4"))  # along the blocked side


def test_bypass_restrictions(make_position: Any) -> None:
    enemy = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "D4"}]
    pos = board(make_position, enemy)
    with pytest.raises(IllegalAction, match=r"D4 holds a known armed enemy unit and may not be bypassed"):
        pos.game.check(pos, pos.parse_action("move a-1 D3-D4-C5 as bypass"))  # A4.3
    pos = board(make_position, hexes={"D4": "open"})
    with pytest.raises(IllegalAction, match=r"a bypass names a building or woods hex inside the path"):
        pos.game.check(pos, pos.parse_action("move a-1 D3-D4-C5 as bypass"))
    pos = board(make_position)
    with pytest.raises(IllegalAction, match=r"inside the path, not at its end \(A4\.32\)"):
        pos.game.check(pos, pos.parse_action("move a-1 D3-D4 as bypass"))  # A4.32: no end while bypassing
    # woods next to woods: their artwork runs across the hexside, so the route may not follow it
    pos = board(make_position, hexes={"D4": "woods", "C4": "woods", "E5": "woods"})
    with pytest.raises(IllegalAction, match=r"no way round D4 from D3 to C5"):
        pos.game.check(pos, pos.parse_action("move a-1 D3-D4-C5 as bypass"))


def test_bypassing_unit_shown_and_fired_on_from_an_open_vertex(make_position: Any) -> None:
    # A4.34 example: C7 sees the vertices of the D4-C4/D4-C5 bypass in Open Ground: First Fire at -2
    # (FFNAM and FFMO), and the building's TEM does not apply: the unit is outside the obstacle.
    enemy = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C7"}]
    pos = board(make_position, enemy)
    pos.push_text("move a-1 D3-D4-D5 as bypass:C4,C5")
    assert pos.label(pos.decision.target) == "D4"
    assert "a-1 is bypassing D4 along D4-C4, D4-C5 (A4.3)" in pos.game.status(pos)
    text = pos.resolve(pos.parse_action("fire b-1 at D4 dice 3,4")).text()
    assert "FFNAM" in text and "FFMO" in text and "stone-building" not in text
    assert "= 5" in text  # Original 7, -1 -1: Final DR 5


def test_wall_of_the_bypassed_hex_gives_its_tem_and_cancels_ffmo(make_position: Any) -> None:
    # A4.34 example: round the other side (D4-E4, D4-E5), fire along the D4-D5 wall's hexspine to the
    # D4-D5-E5 vertex (from C5) gets the wall TEM, so no FFMO: +2 (wall) -1 (FFNAM).
    enemy = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C5"}]
    pos = board(make_position, enemy)
    pos.push_text("move a-1 D3-D4-D5 as bypass:E4")
    assert "a-1 is bypassing D4 along D4-E4, D4-E5 (A4.3)" in pos.game.status(pos)
    text = pos.resolve(pos.parse_action("fire b-1 at D4 dice 3,4")).text()
    assert "wall of the bypassed hex" in text and "+2" in text and "FFNAM" in text
    assert "FFMO" not in text and "= 8" in text  # Original 7 +2 -1


def test_no_vertex_in_view_no_first_fire(make_position: Any) -> None:
    # A4.34 example: a vertex behind the building is out of LOS; B4 sees none of the D4-E4/D4-E5 vertices
    enemy = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "B4"}]
    pos = board(make_position, enemy)
    pos.push_text("move a-1 D3-D4-D5 as bypass:E4")
    assert pos.label(pos.units["a-1"].hex) == "D5"  # no First Fire window opened in D4: the move went on
    assert pos.decision is None or pos.label(pos.decision.target) == "D5"


def test_a_unit_pinned_while_bypassing_stays_there_until_its_mph_ends(make_position: Any) -> None:
    enemy = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C7"}]
    pos = board(make_position, enemy)
    pos.push_text("move a-1 D3-D4-D5 as bypass:C4")
    pos.push_text("fire b-1 at D4 dice 4,4")  # a PTC (demo IFT)
    pos.push_text("answer dice 4,4")  # 8 against morale 7: pinned (A7.8)
    assert pos.units["a-1"].has("pinned")
    pos.push_text("answer pass")
    assert pos.label(pos.units["a-1"].hex) == "D4" and pos.state.moving is None
    assert "a-1 is bypassing D4 along D4-C4, D4-C5 (A4.3)" in pos.game.status(pos)  # A4.32, A4.33
    pos.push_text("end")
    assert not any("bypassing" in line for line in pos.game.status(pos))  # in the obstacle now (A4.33)
    assert not pos.units["a-1"].has("bypass")


def test_a12_151_a_bypass_finds_no_concealed_unit_until_it_stops_there(make_position: Any) -> None:
    # A12.151: bypassing a building that holds a concealed enemy does not reveal it; a unit that ends its MPh
    # there (pinned) strips every "?" in the Location at the end of that MPh
    enemy = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C7"},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "D4", "concealed": True}]
    pos = board(make_position, enemy)
    pos.push_text("move a-1 D3-D4-D5 as bypass:C4")
    assert pos.label(pos.decision.target) == "D4" and pos.units["b-2"].concealed  # no bump (A12.15 not used)
    pos.push_text("fire b-1 at D4 dice 4,4")  # a PTC
    pos.push_text("answer dice 4,4")  # pinned in D4
    pos.push_text("answer pass")
    assert pos.label(pos.units["a-1"].hex) == "D4" and pos.units["b-2"].concealed
    pos.push_text("end")
    assert not pos.units["b-2"].concealed
