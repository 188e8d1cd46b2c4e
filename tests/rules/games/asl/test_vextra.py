"""D2.18: a vehicle may declare, as it enters a hex, that it spends more MP than the entry needs
(``move V A-B cost N``). Counters: test_armour's demo Panzer (14 MP) in C5, VCA on D4-D5."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .test_armour import make, pass_reactions


def test_d2_18_more_mp_declared_on_entry_are_spent(make_position: Any) -> None:
    """D2.18: D5 needs 2 MP (start 1, open 1); 5 declared are spent, and 9 of the 14 are left."""
    pos = make(make_position, "MPh")
    assert pos.game.check(pos, pos.parse_action("move a-pz C5-D5")).cost == 2
    assert pos.game.check(pos, pos.parse_action("move a-pz C5-D5 cost 5")).cost == 5
    pos.push_text("move a-pz C5-D5 cost 5")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing" and top.arg("left") == "9"


def test_d2_18_the_declared_mp_stay_within_the_allowance(make_position: Any) -> None:
    pos = make(make_position, "MPh")
    with pytest.raises(IllegalAction, match=r"costs 20 MP"):
        pos.game.check(pos, pos.parse_action("move a-pz C5-D5 cost 20"))
