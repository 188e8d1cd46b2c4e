"""PG wreck clearing (16.3), from the text: an AFV with an armour value of 2 or more, activated in good
order in a hex with a wreck, spends its action there (MOVED/FIRED) in two consecutive turns, and the second
takes one wreck away; becoming disrupted or demoralised, firing, assaulting, moving (any other MOVED/FIRED
marker) between the two, or letting a turn pass, starts it over with a whole new two turns."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import works

from .conftest import unit as _u
from .test_works import C, _next_turn, _wreck


def _pos(make_position: Any, pg: Any, clearer: str = "tank") -> Any:
    """A town hex C3 where t2 (an AFV) lost a step: one wreck; t1 (armour 4) stands beside it."""
    pos = pg(make_position, [_u("t1", "C3", clearer), _u("t2", "C3", "tank"), _u("b1", "J8", "inf", "b")],
             counters_extra=C, hexes={"C3": {"terrain": "town"}}, turns=6)
    pos = _wreck(pos, "t2")
    assert works.wrecks_at(pos.game, pos, pos.map.parse_label("C3")) == 1
    return pos


def _wrecks(pos: Any) -> int:
    return works.wrecks_at(pos.game, pos, pos.map.parse_label("C3"))


def test_two_consecutive_turns_clear_one_wreck(make_position: Any, pg: Any) -> None:
    """16.3: turn 1 clearing (MOVED/FIRED, the wreck still there), turn 2 clearing: one wreck fewer, and the
    table is told to take the marker off C3."""
    pos = _pos(make_position, pg)
    pos.push_text("activate t1 for clear")
    assert pos.units["t1"].has("moved_fired") and _wrecks(pos) == 1
    _next_turn(pos)
    before = pos.state
    pos.push_text("activate t1 for clear")
    assert _wrecks(pos) == 0 and pos.units["t1"].has("moved_fired")
    taken = [p for p in pos.game.physical_changes(before, pos.state) if p.to == "wreck"]
    assert [(p.what, pos.label(p.hex), p.rule) for p in taken] == [("take", "C3", "16.3")]


def test_a_move_between_the_two_turns_starts_it_over(make_position: Any, pg: Any) -> None:
    """16.3 (16.21): moving after the first turn interrupts it; back in the hex, two whole turns again."""
    pos = _pos(make_position, pg)
    pos.push_text("activate t1 for clear")
    _next_turn(pos)
    pos.push_text("move t1 C3-D3")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.game.gstate(pos.state).clearing == ()
    _next_turn(pos)
    pos.push_text("move t1 D3-C3")
    _next_turn(pos)
    pos.push_text("activate t1 for clear")
    assert _wrecks(pos) == 1  # a first turn again
    _next_turn(pos)
    pos.push_text("activate t1 for clear")
    assert _wrecks(pos) == 0


def test_a_turn_without_clearing_starts_it_over(make_position: Any, pg: Any) -> None:
    """16.3: the two turns run one after the other."""
    pos = _pos(make_position, pg)
    pos.push_text("activate t1 for clear")
    _next_turn(pos)
    _next_turn(pos)
    pos.push_text("activate t1 for clear")
    assert _wrecks(pos) == 1


def test_disruption_between_the_turns_starts_it_over(make_position: Any, pg: Any) -> None:
    """16.3 (16.21): disrupted after the first turn (and recovered), the clearing begins again."""
    pos = _pos(make_position, pg)
    pos.push_text("activate t1 for clear")
    shaken = pos.at(pos.state.with_unit(pos.units["t1"].mark("disrupted")))
    shaken = shaken.at(shaken.game.settle(shaken))
    assert shaken.game.gstate(shaken.state).clearing == ()
    assert pos.game.gstate(pos.state).clearing != ()


@pytest.mark.parametrize(("counter", "markers", "why"), [
    ("apc", (), "armour value of 2"),  # armour 1
    ("truck", (), "armour value of 2"),
    ("tank", ("disrupted",), "good order"),
])
def test_who_may_clear(make_position: Any, pg: Any, counter: str, markers: tuple[str, ...], why: str) -> None:
    pos = pg(make_position, [_u("t1", "C3", counter, "a", *markers), _u("t2", "C3", "tank"),
                             _u("b1", "J8", "inf", "b")], counters_extra=C, hexes={"C3": {"terrain": "town"}})
    pos = _wreck(pos, "t2")
    with pytest.raises(IllegalAction, match=why):
        pos.push_text("activate t1 for clear")


def test_no_wreck_no_clearing(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("t1", "C3", "tank"), _u("b1", "J8", "inf", "b")], counters_extra=C)
    with pytest.raises(IllegalAction, match=r"no wreck"):
        pos.push_text("activate t1 for clear")


def test_its_tank_leader_disrupted_between_the_turns_starts_it_over(make_position: Any, pg: Any) -> None:
    """16.3: the text names the AFV's tank leader too: disrupted or demoralised after the first turn, the
    clearing begins again."""
    tl = {"type": "leader", "ma": 4, "morale": 8, "leader_kind": "tank"}
    pos = pg(make_position, [_u("t1", "C3", "tank"), _u("t2", "C3", "tank"), _u("tl", "C3", "tl"),
                             _u("b1", "J8", "inf", "b")], counters_extra={**C, "tl": tl},
             hexes={"C3": {"terrain": "town"}}, turns=6)
    pos = _wreck(pos, "t2")
    pos.push_text("activate t1 for clear")
    assert pos.game.gstate(pos.state).clearing == (("t1", "C3", 1, "tl"),)
    shaken = pos.at(pos.state.with_unit(pos.units["tl"].mark("demoralized")))
    shaken = shaken.at(shaken.game.settle(shaken))
    assert shaken.game.gstate(shaken.state).clearing == ()
