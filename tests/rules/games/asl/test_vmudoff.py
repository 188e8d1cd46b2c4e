"""D8.23 with A2.51: in mud or deep snow the off-board hexes a vehicle crosses coming on count for its one
secret bog DR (vmudoff.py). Counters: test_armour's demo Panzer (14 MP, normal ground pressure, fully
armored), so the DR's DRMs are D8.21's +1 normal ground pressure and +1 mud: +2, 12 or more bogs it. Set up
5 hexes out behind A4 (A2.51), it enters the hexes 4, 3, 2 and 1 out, then A4: A4 is its fifth entry."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import offboard, vmudoff
from hexmate.rules.hexes import distance

from .test_armour import COUNTERS, pass_reactions


def _pos(make_position: Any, weather: str = "mud", k: int = 5) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "A4", "markers": ["ce"]},
             {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "L8"}]
    pos: Position = make_position("asl", units, "RPh", counters=COUNTERS, options={
        "entry": {"a-pz": {"turn": 1, "hexes": ["A4"]}}, "weather": {"precipitation": weather}})
    pos.push_text(f"move a-pz A4 as off{k}")
    while pos.phase.id != "MPh":
        pos.push_text("end")
    return pos


def _come_on(pos: Position, text: str, rolls: list[str]) -> list[str]:
    """The move, the opponent's secret rolls answered in turn; the rolls' continuations seen."""
    seen: list[str] = []
    pos.push_text(text)
    given = iter(rolls)
    while pos.decision is not None and pos.decision.then.startswith("vmud"):
        top = pos.decision
        assert top.private and top.side == "b" and top.rule == "D8.23"
        seen.append(top.then)
        pos.push_text(f"answer dice {next(given)}")
    return seen


def _out(pos: Position) -> int:
    """How many hexes out from A4 the Panzer's off-board hex is."""
    x = offboard.set_up_at(pos.units["a-pz"])
    assert x is not None
    return distance(x, pos.map.parse_label("A4"))


def test_d8_23_a2_51_a_bog_in_an_off_board_hex_leaves_it_off_the_map(make_position: Any) -> None:
    """DR 6+5 +2 = 13 bogs it; secret dr 2: the second hex entered, 3 hexes out from A4. It stays off the
    map there, bogged, its MPh over (D8.21), and the Now panel says so with the rules."""
    pos = _pos(make_position)
    seen = _come_on(pos, "move a-pz A4 as enter", ["6,5", "2"])
    assert seen == ["vmud_off", "vmud_off_dr"]
    tank = pos.units["a-pz"]
    assert tank.hex is None and tank.has("bogged") and _out(pos) == 3
    assert "a-pz" in pos.state.moved
    assert any("a-pz is bogged off the map, 3 hexes out from A4" in line and "D8.23" in line
               for line in pos.game.status(pos))
    assert not any(getattr(a, "units", ()) == ("a-pz",) for a in pos.legal_actions)  # nothing this MPh
    with pytest.raises(IllegalAction, match=r"Bog Removal"):
        pos.game.check(pos, pos.parse_action("move a-pz A4 as enter"))
    pos.push_text("end")  # A2.5: a bogged vehicle is not made to come on


@pytest.mark.parametrize(("path", "dr", "where"),
                         [("A4", "5", "A4"), ("A4-B4", "6", "B4"), ("A4", "6", None)])
def test_d8_23_the_count_goes_on_from_the_entry_hex(make_position: Any, path: str, dr: str,
                                                    where: str | None) -> None:
    """After the four off-board hexes A4 is the fifth entry (dr 5 bogs it there), B4 the sixth; a dr of 6
    with only five hexes entered bogs nothing (D8.23: fewer hexes than the dr)."""
    pos = _pos(make_position)
    assert _come_on(pos, f"move a-pz {path} as enter", ["6,6", dr]) == ["vmud_off", "vmud_off_dr"]
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert tank.hex == pos.map.parse_label(path.split("-")[-1])
    assert tank.has("bogged") is (where is not None)
    assert not tank.has(vmudoff.MARK)


def test_d8_23_no_bog_dr_it_comes_on(make_position: Any) -> None:
    """DR 3+4 +2 = 9: no bog; no dr asked; the entry costs 4 + 1 MP as in any weather (A2.51)."""
    pos = _pos(make_position)
    assert _come_on(pos, "move a-pz A4-B4 as enter", ["3,4"]) == ["vmud_off"]
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert pos.label(tank.hex) == "B4" and not tank.has("bogged")


def test_d8_23_set_up_beside_the_entry_hex_crosses_no_off_board_hex(make_position: Any) -> None:
    """Set up 1 hex out it enters no off-board hex: the DR is asked at A4 itself, as before."""
    pos = _pos(make_position, k=1)
    assert _come_on(pos, "move a-pz A4 as enter", ["6,5", "1"]) == ["vmud", "vmud_dr"]
    assert pos.label(pos.units["a-pz"].hex) == "A4" and pos.units["a-pz"].has("bogged")


def test_clear_weather_counts_nothing(make_position: Any) -> None:
    pos = _pos(make_position, weather="none")
    assert _come_on(pos, "move a-pz A4 as enter", []) == []
    assert vmudoff.hexes(pos, pos.units["a-pz"], pos.map.parse_label("A4"), None, False) == []


def _geomorphic(**options: Any) -> Position:
    """A 33x10 geomorphic board (A2.1) in mud, the Panzer CE set up 10 hexes out behind I10 on hexrow I, one
    of the off-board road hexrows behind a long side (A2.51)."""
    from hexmate.rules.games import get_game
    from hexmate.rules.scenario import Scenario

    from ..conftest import scenario_dict, small_map
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "I10", "markers": ["ce"]},
             {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "P5"}]
    scen = Scenario.from_dict(scenario_dict("asl", units, COUNTERS, "RPh", options={
        "entry": {"a-pz": {"turn": 1, "hexes": ["I10"]}}, "weather": {"precipitation": "mud"}, **options}),
        source="t")
    pos: Position = get_game("asl").new_position(scen, hex_map=small_map("asl", columns=33, rows=10))
    pos.push_text("move a-pz I10 as off10")
    while pos.phase.id != "MPh":
        pos.push_text("end")
    return pos


@pytest.mark.parametrize(("options", "counted"), [({}, 0), ({"unpaved_roads": True}, 9),
                                                  ({"unpaved_roads": True, "plowed_roads": True}, 0)])
def test_d8_23_an_off_board_road_in_the_adjacent_boards_state(options: dict[str, Any], counted: int) -> None:
    """D8.23: a paved or plowed road hexside spares the DR; the off-board roads are in the state of the map's
    (A2.51). Along hexrow I's 9 road hexsides to the hex beside I10 (road rate, 1/2 MP CE: D2.16) a paved
    road counts none of them and the DR is asked at I10 (Open Ground, no road); unpaved and unplowed all 9
    count, and the DR is asked before it comes on; unpaved but plowed none again. dr 9 would be I10
    itself there (the tenth entry), so a DR of 12 with dr 6 bogs it 4 hexes out (the sixth)."""
    pos = _geomorphic(**options)
    tank, entry = pos.units["a-pz"], pos.map.parse_label("I10")
    crossed = [vmudoff.hexes(pos, tank, entry + d, None, False) for d in _outward(pos, entry)]
    assert max(len(c) for c in crossed) == counted
    seen = _come_on(pos, "move a-pz I10 as enter", ["6,6", "6"])
    if counted:
        assert seen == ["vmud_off", "vmud_off_dr"]
        assert pos.units["a-pz"].hex is None and _distance_out(pos, "I10") == 4
    else:
        assert seen == ["vmud", "vmud_dr"]
        assert pos.units["a-pz"].hex == entry


def _outward(pos: Position, entry: Any) -> list[Any]:
    from hexmate.rules.hexes import DIRECTIONS
    return [d for d in DIRECTIONS if entry + d not in pos.map]


def _distance_out(pos: Position, label: str) -> int:
    x = offboard.set_up_at(pos.units["a-pz"])
    assert x is not None
    return distance(x, pos.map.parse_label(label))


def test_d8_3_bog_removal_off_the_map_then_it_comes_on_from_there(make_position: Any) -> None:
    """Bogged 3 hexes out (dr 2), it tries Bog Removal at the start of its next MPh (D8.3), naming its entry
    hex A4 for want of a hex of its own: white 3, colored 1: freed for 1 x 3 = 3 MP of start MP. It comes on
    from there with the MP left, crossing 2 off-board hexes (2 MP) and A4 (1 MP): 6 MP spent; in mud again
    its 3 entries ask a new DR (D8.23: one a MPh). The A2.5 spread of a late arrival does not apply: it
    comes on at its named entry hex (A2.51)."""
    pos = _pos(make_position)
    _come_on(pos, "move a-pz A4 as enter", ["6,5", "2"])
    while not (pos.turn == 2 and pos.phasing == "a" and pos.phase.id == "MPh"):
        assert pos.decision is None, pos.decision
        pos.push_text("end")
    offered = {a.text(pos.label) for a in pos.legal_actions}
    assert "move a-pz A4 as unbog" in offered
    assert not any(t.startswith("move a-pz") and "enter" in t for t in offered)
    with pytest.raises(IllegalAction, match="entry hexes"):
        pos.push_text("move a-pz B4 as unbog")
    pos.push_text("move a-pz A4 as unbog")
    assert pos.decision is not None and pos.decision.rule == "D8.3" and pos.decision.side == "a"
    pos.push_text("answer dice 3,1")
    tank = pos.units["a-pz"]
    assert not tank.has("bogged") and tank.hex is None and pos.decision is None
    entries = {a.text(pos.label) for a in pos.legal_actions if getattr(a, "mode", "") == "enter"}
    assert "move a-pz A4 cost 6 as enter" in entries
    assert {pos.label(a.path[0]) for a in pos.legal_actions if getattr(a, "mode", "") == "enter"} == {"A4"}
    assert _come_on(pos, "move a-pz A4-B4 as enter", ["1,1"]) == ["vmud_off"]
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert pos.label(tank.hex) == "B4" and not tank.has(vmudoff.MARK)
