"""D3.7: a vehicle's malfunctioned weapons repaired in the RPh (one dr each: 1 repairs, 6 disables, 2-5
nothing), by its own crew neither shocked nor stunned, the AAMG only CE; a disabled MA Recalls a vehicle
that neither carries nor tows (D3.7), also when its To Hit DR reaches the X# of Low Ammo (the D3.71 example:
IS-3, B11 circled). Counters: test_armour's demo tanks and halftrack (demo values: the tank carries and tows
nothing, the halftrack has 10 PP and T2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import vrepair

from .test_armour import COUNTERS


def rph(make_position: Any, *markers: str, counter: str = "pz", counters: dict[str, Any] | None = None,
        extra: tuple[dict[str, Any], ...] = ()) -> Position:
    units = [{"id": "a-pz", "counter": counter, "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "J5"}, *extra]
    pos: Position = make_position("asl", units, "RPh", counters=counters or COUNTERS)
    return pos


def offered(pos: Position) -> set[str]:
    return {pos.action_text(a) for a in pos.legal_actions}


@pytest.mark.parametrize(("dr", "malf", "disabled"), [(1, False, False), (2, True, False), (5, True, False),
                                                      (6, True, True)])
def test_d3_7_repair_dr_of_the_ma(make_position: Any, dr: int, malf: bool, disabled: bool) -> None:
    """D3.7: dr 1 repairs the MA, 2-5 leave it malfunctioned, 6 disables it (and the tank, which neither
    carries nor tows, is Recalled at once)."""
    pos = rph(make_position, "ma_malf")
    assert "repair a-pz.ma" in offered(pos)
    pos.push_text("repair a-pz.ma")
    top = pos.decision
    assert top is not None and top.then == "vrepair" and top.dice == "dr" and top.side == "a"
    pos.push_text(f"answer dice {dr}")
    tank = pos.units["a-pz"]
    assert tank.has("ma_malf") is malf and tank.has("disabled") is disabled
    assert tank.has("recalled") is disabled


def test_d3_7_one_dr_per_weapon_per_rph_and_each_weapon_its_own(make_position: Any) -> None:
    """D3.7: one dr for each malfunctioned weapon in a RPh: the MA's failed dr leaves the BMG's own; the
    MA's second is refused; the next RPh it may try again (the marker goes with the phase)."""
    pos = rph(make_position, "ma_malf", "bmg_malf")
    assert {"repair a-pz.ma", "repair a-pz.bmg"} <= offered(pos)
    pos.push_text("repair a-pz.ma dice 3")
    assert "repair a-pz.ma" not in offered(pos) and "repair a-pz.bmg" in offered(pos)
    with pytest.raises(IllegalAction, match=r"repair dr this Rally Phase.*D3\.7"):
        pos.push_text("repair a-pz.ma dice 1")
    pos.push_text("repair a-pz.bmg dice 6")
    assert pos.units["a-pz"].has("bmg_disabled") and not pos.units["a-pz"].has("recalled")
    while pos.phase.id == "RPh":
        pos.push_text("end" if pos.decision is None else "answer pass")
    assert not any(m.startswith("vrepair_tried:") for m in pos.units["a-pz"].markers)


def test_d3_7_no_repair_by_a_shocked_or_stunned_crew_nor_of_what_works(make_position: Any) -> None:
    for marker in ("stunned", "shocked"):
        pos = rph(make_position, "ma_malf", marker)
        assert "repair a-pz.ma" not in offered(pos)
        with pytest.raises(IllegalAction, match=r"D3\.7"):
            pos.push_text("repair a-pz.ma")
    pos = rph(make_position)
    with pytest.raises(IllegalAction, match=r"not malfunctioned"):
        pos.push_text("repair a-pz.cmg")
    pos = rph(make_position, "ma_malf", "disabled")
    with pytest.raises(IllegalAction, match=r"disabled for good"):
        pos.push_text("repair a-pz.ma")


def test_d3_7_the_aamg_needs_a_ce_crew(make_position: Any, tmp_path: Path) -> None:
    """D3.7: the AAMG is repaired only by a CE crew (or a hero aboard): BU it is refused, CE it is offered."""
    src = Path(__file__).parents[4] / "rules" / "games" / "asl" / "catalogues" / "demo-vehicles.json"
    data = json.loads(src.read_text(encoding="utf-8"))
    data["vehicles"]["demo-pz-g"]["mg"]["aamg"] = 2
    cat = tmp_path / "cat.json"
    cat.write_text(json.dumps(data), encoding="utf-8")
    counters = {**COUNTERS, "aa": {"type": "vehicle", "vehicle": "demo-pz-g", "catalogue": str(cat)}}
    bu = rph(make_position, "aamg_malf", counter="aa", counters=counters)
    assert "repair a-pz.aamg" not in offered(bu)
    with pytest.raises(IllegalAction, match=r"CE crew"):
        bu.push_text("repair a-pz.aamg")
    ce = rph(make_position, "aamg_malf", "ce", counter="aa", counters=counters)
    assert "repair a-pz.aamg" in offered(ce)


def test_d3_7_a_carrier_keeps_going_without_its_ma(make_position: Any) -> None:
    """D3.7: a vehicle with a passenger (PP) or towing (T#) capacity is not Recalled by a disabled MA."""
    pos = rph(make_position, "ma_malf", counter="ht")
    pos.push_text("repair a-pz.ma dice 6")
    ht = pos.units["a-pz"]
    assert ht.has("disabled") and not ht.has("recalled") and not ht.has("stunned")


def test_d3_71_example_low_ammo_then_an_original_11_disables_and_recalls(make_position: Any,
                                                                        tmp_path: Path) -> None:
    """D3.71 example: the IS-3's circled B11; under its Low Ammo counter an Original TH DR of 11 (or 12)
    disables the MA and the tank is Recalled (D3.7)."""
    src = Path(__file__).parents[4] / "rules" / "games" / "asl" / "catalogues" / "demo-vehicles.json"
    data = json.loads(src.read_text(encoding="utf-8"))
    data["vehicles"]["demo-pz-g"]["ma"].update({"b": 11, "low_ammo": True})
    cat = tmp_path / "cat.json"
    cat.write_text(json.dumps(data), encoding="utf-8")
    counters = {**COUNTERS, "is": {"type": "vehicle", "vehicle": "demo-pz-g", "catalogue": str(cat)}}
    units = [{"id": "a-is", "counter": "is", "side": "a", "hex": "C5", "markers": ["vca0", "low_ammo"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "C2", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, "PFPh", counters=counters)
    pos.push_text("fire a-is at C2")
    pos.push_text("answer dice 5,6")
    tank = pos.units["a-is"]
    assert tank.has("ma_malf") and tank.has(vrepair.DISABLED) and tank.has("recalled")


def test_a9_72_a_captured_vehicle_s_weapons_are_not_repaired(make_position: Any) -> None:
    """A9.72 (with D3.7): a captured weapon is repaired only once its own side has recaptured it."""
    pos = rph(make_position, "ma_malf", "captured")
    assert "repair a-pz.ma" not in offered(pos)
    with pytest.raises(IllegalAction, match=r"captured.*A9\.72"):
        pos.push_text("repair a-pz.ma")
