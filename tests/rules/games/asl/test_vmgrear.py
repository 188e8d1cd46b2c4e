"""Rear MGs (D1.81 hull RMG, D1.82 turret RMG) and the fixed BMG's +1 at moving targets (D1.81), played
through the game's actions. Counters: catalogues/demo-mg-vehicles.json's demo-rmg-g (demo values: fixed BMG 2,
CMG 2, hull RMG 1, turret RMG 1); the arcs, ranges and DRMs are the text's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.hexes import Hex, distance

CAT = "catalogues/demo-mg-vehicles.json"
COUNTERS: dict[str, Any] = {
    "rt": {"type": "vehicle", "vehicle": "demo-rmg-g", "catalogue": CAT},
    "t": {"type": "vehicle", "vehicle": "demo-t-r"},
    "4-4-7": {"type": "squad", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7},
}
TANK = "F4"


def make(make_position: Any, phase: str, units: list[dict[str, Any]], *markers: str,
         tank_side: str = "a") -> Position:
    tank = {"id": "g-rt", "counter": "rt", "side": tank_side, "hex": TANK, "markers": ["vca0", *markers]}
    pos: Position = make_position("asl", [tank, *units], phase, counters=COUNTERS)
    return pos


def find(make_position: Any, test: Callable[[Hex, Hex], bool], near: int = 2) -> str:
    """A hex ``near``..4 hexes from the tank passing test(tank hex, hex)."""
    pos = make(make_position, "PFPh", [])
    here = pos.map.parse_label(TANK)
    for q in range(-5, 6):
        for r in range(-5, 6):
            h = Hex(here.q + q, here.r + r)
            if h in pos.map and near <= distance(here, h) <= 4 and test(here, h):
                return pos.label(h)
    raise AssertionError("no such hex on the small map")


def squad(h: str, side: str = "b", uid: str = "r-sq") -> dict[str, Any]:
    return {"id": uid, "counter": "4-4-7", "side": side, "hex": h}


def offered(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def test_hull_rmg_fires_only_into_the_rear_target_facing(make_position: Any) -> None:
    """D1.81: the hull RMG is used like the BMG, but only at a target in the vehicle's rear target facing
    (D3.2) or in its own hex: 1 FP at a squad behind it, no Case A; refused at a squad in front."""
    behind = find(make_position, lambda a, b: fc.aspect(a, 0, b) == "rear")
    front = find(make_position, lambda a, b: fc.aspect(a, 0, b) == "front" and fc.in_arc(a, b, 0))
    pos = make(make_position, "PFPh", [squad(behind), squad(front, uid="r-sq2")])
    assert f"fire g-rt.rmg at {behind}" in offered(pos)
    assert f"fire g-rt.rmg at {front}" not in offered(pos)
    with pytest.raises(IllegalAction, match=r"rear target facing \(D1.81\)"):
        pos.push_text(f"fire g-rt.rmg at {front}")
    pos.push_text(f"fire g-rt.rmg at {behind}")
    top = pos.decision
    assert top is not None and top.arg("weapons") == "rmg" and top.arg("fp") == "1" and top.arg("drm") == "0"


def test_plain_fire_behind_uses_both_rear_mgs(make_position: Any) -> None:
    """D1.81, D1.82, D3.5: with the turret to the front, a target behind is in both rear MGs' reach and in
    no other MG's arc without Case A: the vehicle's plain fire combines the two rear MGs, 2 FP, no DRM."""
    behind = find(make_position, lambda a, b: fc.aspect(a, 0, b) == "rear")
    pos = make(make_position, "PFPh", [squad(behind)])
    pos.push_text(f"fire g-rt at {behind}")
    top = pos.decision
    assert top is not None and top.arg("weapons") == "rmg,trmg" and top.arg("fp") == "2"
    assert top.arg("drm") == "0"


def test_turret_rmg_follows_the_turret(make_position: Any) -> None:
    """D1.82: the turret RMG covers the turret's rear, not the hull's: with the turret turned to the rear
    (TCA 3), it fires at a target in front of the hull, where the hull RMG does not."""
    front = find(make_position, lambda a, b: fc.aspect(a, 0, b) == "front" and fc.in_arc(a, b, 0))
    pos = make(make_position, "PFPh", [squad(front)], "tca3")
    assert f"fire g-rt.trmg at {front}" in offered(pos)
    assert f"fire g-rt.rmg at {front}" not in offered(pos)


def test_turret_rmg_not_in_a_phase_the_ma_fired(make_position: Any) -> None:
    """D1.82: the turret RMG may not fire in a phase its MA fired: after the gun's shot at an enemy tank in
    the PFPh, the turret RMG is refused at a squad behind; the hull RMG still fires there."""
    behind = find(make_position, lambda a, b: fc.aspect(a, 0, b) == "rear")
    ahead = find(make_position, lambda a, b: fc.in_arc(a, b, 0) and fc.hexspines_to(a, b, 0) == 0)
    pos = make(make_position, "PFPh", [squad(behind), {"id": "r-t", "counter": "t", "side": "b",
                                                       "hex": ahead, "markers": ["vca3"]}])
    assert f"fire g-rt.trmg at {behind}" in offered(pos)
    pos.push_text(f"fire g-rt at {ahead}")
    pos.push_text("answer dice 6,5")  # a miss on any To Hit number of the demo pack
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert f"fire g-rt.trmg at {behind}" not in offered(pos)
    with pytest.raises(IllegalAction, match=r"phase its MA fired \(D1.82\)"):
        pos.push_text(f"fire g-rt.trmg at {behind}")
    assert f"fire g-rt.rmg at {behind}" in offered(pos)


def test_fixed_bmg_plus_one_at_moving_infantry(make_position: Any) -> None:
    """D1.81: a BMG printed on a white dot (fixed) adds +1 when it fires at a moving unit: Defensive First
    Fire at a squad entering a hex in the VCA gets +1 from the BMG, then FFNAM -1 and FFMO -1 (A4.6)."""
    start = find(make_position, lambda a, b: fc.in_arc(a, b, 0) and fc.hexspines_to(a, b, 0) == 0, near=3)
    pos0 = make(make_position, "PFPh", [])
    a, b = pos0.map.parse_label(TANK), pos0.map.parse_label(start)
    step = next(pos0.label(n) for n in pos0.map.neighbors(b) if distance(a, n) == distance(a, b) - 1
                and fc.in_arc(a, n, 0))
    pos = make(make_position, "MPh", [squad(start, side="a", uid="a-sq")], tank_side="b")
    pos.push_text(f"move a-sq {start}-{step}")
    assert f"fire g-rt.bmg at {step}" in offered(pos)
    pos.push_text(f"fire g-rt.bmg at {step}")
    top = pos.decision
    assert top is not None and top.arg("drm") == "1" and top.arg("mods") == "fixed_bmg:1"
    pos.push_text("answer dice 4,4")  # 8 + 1 - 1 - 1 = 7
    res = pos.last_resolution
    assert res is not None
    said = {str(line.label): str(line.value) for line in res.lines}
    assert said["fixed BMG at a moving target"] == "+1"
    assert next(v for k, v in said.items() if k == "IFT").startswith("2 FP -> 2 column, final DR 7")


def test_fixed_bmg_no_plus_one_at_a_target_that_is_not_moving(make_position: Any) -> None:
    """D1.81: the +1 is only at moving units: Prep Fire at a squad standing in the VCA takes none."""
    ahead = find(make_position, lambda a, b: fc.in_arc(a, b, 0) and fc.hexspines_to(a, b, 0) == 0)
    pos = make(make_position, "PFPh", [squad(ahead)])
    pos.push_text(f"fire g-rt.bmg at {ahead}")
    top = pos.decision
    assert top is not None and top.arg("drm") == "0" and top.arg("mods") == ""


def test_rear_mgs_take_no_part_in_an_overrun() -> None:
    """D1.81, D1.82: neither rear MG is used in an OVR: the OVR FP (D7.11: base 4 for an AFV with a working
    gun, plus each MG's FP tripled then halved) counts the BMG 2 and CMG 2 only: 4 + (2 + 2) x 3 / 2 = 10."""
    from hexmate.rules.games.asl.vehicles import DATA_DIR, load_catalogue

    vt = load_catalogue(str(DATA_DIR / CAT))["demo-rmg-g"]
    assert vt.rmg == 1 and vt.trmg == 1 and vt.bmg_fixed
    assert vt.ovr_fp() == 10
