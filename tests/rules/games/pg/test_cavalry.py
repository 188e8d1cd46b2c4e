"""PG cavalry charge (15.3 in the text, 15.31 in the digest): good-order cavalry a cavalry leader activated
charges an enemy two hexes away that it spots itself, through an enemy-free hex from which the target is
seen, and assaults at +1; never from next to it; opportunity fire only in the first hex."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "cav": {"type": "personnel", "df": 4, "df_range": 1, "ma": 6, "morale": 8, "steps": 2, "branch": "CAV"},
    "cavldr": {"type": "leader", "ma": 6, "morale": 8, "combat": 1, "morale_mod": 1, "rank": "LT",
               "cavalry": 1},
    "lt": {"type": "leader", "ma": 4, "morale": 8, "combat": 1, "morale_mod": 1, "rank": "LT"},
}


def _pos(make_position: Any, pg: Any, leader: str = "cavldr", **kw: Any) -> Any:
    units = [_u("c1", "C3", "cav"), _u("cl", "C3", leader), _u("b1", "C5", "inf", "b"),
             _u("b2", "J8", "inf", "b")]
    return pg(make_position, units, counters_extra=C, **kw)


def test_a_cavalry_leaders_troopers_charge_from_two_hexes_at_plus_1(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    pos.push_text("activate cl")
    L = pos.map.parse_label
    assert pos.legal_actions.moves_for({"c1", "cl"})[L("C5")].path == (L("C3"), L("C4"), L("C5"))
    pos.push_text("move c1,cl C3-C4-C5")
    while pos.decision is not None and pos.decision.kind == "react":  # first hex: b1 may fire; it passes
        pos.push_text("answer pass")
    assert pos.decision.then == "assault"
    pos.push_text("answer dice 3,3")
    pos.push_text("answer dice 3,3")
    assert "attacker: cavalry charge: +1 (15.31)" in pos.last_resolution.text()


def test_no_charge_without_a_cavalry_leader_nor_from_next_to_the_enemy(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, leader="lt")
    pos.push_text("activate cl")
    with pytest.raises(IllegalAction, match=r"15\.31"):
        pos.push_text("move c1,cl C3-C4-C5")
    units = [_u("c1", "C4", "cav"), _u("cl", "C4", "cavldr"), _u("b1", "C5", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("activate cl")
    with pytest.raises(IllegalAction, match=r"15\.31"):
        pos.push_text("move c1,cl C4-D4-C5")  # from next to the target: no charge


def test_the_charge_needs_the_target_spotted_by_the_cavalry_itself(make_position: Any, pg: Any) -> None:
    """15.3: cavalry charges a target it spots itself. At night with a 1-hex spotting range (8.12) the enemy
    two hexes off is in LOS but not spotted: no charge (the move into its hex is refused as one)."""
    pos = _pos(make_position, pg, options={"light": "night", "night_spotting": 1})
    pos.push_text("activate cl")
    L = pos.map.parse_label
    assert L("C5") not in pos.legal_actions.moves_for({"c1", "cl"})
    units = [pos.units["c1"], pos.units["cl"]]
    why = pos.game.charge_problem(pos, units, (L("C3"), L("C4"), L("C5")))
    assert why is not None and "spot the target itself" in why
