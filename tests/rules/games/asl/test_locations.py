"""ASL Locations by building level and the stairs between them (A2.8, A4.133, A10.5 examples), from the
rules module to a move in the game and the level asked on the page after a placement at the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import locations as loc
from hexmate.rules.games.asl.stairs import split_mode
from hexmate.rules.games.asl.terrain import line_of_sight
from hexmate.rules.maps import HexMap, load_map
from hexmate.rules.terrain import load_game_terrain

MAPS = Path(__file__).parent / "maps"
COST = load_game_terrain("asl").cost_fn("infantry")


def _board3() -> HexMap:
    return load_map(MAPS / "board3.json")


def _path(m: HexMap, *labels: str) -> tuple[Any, ...]:
    return tuple(m.parse_label(f"3{x}") for x in labels)


def test_a4133_example_board3() -> None:
    """A4.133 example (board 3): entering 3W4 costs 2 MF from V4, W5 or X4 and 4 MF from V3, W3 or X3 (one
    level up: doubled)."""
    m = _board3()
    w4 = m.parse_label("3W4")
    assert [COST(m, m.parse_label(f"3{x}"), w4) for x in ("V4", "W5", "X4")] == [2, 2, 2]
    assert [COST(m, m.parse_label(f"3{x}"), w4) for x in ("V3", "W3", "X3")] == [4, 4, 4]
    assert loc.path_cost(m, _path(m, "V3", "W4"), 0, 0, COST) == (4,)


def test_a105_example_stairs_cost_one_mf_a_level() -> None:
    """A10.5 rout example: the broken squad reaches L4 by K5 with 4 MF and climbs L4's stairs to level 1
    with its 5th MF."""
    m = _board3()
    assert sum(loc.path_cost(m, _path(m, "J4", "K5", "L4"), 0, 0, COST)) == 4
    assert sum(loc.path_cost(m, _path(m, "J4", "K5", "L4"), 0, 1, COST)) == 5
    assert loc.path_levels(m, _path(m, "J4", "K5", "L4"), 0, 1) == (0, 0, 1)


def test_a105_example_up_the_stairs_and_along_an_upper_level() -> None:
    """A10.5 example (3M2): a unit at ground level in M2 may go up the stairs to M2's level 1, or by M2's
    level 2 on to N1's level 2 (one building); N1 has no stairs of its own, so it cannot climb there."""
    m = _board3()
    assert loc.path_cost(m, _path(m, "M2", "M2"), 0, 1, COST) == (1,)
    assert loc.path_cost(m, _path(m, "M2", "M2", "N1"), 0, 2, COST) == (2, 2)
    assert loc.path_levels(m, _path(m, "M2", "M2", "N1"), 0, 2) == (0, 2, 2)
    with pytest.raises(IllegalAction, match="3N1 has no stairs") as e:
        loc.path_cost(m, _path(m, "M2", "N1"), 0, 2, COST)
    assert e.value.rule == "A2.8"
    # down again: along level 2 to M2 and down its stairs (2 levels)
    assert loc.path_cost(m, _path(m, "N1", "M2"), 2, 0, COST) == (4,)
    # along level 2 back to M2, then down its stairs (2 levels) and out to M3: 2 + 2 + 1
    assert loc.path_cost(m, _path(m, "N1", "M2", "M3"), 2, 0, COST) == (2, 3)


def test_a28_locations_and_their_labels() -> None:
    """A2.8: a hex's Locations are its ground level and its building's upper levels; A2.2 names them."""
    m = _board3()
    assert loc.levels(m, m.parse_label("3M2")) == (0, 1, 2)
    assert loc.levels(m, m.parse_label("3U2")) == (0,)
    assert loc.label(m, loc.Location(m.parse_label("3M2"), 1)) == "3M2 level 1"
    assert loc.label(m, loc.Location(m.parse_label("3M2"))) == "3M2"
    with pytest.raises(IllegalAction, match="3U2 has no level 1: only ground level"):
        loc.check_level(m, loc.Location(m.parse_label("3U2"), 1))
    assert split_mode("cx+h1") == ("cx", 1) and split_mode("h0") == ("", 0)
    assert split_mode("cx") == ("cx", None)


# --- in the game --------------------------------------------------------------------------------------------

BUILDING = {"terrain": "stone-building", "features": ["building-level-1", "building-level-2", "stairway"]}


def _unit(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a") -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_}


def _game(make_position: Any) -> Any:
    units = [_unit("a-1", "F4"), _unit("a-2", "F4"), _unit("b-1", "I2", "4-4-7", "b")]
    return make_position("asl", units, "MPh", hexes={"E4": BUILDING, "F3": "woods", "G3": "woods"})


# E4 to I2 runs through F3, G3 and H2


def test_a_move_names_its_level_and_pays_the_stairs(make_position: Any) -> None:
    """A2.8 and A10.5 example: entering the E4 building (2 MF) and climbing to level 1 (1 MF) costs 3 MF; the
    unit stands at level 1, and a move with more than its 4 MF of stairs is refused (A4.11)."""
    pos = _game(make_position)
    e4, f4 = pos.map.parse_label("E4"), pos.map.parse_label("F4")
    checked = pos.game.check(pos, act.Move(("a-1",), (f4, e4), None, "h1"))
    assert checked.cost == 3 and checked.mode == "h1"
    pos.push(checked)
    assert pos.units["a-1"].hex == e4 and pos.units["a-1"].level == 1
    assert "a-1@E4h1" in str(pos)  # the position's text form names the Location (A2.2)
    with pytest.raises(IllegalAction, match="has no level 3"):
        pos.game.check(pos, act.Move(("a-2",), (f4, e4), None, "h3"))


def test_the_level_of_a_placement_is_asked_on_the_page(make_position: Any) -> None:
    """At the table a lift and a placement cannot tell a building's levels: after a move into a hex with
    upper levels and stairs, the mover answers which level, among those its MF still pay for (A2.8)."""
    pos = _game(make_position)
    e4, f4 = pos.map.parse_label("E4"), pos.map.parse_label("F4")
    pos.push(pos.game.check(pos, act.Move(("a-1", "a-2"), (f4, e4))))
    top = pos.decision
    assert top is not None and top.then == "level" and top.rule == "A2.8"
    assert top.choices == ("h0", "h1", "h2")  # 2 MF spent of 4: up to two levels
    pos.push(act.Answer(choice="h2"))
    assert pos.units["a-1"].level == 2 and pos.units["a-2"].level == 2
    top = pos.decision  # level 2 is a new Location, seen from I2 over the woods: First Fire (A8.1, climb.py)
    assert top is not None and top.then == "move_on" and top.side == "b"
    pos.push(act.Answer(choice="pass"))
    assert pos.decision is None


def test_line_of_sight_in_the_game_uses_the_units_levels(make_position: Any) -> None:
    """A6.2 through the game: the woods in F3 and G3 block the ground-level Location in E4 from I2, but the
    squad at level 2 of E4 sees over them (I2 is two hexes behind G3: not blind, A6.4)."""
    pos = _game(make_position)
    e4, f4, h2 = (pos.map.parse_label(x) for x in ("E4", "F4", "I2"))
    assert line_of_sight(pos, h2, e4).blocked
    pos.push(pos.game.check(pos, act.Move(("a-1",), (f4, e4), None, "h2")))
    assert pos.units["a-1"].level == 2
    sight = line_of_sight(pos, h2, e4)
    assert not sight.blocked, sight.reason
    assert line_of_sight(pos, h2, e4, b_level=0).blocked


def test_a_unit_set_up_at_a_level_and_its_moves_down_the_stairs(make_position: Any) -> None:
    """A2.8: a scenario may set a unit up at a building level; its moves from there pay the stairs down
    (1 MF a level, A10.5 example) before leaving the hex: from level 2 of E4 to the open F4, 2 + 1 MF."""
    units = [{**_unit("a-1", "E4"), "level": 2}, _unit("b-1", "I2", "4-4-7", "b")]
    pos = make_position("asl", units, "MPh", hexes={"E4": BUILDING})
    assert pos.units["a-1"].level == 2
    moves = {pos.map.label(h): m for h, m in pos.legal_actions.moves_for(frozenset({"a-1"})).items()}
    assert moves["F4"].cost == 3 and moves["G4"].cost == 4
    assert "H4" not in moves  # 2 + 3 MF of Open Ground is more than 4
    pos.push(pos.game.check(pos, moves["F4"]))
    while pos.decision is not None:  # each level on the way down is a Location under First Fire (A8.1)
        pos.push(act.Answer(choice="pass"))
    assert pos.units["a-1"].level == 0 and pos.map.label(pos.units["a-1"].hex) == "F4"


def test_a_level_the_hex_lacks_is_a_setup_error_naming_the_unit(make_position: Any) -> None:
    """A2.8: a unit set up at a level its hex does not have is refused with the unit and the rule."""
    from hexmate.rules.errors import DataError

    with pytest.raises(DataError, match=r"units\[0\] \(a-1\): level 1: F4 has no level 1 \(A2.8\)"):
        make_position("asl", [{**_unit("a-1", "F4"), "level": 1}, _unit("b-1", "I2", "4-4-7", "b")], "MPh")


def test_the_pages_los_check_does_not_tell_a_concealed_units_level(make_position: Any) -> None:
    """A12: a LOS check asked on a shared page is worked from the levels of units not concealed, so its
    verdict cannot tell at which level a concealed unit in the hex stands."""
    units = [{**_unit("a-1", "E4"), "level": 2, "concealed": True}, _unit("b-1", "I2", "4-4-7", "b")]
    pos = make_position("asl", units, "MPh", hexes={"E4": BUILDING, "F3": "woods", "G3": "woods"})
    e4, i2 = pos.map.parse_label("E4"), pos.map.parse_label("I2")
    assert not line_of_sight(pos, i2, e4).blocked  # the rules see the squad at level 2 over the woods
    shown = pos.game.location_los(pos, i2, e4)
    assert shown is not None and shown.blocked and "woods" in shown.reason


def test_t22_example_location_and_bypass_notation() -> None:
    """A2.2 (digest T-2.2): ``1E4h1`` is building level 1 of 1E4, ``1E4h-1`` the level below ground (here the
    bottom of a gully, A.6); ``F3-E3`` Bypasses F3 along its hexside with E3, the Bypassed hex first."""
    m = _board3()
    assert loc.parse_location(m, "3M2h1") == loc.Location(m.parse_label("3M2"), 1)
    assert loc.parse_location(m, "3M2") == loc.Location(m.parse_label("3M2"), 0)
    assert loc.notation(m, loc.Location(m.parse_label("3M2"), 2)) == "3M2h2"
    with pytest.raises(IllegalAction, match="3U2 has no level 1"):
        loc.parse_location(m, "3U2h1")
    with pytest.raises(IllegalAction, match="3U2 has no level -1: not a depression"):
        loc.parse_location(m, "3U2h-1")
    gully = load_map(MAPS / "board5.json")
    assert loc.parse_location(gully, "5EE8h-1") == loc.Location(gully.parse_label("5EE8"), -1)
    bypassed, sides = loc.parse_bypass(m, "3F3-E3")
    assert m.label(bypassed) == "3F3" and [m.label(h) for h in sides] == ["3E3"]
    with pytest.raises(IllegalAction, match="next to the Bypassed hex"):
        loc.parse_bypass(m, "3F3-H3")
