"""D8.5 in play: a bogged vehicle's forward-mounted weapons (BMG, bow FT) fire into its own hex only as
Defensive First Fire at a unit that entered from inside its VCA. Counter: the demo flame tank (bow FT, BMG;
demo values); the test board, open ground."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.decisions import Moving
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import vimmobile

from .test_vft import FLAME


def test_no_bow_fire_into_its_own_hex_outside_dff(make_position: Any) -> None:
    """D8.5: bogged in C5 with enemy infantry in C5, in its PFPh: neither its FT nor its BMG fire there."""
    units = [{"id": "a-fl", "counter": "fl", "side": "a", "hex": "C5", "markers": ["vca0", "bogged"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "C5"}]
    pos: Position = make_position("asl", units, "PFPh", counters=FLAME)
    with pytest.raises(IllegalAction, match="immobile"):
        pos.push_text("fire a-fl at C5")


@pytest.mark.parametrize("inside", [True, False])
def test_dff_at_a_unit_entering_from_its_vca(make_position: Any, inside: bool) -> None:
    """D8.5: a squad has entered E5 from D5; the bogged tank in E5 may fire its bow weapons at it only if D5
    is in its VCA. (Infantry entering an enemy vehicle's hex is refused by the game's A4.14 check, so the
    state is set up as the window would hold it: the squad moving, one hex entered.)"""
    units = [{"id": "a-sq", "counter": "4-4-7", "side": "a", "hex": "E5"}]
    probe: Position = make_position("asl", units, "MPh", counters=FLAME)
    e5, d5 = probe.map.parse_label("E5"), probe.map.parse_label("D5")
    f = next(g for g in range(6) if fc.in_arc(e5, d5, g) == inside)
    units.append({"id": "b-fl", "counter": "fl", "side": "b", "hex": "E5", "markers": [f"vca{f}", "bogged"]})
    pos: Position = make_position("asl", units, "MPh", counters=FLAME)
    at = pos.at(pos.state.replace(moving=Moving(("a-sq",), (d5, e5), 1, at=1)))
    if inside:
        vimmobile.check_bow_same_hex(at, at.units["b-fl"], e5)
    else:
        with pytest.raises(IllegalAction, match="inside its VCA"):
            vimmobile.check_bow_same_hex(at, at.units["b-fl"], e5)


def _truck(make_position: Any, *extra: dict[str, Any],
           markers: tuple[str, ...] = ("immobilized",)) -> Position:
    from .test_armour import COUNTERS

    counters = {**COUNTERS, "truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}
    units = [{"id": "a-tr", "counter": "truck", "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "J5"}, *extra]
    pos: Position = make_position("asl", units, "MPh", counters=counters)
    return pos


def test_d8_1_an_emptied_immobilized_truck_becomes_a_wreck(make_position: Any) -> None:
    """D8.1: the immobilized demo truck (unarmed, unarmored) with a squad aboard stays a vehicle; once the
    squad unloads (D6.5: possible from an immobilized vehicle) it is a wreck."""
    aboard = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-tr"}
    pos = _truck(make_position, aboard)
    assert not pos.units["a-tr"].has("wreck")
    pos.push_text("unload a-tr")
    while pos.decision is not None:
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer dice 6,6")
    assert pos.units["a-sq"].carrier is None and pos.units["a-tr"].has("wreck")


def test_d8_1_not_a_mobile_towing_or_armed_vehicle(make_position: Any) -> None:
    def wrecked(*marks: str, counter: str = "truck") -> bool:
        pos = _truck(make_position, markers=marks)
        if counter != "truck":
            pos = pos.at(pos.state.with_unit(pos.units["a-tr"].__class__(
                id="a-tr", side="a", counter=pos.scenario.counters[counter], hex=pos.units["a-tr"].hex,
                markers=frozenset(marks))))
        return vimmobile.left_behind(pos.state).units["a-tr"].has("wreck")

    assert wrecked("immobilized") and not wrecked()  # not immobilized: no
    assert not wrecked("immobilized", "towing")  # D8.1: what it tows is unhooked first
    assert not wrecked("immobilized", counter="ht")  # armed (its BMG) and armored
