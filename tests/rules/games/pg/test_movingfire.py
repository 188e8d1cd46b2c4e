"""The optional moving fire of superior units (17.0, ``options.superior_moving_fire``): a superior AFV,
instead of its two AT shots, moves up to half its printed MA and fires AT once at -1, in either order, then
is marked; 1944 or later, or before 1944 only with morale 8 or more. The numbers are the text's."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg.game import MARK

from .conftest import unit as _u

AFV = {"tiger": {"type": "vehicle", "ma": 6, "morale": 7, "armor": 5, "at": 8, "at_range": 8, "steps": 2,
                 "superior": 1},
       "pz": {"type": "vehicle", "ma": 6, "morale": 7, "armor": 3, "at": 5, "at_range": 6, "steps": 2},
       "t34": {"type": "vehicle", "ma": 6, "morale": 7, "armor": 4, "at": 6, "at_range": 6, "steps": 2}}


def _pos(make_position: Any, pg: Any, tank: str = "tiger", option: Any = True) -> Any:
    units = [_u("t", "B2", tank), _u("s", "H2", "t34", "b")]
    return pg(make_position, units, counters_extra=AFV, options={"superior_moving_fire": option})


def _pass(pos: Any) -> None:
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")  # b holds its opportunity fire (13.0)


def _fire(pos: Any) -> None:
    pos.push_text("fire t at H2")
    d = pos.decision
    assert d is not None and d.then == "at_target"
    pos.push_text("answer units s")


def test_move_half_the_ma_then_fire_once_at_minus_1(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    pos.push_text("activate t for moving-fire")
    moves = pos.game.moves_for(pos, frozenset({"t"}))
    assert max(m.cost for m in moves.values()) == 3  # half of MA 6
    pos.push_text("move t B2-C2-D2")
    _pass(pos)
    assert pos.game.gstate(pos.state).active == ("t",)  # the activation stays open for its shot
    _fire(pos)
    pos.push_text("answer dice 3,3")
    text = pos.last_resolution.text()
    assert "moving fire: -1" in text
    assert pos.units["t"].has(MARK) and not pos.game.gstate(pos.state).active


def test_fire_first_then_move(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    pos.push_text("activate t for moving-fire")
    _fire(pos)
    pos.push_text("answer dice 3,3")
    with pytest.raises(IllegalAction, match="fires once on the move"):
        pos.push_text("fire t at H2")
    pos.push_text("move t B2-C2-D2")
    _pass(pos)
    assert pos.label(pos.units["t"].hex) == "D2" and not pos.game.gstate(pos.state).active


@pytest.mark.parametrize("tank,option,match", [
    ("pz", True, "only a superior AFV"),
    ("tiger", {"before_1944": True}, "morale 8 or more"),
    ("tiger", False, "optional rule"),
])
def test_who_may(make_position: Any, pg: Any, tank: str, option: Any, match: str) -> None:
    pos = _pos(make_position, pg, tank, option)
    with pytest.raises(IllegalAction, match=match):
        pos.push_text("activate t for moving-fire")
