"""A K result that falls both on units aboard a vehicle (their General Collateral attack) and on the other
units of the Location: each set has its own Random Selection (A7.302, A.9, D.8, D.8B). Counters from the demo
catalogue, the IFT and its vehicle line from the demo pack (demo values)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.selection import groups

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["truck"] = {"type": "vehicle", "vehicle": "demo-truck-r"}


def test_a7_302_d8_passengers_and_ground_units_each_have_their_own_random_selection(
        make_position: Any) -> None:
    """A7.308: the 4 FP column affects at most 2 vehicles (its largest KIA#), so of the three trucks in C4 the
    third (rus-trc) survives the Original DR 3 and its HS and squad aboard take the General Collateral attack
    (D.8B): final 3, K/1, like the squad on the ground (Open Ground, final 3, K/1). D.8: the collateral attack
    is a separate attack, so there are two Random Selections: one among the two units aboard rus-trc, one
    for the squad on the ground (alone, so reduced at once); neither names a unit of the other."""
    units = [{"id": "ger-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "rus-tra", "counter": "truck", "side": "b", "hex": "C4"},
             {"id": "rus-trb", "counter": "truck", "side": "b", "hex": "C4"},
             {"id": "rus-trc", "counter": "truck", "side": "b", "hex": "C4"},
             {"id": "rus-hs", "counter": "2-2-7r", "side": "b", "hex": "C4", "carrier": "rus-trc"},
             {"id": "rus-2", "counter": "2-2-7r", "side": "b", "hex": "C4", "carrier": "rus-trc"},
             {"id": "rus-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire ger-1 at C4 dice 1,2")
    res = pos.last_resolution
    assert "4 FP -> 4 column, final DR 3 -> K/1" in res.text()
    assert {u: res.results[u] for u in ("rus-1", "rus-hs", "rus-2")} == {"rus-1": "K/1", "rus-hs": "K/1",
                                                                           "rus-2": "K/1"}
    picks = [set(d.units) for d in pos.state.decisions if d.then == "casualty"]
    assert picks == [{"rus-hs", "rus-2"}]  # the selection among the units aboard only
    # the squad on the ground is alone in its own: reduced to a HS at once, which takes its 1MC (A7.302)
    assert pos.units["rus-1"].counter.name == "2-2-7r"
    assert [d.then for d in pos.state.decisions if d.subject == ("rus-1",)] == ["mc"]
    assert [ids for _, ids in groups(pos, res.results) if "rus-1" in ids] == [["rus-1"]]


def test_a7_302_one_random_selection_per_location(make_position: Any) -> None:
    """A7.302: a K or KIA result is applied by Random Selection among the units of its Location, so units of
    two Locations (as under Spraying Fire) with the same result never share one selection; two squads of one
    Location do."""
    units = [{"id": "ger-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "rus-1", "counter": "4-4-7r", "side": "b", "hex": "C4"},
             {"id": "rus-2", "counter": "4-4-7r", "side": "b", "hex": "C4"},
             {"id": "rus-3", "counter": "4-4-7r", "side": "b", "hex": "D4"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    got = groups(pos, {"rus-1": "K/1", "rus-3": "K/1", "rus-2": "K/1"})
    assert got == [("K/1", ["rus-1", "rus-2"]), ("K/1", ["rus-3"])]
