"""D5.33 (vce.py): an AFV's crew goes CE or buttons up at will in its own MPh or APh, never both ways in one
phase, not in an MPh after it fired, and the change alone counts as having moved (Case J against it in the
DFPh). Counters: test_armour's demo tanks (the Panzer is closed-topped)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import vfire

from .test_armour import COUNTERS


def table(make_position: Any, phase: str, *markers: str) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "C2", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS)
    return pos


def test_d5_33_ce_in_the_mph_counts_as_moving_in_the_dfph(make_position: Any) -> None:
    pos = table(make_position, "MPh")
    assert [t for t in (pos.action_text(a) for a in pos.legal_actions) if t.endswith(" as ce")]
    pos.push_text("move a-pz C5 as ce")
    tank = pos.units["a-pz"]
    assert tank.has("ce") and pos.decision is None and pos.label(tank.hex) == "C5"
    with pytest.raises(IllegalAction, match=r"both place and remove.*D5\.33"):
        pos.push_text("move a-pz C5 as bu")  # not both ways in one phase
    pos.push_text("end")
    assert pos.phase.id == "DFPh"
    _th, steps, _, _ = vfire.to_hit_of(pos, pos.units["b-t"], pos.units["a-pz"])
    assert any(s.name == "J" for s in steps)  # D5.33: the change alone counts as having moved


def test_d5_33_a_stopped_unchanged_tank_is_no_moving_target(make_position: Any) -> None:
    pos = table(make_position, "MPh")
    pos.push_text("end")
    _th, steps, _, _ = vfire.to_hit_of(pos, pos.units["b-t"], pos.units["a-pz"])
    assert not any(s.name == "J" for s in steps)


def test_d5_33_not_after_firing_and_only_in_its_mph_or_aph(make_position: Any) -> None:
    with pytest.raises(IllegalAction, match=r"D5\.33"):
        table(make_position, "MPh", "prep_fire").push_text("move a-pz C5 as ce")
    with pytest.raises(IllegalAction, match=r"A3\.4"):
        table(make_position, "DFPh").push_text("move a-pz C5 as ce")  # a move is no DFPh action (A3.4)
    pos = table(make_position, "APh", "ce")
    pos.push_text("move a-pz C5 as bu")  # buttoning up in the APh
    tank = pos.units["a-pz"]
    assert not tank.has("ce") and tank.has("bu") and not tank.has("entered")
