"""Carriers (carriers.py; D6.8-D6.84): halftracks in the rules but for a fully tracked OT AFV's 4 PP of
SMC and SW passengers (D6.81), a 2-4-7 HS for a crew (D6.82) and a crew that is never buttoned up (D6.84).
The carrier is the demo catalogue's (demo values); the numbers 4 PP, 6 FP AAMG and 2-4-7 are D6.81's and
D6.82's."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import carriers, crew, mounted, vmg
from hexmate.rules.games.asl import units as au
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
    """D6.81: its MMC ride outside as riders, within 8 PP: a squad (10 PP, D6.1) may not; a leader boards as
    a passenger."""
    pos = pos_with(make_position, "MPh", {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"},
                   {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C5"})
    with pytest.raises(IllegalAction, match=r"8 PP of riders, not 10"):
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


HS = {**CARRIER, "2-4-7": {"type": "hs", "fp": 2, "range": 4, "morale": 7, "broken_morale": 7},
      "1-4-9": {"type": "hero", "fp": 1, "range": 4, "morale": 9, "broken_morale": 9}}


def riders_and_passengers(make_position: Any, phase: str, *, aboard: bool = True,
                          hexes: dict[str, Any] | None = None) -> Position:
    on = {"carrier": "a-c"} if aboard else {}
    units = [{"id": "a-c", "counter": "c", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5"},
             {"id": "a-hs", "counter": "2-4-7", "side": "a", "hex": "C5", **on},
             {"id": "a-h", "counter": "1-4-9", "side": "a", "hex": "C5", **on}]
    pos: Position = make_position("asl", units, phase, counters=HS, hexes=hexes)
    return pos


def test_d6_81_a_hs_rides_on_it_and_a_hero_inside_at_once(make_position: Any) -> None:
    """D6.81 (with D6.2): one carrier takes SMC inside (4 PP) and a HS outside as a rider (5 of its 8 PP) in
    one load; a second HS would make 10 PP of riders."""
    pos = riders_and_passengers(make_position, "MPh", aboard=False)
    offered = [pos.action_text(a) for a in pos.legal_actions if a.kind == "load"]
    assert "load a-hs into a-c" in offered and "load a-h into a-c" in offered  # on the page, one by one
    pos.push_text("load a-hs,a-h into a-c")
    pass_reactions(pos)
    assert pos.units["a-hs"].carrier == "a-c" and pos.units["a-h"].carrier == "a-c"
    carrier = pos.units["a-c"]
    assert mounted.role_of(pos, pos.units["a-hs"], carrier) == mounted.RIDER
    assert mounted.role_of(pos, pos.units["a-h"], carrier) == mounted.HT_PASSENGER
    more = riders_and_passengers(make_position, "MPh")
    extra = more.at(more.state.with_unit(dataclasses.replace(more.units["a-hs"], id="a-hs2", carrier=None)))
    with pytest.raises(IllegalAction, match=r"8 PP of riders, not 10"):
        extra.game.check(extra, extra.parse_action("load a-hs2 into a-c"))


def test_d6_81_riders_fire_halved_passengers_do_not(make_position: Any) -> None:
    """D6.81 with D6.22 and D6.63: the HS on the carrier fires as a rider (2 FP halved: 1), the hero inside
    as a halftrack passenger (no mounted-fire halving); they form no fire group together (D6.64)."""
    pos = riders_and_passengers(make_position, "PFPh")
    rider = mounted.halvings(pos, pos.units["a-hs"])
    assert [str(said) for said, _ in rider] == ["rider: mounted fire"]
    assert mounted.halvings(pos, pos.units["a-h"]) == []
    with pytest.raises(IllegalAction, match=r"D6\.64|fire group"):
        pos.game.check(pos, pos.parse_action("fire a-hs,a-h at E5"))
    pos.push_text("fire a-hs at E5 dice 5,6")
    res = pos.last_resolution
    assert res is not None and "2 FP x1/2 rider: mounted fire (D6.22) = 1 FP" in res.text()


def test_d6_81_d6_21_the_riders_bail_out_at_woods_the_passenger_stays(make_position: Any) -> None:
    """D6.21: entering woods (not by road) throws the carrier's riders off in the hex it left, with their NMC
    (D6.24); the hero inside rides on."""
    pos = riders_and_passengers(make_position, "MPh", hexes={"C4": {"terrain": "woods"}})
    c4 = pos.map.parse_label("C4")
    step = next((a for a in pos.legal_actions if a.kind == "move" and a.units == ("a-c",)
                 and c4 in getattr(a, "path", ())), None)
    assert step is not None  # offered on the page
    pos.push_text(pos.action_text(step))
    for _ in range(6):
        if pos.decision is None or pos.decision.then == "mc":
            break
        pass_reactions(pos)
    hs = pos.units["a-hs"]
    assert hs.carrier is None and hs.hex == pos.map.parse_label("C5") and hs.has("bailed")
    assert pos.units["a-h"].carrier == "a-c"


def combining(make_position: Any, *extra: dict[str, Any], phase: str = "RPh") -> Position:
    """A British HS and others in one Location at the start of their RPh; the scenario's 4-4-7b squad reduces
    to the 2-4-7b HS."""
    counters = {name: dict(v) for name, v in au.demo_catalogue().items()}
    counters["c"] = {"type": "vehicle", "vehicle": "demo-carrier-b"}
    units = [{"id": "a-c", "counter": "c", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "J5"},
             {"id": "a-hs", "counter": "2-4-7b", "side": "a", "hex": "C5"}, *extra]
    pos: Position = make_position("asl", units, phase, counters=counters)
    return pos


def test_d6_82_a_carrier_s_hs_combines_without_a_leader(make_position: Any) -> None:
    """D6.82 with A1.32: the crew leaving a carrier is its HS (marked so); at the start of the RPh a carrier's
    HS and a 2-4-7 HS of its side become a 4-4-7 squad with no leader present; the squad has made its RPh
    attempt."""
    left = combining(make_position, phase="MPh")
    left.push_text("move a-c C5 as abandon")
    assert left.units["a-c-crew"].has(carriers.CARRIER_HS) and left.units["a-c-crew"].type == "hs"
    was = {"id": "a-cc", "counter": "2-4-7b", "side": "a", "hex": "C5", "markers": [carriers.CARRIER_HS]}
    lmg = {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C5", "carrier": "a-hs"}
    pos = combining(make_position, was, lmg)
    offered = [pos.action_text(a) for a in pos.legal_actions if a.kind == "activate"]
    assert "activate a-cc,a-hs for combine" in offered
    pos.push_text("activate a-cc,a-hs for combine")
    squad = pos.units["a-cc"]
    assert squad.type == "squad" and squad.name == "4-4-7b" and "a-hs" not in pos.units
    assert squad.has("rally_tried") and pos.units["a-lmg"].carrier == "a-cc"


def test_a1_32_two_ordinary_hs_need_a_good_order_leader(make_position: Any) -> None:
    """A1.32: without a carrier's HS, a Good Order friendly leader in the Location combines them (his RPh
    action); two HS of different values never do."""
    hs2 = {"id": "a-hs2", "counter": "2-4-7b", "side": "a", "hex": "C5"}
    pos = combining(make_position, hs2)
    with pytest.raises(IllegalAction, match=r"leader"):
        pos.game.check(pos, pos.parse_action("activate a-hs,a-hs2 for combine"))
    led = combining(make_position, hs2, {"id": "a-ldr", "counter": "8-0", "side": "a", "hex": "C5"})
    led.push_text("activate a-hs,a-hs2 for combine")
    assert led.units["a-hs"].name == "4-4-7b" and led.units["a-ldr"].has("rally_tried")
    odd = combining(make_position, {"id": "a-hs3", "counter": "3-4-8b", "side": "a", "hex": "C5",
                                    "markers": [carriers.CARRIER_HS]})
    with pytest.raises(IllegalAction, match=r"same values"):
        odd.game.check(odd, odd.parse_action("activate a-hs,a-hs3 for combine"))


def test_d6_82_the_combined_squad_deploys_to_board_without_ntc_or_leader(make_position: Any) -> None:
    """D6.82: the squad a carrier's HS combined into deploys, in its MPh in the carrier's Location, into two
    carrier HS with no NTC and no leader; one re-enters the carrier as its crew (D5.42)."""
    was = {"id": "a-cc", "counter": "2-4-7b", "side": "a", "hex": "C5", "markers": [carriers.CARRIER_HS]}
    pos = combining(make_position, was)
    pos.push_text("activate a-cc,a-hs for combine")
    squad = pos.units["a-cc"]
    assert squad.has(carriers.CARRIER_SQUAD)
    later = make_position("asl", [
        {"id": "a-c", "counter": "c", "side": "a", "hex": "C5", "markers": ["vca0", "abandoned"]},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "J5"},
        {"id": "a-cc", "counter": "4-4-7b", "side": "a", "hex": "C5", "markers": [carriers.CARRIER_SQUAD]},
        {"id": "a-sq", "counter": "4-4-7b", "side": "a", "hex": "C5"}], "MPh",
        counters={**{n: dict(v) for n, v in au.demo_catalogue().items()},
                  "c": {"type": "vehicle", "vehicle": "demo-carrier-b"}})
    offered = [later.action_text(a) for a in later.legal_actions if a.kind == "activate"]
    assert "activate a-cc for deploy" in offered and "activate a-sq for deploy" not in offered
    later.push_text("activate a-cc for deploy")
    one, two = later.units["a-cc"], later.units["a-cc/2"]
    assert one.name == two.name == "2-4-7b" and one.has(carriers.CARRIER_HS)
    later.push_text("load a-cc into a-c")  # D5.42: the carrier's crew again
    pass_reactions(later)
    assert "a-cc" not in later.units and not later.units["a-c"].has("abandoned")


def test_a26_213_a_carrier_s_inherent_hs_scores_2(make_position: Any) -> None:
    """A26.213 with D6.82: the HS that was a carrier's inherent crew is worth 2 VP (an ordinary HS 1,
    A26.211), eliminated or exited; combined with another HS it is a squad (2)."""
    from hexmate.rules.games.asl import victory

    left = combining(make_position, phase="MPh")
    left.push_text("move a-c C5 as abandon")
    crew_hs = left.units["a-c-crew"]
    assert crew_hs.has(carriers.INHERENT_HS)
    assert victory.unit_vp(crew_hs) == 2 and victory.exit_value(crew_hs) == 2
    assert victory.unit_vp(left.units["a-hs"]) == 1
    assert victory.exit_value(crew_hs.mark("broken")) == 0  # A26.23: broken, none
    gone = left.at(left.state.without_unit("a-c-crew"))
    later = gone.at(victory.after_play(left.game, left, gone.state))  # the ledger takes its VP then (A26.22)
    assert victory.cvp(later, "b") == 2
    was = {"id": "a-cc", "counter": "2-4-7b", "side": "a", "hex": "C5",
           "markers": [carriers.CARRIER_HS, carriers.INHERENT_HS]}
    pos = combining(make_position, was)
    pos.push_text("activate a-cc,a-hs for combine")
    squad = pos.units["a-cc"]
    assert not squad.has(carriers.INHERENT_HS) and victory.unit_vp(squad) == 2
