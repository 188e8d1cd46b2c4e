"""A guard taking his prisoners off his side's friendly board edge (A20.53), the edge given by the scenario
(``options.friendly_edge``). The map is conftest's 12 x 8 board: column L is its east edge. Counters from the
demo catalogue; the VP are A26.211's (a squad 2)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]
EDGE = {"friendly_edge": {"a": ["L3", "L4", "L5"]}}


def _units() -> list[dict[str, Any]]:
    return [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "K4"},
            {"id": "b-9", "counter": "4-4-7r", "side": "b", "hex": "K4", "markers": ["prisoner"],
             "carrier": "a-1"},
            {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "K5"},
            {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "A1"}]


def _go(pos: Any, text: str) -> None:
    pos.push_text(text)
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def test_a20_53_a_guard_leaves_by_his_friendly_edge_with_his_prisoner(make_position: Any) -> None:
    """A20.53: the German guard takes his Russian prisoner off by the German friendly edge (L4, no exit hex
    of the scenario): both leave; the guard is not counted eliminated (the Russians 0 CVP), the prisoner
    counts for the Germans as a squad off the map (2 CVP, as guards.exit_with has it), and no Exit VP."""
    pos = make_position("asl", _units(), "MPh", options=EDGE, counters=COUNTERS, sides=SIDES)
    _go(pos, "move a-1 K4-L4 as exit")
    assert "a-1" not in pos.units and "b-9" not in pos.units
    status = [str(s) for s in pos.game.status(pos)]
    assert "a: 2 CVP (A26.22)" in status and "b: 0 CVP (A26.22)" in status
    assert ("a-1", 0) in pos.game.gstate(pos.state).exited


def test_a26_221_a_squad_guarding_none_leaves_by_the_friendly_edge_as_a_casualty(make_position: Any) -> None:
    """A2.6 lets any unit leave by any edge hex; A20.53's leave is the guard's: the squad guarding no one
    that goes off the friendly edge at L5 counts as eliminated (A26.221): its 2 VP to the Russians."""
    pos = make_position("asl", _units(), "MPh", options=EDGE, counters=COUNTERS, sides=SIDES)
    _go(pos, "move a-2 K5-L5 as exit")
    assert "a-2" not in pos.units
    assert "b: 2 CVP (A26.22)" in [str(s) for s in pos.game.status(pos)]


def test_a20_53_no_friendly_edge_given_the_guard_leaving_is_a_casualty(make_position: Any) -> None:
    """Without ``friendly_edge`` the scenario names none: the guard may still leave by the edge (A2.6), but
    not as A20.53's guard: he counts as eliminated (A26.221, 2 CVP to the Russians)."""
    pos = make_position("asl", _units(), "MPh", counters=COUNTERS, sides=SIDES)
    _go(pos, "move a-1 K4-L4 as exit")
    assert "b: 2 CVP (A26.22)" in [str(s) for s in pos.game.status(pos)]


def test_a26_23_no_exit_vp_for_leaving_by_the_friendly_edge(make_position: Any) -> None:
    """The scenario's exit hex is L1 (4 Exit VP to win); the guard leaving by the friendly edge at L4 scores
    none of them (A26.23 counts the exit hexes), and is still no casualty (A20.53)."""
    options = {**EDGE, "victory": {"exit": {"side": "a", "hexes": ["L1"], "vp": 4}}}
    pos = make_position("asl", _units(), "MPh", options=options, counters=COUNTERS, sides=SIDES)
    _go(pos, "move a-1 K4-L4 as exit")
    status = [str(s) for s in pos.game.status(pos)]
    assert "a: 0 Exit VP of 4 (A26.23)" in status and "b: 0 CVP (A26.22)" in status


@pytest.mark.parametrize(("edge", "message"), [
    ({"a": ["E4"]}, "'E4' is not on the board's edge"),
    ({"c": ["L4"]}, "'c' is not a side"),
    ({"a": ["Z9"]}, "'Z9' is not a hex label"),
    (["L4"], "must be an object"),
])
def test_a20_53_a_malformed_friendly_edge_is_a_clear_error(make_position: Any, edge: Any,
                                                           message: str) -> None:
    """Bad scenario data: an error naming the scenario's key and the place, never a traceback."""
    with pytest.raises(DataError, match=r"options\.friendly_edge") as e:
        make_position("asl", _units(), "MPh", options={"friendly_edge": edge}, counters=COUNTERS, sides=SIDES)
    assert message in str(e.value)
