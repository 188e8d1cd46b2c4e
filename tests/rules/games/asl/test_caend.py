"""D3.1.2 (the English D3.12): an AFV that could fire in a fire phase of its own side changes its TCA (a
turret weapon could fire) and VCA (a turret or bow weapon could fire) at that phase's end, declared during it
(``activate V for tcaK`` / ``vcaK``) and made when the phase ends. Counters: test_armour's demo tanks."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import vbypass
from hexmate.rules.games.asl.vehicles import tca_of
from hexmate.rules.hexes import direction_between

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


def bypassing(make_position: Any, phase: str = "PFPh") -> Position:
    """The demo Panzer bypassing H3 toward its CAFP as in the D2.321 example (test_vbypass's T-GEO-03): its
    heading hexspine 4, straddling the H3-I4 hexside."""
    probe: Position = make_position("asl", [{"id": "b-x", "counter": "4-4-7", "side": "b", "hex": "L8"}],
                                    phase, counters=COUNTERS)
    h3, i4 = probe.map.parse_label("H3"), probe.map.parse_label("I4")
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "H3",
              "markers": ["vca4", f"byp{direction_between(h3, i4)}"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "J1", "markers": ["vca0"]}]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS, hexes={"H3": {"terrain": "woods"}})
    return pos


def test_d2_321_a_bypassing_turret_turns_to_its_four_tca_points(make_position: Any) -> None:
    """D2.321: the bypassing Panzer's turret has four TCA points, its CAFP (front, hexspine 4, its heading),
    the opposite (rear, 1) and the two straddled hexes (sides, 5 and 3): at the PFPh's end it may turn to any
    of the three it is not at, to no other hexspine. Turned to the rear, the tank in J1 (the example's DD1, in
    its rear arc) needs no further turn: Case A counts no TCA point turned."""
    pos = bypassing(make_position)
    tcas = sorted(t for t in offered(pos) if t.startswith("activate a-pz for tca"))
    assert tcas == ["activate a-pz for tca1", "activate a-pz for tca3", "activate a-pz for tca5"]
    with pytest.raises(IllegalAction, match=r"four TCA points, hexspines 4, 5, 1, 3 \(CAFP, left, rear"):
        pos.push_text("activate a-pz for tca0")
    pos.push_text("activate a-pz for tca1")
    end(pos)
    tank = pos.units["a-pz"]
    assert tank.facing == 4 and tca_of(tank.markers, 4) == 1
    turned, side, _ = vbypass.turret_case_a(tank, 1, pos.map.parse_label("J1"), acquired=False)
    assert (turned, side) == (0, False)


def test_d2_33_a_bypassing_vehicle_changes_no_vca_at_the_phase_end(make_position: Any) -> None:
    """D2.33: a bypassing vehicle changes its VCA only as it leaves the hexside it straddles, never to fire:
    no VCA change is offered, and one typed is refused."""
    pos = bypassing(make_position)
    assert not any(t.startswith("activate a-pz for vca") for t in offered(pos))
    with pytest.raises(IllegalAction, match=r"D2\.33"):
        pos.push_text("activate a-pz for vca3")
