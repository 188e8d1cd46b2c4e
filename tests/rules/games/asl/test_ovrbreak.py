"""D7.17 with A9.71 (ovrbreak.py): an Overrun's Original DR breaks down the weapons in it; a 12 immobilizes
the vehicle only when it breaks none. The demo halftrack's OVR counts its BMG (3 FP); the demo Panzer's its
gun (B# 12) and its BMG and CMG."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import overrun, ovrbreak

from .test_armour import COUNTERS


def overrun_with(make_position: Any, vehicle: str, *markers: str) -> Position:
    units = [{"id": "a-v", "counter": vehicle, "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-v C5-D5")
    assert pos.decision is not None and pos.decision.then == overrun.OVR
    return pos


def test_d7_17_a_12_breaks_the_halftrack_s_bmg_and_does_not_immobilize_it(make_position: Any) -> None:
    pos = overrun_with(make_position, "ht")
    pos.push_text("answer dice 6,6")
    ht = pos.units["a-v"]
    assert ht.has("bmg_malf") and not ht.has("immobilized")
    res = pos.last_resolution
    assert res is not None and any(line.rule == "D7.17" and "BMG" in str(line.label) for line in res.lines)


def test_d7_17_below_12_nothing_breaks(make_position: Any) -> None:
    pos = overrun_with(make_position, "ht")
    pos.push_text("answer dice 5,6")
    ht = pos.units["a-v"]
    assert not ht.has("bmg_malf") and not ht.has("immobilized")


def test_a9_71_several_weapons_reached_random_selection_names_one(make_position: Any) -> None:
    """A9.71 (which names an AFV's OVR): 12 reaches the Panzer's gun, BMG and CMG: not all break, the one
    Random Selection picks does."""
    pos = overrun_with(make_position, "pz")
    pos.push_text("answer dice 6,6")
    while pos.decision is not None and pos.decision.then != ovrbreak.THEN:
        pos.push_text("answer dice 3,3" if pos.decision.kind == "roll" else "answer pass")
    top = pos.decision
    assert top is not None and set(top.choices) == {"ma", "bmg", "cmg"}
    pos.push_text("answer cmg")
    pz = pos.units["a-v"]
    assert pz.has("cmg_malf") and not pz.has("ma_malf") and not pz.has("bmg_malf")
    assert not pz.has("immobilized")


def test_d7_17_the_candidates_from_the_original_dr() -> None:
    """The function itself: a captured vehicle's MGs (A21.11: B# 10) are reached by a 10 already."""
    from hexmate.rules.games.base import CounterType, UnitState

    ct = CounterType(name="ht", type="vehicle", values={"vehicle": "demo-ht-g"})
    ht = UnitState(id="x", side="a", counter=ct, hex=None)
    assert ovrbreak.candidates(ht, 11) == [] and ovrbreak.candidates(ht, 12) == [("bmg", "malfunction")]
    assert ovrbreak.candidates(ht.mark("captured"), 10) == [("bmg", "malfunction")]


def test_d7_11_a_malfunctioned_mg_adds_no_fp(make_position: Any) -> None:
    """D7.11: the halftrack's OVR is 2 + its BMG's 3 tripled and halved = 6 1/2 FP; with the BMG malfunctioned
    only the base 2."""
    working = overrun_with(make_position, "ht")
    assert working.decision is not None and working.decision.arg("fp") == "13/2"
    broken = overrun_with(make_position, "ht", "bmg_malf")
    assert broken.decision is not None and broken.decision.arg("fp") == "2"
