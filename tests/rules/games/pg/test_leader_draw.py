"""PG leaders chosen by random draw (6.1): each side puts its leaders of the scenario's ranks in a cup,
draws the number the scenario gives, tosses each like a coin and uses the face up (each face is a different
leader); the rest leave play. The cup and the coin are on the table: the owner names the counters drawn and
the face each toss shows."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import formation, victory
from hexmate.rules.games.pg import units as pu

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "lt": {"type": "leader", "ma": 4, "morale": 9, "combat": 1, "morale_mod": 1,
           "back_morale": 7, "back_combat": 0, "back_morale_mod": 0},
}
DRAW = {"leader_draw": {"a": [{"pool": ["l1", "l2", "l3"], "count": 2}]}}


def _pos(make_position: Any, pg: Any) -> Any:
    units = [_u("a1", "C3"), _u("l1", "C3", "lt"), _u("l2", "C3", "lt"), _u("l3", "C3", "lt"),
             _u("b1", "L8", "inf", "b")]
    return pg(make_position, units, a=None, counters_extra=C, options=DRAW)


def test_the_set_up_asks_for_the_leaders_drawn_then_each_toss(make_position: Any, pg: Any) -> None:
    """6.1: a draws 2 of its 3 LTs; l3 leaves play; l2's toss lands on its other face (morale 7, combat 0),
    l1's on the front (morale 9)."""
    pos = _pos(make_position, pg)
    d = pos.decision
    assert (d.kind, d.side, d.then, d.rule, d.count, tuple(d.units)) == (
        "units", "a", "leader_draw", "6.1", 2, ("l1", "l2", "l3"))
    pos.push_text("answer units l1,l2")
    assert "l3" not in pos.units and {"l1", "l2"} <= set(pos.units)
    asked = []
    while pos.decision is not None and pos.decision.then == "leader_face":
        asked.append(pos.decision.subject[0])
        pos.push_text("answer back" if pos.decision.subject == ("l2",) else "answer front")
    assert sorted(asked) == ["l1", "l2"]
    assert pu.value(pos.units["l2"], "morale") == 7 and pu.value(pos.units["l2"], "combat") == 0
    assert pu.value(pos.units["l1"], "morale") == 9
    assert pos.decision is not None and pos.decision.then != "leader_draw"  # on to the initiative (3.0 A)


def test_the_draw_must_name_the_scenarios_number_from_the_cup(make_position: Any, pg: Any) -> None:
    """6.1: exactly the number the scenario gives, from the cup's counters."""
    pos = _pos(make_position, pg)
    with pytest.raises(IllegalAction, match=r"6\.1"):
        pos.push_text("answer units l1")
    with pytest.raises(IllegalAction, match=r"6\.1"):
        pos.push_text("answer units l1,a1")


def test_without_the_option_nothing_is_drawn(make_position: Any, pg: Any) -> None:
    """6.1 applies where the scenario asks for it; otherwise its leaders are set up as listed."""
    pos = pg(make_position, [_u("a1", "C3"), _u("l1", "C3", "lt"), _u("b1", "L8", "inf", "b")], a=None,
             counters_extra=C)
    assert pos.decision is None or pos.decision.then != "leader_draw"


def test_the_leaders_left_in_the_cup_are_not_losses(make_position: Any, pg: Any) -> None:
    """6.1: l3, not drawn, leaves play without being eliminated: the formation activation's DRM (17.0: +1 per
    friendly leader eliminated) and the victory steps do not count it; l1 eliminated later does count."""
    pos = _pos(make_position, pg)
    pos.push_text("answer units l1,l2")
    while pos.decision is not None and pos.decision.then == "leader_face":
        pos.push_text("answer front")
    assert "l3" not in pos.units
    assert formation.losses(pos, "a") == (0, 0) and victory.steps_lost(pos, "a") == 0
    gone = pos.at(pos.state.replace(units={k: v for k, v in pos.state.units.items() if k != "l1"}))
    assert formation.losses(gone, "a") == (1, 0)
