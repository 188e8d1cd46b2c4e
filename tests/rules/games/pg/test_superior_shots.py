"""Tank superiority's two AT shots a turn may be taken in the unit's own segment or as opportunity fire, not
one of each (11.2): a superior AFV that fired AT in its segment keeps its second shot for AT opportunity fire
at a mover; an AFV without superiority has done its firing for the turn."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u

TANK = {"type": "vehicle", "armor": 4, "at": 5, "at_range": 8, "df": 4, "df_range": 3, "ma": 6, "morale": 8,
        "steps": 2}
C: dict[str, dict[str, Any]] = {"sup": {**TANK, "superior": 1}, "plain": {**TANK, "superior": 0},
                                "enemy": {**TANK, "superior": 0, "armor": 9}}


def _after_segment_shot(make_position: Any, pg: Any, counter: str) -> Any:
    units = [_u("t", "C3", counter), _u("e1", "C6", "enemy", "b"), _u("e2", "E6", "enemy", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("activate t")
    pos.push_text("fire t at C6")
    pos.push_text("answer units e1")  # AT fire at e1 (11.0)
    pos.push_text("answer dice 1,1")  # 2 + 5 - 9: no effect
    while pos.to_act != "b" or pos.decision is not None or pos.game.gstate(pos.state).active:
        if pos.decision is not None:
            pos.push_text("answer pass" if pos.decision.kind != "roll" else "answer dice 1,1")
        elif pos.game.gstate(pos.state).active:
            pos.push_text("done")
        else:
            pos.push_text("pass")
    pos.push_text("activate e2")
    pos.push_text("move e2 E6-E7")  # in t's sight: a's opportunity window, if t may still fire
    return pos


def test_11_2_a_superior_afv_keeps_its_second_at_shot_for_opportunity_fire(make_position: Any, pg: Any
                                                                           ) -> None:
    pos = _after_segment_shot(make_position, pg, "sup")
    assert pos.decision is not None and pos.decision.side == "a" and pos.decision.kind == "react"
    pos.push_text("fire t at E7")
    assert pos.decision.then == "at_target" and pos.decision.choices == ()  # the kept shot is AT fire only
    pos.push_text("answer units e2")
    pos.push_text("answer dice 1,1")
    assert pos.game.gstate(pos.state).superior_at == ("t", "t")
    while pos.decision is not None and pos.decision.side == "a" and pos.decision.kind == "react":
        with pytest.raises(IllegalAction):
            pos.push_text("fire t at E7")  # two AT shots were its turn's
        pos.push_text("answer pass")


def test_11_2_without_superiority_the_segment_shot_was_all(make_position: Any, pg: Any) -> None:
    pos = _after_segment_shot(make_position, pg, "plain")
    assert pos.decision is None or pos.decision.side != "a"  # no window: t has fired this turn
    assert pos.label(pos.units["e2"].hex) == "E7"


def test_11_2_or_it_takes_both_in_its_own_side_s_segments(make_position: Any, pg: Any) -> None:
    """Both AT shots in its side's segments: after the first (its activation over), in a later segment it
    fires AT again (AT only); then it has fired twice and has nothing left for opportunity fire."""
    units = [_u("t", "C3", "sup"), _u("e1", "C6", "enemy", "b"), _u("e2", "E6", "enemy", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("activate t")
    pos.push_text("fire t at C6")
    pos.push_text("answer units e1")
    pos.push_text("answer dice 1,1")
    assert pos.to_act == "a" and not pos.game.gstate(pos.state).active  # a's next segment
    pos.push_text("fire t at E6")
    assert pos.decision.then == "at_target" and pos.decision.choices == ()  # AT only
    pos.push_text("answer units e2")
    pos.push_text("answer dice 1,1")
    assert pos.game.gstate(pos.state).superior_at == ("t", "t") and not pos.units["t"].has("opp_fire")
    if pos.to_act == "a" and pos.decision is None:
        with pytest.raises(IllegalAction):
            pos.push_text("fire t at C6")  # a third: no


def test_11_2_a_plain_afv_fires_once_in_its_activation(make_position: Any, pg: Any) -> None:
    units = [_u("t", "C3", "plain"), _u("e1", "C6", "enemy", "b"), _u("e2", "E6", "enemy", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("activate t")
    pos.push_text("fire t at C6")
    pos.push_text("answer units e1")
    pos.push_text("answer dice 1,1")
    with pytest.raises(IllegalAction):
        pos.push_text("fire t at E6")


def test_11_2_moving_fire_is_instead_of_the_two_shots(make_position: Any, pg: Any) -> None:
    """The optional moving fire (17.0) takes the place of the two AT shots: no second shot is kept."""
    units = [_u("t", "C3", "sup"), _u("e1", "C6", "enemy", "b")]
    pos = pg(make_position, units, counters_extra=C, options={"superior_moving_fire": True})
    pos.push_text("activate t for moving-fire")
    pos.push_text("fire t at C6")
    pos.push_text("answer units e1")
    pos.push_text("answer dice 1,1")
    assert pos.game.gstate(pos.state).at_kept == () and not pos.units["t"].has("opp_fire")
