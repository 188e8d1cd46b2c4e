"""Vehicles in play (armour.py through game.py): moves along the VCA, the facing question, gun fire with its
To Hit / To Kill / crew survival rolls, AFV and wreck hindrance, and a catalogue error naming file and key."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction, RulesError
from hexmate.rules.games import Position, get_game
from hexmate.rules.games.asl import armour, transport, vfire
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.hexes import distance

COUNTERS: dict[str, Any] = {
    "4-6-7": {"type": "squad", "fp": 4, "range": 6, "morale": 7, "broken_morale": 8},
    "4-4-7": {"type": "squad", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7},
    "9-1": {"type": "leader", "morale": 9, "broken_morale": 8, "leadership": -1},
    "pz": {"type": "vehicle", "vehicle": "demo-pz-g"},
    "t": {"type": "vehicle", "vehicle": "demo-t-r"},
    "ht": {"type": "vehicle", "vehicle": "demo-ht-g"},
}


def units(*extra: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"},
        {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]},
        *extra,
    ]


def pass_reactions(pos: Position) -> None:
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def make(make_position: Any, phase: str, *extra: dict[str, Any], **kw: Any) -> Position:
    pos: Position = make_position("asl", units(*extra), phase, counters=COUNTERS, **kw)
    return pos


def test_forward_moves_pay_start_turns_and_entry(make_position: Any) -> None:
    pos = make(make_position, "MPh")
    assert pos.units["a-pz"].facing == 0  # set up with its VCA on D4-D5
    moves = pos.legal_actions.moves_for({"a-pz"})
    lbl = {pos.label(h): m.cost for h, m in moves.items()}
    assert lbl["D5"] == 2 and lbl["D4"] == 2  # start 1 + open 1, inside the VCA (D2.11, D2.12)
    assert lbl["C6"] == 3  # one hexspine turned first (D2.11)
    assert lbl["B5"] == 4  # two hexspines: the short way round
    assert pos.parse_action("move a-pz C5-D5-E5") in pos.legal_actions


def test_facing_question_turns_for_mp_then_stops(make_position: Any) -> None:
    pos = make(make_position, "MPh")
    pos.push_text("move a-pz C5-D5")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing" and top.side == "a" and top.arg("left") == "12"
    pos.push_text("answer hex D6")  # south of D5: the nearest hexspine beside it is one turn away
    assert pos.units["a-pz"].facing == 5
    pass_reactions(pos)  # D2.11, D3.3: b-t may fire after the hexspine turned (vinplace.py)
    assert pos.decision is not None and pos.decision.arg("left") == "11"
    pos.push_text("answer hex D5")  # set back on its own hex: keep that facing (the table's gesture)
    pass_reactions(pos)  # D2.13, D3.3: and after the stop's MP
    assert pos.decision is None and not pos.units["a-pz"].has("motion")  # stopped for 1 MP (D2.13)
    assert pos.units["a-pz"].facing == 5 and armour.spent_of(pos.units["a-pz"]) == 4  # 2 + 1 turn + 1 stop


def test_facing_turn_beyond_the_mp_left_is_refused(make_position: Any) -> None:
    # woods cost half the MP allowance (7 of 14): start 1 + 7 + five open hexes = 13, one MP left
    pos = make(make_position, "MPh", hexes={"D5": {"terrain": "woods"}})
    pos.push_text("move a-pz C5-D5-E5-F5-G5-H5-I5")
    bog = pos.decision
    assert bog is not None and bog.then == "vbog" and bog.arg("drm") == "4"  # normal pressure +1, woods +3
    pos.push_text("answer dice 3,4")  # 7 + 4 = 11: not bogged (D8.21)
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing" and top.arg("left") == "1"
    with pytest.raises(IllegalAction, match=r"D2\.11"):
        pos.push_text("answer hex H5")  # down-left: two hexspines from f=0 (2 MP)
    pos.push_text("answer hex J5")  # down-right is in the VCA already: no turn
    pos.push_text("answer hex I4")  # north: one hexspine, the last MP
    pass_reactions(pos)  # D2.11, D3.3: a window after the hexspine turned
    assert pos.units["a-pz"].facing == 1 and pos.decision is not None and pos.decision.arg("left") == "0"
    pos.push_text("answer keep")
    assert pos.units["a-pz"].has("motion")  # no MP left to stop: it ends in Motion (D2.4)


def test_gun_fire_rolls_to_hit_to_kill_and_crew_survival(make_position: Any) -> None:
    pos = make(make_position, "PFPh")
    assert [a.text(pos.label) for a in pos.legal_actions if a.kind == "fire"] == ["fire a-pz at J5"]
    pos.push_text("fire a-pz at J5")
    assert pos.decision is not None and pos.decision.then == "vth"
    pack = od.load_pack()
    assert pack.base_th("vehicle", 7) - pack.cases["I"] == 6  # range 7, BU CT firer (D5.2); stopped target
    pos.push_text("answer dice 1,5")  # 6: a hit; colored 5 is not below white 1: the hull (demo pack rule)
    res = pos.last_resolution
    assert res is not None and res.results == {"b-t": "hit"}
    assert [line.label for line in res.lines][:2] == ["To Hit number 7 at range 7", "Case I: +1"]
    assert pos.units["a-pz"].has("prep_fire")
    top = pos.decision
    assert top is not None and top.then == "vtk"
    assert top.arg("tk") == "5"  # 75L at range 7: 13 (demo values) less the front hull AF 8 (b-t faces C5)
    pos.push_text("answer dice 1,2")  # 3: below 5, destroyed; not at or below 5 - 4: no fire
    assert pos.units["b-t"].has("wreck") and not pos.units["b-t"].has("burning")
    assert any(c.what == "flip" and c.unit == "b-t" for c in pos.changes)  # to its wreck side (D10.1)
    top = pos.decision
    assert top is not None and top.then == "vcs" and top.side == "b"  # its crew rolls (D5.6)
    pos.push_text("answer dice 6,6")  # 12 > CS 6
    assert pos.units["b-t"].has("crew_lost")
    with pytest.raises(RulesError):
        pos.push_text("fire a-pz at J5")  # no second shot, and no target left


def test_small_arms_do_not_target_a_hex_of_only_vehicles(make_position: Any) -> None:
    pos = make(make_position, "PFPh", {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "H5"})
    with pytest.raises(IllegalAction, match="AFV"):
        pos.push_text("fire a-sq2 at J5")
    assert not any(a.kind == "fire" and a.text(pos.label).startswith("fire a-sq2") for a in pos.legal_actions)


def test_a_moving_target_takes_case_j_through_the_dfph(make_position: Any) -> None:
    pos = make(make_position, "MPh")
    pos.push_text("move a-pz C5-D5")
    pass_reactions(pos)
    pos.push_text("answer keep")
    pass_reactions(pos)  # D2.13, D3.3: the stop's MP may be fired at
    pos.push_text("end")
    assert pos.phase.id == "DFPh"
    _th_moving, steps, _, _ = vfire.to_hit_of(pos, pos.units["b-t"], pos.units["a-pz"])
    assert any(s.name == "J" for s in steps)  # D2.1: entered a new hex this MPh


def test_afv_and_wreck_hinder_a_shot_through_their_hex(make_position: Any) -> None:
    wreck = {"id": "b-w", "counter": "t", "side": "b", "hex": "F5", "markers": ["vca3", "wreck"]}
    pos = make(make_position, "PFPh", wreck)
    drm, where = vfire.afv_hindrance(pos, pos.map.parse_label("C5"), pos.map.parse_label("J5"))
    assert (drm, where) == (1, ["F5"])  # D9.4, D10.3
    burning = dict(wreck, markers=["vca3", "wreck", "burning"])
    pos = make(make_position, "PFPh", burning)
    assert vfire.afv_hindrance(pos, pos.map.parse_label("C5"), pos.map.parse_label("J5"))[0] == 0  # D10.3


def test_a_bad_vehicle_counter_names_the_catalogue_and_vehicle(make_position: Any) -> None:
    game = get_game("asl")
    from hexmate.rules.scenario import CounterType

    problem = game.check_counter(CounterType("x", "vehicle", {"vehicle": "no-such-tank"}))
    assert problem is not None and "demo-vehicles.json" in problem and "no-such-tank" in problem
    with pytest.raises(DataError, match=r"demo-vehicles\.json"):
        armour.vehicle_of({"vehicle": "no-such-tank"})


def test_a_bog_dr_of_12_ends_the_move_in_the_woods(make_position: Any) -> None:
    pos = make(make_position, "MPh", hexes={"D5": {"terrain": "woods"}})
    pos.push_text("move a-pz C5-D5-E5")
    pos.push_text("answer dice 4,4")  # 8 + 4 = 12: bogged; its MPh ends at once (D8.21)
    pass_reactions(pos)
    pz = pos.units["a-pz"]
    assert pz.has("bogged") and pos.label(pz.hex) == "D5" and pos.decision is None
    moves = [a.text() for a in pos.legal_actions if a.kind == "move" and a.text().startswith("move a-pz")]
    assert not [t for t in moves if not t.endswith((" as ce", " as bu"))]  # D.7; a CE change is no move


def test_reverse_out_of_woods_is_cheaper_than_turning_there(make_position: Any) -> None:
    # In woods a turn costs 2 MP a hexspine (D2.11): to reach B5 behind it, start (1) and reverse into the
    # rear hex at x4 (D2.21, D2.22) = 5 MP, where turning two hexspines (4) and entering (1) would be 6.
    pos = make(make_position, "MPh", hexes={"C5": {"terrain": "woods"}})
    move = pos.legal_actions.moves_for({"a-pz"})[pos.map.parse_label("B5")]
    assert move.cost == 5
    pos.push(move)
    pass_reactions(pos)
    assert pos.units["a-pz"].facing == 0  # reverse keeps the VCA: the front still points at D4-D5
    # from B5 its VCA holds C5 again: start and enter the woods forward
    cost, _ = armour.route(pos, pos.units["a-pz"], (pos.map.parse_label("B5"), pos.map.parse_label("C5")))
    assert cost == 1 + 7  # start, then forward into the woods for half the MP allowance (D8.21)


def test_show_arc_lights_the_vca_and_tca(make_position: Any) -> None:
    pos = make(make_position, "PFPh")
    picture, summary = pos.game.show(pos, ["arc", "a-pz"])
    here = pos.map.parse_label("C5")
    assert picture[here] == "vehicle"
    assert {pos.label(h) for h, s in picture.items() if s == "both" and distance(here, h) == 1} == {
        "D4",
        "D5",
    }  # TCA = VCA: the two front hexes, and the wedge beyond
    assert "VCA D4-D5" in summary and all(
        armour.fc.in_arc(here, h, 0) for h, s in picture.items() if s == "both"
    )
    with pytest.raises(IllegalAction):
        pos.game.show(pos, ["arc", "a-sq"])  # not a vehicle


def test_rate_of_fire_and_acquisition(make_position: Any) -> None:
    # D3.5: a colored die within the gun's ROF (1 for the demo tank) lets it fire again; at the same target
    # in the same hex it is then acquired, -1 (D3.51 example).
    pos = make(make_position, "PFPh")
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 6,1")  # 7 > 6: a miss, but the colored 1 keeps its ROF
    pz = pos.units["a-pz"]
    # D3.3, D3.5: the Prep Fire counter stays (no AFPh, no MPh); the kept ROF lets the gun fire again now
    assert pz.has("prep_fire") and pz.has("rof_kept") and any(m.startswith("acq:b-t@") for m in pz.markers)
    th, steps, _, _ = vfire.to_hit_of(pos, pz, pos.units["b-t"])
    assert th == 7 and [s.name for s in steps if s.name == "acquired"] == ["acquired"]
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 6,2")  # 8 > 7: a miss, and the colored 2 loses the ROF
    assert pos.units["a-pz"].has("prep_fire")


def test_an_original_12_breaks_the_gun_down(make_position: Any) -> None:
    pos = make(make_position, "PFPh")
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 6,6")  # D3.7: B# 12
    assert pos.units["a-pz"].has("ma_malf")
    with pytest.raises(IllegalAction, match="no working gun"):
        pos.push_text("fire a-pz at J5")


def test_close_combat_against_a_tank(make_position: Any) -> None:
    # A11.5: a squad with a 9-1 leader: CCV 5 + 1; DRM -1 (leadership); no defenders, a stopped tank
    ldr = {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "J5"}
    sq = {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "J5"}
    pos = make(make_position, "CCPh", ldr, sq)
    top = pos.decision  # A11.31: the CC in the tank's Location is sequential, a (not owning it) first
    assert top is not None and top.then == "cc_group" and top.side == "a"
    assert set(top.units) == {"a-sq2", "a-ldr", "b-t"}
    pos.push_text("answer units a-sq2,a-ldr,b-t")
    top = pos.decision
    assert top is not None and top.then == "vcc" and (top.arg("ccv"), top.arg("drm")) == ("6", "-1")
    pos.push_text("answer dice 4,3")  # 7 - 1 = 6 = CCV: immobilized
    assert pos.units["b-t"].has("immobilized") and not pos.units["b-t"].has("wreck")
    top = pos.decision  # no crew survival roll in CC (D5.6): the tank's own CC turn (A11.31, A11.62)
    assert top is not None and top.then == "cc_group" and top.side == "b"


def test_close_combat_an_original_2_rolls_a_chance_kill(make_position: Any) -> None:
    sq = {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "J5", "markers": ["pinned"]}
    guard = {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "J5"}
    for extra, result in (("1", "burns"), ("5", "immobilized")):
        pos = make(make_position, "CCPh", sq, guard)
        # A11.31: with infantry of both sides, the Location's CC is sequential: a, not owning the tank, first
        top = pos.decision
        assert top is not None and top.then == "cc_group" and top.side == "a" and "b-t" in top.units
        pos.push_text("answer units a-sq2,b-t")
        top = pos.decision  # pinned: CCV 5 - 1 (A11.5); a squad guarding the tank: +2 (A11.51)
        assert top is not None and (top.arg("ccv"), top.arg("drm")) == ("4", "2")
        pos.push_text("answer dice 1,1")  # an original 2: 2 + 2 = 4 = CCV, and a further dr (A11.501)
        top = pos.decision
        assert top is not None and top.then == "vcc2" and top.dice == "dr"
        pos.push_text(f"answer dice {extra}")
        res = pos.last_resolution
        assert res is not None and res.results == {"b-t": result}


def test_a_squad_loads_rides_and_unloads(make_position: Any) -> None:
    # D6.4: the squad loads for 1 MF and has 3 left: the tank may use 3/4 of its 14 MP; D6.5: it unloads
    # while the tank has spent no more than 3/4 of its MP, for 1/4 of them (4 MP, FRU).
    rider = {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "C5"}
    pos = make(make_position, "MPh", rider)
    assert "load a-sq2 into a-pz" in {a.text(pos.label) for a in pos.legal_actions}
    pos.push_text("load a-sq2 into a-pz")
    pass_reactions(pos)  # D6.4, D3.3: the loading may be fired at
    assert pos.units["a-sq2"].carrier == "a-pz" and armour.budget(pos.units["a-pz"]) == Fraction(21, 2)
    with pytest.raises(IllegalAction, match=r"D6\.5"):
        pos.push_text("move a-sq2 C5-C4")  # aboard: it moves with the tank
    moves = pos.legal_actions.moves_for({"a-pz"})
    assert max(m.cost or 0 for m in moves.values()) <= Fraction(21, 2)
    pos.push_text("move a-pz C5-D5-E5")  # start 1 + 2 = 3 MP
    pass_reactions(pos)
    pos.push_text("answer keep")  # stop: 4 MP spent, within 3/4 of 14
    pass_reactions(pos)  # D2.13, D3.3
    assert pos.label(pos.units["a-sq2"].hex) == "E5"
    pos.push_text("unload a-pz")
    sq = pos.units["a-sq2"]
    assert sq.carrier is None and pos.label(sq.hex) == "E5" and armour.spent_of(pos.units["a-pz"]) == 8
    assert sq.has("unloaded")  # D9.3: it keeps the moved tank's +1 TEM this phase (vcover.py)


def test_no_unloading_without_the_mp_for_it(make_position: Any) -> None:
    # a passenger in the halftrack (riders would bail out before the woods, D6.21): loaded with 3 MF left,
    # the 13-MP halftrack has 9 3/4 MP; after 9 1/2 it cannot pay the 4 MP of unloading (D6.5)
    rider = {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "C5"}
    ht = {"id": "a-ht", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0"]}
    pos = make(make_position, "MPh", rider, ht, hexes={"D5": {"terrain": "woods"}})
    pos.push_text("load a-sq2 into a-ht")
    pos.push_text("move a-ht C5-D5-E5")  # start 1 + woods 6 1/2 + 1 = 8 1/2 MP, then the bog DR
    pos.push_text("answer dice 1,1")
    pass_reactions(pos)
    pos.push_text("answer keep")  # stop: 9 1/2 MP spent
    pass_reactions(pos)  # D2.13, D3.3
    assert pos.units["a-sq2"].carrier == "a-ht"  # a passenger stays aboard in the woods
    with pytest.raises(IllegalAction, match=r"4 MP unloading costs \(D6\.5\)"):
        pos.push_text("unload a-ht")


def test_excessive_speed_breakdown(make_position: Any) -> None:
    # D2.5: 15 MP for a 14-MP German tank: 1 extra MP, +1, +2 German: DRM +3; 12 or more immobilizes it.
    path = "move a-pz C5-D5-E5-F5-G5-H5-I5-J4-K4"
    with pytest.raises(IllegalAction, match=r"D2\.1"):
        make(make_position, "MPh", hexes={"D5": {"terrain": "woods"}, "E5": {"terrain": "woods"}}).push_text(
            path
        )
    pos = make(make_position, "MPh", hexes={"D5": {"terrain": "woods"}})
    pos.push_text(path)
    top = pos.decision
    assert top is not None and top.then == "vesb" and top.arg("drm") == "3"
    pos.push_text("answer dice 5,4")  # 9 + 3 = 12: immobilized where it stands
    pass_reactions(pos)
    pz = pos.units["a-pz"]
    assert pz.has("immobilized") and pos.label(pz.hex) == "C5" and pos.decision is None
    pos = make(make_position, "MPh", hexes={"D5": {"terrain": "woods"}})
    pos.push_text(path)
    pos.push_text("answer dice 4,4")  # 8 + 3 = 11: the extra MP are granted
    pos.push_text("answer dice 1,1")  # the bog DR entering the woods
    pass_reactions(pos)
    assert pos.label(pos.units["a-pz"].hex) == "K4"
    pos.push_text("answer keep")
    assert pos.units["a-pz"].has("motion")  # every MP spent: it ends in Motion (D2.4)


def test_a_red_mp_vehicle_rolls_as_it_starts(make_position: Any, tmp_path: Any) -> None:
    # D2.51: mechanical reliability: a DR of 12 as it spends its start MP immobilizes it
    import json

    cat = tmp_path / "red.json"
    cat.write_text(
        json.dumps(
            {
                "format": "hexmate-asl-vehicles/1",
                "vehicles": {
                    "red": {
                        "movement": "tracked",
                        "mp": 12,
                        "red_mp": True,
                        "armor": {"hull_front": 4, "hull_side": 2},
                        "ma": {"calibre": 37, "length": "L"},
                    }
                },
            }
        ),
        encoding="utf-8",
    )
    counters = dict(COUNTERS, red={"type": "vehicle", "vehicle": "red", "catalogue": str(cat)})
    units = [
        {"id": "a-red", "counter": "red", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "J3"},
    ]
    for dice, stays in (("6,6", True), ("6,5", False)):
        pos: Position = make_position("asl", units, "MPh", counters=counters)
        pos.push_text("move a-red C5-D5")
        top = pos.decision
        assert top is not None and top.rule == "D2.51"
        pos.push_text(f"answer dice {dice}")
        pass_reactions(pos)
        assert (pos.label(pos.units["a-red"].hex) == "C5") == stays
        assert pos.units["a-red"].has("immobilized") == stays


def test_d6_1_portage_points_and_capacity(make_position: Any) -> None:
    ldr = {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C5"}
    sq = {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "C5"}
    pos = make(make_position, "MPh", ldr, sq)
    u = pos.units
    assert transport.load_pp([u["a-sq2"]]) == 10 and transport.load_pp([u["a-ldr"]]) == 10  # <= 4 SMC: 10 PP
    assert transport.load_pp([u["a-sq2"], u["a-ldr"]]) == 20
    assert transport.capacity(armour.vtype(u["a-pz"])) == 14  # riders on a tank (D6.2)
    with pytest.raises(IllegalAction, match="carries 14 PP, not 20"):
        pos.push_text("load a-sq2,a-ldr into a-pz")
    pos.push_text("load a-sq2 into a-pz")
    assert pos.units["a-sq2"].carrier == "a-pz"


def test_a_vehicle_in_motion_may_not_prep_fire(make_position: Any) -> None:
    pos: Position = make_position(
        "asl",
        [
            {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", "motion"]},
            {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]},
        ],
        "PFPh",
        counters=COUNTERS,
    )
    with pytest.raises(IllegalAction, match=r"D2\.4"):
        pos.push_text("fire a-pz at J5")
    assert not any(a.kind == "fire" for a in pos.legal_actions)


def test_a_hull_down_target_counts_only_turret_hits(make_position: Any) -> None:
    # D4.2: against a Hull Down vehicle a hull hit is a miss; set up HD (the scenario's "hd" marker)
    pos: Position = make_position(
        "asl",
        [
            {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
            {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3", "hd"]},
        ],
        "PFPh",
        counters=COUNTERS,
    )
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 1,5")  # 6 would hit, but colored 5 above white 1 is the hull: a miss
    res = pos.last_resolution
    assert res is not None and res.results == {"b-t": "miss"} and pos.decision is None
    pos = make(make_position, "PFPh")
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 1,5")  # the same roll on a target that is not HD hits
    assert pos.last_resolution is not None and pos.last_resolution.results == {"b-t": "hit"}


def test_d5_3_a_ce_afv_neither_enters_nor_leaves_a_building(make_position: Any) -> None:
    houses = {"D5": "stone-building"}
    buttoned = make(make_position, "MPh", hexes=houses)
    pz = buttoned.units["a-pz"]
    into = (buttoned.map.parse_label("C5"), buttoned.map.parse_label("D5"))
    assert armour.step_mp(buttoned, pz, armour.vtype(pz), *into) == 7  # BU: 1/2 MPA (D8.21)
    assert armour.bog_check(buttoned, pz, *into) is not None  # and a bog DR, +4 stone (D8.21)
    ce = {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", "ce"]}
    pos: Position = make_position("asl", [ce], "MPh", counters=COUNTERS, hexes=houses)
    C5, D5, D4 = (pos.map.parse_label(x) for x in ("C5", "D5", "D4"))
    assert armour.step_mp(pos, pos.units["a-pz"], armour.vtype(pos.units["a-pz"]), C5, D5) is None
    assert D5 not in pos.legal_actions.moves_for(frozenset({"a-pz"})) and D4 in pos.legal_actions.moves_for(
        frozenset({"a-pz"}))
    inside = dict(ce, hex="D5")
    pos = make_position("asl", [inside], "MPh", counters=COUNTERS, hexes=houses)
    E5 = pos.map.parse_label("E5")
    pz = pos.units["a-pz"]
    assert armour.step_mp(pos, pz, armour.vtype(pz), D5, E5) is None  # nor leaves it


def test_a5_11_a_vehicle_entering_a_friendly_overstack_pays_1_mp_per_squad_equivalent(
        make_position: Any) -> None:
    """A5.11: besides D2.14, a vehicle pays 1 MP per squad-equivalent of personnel over the limit in the
    Location it enters: three squads of its side there cost nothing more, four 1 MP, four and a HS (4.5,
    FRU) 2 MP; passengers count for nothing (A5.3)."""
    from hexmate.rules.games.asl import armour

    counters = {**COUNTERS, "2-4-7": {"type": "hs", "fp": 2, "range": 4, "morale": 7, "broken_morale": 7}}

    def cost(*extra: dict[str, Any]) -> object:
        pos = make_position("asl", units(*extra), "MPh", counters=counters)
        tank = pos.units["a-pz"]
        assert tank.hex is not None
        d5 = next(h for h in pos.map.neighbors(tank.hex) if pos.label(h) == "D5")
        return armour.step_mp(pos, tank, armour.vtype(tank), tank.hex, d5)

    sq = [{"id": f"a-s{i}", "counter": "4-6-7", "side": "a", "hex": "D5"} for i in range(4)]
    base = cost(*sq[:3])
    assert cost(*sq) == base + 1
    assert cost(*sq, {"id": "a-h", "counter": "2-4-7", "side": "a", "hex": "D5"}) == base + 2
    ht = {"id": "a-ht", "counter": "ht", "side": "a", "hex": "D5", "markers": ["vca0"]}
    aboard = {"id": "a-p", "counter": "4-6-7", "side": "a", "hex": "D5", "carrier": "a-ht"}
    assert cost(*sq[:3], ht, aboard) == cost(*sq[:3], ht)
