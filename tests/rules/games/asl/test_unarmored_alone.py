"""A7.308: an unarmored vehicle alone in its Location is a target of small arms, read on the vehicle line.

The text (A7.308, A7.4): non-ordnance direct fire at an unarmored vehicle uses the IFT's vehicle line with the
attack's column and Final DR; A7.4 names unarmored vehicles among the units a fire at a Location affects. So a
truck with no infantry beside it may be fired at: before, the fire was refused ("the AFV is attacked only by
its armor's rules", "no enemy unit"). The Kill numbers are the demo pack's vehicle line (demo values: 7 on
the 8 column). Analogue board: the conftest's small map, the 5-4-8 in C2 adjacent to the truck in C3."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["truck"] = {"type": "vehicle", "vehicle": "demo-truck-r"}
COUNTERS["t"] = {"type": "vehicle", "vehicle": "demo-t-r"}


def _pos(make_position: Any, vehicle: str = "truck") -> Any:
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2"},
             {"id": "b-tr", "counter": vehicle, "side": "b", "hex": "C3"}]
    return make_position("asl", units, "PFPh", counters=COUNTERS)


def test_a7_308_a_lone_truck_is_fired_at_on_the_vehicle_line(make_position: Any) -> None:
    """A7.308, A7.21: the 5-4-8's 5 FP doubled at Point Blank Range is 10 FP, the 8 column; Original
    2 + 3 = 5, no DRM: Final DR 5, below the 8 column's Kill number 7: the truck is destroyed, a wreck."""
    pos = _pos(make_position)
    pos.push_text("fire a-1 at C3 dice 2,3")
    text = pos.last_resolution.text()
    assert "10 FP -> 8 column, final DR 5: read on the vehicle line (A7.308)" in text
    assert "b-tr: Final DR 5, Kill number 7: destroyed (A7.308)" in text
    assert pos.last_resolution.results == {}
    assert pos.units["b-tr"].has("wreck") or "b-tr" not in pos.units


def test_a7_308_a_high_dr_leaves_it_unharmed(make_position: Any) -> None:
    """A7.308: Original 6 + 5 = 11 on the same 8 column: not below the Kill number 7, no effect."""
    pos = _pos(make_position)
    pos.push_text("fire a-1 at C3 dice 6,5")
    assert "b-tr: Final DR 11, Kill number 7" in pos.last_resolution.text()
    assert not pos.units["b-tr"].has("wreck") and not pos.units["b-tr"].has("immobilized")


def test_d8_a_lone_afv_is_still_refused_to_small_arms(make_position: Any) -> None:
    """D.8, A7.307: an armored vehicle with no exposed crew is not hurt by small arms: outside the MPh, where
    they leave no Residual FP (A8.2), the attack is refused."""
    pos = _pos(make_position, "t")
    with pytest.raises(IllegalAction, match=r"\(A7\.307\)"):
        pos.push_text("fire a-1 at C3 dice 2,3")
