"""A vehicle's gun at a vehicle (vfire.py): D1.321 and D1.322, an RST or one-man turret AFV whose crew is CE
fires no MA. The demo PzKpfw of the armour tests with its MA's mount changed (demo values)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position

from .test_armour import COUNTERS
from .test_vcrewhit import catalogue


def tank(make_position: Any, tmp_path: Path, mount: str, *markers: str) -> Position:
    counters = {**COUNTERS, "lt": {"type": "vehicle", "vehicle": "demo-pz-g",
                                   "catalogue": catalogue(tmp_path, mount=mount)}}
    units = [{"id": "a-lt", "counter": "lt", "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "C2", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, "PFPh", counters=counters)
    return pos


def offered(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


@pytest.mark.parametrize(("mount", "rule"), [("RST", "D1.321"), ("1MT", "D1.322")])
def test_d1_321_d1_322_no_ma_fire_while_ce(make_position: Any, tmp_path: Path, mount: str, rule: str) -> None:
    """D1.321, D1.322: CE, the BT-5-like (RST) or PzKpfw I-like (1MT) tank may not fire its MA: not offered,
    refused naming the rule; BU it fires."""
    pos = tank(make_position, tmp_path, mount, "ce")
    assert "fire a-lt at C2" not in offered(pos)
    cited = rule.replace(".", "[.]")
    with pytest.raises(IllegalAction, match=rf"MA does not fire while the crew is CE.*{cited}"):
        pos.push_text("fire a-lt at C2")
    bu = tank(make_position, tmp_path, mount)
    assert "fire a-lt at C2" in offered(bu)
    bu.push_text("fire a-lt at C2")
    assert bu.decision is not None and bu.decision.then == "vth"


def test_d1_32_an_st_turret_fires_while_ce(make_position: Any, tmp_path: Path) -> None:
    """D1.32: a plain ST turret has no such limit."""
    pos = tank(make_position, tmp_path, "ST", "ce")
    assert "fire a-lt at C2" in offered(pos)


def ot_tank(make_position: Any, tmp_path: Path, *markers: str, phase: str = "PFPh") -> Position:
    src = Path(__file__).parents[4] / "rules" / "games" / "asl" / "catalogues" / "demo-vehicles.json"
    data = json.loads(src.read_text(encoding="utf-8"))
    data["vehicles"]["demo-pz-g"]["open_topped"] = True  # an open-topped turreted AFV (demo values)
    cat = tmp_path / "ot.json"
    cat.write_text(json.dumps(data), encoding="utf-8")
    counters = {**COUNTERS, "ot": {"type": "vehicle", "vehicle": "demo-pz-g", "catalogue": str(cat)}}
    units = [{"id": "a-ot", "counter": "ot", "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "C2", "markers": ["vca3"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "C3"}]
    pos: Position = make_position("asl", units, phase, counters=counters)
    return pos


def test_d5_3_a_bu_open_topped_afv_fires_only_its_bmg(make_position: Any, tmp_path: Path) -> None:
    """D5.3: an OT AFV must be CE to fire anything but its BMG or bow FT: BU, its MA and CMG are refused and
    not offered, the BMG fires; CE (its natural state without a BU counter), the MA is offered."""
    bu = ot_tank(make_position, tmp_path, "bu")
    assert "fire a-ot at C2" not in offered(bu)
    with pytest.raises(IllegalAction, match=r"only while CE.*D5[.]3"):
        bu.push_text("fire a-ot at C2")
    with pytest.raises(IllegalAction, match=r"D5[.]3"):
        bu.push_text("fire a-ot.cmg at C3")
    assert "fire a-ot.bmg at C3" in offered(bu) or "fire a-ot at C3" in offered(bu)
    bu.push_text("fire a-ot.bmg at C3")
    assert bu.decision is not None
    ce = ot_tank(make_position, tmp_path)
    assert "fire a-ot at C2" in offered(ce)


def sized(make_position: Any, tmp_path: Path, size: int, *, hexes: dict[str, Any] | None = None) -> Position:
    """The demo tank at C5 (vca0) aims at the demo PzKpfw at C2 given a printed target size (demo values)."""
    src = Path(__file__).parents[4] / "rules" / "games" / "asl" / "catalogues" / "demo-vehicles.json"
    data = json.loads(src.read_text(encoding="utf-8"))
    data["vehicles"]["demo-pz-g"]["size"] = size
    cat = tmp_path / f"size{size}.json"
    cat.write_text(json.dumps(data), encoding="utf-8")
    counters = {**COUNTERS, "tg": {"type": "vehicle", "vehicle": "demo-pz-g", "catalogue": str(cat)}}
    units = [{"id": "a-t", "counter": "t", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-tg", "counter": "tg", "side": "b", "hex": "C2", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, "PFPh", counters=counters, hexes=hexes)
    return pos


@pytest.mark.parametrize(("size", "rule"), [(-2, "D1.71"), (-1, "D1.72"), (0, "D1.73"), (1, "D1.74"),
                                            (2, "D1.75")])
def test_d1_7_the_target_size_is_case_p(make_position: Any, tmp_path: Path, size: int, rule: str) -> None:
    """D1.7: every vehicle is one of five target sizes, Case P on the To Hit DR of a shot at it: D1.71 Very
    Large -2 (both AF red), D1.72 Large -1, D1.73 Average none at all, D1.74 Small +1, D1.75 Very Small +2
    (both AF on white dots). The same shot at the same tank, its printed size alone changed: the modified
    TH# moves by minus the DRM."""
    from hexmate.rules.games.asl import vfire

    base = sized(make_position, tmp_path, 0)
    pos = sized(make_position, tmp_path, size)
    th0, _, _, _ = vfire.to_hit_of(base, base.units["a-t"], base.units["b-tg"])
    th, steps, _, _ = vfire.to_hit_of(pos, pos.units["a-t"], pos.units["b-tg"])
    p = [s for s in steps if s.name == "P"]
    assert [s.value for s in p] == ([size] if size else []), rule  # D1.73: no Case P step at all
    assert all(s.rule == "D1.7" for s in p)
    assert th == th0 - size


def test_d4_1_the_target_vehicle_s_tem_is_case_q_on_the_to_hit_dr(make_position: Any, tmp_path: Path) -> None:
    """D4.1: a gun firing on the Vehicle Target Type adds the TEM of the hex the target vehicle occupies
    (Case Q) to its To Hit DR: the stopped PzKpfw in woods (TEM +1, the terrain table's) is one harder to hit
    than in the open."""
    from hexmate.rules.games.asl import vfire

    open_ground = sized(make_position, tmp_path, 0)
    woods = sized(make_position, tmp_path, 0, hexes={"C2": "woods"})
    th0, steps0, _, _ = vfire.to_hit_of(open_ground, open_ground.units["a-t"], open_ground.units["b-tg"])
    th, steps, _, _ = vfire.to_hit_of(woods, woods.units["a-t"], woods.units["b-tg"])
    assert not any(s.name == "Q" for s in steps0)
    assert [(s.value, s.rule) for s in steps if s.name == "Q"] == [(1, "D4.1")]
    assert th == th0 - 1
