"""PG penal units (15.4): every penal unit must be activated at some time in each turn, so its side may not
pass while one has not been (the fog of war's end of the turn still applies)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u

C = {"penal": {"type": "personnel", "df": 5, "df_range": 3, "ma": 3, "morale": 7, "steps": 2, "penal": 1}}


def test_no_pass_while_a_penal_unit_has_not_been_activated(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("p", "C3", "penal"), _u("b1", "L8", "inf", "b")], counters_extra=C)
    with pytest.raises(IllegalAction, match=r"penal unit .*: p"):
        pos.push_text("pass")
    pos.push_text("move p C3-C4")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    while pos.to_act != "a":
        pos.push_text("pass")
    pos.push_text("pass")  # acted this turn (MOVED/FIRED): a may pass now
