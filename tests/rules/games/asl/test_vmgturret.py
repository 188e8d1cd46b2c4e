"""The CMG and the MA share the turret (D1.82, D3.51), played through the game's actions: a CMG shot at any
target but the MA's acquired one costs the MA its acquisition; a CMG shot outside the TCA turns the turret and
the MA firing inside the new TCA that phase pays the same Case A DRM, and the other way round (the D3.5
example's CMG +2 then MA +2). Counters: demo-mg4-g (catalogues/demo-mg-vehicles.json) and demo-t-r (demo
values); the DRMs are the text's."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl.vehicles import tca_of
from hexmate.rules.hexes import Hex, distance

CAT = "catalogues/demo-mg-vehicles.json"
COUNTERS: dict[str, Any] = {
    "mg4": {"type": "vehicle", "vehicle": "demo-mg4-g", "catalogue": CAT},
    "t": {"type": "vehicle", "vehicle": "demo-t-r"},
    "4-4-7": {"type": "squad", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7},
}
TANK = "F4"


def make(make_position: Any, units: list[dict[str, Any]], *markers: str) -> Position:
    tank = {"id": "g-pz", "counter": "mg4", "side": "a", "hex": TANK, "markers": ["vca0", "ce", *markers]}
    pos: Position = make_position("asl", [tank, *units], "PFPh", counters=COUNTERS)
    return pos


def spot(make_position: Any, spines: int, skip: str = "") -> str:
    pos = make(make_position, [])
    here = pos.map.parse_label(TANK)
    for q in range(-4, 5):
        for r in range(-4, 5):
            h = Hex(here.q + q, here.r + r)
            if (h in pos.map and 2 <= distance(here, h) <= 3 and fc.hexspines_to(here, h, 0) == spines
                    and pos.label(h) != skip):
                return pos.label(h)
    raise AssertionError


def foes(*where: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i, h in enumerate(where):
        out.append({"id": f"r-sq{i}", "counter": "4-4-7", "side": "b", "hex": h})
        out.append({"id": f"r-t{i}", "counter": "t", "side": "b", "hex": h, "markers": ["vca3"]})
    return out


def settle(pos: Position) -> None:
    while pos.decision is not None:
        pos.push_text("answer pass")


def th_lines(pos: Position) -> dict[str, str]:
    res = pos.last_resolution
    assert res is not None
    return {str(line.label): str(line.value) for line in res.lines}


def test_d35_example_cmg_turns_the_turret_and_the_ma_pays_the_same(make_position: Any) -> None:
    """D3.5 example: the CMG fires at the 4-4-7 two hexspines off the TCA at +2 (C5.1) and the turret turns
    to it; the MA then fires at the same Location inside the new TCA: the same +2, now on the To Hit DR
    (D3.51)."""
    x = spot(make_position, 2)
    pos = make(make_position, foes(x))
    pos.push_text(f"fire g-pz.cmg at {x}")
    top = pos.decision
    assert top is not None and top.arg("drm") == "2"
    pos.push_text("answer dice 6,6")
    settle(pos)
    unit = pos.units["g-pz"]
    assert fc.hexspines_to(unit.hex or Hex(0, 0), pos.map.parse_label(x), tca_of(unit.markers, 0)) == 0
    pos.push_text(f"fire g-pz at {x}")
    pos.push_text("answer dice 6,5")
    assert th_lines(pos).get("Case A, covered arc change: +2") == "2"


def test_ma_turns_the_turret_and_the_cmg_pays_the_same(make_position: Any) -> None:
    """D3.51: the MA turns the turret one hexspine (T: +1) to fire at a tank; the CMG then fires at the squad
    in that Location, inside the new TCA: +1 on the IFT DR, shown as the turret's kept Case A."""
    x = spot(make_position, 1)
    pos = make(make_position, foes(x))
    pos.push_text(f"fire g-pz at {x}")
    pos.push_text("answer dice 6,5")
    settle(pos)
    pos.push_text(f"fire g-pz.cmg at {x}")
    top = pos.decision
    assert top is not None and top.arg("drm") == "1" and top.arg("mods") == "ca_kept:1"


def test_without_a_turn_no_carried_drm(make_position: Any) -> None:
    """D3.51: the same DRM is only for a phase the turret turned: a CMG shot inside the TCA, after an MA shot
    that needed no turn, takes none."""
    x = spot(make_position, 0)
    pos = make(make_position, foes(x))
    pos.push_text(f"fire g-pz at {x}")
    pos.push_text("answer dice 6,5")
    settle(pos)
    pos.push_text(f"fire g-pz.cmg at {x}")
    top = pos.decision
    assert top is not None and top.arg("drm") == "0"


def test_cmg_at_another_target_costs_the_ma_its_acquisition(make_position: Any) -> None:
    """D1.82: the CMG fired at anything but the MA's acquired target loses the MA that acquisition (C6.5)."""
    x = spot(make_position, 0)
    y = spot(make_position, 0, skip=x)
    pos = make(make_position, foes(x, y))
    pos.push_text(f"fire g-pz at {x}")
    pos.push_text("answer dice 6,5")
    settle(pos)
    assert any(m.startswith("acq:r-t0@") for m in pos.units["g-pz"].markers)
    pos.push_text(f"fire g-pz.cmg at {y}")
    assert not any(m.startswith("acq:") for m in pos.units["g-pz"].markers)


def test_cmg_at_the_acquired_target_keeps_it(make_position: Any) -> None:
    """D1.82: the CMG fired at the acquired target's Location keeps the MA's acquisition."""
    x = spot(make_position, 0)
    pos = make(make_position, foes(x))
    pos.push_text(f"fire g-pz at {x}")
    pos.push_text("answer dice 6,5")
    settle(pos)
    pos.push_text(f"fire g-pz.cmg at {x}")
    assert any(m.startswith("acq:r-t0@") for m in pos.units["g-pz"].markers)
