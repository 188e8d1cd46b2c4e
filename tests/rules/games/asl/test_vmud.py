"""Bog in mud and deep snow in play (D8.23, D8.21): one secret bog DR by the opponent for the vehicle's MPh
and a secret dr naming the entry it bogs in. Counters: test_armour's demo Panzer (normal ground pressure,
fully armored: demo values), weather from the scenario's options.weather. D8.23 has no worked example; the
DRMs are D8.21's table: +1 normal ground pressure, +1 mud, +1 more for deep snow."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import vmud

from .test_armour import COUNTERS, pass_reactions


def make(make_position: Any, weather: str) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca1"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L1"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS,
                                  options={"weather": {"precipitation": weather}})
    return pos


def drive(pos: Position, path: str, rolls_given: list[str]) -> list[str]:
    """The move, answering each secret roll in turn (the opponent's); the rolls' prompts seen."""
    seen: list[str] = []
    pos.push_text(f"move a-pz {path}")
    rolls = iter(rolls_given)
    while pos.decision is not None:
        top = pos.decision
        if top.kind == "react":
            pos.push_text("answer pass")
        elif top.then in ("vmud", "vmud_dr"):
            assert top.private and top.side == "b"
            seen.append(f"{top.then}:{top.arg('drm')}")
            pos.push_text(f"answer dice {next(rolls)}")
        else:
            break
    return seen


def test_mud_bogs_in_the_dr_th_entry(make_position: Any) -> None:
    """D8.23: DR 6+5 +2 = 13 bogs it; secret dr 2: it bogs in the second hex it enters (E5 of C5-D5-E5-F5)."""
    pos = make(make_position, "mud")
    seen = drive(pos, "C5-D5-E5-F5", ["6,5", "2"])
    assert seen == ["vmud:2", "vmud_dr:"]
    tank = pos.units["a-pz"]
    assert tank.has("bogged") and pos.label(tank.hex) == "E5"


def test_mud_no_bog_on_a_low_dr(make_position: Any) -> None:
    """D8.23: DR 3+4 +2 = 9: no bog for the whole MPh; no dr asked."""
    pos = make(make_position, "mud")
    assert drive(pos, "C5-D5-E5-F5", ["3,4"]) == ["vmud:2"]
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert not tank.has("bogged") and pos.label(tank.hex) == "F5"


def test_deep_snow_adds_one_more_and_fewer_entries_do_not_bog(make_position: Any) -> None:
    """D8.21: deep snow +1 more (drm 3); D8.23: a dr of 5 and only 3 entries: no bog."""
    pos = make(make_position, "heavy snow")
    assert drive(pos, "C5-D5-E5-F5", ["5,5", "5"]) == ["vmud:3", "vmud_dr:"]
    assert not pos.units["a-pz"].has("bogged")


def test_clear_weather_asks_nothing(make_position: Any) -> None:
    pos = make(make_position, "none")
    assert drive(pos, "C5-D5-E5", []) == []
    assert vmud.ground(pos.game.gstate(pos.state)) == (False, False)


# --- D8.23 with A2.51: the entry hex of a vehicle coming on from off the map ---


def _coming_on(make_position: Any, *, road: bool, **options: Any) -> Position:
    """The demo Panzer, CE, due to come on at A4 (Open Ground; ``road``: a road leaving A4 off the map's
    west edge, through its NW and SW sides) in mud."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "A4", "markers": ["ce"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L1"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS,
                                  hexes={"A4": {"terrain": "open", "road": ["NW", "SW"]}} if road else None,
                                  options={"weather": {"precipitation": "mud"},
                                           "entry": {"a-pz": {"turn": 1, "hexes": ["A4"]}}, **options})
    return pos


def test_d8_23_the_entry_hex_is_an_entry_and_may_be_the_bog_hex(make_position: Any) -> None:
    """D8.23: every hex entered off a paved road counts, the entry hex from off the map too (A2.51: off the
    map a unit moves as on it). DR 6+5 +2 = 13 bogs it; secret dr 1: in the first hex entered, A4."""
    pos = _coming_on(make_position, road=False)
    seen = drive(pos, "A4 as enter", ["6,5", "1"])
    assert seen == ["vmud:2", "vmud_dr:"]
    tank = pos.units["a-pz"]
    assert tank.has("bogged") and pos.label(tank.hex) == "A4"


def test_d8_23_a_paved_road_across_the_map_edge_spares_the_entry_hex(make_position: Any) -> None:
    """D8.23: along a paved road hexside no bog DR: the Panzer comes on by the road crossing A4's west edge
    at road rate (1/2 MP CE, D2.16), the maps' roads paved; with the scenario's roads unpaved
    (``options.unpaved_roads``, roadstate.py) the same entry asks the DR."""
    pos = _coming_on(make_position, road=True)
    assert "move a-pz A4 cost 1/2 as enter" in {a.text(pos.label) for a in pos.legal_actions}
    assert drive(pos, "A4 as enter", []) == []
    unpaved = _coming_on(make_position, road=True, unpaved_roads=True)
    assert drive(unpaved, "A4 as enter", ["3,4"]) == ["vmud:2"]
    assert not unpaved.units["a-pz"].has("bogged")
