"""A passenger's support weapons (D6.1): a LMG or a thrown DC (A23.6), never a placed DC nor another SW; a
PIAT's To Hit is chapter C's (not built). A23.6's thrown DC: 30 FP at +2 on the adjacent Location, +3
when thrown from a vehicle not stopped or in Motion. Counters: the demo catalogue, the halftrack demo-ht-g."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import placedc
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["ht"] = {"type": "vehicle", "vehicle": "demo-ht-g"}


def aboard(make_position: Any, sw: str, phase: str = "PFPh", *markers: str) -> Position:
    units = [{"id": "a-ht", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-ht"},
             {"id": "a-sw", "counter": sw, "side": "a", "hex": "C5", "carrier": "a-sq"},
             {"id": "b-sq", "counter": "4-4-7r", "side": "b", "hex": "D5"}]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS)
    return pos


def test_d6_1_a_passenger_throws_a_dc_from_a_stopped_halftrack(make_position: Any) -> None:
    pos = aboard(make_position, "DC")
    pos.push_text("fire a-sw at D5 dice 3,3")
    res = pos.last_resolution
    assert res is not None
    assert "thrown DC: +2 (A23.6)" in res.text() and "final DR 8" in res.text()  # 6 + 2
    assert "b-sq" in res.results


def test_a23_6_a_passenger_s_dc_from_a_halftrack_in_motion_is_plus_3(make_position: Any) -> None:
    pos = aboard(make_position, "DC", "PFPh", "motion")
    pos.push_text("fire a-sw at D5 dice 3,3")
    res = pos.last_resolution
    assert res is not None and "thrown DC: +3 (A23.6)" in res.text() and "final DR 9" in res.text()


def test_d6_1_a_passenger_never_places_a_dc(make_position: Any) -> None:
    """In its own MPh a passenger's DC is thrown as Bounding First Fire (D3.3, prcfire.py), never placed
    (A23.3's placement is refused from aboard)."""
    pos = aboard(make_position, "DC", "MPh")
    fire = pos.parse_action("fire a-sw at D5")
    with pytest.raises(IllegalAction, match="only thrown, never placed"):
        placedc.check(pos.game, pos, fire)
    pos.push_text("fire a-sw at D5 dice 3,3")
    res = pos.last_resolution
    assert res is not None and "thrown DC: +2 (A23.6)" in res.text()


def test_d6_1_a_passenger_fires_no_mmg(make_position: Any) -> None:
    pos = aboard(make_position, "MMG")
    with pytest.raises(IllegalAction, match="only a LMG or a thrown DC"):
        pos.game.check(pos, pos.parse_action("fire a-sw at D5"))
