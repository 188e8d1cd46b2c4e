"""Horse-drawn wagons (wagon.py; D12.1, D.2): a vehicle that spends MF at infantry rates, 1 MF across a road
hexside, double to go up a level, nothing to start or stop, 1 MF a hexspine; no wreck. Numbers from D12.1
itself (its own examples: 1 MP by road, not 1/2; the higher level doubled, not +4). The wagon is the demo
catalogue's (10 MF, demo values); the tank beside it test_armour's demo Panzer."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, facing, vwreck

from .test_armour import COUNTERS, pass_reactions

WAGON = {**COUNTERS, "w": {"type": "vehicle", "vehicle": "demo-wagon-r"}}


def at(make_position: Any, hex_: str = "C5", vca: int = 0, hexes: dict[str, Any] | None = None,
       *extra: dict[str, Any]) -> Position:
    units = [{"id": "a-w", "counter": "w", "side": "a", "hex": hex_, "markers": [f"vca{vca}"]},
             {"id": "a-pz", "counter": "pz", "side": "a", "hex": hex_, "markers": [f"vca{vca}"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"}, *extra]
    pos: Position = make_position("asl", units, "MPh", counters=WAGON, hexes=hexes)
    return pos


def cost(pos: Position, text: str) -> Any:
    return pos.game.check(pos, pos.parse_action(text)).cost


def test_d12_1_no_mf_to_start_and_the_infantry_cost_of_open_ground(make_position: Any) -> None:
    """D12.1: into open ground 1 MF and no start; the tank pays its start MP and 1 MP (D2.12)."""
    pos = at(make_position)
    assert cost(pos, "move a-w C5-D5") == 1
    assert cost(pos, "move a-pz C5-D5") == 2


def test_d12_1_one_mf_a_hexspine(make_position: Any) -> None:
    """D12.1: C6 is one hexspine off the VCA: 1 MF for the turn, 1 to enter."""
    pos = at(make_position)
    assert cost(pos, "move a-w C5-C6") == 2


def test_d12_1_a_higher_level_doubles_the_mf(make_position: Any) -> None:
    """D12.1: a hex one level up costs twice its MF (open ground: 2), not the vehicle's extra MP."""
    pos = at(make_position, "C5", 0, {"D5": {"terrain": "open", "level": 1}})
    assert cost(pos, "move a-w C5-D5") == 2


def test_d12_1_a_road_hexside_costs_1_mf_not_half(make_position: Any) -> None:
    """D12.1: 1 MF by road into woods (A4.132's infantry rate), where the tank pays its road rate."""
    road = {f"F{i}": {"road": ["N", "S"] if 1 < i < 8 else (["S"] if i == 1 else ["N"])} for i in range(1, 9)}
    road["F4"] = {"terrain": "woods", "road": ["N", "S"]}
    probe = at(make_position, "F5", 0, road)
    f = next(k for k in range(6) if probe.map.parse_label("F4") in facing.front_hexes(
        probe.map.parse_label("F5"), k))
    pos = at(make_position, "F5", f, road)
    assert cost(pos, "move a-w F5-F4") == 1
    assert cost(pos, "move a-w F5-F4-F3") == 2


def test_d12_1_the_wagon_stops_for_nothing(make_position: Any) -> None:
    """D12.1: no MF to stop: after 1 MF into D5 the wagon has spent 1 and is not in Motion."""
    pos = at(make_position)
    pos.push_text("move a-w C5-D5")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing" and top.arg("left") == "9"
    pos.push_text("answer keep")
    pass_reactions(pos)
    wagon = pos.units["a-w"]
    assert armour.spent_of(wagon) == 1 and not wagon.has("motion")


def test_d12_1_other_vehicles_in_the_hex_entered_add_one_mf(make_position: Any) -> None:
    """D12.1 with D2.14, D10.2: MP rules apply to a wagon's MF: a wreck in D5 adds 1."""
    wreck = {"id": "b-x", "counter": "pz", "side": "b", "hex": "D5", "markers": ["vca3", "wreck"]}
    pos = at(make_position, "C5", 0, None, wreck)
    assert cost(pos, "move a-w C5-D5") == 2


def test_d2_21_no_reverse_for_a_wagon_without_a_rev(make_position: Any) -> None:
    pos = at(make_position)
    with pytest.raises(IllegalAction, match=r"no reverse rate"):
        cost(pos, "move a-w C5-B5 as reverse")
    back = pos.legal_actions.moves_for({"a-w"})[pos.map.parse_label("B5")]
    assert back.mode == "" and back.cost == cost(pos, "move a-w C5-B5") == 3  # turned round: 2 + 1 MF


def test_d12_1_a_destroyed_wagon_leaves_no_wreck(make_position: Any) -> None:
    pos = at(make_position)
    state = pos.state.with_unit(pos.units["a-w"].mark("wreck", "burning"))
    after = vwreck.no_wreck_side(state)
    assert "a-w" not in after.units and "a-pz" in after.units


# --- D12.4: Gallop ---


def galloper(make_position: Any, hexes: dict[str, Any] | None = None) -> Position:
    aboard = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-w"}
    return at(make_position, "C5", 0, hexes, aboard)


def test_d12_4_a_gallop_is_cx_and_half_as_many_mf_again(make_position: Any) -> None:
    """D12.4: declared at the start of its MPh: CX on the wagon and its passengers; 10 MF become 15."""
    pos = galloper(make_position)
    assert "move a-w C5 as gallop" in [pos.action_text(a) for a in pos.legal_actions]
    pos.push_text("move a-w C5 as gallop")
    wagon = pos.units["a-w"]
    assert wagon.has("cx") and pos.units["a-sq"].has("cx") and armour.budget(wagon) == 15
    with pytest.raises(IllegalAction, match="CX"):
        pos.game.check(pos, pos.parse_action("move a-w C5 as gallop"))
    woods = {f"{c}5": {"terrain": "woods"} for c in "DEFGHI"}
    pos = galloper(make_position, woods)
    pos.push_text("move a-w C5 as gallop")
    assert cost(pos, "move a-w C5-D5-E5-F5-G5-H5-I5") == 12  # six woods hexes at 2 MF: more than 10
    walk = galloper(make_position, woods)
    with pytest.raises(IllegalAction, match="costs 12 MP"):
        cost(walk, "move a-w C5-D5-E5-F5-G5-H5-I5")


def test_d12_4_only_at_the_start_of_its_mph(make_position: Any) -> None:
    pos = galloper(make_position)
    pos.push_text("move a-w C5-D5")
    pass_reactions(pos)
    with pytest.raises(IllegalAction):
        pos.game.check(pos, pos.parse_action("move a-w D5 as gallop"))


def test_d12_4_a_turn_at_the_gallop_calls_for_a_wreck_check_and_5_passes(make_position: Any) -> None:
    """D12.4: C6 is entered after a VCA change: the Wreck Check dr; a 5 is no 6: on it goes."""
    pos = galloper(make_position)
    pos.push_text("move a-w C5 as gallop")
    pos.push_text("move a-w C5-C6")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vgallop" and top.dice == "dr" and top.rule == "D12.4"
    pos.push_text("answer dice 5")
    pass_reactions(pos)
    assert "a-w" in pos.units and pos.label(pos.units["a-w"].hex) == "C6"


def test_d12_4_a_6_in_a_hex_dearer_than_1_mf_destroys_the_wagon(make_position: Any) -> None:
    """D12.4 with D12.1: D5 is woods (2 MF): the Wreck Check dr; a 6: no wagon (no wreck), its squad broken
    and set down in D5."""
    pos = galloper(make_position, {"D5": {"terrain": "woods"}})
    pos.push_text("move a-w C5 as gallop")
    pos.push_text("move a-w C5-D5")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vgallop"
    pos.push_text("answer dice 6")
    while pos.decision is not None:
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer keep")
    assert "a-w" not in pos.units
    squad = pos.units["a-sq"]
    assert squad.has("broken") and squad.carrier is None and pos.label(squad.hex) == "D5"


def test_d12_4_no_wreck_check_without_a_gallop(make_position: Any) -> None:
    pos = galloper(make_position, {"D5": {"terrain": "woods"}})
    pos.push_text("move a-w C5-D5")
    pass_reactions(pos)
    assert pos.decision is not None and pos.decision.then == "vfacing"


def test_d7_1_a_wagon_makes_no_overrun(make_position: Any) -> None:
    """D7.1: a wagon spends MF and so may not Overrun: the enemy squad's D5 is closed to it, not to the
    tank."""
    enemy = {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "D5"}
    pos = at(make_position, "C5", 0, None, enemy)
    with pytest.raises(IllegalAction):
        cost(pos, "move a-w C5-D5")
    assert pos.map.parse_label("D5") not in pos.legal_actions.moves_for({"a-w"})
    assert pos.map.parse_label("D5") in pos.legal_actions.moves_for({"a-pz"})


def test_d12_2_a_wagon_transports_as_a_truck_does(make_position: Any) -> None:
    """D12.2 with D6.1, D6.4: the demo wagon's 10 PP take a squad (10 PP) that boards it for 1 MF; its MF left
    are a quarter of its allowance per MF the squad had left (3 of 4: 3/4 of 10 MF)."""
    squad = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"}
    pos = at(make_position, "C5", 0, None, squad)
    pos.push_text("load a-sq into a-w")
    pass_reactions(pos)
    assert pos.units["a-sq"].carrier == "a-w"
    assert armour.budget(pos.units["a-w"]) == Fraction(30, 4)
    pos.push_text("move a-w C5-D5")
    pass_reactions(pos)
    assert pos.label(pos.units["a-sq"].hex) == "D5"  # the passengers ride along


# --- D12.1 with D2.3: a wagon's bypass; D12.5: sledges; D12.4: SW with an X# ---


def test_d12_1_a_wagon_bypasses_woods_at_twice_the_open_ground_mf(make_position: Any) -> None:
    """D12.1 (bypass as a vehicle does, in woods and buildings) with D2.3 (twice the hex's non-obstacle
    cost): a wagon bypassing D5 pays 2 x 1 MF, nothing to start; the tank 1 to start and 2 x 1 MP."""
    pos = at(make_position, "C5", 0, {"D5": {"terrain": "woods"}})
    assert cost(pos, "move a-w C5-D5 as bypass") == 2
    assert cost(pos, "move a-pz C5-D5 as bypass") == 3


def test_d12_1_d2_3_a_wagon_bypassing_uphill_doubles_the_doubled_mf(make_position: Any) -> None:
    """D12.1: a higher hex costs twice its MF (open ground 1 -> 2, not the vehicle's +4); D2.3 doubles that
    for the bypass: 4 MF, where the tank pays its start and (1 + 4) x 2 = 10 MP (the T-MOV-04 arithmetic)."""
    pos = at(make_position, "C5", 0, {"D5": {"terrain": "wooden-building", "level": 1}})
    assert cost(pos, "move a-w C5-D5 as bypass") == 4
    assert cost(pos, "move a-pz C5-D5 as bypass") == 11


def test_d12_1_d_2_a_wagon_ends_astride_the_hexside_without_a_bog_check(make_position: Any) -> None:
    """D.2, D2.34: a wagon ending its move in bypass stays astride the hexside toward its CAFP (no facing
    question: the hexside fixes it, D2.33); D2.3: no bog DR for the obstacle; D12.1: no stop MF, so it is
    not left in Motion."""
    from hexmate.rules.games.asl import vbypass

    pos = at(make_position, "C5", 0, {"D5": {"terrain": "woods"}})
    pos.push_text("move a-w C5-D5 as bypass")
    pass_reactions(pos)
    assert pos.decision is None
    wagon = pos.units["a-w"]
    assert pos.label(wagon.hex) == "D5" and vbypass.across_of(wagon) is not None
    assert not wagon.has("motion") and "a-w" in pos.state.moved


def test_d12_4_a_sw_with_an_x_number_aboard_is_eliminated_on_the_6(make_position: Any) -> None:
    """D12.4: on the Wreck Check's 6 the passengers break and each SW aboard malfunctions, one with an X#
    (here a demo FT-like SW, X# 10) is eliminated instead."""
    counters = {**WAGON, "XSW": {"type": "sw", "sw": "ft", "fp": 12, "range": 1, "x": 10, "pp": 1},
                "LMG": {"type": "sw", "sw": "mg", "fp": 2, "range": 6, "breakdown": 12, "pp": 1}}
    units = [{"id": "a-w", "counter": "w", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-w"},
             {"id": "a-x", "counter": "XSW", "side": "a", "hex": "C5", "carrier": "a-sq"},
             {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C5", "carrier": "a-sq"},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"}]
    pos: Position = make_position("asl", units, "MPh", counters=counters, hexes={"D5": {"terrain": "woods"}})
    pos.push_text("move a-w C5 as gallop")
    pos.push_text("move a-w C5-D5")
    pass_reactions(pos)
    assert pos.decision is not None and pos.decision.then == "vgallop"
    pos.push_text("answer dice 6")
    while pos.decision is not None:
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer keep")
    assert "a-w" not in pos.units and "a-x" not in pos.units
    assert pos.units["a-lmg"].has("malfunctioned") and pos.units["a-sq"].has("broken")


def test_d12_5_a_sledge_is_its_wagon_with_its_own_numbers(make_position: Any) -> None:
    """D12.5: the demo sledge (the demo wagon's back: T# 3 > 2, cs# 10 > 9, MF 6 < 10) moves as a wagon does
    (D12.1: 1 MF into open ground, nothing to start) and gallops (D12.4: 6 x 1.5 = 9 MF)."""
    from hexmate.rules.games.asl.vehicles import vehicle_of

    counters = {**WAGON, "s": {"type": "vehicle", "vehicle": "demo-sledge-r"}}
    units = [{"id": "a-s", "counter": "s", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"}]
    pos: Position = make_position("asl", units, "MPh", counters=counters)
    sledge, front = vehicle_of(pos.units["a-s"].values), vehicle_of({"vehicle": "demo-wagon-r"})
    assert sledge.sledge == "demo-wagon-r" and (sledge.tow, sledge.cs, sledge.mp) == (3, 10, 6)
    assert (front.tow, front.cs, front.mp) == (2, 9, 10)
    assert cost(pos, "move a-s C5-D5") == 1
    pos.push_text("move a-s C5 as gallop")
    assert armour.budget(pos.units["a-s"]) == 9


def test_d12_5_a_catalogue_sledge_must_differ_from_its_wagon_as_the_text_says() -> None:
    """D12.5: a sledge naming a wagon whose T# is not smaller is refused, naming the file, vehicle and key."""
    from hexmate.rules.games.asl.vehicles import CatalogueError, parse_catalogue

    wagon = {"movement": "wagon", "mp": 10, "armor": None, "cs": 9, "tow": 2}
    bad = {"movement": "wagon", "mp": 6, "armor": None, "cs": 10, "tow": 2, "sledge": "w"}
    data = {"format": "hexmate-asl-vehicles/1", "vehicles": {"w": wagon, "s": bad}}
    with pytest.raises(CatalogueError, match=r"cat\.json, vehicle 's', key 'sledge'.*larger T#"):
        parse_catalogue("cat.json", data)
    data["vehicles"] = {"w": wagon, "s": {**bad, "tow": 3}}
    assert parse_catalogue("cat.json", data)["s"].sledge == "w"
    data["vehicles"] = {"s": {**bad, "tow": 3, "movement": "truck"}}
    with pytest.raises(CatalogueError, match="key 'sledge'"):
        parse_catalogue("cat.json", data)


def test_d12_4_a_galloping_wagon_bypassing_checks_for_each_2_mf_hexside(make_position: Any) -> None:
    """D12.4 with D12.1/D2.3: round woods D5 along two of its hexsides: 2 MF, 1 MF to turn at the CAFP, 2 MF
    (5 MF); each hexside costs more than 1 MF (and the second follows a VCA change): two Wreck Check drs."""
    pos = galloper(make_position, {"D5": {"terrain": "woods"}})
    assert cost(pos, "move a-w C5-D5-D5 as bypass") == 5
    pos.push_text("move a-w C5 as gallop")
    pos.push_text("move a-w C5-D5-D5 as bypass")
    seen = []
    while pos.decision is not None:
        top = pos.decision
        if top.kind == "react":
            pos.push_text("answer pass")
            continue
        seen.append(top.then)
        pos.push_text("answer dice 2" if top.kind == "roll" else "answer keep")
    assert seen == ["vgallop", "vgallop"]
    assert "a-w" in pos.units and pos.label(pos.units["a-w"].hex) == "D5"


def _pair(make_position: Any, phase: str = "MPh", *markers: str, side: str = "a") -> Position:
    units = [{"id": "a-w1", "counter": "w", "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "a-w2", "counter": "w", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-pz", "counter": "pz", "side": "b", "hex": "C8", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, phase, counters=WAGON, first_side=side)
    return pos


def test_d12_2_two_wagons_coupled_are_one_wagon_with_t2(make_position: Any) -> None:
    """D12.2: two wagons declared to tow one Gun together are one wagon (the second's counter goes) with
    T# 2, and that one hooks the Gun up; offered in the MPh while both are stopped and unmoved."""
    from hexmate.rules.games.asl import wagon

    pos = _pair(make_position)
    texts = [pos.action_text(a) for a in pos.legal_actions]
    assert "activate a-w1,a-w2 for couple" in texts
    with pytest.raises(IllegalAction, match=r"D12\.2"):
        pos.game.check(pos, pos.parse_action("activate a-w1,b-pz for couple"))
    pos.push_text("activate a-w1,a-w2 for couple")
    assert "a-w2" not in pos.units and wagon.coupled(pos.units["a-w1"]) == "a-w2"
    assert wagon.tow(pos.units["a-w1"]) == 2
    pos.push_text("move a-w1 C5 as hook")
    assert pos.units["a-w1"].has("towing")


def test_d12_2_couple_only_stopped_unmoved_wagons_in_one_location(make_position: Any) -> None:
    moved = _pair(make_position)
    moved.push_text("move a-w2 C5-D5")
    pass_reactions(moved)
    with pytest.raises(IllegalAction, match="one Location"):
        moved.game.check(moved, moved.parse_action("activate a-w1,a-w2 for couple"))
    galloping = _pair(make_position, "MPh", "gallop", "cx")
    with pytest.raises(IllegalAction, match="before it moves"):
        galloping.game.check(galloping, galloping.parse_action("activate a-w1,a-w2 for couple"))


def test_d12_3_coupled_wagons_are_a_large_target(make_position: Any) -> None:
    """D12.3, D1.73, D1.72: one wagon is an average target (Case P 0); coupled wagons a Large one, Case
    P -1."""
    from hexmate.rules.games.asl import vfire

    for marks, want in (((), 0), (("coupled:a-w2",), -1)):
        pos = _pair(make_position, "PFPh", *marks, side="b")
        steps = vfire.to_hit_of(pos, pos.units["b-pz"], pos.units["a-w1"])[1]
        assert sum(s.value for s in steps if s.name == "P") == want
