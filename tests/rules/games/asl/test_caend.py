"""D3.1.2 (the English D3.12): an AFV that could fire in a fire phase of its own side changes its TCA (a
turret weapon could fire) and VCA (a turret or bow weapon could fire) at that phase's end, declared during it
(``activate V for tcaK`` / ``vcaK``) and made when the phase ends. Counters: test_armour's demo tanks."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl.vehicles import tca_of

from .test_armour import COUNTERS


def make(make_position: Any, phase: str, *markers: str) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS)
    return pos


def end(pos: Position) -> None:
    phase = pos.phase.id
    pos.push_text("end")
    while pos.decision is not None and pos.phase.id == phase:
        pos.push_text("answer pass")


def offered(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def test_d3_12_turret_turned_at_the_end_of_the_pfph(make_position: Any) -> None:
    """Declared in the PFPh, the TCA stays until the phase ends, then turns to hexspine 2; the VCA stays."""
    pos = make(make_position, "PFPh")
    assert "activate a-pz for tca2" in offered(pos) and "activate a-pz for tca0" not in offered(pos)
    pos.push_text("activate a-pz for tca2")
    assert tca_of(pos.units["a-pz"].markers, 0) == 0  # not yet: the phase is not over
    end(pos)
    tank = pos.units["a-pz"]
    assert pos.phase.id != "PFPh" and tank.facing == 0 and tca_of(tank.markers, 0) == 2


def test_d3_12_hull_then_turret_and_redeclaring(make_position: Any) -> None:
    """VCA to 3 (the turret with it, D3.51) and then the TCA to 1; a second TCA declaration replaces the
    first."""
    pos = make(make_position, "AFPh")
    pos.push_text("activate a-pz for tca4")
    pos.push_text("activate a-pz for tca1")
    pos.push_text("activate a-pz for vca3")
    end(pos)
    tank = pos.units["a-pz"]
    assert tank.facing == 3 and tca_of(tank.markers, 3) == 1
    assert not any(m.startswith("caend:") for m in tank.markers)


def test_d3_12_the_defender_in_its_dfph(make_position: Any) -> None:
    """The DFPh is the DEFENDER's fire phase: its tank may declare; the ATTACKER's may not."""
    pos = make(make_position, "DFPh")
    texts = offered(pos)
    assert "activate b-t for vca2" in texts and not any(t.startswith("activate a-pz for") for t in texts)
    with pytest.raises(IllegalAction, match=r"D3\.1\.2"):
        pos.push_text("activate a-pz for tca2")


def test_d3_12_refused_where_it_could_not_fire(make_position: Any) -> None:
    with pytest.raises(IllegalAction, match=r"D3\.1\.2"):
        make(make_position, "MPh").push_text("activate a-pz for tca2")  # no fire phase
    with pytest.raises(IllegalAction, match=r"Prep Fire"):
        make(make_position, "AFPh", "prep_fire").push_text("activate a-pz for tca2")  # D3.3
    with pytest.raises(IllegalAction, match="shocked or stunned"):
        make(make_position, "PFPh", "stunned").push_text("activate a-pz for tca2")  # D5.34
    with pytest.raises(IllegalAction, match="Motion"):
        make(make_position, "PFPh", "motion").push_text("activate a-pz for tca2")  # D2.4
    with pytest.raises(IllegalAction, match="immobile"):
        make(make_position, "PFPh", "immobilized").push_text("activate a-pz for vca2")  # D8.5
    pos = make(make_position, "PFPh", "immobilized")
    pos.push_text("activate a-pz for tca2")  # D8.5: its turret still turns
    with pytest.raises(IllegalAction, match="no working a turret weapon"):
        make(make_position, "PFPh", "ma_malf", "cmg_malf").push_text("activate a-pz for tca2")
