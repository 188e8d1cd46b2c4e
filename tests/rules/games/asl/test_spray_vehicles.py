"""A9.51 in play: Spraying Fire, like all Area Fire, does nothing to an AFV but reaches its exposed crew, and
attacks an unarmored vehicle like any small-arms fire, in either of its two Locations (unarmored.py reads each
Location's own DRM and column). Demo counters, the demo IFT and its vehicle line (2 column: Kill number 4)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["pz"] = {"type": "vehicle", "vehicle": "demo-pz-g"}
COUNTERS["truck"] = {"type": "vehicle", "vehicle": "demo-truck-r"}


def sprayed(make_position: Any, *second: dict[str, Any], dice: str = "2,1") -> Position:
    """A 4-6-7 and its LMG in C3 spray C6 (a 4-4-7) and C7 (``second``) with one DR."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C6"}, *second]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-1,a-lmg at C6")
    top = pos.decision
    assert top is not None and top.then == "spray"
    pos.push_text("answer hex C7")
    pos.push_text(f"answer dice {dice}")
    return pos


def lines(pos: Position) -> list[tuple[str, str, str]]:
    res = pos.last_resolution
    assert res is not None
    return [(str(x.label), str(x.value), x.rule) for x in res.lines]


def test_a9_51_an_unarmored_vehicle_in_the_sprayed_location_is_attacked(make_position: Any) -> None:
    """A9.51, A7.308: 3 1/2 FP on the 2 column in C7, Final DR 3 below the Kill number 4: the truck there is
    destroyed, as the squad beside it takes its 1MC."""
    pos = sprayed(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C7"},
                  {"id": "b-tr", "counter": "truck", "side": "b", "hex": "C7", "markers": ["vca3"]})
    assert ("Vehicle line", "b-tr: Final DR 3, Kill number 4: destroyed", "A7.308") in lines(pos)
    assert pos.units["b-tr"].has("wreck")


def test_a9_51_an_afv_is_untouched_but_its_ce_crew_is_attacked(make_position: Any) -> None:
    """A9.51, D.8, D5.31: a CE PzKpfw alone in C7: no vehicle line for it; its crew takes the attack at +2
    (Final DR 5 on the 2 column: NMC)."""
    pos = sprayed(make_position, {"id": "b-pz", "counter": "pz", "side": "b", "hex": "C7",
                                  "markers": ["vca3", "ce"]})
    got = lines(pos)
    assert ("crew of b-pz", "result NMC", "D5.34") in got
    assert not [x for x in got if x[2] == "A7.308"]
    assert not pos.units["b-pz"].has("wreck")
