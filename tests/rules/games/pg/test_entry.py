"""PG units coming onto the board (16.5): off the board until their turn, activated as usual, placed on an
entry hex of theirs, paying the entry hex plus one off-board hex per stack that came on through it before
them (the 16.5 example: six trucks, three to a stack, pay 1/2 then 1 by a road and 2 then 4 off it; the
truck's clear 2 and road 1/2 are the example's own numbers, movement.json), then moving on with the rest."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "truck": {"type": "vehicle", "ma": 8, "morale": 6, "transport": 1, "steps": 1},
}
ROAD = [{"hex": "A4", "side": "NE", "features": ["road"]}]


def _pos(make_position: Any, pg: Any, entry: dict[str, Any], road: bool = True, **kw: Any) -> Any:
    trucks = [_u(f"t{n}", "A4", "truck") for n in range(1, 7)]
    plan = {f"t{n}": entry for n in range(1, 7)}
    return pg(make_position, [*trucks, _u("b1", "L8", "inf", "b")], counters_extra=C,
              options={"entry": plan}, hexsides=ROAD if road else [], **kw)


def _enter(pos: Any, ids: str, where: str = "A4") -> Any:
    pos.push_text(f"activate {ids}")
    assert pos.decision is not None and pos.decision.then == "enter_board"
    pos.push_text(f"answer hex {where}")
    return dict(pos.game.gstate(pos.state).entry_spent)


@pytest.mark.parametrize(("road", "first", "second"), [(True, Fraction(1, 2), 1), (False, 2, 4)])
def test_six_trucks_enter_by_one_hex_the_second_stack_pays_one_hex_more(
        make_position: Any, pg: Any, road: bool, first: Any, second: Any) -> None:
    pos = _pos(make_position, pg, {"turn": 1, "hexes": ["A4"]}, road=road)
    assert all(pos.units[f"t{n}"].hex is None for n in range(1, 7))
    spent = _enter(pos, "t1,t2,t3")
    assert {pos.label(pos.units[f"t{n}"].hex) for n in (1, 2, 3)} == {"A4"}
    assert [spent[f"t{n}"] for n in (1, 2, 3)] == [first] * 3
    for n in (1, 2, 3):  # each truck moves on with what is left of its MA 8, one at a time (1.2)
        pos.push_text(f"move t{n} A4-B4")
    assert pos.state.flow is not None
    while pos.to_act != "a" or pos.game.gstate(pos.state).active:
        pos.push_text("pass" if pos.to_act == "b" else "done")
    spent = _enter(pos, "t4,t5,t6")
    assert [spent[f"t{n}"] for n in (4, 5, 6)] == [second] * 3


def test_what_the_entry_cost_leaves_is_the_move(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, {"turn": 1, "hexes": ["A4"]}, road=False)
    _enter(pos, "t1")
    moves = pos.legal_actions.moves_for({"t1"})
    assert moves and max(m.cost for m in moves.values()) <= 8 - 2  # 2 MP paid coming on off the road
    with pytest.raises(IllegalAction, match=r"more than the movement allowance"):
        pos.push_text("move t1 A4-B4-C4-D4-E4")  # 4 clear hexes at 2: 8 MP, 6 left


def test_not_before_their_turn_and_only_on_their_entry_hexes(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, {"turn": 2, "hexes": ["A4", "A5"]})
    assert not any(getattr(a, "kind", "") == "activate" and "t1" in a.units for a in pos.legal_actions)
    with pytest.raises(IllegalAction, match=r"t1 comes on from turn 2 \(16\.5\)"):
        pos.push_text("activate t1")
    pos = _pos(make_position, pg, {"turn": 1, "hexes": ["A4", "A5"]})
    pos.push_text("activate t1")
    assert {pos.label(h) for h in pos.decision.hexes} == {"A4", "A5"}
    with pytest.raises(IllegalAction, match=r"not an answer to: t1 come on .* on an entry hex \(A4, A5\)"):
        pos.push_text("answer hex B4")


@pytest.mark.parametrize(("entry", "message"), [
    ({"turn": 0, "hexes": ["A4"]}, r"test-scenario: options\.entry\.t1\.turn: a whole number from 1 to 3"),
    ({"turn": 1, "hexes": ["D4"]}, r"test-scenario: options\.entry\.t1\.hexes\[0\]: D4 is not a board-edge"),
    ({"turn": 1, "hexes": ["Z99"]}, r"test-scenario: options\.entry\.t1\.hexes\[0\]"),
])
def test_bad_entries_name_the_file_and_the_place(
        make_position: Any, pg: Any, entry: dict[str, Any], message: str) -> None:
    with pytest.raises(DataError, match=message):
        _pos(make_position, pg, entry)


def test_a_leaders_stack_may_enter_straight_into_an_enemy_edge_hex_to_assault(make_position: Any,
                                                                              pg: Any) -> None:
    # 16.5: entering units may go straight into an edge hex to assault (12.1: good order, a leader's)
    plan = {"i": {"turn": 1, "hexes": ["A4"]}, "l": {"turn": 1, "hexes": ["A4"]}}
    units = [_u("i", "A4"), _u("l", "A4", "ldr"), _u("b1", "A4", "inf", "b"), _u("x", "L8")]
    pos = pg(make_position, units, counters_extra=C, options={"entry": plan})
    with pytest.raises(IllegalAction, match=r"the enemy holds every entry hex of theirs: from turn 2"):
        pos.push_text("activate i")  # alone, no leader: no assault (and no entry next to it before turn 2)
    pos.push_text("activate i,l")
    pos.push_text("answer hex A4")
    assert pos.label(pos.units["i"].hex) == "A4" and pos.decision.then == "assault"


def test_16_5_along_a_ridge_the_off_board_hexes_cost_the_ridge_s_mp(make_position: Any, pg: Any) -> None:
    """16.5: units coming on along a ridge pay the ridge's MP for the hexes off the board, not the clear
    rate. The TEC is not in the text: the truck's ridge MP (1) is movement.json's demo value, against the
    example's clear 2, so the second stack pays 1 + 1 where off a ridge it paid 2 + 2."""
    pos = _pos(make_position, pg, {"turn": 1, "hexes": ["A4"]}, road=False, hexes={"A4": "ridge"})
    spent = _enter(pos, "t1,t2,t3")
    assert [spent[f"t{n}"] for n in (1, 2, 3)] == [1] * 3
    for n in (1, 2, 3):
        pos.push_text(f"move t{n} A4-B4")
    while pos.to_act != "a" or pos.game.gstate(pos.state).active:
        pos.push_text("pass" if pos.to_act == "b" else "done")
    spent = _enter(pos, "t4,t5,t6")
    assert [spent[f"t{n}"] for n in (4, 5, 6)] == [2] * 3
