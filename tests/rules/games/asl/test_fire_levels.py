"""A7.21 with A2.8: fire from another level of the target's own building hex is Point Blank Fire (x2), the
Locations being ADJACENT; Triple Point Blank Fire (x3) is for the firer's own Location only. C3 is a stone
building with levels 1 and 2 and a stairway (the analogue board of test_floc.py); counters from the demo
catalogue (demo values)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
UPPER = {"terrain": "stone-building", "features": ["building-level-1", "building-level-2", "stairway"]}


def test_a7_21_fire_down_the_stairs_is_pbf_not_tpbf(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3", "level": 2},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 1}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C3": UPPER})
    text = pos.resolve(pos.parse_action("fire a-1 at C3 dice 4,5")).text()
    assert "5 FP x2 Point Blank Fire (A7.21) = 10 FP" in text
    assert "Triple" not in text


def test_a7_21_fire_in_the_firers_own_location_is_tpbf(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3", "level": 1},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 1}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C3": UPPER})
    text = pos.resolve(pos.parse_action("fire a-1 at C3 dice 4,5")).text()
    assert "5 FP x3 Triple Point Blank Fire (A7.21) = 15 FP" in text


def test_a7_7_fire_from_directly_above_and_below_encircles(make_position: Any) -> None:
    """A7.7: in a building hex, successive qualifying attacks from the Location directly above (level 2) and
    the one directly below (ground level) encircle the Location between them (level 1)."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3", "level": 2},
             {"id": "a-2", "counter": "5-4-8", "side": "a", "hex": "C3", "level": 0},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 1}]
    # C4 joins C3 at level 1 with stairs of its own: b-1 keeps a way down, so A7.72 does not encircle it first
    side = {"terrain": "stone-building", "features": ["building-level-1", "stairway"]}
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C3": UPPER, "C4": side})
    pos.push_text("fire a-1 at C3 dice 5,6")  # 10 FP: an NMC is possible (A7.7), this DR does nothing
    assert not pos.units["b-1"].has("encircled")
    pos.push_text("fire a-2 at C3 dice 5,6")
    assert "ENCIRCLED" in pos.last_resolution.text()
    assert pos.units["b-1"].has("encircled")


def test_a7_7_fire_from_above_twice_does_not_encircle(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3", "level": 2},
             {"id": "a-2", "counter": "5-4-8", "side": "a", "hex": "C3", "level": 2},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 1}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C3": UPPER})
    pos.push_text("fire a-1,a-2 at C3 dice 5,6")
    assert not pos.units["b-1"].has("encircled")
