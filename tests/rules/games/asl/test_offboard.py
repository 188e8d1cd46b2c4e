"""The off-board board (A2.51), in play.

The text: units due to enter set up, as the first action of their side's RPh, on the full hexes of an
unused board laid against their entry edge, within the stacking limits; every hex of it is Open Ground, so
each off-board hex crossed before the entry hex costs 1 MF (A4.1), and a unit may come on at an entry hex not
next to the hex it set up in. A geomorphic board (A2.1) is 33 hexrows by 10 hexes, half hexes on its edges.
Analogue board: the conftest's 12x8 open map (A1..L8); a 4-6-7 has 4 MF (A4.1)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import offboard

ENTRY = {"entry": {"r-1": {"turn": 1, "hexes": ["A4"]}}}


def _u(uid: str, hex_: str, side: str = "a", **more: Any) -> dict[str, Any]:
    return {"id": uid, "counter": "4-6-7", "side": side, "hex": hex_, **more}


def _pos(make_position: Any, *units: dict[str, Any], options: Any = None) -> Any:
    return make_position("asl", [_u("r-1", "A4"), *units], "RPh",
                         options=options or ENTRY)


def _to_mph(pos: Any) -> None:
    while pos.phase.id != "MPh":
        pos.push_text("end")


def _texts(pos: Any, mode: str = "") -> set[str]:
    return {a.text(pos.label) for a in pos.legal_actions
            if isinstance(a, act.Move) and a.mode.startswith(mode)}


def test_a2_51_three_hexes_out_costs_two_off_board_hexes_then_the_entry_hex(make_position: Any) -> None:
    """Set up 3 hexes out behind A4: 2 Open Ground hexes (1 MF each) before A4 (1 MF): 3 of 4 MF, one hex
    more on the map; 4 hexes out leaves A4 alone; 5 hexes out could not come on this turn (A2.5)."""
    pos = _pos(make_position)
    offered = _texts(pos, "off")
    assert {"move r-1 A4 as off1", "move r-1 A4 as off3", "move r-1 A4 as off4"} <= offered
    assert "move r-1 A4 as off5" not in offered
    with pytest.raises(IllegalAction, match=r"A2\.5"):
        pos.push_text("move r-1 A4 as off5")
    pos.push_text("move r-1 A4 as off3")
    assert pos.units["r-1"].hex is None  # A2.51: no hex on the map, so no LOS or fire across the edge
    _to_mph(pos)
    entries = _texts(pos, "enter")
    assert "move r-1 A4 cost 3 as enter" in entries
    assert "move r-1 A4-B4 cost 4 as enter" in entries
    assert not any(t.startswith("move r-1 A4-B4-") for t in entries)
    with pytest.raises(IllegalAction, match=r"A2\.51"):
        pos.push_text("move r-1 A4-B4-C4 as enter")
    pos.push_text("move r-1 A4-B4 as enter")
    assert pos.label(pos.units["r-1"].hex) == "B4"


def test_a2_51_four_hexes_out_enters_with_all_its_mf(make_position: Any) -> None:
    pos = _pos(make_position)
    pos.push_text("move r-1 A4 as off4")
    _to_mph(pos)
    assert _texts(pos, "enter") == {"move r-1 A4 cost 4 as enter"}


def test_a2_51_it_may_come_on_at_an_entry_hex_not_next_to_its_set_up_hex(make_position: Any) -> None:
    """Set up next to A4, entering at A6: two off-board hexes down the edge, then A6: 3 MF."""
    pos = _pos(make_position, options={"entry": {"r-1": {"turn": 1, "hexes": ["A4", "A6"]}}})
    pos.push_text("move r-1 A4 as off1")
    _to_mph(pos)
    entries = _texts(pos, "enter")
    assert "move r-1 A4 cost 1 as enter" in entries
    assert "move r-1 A6 cost 3 as enter" in entries


def test_a2_51_a_unit_not_set_up_comes_on_as_from_the_hex_next_to_its_entry_hex(make_position: Any) -> None:
    pos = _pos(make_position)
    _to_mph(pos)
    assert "move r-1 A4 cost 1 as enter" in _texts(pos, "enter")


def test_a2_51_the_stacking_limit_holds_off_board(make_position: Any) -> None:
    """Three squads may share an off-board hex; a fourth would overstack it (A5.1)."""
    entry = {"entry": {u: {"turn": 1, "hexes": ["A4"]} for u in ("r-1", "r-2", "r-3", "r-4")}}
    pos = _pos(make_position, _u("r-2", "A4"), _u("r-3", "A4"), _u("r-4", "A4"), options=entry)
    pos.push_text("move r-1,r-2 A4 as off2")
    pos.push_text("move r-3 A4 as off2")
    assert "move r-4 A4 as off2" not in _texts(pos, "off")
    assert "move r-4 A4 as off1" in _texts(pos, "off")
    with pytest.raises(IllegalAction, match=r"A5\.1"):
        pos.push_text("move r-4 A4 as off2")
    pos.push_text("move r-4 A4 as off1")


def test_a2_51_only_the_first_action_of_its_rph(make_position: Any) -> None:
    pos = _pos(make_position, _u("b-1", "E4", markers=["broken"]))
    pos.push_text("rally b-1 dice 6,6")
    assert not _texts(pos, "off")
    with pytest.raises(IllegalAction, match=r"A2\.51"):
        pos.push_text("move r-1 A4 as off1")


def test_a2_51_refused_off_its_edge_past_the_board_or_outside_the_rph(make_position: Any) -> None:
    pos = _pos(make_position)
    with pytest.raises(IllegalAction, match=r"A2\.51"):
        pos.push_text("move r-1 D1 as off1")  # the top edge: r-1 enters by the left one
    with pytest.raises(IllegalAction, match=r"A3\.1"):
        pos.push_text("move r-1 A4-A3")
    _to_mph(pos)
    with pytest.raises(IllegalAction):
        pos.push_text("move r-1 A4 as off1")


def test_a2_51_in_the_aph_only_from_the_hex_next_to_the_entry_hex(make_position: Any) -> None:
    """An APh entry is one hex (A4.7): a unit set up 2 hexes out cannot make it then."""
    pos = _pos(make_position)
    pos.push_text("move r-1 A4 as off2")
    while pos.phase.id != "APh":
        pos.push_text("end")
    assert not _texts(pos, "enter")
    with pytest.raises(IllegalAction, match=r"A2\.51"):
        pos.push_text("advance r-1 A4 as enter")


def test_a2_51_the_boards_full_hexes(make_position: Any) -> None:
    """A board is 10 hexes deep across its long side, half hexes on its edges: 9 or 10 full hexes straight
    out from a top edge hex, by its column's offset; 31 full hexrows out from a side edge (33, A and GG
    half hexes)."""
    pos = _pos(make_position)

    def depth(label: str, side: str) -> int:
        e = pos.map.parse_label(label)
        return max(k for k in range(1, 40) if offboard.hex_behind(pos, e, k, side) is not None)

    assert depth("A1", "top") == 10  # A1's centre half a hex in from the edge line
    assert depth("B0", "top") == 9  # B0 a half hex on the edge line
    assert depth("A4", "left") == 31
    assert depth("L4", "right") == 31


def test_a2_51_in_the_rph_of_its_own_turn(make_position: Any) -> None:
    """Due on turn 2: nothing to set up in turn 1's RPh; offered first thing in its side's RPh of turn 2."""
    pos = _pos(make_position, _u("y", "K4", side="b"),
               options={"entry": {"r-1": {"turn": 2, "hexes": ["A4"]}}})
    assert not _texts(pos, "off")
    with pytest.raises(IllegalAction, match=r"A2\.51"):
        pos.push_text("move r-1 A4 as off1")
    while not (pos.turn == 2 and pos.phase.id == "RPh"):
        pos.push_text("end")
    assert pos.phasing == "a"
    assert "move r-1 A4 as off2" in _texts(pos, "off")
    pos.push_text("move r-1 A4 as off2")
    _to_mph(pos)
    assert "move r-1 A4 cost 2 as enter" in _texts(pos, "enter")


DEPLOY = {"entry": {"r-1": {"turn": 1, "hexes": ["A4"]}, "r-l": {"turn": 1, "hexes": ["A4"]}}}
LEADER = {"id": "r-l", "counter": "9-1", "side": "a", "hex": "A4"}


def test_a2_52_a_squad_stacked_with_a_leader_off_the_map_deploys_in_the_rph(make_position: Any) -> None:
    """A2.52's exception: the 4-6-7 (morale 7) set up with a 9-1 on one off-board hex tries to deploy: NTC
    DR 8, -1: 7, passed (A1.31). Its two 2-4-7 HS are still off the map on that hex, due as the squad was,
    and come on in the MPh."""
    pos = _pos(make_position, LEADER, options=DEPLOY)
    pos.push_text("move r-1,r-l A4 as off2")
    assert "activate r-1,r-l for deploy" in {pos.action_text(a) for a in pos.legal_actions}
    pos.push_text("activate r-1 for deploy")
    pos.push_text("answer dice 4,4")
    one, two = pos.units["r-1"], pos.units["r-1.2"]
    assert one.type == two.type == "hs" and one.hex is None and two.hex is None
    assert offboard.set_up_at(one) == offboard.set_up_at(two) == offboard.set_up_at(pos.units["r-l"])
    _to_mph(pos)
    assert "move r-1.2 A4 cost 2 as enter" in _texts(pos, "enter")  # A2.51: one off-board hex, then A4
    pos.push_text("move r-1.2 A4-B4 as enter")
    assert pos.label(pos.units["r-1.2"].hex) == "B4"


def test_a2_52_no_leader_on_its_hex_or_not_set_up_no_deployment(make_position: Any) -> None:
    """Off the map a squad deploys only stacked with a leader (A2.52): not one set up apart from him, nor one
    not set up on the off-board board at all; any other action by it is refused (A2.52)."""
    pos = _pos(make_position, LEADER, options=DEPLOY)
    with pytest.raises(IllegalAction, match=r"A2\.52"):
        pos.game.check(pos, pos.parse_action("activate r-1 for deploy"))
    pos.push_text("move r-1 A4 as off2")
    pos.push_text("move r-l A4 as off1")
    assert not [a for a in pos.legal_actions if isinstance(a, act.Activate)]
    with pytest.raises(IllegalAction, match=r"A2\.52"):
        pos.game.check(pos, pos.parse_action("activate r-1 for deploy"))
    with pytest.raises(IllegalAction, match=r"A2\.52"):
        pos.game.check(pos, pos.parse_action("activate r-l for deploy"))  # a leader has no Deployment


VEHICLES = {"entry": {"a-pz": {"turn": 1, "hexes": ["A4"]}, "a-ht": {"turn": 1, "hexes": ["A4"]}}}


def _armour(make_position: Any) -> Any:
    from .test_armour import COUNTERS
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "A4"},
             {"id": "a-ht", "counter": "ht", "side": "a", "hex": "A4"},
             {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "L8"}]
    return make_position("asl", units, "RPh", counters=COUNTERS, options=VEHICLES)


def test_a2_51_a_vehicle_five_hexes_out_spends_four_mp_before_the_entry_hex(make_position: Any) -> None:
    """The demo Panzer (14 MP; Open Ground 1 MP, D2.1) set up 5 hexes out behind A4: 4 off-board Open Ground
    hexes to the one beside A4 (A2.51), then A4 1 MP: 5 MP, in Motion (D2.12: no start MP), B4 6 MP. 14
    hexes out leaves A4 alone (13 + 1); 15 out could not come on in its MPh (A2.5, D2.1)."""
    pos = _armour(make_position)
    offered = _texts(pos, "off")
    assert {"move a-pz A4 as off5", "move a-pz A4 as off14"} <= offered
    assert "move a-pz A4 as off15" not in offered
    with pytest.raises(IllegalAction, match=r"A2\.5"):
        pos.push_text("move a-pz A4 as off15")
    pos.push_text("move a-pz A4 as off5")
    assert pos.units["a-pz"].hex is None
    _to_mph(pos)
    entries = _texts(pos, "enter")
    assert "move a-pz A4 cost 5 as enter" in entries and "move a-pz A4-B4 cost 6 as enter" in entries
    assert "move a-pz A4 cost 1 as enter" not in entries
    from .test_armour import pass_reactions
    pos.push_text("move a-pz A4-B4 as enter")
    pass_reactions(pos)
    assert pos.decision is not None and pos.decision.arg("left") == "8"  # D2.11: 14 - 6 MP left


def test_a2_51_one_vehicle_to_an_off_board_hex(make_position: Any) -> None:
    """A5.2: a side's one vehicle in a Location is the most it sets up without overstacking (A2.9): the
    halftrack may not join the Panzer's off-board hex, but may set up beside it."""
    pos = _armour(make_position)
    pos.push_text("move a-pz A4 as off2")
    assert "move a-ht A4 as off2" not in _texts(pos, "off")
    with pytest.raises(IllegalAction, match=r"A5\.2"):
        pos.push_text("move a-ht A4 as off2")
    pos.push_text("move a-ht A4 as off1")
    _to_mph(pos)
    assert "move a-ht A4 cost 1 as enter" in _texts(pos, "enter")


def _geomorphic(pz: dict[str, Any], entry: str) -> Any:
    """A 33x10 geomorphic board (A2.1): its bottom edge a long side, its left edge a short one."""
    from hexmate.rules.games import get_game
    from hexmate.rules.scenario import Scenario

    from ..conftest import scenario_dict, small_map
    from .test_armour import COUNTERS
    units = [pz, {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "P5"}]
    options = {"entry": {"a-pz": {"turn": 1, "hexes": [entry]}}}
    scen = Scenario.from_dict(scenario_dict("asl", units, COUNTERS, "RPh", options=options), source="t")
    return get_game("asl").new_position(scen, hex_map=small_map("asl", columns=33, rows=10))


def test_a2_51_off_board_road_hexrows_at_road_rate(make_position: Any) -> None:
    """A2.51: a board joined by its long side has road hexrows Y, Q and I. The Panzer set up 10 hexes out on
    hexrow I behind I10 crosses 9 road hexes at road rate, 1/2 MP CE (D2.16), to the hex beside I10, then I10
    1 MP: 11/2 MP; buttoned up road rate is 1 MP (D2.16): 9 + 1 = 10. Behind M10, 4 hexrows from a road,
    10 out, the same Panzer CE pays Open Ground: 9 + 1 = 10."""
    pz = {"id": "a-pz", "counter": "pz", "side": "a", "hex": "I10", "markers": ["ce"]}
    for entry, mode, marks, cost in (("I10", "off10", ("ce",), "11/2"), ("I10", "off10", (), "10"),
                                     ("M10", "off10", ("ce",), "10")):
        pos = _geomorphic({**pz, "hex": entry, "markers": list(marks)}, entry)
        pos.push_text(f"move a-pz {entry} as {mode}")
        _to_mph(pos)
        assert f"move a-pz {entry} cost {cost} as enter" in _texts(pos, "enter"), (entry, marks)


def test_a2_51_road_hexes_of_the_off_board_board(make_position: Any) -> None:
    """A2.51: joined by its long side (the bottom edge) hexrows I, Q, Y are road, 10 hexes deep; joined by its
    short side (the left edge) each hexrow's hex 5, 31 full hexrows out; the conftest's 12x8 board is no
    geomorphic board, so the text puts no road behind it."""
    pos = _geomorphic({"id": "a-pz", "counter": "pz", "side": "a", "hex": "I10"}, "I10")
    board = pos.map.boards[0]
    bottom = offboard.road_lines(pos, "bottom", (board,))
    assert [board.grid.from_hex(line[0] - board.at)[0] for line in bottom] == [9, 17, 25]
    assert all(len(line) == 10 for line in bottom)
    (left,) = offboard.road_lines(pos, "left", (board,))
    assert len(left) == 31 and {board.grid.from_hex(x - board.at)[1] for x in left} == {5}
    small = _pos(make_position)
    assert offboard.road_lines(small, "left", (small.map.boards[0],)) == []


def test_a2_51_the_off_board_board_lies_beside_the_board_entered_by() -> None:
    """A2.51 lays the unused board beside the board edge the units enter by: on a map of two boards one above
    the other, a squad entering at 1A8 sets up behind board 1's west edge, not behind board 2's (2A1, next
    to 1A8, is within its reach but past the off-board board)."""
    from hexmate.rules.games import get_game
    from hexmate.rules.maps import HexMap
    from hexmate.rules.scenario import Scenario

    from ..conftest import ASL_COUNTERS, scenario_dict
    boards = [{"id": b, "grid": {"kind": "asl", "columns": 12, "rows": 8}, "at": [0, r],
               "default": {"terrain": "open", "level": 0}} for b, r in (("1", 0), ("2", 8))]
    m = HexMap.from_dict({"format": "hexmate-map/1", "name": "two", "game": "asl", "boards": boards})
    units = [_u("r-1", "1A4"), _u("b-1", "2L4", side="b")]
    scen = Scenario.from_dict(scenario_dict("asl", units, ASL_COUNTERS, "RPh",
                                            options={"entry": {"r-1": {"turn": 1, "hexes": ["1A8"]}}}),
                              source="t")
    pos = get_game("asl").new_position(scen, hex_map=m)
    offered = _texts(pos, "off")
    assert "move r-1 1A8 as off1" in offered and "move r-1 1A7 as off2" in offered
    assert not any(t.startswith("move r-1 2") for t in offered)
    with pytest.raises(IllegalAction, match=r"past the off-board board"):
        pos.push_text("move r-1 2A1 as off1")
    pos.push_text("move r-1 1A7 as off1")


def test_a2_51_a_vehicles_vca_changes_off_the_map_cost_mp(make_position: Any) -> None:
    """A2.51: off the map units move normally, so a vehicle's VCA changes there cost MP (D2.11). The demo
    Panzer (Open Ground 1 MP, D2.1) set up 3 hexes out behind A4 reaches the hex beside A4 two hexes on: 2 MP
    with the one VCA whose two hexes hold that line (its VCA at set-up is its owner's, A2.52), each hexspine
    of VCA change 1 MP more (D2.11), 5 MP with its back to the map; in Reverse Motion there a stop and a
    start more (D2.23), 4 MP at least. Coming on at A4 and on to A3 costs 2 + 1 (a hexspine) + 1 + 1 = 5
    where the free turn made it 4."""
    pos = _armour(make_position)
    pos.push_text("move a-pz A4 as off3")
    _to_mph(pos)
    unit = pos.units["a-pz"]
    a4 = next(h for h in pos.map.hexes if pos.label(h) == "A4")
    off = offboard.hex_behind(pos, a4, 1, "left")
    assert off is not None
    found = offboard.vehicle_approaches(pos, unit, off)
    assert found is not None
    forward = sorted(c for (_, w), c in found.items() if w == offboard.FORWARD)
    assert forward == [2, 3, 3, 4, 4, 5]
    assert min(c for (_, w), c in found.items() if w == offboard.REVERSE) == 4
    entries = _texts(pos, "enter")
    assert "move a-pz A4 cost 3 as enter" in entries and "move a-pz A4-A3 cost 5 as enter" in entries


def test_d2_2_backing_across_the_off_board_board(make_position: Any) -> None:
    """A2.51 with D2.2: set up 2 hexes out behind A4 with its back to the map, the Panzer (tracked: reverse
    4 times the cost, D2.21) backs one off-board Open Ground hex (4 MP) and into A4 (4 MP): 8 MP, in Motion
    in reverse on the map (D2.24). Going forward instead and switching costs more (1 + 3 hexspines + a stop
    and a start, D2.23, + 4)."""
    pos = _armour(make_position)
    pos.push_text("move a-pz A4 as off2")
    _to_mph(pos)
    assert "move a-pz A4 cost 8 as enter+reverse" in _texts(pos, "enter")
    pos.push_text("move a-pz A4 as enter+reverse")
    assert pos.units["a-pz"].hex is not None and pos.units["a-pz"].has("came_on_rev")


def _sled(make_position: Any, tmp_path: Any, snow: bool = True) -> Any:
    """The demo aerosan (20 MP, D17.2's chart: Open Ground 1 MP) due at A4, with snow on the ground or not."""
    from .test_aerosan import catalogue
    from .test_armour import COUNTERS
    sled = {"type": "vehicle", "vehicle": "demo-aerosan", "catalogue": catalogue(tmp_path)}
    counters = {**COUNTERS, "sled": sled}
    units = [{"id": "a-as", "counter": "sled", "side": "a", "hex": "A4"},
             {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "L8"}]
    options = {"entry": {"a-as": {"turn": 1, "hexes": ["A4"]}}, **({"ground_snow": "snow"} if snow else {})}
    return make_position("asl", units, "RPh", counters=counters, options=options)


def test_a2_51_d17_2_an_aerosan_sets_up_off_the_map_on_snow_only(make_position: Any, tmp_path: Any) -> None:
    """A2.51 with D17.2: on snow the aerosan sets up 5 hexes out behind A4 and comes on as a Panzer would, 1
    MP an Open Ground hex (4 off-board hexes, then A4: 5 MP). Without snow it may not move (D17.2): no
    off-board set-up either."""
    pos = _sled(make_position, tmp_path)
    pos.push_text("move a-as A4 as off5")
    _to_mph(pos)
    assert "move a-as A4 cost 5 as enter" in _texts(pos, "enter")
    dry = tmp_path / "dry"
    dry.mkdir()
    pos = _sled(make_position, dry, snow=False)
    assert not _texts(pos, "off")
    with pytest.raises(IllegalAction, match=r"D17\.2"):
        pos.push_text("move a-as A4 as off5")


def test_d17_25_an_aerosan_turns_one_hexspine_a_hex_off_the_map(make_position: Any, tmp_path: Any) -> None:
    """D17.25 off the map (A2.51: units move there normally): set up 2 hexes out behind A4, the aerosan
    reaches the hex beside A4 for 1 MP with either VCA holding that hex; one hexspine more there 1 MP; a
    second hexspine in the same hex is a stop, a start and a turn (3 MP): 1 + 1 + 3 = 5 for the two VCAs
    facing away, where the Panzer pays 1 + 2 = 3 (D2.11). Without a reverse (D17.21) it never backs."""
    pos = _sled(make_position, tmp_path)
    pos.push_text("move a-as A4 as off2")
    _to_mph(pos)
    unit = pos.units["a-as"]
    a4 = next(h for h in pos.map.hexes if pos.label(h) == "A4")
    off = offboard.hex_behind(pos, a4, 1, "left")
    assert off is not None
    found = offboard.vehicle_approaches(pos, unit, off)
    assert found is not None
    assert sorted(found.values()) == [1, 1, 2, 2, 5, 5]
    assert {w for _, w in found} == {offboard.FORWARD}
    tank = _armour(make_position)
    tank.push_text("move a-pz A4 as off2")
    _to_mph(tank)
    panzer = offboard.vehicle_approaches(tank, tank.units["a-pz"], off)
    assert panzer is not None
    assert sorted(c for (_, w), c in panzer.items() if w == offboard.FORWARD) == [1, 1, 2, 2, 3, 3]


def test_a2_51_d17_2_an_aerosan_on_an_off_board_road(make_position: Any, tmp_path: Any) -> None:
    """A2.51: an off-board road is in the state of the adjacent board's: unplowed it is Open Ground to an
    aerosan (D17.2's ** note: 1 MP), plowed its road hexside is priced at the 4 MP that spare the Accident dr
    (D17.22's dagger note), where the Panzer's road rate is 1/2 MP CE (D2.16)."""
    pos = _sled(make_position, tmp_path)
    sled = pos.units["a-as"]
    assert offboard.road_mp(sled) == 1 and offboard.road_mp(sled, plowed=True) == 4
    assert offboard.hex_mp(sled) == 1


# --- A2.51: the off-board roads' state; a board only partly in play ---


def _cut(**options: Any) -> Any:
    """Board D cut after hexrow P (16 hexrows of a geomorphic board's 33, 10 hexes each: A2.1) with the demo
    Panzer, CE, due at its east edge hex DP5."""
    from hexmate.rules.games import get_game
    from hexmate.rules.maps import HexMap
    from hexmate.rules.scenario import Scenario

    from ..conftest import scenario_dict
    from .test_armour import COUNTERS
    m = HexMap.from_dict({"format": "hexmate-map/1", "name": "cut", "game": "asl", "boards": [
        {"id": "D", "grid": {"kind": "asl", "columns": 16, "rows": 10},
         "default": {"terrain": "open", "level": 0},
         "hexes": {"C3": {"terrain": "open", "road": ["SE"]}, "D3": {"terrain": "open", "road": ["NW"]}}}]})
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "DP5", "markers": ["ce"]},
             {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "DA1"}]
    scen = Scenario.from_dict(scenario_dict("asl", units, COUNTERS, "RPh", options={
        "entry": {"a-pz": {"turn": 1, "hexes": ["DP5"]}}, **options}), source="t")
    return get_game("asl").new_position(scen, hex_map=m)


ROW5 = ["Q5", "R5", "S5", "T5", "U5", "V5"]


@pytest.mark.parametrize(("options", "cost"), [({}, "5"), ({"offboard_roads": {"D": [ROW5]}}, "3")])
def test_a2_51_a_board_partly_in_play_its_unused_parts_real_roads(options: dict[str, Any], cost: str) -> None:
    """A2.51: where part of a board is in play, only the real road hexes of its unused part are off-board
    roads. Board D in play up to hexrow P; the scenario names its real road along hex 5 of hexrows Q to V.
    The Panzer set up 5 hexes out behind DP5 (U5) crosses T5, S5, R5 and Q5 at road rate, 1/2 MP CE (D2.16),
    then DP5 1 MP: 3 MP; without the named road (a cut board is no geomorphic board: no hexrow Y, Q or I
    road behind it) 4 Open Ground hexes at 1 MP and DP5: 5 MP."""
    pos = _cut(**options)
    board = pos.map.boards[0]
    lines = offboard.road_lines(pos, "right", (board,))
    assert lines == ([[board.to_map(c, 5) for c in range(17, 23)]] if options else [])
    pos.push_text("move a-pz DP5 as off5")
    assert board.grid.from_hex(offboard.set_up_at(pos.units["a-pz"]) - board.at) == (21, 5)  # U5
    _to_mph(pos)
    assert f"move a-pz DP5 cost {cost} as enter" in _texts(pos, "enter")


@pytest.mark.parametrize(("roads", "match"), [
    ({"E": [ROW5]}, "'E' is not a board of the map"),
    ({"D": [["P5", "Q5"]]}, "P5 is in play"),
    ({"D": [["Q5", "S5"]]}, "Q5 and S5 are not adjacent"),
    ({"D": [["Q5", "5Q"]]}, "not a hex label"),
    ({"D": "Q5"}, "a list of roads"),
])
def test_a2_51_offboard_roads_malformed(roads: Any, match: str) -> None:
    from hexmate.rules.errors import DataError
    with pytest.raises(DataError, match=match):
        _cut(offboard_roads=roads)


@pytest.mark.parametrize(("options", "paved", "plowed"), [
    ({}, True, False), ({"unpaved_roads": True}, False, False), ({"plowed_roads": True}, True, True)])
def test_a2_51_the_off_board_roads_state_is_the_adjacent_boards(options: dict[str, Any], paved: bool,
                                                                 plowed: bool) -> None:
    """A2.51: the off-board roads are in the state most of the adjacent board's roads are in: board D's
    road (DC3-DD3, one road hexside) is in the scenario's state (roadstate.py: paved unless
    ``unpaved_roads``, plowed with ``plowed_roads``), and so are the roads behind it, for any vehicle."""
    pos = _cut(**options)
    state = offboard.road_state(pos, pos.units["a-pz"])
    assert (state.paved, state.plowed) == (paved, plowed)
