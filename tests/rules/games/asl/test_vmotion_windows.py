"""Motion attempts in the windows after an MP spent in place (D2.401 with D3.3, vinplace.py): a tank that
began its MPh out of the Russian tank's LOS (C3, hidden by the building in F3: test_vmotion's board) enters
D3 in its LOS, then stops there. The stop MP is spent in its LOS too, so the window after it offers b-t's
Motion attempt on all the MP spent in that LOS: D3's entry (start 1 + open 1 = 2, test_armour's costs) and
the stop (1): a dr of 3 or less. Counters: test_armour's demo tanks (demo values)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import vmotion

from .test_armour import COUNTERS
from .test_vmotion import HIDDEN


def make(make_position: Any) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C3", "markers": ["vca0"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, hexes=HIDDEN)
    return pos


def test_motion_offered_after_the_stop_mp_on_all_mp_in_los(make_position: Any) -> None:
    pos = make(make_position)
    pos.push_text("move a-pz C3-D3")
    top = pos.decision
    assert top is not None and top.kind == "react" and "motion-b-t" in top.choices  # at the entry (as before)
    pos.push_text("answer pass")
    top = pos.decision
    assert top is not None and top.then == "vfacing"
    pos.push_text("answer keep")  # it stops: 1 MP in D3 (D2.13)
    top = pos.decision
    assert top is not None and top.kind == "react" and top.then == "vinplace" and "motion-b-t" in top.choices
    pos.push_text("answer motion-b-t")
    top = pos.decision
    assert top is not None and top.then == "vmotion" and top.arg("need") == "3"
    pos.push_text("answer dice 3")
    assert pos.units["b-t"].has("motion") and pos.state.moving is None


def test_not_offered_when_the_mover_began_in_its_los(make_position: Any) -> None:
    """D2.401: a unit already in the vehicle's LOS at the start of the MPh gives no Motion attempt."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "D3", "markers": ["vca0"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, hexes=HIDDEN)
    pos.push_text("move a-pz D3-E3")
    windows = 0
    for _ in range(2):
        while pos.decision is not None and pos.decision.kind == "react":
            windows += 1
            assert not any(c.startswith(vmotion.CHOICE) for c in pos.decision.choices)
            pos.push_text("answer pass")
        if pos.decision is not None and pos.decision.then == "vfacing":
            pos.push_text("answer keep")
    assert windows >= 1  # the start MP's window in D3 (D2.12): in b-t's LOS from the start, so no Motion
