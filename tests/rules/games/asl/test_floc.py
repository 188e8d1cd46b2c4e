"""A fire attacks one Location (A7.4, A2.8), in play.

The text (A7.4): outside Defensive First Fire, the infantry, unarmored vehicles and exposed PRC of one
Location are the target of a fire, and every enemy unit in that Location is affected; A2.8 makes each level
of a building hex a Location of its own. So with enemy units on the ground level and on level 1 of a building
hex, the firer names the Location and only that one's units are attacked. No worked example: the numbers are
the rule's; the IFT cells the demo pack's (demo values). Analogue board: the conftest's small map; C3 a stone
building with a level 1 and the stairs, the firer adjacent in C2."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["truck"] = {"type": "vehicle", "vehicle": "demo-truck-r"}
UPPER = {"terrain": "stone-building", "features": ["building-level-1", "stairway"]}


def _pos(make_position: Any, *targets: dict[str, Any]) -> Any:
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2"}, *targets]
    return make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C3": UPPER})


B1 = {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3"}
B2 = {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 1}


def test_a7_4_the_firer_names_the_location_and_only_its_units_are_attacked(make_position: Any) -> None:
    """A7.4, A2.8: b-1 on C3's ground level, b-2 on its level 1: the 5-4-8 names level 1, and the attack
    (the building's +3 TEM, A7.6) affects b-2 alone; before, both levels were attacked."""
    pos = _pos(make_position, B1, B2)
    pos.push_text("fire a-1 at C3")
    top = pos.decision
    assert top.then == "fire_level" and top.choices == ("h0", "h1") and top.rule == "A7.4"
    assert "h1 (C3 level 1)" in top.prompt
    pos.push_text("answer h1")
    assert pos.decision.then == "ift" and pos.decision.arg("level") == "1"
    pos.push_text("answer dice 2,2")
    res = pos.last_resolution
    assert set(res.results) == {"b-2"}
    assert "target terrain (stone-building): +3 (A7.6)" in res.text()


def test_a7_4_the_ground_level_named_spares_level_1(make_position: Any) -> None:
    """A7.4: the same fire named at h0 affects b-1 alone."""
    pos = _pos(make_position, B1, B2)
    pos.push_text("fire a-1 at C3")
    pos.push_text("answer h0")
    pos.push_text("answer dice 2,2")
    assert set(pos.last_resolution.results) == {"b-1"}


def test_a7_4_dice_at_once_cannot_name_the_location(make_position: Any) -> None:
    """A fire given with its dice at once at such a hex is refused with the way to fire (no state lost)."""
    pos = _pos(make_position, B1, B2)
    with pytest.raises(IllegalAction, match=r"fire without the dice, then name the Location \(A7\.4\)"):
        pos.push_text("fire a-1 at C3 dice 2,2")
    assert pos.decision is None and not pos.units["a-1"].markers


def test_a7_4_one_occupied_level_asks_nothing(make_position: Any) -> None:
    """A7.4: with enemy units on one level only, that is the target Location: no question, dice at once."""
    pos = _pos(make_position, B2)
    pos.push_text("fire a-1 at C3 dice 2,2")
    assert set(pos.last_resolution.results) == {"b-2"}


def test_a7_4_a7_308_a_truck_on_the_ground_is_not_hit_by_fire_at_level_1(make_position: Any) -> None:
    """A7.4, A7.308: an enemy truck stands at ground level beside b-1; a fire named at level 1 leaves both
    alone (no vehicle line), while the same DR named at ground level attacks b-1 and reads the truck on the
    vehicle line."""
    truck = {"id": "b-tr", "counter": "truck", "side": "b", "hex": "C3"}
    pos = _pos(make_position, B1, B2, truck)
    pos.push_text("fire a-1 at C3")
    assert pos.decision.choices == ("h0", "h1")
    pos.push_text("answer h1")
    pos.push_text("answer dice 2,2")
    assert set(pos.last_resolution.results) == {"b-2"} and "Vehicle line" not in pos.last_resolution.text()
    pos = _pos(make_position, B1, B2, truck)
    pos.push_text("fire a-1 at C3")
    pos.push_text("answer h0")
    pos.push_text("answer dice 2,2")
    assert set(pos.last_resolution.results) == {"b-1"} and "b-tr: Final DR" in pos.last_resolution.text()


def test_a6_11_a_named_location_none_of_the_firers_sees_is_fired_at_to_no_effect(make_position: Any) -> None:
    """A6.11 with A7.4: from C1, behind the woods of C2, the 5-4-8 sees neither Location of C3; it names the
    ground level all the same: fired (Prep Fire counter), no effect."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C1"}, B1, B2]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C3": UPPER, "C2": "woods"})
    pos.push_text("fire a-1 at C3")
    assert pos.decision.then == "fire_level"
    pos.push_text("answer h0")
    pos.push_text("answer dice 1,1")
    assert "no line of sight, no effect (A6.11)" in pos.last_resolution.text()
    assert pos.last_resolution.results == {} and pos.units["a-1"].has("prep_fire")
