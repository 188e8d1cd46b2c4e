"""Climbing the stairs in the MPh enters new Locations (A2.8), each a Defensive First Fire window (A8.1), seen
from the firer at the level reached: typed as a move (``F4-E4-E4 as h2``) and at the table, where the level
is answered on the page after the placement (stairs.ask_level)."""

from __future__ import annotations

from typing import Any

BUILDING = {"terrain": "stone-building", "features": ["building-level-1", "building-level-2", "stairway"]}


def _unit(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a") -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_}


def _game(make_position: Any, enemy: str = "I2") -> Any:
    # E4 to I2 runs through the woods of F3 and G3: a Level-1 obstacle hides E4's ground level from I2 (A6.2)
    units = [_unit("a-1", "F4"), _unit("a-2", "F4"), _unit("b-1", enemy, "4-4-7", "b")]
    return make_position("asl", units, "MPh", hexes={"E4": BUILDING, "F3": "woods", "G3": "woods"})


def _windows(pos: Any) -> list[tuple[str, int]]:
    """Pass every First Fire window of the move under way; the Location (hex, level) of each."""
    seen = []
    while pos.decision is not None and pos.decision.then == "move_on":
        seen.append((pos.label(pos.decision.target), pos.units["a-1"].level))
        pos.push_text("answer pass")
    return seen


def test_the_level_answered_at_the_table_is_climbed_under_first_fire(make_position: Any) -> None:
    """A8.1 at A2.8's Locations: the squad enters E4 out of I2's sight (no window); answering h2 on the page
    climbs the stairs, and at level 2, above the woods, I2 sees it and may fire."""
    pos = _game(make_position)
    pos.push_text("move a-1 F4-E4")
    assert pos.decision is not None and pos.decision.then == "level"
    pos.push_text("answer h2")
    top = pos.decision
    assert top is not None and top.then == "move_on" and top.side == "b"
    assert top.prompt == "a-1 entered E4 level 2: fire at it now or pass"
    assert pos.units["a-1"].level == 2
    fire = pos.parse_action("fire b-1 at E4")
    assert fire in pos.legal_actions
    res = pos.resolve(pos.parse_action("fire b-1 at E4 dice 3,3"))
    assert "FFNAM" in res.text()  # a moving target: First Fire
    pos.push_text("answer pass")
    assert pos.state.moving is None and pos.state.moved == ("a-1",) and pos.units["a-1"].level == 2


def test_each_level_climbed_is_a_location_entered(make_position: Any) -> None:
    """With the ground level in view (the enemy in F6, open ground between), climbing from the ground to
    level 2 enters level 1 and then level 2: a window at each, besides the one at the ground level."""
    pos = _game(make_position, enemy="E6")
    pos.push_text("move a-1 F4-E4")
    assert _windows(pos) == [("E4", 0)]
    pos.push_text("answer h2")
    assert _windows(pos) == [("E4", 1), ("E4", 2)]
    assert pos.state.moving is None and pos.units["a-1"].level == 2


def test_a_typed_climb_opens_its_window_at_the_level(make_position: Any) -> None:
    """The same climb typed with its level: E4's ground level unseen from I2, its level 2 seen (A6.2)."""
    pos = _game(make_position)
    pos.push_text("move a-1 F4-E4-E4 as h2")
    assert _windows(pos) == [("E4", 2)]
    assert pos.decision is None and pos.units["a-1"].level == 2


def test_staying_on_the_ground_opens_no_new_window(make_position: Any) -> None:
    """h0: no stairs climbed, no MF spent in the Location, no window (A8.1)."""
    pos = _game(make_position, enemy="E6")
    pos.push_text("move a-1 F4-E4")
    assert _windows(pos) == [("E4", 0)]
    pos.push_text("answer h0")
    assert pos.decision is None and pos.state.moving is None and pos.units["a-1"].level == 0


def test_a_typed_climb_of_two_levels_enters_each(make_position: Any) -> None:
    """``F4-E4 as h2`` enters E4's ground level (2 MF), then level 1 and level 2 by the stairs (1 MF each): in
    view of E6, a window at each of the three Locations (A2.8, A8.1); the move costs 4 MF in all."""
    pos = _game(make_position, enemy="E6")
    done = pos.push(pos.parse_action("move a-1 F4-E4 as h2"))
    assert done.cost == 4
    assert _windows(pos) == [("E4", 0), ("E4", 1), ("E4", 2)]
    assert pos.state.moving is None and pos.units["a-1"].level == 2


def test_going_down_before_leaving_enters_each_level(make_position: Any) -> None:
    """From E4 level 2 out to F4: down the stairs through level 1 to the ground, then out (A10.5 example's
    stairs; locations.path_levels): windows at E4 level 1, E4's ground level and F4."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E4", "level": 2},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "E6"}]
    pos = make_position("asl", units, "MPh", hexes={"E4": BUILDING})
    pos.push_text("move a-1 E4-F4")
    assert _windows(pos) == [("E4", 1), ("E4", 0), ("F4", 0)]
