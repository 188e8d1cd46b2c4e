"""PG caves (16.7), from the text: a unit in a cave hex is in the cave (under its marker) or outside; no
direct fire or bombardment into or out of a cave, so units in it are attacked only by assault, the attacker
taking -2 against them; in an assault, the side that suffers more step losses than it inflicts (checks do
not count) leaves the cave hex with all its units and leaders, as from an assault hex, and takes the free
shot (12.12); no foxholes in a cave."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import caves

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "mtr": {"type": "personnel", "bombard": 8, "bombard_range": 8, "ma": 2, "morale": 8, "steps": 2,
            "branch": "MTR"},
}
CAVE = {"caves": ["C4"]}


def test_no_direct_fire_into_or_out_of_a_cave(make_position: Any, pg: Any) -> None:
    """16.7: enemies all in the cave cannot be fired at; a unit in a cave cannot fire out."""
    units = [_u("a1", "C3"), _u("a2", "C4", "inf", "a", "in_cave"), _u("b1", "C4", "inf", "b", "in_cave"),
             _u("b2", "C6", "inf", "b")]
    pos = pg(make_position, units[:1] + units[2:], options=CAVE)
    with pytest.raises(IllegalAction, match=r"16\.7"):
        pos.push_text("fire a1 at C4")
    pos = pg(make_position, [_u("a2", "C5", "inf", "a", "in_cave"), _u("b2", "C6", "inf", "b")],
             options={"caves": ["C5"]})
    with pytest.raises(IllegalAction, match=r"16\.7"):
        pos.push_text("fire a2 at C6")


def test_fire_at_a_cave_hex_touches_only_the_units_outside(make_position: Any, pg: Any) -> None:
    """16.7: INF 5 adjacent, roll 6 (column 11: X, demo chart): only b2, outside the cave, is a target."""
    units = [_u("a1", "C3"), _u("b1", "C4", "inf", "b", "in_cave"), _u("b2", "C4", "inf", "b")]
    pos = pg(make_position, units, options=CAVE)
    pos.push_text("fire a1 at C4")
    pos.push_text("answer dice 3,3")
    res = pos.last_resolution
    assert res is not None and res.results == {"b2": "X"}
    assert pos.units["b2"].has("reduced") and not pos.units["b1"].has("reduced")


def test_bombardment_does_not_reach_into_a_cave(make_position: Any, pg: Any) -> None:
    """16.7: a mortar bombarding the cave hex attacks only the units outside."""
    units = [_u("m", "C1", "mtr"), _u("b1", "C4", "inf", "b", "in_cave"), _u("b2", "C4", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C, options=CAVE)
    pos.push_text("fire m at C4")
    pos.push_text("answer dice 3,4")
    res = pos.last_resolution
    assert res is not None and res.chart == "bombardment" and set(res.results) == {"b2"}


def test_units_go_into_the_cave_as_their_action_and_dig_no_foxholes(make_position: Any, pg: Any) -> None:
    """16.7: under the cave marker (here as the unit's whole action, MOVED/FIRED); no foxholes in a cave."""
    pos = pg(make_position, [_u("a1", "C4"), _u("a2", "C4"), _u("a3", "C3"), _u("b1", "K8", "inf", "b")],
             options=CAVE)
    with pytest.raises(IllegalAction, match=r"16\.7"):
        pos.push_text("activate a3 for cave")
    with pytest.raises(IllegalAction, match=r"16\.[27]"):
        pos.push_text("activate a2 for dig")
    offered = {pos.action_text(a) for a in pos.legal_actions}
    assert "activate a1 for cave" in offered and "activate a3 for cave" not in offered
    pos.push_text("activate a1 for cave")
    assert caves.in_cave(pos.units["a1"]) and pos.units["a1"].has("moved_fired")


def _settle_losses(pos: Any) -> None:
    """Answer the step allotments (the first unit offered), morale checks (pass) and casualty rolls (live)."""
    while pos.decision is not None and pos.decision.then != "cave_exit":
        top = pos.decision
        if top.kind == "units":
            pos.push_text(f"answer units {top.units[0]}")
        elif top.then == "casualty":
            pos.push_text("answer dice 6,6")
        else:
            pos.push_text("answer dice 1,1")


def test_the_side_losing_more_steps_is_forced_out_with_the_free_shot(make_position: Any, pg: Any) -> None:
    """16.7: a1 (5) and al (+1) assault b1 in the cave: 6 -> column 6, +1 leader -> 8, -2 against b1 in the
    cave -> 5; roll 2 -> nothing (demo chart; on column 8 it would be M). b1's 5 -> column 5, roll 6 -> 1
    step. a lost a step and inflicted none: a1 and al leave C4 for the hex a chooses, and b1 takes its free
    shot at them (12.12)."""
    units = [_u("a1", "C3"), _u("al", "C3", "ldr"), _u("b1", "C4", "inf", "b", "in_cave"),
             _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, options=CAVE)
    pos.push_text("move a1,al C3-C4")
    pos.push_text("answer dice 1,1")  # the attacker
    pos.push_text("answer dice 3,3")  # the defender
    res = pos.last_resolution
    assert res is not None and "b1 in a cave: -2 (16.7)" in res.text()
    assert res.results["b1"] == "-" and res.results["a1"] == "1"
    _settle_losses(pos)
    top = pos.decision
    assert top is not None and top.then == "cave_exit" and top.side == "a" and top.rule == "16.7"
    assert set(top.subject) == {"a1", "al"}
    pos.push_text("answer hex C3")
    assert pos.label(pos.units["a1"].hex) == "C3" and pos.label(pos.units["al"].hex) == "C3"
    top = pos.decision
    assert top is not None and top.then == "free_shot" and top.side == "b"
    assert set(top.subject) == {"a1", "al"}


def test_equal_losses_force_nobody_out(make_position: Any, pg: Any) -> None:
    """16.7: only more losses than inflicted force a side out (here neither side loses a step)."""
    units = [_u("a1", "C3"), _u("al", "C3", "ldr"), _u("b1", "C4", "inf", "b", "in_cave"),
             _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, options=CAVE)
    pos.push_text("move a1,al C3-C4")
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 1,1")
    _settle_losses(pos)
    assert pos.decision is None or pos.decision.then != "cave_exit"
    assert pos.label(pos.units["a1"].hex) == "C4"


def test_a_scenario_may_keep_a_cave_to_one_side(make_position: Any, pg: Any) -> None:
    """16.7: the scenario may restrict which side enters a cave (``options.caves``: hex -> side)."""
    units = [_u("a1", "C4"), _u("b1", "K8", "inf", "b")]
    pos = pg(make_position, units, options={"caves": {"C4": "b"}})
    with pytest.raises(IllegalAction, match=r"16\.7"):
        pos.push_text("activate a1 for cave")


def test_a_unit_leaving_the_cave_hex_is_out_of_the_cave(make_position: Any, pg: Any) -> None:
    """16.7: the cave is in its hex: a unit that moves away is no longer under the marker."""
    pos = pg(make_position, [_u("a1", "C4", "inf", "a", "in_cave"), _u("b1", "K8", "inf", "b")], options=CAVE)
    pos.push_text("move a1 C4-C3")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert not caves.in_cave(pos.units["a1"])
