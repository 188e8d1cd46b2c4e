"""D11.12 (a stabilized gun's acquisition on the move) and D11.2-D11.23 (Schuerzen), vequip.py. The tank is
test_armour's demo Panzer made G- and Sz-capable; the target the demo Russian tank in J5."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import markers, vequip, vwreck

from .test_armour import COUNTERS


def equipped_panzer(tmp_path: Path) -> dict[str, Any]:
    demo = json.loads((Path(vwreck.__file__).parent / "catalogues" / "demo-vehicles.json").read_text())
    path = tmp_path / "gsz.json"
    kit = {**demo["vehicles"]["demo-pz-g"], "gyro": True, "schuerzen": True}
    path.write_text(json.dumps({"format": "hexmate-asl-vehicles/1", "label": "test",
                                "vehicles": {"demo-pz-g": kit}}))
    return {"type": "vehicle", "vehicle": "demo-pz-g", "catalogue": str(path)}


def make(tmp_path: Path, make_position: Any, phase: str, *, marks: tuple[str, ...] = (),
         acquired: bool = False, options: dict[str, Any] | None = None, **kw: Any) -> Position:
    counters = {**COUNTERS, "pz": equipped_panzer(tmp_path)}
    target = [{"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]}]
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", *marks]}, *target]
    probe: Position = make_position("asl", units, phase, counters=counters)
    j5 = probe.map.parse_label("J5")
    if acquired:
        units[0]["markers"] = [*units[0]["markers"], f"acq:b-t@{j5.q},{j5.r}"]
    pos: Position = make_position("asl", units, phase, counters=counters, options=options, **kw)
    return pos


def move(pos: Position, path: str) -> None:
    pos.push_text(f"move a-pz {path}")
    top = pos.decision
    while top is not None and (top.side == "b" or top.then == "vbog"):
        pos.push_text("answer dice 1,1" if top.kind == "roll" else "answer pass")  # no bog, no reaction
        top = pos.decision


def acquired(pos: Position) -> bool:
    return any(m.startswith("acq:b-t@") for m in pos.units["a-pz"].markers)


def test_d11_12_a_stabilized_gun_keeps_acquisition_on_the_move(tmp_path: Path, make_position: Any) -> None:
    """D11.12: the stabilized gun's vehicle moves C5-D5, the target still in J5 and in its LOS: acquired;
    without the SSR (an ordinary gun) the move loses it, as a moving firer always did."""
    pos = make(tmp_path, make_position, "MPh", acquired=True, options={"gyro": True})
    move(pos, "C5-D5")
    assert pos.label(pos.units["a-pz"].hex) == "D5" and acquired(pos)
    plain = make(tmp_path, make_position, "MPh", acquired=True)
    move(plain, "C5-D5")
    assert pos.label(plain.units["a-pz"].hex) == "D5" and not acquired(plain)


def test_d11_12_lost_out_of_the_target_s_los(tmp_path: Path, make_position: Any) -> None:
    """D11.12: moving where the woods in G4-G6 stand between it and J5 loses it, stabilized or not; so does
    the target no longer in the acquired hex (C6.5)."""
    pos = make(tmp_path, make_position, "MPh", acquired=True, options={"gyro": True},
               hexes={"G4": "woods", "G5": "woods", "G6": "woods"})
    d5 = pos.map.parse_label("D5")
    assert vequip.lost_on_move(pos, pos.units["a-pz"], d5) != ()
    clear = make(tmp_path, make_position, "MPh", acquired=True, options={"gyro": True})
    assert vequip.lost_on_move(clear, clear.units["a-pz"], d5) == ()
    gone = clear.state.with_unit(clear.units["b-t"].at(clear.map.parse_label("J4")))
    assert vequip.lost_on_move(clear.at(gone), clear.units["a-pz"], d5) != ()


def test_d11_12_only_a_stabilized_gun_acquires_firing_in_motion(tmp_path: Path, make_position: Any) -> None:
    """D11.12: a gun in Motion gains acquisition only when stabilized; a stopped one always."""
    motion = make(tmp_path, make_position, "DFPh", marks=("motion",), options={"gyro": True})
    assert vequip.acquires(motion, motion.units["a-pz"])
    plain = make(tmp_path, make_position, "DFPh", marks=("motion",))
    assert not vequip.acquires(plain, plain.units["a-pz"])
    stopped = make(tmp_path, make_position, "DFPh")
    assert vequip.acquires(stopped, stopped.units["a-pz"])


def test_d11_12_a_shot_in_motion_by_an_ordinary_gun_acquires_nothing(tmp_path: Path,
                                                                      make_position: Any) -> None:
    """D11.12 in play: the Panzer in Motion fires at b-t in J5 in the DFPh and misses (6,6): an ordinary gun
    gains no acquisition, a stabilized one does."""
    for option, expected in ((None, False), ({"gyro": True}, True)):
        pos = make(tmp_path, make_position, "DFPh", marks=("motion",), options=option, first_side="b")
        pos.push_text("fire a-pz at J5")
        pos.push_text("answer dice 6,6")
        assert acquired(pos) is expected


def test_d11_22_woods_strip_the_schuerzen(tmp_path: Path, make_position: Any) -> None:
    """D11.21: only where the SSR says; D11.22: entering woods strips them (the page says so)."""
    pos = make(tmp_path, make_position, "MPh", options={"schuerzen": True}, hexes={"D5": "woods"})
    assert vequip.skirted(pos, pos.units["a-pz"])
    move(pos, "C5-D5")
    pz = pos.units["a-pz"]
    assert pz.has(vequip.SZ_LOST) and not vequip.skirted(pos, pz)
    assert "D11.22" in str(markers.phrase(vequip.SZ_LOST))
    none = make(tmp_path, make_position, "MPh", options={"schuerzen": ["other"]})
    assert not vequip.skirted(none, none.units["a-pz"])


def test_d11_22_a_road_hexside_or_open_ground_keeps_them(tmp_path: Path, make_position: Any) -> None:
    road = {"C5": {"terrain": "open", "road": ["SE"]}, "D5": {"terrain": "woods", "road": ["NW"]}}
    pos = make(tmp_path, make_position, "MPh", options={"schuerzen": True}, hexes=road)
    move(pos, "C5-D5")
    assert pos.label(pos.units["a-pz"].hex) == "D5" and vequip.skirted(pos, pos.units["a-pz"])
    open_ground = make(tmp_path, make_position, "MPh", options={"schuerzen": True}, hexes={"E5": "rubble"})
    assert not vequip.strips(open_ground, open_ground.map.parse_label("D5"), road=False)
    assert vequip.strips(open_ground, open_ground.map.parse_label("E5"), road=False)


def test_d11_2_the_covered_aspects_and_d11_23_the_lower_die_doubled() -> None:
    """D11.2: hull sides, turret sides and rear of a turreted AFV; hull sides only of a turretless one.
    D11.23: a HEAT hit there with TK dice 2 and 5 reads 4 and 5 (9); elsewhere, or not HEAT, 2 and 5."""
    assert vequip.protects(True, "hull", "side") and vequip.protects(True, "turret", "rear")
    assert not vequip.protects(True, "hull", "front") and not vequip.protects(True, "hull", "rear")
    assert not vequip.protects(True, "turret", "front") and not vequip.protects(False, "turret", "side")
    assert vequip.tk_dice((2, 5), heat=True, covered=True) == (4, 5)
    assert vequip.tk_dice((5, 2), heat=True, covered=True) == (5, 4)
    assert vequip.tk_dice((2, 5), heat=False, covered=True) == (2, 5)
    assert vequip.tk_dice((2, 5), heat=True, covered=False) == (2, 5)
