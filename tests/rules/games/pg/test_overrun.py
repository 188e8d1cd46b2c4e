"""The optional overrun (蹂躙攻撃, ``rules/games/pg/overrun.py``): off unless the scenario turns it on; AFVs a
tank leader activated, from two or three hexes straight at the target along their line of sight, name an
exit hex beyond it first, fight the assault with both sides one column lower, then go on to the exit unless
demoralized. The numbers are the text's (2-3 hexes, -1 each side)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u
from .test_activation import RANKED


def _pos(make_position: Any, pg: Any, on: bool = True, **kw: Any) -> Any:
    units = [_u("tl", "C3", "tankldr"), _u("t1", "C3", "tank"), _u("b1", "C5", "inf", "b"),
             _u("b2", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=RANKED, options={"overrun": on}, **kw)
    pos.push_text("activate tl")
    return pos


def _to_target(pos: Any) -> None:
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")  # b holds its opportunity fire at C4 (13.0)


def test_off_by_default_an_enemy_two_hexes_off_is_not_a_move(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, on=False)
    with pytest.raises(IllegalAction):
        pos.push_text("move t1 C3-C4-C5")


def test_the_exit_hex_is_named_first_then_the_assault_is_one_column_lower_each_side(make_position: Any,
                                                                                     pg: Any) -> None:
    pos = _pos(make_position, pg)
    pos.push_text("move t1 C3-C4-C5")
    d = pos.decision
    assert d.then == "overrun_exit" and d.kind == "hexes" and d.target == pos.map.parse_label("C5")
    offered = {pos.label(h) for h in d.hexes}
    assert "C6" in offered and "C4" not in offered  # beyond the target, never back on the path
    pos.push_text("answer hex C6")
    assert pos.game.gstate(pos.state).overrun == ("C5", "C6", "3", "t1")  # 3 MP: C4, C5, C6
    _to_target(pos)
    assert pos.label(pos.units["t1"].hex) == "C5" and pos.decision.then == "assault"
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 1,1")
    text = pos.last_resolution.text()
    assert "attacker: overrun: -1 (overrun)" in text and "defender: overrun: -1 (overrun)" in text
    while pos.decision is not None and pos.decision.then != "overrun_after":
        pos.push_text("answer dice 1,1" if pos.decision.dice == "2d6" else "answer dice 1")
    assert pos.decision is not None
    pos.push_text("answer exit")
    assert pos.label(pos.units["t1"].hex) == "C6" and pos.game.gstate(pos.state).overrun == ()
    assert not pos.units["t1"].has("disrupted")  # the defender's 1,1 did not shake it (demo chart)
    # good order: on from the exit hex with what is left of MA 6 after C4, C5 and C6 (1 MP each, demo TEC)
    assert "3 MP left" in pos.last_resolution.text()
    # the step to the exit hex is a move: b1, next to it in C5, may opportunity-fire there (13.0)
    top = pos.decision
    assert top.kind == "react" and top.side == "b" and pos.label(top.target) == "C6"
    assert ("fire b1 at C6" in {pos.action_text(a) for a in pos.legal_actions})
    pos.push_text("answer pass")
    assert pos.decision is None  # and no free shot for leaving C5 (12.12: not a withdrawal)
    assert not pos.units["t1"].has("moved_fired")
    pos.push_text("move t1 C6-C7-C8")
    _to_target(pos)
    assert pos.label(pos.units["t1"].hex) == "C8" and pos.units["t1"].has("moved_fired")


def test_a_demoralized_overrunner_stays_in_the_assault_hex(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    pos.push_text("move t1 C3-C4-C5")
    pos.push_text("answer hex C6")
    _to_target(pos)
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 1,1")
    # as if the assault had demoralized it (the demo chart's cells are not the text's)
    pos._states[-1] = pos.state.with_unit(pos.units["t1"].mark("demoralized"))
    while pos.decision is not None and pos.decision.then != "overrun_after":
        pos.push_text("answer dice 6,6" if pos.decision.dice == "2d6" else "answer dice 6")
    pos.push_text("answer exit")
    assert pos.label(pos.units["t1"].hex) == "C5"


@pytest.mark.parametrize(("start", "path", "message"), [
    ("C3", "C3-D3-D4-C5", r"goes straight at it \(overrun\)"),  # 3 steps to a target 2 hexes off
    ("C1", "C1-C2-C3-C4-C5", r"step C4-C5 is not allowed"),  # 4 hexes off: not an overrun
])
def test_refused_when_not_straight_or_too_far(make_position: Any, pg: Any, start: str, path: str,
                                              message: str) -> None:
    units = [_u("tl", start, "tankldr"), _u("t1", start, "tank"), _u("b1", "C5", "inf", "b"),
             _u("b2", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=RANKED, options={"overrun": True})
    pos.push_text("activate tl")
    with pytest.raises(IllegalAction, match=message):
        pos.push_text(f"move t1 {path}")


def test_only_under_a_tank_leader(make_position: Any, pg: Any) -> None:
    units = [_u("t1", "C3", "tank"), _u("b1", "C5", "inf", "b"), _u("b2", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=RANKED, options={"overrun": True})
    pos.push_text("activate t1")
    with pytest.raises(IllegalAction, match=r"tank leader's activation"):
        pos.push_text("move t1 C3-C4-C5")


def test_the_overrun_is_offered_so_a_counter_set_on_the_target_reads_as_it(make_position: Any,
                                                                          pg: Any) -> None:
    pos = _pos(make_position, pg)
    moves = pos.legal_actions.moves_for({"t1"})
    c5 = pos.map.parse_label("C5")
    assert c5 in moves and [pos.label(h) for h in moves[c5].path] == ["C3", "C4", "C5"]
    off = _pos(make_position, pg, on=False)
    assert c5 not in off.legal_actions.moves_for({"t1"})


def test_cavalry_under_a_cavalry_leader_overruns_from_three_hexes_and_still_charges_from_two(
        make_position: Any, pg: Any) -> None:
    # the overrun is open to cavalry a cavalry leader activated (6.91); from two hexes the move stays the
    # 15.31 charge, from three it is the overrun
    from .test_cavalry import C as CAV

    units = [_u("c1", "C2", "cav"), _u("cl", "C2", "cavldr"), _u("b1", "C5", "inf", "b"),
             _u("b2", "J8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=CAV, options={"overrun": True})
    pos.push_text("activate cl")
    pos.push_text("move c1 C2-C3-C4-C5")
    assert pos.decision.then == "overrun_exit"
    units[0]["hex"] = units[1]["hex"] = "C3"
    pos = pg(make_position, units, counters_extra=CAV, options={"overrun": True})
    pos.push_text("activate cl")
    pos.push_text("move c1 C3-C4-C5")
    assert pos.decision is None or pos.decision.then != "overrun_exit"
    assert pos.game.gstate(pos.state).charge == ("c1",)


def test_opportunity_fire_at_the_exit_step_that_shakes_the_overrunner_stops_it_there(
        make_position: Any, pg: Any) -> None:
    """13.0, 13.1: the overrunner's step to its exit hex draws opportunity fire; a failed check stops it in
    the exit hex with its MOVED/FIRED marker (no move on)."""
    pos = _pos(make_position, pg)
    pos.push_text("move t1 C3-C4-C5")
    pos.push_text("answer hex C6")
    _to_target(pos)
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 1,1")
    while pos.decision is not None and pos.decision.then != "overrun_after":
        pos.push_text("answer dice 1,1" if pos.decision.dice == "2d6" else "answer dice 1")
    pos.push_text("answer exit")
    assert pos.decision.kind == "react"
    # as if b1's shot had disrupted it in C6 (the demo DFT gives an AFV nothing short of X, 7.41)
    pos._states[-1] = pos.state.with_unit(pos.units["t1"].mark("disrupted"))
    pos.push_text("answer pass")
    assert pos.label(pos.units["t1"].hex) == "C6" and pos.units["t1"].has("moved_fired")
    assert pos.state.moving is None and pos.game.gstate(pos.state).overrun_exit == ()


def test_a_disrupted_overrunner_goes_on_to_the_exit_hex_and_stops(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    pos.push_text("move t1 C3-C4-C5")
    pos.push_text("answer hex C6")
    _to_target(pos)
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 1,1")
    pos._states[-1] = pos.state.with_unit(pos.units["t1"].mark("disrupted"))  # as if the assault shook it
    while pos.decision is not None and pos.decision.then != "overrun_after":
        pos.push_text("answer dice 6,6" if pos.decision.dice == "2d6" else "answer dice 6")
    pos.push_text("answer exit")
    assert "disrupted: they go on to C6 and stop there" in pos.last_resolution.text()
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")  # 13.0: the step to the exit hex may be fired at
    assert pos.label(pos.units["t1"].hex) == "C6" and pos.units["t1"].has("moved_fired")
