"""PG victory as computed checks (1.2): hex control follows the last side to hold a hex alone; steps lost are
counted from the set-up; after the last turn the first condition met names the winner."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.pg import victory

from .conftest import unit as _u

WIN = {"victory": [{"side": "a", "control": ["C5"]}, {"side": "b", "steps": 2, "of": "a"},
                   {"side": "b", "else": True}]}


def _end_turn(pos: Any) -> None:
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    pos.push_text("pass")
    pos.push_text("pass")


def test_taking_the_objective_wins_after_the_last_turn(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "J8", "inf", "b")],
             options={**WIN, "control": {"C5": "b"}}, turns=1)
    assert dict(pos.game.gstate(pos.state).control)["C5"] == "b"  # the scenario gives it to b (1.2)
    pos.push_text("move a1 C3-C4-C5")
    assert dict(pos.game.gstate(pos.state).control)["C5"] == "a"
    assert pos.outcome() is None  # not before the last turn is over
    _end_turn(pos)
    out = pos.outcome()
    assert pos.state.over and out is not None and out.winner == "a" and "C5" in out.reason


def test_steps_lost_and_the_default_winner(make_position: Any, pg: Any) -> None:
    units = [_u("a1", "C3", "inf", "a", "reduced"), _u("a2", "E3"), _u("b1", "J8", "inf", "b")]
    pos = pg(make_position, units, options={**WIN, "control": {"C5": "b"}}, turns=1)
    assert victory.steps_lost(pos, "a") == 0  # set up reduced: nothing lost yet
    pos._states[-1] = pos.state.with_unit(pos.units["a2"].mark("reduced"))
    assert victory.steps_lost(pos, "a") == 1
    _end_turn(pos)
    out = pos.outcome()
    assert out is not None and out.winner == "b" and "no other condition" in out.reason
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "J8", "inf", "b")],
             options={**WIN, "control": {"C5": "b"}}, turns=1)
    pos._states[-1] = pos.state.without_unit("a1")
    assert victory.steps_lost(pos, "a") == 2  # a full unit eliminated: both its steps
    _end_turn(pos)
    assert pos.outcome().winner == "b" and "lost 2 steps" in pos.outcome().reason


def test_at_the_start_each_hex_is_the_side_s_that_set_up_nearer(make_position: Any, pg: Any) -> None:
    """1.2: both sides set up on the board: a hex goes to the side whose combat unit holds it or is nearer;
    one as near to both goes to the side that sets up first; with one side alone on the board every hex is
    its own."""
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "C7", "inf", "b")], options={"first_setup": "b"})
    control = dict(pos.game.gstate(pos.state).control)
    assert [control[h] for h in ("C3", "C4", "C5", "C6", "C7")] == ["a", "a", "b", "b", "b"]
    alone = pg(make_position, [_u("a1", "C3")])
    control = dict(alone.game.gstate(alone.state).control)
    assert set(control.values()) == {"a"} and len(control) == len(alone.map.hexes)
