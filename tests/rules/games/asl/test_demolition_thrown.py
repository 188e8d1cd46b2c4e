"""A thrown DC attacks one Location (A23.6, A2.8), and an unarmored vehicle there (A7.308, D.8B), in play.

The text (A23.6): a DC is thrown into an ADJACENT Location in the thrower's LOS: the next hex at the
thrower's own level, the next lower level of its own building hex by the stairs, or dropped from higher up
to a ground-level Location; never a level or more higher. It attacks the target Location with 30 FP at +2
(the target terrain's TEM too), then the thrower's Location with a DR of its own at +3, unless the DC was
thrown from two or more levels above the target. Only the units of that Location are attacked (A2.8). An
unarmored vehicle in the target Location takes the attack's Original DR on the vehicle line (A7.308) as a
placed DC's does. No worked example in the text: the numbers are the rule's, the IFT and vehicle line cells
the demo pack's (demo values: the 30 column's Kill number is 12). Analogue board: the conftest's small map,
C2 the thrower's hex and C3 the adjacent target hex."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["truck"] = {"type": "vehicle", "vehicle": "demo-truck-r"}
UPPER = {"terrain": "stone-building", "features": ["building-level-1", "stairway"]}
TWO_UP = {"terrain": "stone-building", "features": ["building-level-1", "building-level-2", "stairway"]}


def _thrower(level: int = 0) -> list[dict[str, Any]]:
    return [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2", "level": level},
            {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-1", "level": level}]


def _checks_then_thrower(pos: Any) -> None:
    """Pass every check the target attack opened, up to the thrower's own roll (or the end)."""
    while pos.decision is not None and pos.decision.then != "dc_thrower":
        top = pos.decision
        pos.push_text("answer dice 1,1" if top.dice else f"answer units {top.units[0]}" if top.kind == "units"
                      else "answer pass")


def test_a23_6_a7_308_a_dc_thrown_at_an_adjacent_truck_reaches_the_vehicle_line(make_position: Any) -> None:
    """A23.6, A7.308: the 5-4-8 in C2 throws its DC at C3 (Open Ground), where a 4-4-7r and an enemy truck
    are. Original 2 + 3 = 5, +2: final 7 against the 4-4-7r, and the truck on the vehicle line with the same
    Final DR 7, below its Kill number 12 (demo pack, 30 column): destroyed. Before, the truck took the
    infantry result and never reached the vehicle line."""
    units = [*_thrower(), {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3"},
             {"id": "b-tr", "counter": "truck", "side": "b", "hex": "C3"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-dc at C3 dice 2,3")
    res = pos.last_resolution
    assert "final DR 7" in res.text() and "b-tr: Final DR 7, Kill number 12: destroyed" in res.text()
    assert set(res.results) == {"b-1"}  # the truck is on the vehicle line, not an infantry target
    assert pos.units["b-tr"].has("wreck")
    _checks_then_thrower(pos)
    assert pos.decision is not None and pos.decision.then == "dc_thrower"


def test_a23_6_only_the_target_location_is_attacked_not_the_level_above(make_position: Any) -> None:
    """A2.8, A23.6: C3 is a building with a level 1; the 4-4-7r b-1 is on its ground level, the 4-4-7r b-2 on
    level 1. The ground-level 5-4-8 may not throw a level higher, so its DC goes into C3's ground level
    without a question and attacks b-1 only (before, it attacked both levels). Stone building TEM +3: the
    Original 3 + 3 = 6, +2, +3: final 11."""
    units = [*_thrower(), {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3"},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 1}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C3": UPPER})
    pos.push_text("fire a-dc at C3 dice 3,3")
    res = pos.last_resolution
    assert "target terrain: +3 (A23.1)" in res.text() and "final DR 11" in res.text()
    assert set(res.results) == {"b-1"}


def test_a23_6_from_an_upper_level_the_thrower_names_the_location(make_position: Any) -> None:
    """A23.6: from level 1 of C2 the 5-4-8 may throw into C3's level 1 (its own level) or drop the DC to
    C3's ground level; with enemy units in both it names the Location. It answers h1: only b-2 is attacked,
    then its own Location with its own DR (one level apart, so it is attacked, +3)."""
    units = [*_thrower(level=1), {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3"},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 1}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C2": UPPER, "C3": UPPER})
    pos.push_text("fire a-dc at C3")
    assert pos.decision.then == "fire_level" and pos.decision.choices == ("h1", "h0")
    with pytest.raises(IllegalAction, match=r"which Location\? h1 \(C3 level 1\), h0 \(C3\) \(A23\.6\)"):
        pos.push_text("answer h2")
    pos.push_text("answer h1")
    assert pos.decision.then == "ift"
    pos.push_text("answer dice 2,2")
    res = pos.last_resolution
    assert set(res.results) == {"b-2"} and "target Location: C3 level 1 (A23.6)" in res.text()
    _checks_then_thrower(pos)
    assert pos.decision is not None and pos.decision.then == "dc_thrower"


def test_a23_6_dropped_to_the_ground_level_from_level_1(make_position: Any) -> None:
    """A23.6: the same throw answered h0 attacks b-1 on C3's ground level only; dropped one level, the
    thrower's Location is still attacked."""
    units = [*_thrower(level=1), {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3"},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 1}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C2": UPPER, "C3": UPPER})
    pos.push_text("fire a-dc at C3")
    pos.push_text("answer h0")
    pos.push_text("answer dice 2,2")
    assert set(pos.last_resolution.results) == {"b-1"}
    _checks_then_thrower(pos)
    assert pos.decision is not None and pos.decision.then == "dc_thrower"


def test_a23_6_dropped_two_levels_spares_the_thrower(make_position: Any) -> None:
    """A23.6: from level 2 of C2 the DC is dropped to the ground level of C3 (Open Ground, the only Location
    there): b-1 is attacked (Original 4 + 1 = 5, +2: final 7) and, thrown from two levels above, the
    thrower's Location is not attacked: no second roll."""
    units = [*_thrower(level=2), {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C2": TWO_UP})
    pos.push_text("fire a-dc at C3 dice 4,1")
    res = pos.last_resolution
    assert set(res.results) == {"b-1"} and "final DR 7" in res.text()
    assert "dropped two levels or more: not attacked (A23.6)" in res.text()
    _checks_then_thrower(pos)
    assert all(d.then != "dc_thrower" for d in pos.state.decisions)


def test_a23_6_into_the_next_lower_level_of_its_own_building(make_position: Any) -> None:
    """A23.6: a (German) 5-4-8 on level 1 of C2 throws its DC down the stairs into C2's ground level, where
    the 4-4-7r b-1 is: not A23.61's own Location (refused to non-Japanese units), a Location of its own hex
    one level lower. b-1 alone is attacked; the thrower's Location then with its own DR."""
    units = [*_thrower(level=1), {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C2"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C2": UPPER})
    pos.push_text("fire a-dc at C2 dice 3,2")
    res = pos.last_resolution
    assert set(res.results) == {"b-1"} and "target Location: C2 (A23.6)" in res.text()
    _checks_then_thrower(pos)
    assert pos.decision is not None and pos.decision.then == "dc_thrower"


def test_a23_6_never_a_level_higher(make_position: Any) -> None:
    """A23.6: a ground-level thrower may not throw into its own building's level 1 (higher), nor into its
    own ground-level Location (A23.61, a German unit): refused."""
    units = [*_thrower(level=0), {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C2", "level": 1}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C2": UPPER})
    with pytest.raises(IllegalAction, match=r"\(A23\.61\)"):
        pos.push_text("fire a-dc at C2 dice 3,2")


def test_a12_14_a_dummy_in_the_target_location_is_attacked_and_removed(make_position: Any) -> None:
    """A12.14, A23.6: only a dummy (concealed) in C3: the DC's 30 FP is halved for a concealed target (15 FP,
    the 12 column); Original 1 + 1 = 2, +2: final 4, a result that makes a unit check or die: the dummy,
    with no morale to check, is removed. Before, a DC passed over dummies."""
    units = [*_thrower(), {"id": "b-d", "counter": "dummy", "side": "b", "hex": "C3", "concealed": True}]
    pos = make_position("asl", units, "PFPh", counters={**COUNTERS, "dummy": {"type": "dummy"}})
    pos.push_text("fire a-dc at C3 dice 1,1")
    res = pos.last_resolution
    assert "15 FP -> 12 column, final DR 4" in res.text() and "b-d" in res.results
    _checks_then_thrower(pos)
    assert "b-d" not in pos.units
