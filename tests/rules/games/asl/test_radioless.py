"""A radioless AFV alone in play (D14.1, D14.23): an NTC before it moves in its MPh (a DR at most its crew's
morale), a failure stopping it for the MPh with its MP spent; +1 on its Motion attempt dr. Counter: the demo
catalogue's demo-lt-r (radioless, 12 MP) with crew_morale 7 given by the scenario; the test Panzer
(radio-equipped, demo values). D14 has no worked example without board artwork (the D14.2 examples need
board 3's hexes and impulses, which are not built)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, vmotion

from .test_armour import COUNTERS
from .test_vmotion import HIDDEN

LT = {**COUNTERS, "lt": {"type": "vehicle", "vehicle": "demo-lt-r", "crew_morale": 7}}


def make(make_position: Any, phase: str = "MPh", side: str = "a") -> Position:
    units = [{"id": "x-lt", "counter": "lt", "side": side, "hex": "C5", "markers": ["vca0"]},
             {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C2", "markers": ["vca0"]}]
    pos: Position = make_position("asl", units, phase, counters=LT)
    return pos


def texts(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def test_no_move_before_the_ntc(make_position: Any) -> None:
    """D14.23: its moves wait for the NTC; a radio-equipped tank moves freely."""
    pos = make(make_position)
    assert "move x-lt C5 as ntc" in texts(pos)
    assert not any(t.startswith("move x-lt C5-") for t in texts(pos))
    with pytest.raises(IllegalAction, match=r"NTC"):
        pos.push_text("move x-lt C5-D5")
    assert any(t.startswith("move a-pz C2-") for t in texts(pos))
    assert "move a-pz C2 as ntc" not in texts(pos)


def test_passed_ntc_lets_it_move(make_position: Any) -> None:
    """D14.23: DR 3+4 = 7, at most its morale 7: it moves."""
    pos = make(make_position)
    pos.push_text("move x-lt C5 as ntc")
    top = pos.decision
    assert top is not None and top.then == "vntc" and top.arg("need") == "7"
    pos.push_text("answer dice 3,4")
    pos.push_text("move x-lt C5-D5")
    assert pos.label(pos.units["x-lt"].hex) == "D5"


def test_failed_ntc_stops_it_for_the_mph(make_position: Any) -> None:
    """D14.23: DR 4+4 = 8 > 7: it spends the rest of its MP as delay and does nothing more."""
    pos = make(make_position)
    pos.push_text("move x-lt C5 as ntc")
    pos.push_text("answer dice 4,4")
    lt = pos.units["x-lt"]
    assert lt.has("ntc_failed") and armour.spent_of(lt) == 12 and "x-lt" in pos.state.moved
    with pytest.raises(IllegalAction):
        pos.push_text("move x-lt C5-D5")


def test_motion_attempt_takes_plus_one(make_position: Any) -> None:
    """D14.23: a lone radioless AFV's Motion attempt needs no NTC but its dr takes +1: 1 MF in its LOS
    leaves a need of 0 (test_vmotion's board: the squad enters D3 from hidden C3)."""
    units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "b-lt", "counter": "lt", "side": "b", "hex": "J5", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, "MPh", counters=LT, hexes=HIDDEN)
    pos.push_text("move a-sq C3-D3")
    top = pos.decision
    assert top is not None and "motion-b-lt" in top.choices
    pos.push_text("answer motion-b-lt")
    top = pos.decision
    assert top is not None and top.then == "vmotion" and top.arg("need") == "0"
    pos.push_text("answer dice 1")
    assert not pos.units["b-lt"].has("motion")
    assert pos.units["b-lt"].has(vmotion.TRIED)
