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


def _off_map(make_position: Any) -> Position:
    """a-pz bogged 3 hexes out behind its entry hex A4 (D8.23 with A2.51, vmudoff.py); a-h, a CE Panzer of
    the same weight, waiting to come on at A4 in that same off-board hex (freed there earlier with no MP left
    to come on: A2.9 with A5.2 would bar setting it up there)."""
    from hexmate.rules.games.asl import offboard, vmudoff

    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "A4", "markers": ["vca0", "ce"]},
             {"id": "a-h", "counter": "pz", "side": "a", "hex": "A4", "markers": ["vca0", "ce"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"}]
    plan = {"entry": {"a-pz": {"turn": 1, "hexes": ["A4"]}, "a-h": {"turn": 1, "hexes": ["A4"]}}}
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, options=plan)
    x = offboard.hex_behind(pos, pos.map.parse_label("A4"), 3, "left")
    assert x is not None
    state = pos.state.with_unit(offboard.moved_to(pos.units["a-pz"], x).mark("bogged", vmudoff.MARK))
    state = state.with_unit(offboard.moved_to(state.units["a-h"], x))
    return pos.at(state)


def test_a2_52_no_assist_from_a_vehicle_waiting_off_the_map(make_position: Any) -> None:
    """D8.3's assist needs all the helper's MP spent as delay; A2.52: a unit waiting off the map does nothing
    but come on, and A2.5 forbids putting its entry off. So a-h, in a-pz's off-board hex, may not assist
    (refused, citing A2.52, and not offered); a-pz still tries alone, naming its entry hex A4 (D8.3)."""
    pos = _off_map(make_position)
    assert pos.units["a-pz"].hex is None and pos.units["a-h"].hex is None
    offered = [pos.action_text(a) for a in pos.legal_actions]
    assert "move a-pz A4 as unbog" in offered
    assert not any(t.startswith("move a-pz,a-h") for t in offered)
    with pytest.raises(IllegalAction, match=r"A2\.52") as refused:
        pos.push_text("move a-pz,a-h A4 as unbog")
    assert refused.value.rule == "A2.52"
    pos.push_text("move a-pz A4 as unbog")
    top = pos.decision
    assert top is not None and top.then == "vunbog" and top.arg("drm") == "0" and not top.arg("assist")
