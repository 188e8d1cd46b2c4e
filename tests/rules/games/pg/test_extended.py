"""The optional extended assault, the tank charge (17.0, ``options.extended_assault``): AFVs a tank leader
activated (not a tank carrying riders) assault from two or three hexes away, straight along their line of
sight; the enemy may opportunity-fire in each hex before the assault hex. The numbers are the text's
(2-3 hexes)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u
from .test_activation import RANKED


def _pos(make_position: Any, pg: Any, on: bool = True, extra: list[dict[str, Any]] | None = None,
         activate: str = "tl", **kw: Any) -> Any:
    units = [_u("tl", "C3", "tankldr"), _u("t1", "C3", "tank"), _u("b1", "C5", "inf", "b"),
             _u("b2", "K8", "inf", "b"), *(extra or [])]
    pos = pg(make_position, units, counters_extra=RANKED, options={"extended_assault": on}, **kw)
    pos.push_text(f"activate {activate}")
    return pos


def test_from_two_hexes_away_the_tank_assaults_after_fire_on_the_way(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    c5 = pos.map.parse_label("C5")
    moves = pos.legal_actions.moves_for({"t1"})
    assert c5 in moves and [pos.label(h) for h in moves[c5].path] == ["C3", "C4", "C5"]
    pos.push_text("move t1 C3-C4-C5")
    d = pos.decision
    assert d is not None and d.kind == "react" and pos.label(d.target) == "C4"  # fire on the way (13.0)
    pos.push_text("answer pass")
    assert pos.label(pos.units["t1"].hex) == "C5" and pos.decision.then == "assault"


def test_off_by_default(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, on=False)
    with pytest.raises(IllegalAction):
        pos.push_text("move t1 C3-C4-C5")


def test_only_straight_along_the_los_and_under_a_tank_leader(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, hexes={"C4": {"terrain": "woods"}})  # woods between: no LOS
    with pytest.raises(IllegalAction, match="line of sight"):
        pos.push_text("move t1 C3-C4-C5")
    pos = _pos(make_position, pg, activate="t1")
    with pytest.raises(IllegalAction, match="tank leader's activation"):
        pos.push_text("move t1 C3-C4-C5")
    pos = _pos(make_position, pg)
    with pytest.raises(IllegalAction):
        pos.push_text("move t1 C3-C4-C5-C6-C7")  # four hexes, through the enemy: no
