"""A vehicle's FT in play (D3.6, D1.8, A22.1-A22.5, D3.3.1, D2.42, D4.223): ``fire VEHICLE at HEX``, then
``answer ft`` when its MGs could fire there too (A22.31).
Counter: the demo catalogue's demo-flame-g (bow FT 20 FP, underlined: normal range 2, X11; demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import vft
from hexmate.rules.games.asl.vehicles import VehicleFT, parse_vehicle
from hexmate.rules.hexes import Hex, distance, spiral

from .test_armour import COUNTERS

FLAME = {**COUNTERS, "fl": {"type": "vehicle", "vehicle": "demo-flame-g"}}


def make(make_position: Any, phase: str, *markers: str, target: str = "E5", vca: int = 0) -> Position:
    units = [{"id": "a-fl", "counter": "fl", "side": "a", "hex": "C5", "markers": [f"vca{vca}", *markers]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": target}]
    pos: Position = make_position("asl", units, phase, counters=FLAME)
    return pos


def texts(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def test_catalogue_ft_field() -> None:
    """D1.8: the FT's mount, FP and X# from the counter; the underlined FP as range2; S is refused by name."""
    ft = {"mount": "T", "fp": 24, "x": 10}
    vt = parse_vehicle("x.json", "v", {"movement": "tracked", "mp": 10, "ft": ft})
    assert vt.ft == VehicleFT("T", 24, 10) and vt.ft.normal_range == 1
    with pytest.raises(Exception, match=r"x.json, vehicle 'v', key 'ft.mount'"):
        parse_vehicle("x.json", "v", {"movement": "tracked", "mp": 10,
                                      "ft": {"mount": "S", "fp": 24, "x": 10}})


def test_ft_numbers() -> None:
    """A22.1: normal range, Long Range one hex beyond at half FP, nothing past it; D2.42 halves in Motion;
    D3.6: Case A on the IFT DR outside the CA, none in Bounding First Fire."""
    pack = od.load_pack()
    ft = VehicleFT("B", 20, 11, True)
    a = Hex(0, 0)
    near = [h for h in spiral(a, 3) if h != a]
    b = next(h for h in near if distance(a, h) == 2 and fc.hexspines_to(a, h, 0) == 0)  # inside the VCA
    far = next(h for h in near if distance(a, h) == 3 and fc.hexspines_to(a, h, 0) == 0)
    behind = next(h for h in near if distance(a, h) == 2 and fc.hexspines_to(a, h, 0) == 3)
    fp, drm, _ = vft.ft_attack(pack, ft, a, 0, 0, b, bounding=False, moving=False)
    assert (fp, drm) == (20, 0)
    fp, _, _ = vft.ft_attack(pack, ft, a, 0, 0, far, bounding=False, moving=False)
    assert fp == 10  # Long Range: 3 hexes for a 2-hex FT
    with pytest.raises(IllegalAction, match="reaches 2 hexes"):
        vft.ft_attack(pack, ft, a, 0, 0, Hex(0, 0) + (far - a) + (far - a), bounding=False, moving=False)
    fp, _, _ = vft.ft_attack(pack, ft, a, 0, 0, b, bounding=True, moving=True)
    assert fp == 10  # D2.42 halves it; D3.3.1 Bounding First Fire does not
    _, drm, _ = vft.ft_attack(pack, ft, a, 0, 0, behind, bounding=False, moving=False)
    assert drm == pack.case_a_drm("NT", 3) and drm > 0
    _, drm, _ = vft.ft_attack(pack, ft, a, 0, 0, behind, bounding=True, moving=False)
    assert drm == 0
    assert vft.disabled_by(11, ft) and not vft.disabled_by(10, ft)


def test_prep_fire_ft_offered_and_resolved_without_tem(make_position: Any) -> None:
    """D3.6, A22.2: the FT attacks alone, 20 FP at 2 hexes, the target's TEM ignored; DR 3+4 on the 20 column.
    A22.3: once per player turn. The MGs still fire apart (A22.31)."""
    pos = make(make_position, "PFPh")
    assert "fire a-fl at E5" in texts(pos)
    pos.push_text("fire a-fl at E5")
    pos.push_text("answer ft")
    top = pos.decision
    assert top is not None and top.then == "vft" and top.arg("fp") == "20" and top.arg("drm") == "0"
    pos.push_text("answer dice 3,4")
    res = pos.last_resolution
    assert res is not None
    ift = next(str(line.value) for line in res.lines if str(line.label) == "IFT")
    assert ift.startswith("20 FP -> 20 column, final DR 7")
    assert not any("terrain" in str(line.label) for line in res.lines)
    assert pos.units["a-fl"].has("ft_fired") and not pos.units["a-fl"].has("ft_disabled")
    pos.push_text("answer dice 2,3")  # the 3MC the attack gave (A7.304): passed
    pos.push_text("fire a-fl at E5")
    top = pos.decision
    assert top is not None and top.then == "vmg"  # A22.3: the FT has fired; its MGs remain


def test_x_number_disables_the_ft_after_the_attack(make_position: Any) -> None:
    """A.11, D3.7: an Original DR of 11 reaches the FT's X11: the attack is resolved, then the FT is out."""
    pos = make(make_position, "PFPh")
    pos.push_text("fire a-fl at E5")
    pos.push_text("answer ft")
    pos.push_text("answer dice 5,6")
    assert pos.units["a-fl"].has("ft_disabled")
    assert pos.last_resolution is not None


def test_out_of_range_not_offered(make_position: Any) -> None:
    """A22.1: a 2-hex FT reaches 3 hexes at Long Range, no farther: at 4 hexes only the MGs fire."""
    pos = make(make_position, "PFPh", target="G5")
    pos.push_text("fire a-fl at G5")
    top = pos.decision
    assert top is not None and top.then == "vmg"


def test_bounding_first_fire_marks_bounding(make_position: Any) -> None:
    """D3.3: in its own MPh the FT shot is Bounding First Fire, not halved (D3.3.1)."""
    pos = make(make_position, "MPh")
    pos.push_text("fire a-fl at E5")
    pos.push_text("answer ft")
    top = pos.decision
    assert top is not None and top.arg("fp") == "20"
    assert pos.units["a-fl"].has("bounding_fire")


def test_motion_halves(make_position: Any) -> None:
    """D2.42: a FT fired in Motion is halved (the DFPh, the vehicle marked Motion)."""
    units = [{"id": "a-fl", "counter": "fl", "side": "b", "hex": "C5", "markers": ["vca0", "motion"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "a", "hex": "E5"}]
    pos = make_position("asl", units, "DFPh", counters=FLAME)
    pos.push_text("fire a-fl at E5")
    pos.push_text("answer ft")
    top = pos.decision
    assert top is not None and top.arg("fp") == "10"


def _ma_ft(make_position: Any, *markers: str, leader: str = "9-1") -> Position:
    """D3.44: demo-flame-ma-g, whose MA is its turret FT (24 FP, normal range 1; demo values), with an Armor
    Leader, fires at the 4-4-7 adjacent inside its TCA: no Case A."""
    counters = {**FLAME, "flm": {"type": "vehicle", "vehicle": "demo-flame-ma-g", "armor_leader": leader}}
    probe: Position = make_position("asl", [{"id": "x", "counter": "flm", "side": "a", "hex": "C5"}],
                                    "PFPh", counters=counters)
    a = probe.map.parse_label("C5")
    b = next(h for h in sorted(probe.map.hexes, key=lambda h: (h.q, h.r))
             if distance(a, h) == 1 and fc.hexspines_to(a, h, 0) == 0)
    units = [{"id": "a-fl", "counter": "flm", "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": probe.label(b)}]
    pos: Position = make_position("asl", units, "PFPh", counters=counters)
    pos.push_text(f"fire a-fl at {probe.label(b)}")
    if pos.decision is not None and pos.decision.then == vft.PICK:
        pos.push_text("answer ft")
    top = pos.decision
    assert top is not None and top.then == vft.THEN and top.arg("fp") == "24" and top.arg("drm") == "0"
    return pos


def _ift(pos: Position) -> str:
    res = pos.last_resolution
    assert res is not None
    return next(str(line.value) for line in res.lines if str(line.label) == "IFT")


def test_d3_44_an_ma_fts_armor_leader_modifies_its_ift_dr(make_position: Any) -> None:
    """D3.44: the MA DR is modified by the Armor Leader, on the IFT when the MA is no ordnance, and a FT that
    is the MA is excepted from the FT attacks he may not modify. His 9-1, shown (D3.41): DR 4,4 = 8 -1 ->
    Final DR 7 on the 24 column, a D3.44 line."""
    pos = _ma_ft(make_position, "armor_leader_shown")
    pos.push_text("answer dice 4,4")
    assert _ift(pos).startswith("24 FP -> 24 column, final DR 7")
    res = pos.last_resolution
    assert res is not None and any(line.rule == "D3.44" and line.value == "-1" for line in res.lines)


def test_d3_41_an_ma_fts_hidden_armor_leader_is_asked_about(make_position: Any) -> None:
    """D3.41, D3.44: hidden, he is left out of the declared DRM; DR 4,4 = 8 (Final DR 8 without him, 7 with
    him) brings the private question; brought in, Final DR 7 and he is shown; kept out, Final DR 8."""
    pos = _ma_ft(make_position)
    pos.push_text("answer dice 4,4")
    top = pos.decision
    assert top is not None and top.then == "alre" and top.private and top.choices == ("use", "keep")
    pos.push_text("answer use")
    assert _ift(pos).startswith("24 FP -> 24 column, final DR 7")
    assert pos.units["a-fl"].has("armor_leader_shown")
    pos = _ma_ft(make_position)
    pos.push_text("answer dice 4,4")
    pos.push_text("answer keep")
    assert _ift(pos).startswith("24 FP -> 24 column, final DR 8")
    assert not pos.units["a-fl"].has("armor_leader_shown")


def test_a22_2_a_ft_that_is_not_the_ma_takes_no_leadership(make_position: Any) -> None:
    """A22.2, D3.44: the bow FT of demo-flame-g (its MA a 37mm gun) takes no Armor Leader DRM, shown or not:
    DR 3,4 = Final DR 7 on the 20 column."""
    counters = {**FLAME, "fl": {"type": "vehicle", "vehicle": "demo-flame-g", "armor_leader": "9-1"}}
    units = [{"id": "a-fl", "counter": "fl", "side": "a", "hex": "C5",
              "markers": ["vca0", "armor_leader_shown"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5"}]
    pos: Position = make_position("asl", units, "PFPh", counters=counters)
    pos.push_text("fire a-fl at E5")
    pos.push_text("answer ft")
    pos.push_text("answer dice 3,4")
    assert _ift(pos).startswith("20 FP -> 20 column, final DR 7")


def test_d3_3_2_after_its_gun_kept_rof_no_ft_in_the_afph(make_position: Any, tmp_path: Any) -> None:
    """D3.3.2: the flame tank's gun (given ROF 1 here, demo values) fires in the MPh and keeps its ROF; in the
    AFPh only that gun may fire again: neither its FT nor its BMG at the infantry."""
    import json
    from pathlib import Path

    src = Path(__file__).parents[4] / "rules" / "games" / "asl" / "catalogues" / "demo-vehicles.json"
    data = json.loads(src.read_text(encoding="utf-8"))
    data["vehicles"]["demo-flame-g"]["ma"]["rof"] = 1
    cat = Path(tmp_path) / "cat.json"
    cat.write_text(json.dumps(data), encoding="utf-8")
    counters = {**FLAME, "fl": {"type": "vehicle", "vehicle": "demo-flame-g", "catalogue": str(cat)}}
    units = [{"id": "a-fl", "counter": "fl", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5"},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "C2", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, "MPh", counters=counters)
    pos.push_text("fire a-fl at C2")
    pos.push_text("answer dice 6,1")  # a miss, ROF kept: no Bounding Fire counter
    while pos.phase.id != "AFPh":
        pos.push_text("end" if pos.decision is None else "answer pass")
    assert "fire a-fl at C2" in texts(pos)
    assert "fire a-fl at E5" not in texts(pos)
    with pytest.raises(IllegalAction, match=r"D3\.3\.2"):
        pos.push_text("fire a-fl at E5")
