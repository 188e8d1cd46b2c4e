"""The optional consolidation (17.0, ``options.consolidation``): two reduced units of one nationality, type
and morale state, in one hex, activated by a leader of MAJ or higher, spend their MA to become one
full-strength unit (one taken off, the other flipped, marked MOVED/FIRED)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg.game import MARK

from .conftest import unit as _u

EXTRA = {"maj": {"type": "leader", "ma": 4, "morale": 9, "combat": 1, "morale_mod": 1, "rank": "MAJ"},
         "lt": {"type": "leader", "ma": 4, "morale": 8, "combat": 1, "morale_mod": 1, "rank": "LT"}}


def _pos(make_position: Any, pg: Any, leader: str = "maj", second: str = "inf",
         marks: tuple[str, ...] = ("reduced",), on: bool = True) -> Any:
    units = [_u("m", "B3", leader), _u("a1", "B2", "inf", "a", "reduced"),
             _u("a2", "B2", second, "a", *marks), _u("b1", "K8", "inf", "b")]
    return pg(make_position, units, counters_extra=EXTRA, options={"consolidation": on})


def test_two_reduced_units_become_one_full_strength_unit(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    before = pos.state
    pos.push_text("activate m,a1,a2 for consolidate")
    assert "a2" not in pos.units and not pos.units["a1"].has("reduced")
    assert pos.units["a1"].has(MARK) and pos.units["m"].has(MARK)
    changes = {(c.what, c.unit) for c in pos.game.physical_changes(before, pos.state)}
    assert ("remove", "a2") in changes


@pytest.mark.parametrize("kw,match", [
    ({"leader": "lt"}, "MAJ or higher"),
    ({"second": "inf4"}, "one type"),
    ({"marks": ()}, "one type"),  # a full-strength one
    ({"marks": ("reduced", "disrupted")}, "one morale state"),
    ({"on": False}, "optional rule"),
])
def test_what_it_needs(make_position: Any, pg: Any, kw: dict[str, Any], match: str) -> None:
    pos = _pos(make_position, pg, **kw)
    with pytest.raises(IllegalAction, match=match):
        pos.push_text("activate m,a1,a2 for consolidate")
