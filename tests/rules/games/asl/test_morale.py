"""A10.7 with A4.12 (morale.allied, leader_drm_for, llmc): a counter naming no nationality is its side's.

The text: a leader's DRM is one worse (+1) for a unit of another nationality (A10.7); A4.12 reads a counter
that names none as of its side's nationality, so with the position a squad naming none on a British side is
British: a 9-1 (-1) naming American helps it at 0, a 9-1 naming none (British) at -1. Without the position
(no side to read) such a counter is taken to match any leader, as units.same_army always did."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import morale
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["4-6-7x"] = {k: v for k, v in COUNTERS["4-6-7"].items() if k != "nationality"}
COUNTERS["9-1american"] = {**COUNTERS["9-1"], "nationality": "american"}


def _pos(make_position: Any, leader: str) -> Position:
    units = [{"id": "a-1", "counter": "4-6-7x", "side": "a", "hex": "C3"},
             {"id": "a-l", "counter": leader, "side": "a", "hex": "C3"}]
    sides = [{"id": "a", "name": "A", "nationality": "british"}, {"id": "b", "name": "B"}]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS, sides=sides)
    return pos


def test_a10_7_an_american_leader_is_one_worse_for_a_squad_of_a_british_side(make_position: Any) -> None:
    """A4.12: the squad is British; the American 9-1's -1 becomes 0 (A10.7), in its MC's DRM and its LLMC."""
    pos = _pos(make_position, "9-1american")
    squad, leader = pos.units["a-1"], pos.units["a-l"]
    assert morale.allied(leader, squad, pos) == 1
    assert morale.leader_drm_for(squad, [leader], pos) == 0
    assert morale.allied(leader, squad) == 0  # no position: naming none, it matches (units.same_army)


def test_a10_7_a_leader_naming_none_is_of_the_squads_side(make_position: Any) -> None:
    """Both naming none on the British side: both British, the 9-1's full -1."""
    pos = _pos(make_position, "9-1")
    squad, leader = pos.units["a-1"], pos.units["a-l"]
    assert morale.allied(leader, squad, pos) == 0
    assert morale.leader_drm_for(squad, [leader], pos) == -1


def test_a10_2_the_llmc_of_an_allied_leader_lost(make_position: Any) -> None:
    """A10.2: the American 9-1 lost: the squad (morale 7 < 9) takes his modifier reversed, one worse for an
    ally (A10.7): -(-1 + 1) = 0, an NMC; were he British it would be a 1MC."""
    pos = _pos(make_position, "9-1american")
    assert morale.llmc(pos.units["a-l"], [pos.units["a-1"]], pos) == [("a-1", 0)]
    brit = _pos(make_position, "9-1")
    assert morale.llmc(brit.units["a-l"], [brit.units["a-1"]], brit) == [("a-1", 1)]
