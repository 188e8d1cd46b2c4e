"""Vehicles coming onto the map from off it (ventry.py: A2.5-A2.52, D2.1, D2.11, D2.12, D2.16, D8.21,
D14.212, D16.8).

The text's numbers: off-board ground is Open Ground, so coming on costs the entry hex's own cost (A2.51); a
vehicle coming on is treated as set up in Motion: no start MP (D2.12, citing A2.52), where a stopped
vehicle on the map pays 1 MP to start; road rate is 1/2 MP, 1 MP for a BU AFV (D2.16); woods cost a tracked
AFV half its MP allowance with a bog DR (D8.21: +3 woods, +1 normal ground pressure); vehicles never move
in the APh (D2.1). Counters: test_armour's demo vehicles (the demo Panzer has 14 MP, the chart pack's Open
Ground costs 1 MP); the conftest's 12x8 open map, A4 on its west edge (its NW and SW neighbours are off the
map)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, ventry
from hexmate.rules.games.asl import facing as fc

from .test_armour import COUNTERS, pass_reactions

PZ = {"id": "a-pz", "counter": "pz", "side": "a", "hex": "A4", "markers": ["vca0"]}
ENTRY = {"entry": {"a-pz": {"turn": 1, "hexes": ["A4"]}}}
LT = {**COUNTERS, "lt": {"type": "vehicle", "vehicle": "demo-lt-r", "crew_morale": 7}}


def table(make_position: Any, *extra: dict[str, Any], pz: dict[str, Any] | None = None,
          options: Any = None, phase: str = "MPh", counters: Any = None, **kw: Any) -> Position:
    units = [pz or PZ, {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "L8"}, *extra]
    pos: Position = make_position("asl", units, phase, counters=counters or COUNTERS,
                                  options=options or ENTRY, **kw)
    return pos


def entries(pos: Position) -> dict[str, Any]:
    return {pos.action_text(a): a for a in pos.legal_actions if isinstance(a, act.Move) and a.mode == "enter"}


def cost_to(pos: Position, dest: str) -> set[Any]:
    return {m.cost for m in entries(pos).values() if pos.label(m.path[-1]) == dest}


def test_d2_12_a2_51_it_comes_on_in_motion_for_the_entry_hex_cost_alone(make_position: Any) -> None:
    """A4 Open Ground 1 MP, no start MP (D2.12), then B4 and C4: 3 MP. The same tank stopped on the map would
    pay 1 MP more to start (D2.12): the offer is 1, 2, 3, never 2, 3, 4."""
    pos = table(make_position)
    assert pos.units["a-pz"].hex is None
    assert "move a-pz A4 cost 1 as enter" in entries(pos)
    assert cost_to(pos, "B4") == {2} and cost_to(pos, "C4") == {3}
    pos.push_text("move a-pz A4-B4-C4 as enter")
    pass_reactions(pos)
    top = pos.decision  # the facing question, 14 - 3 = 11 MP left (D2.11)
    assert top is not None and top.then == "vfacing" and top.arg("left") == "11"
    pos.push_text("answer hex C4")  # keep its VCA: it stops for 1 MP (D2.13)
    pz = pos.units["a-pz"]
    assert pos.label(pz.hex) == "C4" and not pz.has("motion") and armour.spent_of(pz) == 4
    assert "a-pz" in pos.state.moved


def test_d2_11_it_enters_forward_with_the_entry_hex_in_its_vca(make_position: Any) -> None:
    """D2.11: it comes on forward from an off-board hex beside A4 (its NW or SW neighbour), A4 in its VCA;
    the owner chose that VCA off the map (A2.52), so each of A4's map neighbours lies in one such VCA and
    needs no turn: 2 MP each. Having entered B4 its VCA holds B4 as seen from A4."""
    pos = table(make_position)
    for dest in ("A3", "A5", "B3", "B4"):
        assert cost_to(pos, dest) == {2}, dest
    pos.push_text("move a-pz A4-B4 as enter")
    pass_reactions(pos)
    pz = pos.units["a-pz"]
    assert pz.facing is not None
    assert pos.map.parse_label("B4") in fc.front_hexes(pos.map.parse_label("A4"), pz.facing)


ROAD = {"A4": {"road": ["NW", "SE"]}, "B4": {"road": ["NW"]}}


def test_d2_16_a2_51_a_road_off_the_edge_is_road_rate_half_or_one_bu(make_position: Any) -> None:
    """A4's road leaves the map across its NW hexside: the off-board half hex joined to A4 carries it
    (A2.51), so the entry is at road rate: 1 MP BU, 1/2 MP CE (D2.16); ``as enter_ce`` brings the crew on
    CE (A2.52). Then the stop, 1 MP (D2.13): 3/2 MP spent."""
    pos = table(make_position, hexes=ROAD)
    assert "move a-pz A4 cost 1 as enter" in entries(pos)
    checked = pos.game.check(pos, pos.parse_action("move a-pz A4 as enter_ce"))
    assert isinstance(checked, act.Move) and checked.cost == Fraction(1, 2)
    pos.push_text("move a-pz A4 as enter_ce")
    pass_reactions(pos)
    pos.push_text("answer hex A4")
    pz = pos.units["a-pz"]
    assert pz.has("ce") and armour.spent_of(pz) == Fraction(3, 2)
    pos = table(make_position)  # no road: Open Ground 1 MP, CE or not
    checked = pos.game.check(pos, pos.parse_action("move a-pz A4 as enter_ce"))
    assert isinstance(checked, act.Move) and checked.cost == 1


def test_d8_21_a_woods_entry_hex_costs_half_the_allowance_with_a_bog_dr(make_position: Any) -> None:
    """A4 woods: 7 of the Panzer's 14 MP (half its allowance) and a bog DR, +3 woods +1 normal ground
    pressure (D8.21); by its woods road it is 1 MP BU and no bog DR."""
    pos = table(make_position, hexes={"A4": "woods"})
    assert cost_to(pos, "A4") == {7}
    pos.push_text("move a-pz A4 as enter")
    bog = pos.decision
    assert bog is not None and bog.then == "vbog" and bog.arg("drm") == "4"
    pos.push_text("answer dice 6,6")  # 12 + 4: bogged (D8.21)
    pass_reactions(pos)
    assert pos.units["a-pz"].has("bogged") and pos.label(pos.units["a-pz"].hex) == "A4"
    pos = table(make_position, hexes={**ROAD, "A4": {"terrain": "woods", "road": ["NW", "SE"]}})
    assert cost_to(pos, "A4") == {1}
    pos.push_text("move a-pz A4 as enter")
    pass_reactions(pos)
    assert pos.decision is not None and pos.decision.then == "vfacing"


def test_a8_1_defensive_first_fire_at_the_entry_hex_at_a_moving_target(make_position: Any) -> None:
    """The enemy tank in E4 may fire at it in A4, the first hex it enters; in Motion it is a moving target
    (Case J, D2.1)."""
    bt = {"id": "b-t", "counter": "t", "side": "b", "hex": "E4", "markers": ["vca3"]}
    pos = table(make_position, bt)
    pos.push_text("move a-pz A4-B4 as enter")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "b" and pos.label(top.target) == "A4"
    assert "fire b-t at A4" in [pos.action_text(a) for a in pos.legal_actions]
    pos.push_text("fire b-t at A4")
    pos.push_text("answer dice 6,6")  # a miss
    res = pos.last_resolution
    assert res is not None
    assert any(str(line.label).startswith("Case J") for line in res.lines)
    pass_reactions(pos)
    assert pos.label(pos.units["a-pz"].hex) == "B4"  # the move went on


def test_d2_1_a_vehicle_never_comes_on_in_the_aph_and_its_mph_may_not_end_first(make_position: Any) -> None:
    """A2.5 lets a unit wait for the APh, but a vehicle never moves in the APh (D2.1): its MPh may not end
    while it could still come on; in the APh it is refused."""
    pos = table(make_position)
    with pytest.raises(IllegalAction, match=r"D2\.1"):
        pos.push_text("end")
    pos = table(make_position, phase="APh")
    assert not entries(pos)
    with pytest.raises(IllegalAction, match=r"D2\.1"):
        pos.push_text("move a-pz A4 as enter")


def test_d16_8_a_dd_tank_may_stay_off_the_map_past_its_turn(make_position: Any) -> None:
    """D16.8: a DD tank (screen raised) stays off the map as long as its owner wishes; it then comes on at
    its named hex. Screen raised it moves only CE (D16.12) and pays 1 MP more a land hex: A4 costs 2."""
    dd = {**PZ, "markers": ["vca0", "screen", "ce"]}
    pos = table(make_position, pz=dd)
    assert cost_to(pos, "A4") == {2}
    assert ventry.may_wait(pos.units["a-pz"])
    for _ in range(40):  # the MPh ends with it off the map, and the turn goes on
        if pos.turn >= 2 and pos.phase.id == "MPh" and pos.phasing == "a":
            break
        list(pos.legal_actions)
        pos.push_text("end")
    assert pos.turn == 2 and pos.units["a-pz"].hex is None
    assert cost_to(pos, "A4") == {2}  # its named hex on a later turn
    pos.push_text("move a-pz A4 as enter")
    pass_reactions(pos)
    assert pos.label(pos.units["a-pz"].hex) == "A4"


def test_a2_52_its_passengers_come_on_aboard_it(make_position: Any) -> None:
    """A2.52: off the map a vehicle may be loaded within its normal capacity: the squad aboard the halftrack
    comes on with it and never by itself."""
    ht = {"id": "a-ht", "counter": "ht", "side": "a", "hex": "A4", "markers": ["vca0"]}
    sq = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "A4", "carrier": "a-ht"}
    pos = table(make_position, ht, sq, pz={**PZ, "hex": "F4"},
                options={"entry": {"a-ht": {"turn": 1, "hexes": ["A4"]}}})
    assert pos.units["a-sq"].hex is None and pos.units["a-ht"].hex is None
    assert not any("a-sq" in getattr(a, "units", ()) for a in pos.legal_actions)
    pos.push_text("move a-ht A4-B4 as enter")
    pass_reactions(pos)
    assert pos.label(pos.units["a-sq"].hex) == "B4" and pos.units["a-sq"].carrier == "a-ht"


def test_d14_212_a_radioless_afv_comes_on_with_its_platoon_not_alone(make_position: Any) -> None:
    """D14.212: off the map a radioless AFV must use platoon movement if it can: with its mate it comes on
    only by impulses (impentry.py, test_impentry.py), and is owed at the MPh's end (A2.5); a radioless AFV
    alone comes on as any vehicle, without D14.23's NTC (that NTC is for an AFV on the map)."""
    x = {"id": "x-lt", "counter": "lt", "side": "a", "hex": "A4", "markers": ["vca0", "platoon:P1"]}
    y = {"id": "y-lt", "counter": "lt", "side": "a", "hex": "A5", "markers": ["vca0", "platoon:P1"]}
    plan = {"entry": {"x-lt": {"turn": 1, "hexes": ["A4"]}, "y-lt": {"turn": 1, "hexes": ["A5"]}}}
    pos = table(make_position, x, y, pz={**PZ, "hex": "F4"}, options=plan, counters=LT)
    with pytest.raises(IllegalAction, match=r"D14\.212"):
        pos.push_text("move x-lt A4 as enter")
    assert not entries(pos)
    assert "move x-lt A4 cost 1 as impulse_in" in [pos.action_text(a) for a in pos.legal_actions]
    with pytest.raises(IllegalAction, match=r"A2\.5"):
        pos.push_text("end")
    lone = {"id": "x-lt", "counter": "lt", "side": "a", "hex": "A4", "markers": ["vca0"]}
    pos = table(make_position, lone, pz={**PZ, "hex": "F4"}, options={"entry": {"x-lt": {"turn": 1}}},
                counters=LT)
    assert "move x-lt A4 cost 1 as enter" in entries(pos)
    pos.push_text("move x-lt A4-B4 as enter")
    pass_reactions(pos)
    assert pos.label(pos.units["x-lt"].hex) == "B4"


def test_d16_8_an_unarmored_amphibian_may_wait_an_armored_one_may_not(make_position: Any) -> None:
    """D16.8 names DD tanks and unarmored amphibious vehicles: the demo truck (unarmored) marked amphibious
    may wait; the armored halftrack marked so may not."""
    truck = {"id": "a-tr", "counter": "tr", "side": "a", "hex": "A5", "markers": ["vca0", "amphibious"]}
    ht = {"id": "a-ht", "counter": "ht", "side": "a", "hex": "A6", "markers": ["vca0", "amphibious"]}
    pos = table(make_position, truck, ht, pz={**PZ, "hex": "F4"},
                counters={**COUNTERS, "tr": {"type": "vehicle", "vehicle": "demo-truck-r"}})
    assert not armour.vtype(pos.units["a-tr"]).armored
    assert ventry.may_wait(pos.units["a-tr"]) and not ventry.may_wait(pos.units["a-ht"])


def test_a2_5_not_before_its_turn_nor_with_infantry(make_position: Any) -> None:
    pos = table(make_position, options={"entry": {"a-pz": {"turn": 2, "hexes": ["A4"]}}})
    assert not entries(pos)
    with pytest.raises(IllegalAction, match="turn 2"):
        pos.push_text("move a-pz A4 as enter")
    pos = table(make_position)
    with pytest.raises(IllegalAction, match=r"A2\.5"):
        pos.push_text("move a-pz A5 as enter")


def test_a2_52_off_the_map_it_does_nothing_but_come_on(make_position: Any) -> None:
    """A2.52: a unit waiting off the map takes no action but its entry: a move from there without ``as
    enter``, a CE change, a delay MP or a shot are refused with the rule, not left to crash."""
    bt = {"id": "b-t", "counter": "t", "side": "b", "hex": "E4", "markers": ["vca3"]}
    pos = table(make_position, bt)
    for text in ("move a-pz A4-B4", "move a-pz A4 as ce", "move a-pz A4 as delay", "fire a-pz at E4",
                 "move a-pz A4-B4 as bypass"):
        with pytest.raises(IllegalAction, match=r"A2\.52"):
            pos.push_text(text)


def test_d2_401_it_began_off_the_map_so_an_enemy_vehicle_may_attempt_motion(make_position: Any) -> None:
    """A2.51: no LOS reaches the off-board board, so a vehicle coming on began its move out of every LOS;
    the stopped enemy tank in E4 that sees A4 may attempt Motion at the entry hex: 1 MP spent in its LOS (the
    Open Ground entry hex), so a dr of 1 succeeds (D2.401)."""
    bt = {"id": "b-t", "counter": "t", "side": "b", "hex": "E4", "markers": ["vca3"]}
    pos = table(make_position, bt)
    pos.push_text("move a-pz A4-B4 as enter")
    top = pos.decision
    assert top is not None and top.kind == "react" and pos.label(top.target) == "A4"
    assert "motion-b-t" in top.choices
    pos.push_text("answer motion-b-t")
    top = pos.decision
    assert top is not None and top.then == "vmotion" and top.arg("need") == "1"
    pos.push_text("answer dice 1")
    assert pos.units["b-t"].has("motion")


ROW4 = "-".join(c + "4" for c in "ABCDEFGHIJKL")


def test_d2_5_coming_on_may_ask_esb_for_up_to_a_quarter_more(make_position: Any) -> None:
    """No start MP (D2.12): A4 to L4 is 12 MP, L5 a hexspine turned and an entry, 14: all its MP. One hex
    more asks ESB (D2.5: up to a quarter of 14, FRD, 3 MP) before the first hex."""
    pos = table(make_position, pz={**PZ, "hex": "A4"})
    checked = pos.game.check(pos, pos.parse_action(f"move a-pz {ROW4}-L5 as enter"))
    assert isinstance(checked, act.Move) and checked.cost == 14
    pos.push_text(f"move a-pz {ROW4}-L5-L6 as enter")
    top = pos.decision
    assert top is not None and top.rule == "D2.5" and top.then == "vesb"


def test_d16_12_a_raised_screen_comes_on_ce_only(make_position: Any) -> None:
    """D16.12: with its DD screen raised a tank moves only CE: buttoned up it is refused, and the table offers
    its entry as ``enter_ce`` (A2.52: CE or BU is chosen off the map); the land hex costs 1 MP more."""
    pos = table(make_position, pz={**PZ, "markers": ["vca0", "screen"]})
    with pytest.raises(IllegalAction, match=r"D16\.12"):
        pos.push_text("move a-pz A4 as enter")
    offered = [pos.action_text(a) for a in pos.legal_actions]
    assert "move a-pz A4 cost 2 as enter_ce" in offered
    pos.push_text("move a-pz A4 as enter_ce")
    assert pos.units["a-pz"].has("ce")


def test_a12_2_a_concealed_vehicle_seen_coming_on_loses_its_concealment(make_position: Any) -> None:
    """A concealed vehicle may come on (the scenario's "?"); seen moving into the entry hex by the Good Order
    enemy squad in C4, two hexes away, it loses it there as at any entry (A12.2, conceal58.py)."""
    pos = make_position("asl", [{**PZ, "concealed": True},
                                {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "C4"}], "MPh",
                        counters=COUNTERS, options=ENTRY)
    assert pos.units["a-pz"].concealed
    pos.push_text("move a-pz A4 as enter")
    assert not pos.units["a-pz"].concealed


def light_tank(tmp_path: Path) -> dict[str, Any]:
    """test_vminimum's demo 6-MP low ground pressure tank (demo values), as the counter ``ii``."""
    catalogue = tmp_path / "vehicles.json"
    catalogue.write_text(json.dumps({"format": "hexmate-asl-vehicles/1", "label": "demo values", "vehicles": {
        "pz-ii-a": {"name": "6-MP light tank (demo values)", "movement": "tracked", "mp": 6,
                    "manufacturer": "g", "ground_pressure": "low",
                    "armor": {"hull_front": 2, "hull_side": 1},
                    "ma": {"calibre": 20, "kind": "gun"}, "cs": 5, "demo": True}}}))
    return {**COUNTERS, "ii": {"type": "vehicle", "vehicle": "pz-ii-a", "catalogue": str(catalogue)}}


HIGH_WOODS = {"A4": {"terrain": "woods", "level": 1}}


def test_d2_15_it_may_come_on_by_minimum_move(make_position: Any, tmp_path: Path) -> None:
    """D2.15: a hex costing more than the printed allowance may be entered by Minimum Move for all of it.
    A4 is woods a level up: half the MPA (3) + 4 higher = 7 MP from off-board Open Ground (A2.51, no start
    MP, D2.12), more than the tank's 6: ``as enter+minimum`` costs 6, the bog DR is +1 (higher woods; the +3
    of half the MPA is not for a Minimum Move, D8.21 example) and it ends in Motion, no stop offered."""
    ii = {**PZ, "counter": "ii"}
    pos = table(make_position, pz=ii, counters=light_tank(tmp_path), hexes=HIGH_WOODS)
    offered = [pos.action_text(a) for a in pos.legal_actions]
    assert "move a-pz A4 cost 6 as enter+minimum" in offered
    pos.push_text("move a-pz A4 as enter+minimum")
    pass_reactions(pos)
    bog = pos.decision
    assert bog is not None and bog.then == "vbog" and bog.arg("drm") == "1"
    pos.push_text("answer dice 5,5")  # 10 + 1: not bogged
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert pos.label(tank.hex) == "A4" and tank.has("motion") and armour.spent_of(tank) == 6
    assert pos.decision is None or pos.decision.then != "vfacing"


def test_d2_15_minimum_move_entry_refusals(make_position: Any, tmp_path: Path) -> None:
    """D2.15: one hex only, and only where the hex costs more than the allowance: Open Ground A4 is 1 MP."""
    ii = {**PZ, "counter": "ii"}
    pos = table(make_position, pz=ii, counters=light_tank(tmp_path), hexes=HIGH_WOODS)
    with pytest.raises(IllegalAction, match=r"only one hex by Minimum Move \(D2\.15\)"):
        pos.push_text("move a-pz A4-B4 as enter+minimum")
    with pytest.raises(IllegalAction, match=r"A2\.5"):
        pos.push_text("move a-pz A4 as enter+sideways")
    pos = table(make_position, pz=ii, counters=light_tank(tmp_path))
    assert not [a for a in pos.legal_actions if isinstance(a, act.Move) and "minimum" in a.mode]
    with pytest.raises(IllegalAction, match=r"for 1 MP: no Minimum Move is needed \(D2\.15\)"):
        pos.push_text("move a-pz A4 as enter+minimum")


def test_d2_2_d2_21_it_may_back_onto_the_map(make_position: Any) -> None:
    """D2.2, D2.22: a vehicle may enter in reverse one of its two rear hexes, at the reverse multiplier:
    4 times the cost for a tracked vehicle, 3 times for a truck (D2.21): Open Ground A4 costs the Panzer 4 MP
    and the truck 3 (no start MP, D2.12). It comes on facing away from the map: the off-board hex it came
    from lies in its VCA. Stopped there for 1 MP (D2.13): 5 MP spent."""
    truck = {"id": "a-tr", "counter": "tr", "side": "a", "hex": "A6", "markers": ["vca0"]}
    plan = {"entry": {"a-pz": {"turn": 1, "hexes": ["A4"]}, "a-tr": {"turn": 1, "hexes": ["A6"]}}}
    pos = table(make_position, truck, options=plan,
                counters={**COUNTERS, "tr": {"type": "vehicle", "vehicle": "demo-truck-r"}})
    offered = [pos.action_text(a) for a in pos.legal_actions]
    assert "move a-pz A4 cost 4 as enter+reverse" in offered
    assert "move a-tr A6 cost 3 as enter+reverse" in offered
    pos.push_text("move a-pz A4 as enter+reverse")
    pass_reactions(pos)
    pos.push_text("answer hex A4")  # keep its VCA: it stops (D2.13)
    pz = pos.units["a-pz"]
    assert pos.label(pz.hex) == "A4" and armour.spent_of(pz) == 5 and pz.facing is not None
    assert any(h not in pos.map for h in fc.front_hexes(pz.hex, pz.facing))
    assert all(h in pos.map for h in fc.rear_hexes(pz.hex, pz.facing))


def test_d2_2_reverse_entry_refusals(make_position: Any) -> None:
    """D2.2: no reverse while towing; D2.21: a wagon has no reverse rate (nor a motorcycle, D15.42, or an
    aerosan, D17.21)."""
    pos = table(make_position, pz={**PZ, "markers": ["vca0", "towing"]})
    with pytest.raises(IllegalAction, match=r"towing and may not move in reverse \(D2\.2\)"):
        pos.push_text("move a-pz A4 as enter+reverse")


def test_d2_2_d2_24_it_may_back_on_past_the_entry_hex(make_position: Any) -> None:
    """D2.2-D2.22, D2.24: backing on goes on in reverse past the entry hex as any reverse move: A4 at 4 x 1
    MP (Open Ground, D2.21), then B4, a rear hex of A4 facing away from the map, at 4 x 1 more: 8 MP; a
    stop there for 1 (D2.13) makes 9. Without ``+reverse`` no path from a forward entry backs on."""
    pos = table(make_position)
    move = pos.game.check(pos, pos.parse_action("move a-pz A4-B4 as enter+reverse"))
    assert isinstance(move, act.Move) and move.cost == 4 + 4
    pos.push_text("move a-pz A4-B4 as enter+reverse")
    pass_reactions(pos)
    pos.push_text("answer hex B4")  # keep its VCA: it stops (D2.13)
    pz = pos.units["a-pz"]
    assert pos.label(pz.hex) == "B4" and armour.spent_of(pz) == 9


def test_d2_24_reverse_motion_carries_into_its_next_mph(make_position: Any) -> None:
    """D2.24: a vehicle may end its MPh in Reverse Motion, and Motion's rules then hold in reverse. Backed on
    to C4 (12 MP) and left in Motion, it carries the Reverse Motion counter; in a later MPh it backs
    on with no start MP (D2.12): a rear Open Ground hex for 4 x 1 = 4 MP (D2.21), while a forward one takes
    the stop and start of a switch (D2.23), 1 + 1 + 1 = 3. In forward Motion the same two cost 3 (two
    hexspines turned, D2.11, then 1 forward) and 1."""
    pos = table(make_position)
    pos.push_text("move a-pz A4-B4-C4 as enter+reverse")  # 12 of its 14 MP
    pass_reactions(pos)
    for _ in range(2):  # two 1-MP hexspine turns spend the rest: no MP to stop, it stays in Motion (D2.13)
        pz = pos.units["a-pz"]
        f = armour.facing_of(pz)
        turn = next(h for h in fc.front_hexes(pz.hex, (f + 1) % 6) if h not in fc.front_hexes(pz.hex, f))
        pos.push_text(f"answer hex {pos.label(turn)}")
    pos.push_text(f"answer hex {pos.label(pos.units['a-pz'].hex)}")
    pz = pos.units["a-pz"]
    assert pz.has("motion") and pz.has(armour.REV_MOTION)
    for marks, back, ahead in ((["vca0", "motion", armour.REV_MOTION], 4, 3), (["vca0", "motion"], 3, 1)):
        later = table(make_position, pz={**PZ, "hex": "D4", "markers": marks}, options={"entry": {}})
        d4 = later.map.parse_label("D4")
        rear, front = fc.rear_hexes(d4, 0)[0], fc.front_hexes(d4, 0)[0]
        for dest, cost in ((rear, back), (front, ahead)):
            move = later.game.check(later, later.parse_action(f"move a-pz D4-{later.label(dest)}"))
            assert isinstance(move, act.Move) and move.cost == cost, (marks, later.label(dest))


def offered(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def test_d12_1_a_wagon_comes_on_paying_infantry_mf(make_position: Any) -> None:
    """D12.1: a wagon spends MF at the infantry rates, no MF to start: Open Ground A4 is 1 MF (A2.51),
    B4 one more; woods A4 2 MF, where the Panzer pays half its allowance (7)."""
    wg = {"id": "a-wg", "counter": "wg", "side": "a", "hex": "A4", "markers": ["vca0"]}
    counters = {**COUNTERS, "wg": {"type": "vehicle", "vehicle": "demo-wagon-r"}}
    plan = {"entry": {"a-wg": {"turn": 1, "hexes": ["A4"]}}}
    pos = table(make_position, wg, pz={**PZ, "hex": "F4"}, options=plan, counters=counters)
    assert "move a-wg A4 cost 1 as enter" in offered(pos)
    assert "move a-wg A4-B4 cost 2 as enter" in offered(pos)
    pos.push_text("move a-wg A4-B4 as enter")
    pass_reactions(pos)
    assert pos.label(pos.units["a-wg"].hex) == "B4"
    pos = table(make_position, wg, pz={**PZ, "hex": "F4"}, options=plan, counters=counters,
                hexes={"A4": "woods"})
    assert "move a-wg A4 cost 2 as enter" in offered(pos)


MC = {**COUNTERS, "mc": {"type": "vehicle", "vehicle": "demo-moto-g"}}
MC_PLAN = {"entry": {"a-mc": {"turn": 1, "hexes": ["A4"]}}}


def moto_table(make_position: Any, riders: bool = True, **kw: Any) -> Position:
    mc = {"id": "a-mc", "counter": "mc", "side": "a", "hex": "A4", "markers": ["vca0"]}
    rider = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "A4", "carrier": "a-mc"}
    return table(make_position, mc, *([rider] if riders else []), pz={**PZ, "hex": "F4"}, options=MC_PLAN,
                 counters=MC, **kw)


def test_d15_1_a_motorcycle_comes_on_with_its_riders(make_position: Any) -> None:
    """D15.1: the chart's motorcycle column (the demo pack's Open Ground 2 MP, road 1/2 MP as the D15.41
    example's); its riders come on aboard (A2.52); D15.4: no driver of its own, so none comes on riderless."""
    pos = moto_table(make_position)
    assert pos.units["a-sq"].hex is None
    assert "move a-mc A4 cost 2 as enter" in offered(pos)
    pos.push_text("move a-mc A4 as enter")
    pass_reactions(pos)
    assert pos.label(pos.units["a-sq"].hex) == "A4" and pos.units["a-sq"].carrier == "a-mc"
    pos = moto_table(make_position, hexes=ROAD)
    assert "move a-mc A4 cost 1/2 as enter" in offered(pos)
    pos = moto_table(make_position, riders=False)
    assert not [t for t in offered(pos) if t.startswith("move a-mc")]
    with pytest.raises(IllegalAction, match=r"D15\.4"):
        pos.push_text("move a-mc A4 as enter")


def test_d15_46_a_shellhole_entry_hex_calls_for_the_wreck_check(make_position: Any) -> None:
    """D15.46: riders aboard, a shellhole hex entered calls for the Wreck Check dr (demo cost 4 MP)."""
    pos = moto_table(make_position, hexes={"A4": "shellhole"})
    pos.push_text("move a-mc A4 as enter")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vmwreck" and top.rule == "D15.46"


def sled(make_position: Any, tmp_path: Path, snow: bool = True, **kw: Any) -> Position:
    from .test_aerosan import catalogue

    counters = {**COUNTERS, "sled": {"type": "vehicle", "vehicle": "demo-aerosan",
                                     "catalogue": catalogue(tmp_path)}}
    unit = {"id": "a-as", "counter": "sled", "side": "a", "hex": "A4", "markers": ["vca0"]}
    options = {"entry": {"a-as": {"turn": 1, "hexes": ["A4"]}}, **({"ground_snow": "snow"} if snow else {})}
    return table(make_position, unit, pz={**PZ, "hex": "F4"}, options=options, counters=counters, **kw)


def test_d17_2_an_aerosan_comes_on_in_snow_by_its_own_chart(make_position: Any, tmp_path: Path) -> None:
    """D17.2: its own chart, Open Ground 1 MP; it moves only with snow on the ground; D17.22: an orchard
    entry hex (3 MP) calls for the Accident dr there; D17.21: it never moves in reverse."""
    pos = sled(make_position, tmp_path)
    assert "move a-as A4 cost 1 as enter" in offered(pos)
    with pytest.raises(IllegalAction, match=r"D2\.21"):
        pos.push_text("move a-as A4 as enter+reverse")
    pos = sled(make_position, sub(tmp_path, "orchard"), hexes={"A4": "orchard"})
    assert "move a-as A4 cost 3 as enter" in offered(pos)
    pos.push_text("move a-as A4 as enter")
    top = pos.decision
    assert top is not None and top.rule == "D17.22"
    pos = sled(make_position, sub(tmp_path, "dry"), snow=False)
    with pytest.raises(IllegalAction, match=r"D17\.2"):
        pos.push_text("move a-as A4 as enter")


def sub(tmp_path: Path, name: str) -> Path:
    (tmp_path / name).mkdir()
    return tmp_path / name


def test_d16_8_a_dd_tank_the_ob_sets_up_on_the_map_may_be_held_off_it(make_position: Any) -> None:
    """D16.8: a DD tank may stay off the map until the MPh its owner wishes, even one the set-up OB puts on
    the map: before play its owner is asked; held, it leaves the map, its MPh may end with it still off
    (unlike a vehicle due, A2.5, D2.1), and it comes on at the edge hex the scenario names for it, screen
    raised: CE only and 1 MP more a land hex (D16.12), 2 MP for Open Ground A4."""
    dd = {**PZ, "hex": "C4", "markers": ["vca0", "screen", "ce"]}
    hold = {"dd_off_map": {"a-pz": {"hexes": ["A4"]}}}
    pos = table(make_position, pz=dd, options=hold)
    top = pos.decision
    assert top is not None and top.rule == "D16.8" and top.side == "a"
    assert set(top.choices) == {"keep", "hold"}
    pos.push_text("answer hold")
    assert pos.units["a-pz"].hex is None
    assert cost_to(pos, "A4") == {2}
    pos.push_text("end")  # D16.8: it may wait
    assert pos.phase.id != "MPh" and pos.units["a-pz"].hex is None
    pos = table(make_position, pz=dd, options=hold)
    pos.push_text("answer hold")
    pos.push_text("move a-pz A4 as enter")
    pass_reactions(pos)
    assert pos.label(pos.units["a-pz"].hex) == "A4" and not pos.units["a-pz"].has("held_off")
    pos = table(make_position, pz=dd, options=hold)
    pos.push_text("answer keep")
    assert pos.label(pos.units["a-pz"].hex) == "C4" and not entries(pos)


def test_d16_8_only_a_dd_tank_or_unarmored_amphibian_set_up_on_the_map(make_position: Any) -> None:
    """D16.8 names DD tanks and unarmored amphibious vehicles only: a plain tank is refused on load, so is a
    reinforcement already coming on (A2.5)."""
    with pytest.raises(DataError, match=r"D16\.8"):
        table(make_position, options={"dd_off_map": {"a-pz": {"hexes": ["A4"]}}})
    dd = {**PZ, "markers": ["vca0", "screen", "ce"]}
    with pytest.raises(DataError, match=r"D16\.8"):
        table(make_position, pz=dd, options={**ENTRY, "dd_off_map": {"a-pz": {"hexes": ["A4"]}}})


def test_d2_3_coming_on_by_bypass(make_position: Any) -> None:
    """D2.3 with A2.51: off the map a vehicle moves normally, so it may come on by bypass along a hexside of a
    woods entry hex: twice the Open Ground cost, 2 MP (the hex itself costs the Panzer 7, D8.21), no bog
    check, left astride the named hexside (stopped in Stationary Bypass, D2.34, for 1 MP more). D2.3's own
    example: woods a level up (J10 to I10) costs (1 + 4) x 2 = 10 MP by bypass."""
    pos = table(make_position, hexes={"A4": "woods"})
    assert cost_to(pos, "A4") == {7}
    checked = pos.game.check(pos, pos.parse_action("move a-pz A4 as enter+bypass:A5"))
    assert isinstance(checked, act.Move) and checked.cost == 2
    pos.push_text("move a-pz A4 as enter+bypass:A5")
    while pos.decision is not None and pos.decision.kind == "react":  # A7.307: infantry may fire for Residual
        pos.push_text("answer pass")
    pos.push_text("answer keep")  # the stop MP, no turret turn (D2.34, D2.321)
    pz = pos.units["a-pz"]
    from hexmate.rules.games.asl import armour, vbypass
    assert pz.hex == pos.map.parse_label("A4") and armour.spent_of(pz) == 3  # stopped there: 2 + 1 (D2.34)
    assert vbypass.across_of(pz) == pos.map.parse_label("A5")
    assert pos.decision is None or pos.decision.then != "vbog"
    high = table(make_position, hexes=HIGH_WOODS)
    checked = high.game.check(high, high.parse_action("move a-pz A4 as enter+bypass"))
    assert isinstance(checked, act.Move) and checked.cost == 10
    with pytest.raises(IllegalAction, match=r"D2\.15"):
        high.push_text("move a-pz A4-B4 as enter+minimum+bypass")  # a Minimum Move enters one hex


def test_d2_24_a_reverse_minimum_move_onto_the_map(make_position: Any) -> None:
    """D2.24: a reverse Minimum Move. Woods A4 costs the Panzer half its 14 MP, 7, times 4 in reverse
    (D2.21): 28, past its 14 MP and ESB's quarter (3, D2.5): refused in plain reverse; as a reverse Minimum
    Move it spends its 14 MP, with the bog DR at +1 only (normal ground pressure; no +3, D8.21 example)."""
    pos = table(make_position, hexes={"A4": "woods"})
    with pytest.raises(IllegalAction, match=r"costs 28 MP"):
        pos.push_text("move a-pz A4 as enter+reverse")
    assert "move a-pz A4 cost 14 as enter+minimum+reverse" in offered(pos)
    assert "move a-pz A4 cost 14 as enter+minimum" not in offered(pos)  # 7 MP forward: no Minimum Move
    checked = pos.game.check(pos, pos.parse_action("move a-pz A4 as enter+minimum+reverse"))
    assert isinstance(checked, act.Move) and checked.cost == 14
    pos.push_text("move a-pz A4 as enter+minimum+reverse")
    bog = pos.decision
    assert bog is not None and bog.then == "vbog" and bog.arg("drm") == "1"



def test_d2_3_coming_on_by_bypass_is_offered(make_position: Any) -> None:
    """D2.3 with A2.51, offered: into bypass forward along the hexside between its two VCA hexes or backing
    along the one between its two rear hexes (D2.33, D2.22). From the off-board hexes beside A4 (its NW and
    SW neighbours) that is A4's hexside with A3 or with A5, never with B3 or B4 (A4's far side). Woods A4:
    twice Open Ground's 1 MP, 2 MP (D2.3); backing, times the Panzer's reverse 4 (D2.21), 8 MP. Woods a level
    up: (1 + 4) x 2 = 10 MP (D2.3's example), backing 40 MP, past its 14 MP and the ESB's 3 (D2.5): not
    offered. Open Ground A4 has no obstacle to bypass (D2.31): nothing offered."""
    pos = table(make_position, hexes={"A4": "woods"})
    alone = [t for t in offered(pos) if t.split()[2] == "A4"]  # beyond it: the test after the next
    assert sorted(t for t in alone if "bypass" in t and "enter+" in t) == [
        "move a-pz A4 cost 2 as enter+bypass:A3", "move a-pz A4 cost 2 as enter+bypass:A5",
        "move a-pz A4 cost 8 as enter+reverse+bypass:A3", "move a-pz A4 cost 8 as enter+reverse+bypass:A5"]
    high = table(make_position, hexes=HIGH_WOODS)
    assert sorted(t for t in offered(high) if "bypass" in t and "enter+" in t and "minimum" not in t
                  and t.split()[2] == "A4") == [
        "move a-pz A4 cost 10 as enter+bypass:A3", "move a-pz A4 cost 10 as enter+bypass:A5"]
    assert not [t for t in offered(table(make_position)) if "bypass" in t]
    pos.push_text("move a-pz A4 cost 8 as enter+reverse+bypass:A3")  # the offer plays as typed
    from hexmate.rules.games.asl import vbypass
    pz = pos.units["a-pz"]
    assert pos.label(pz.hex) == "A4" and vbypass.across_of(pz) == pos.map.parse_label("A3")


def test_d2_3_coming_on_by_bypass_goes_on_beyond_the_entry_hex(make_position: Any) -> None:
    """D2.3 with A2.51 and D2.33: ``enter+bypass`` bypasses every woods or building hex of the path, the entry
    hex included. From the off-board hex SW of A4, woods A4 is bypassed along its hexside with A5 for twice
    Open Ground's 1 MP, 2 MP (D2.3); from that bypass the VCA's hex is B4 (the third hex at the CAFP), entered
    forward for Open Ground's 1 MP (D2.33): 3 MP, no bog DR (the woods were never entered). Then woods C4,
    bypassed along the hexside between B4's two VCA hexes: 2 MP more, 5 in all; along its hexside with B3
    instead (``:B3``) it turns a hexspine first in B4 (1 MP, D2.11): 6. Backing all the way (D2.2, D2.21):
    A4 by bypass 2 x 4 = 8, back into B4 1 x 4 = 4: 12 (D2.21's BT-7 example prices VBM in reverse the same
    way). An Open Ground entry hex is entered as usual (1 MP), woods B4 beyond it bypassed (2 MP): 3. A5 is
    neither the VCA's hex nor the one behind the bypass (D2.33): refused. Played, it stands in
    Stationary Bypass astride C4's hexside with B3, stopped for 1 MP more: 7 (D2.34, D2.13)."""
    pos = table(make_position, hexes={"A4": "woods", "C4": "woods"})
    cost = {t: pos.game.check(pos, pos.parse_action(t)).cost
            for t in ("move a-pz A4-B4 as enter+bypass", "move a-pz A4-B4-C4 as enter+bypass",
                      "move a-pz A4-B4-C4 as enter+bypass:B3", "move a-pz A4-B4 as enter+reverse+bypass")}
    assert list(cost.values()) == [3, 5, 6, 12]
    with pytest.raises(IllegalAction):
        pos.game.check(pos, pos.parse_action("move a-pz A4-A5 as enter+bypass"))
    plain = table(make_position, hexes={"B4": "woods"})  # Open Ground A4 entered as usual, 1 MP; B4 by bypass
    assert plain.game.check(plain, plain.parse_action("move a-pz A4-B4 as enter+bypass")).cost == 3
    pos.push_text("move a-pz A4-B4-C4 as enter+bypass:B3")
    pass_reactions(pos)
    assert pos.decision is None or pos.decision.then != "vbog"  # D2.3: bypass risks no bog
    pos.push_text("answer keep")  # the stop MP, no turret turn (D2.34, D2.321)
    from hexmate.rules.games.asl import vbypass
    pz = pos.units["a-pz"]
    assert pos.label(pz.hex) == "C4" and vbypass.across_of(pz) == pos.map.parse_label("B3")
    assert armour.spent_of(pz) == 7 and not pz.has("motion")  # 6, then stopped in bypass for 1 (D2.34)


def test_d2_15_coming_on_by_bypass_as_a_minimum_move(make_position: Any, tmp_path: Path) -> None:
    """D2.15 with D2.3: a Minimum Move enters a hex whose entry costs more than the allowance; the text bars
    only NA terrain and a VCA change in that MP, and bypassing the entry hex along the hexside between its two
    VCA hexes needs no turn. Woods a level up by bypass: (1 + 4) x 2 = 10 MP (D2.3's own example), more than
    the light tank's 6: ``enter+minimum+bypass:A3`` spends its 6 MP, astride A4's hexside with A3, in Motion
    (D2.15), with no bog DR (D2.3: bypass avoids the bog risk). For the Panzer's 14 MP, 10 is no Minimum Move
    (refused, D2.15); backing, 10 x 4 = 40 (D2.21) is, as D2.24's reverse Minimum Move: 14 MP."""
    ii = {**PZ, "counter": "ii"}
    pos = table(make_position, pz=ii, counters=light_tank(tmp_path), hexes=HIGH_WOODS)
    with pytest.raises(IllegalAction, match=r"costs 10 MP"):
        pos.push_text("move a-pz A4 as enter+bypass:A3")
    assert "move a-pz A4 cost 6 as enter+minimum+bypass:A3" in offered(pos)
    pos.push_text("move a-pz A4 as enter+minimum+bypass:A3")
    pass_reactions(pos)
    assert pos.decision is None or pos.decision.then not in ("vbog", "vfacing")
    from hexmate.rules.games.asl import vbypass
    tank = pos.units["a-pz"]
    assert pos.label(tank.hex) == "A4" and vbypass.across_of(tank) == pos.map.parse_label("A3")
    assert tank.has("motion") and armour.spent_of(tank) == 6
    pz = table(make_position, hexes=HIGH_WOODS)
    with pytest.raises(IllegalAction, match=r"no Minimum Move is needed \(D2\.15\)"):
        pz.push_text("move a-pz A4 as enter+minimum+bypass:A3")
    checked = pz.game.check(pz, pz.parse_action("move a-pz A4 as enter+minimum+reverse+bypass:A5"))
    assert isinstance(checked, act.Move) and checked.cost == 14


def test_a2_52_coming_on_ce_or_bu_by_bypass_is_offered(make_position: Any) -> None:
    """A2.52: an AFV comes on CE or BU, its owner's choice; with D2.3's bypass entry (2 MP into woods A4) the
    other status is offered too: the Panzer is BU (no CE counter), so ``enter_ce``; a CE one is offered
    ``enter_bu``. Played, the crew's counter is as chosen."""
    pos = table(make_position, hexes={"A4": "woods"})
    assert "move a-pz A4 cost 2 as enter_ce+bypass:A3" in offered(pos)
    assert not [t for t in offered(pos) if "enter_bu+" in t]
    ce = table(make_position, pz={**PZ, "markers": ["vca0", "ce"]}, hexes={"A4": "woods"})
    assert "move a-pz A4 cost 2 as enter_bu+bypass:A3" in offered(ce)
    pos.push_text("move a-pz A4 cost 2 as enter_ce+bypass:A3")
    assert pos.units["a-pz"].has("ce")


def test_a12_41_coming_on_into_concealed_units_asks_their_owner(make_position: Any) -> None:
    """A12.41: a vehicle entering a Location of concealed enemy units (not by bypass or a woods-road) makes
    their owner reveal them or take one PAATC; the entry hex is no exception (a concealed unit leaves it open,
    A2.5). By bypass of woods A4 no one is asked (A12.41, A12.42)."""
    hid = {"id": "b-hid", "counter": "4-6-7", "side": "b", "hex": "A4", "concealed": True}
    pos = table(make_position, hid)
    pos.push_text("move a-pz A4 as enter")
    asks = [d for d in pos.state.decisions if d.rule == "A12.41"]
    assert len(asks) == 1 and asks[0].side == "b" and asks[0].subject == ("b-hid",)
    woods = table(make_position, hid, hexes={"A4": "woods"})
    woods.push_text("move a-pz A4 as enter+bypass:A5")
    assert not [d for d in woods.state.decisions if d.rule == "A12.41"]


def _bypass_offers(pos: Position) -> dict[str, act.Move]:
    """The forward ones, the last hexside unnamed (backing and ``:N``: test_ventrybyp)."""
    return {pos.action_text(m): m for m in pos.legal_actions
            if isinstance(m, act.Move) and "bypass" in m.mode and "reverse" not in m.mode and len(m.path) > 1
            and ":" not in m.mode}


def test_d2_3_coming_on_by_bypass_beyond_the_entry_hex_is_offered(make_position: Any) -> None:
    """D2.3 with A2.51 and D2.33, offered beyond the entry hex (one path a hex, the cheapest). Woods A4 and
    C4: A4 bypassed for twice Open Ground's 1 MP, 2 (D2.3), then Open Ground B4 (the VCA's hex, D2.33) 1:
    3 MP, where entering the woods costs half the Panzer's 14 MP, 7, and B4 1 more: 8 (D8.21, A2.51). C4
    bypassed too at the path's end: 2 more, 5. Only a path cheaper than entering A4 is offered to an open
    hex; each offer plays as typed. Open Ground A4 and woods B4: A4 entered (1 MP), B4 bypassed (2): 3."""
    pos = table(make_position, hexes={"A4": "woods", "C4": "woods"})
    offers = _bypass_offers(pos)
    assert "move a-pz A4-B4 cost 3 as enter+bypass" in offers
    assert "move a-pz A4-B4 cost 8 as enter" in offered(pos)  # the plain way, dearer
    to_c4 = [m for m in offers.values() if pos.label(m.path[-1]) == "C4"]
    assert len(to_c4) == 1 and to_c4[0].cost == 2 + 1 + 2
    ends = [m.path[-1] for m in offers.values()]
    assert len(ends) == len(set(ends))  # one path a hex
    for text in ("move a-pz A4-B4 cost 3 as enter+bypass", pos.action_text(to_c4[0])):
        move = offers[text]
        assert pos.game.check(pos, act.Move(move.units, move.path, None, move.mode)).cost == move.cost
    plain = table(make_position, hexes={"B4": "woods"})
    assert list(_bypass_offers(plain)) == ["move a-pz A4-B4 cost 3 as enter+bypass"]
    assert not _bypass_offers(table(make_position))  # no woods or building: nothing to bypass


def test_d2_3_bypass_offers_beyond_the_entry_hex_counted(make_position: Any) -> None:
    """The count of legal actions, measured: a woods entry hex (and woods C4) adds a bypass path for each hex
    the bypass reaches more cheaply than entering the woods (about one a reachable hex, as the plain offers
    for an open entry hex); woods B4 beyond an open entry hex adds one."""
    woods = table(make_position, hexes={"A4": "woods", "C4": "woods"})
    beyond = _bypass_offers(woods)
    reach = {m.path[-1] for m in woods.legal_actions if isinstance(m, act.Move) and m.mode == "enter"}
    reach |= {m.path[-1] for m in beyond.values()}
    assert 0 < len(beyond) <= len(reach)
    assert len(_bypass_offers(table(make_position, hexes={"B4": "woods"}))) == 1


HID = {"id": "b-hid", "counter": "4-6-7", "side": "b", "hex": "A4", "concealed": True}


def test_d7_1_a12_41_coming_on_overruns_concealed_infantry_in_the_entry_hex(make_position: Any) -> None:
    """D7.1: a vehicle entering in its MPh a Location of enemy units may overrun them, a quarter of its
    printed MP (FRU) spent there with the entry: the demo Panzer's 14 MP give 3.5 -> 4, so A4 (Open Ground,
    1 MP from off-board Open Ground, A2.51) costs 1 + 4 = 5 and A4-B4 6; ``+through`` enters it for 1 (D7.1),
    listed, as is backing on (D7.13: no OVR in reverse). A12.41 first: the owner takes one PAATC (DR 2:
    passed, the "?" stays); then the OVR's IFT DR, asked of the Panzer's owner, as Area Fire at the "?"
    (A12.41: FP halved). Its MP: 1 for the entry, 4 for the OVR."""
    pos = table(make_position, HID)
    assert {"move a-pz A4 cost 5 as enter", "move a-pz A4-B4 cost 6 as enter", "move a-pz A4 cost 1 as "
            "enter+through", "move a-pz A4 cost 4 as enter+reverse"} <= set(offered(pos))
    pos.push_text("move a-pz A4 as enter")
    top = pos.decision
    assert top is not None and top.rule == "A12.41" and top.side == "b"
    pos.push_text("answer paatc")
    pos.push_text("answer dice 1,1")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vovr" and top.side == "a" and pos.label(top.target) == "A4"
    pos.push_text("answer dice 2,2")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-hid": "K/1"}
    assert any(line.rule == "A12.41" and "halved" in str(line.label) for line in res.lines)
    moving = pos.state.moving
    assert moving is not None and armour.spent_of(pos.units["a-pz"]) + Fraction(moving.cost or 0) == 5


def test_d7_1_coming_on_through_the_entry_hex_without_the_overrun(make_position: Any) -> None:
    """``as enter+through``: no OVR MP and no OVR DR; A12.41's question is put all the same (the text asks it
    of any entry but by bypass or woods-road). Revealed, the squad stays; the Panzer has spent 1 MP."""
    pos = table(make_position, HID)
    pos.push_text("move a-pz A4 as enter+through")
    top = pos.decision
    assert top is not None and top.rule == "A12.41"
    pos.push_text("answer reveal")
    pass_reactions(pos)
    assert not any(d.then == "vovr" for d in pos.state.decisions)
    top = pos.decision
    assert top is not None and top.then == "vfacing" and top.arg("left") == "13"  # 14 - 1 (D2.11)


def test_a12_41_d7_1_coming_on_into_a_dummy_only_entry_hex_spends_no_ovr_mp(make_position: Any) -> None:
    """A12.41: with no known enemy there the OVR's MP wait for the answer; the owner reveals the dummy and it
    is removed (A12.14): no one to overrun, no OVR DR, and the Panzer has spent A4's 1 MP alone (14 - 1 = 13
    left at the facing question), not 5."""
    dummy = {"id": "b-dm", "counter": "dummy", "side": "b", "hex": "A4", "concealed": True}
    pos = table(make_position, dummy, counters={**COUNTERS, "dummy": {"type": "dummy"}})
    assert "move a-pz A4 cost 5 as enter" in offered(pos)
    pos.push_text("move a-pz A4 as enter")
    pos.push_text("answer reveal")
    assert "b-dm" not in pos.units
    pass_reactions(pos)
    assert not any(d.then == "vovr" for d in pos.state.decisions)
    top = pos.decision
    assert top is not None and top.then == "vfacing" and top.arg("left") == "13"


def test_d7_14_coming_on_naming_the_hexes_it_overruns(make_position: Any) -> None:
    """D7.14: the OVR is chosen hex by hex. With a known squad in C4 on the path A4-B4-C4 (1 + 1 + 1 MP):
    ``+ovr:A4`` overruns the entry hex only (+4) and passes C4: 7; ``+ovr:C4`` the reverse: 7 too; the plain
    move both: 11; ``+through`` neither: 3. Refused: naming a hex with no enemy coming on (D7.1), or
    ``+through`` with a named hex."""
    sq = {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C4"}
    pos = table(make_position, HID, sq)
    cost = {mode: pos.game.check(pos, pos.parse_action(f"move a-pz A4-B4-C4 as {mode}")).cost
            for mode in ("enter", "enter+ovr:A4", "enter+ovr:C4", "enter+through")}
    assert cost == {"enter": 11, "enter+ovr:A4": 7, "enter+ovr:C4": 7, "enter+through": 3}
    with pytest.raises(IllegalAction, match=r"D7\.1"):
        pos.game.check(pos, pos.parse_action("move a-pz A4-B4-C4 as enter+through+ovr:A4"))
    empty = table(make_position)
    with pytest.raises(IllegalAction, match=r"may not overrun A4 coming on"):
        empty.game.check(empty, empty.parse_action("move a-pz A4 as enter+ovr:A4"))
