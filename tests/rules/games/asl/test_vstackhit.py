"""A5.132 (vstackhit.py): a miss on a vehicle in a Location over its side's vehicle limit may hit another
vehicle there. The A5.132 example's structure: three vehicles in the target hex (a tank and two light
vehicles), a miss by 1 or 2 asks a dr, and a dr below 3 hits one of the two others; a miss by 3 or more asks
nothing. The To Hit number is the demo tank's (demo values, worked out by vfire.to_hit_of). And A5.12's
+1 on a gun's To Hit DR from an overstacked firing Location."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import vfire

from .test_armour import COUNTERS


def make(make_position: Any, *extra: dict[str, Any]) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-0t", "counter": "t", "side": "b", "hex": "E5", "markers": ["vca3"]},
             {"id": "b-k1", "counter": "ht", "side": "b", "hex": "E5", "markers": ["vca3"]},
             *extra]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS)  # the tank b-0t is the target
    return pos


K2 = {"id": "b-k2", "counter": "ht", "side": "b", "hex": "E5", "markers": ["vca3"]}


def dice_over(pos: Position, by: int) -> str:
    th = vfire.to_hit_of(pos, pos.units["a-pz"], pos.units["b-0t"])[0]
    total = th + by
    assert 3 <= total <= 11, th
    white = min(6, total - 1)
    return f"{white},{total - white}"


def test_a5_132_a_miss_by_less_than_the_count_then_a_dr_below_it_hits_another(make_position: Any) -> None:
    for by in (1, 2):
        pos = make(make_position, K2)
        pos.push_text("fire a-pz at E5")  # at the first vehicle there: the tank
        pos.push_text(f"answer dice {dice_over(pos, by)}")
        top = pos.decision
        assert top is not None and (top.then, top.rule) == ("vstack_dr", "A5.132"), by
        pos.push_text("answer dice 2")  # below 3: one of the two others, by Random Selection
        top = pos.decision
        assert top is not None and top.then == "vstack_pick" and set(top.units) == {"b-k1", "b-k2"}
        pos.push_text("answer units b-k2")
        top = pos.decision
        assert top is not None and top.then == "vtk" and top.arg("target") == "b-k2"


def test_a5_132_a_dr_not_below_the_count_and_a_miss_by_the_count_hit_nothing(make_position: Any) -> None:
    pos = make(make_position, K2)
    pos.push_text("fire a-pz at E5")
    pos.push_text(f"answer dice {dice_over(pos, 1)}")
    pos.push_text("answer dice 3")
    assert pos.decision is None or pos.decision.then not in ("vtk", "vstack_pick")
    far = make(make_position, K2)
    far.push_text("fire a-pz at E5")
    far.push_text(f"answer dice {dice_over(far, 3)}")
    assert far.decision is None or far.decision.then != "vstack_dr"


def test_a5_132_two_vehicles_the_only_other_is_hit_and_one_alone_never(make_position: Any) -> None:
    """Two vehicles of one side: a miss by 1 (below 2), then a dr of 1 hits the other at once; a lone vehicle
    is no overstack (A5.2)."""
    pos = make(make_position)
    pos.push_text("fire a-pz at E5")
    pos.push_text(f"answer dice {dice_over(pos, 1)}")
    pos.push_text("answer dice 1")
    top = pos.decision
    assert top is not None and top.then == "vtk" and top.arg("target") == "b-k1"


def test_a5_12_a_gun_firing_from_a_vehicle_overstack_has_plus_one_to_hit(make_position: Any) -> None:
    """A5.12: ordnance firing from a Location over its side's vehicle limit (A5.2: one) adds +1 to its To Hit
    DR per vehicle over: a second friendly tank in C5 lowers the modified TH# by one."""
    alone = make(make_position)
    second = {"id": "a-pz2", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]}
    pair = make(make_position, second)
    th1, _, _, _ = vfire.to_hit_of(alone, alone.units["a-pz"], alone.units["b-0t"])
    th2, steps, _, _ = vfire.to_hit_of(pair, pair.units["a-pz"], pair.units["b-0t"])
    assert th2 == th1 - 1 and any(s.name == "overstack" and s.rule == "A5.12" for s in steps)
