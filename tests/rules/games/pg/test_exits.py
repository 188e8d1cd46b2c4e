"""Leaving the board (16.5) and a flame tank's refuelling off it (15.5), from the text's rules: a unit leaves
only by the hexes a scenario allows, never comes back, and is not counted destroyed unless the scenario says
so; the hex off the board costs the clear rate, or the road rate by a road (16.5, as its entry example: a
truck 2 off the road, 1/2 by it). A flame tank out of fuel leaves by an edge hex its side controls, stays off
six full turns and may come back on the seventh with its +3 (15.5)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.pg import victory
from hexmate.rules.games.pg.assault import FLAME_OUT

from .conftest import unit as _u
from .test_flamethrowers import C as FLAME

TRUCK = {"truck": {"type": "vehicle", "ma": 8, "morale": 6, "transport": 1, "steps": 1}}
ROAD = [{"hex": "A4", "side": "NE", "features": ["road"]}]
EXIT = {"exit": {"a": {"hexes": ["A4"]}}}


def _next_turn(pos: Any) -> None:
    turn = pos.turn
    while pos.turn == turn:
        if pos.decision is not None and pos.decision.kind == "roll":
            pos.push_text("answer dice 6" if pos.decision.side == "a" else "answer dice 1")
        elif pos.decision is not None:
            pos.push_text("answer pass")
        elif pos.game.gstate(pos.state).active:
            pos.push_text("done")
        else:
            pos.push_text("pass")
    while pos.decision is not None and pos.decision.kind == "roll":
        pos.push_text("answer dice 6" if pos.decision.side == "a" else "answer dice 1")


def test_16_5_a_unit_leaves_by_an_allowed_hex_and_never_comes_back(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("a1", "C4"), _u("b1", "L8", "inf", "b")], options=EXIT)
    done = pos.push_text("move a1 C4-B4-A4 as exit")
    assert done.cost == 3  # two clear hexes and the clear hex off the board, 1 MP each (16.5)
    assert "a1" not in pos.units
    assert pos.game.gstate(pos.state).exited == ("a1",)
    _next_turn(pos)
    assert "a1" not in pos.units and not any(  # 16.5: it does not return
        getattr(a, "kind", "") == "activate" and "a1" in a.units for a in pos.legal_actions)


def test_16_5_no_exit_where_the_scenario_does_not_allow_it(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("a1", "B5"), _u("b1", "L8", "inf", "b")], options=EXIT)
    with pytest.raises(IllegalAction, match=r"A5 is not a hex a may leave the board by in this scenario"):
        pos.push_text("move a1 B5-A5 as exit")
    pos = pg(make_position, [_u("a1", "B4"), _u("b1", "L8", "inf", "b")])
    with pytest.raises(IllegalAction, match=r"A4 is not a hex a may leave the board by"):
        pos.push_text("move a1 B4-A4 as exit")
    assert pos.units["a1"].hex is not None


def test_16_5_the_hex_off_the_board_is_one_hex_more(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("a1", "B4"), _u("b1", "L8", "inf", "b")], options=EXIT)
    with pytest.raises(IllegalAction, match=r"leaving the board by A4 costs 4 MP .* the unit has 3"):
        pos.push_text("move a1 B4-B3-A3-A4 as exit")  # three hexes on the board, MA 3: none left for it
    pos.push_text("move a1 B4-A4 as exit")  # one hex and the one off the board: 2 of the 3 MP
    assert "a1" not in pos.units


@pytest.mark.parametrize(("road", "cost"), [(True, Fraction(1, 2)), (False, 2)])
def test_16_5_off_board_hex_at_the_clear_or_road_rate(
        make_position: Any, pg: Any, road: bool, cost: Any) -> None:
    """16.5's example rates for a truck: 1/2 MP a hex by the road, 2 off it; leaving from the edge hex."""
    pos = pg(make_position, [_u("t1", "A4", "truck"), _u("b1", "L8", "inf", "b")], counters_extra=TRUCK,
             options=EXIT, hexsides=ROAD if road else [])
    done = pos.push_text("move t1 A4 as exit")
    assert done.cost == cost and "t1" not in pos.units


def test_16_5_off_board_hex_along_a_ridge_at_the_ridge_rate(make_position: Any, pg: Any) -> None:
    """16.5: leaving along a ridge, the hex off the board costs the ridge's MP (1 for a truck: a demo value,
    the TEC is not in the text) where off the ridge it costs the clear 2."""
    pos = pg(make_position, [_u("t1", "A4", "truck"), _u("b1", "L8", "inf", "b")], counters_extra=TRUCK,
             options=EXIT, hexes={"A4": "ridge"})
    done = pos.push_text("move t1 A4 as exit")
    assert done.cost == 1 and "t1" not in pos.units


def test_16_5_exits_are_not_losses_unless_the_scenario_says_so_and_victory_counts_them(
        make_position: Any, pg: Any) -> None:
    win = {"victory": [{"side": "a", "exit": 2}, {"side": "b", "else": True}]}
    pos = pg(make_position, [_u("a1", "B4"), _u("b1", "L8", "inf", "b")], options={**EXIT, **win}, turns=1)
    pos.push_text("move a1 B4-A4 as exit")
    assert victory.steps_lost(pos, "a") == 0  # 16.5: not destroyed
    _next_turn(pos)
    out = pos.outcome()
    assert out is not None and out.winner == "a"
    assert "moved 2 steps or more off the board (16.5)" in out.reason
    counted = {"exit": {"a": {"hexes": ["A4"], "destroyed": True}}}
    pos = pg(make_position, [_u("a1", "B4", "inf", "a", "reduced"), _u("b1", "L8", "inf", "b")],
             options=counted)
    pos.push_text("move a1 B4-A4 as exit")
    assert victory.steps_lost(pos, "a") == 1  # the scenario counts it destroyed: its one step left


@pytest.mark.parametrize(("spec", "message"), [
    ({"a": {"hexes": ["D4"]}}, r"test-scenario: options\.exit\.a\.hexes\[0\]: D4 is not a board-edge hex"),
    ({"z": {"hexes": ["A4"]}}, r"test-scenario: options\.exit\.z: not a side of the scenario"),
    ({"a": ["A4"]}, r"test-scenario: options\.exit\.a: "),
])
def test_bad_exit_data_names_the_file_and_the_place(
        make_position: Any, pg: Any, spec: Any, message: str) -> None:
    with pytest.raises(DataError, match=message):
        pg(make_position, [_u("a1", "B4"), _u("b1", "L8", "inf", "b")], options={"exit": spec})


def test_15_5_a_flame_tank_out_of_fuel_leaves_by_its_own_edge_and_is_back_on_the_seventh_turn(
        make_position: Any, pg: Any) -> None:
    units = [_u("ft", "B4", "ftank", "a", FLAME_OUT), _u("a2", "A4"), _u("b1", "L8", "inf", "b"),
             _u("b2", "A7", "inf", "b")]
    pos = pg(make_position, units, counters_extra=FLAME, turns=9)
    with pytest.raises(IllegalAction, match=r"A7 is not a board-edge hex a controls: .* \(15\.5\)"):
        pos.push_text("move ft B4-B5-A6-A7 as exit")
    pos.push_text("move ft B4-A4 as exit")  # A4: held by a alone at the start (1.2)
    while pos.decision is not None and pos.decision.kind == "react":  # opportunity fire as it goes (13.0)
        pos.push_text("answer pass")
    assert pos.units["ft"].hex is None and dict(pos.game.gstate(pos.state).refuel) == {"ft": 8}
    for _ in range(6):  # off in turns 2 to 7, the six full turns
        _next_turn(pos)
        assert not any(getattr(a, "kind", "") == "activate" and "ft" in a.units for a in pos.legal_actions)
        with pytest.raises(IllegalAction, match=r"ft comes on from turn 8 \(16\.5\)"):
            pos.push_text("activate ft")
    _next_turn(pos)
    assert pos.turn == 8
    assert any(getattr(a, "kind", "") == "activate" and a.units == ("ft",) for a in pos.legal_actions)
    pos.push_text("activate ft")
    assert pos.decision.then == "enter_board" and "A4" in {pos.label(h) for h in pos.decision.hexes}
    pos.push_text("answer hex A4")
    ft = pos.units["ft"]
    assert pos.label(ft.hex) == "A4" and not ft.has(FLAME_OUT)  # refuelled: its +3 again


def test_15_5_a_flame_tank_with_fuel_or_any_tank_has_no_such_exit(make_position: Any, pg: Any) -> None:
    units = [_u("ft", "B4", "ftank"), _u("a2", "A4"), _u("b1", "L8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=FLAME)
    with pytest.raises(IllegalAction, match=r"A4 is not a hex a may leave the board by"):
        pos.push_text("move ft B4-A4 as exit")


def test_16_5_15_5_the_exit_is_offered_on_the_hexes_it_may_be_made_from(make_position: Any, pg: Any) -> None:
    units = [_u("a1", "A4"), _u("a3", "A5"), _u("ft", "A6", "ftank", "a", FLAME_OUT),
             _u("b1", "L8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=FLAME, options=EXIT)
    offered = {pos.action_text(a) for a in pos.legal_actions if getattr(a, "mode", "") == "exit"}
    assert offered == {"move a1 A4 cost 1 as exit", "move ft A6 cost 1 as exit"}  # A5: no exit


def test_16_5_what_a_transport_carries_leaves_with_it(make_position: Any, pg: Any) -> None:
    from .test_transport import C as CARRY

    units = [_u("spw", "B3", "spw"), _u("i1", "B3"), _u("b2", "L8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=CARRY, options={"exit": {"a": {"hexes": ["A3"]}}})
    pos.push_text("load i1 into spw")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    pos.push_text("move spw B3-A3 as exit")
    assert "spw" not in pos.units and "i1" not in pos.units
    assert set(pos.game.gstate(pos.state).exited) == {"spw", "i1"}
    assert victory.steps_lost(pos, "a") == 0


def test_16_5_not_the_end_of_the_world_an_edge_hex_next_to_a_held_exit(make_position: Any, pg: Any) -> None:
    """16.5: when the enemy holds every hex a side may leave by (A4), its units may leave by a board-edge
    hex next to it instead (A5 here); while A4 is free, A5 is no exit."""
    pos = pg(make_position, [_u("a1", "A5"), _u("b1", "L8", "inf", "b")], options=EXIT)
    with pytest.raises(IllegalAction, match=r"A5 is not a hex a may leave the board by"):
        pos.push_text("move a1 A5 as exit")
    pos = pg(make_position, [_u("a1", "A5"), _u("b1", "A4", "inf", "b")], options=EXIT)
    pos.push_text("move a1 A5 as exit")
    assert "a1" not in pos.units and pos.game.gstate(pos.state).exited == ("a1",)
