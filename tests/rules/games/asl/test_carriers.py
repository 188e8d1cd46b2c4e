"""Carriers (carriers.py; D6.8-D6.84): halftracks in the rules but for a fully tracked OT AFV's 4 PP of
SMC and SW passengers (D6.81), a 2-4-7 HS for a crew (D6.82) and a crew that is never buttoned up (D6.84).
The carrier is the demo catalogue's (demo values); the numbers 4 PP, 6 FP AAMG and 2-4-7 are D6.81's and
D6.82's."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import carriers, crew, mounted, vmg
from hexmate.rules.games.asl.vehicles import CatalogueError, parse_vehicle, vehicle_of

from .test_armour import COUNTERS, pass_reactions

CARRIER = {**COUNTERS, "c": {"type": "vehicle", "vehicle": "demo-carrier-b"}}
BASE = {"movement": "tracked", "mp": 16, "armor": {"hull_front": 1, "hull_side": 0}, "open_topped": True,
        "carrier": True}


def pos_with(make_position: Any, phase: str, *extra: dict[str, Any]) -> Position:
    units = [{"id": "a-c", "counter": "c", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5"}, *extra]
    pos: Position = make_position("asl", units, phase, counters=CARRIER)
    return pos


def test_d6_81_four_pp_unless_a_mortar_or_ft_ma_or_a_6_fp_aamg() -> None:
    assert parse_vehicle("t", "c", BASE).passengers == 4
    assert parse_vehicle("t", "c", {**BASE, "ma": {"calibre": 76, "kind": "MTR"}}).passengers == 0
    assert parse_vehicle("t", "c", {**BASE, "ma": {"calibre": 0, "kind": "FT"}}).passengers == 0
    assert parse_vehicle("t", "c", {**BASE, "mg": {"aamg": 6}}).passengers == 0
    assert parse_vehicle("t", "c", {**BASE, "mg": {"aamg": 4}}).passengers == 4


def test_d6_81_a_carrier_is_a_fully_tracked_open_topped_afv() -> None:
    with pytest.raises(CatalogueError, match=r"D6\.81"):
        parse_vehicle("t", "c", {**BASE, "movement": "halftrack"})
    with pytest.raises(CatalogueError, match=r"D6\.81"):
        parse_vehicle("t", "c", {**BASE, "open_topped": False})


def test_d6_81_its_passengers_are_smc_and_sw_only(make_position: Any) -> None:
    pos = pos_with(make_position, "MPh", {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"},
                   {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C5"})
    with pytest.raises(IllegalAction, match=r"only SMC and SW"):
        pos.game.check(pos, pos.parse_action("load a-sq into a-c"))
    pos.push_text("load a-ldr into a-c")
    pass_reactions(pos)  # A8.12: the loaders may be fired at before they are aboard
    assert pos.units["a-ldr"].carrier == "a-c"


def test_d6_84_never_buttoned_up(make_position: Any) -> None:
    pos = pos_with(make_position, "MPh")
    with pytest.raises(IllegalAction, match=r"never buttoned up"):
        pos.game.check(pos, pos.parse_action("move a-c C5 as bu"))
    vt = vehicle_of(pos.units["a-c"].values)
    assert vmg.crew_exposed(vt, frozenset({"stunned", "bu"}))  # CE even stunned (D6.84)


def test_d6_8_d6_84_its_passengers_are_ce_targets_as_a_halftrack_s(make_position: Any) -> None:
    """D6.8 with D6.62, D5.31: an attack on C5 reaches the leader aboard as a CE passenger (+2), even with the
    carrier shocked (D6.84)."""
    aboard = {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C5", "carrier": "a-c"}
    pos = pos_with(make_position, "PFPh", aboard)
    carrier = pos.units["a-c"]
    assert mounted.role(carrier) == mounted.HT_PASSENGER
    hidden, ce = vmg.afv_aboard(pos, [pos.units["a-ldr"]])
    assert not hidden and [u.id for u in ce["a-c"]] == ["a-ldr"]
    shocked = pos.at(pos.state.with_unit(carrier.mark("shocked", "bu")))
    assert mounted.exposed(shocked.units["a-c"])


def test_d6_82_its_crew_is_a_2_4_7_hs(make_position: Any) -> None:
    """D6.82: the crew that leaves a carrier is a HS; a FT carrier's is an ordinary vehicle crew."""
    pos = pos_with(make_position, "MPh")
    counter = crew.counter_for(pos, pos.units["a-c"])
    assert counter.type == "hs" and counter.name.startswith("2-4-7")
    assert counter.number("fp") == 2 and counter.number("range") == 4 and counter.number("morale") == 7
    ft = parse_vehicle("t", "c", {**BASE, "ma": {"calibre": 0, "kind": "FT"}})
    assert not carriers.hs_crew(ft) and not carriers.hs_crew(parse_vehicle("t", "c", {**BASE, "tower": True}))
    pos.push_text("move a-c C5 as abandon")
    left = pos.units["a-c-crew"]
    assert left.type == "hs" and left.name.startswith("2-4-7")


def test_d6_81_the_4_pp_hold_the_smc_s_sw_by_portage(make_position: Any) -> None:
    """D6.81: a leader with a 3 PP MMG fits the 4 PP; two such leaders (6 PP of SW) do not."""
    counters = {**CARRIER, "MMG": {"type": "sw", "sw": "mg", "fp": 5, "range": 12, "pp": 3}}
    units = [{"id": "a-c", "counter": "c", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5"},
             {"id": "a-l1", "counter": "9-1", "side": "a", "hex": "C5"},
             {"id": "a-l2", "counter": "9-1", "side": "a", "hex": "C5"},
             {"id": "a-m1", "counter": "MMG", "side": "a", "hex": "C5", "carrier": "a-l1"},
             {"id": "a-m2", "counter": "MMG", "side": "a", "hex": "C5", "carrier": "a-l2"}]
    pos: Position = make_position("asl", units, "MPh", counters=counters)
    with pytest.raises(IllegalAction, match=r"carries 4 PP, not 6"):
        pos.game.check(pos, pos.parse_action("load a-l1,a-l2 into a-c"))
    pos.push_text("load a-l1 into a-c")
    pass_reactions(pos)
    assert pos.units["a-l1"].carrier == "a-c"
