"""PG penal units (15.4) and strongpoints' recovery (16.1), from the text: a penal unit not demoralized moves
each turn with its whole MA along a route shortest in MP toward the nearest enemy it spots (else the
nearest on the board) and assaults it; disrupted or demoralized next to the enemy it must try to recover
instead; its side may not pass while one has not been activated. A demoralized strongpoint that fails to
recover is removed. One MP a clear hex is the demo TEC value."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "pen": {"type": "personnel", "df": 4, "df_range": 3, "ma": 3, "morale": 7, "steps": 2, "penal": 1},
    "sp": {"type": "personnel", "df": 4, "df_range": 3, "ma": 0, "morale": 8, "steps": 1, "strongpoint": 1},
}


def _dests(pos: Any, *ids: str) -> set[str]:
    return {pos.label(h) for h in pos.game.moves_for(pos, frozenset(ids))}


def test_a_penal_unit_moves_its_whole_ma_on_a_shortest_route(make_position: Any, pg: Any) -> None:
    """15.4: from A1 toward b1 in H1 (6 MP to a hex next to it), MA 3: it ends 3 MP nearer, never short of
    that nor aside."""
    pos = pg(make_position, [_u("p", "A1", "pen"), _u("b1", "H1", "inf", "b")], counters_extra=C)
    dests = _dests(pos, "p")
    assert "D1" in dests and not {"B1", "C1", "A2", "B2"} & dests
    with pytest.raises(IllegalAction, match=r"15\.4"):
        pos.push_text("move p A1-B1")
    with pytest.raises(IllegalAction, match=r"15\.4"):
        pos.push_text("move p A1-A2-A3-A4")
    pos.push_text("move p A1-B1-C1-D1")
    assert pos.label(pos.units["p"].hex) == "D1"


def test_its_side_may_not_pass_before_it_is_activated(make_position: Any, pg: Any) -> None:
    """15.4: a penal unit must be activated every turn."""
    pos = pg(make_position, [_u("p", "A1", "pen"), _u("b1", "H1", "inf", "b")], counters_extra=C)
    with pytest.raises(IllegalAction, match=r"15\.4"):
        pos.push_text("pass")
    pos.push_text("move p A1-B1-C1-D1")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    pos.push_text("pass")


def test_it_moves_on_the_enemy_rather_than_fire(make_position: Any, pg: Any) -> None:
    """15.4: activated by its leader (so it may close on b1, 5.4) it must move on b1, not fire at it."""
    units = [_u("p", "C3", "pen"), _u("pl", "C3", "ldr"), _u("b1", "C6", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("activate pl")
    with pytest.raises(IllegalAction, match=r"15\.4"):
        pos.push_text("fire p at C6")
    assert "C5" in _dests(pos, "p")


def test_disrupted_next_to_the_enemy_it_must_try_to_recover(make_position: Any, pg: Any) -> None:
    """15.4: the one exception: disrupted (or demoralized) beside the enemy, it tries to recover."""
    units = [_u("p", "C5", "pen", "a", "disrupted"), _u("b1", "C6", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    with pytest.raises(IllegalAction, match=r"15\.4"):
        pos.push_text("move p C5-C4")
    with pytest.raises(IllegalAction, match=r"15\.4"):
        pos.push_text("fire p at C6")
    pos.push_text("rally p dice 1,2")  # 3 below 7: good order (14.4)
    assert not pos.units["p"].has("disrupted")


def test_a_demoralized_strongpoint_that_fails_to_recover_is_removed(make_position: Any, pg: Any) -> None:
    """16.1: it does not rout (MA 0): it is removed."""
    units = [_u("s", "C3", "sp", "a", "demoralized"), _u("b1", "C6", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("rally s dice 6,5")  # 11 is not below 8 - 1
    assert "s" not in pos.units


def test_with_no_enemy_on_the_board_it_heads_for_their_entry_hexes(make_position: Any, pg: Any) -> None:
    """15.4: no enemy unit on the board yet: toward the nearest hex the enemy enters by (options.entry)."""
    units = [_u("p", "A1", "pen"), _u("b1", "L1", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C, options={"entry": {"b1": {"turn": 3, "hexes": ["L1"]}}})
    assert pos.units["b1"].hex is None
    dests = _dests(pos, "p")
    assert "D1" in dests and not {"B1", "C1", "A2"} & dests
