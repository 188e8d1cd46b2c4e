"""D8.3's assist in play: ``move VEHICLE,HELPER HEX as unbog``: a CE friendly AFV stopped in the same
Location, at least 90% of the bogged vehicle's weight, spends all its MP: -1 on the colored dr, both TI.
Counters: test_armour's demo tanks (the Panzer 25 t, 14 MP; the halftrack 8 t: demo values). T-CBT-17's
numbers: colored 5 would Mire the vehicle alone; with the assist's -1 it is 4: freed for 5 x white MP."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour

from .test_armour import COUNTERS


def make(make_position: Any, helper: str = "pz", *markers: str) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", "bogged"]},
             {"id": "a-h", "counter": helper, "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    return pos


def test_assist_takes_one_off_the_colored_dr_and_makes_both_ti(make_position: Any) -> None:
    """D8.3: colored 5 - 1 = 4: freed, 5 x 2 = 10 MP as its start; the helper's 14 MP all spent; both TI."""
    pos = make(make_position, "pz", "ce")
    pos.push_text("move a-pz,a-h C5 as unbog")
    top = pos.decision
    assert top is not None and top.then == "vunbog" and top.arg("drm") == "-1"
    pos.push_text("answer dice 2,5")  # white 2, colored 5
    tank, helper = pos.units["a-pz"], pos.units["a-h"]
    assert not tank.has("bogged") and not tank.has("mired") and armour.spent_of(tank) == 10
    assert tank.has("ti") and helper.has("ti") and armour.spent_of(helper) == 14 and "a-h" in pos.state.moved


def test_the_helper_must_be_ce_heavy_enough_and_unspent(make_position: Any) -> None:
    """D8.3: a BU helper, or one under 90% of the weight, may not assist."""
    pos = make(make_position, "pz")
    with pytest.raises(IllegalAction, match="CE"):
        pos.push_text("move a-pz,a-h C5 as unbog")
    pos = make(make_position, "ht", "ce")
    with pytest.raises(IllegalAction, match="90%"):
        pos.push_text("move a-pz,a-h C5 as unbog")


def test_the_assist_is_offered_on_the_page(make_position: Any) -> None:
    pos = make(make_position, "pz", "ce")
    assert "move a-pz,a-h C5 as unbog" in [pos.action_text(a) for a in pos.legal_actions]
