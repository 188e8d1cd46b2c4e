"""A23.61: a DC thrown into its possessor's own Location, played through the game.

The text (A23.61, with A23.6): a DC may not be thrown into its possessor's own Location unless the possessor
is Japanese or the target is a vehicle bypassing that Location; then the thrown DC's DRMs still apply: the
Location is attacked as the target with 30 FP at +2 and, with a DR of its own, as the thrower's Location at
+3 (A23.6). No worked example in the text; the numbers are the rule's (30 FP, +2, +3, the terrain's TEM),
the results the demo pack's IFT (demo values). Analogue board: the conftest's small map; C2 Open Ground or
woods (+1)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["4-4-7j"] = {**COUNTERS["4-4-7"], "nationality": "japanese", "class": "elite"}
COUNTERS["truck"] = {"type": "vehicle", "vehicle": "demo-truck-r"}
COUNTERS["t"] = {"type": "vehicle", "vehicle": "demo-t-r"}


def _melee(make_position: Any, thrower: str = "4-4-7j", phase: str = "PFPh", **kw: Any) -> Any:
    """The thrower a-1 with its DC in C2, in Melee with a 4-4-7r (b-1)."""
    units = [{"id": "a-1", "counter": thrower, "side": "a", "hex": "C2"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C2"}]
    return make_position("asl", units, phase, counters=COUNTERS, **kw)


def test_a23_61_a_japanese_squad_throws_its_dc_into_its_own_location(make_position: Any) -> None:
    """A23.61, A23.6: the Japanese 4-4-7 throws its DC into its own Location (Open Ground, no TEM) in the
    PFPh: the target attack is 30 FP at +2 (Original 3 + 4 = 7, final 9) on its enemy b-1 only; then the
    thrower's Location is attacked with its own DR at +3 (Original 4 + 4 = 8, final 11) and that hits every
    unit in it, the thrower and b-1 alike."""
    pos = _melee(make_position)
    fire = pos.parse_action("fire a-dc at C2 dice 3,4")
    text = pos.resolve(fire).text()
    assert "thrown DC: +2 (A23.6)" in text and "(A23.61)" in text
    assert "final DR 9" in text
    pos.push(fire)
    first = pos.last_resolution
    assert set(first.results) == {"b-1"}  # the target attack: the enemy in the Location
    assert "a-dc" not in pos.units  # spent (A23.4)
    assert pos.state.decisions[0].then == "dc_thrower"  # after the target's checks
    while pos.decision is not None and pos.decision.then != "dc_thrower":
        pos.push_text("answer dice 2,2")  # b-1's checks, passed
    pos.push_text("answer dice 4,4")
    second = pos.last_resolution
    assert "thrower's own Location: +3 (A23.6)" in second.text() and "final DR 11" in second.text()
    assert set(second.results) == {"a-1", "b-1"}


def test_a23_61_others_may_not_throw_into_their_own_location(make_position: Any) -> None:
    """A23.61: a German 5-4-8 in Melee in C2 may not throw its DC there: no vehicle bypasses C2."""
    pos = _melee(make_position, thrower="5-4-8")
    with pytest.raises(IllegalAction, match=r"only a Japanese unit may.*\(A23\.61\)"):
        pos.push_text("fire a-dc at C2 dice 3,4")


def test_a23_61_a_malfunction_on_the_first_dr_ends_it(make_position: Any) -> None:
    """A23.4: an Original DR of 12 on the first DR malfunctions the DC: removed, no attack, no second DR."""
    pos = _melee(make_position)
    pos.push_text("fire a-dc at C2 dice 6,6")
    assert "a-dc" not in pos.units and pos.last_resolution.results == {}
    assert all(d.then != "dc_thrower" for d in pos.state.decisions)


def _truck(make_position: Any, vehicle: str = "truck") -> Any:
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-1"},
             {"id": "b-tr", "counter": vehicle, "side": "b", "hex": "C2", "markers": ["byp0"]}]
    return make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C2": "woods"})


def test_a23_61_thrown_at_a_truck_bypassing_the_throwers_woods_location(make_position: Any) -> None:
    """A23.61, A7.308, D2.36: the German 5-4-8 in woods C2 throws its DC at the enemy truck bypassing C2.
    The target attack: 30 FP, +2, the woods' +1 TEM; the truck, at its CAFP outside the woods, takes the
    Original 5 + 5 = 10 + 2 = 12 on the vehicle line: not below its Kill number 12 (demo pack), not destroyed.
    The thrower's Location then: Original 2 + 3 = 5, +3, +1 TEM: final 9 against the 5-4-8, and the truck's
    vehicle line 5 + 3 = 8, below 12: destroyed."""
    pos = _truck(make_position)
    pos.push_text("fire a-dc at C2 dice 5,5")
    text = pos.last_resolution.text()
    assert "target terrain: +1 (A23.1)" in text and "b-tr: Final DR 12, Kill number 12" in text
    assert "(D2.36)" in text and not pos.units["b-tr"].has("wreck")
    assert pos.decision.then == "dc_thrower"
    pos.push_text("answer dice 2,3")
    second = pos.last_resolution
    assert "final DR 9" in second.text() and "a-1" in second.results
    assert "b-tr: Final DR 8, Kill number 12: destroyed" in second.text()
    assert pos.units["b-tr"].has("wreck")


def test_a23_61_a_bypassing_afv_would_need_chapter_c(make_position: Any) -> None:
    """A23.5: a DC at an AFV attacks it only as its primary target with the DC Position DR (C7.346),
    chapter C, not among the texts: a throw into the 5-4-8's own Location at the bypassing (armored) T is
    refused with that reason."""
    pos = _truck(make_position, vehicle="t")
    with pytest.raises(IllegalAction, match=r"chapter C.*\(A23\.5\)"):
        pos.push_text("fire a-dc at C2 dice 3,4")


@pytest.mark.parametrize("markers", [["first_fire"], []])
def test_a23_63_no_dc_thrown_by_a_unit_with_a_first_fire_counter(make_position: Any,
                                                                 markers: list[str]) -> None:
    """A23.63: in the DFPh the DEFENDER's 5-4-8 with a First Fire counter may not throw its DC at the adjacent
    4-4-7r (its other Final Fire at adjacent units aside); without the counter it may."""
    units = [{"id": "b-1", "counter": "5-4-8", "side": "b", "hex": "C2", "markers": markers},
             {"id": "b-dc", "counter": "DC", "side": "b", "hex": "C2", "carrier": "b-1"},
             {"id": "a-1", "counter": "4-4-7r", "side": "a", "hex": "C3"}]
    pos = make_position("asl", units, "DFPh", counters=COUNTERS)
    fire = pos.parse_action("fire b-dc at C3 dice 3,4")
    if markers:
        with pytest.raises(IllegalAction, match=r"First Fire counter.*\(A23\.63\)"):
            pos.game.check(pos, fire)
    else:
        pos.game.check(pos, fire)
