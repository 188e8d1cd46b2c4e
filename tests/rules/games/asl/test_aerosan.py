"""Aerosans (D17, aerosan.py) moving at the table: D17.2's snow and its own Movement Chart, D17.21's
prohibitions, D17.22's Accident dr, D17.24 (no bog), D17.25's turns (the D17.27 example's 5 MP) and D17.5's
CC DRM. The aerosan is a test catalogue entry (demo values: 20 MP, thin armor); the costs are D17.2's own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import vfire
from hexmate.rules.games.asl.vehicles import CatalogueError, parse_vehicle

from .test_armour import COUNTERS

SLED = {"name": "Demo aerosan (Russian, demo values)", "nationality": "russian", "manufacturer": "r",
        "movement": "aerosan", "mp": 20, "ground_pressure": "low",
        "armor": {"hull_front": 0, "hull_side": 0}, "open_topped": True, "size": 1,
        "mg": {"aamg": 4}, "cs": 5, "demo": True, "notes": "demo values"}
ROAD = {f"F{i}": {"road": ["N", "S"] if 1 < i < 8 else (["S"] if i == 1 else ["N"])} for i in range(1, 9)}


def catalogue(tmp_path: Path) -> str:
    src = Path(__file__).parents[4] / "rules" / "games" / "asl" / "catalogues" / "demo-vehicles.json"
    data = json.loads(src.read_text(encoding="utf-8"))
    data["vehicles"]["demo-aerosan"] = SLED
    path = tmp_path / "cat.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def make(make_position: Any, tmp_path: Path, at: str = "C5", vca: int = 0, *, snow: str | None = "snow",
         hexes: dict[str, Any] | None = None, extra: list[dict[str, Any]] | None = None,
         markers: tuple[str, ...] = ()) -> Any:
    counters = {**COUNTERS, "sled": {"type": "vehicle", "vehicle": "demo-aerosan",
                                     "catalogue": catalogue(tmp_path)}}
    units = [{"id": "a-as", "counter": "sled", "side": "a", "hex": at, "markers": [f"vca{vca}", *markers]},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "A1"}, *(extra or [])]
    options = {"ground_snow": snow} if snow else {}
    return make_position("asl", units, "MPh", counters=counters, options=options, hexes=hexes)


def cost(pos: Any, path: str) -> Any:
    move = pos.game.check(pos, act.Move(("a-as",), tuple(pos.map.parse_label(h) for h in path.split("-"))))
    return move.cost


def test_d17_2_only_in_snow(make_position: Any, tmp_path: Path) -> None:
    """D17.2: without snow or deep snow on the ground an aerosan does not move."""
    pos = make(make_position, tmp_path, snow=None)
    with pytest.raises(IllegalAction, match="snow") as err:
        pos.push_text("move a-as C5-D5")
    assert "D17.2" in str(err.value)


def test_d17_2_open_ground_one_mp_and_no_snow_extra(make_position: Any, tmp_path: Path) -> None:
    """D17.2: open ground 1 MP, no extra MP for snow (the chart's * note): start 1 + 1 + 1 = 3."""
    pos = make(make_position, tmp_path)
    assert cost(pos, "C5-D5-E5") == 3


def test_d17_27_example_two_hexspines_in_place_cost_five(make_position: Any, tmp_path: Path) -> None:
    """D17.25, D17.27 example: a stopped aerosan turning two hexspines before it enters: start, turn, stop,
    start, turn = 5 MP; the hex entered after it 1 more: 6 (C5 facing D5/D4, into B4: two hexspines)."""
    pos = make(make_position, tmp_path)
    assert cost(pos, "C5-B4") == 6


def test_d17_2_terrain_chart(make_position: Any, tmp_path: Path) -> None:
    """D17.2: an orchard 3 MP (and the Accident dr, D17.22); woods, buildings and gullies are not on its chart
    (D17.21 names gullies)."""
    hexes = {"D5": {"terrain": "orchard"}, "D4": {"terrain": "woods"}, "E5": {"terrain": "gully"}}
    pos = make(make_position, tmp_path, hexes=hexes)
    assert cost(pos, "C5-D5") == 4  # start 1 + orchard 3
    for path in ("C5-D4", "C5-D5-E5"):
        with pytest.raises(IllegalAction):
            cost(pos, path)


def test_d17_2_road_into_woods_two_mp_and_an_accident(make_position: Any, tmp_path: Path) -> None:
    """D17.2, D17.22: a woods-road hexside 2 MP; entering by it for 3 MP or less calls for the Accident dr; a
    6 immobilizes the aerosan and ends its move."""
    hexes = {**ROAD, "F5": {"terrain": "woods", "road": ["N", "S"]}}
    pos = make(make_position, tmp_path, at="F6", vca=1, hexes=hexes)
    assert cost(pos, "F6-F5") == 3  # start 1 + woods-road 2
    pos.push_text("move a-as F6-F5-F4")
    top = pos.decision
    assert top is not None and top.then == "vaerosan" and top.dice == "dr" and top.rule == "D17.22"
    pos.push_text("answer dice 6")
    sled = pos.units["a-as"]
    assert sled.has("immobilized") and pos.map.label(sled.hex) == "F5"


def test_d17_22_a_dr_below_six_goes_on(make_position: Any, tmp_path: Path) -> None:
    """D17.22: only a 6 fails."""
    hexes = {"D5": {"terrain": "orchard"}}
    pos = make(make_position, tmp_path, hexes=hexes)
    pos.push_text("move a-as C5-D5-E5")
    assert pos.decision.then == "vaerosan"
    pos.push_text("answer dice 5")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert not pos.units["a-as"].has("immobilized")


def test_d17_21_no_reverse_no_bypass(make_position: Any, tmp_path: Path) -> None:
    """D17.21: no reverse (its catalogue rev must be 0), no bypass."""
    pos = make(make_position, tmp_path)
    with pytest.raises(IllegalAction, match="no reverse rate"):
        pos.push_text("move a-as C5-D5 as reverse")
    with pytest.raises(IllegalAction, match=r"D17\.21"):
        pos.push_text("move a-as C5-D5-E5 as bypass")
    with pytest.raises(CatalogueError, match=r"D17\.21"):
        parse_vehicle("test", "sled", {**SLED, "rev": 4})


def test_d17_24_no_bog_in_deep_snow(make_position: Any, tmp_path: Path) -> None:
    """D17.24: in deep snow (D8.23 would call for a bog DR) the aerosan takes none."""
    pos = make(make_position, tmp_path, snow="deep")
    pos.push_text("move a-as C5-D5-E5")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.decision is None or pos.decision.then not in ("vbog", "vmud", "vmud_dr")


def test_d17_5_cc_against_an_aerosan_minus_one(make_position: Any, tmp_path: Path) -> None:
    """D17.5: -1 on CC against an aerosan."""
    pos = make(make_position, tmp_path, extra=[{"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "C5"}])
    _, _, lines = vfire.cc_vehicle(pos, pos.units["a-as"], ("b-2",), moving=False)
    assert ("aerosan", "-1", "D17.5") in [(str(x.label), str(x.value), x.rule) for x in lines]


def test_d17_2_a_malformed_ground_snow_is_a_clear_error(make_position: Any, tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"options\.ground_snow"):
        make(make_position, tmp_path, snow="slush")


def test_d17_the_page_offers_its_chart_and_turn_costs(make_position: Any, tmp_path: Path) -> None:
    """What the page lights for the aerosan: no woods hex (D17.2); B4 at 6 MP (D17.27 example's 5 + 1)."""
    pos = make(make_position, tmp_path, hexes={"D4": {"terrain": "woods"}})
    offers = pos.game.moves_for(pos, frozenset({"a-as"}))
    assert pos.map.parse_label("D4") not in offers
    assert offers[pos.map.parse_label("B4")].cost == 6
    assert offers[pos.map.parse_label("D5")].cost == 2


def test_d17_25_example_the_nkl26s_overrun() -> None:
    """D17.25 example: the NKL-26 overruns V6 with 8 FP (the AFV's base 2 + its AAMG's 4 x 3/2); its MP: start
    1, a hexspine 1, Y7 1, a hexspine 1, X6 1 + 1, W6 1 + 1, then V6's COT 1 + the OVR's 8 + a hexspine 1 =
    18; the footnote's route without the wire: start-turn-stop-start-turn 5 MP, Y7 and W7 1 each: 7."""
    from hexmate.rules.games.asl import aerosan
    from hexmate.rules.games.asl import vmove as vm

    sled = parse_vehicle("test", "nkl26", SLED)
    assert sled.ovr_fp(ma_working=False) == 8
    turn = aerosan.turn_mp(1)
    assert vm.START_MP + turn + (1 + turn) * 3 + (1 + 8 + turn) == 18
    assert vm.START_MP + aerosan.turn_mp(2) + 1 + 1 == 7


# --- D17.22: what a failed Accident dr does, the 4 MP that spare it, wire ---
OPEN_SLED = {**SLED, "name": "Demo unarmored aerosan (Russian, demo values)", "armor": None,
             "open_topped": False, "passengers": 10}
SW = {"XSW": {"type": "sw", "sw": "ft", "fp": 12, "range": 1, "x": 10, "pp": 1},
      "LMG": {"type": "sw", "sw": "mg", "fp": 2, "range": 6, "breakdown": 12, "pp": 1}}


def loaded(make_position: Any, tmp_path: Path, sled: dict[str, Any], hexes: dict[str, Any]) -> Any:
    """A aerosan in C5 (VCA to D5) with a squad inside carrying an LMG and an X# SW."""
    src = Path(catalogue(tmp_path))
    data = json.loads(src.read_text(encoding="utf-8"))
    data["vehicles"]["demo-aerosan"] = sled
    src.write_text(json.dumps(data), encoding="utf-8")
    sled_counter = {"type": "vehicle", "vehicle": "demo-aerosan", "catalogue": str(src)}
    counters = {**COUNTERS, **SW, "sled": sled_counter}
    units = [{"id": "a-as", "counter": "sled", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-as"},
             {"id": "a-x", "counter": "XSW", "side": "a", "hex": "C5", "carrier": "a-sq"},
             {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C5", "carrier": "a-sq"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "A1"}]
    return make_position("asl", units, "MPh", counters=counters, options={"ground_snow": "snow"}, hexes=hexes)


def asked(pos: Any, answers: dict[tuple[str, str], str]) -> list[tuple[str, str]]:
    """Answer every decision (reactions passed, facing kept), the rolls from ``answers`` by (then, unit)."""
    seen = []
    while pos.decision is not None:
        top = pos.decision
        if top.kind == "react":
            pos.push_text("answer pass")
            continue
        if top.kind == "roll":
            key = (top.then, top.subject[0])
            seen.append(key)
            pos.push_text(f"answer dice {answers[key]}")
            continue
        pos.push_text("answer keep")
    return seen


def test_d17_22_a_6_checks_the_unprotected_crew_passengers_and_their_sw(make_position: Any,
                                                                        tmp_path: Path) -> None:
    """D17.22 with D5.311 and D6.24: the unarmored aerosan fails its Accident dr in the orchard D5: it is
    immobilized; its crew and its passenger squad take a NMC (crew 7 passes on 7, squad 7 fails on 8: broken);
    each SW the squad carries takes D6.24's dr: the LMG on a 4 malfunctions, the X# SW on a 5 is
    eliminated."""
    pos = loaded(make_position, tmp_path, OPEN_SLED, {"D5": {"terrain": "orchard"}})
    pos.push_text("move a-as C5-D5-E5")
    seen = asked(pos, {("vaerosan", "a-as"): "6", ("vcrew_check", "a-as"): "3,4", ("mc", "a-sq"): "4,4",
                       ("vaerosan_sw", "a-lmg"): "4", ("vaerosan_sw", "a-x"): "5"})
    assert seen[0] == ("vaerosan", "a-as")
    assert set(seen[1:]) == {("vcrew_check", "a-as"), ("mc", "a-sq"), ("vaerosan_sw", "a-lmg"),
                             ("vaerosan_sw", "a-x")}
    sled = pos.units["a-as"]
    assert sled.has("immobilized") and pos.label(sled.hex) == "D5" and not sled.has("abandoned")
    assert pos.units["a-sq"].has("broken") and pos.units["a-lmg"].has("malfunctioned")
    assert "a-x" not in pos.units


def test_d17_22_d6_24_a_sw_dr_of_3_or_less_does_nothing(make_position: Any, tmp_path: Path) -> None:
    """D6.24: 1-3 no effect; and an armored aerosan's crew and passengers are protected: no NMC."""
    pos = loaded(make_position, tmp_path, {**SLED, "passengers": 10}, {"D5": {"terrain": "orchard"}})
    pos.push_text("move a-as C5-D5-E5")
    seen = asked(pos, {("vaerosan", "a-as"): "6", ("vaerosan_sw", "a-lmg"): "3", ("vaerosan_sw", "a-x"): "1"})
    assert sorted(seen) == [("vaerosan", "a-as"), ("vaerosan_sw", "a-lmg"), ("vaerosan_sw", "a-x")]
    assert not pos.units["a-lmg"].has("malfunctioned") and "a-x" in pos.units
    assert not pos.units["a-sq"].has("broken")


def test_d17_22_four_mp_across_the_woods_road_spare_the_accident(make_position: Any, tmp_path: Path) -> None:
    """D17.22 and D17.2's dagger note: a woods-road hexside crossed for 4 MP (not the chart's 2) calls for no
    Accident dr: start 1 + 4 = 5 MP to F5, and on to F4 (1 more) without a dr."""
    hexes = {**ROAD, "F5": {"terrain": "woods", "road": ["N", "S"]}}
    pos = make(make_position, tmp_path, at="F6", vca=1, hexes=hexes)
    assert pos.game.check(pos, pos.parse_action("move a-as F6-F5 as slow")).cost == 5
    pos.push_text("move a-as F6-F5-F4 as slow")
    seen = asked(pos, {})
    assert seen == [] and pos.label(pos.units["a-as"].hex) == "F4"
    assert not pos.units["a-as"].has("immobilized")


def test_d17_22_slow_only_for_an_aerosan_on_a_woods_road(make_position: Any, tmp_path: Path) -> None:
    pos = make(make_position, tmp_path, extra=[{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C3",
                                                "markers": ["vca0"]}])
    with pytest.raises(IllegalAction, match=r"no woods-, orchard- or plowed-road"):
        pos.game.check(pos, pos.parse_action("move a-as C5-D5 as slow"))
    with pytest.raises(IllegalAction, match=r"only an aerosan"):
        pos.game.check(pos, pos.parse_action("move a-pz C3-D3 as slow"))


def test_d17_22_wire_fails_the_accident_without_a_roll(make_position: Any, tmp_path: Path) -> None:
    """D17.22: entering a hex with wire is an automatic failure: immobilized there, no dr asked."""
    pos = make(make_position, tmp_path, hexes={"D5": {"features": ["wire"]}})
    pos.push_text("move a-as C5-D5-E5")
    seen = asked(pos, {})
    assert ("vaerosan", "a-as") not in seen
    sled = pos.units["a-as"]
    assert sled.has("immobilized") and pos.label(sled.hex) == "D5"


# --- D17.3: riders beside passengers ---
HS = {"2-3-7": {"type": "hs", "fp": 2, "range": 3, "morale": 7, "broken_morale": 8}}


def boarding(make_position: Any, tmp_path: Path, *units: dict[str, Any], at: str = "C5", vca: int = 0,
             hexes: dict[str, Any] | None = None) -> Any:
    """The unarmored aerosan (10 PP of passengers) in C5 and infantry beside it."""
    src = Path(catalogue(tmp_path))
    data = json.loads(src.read_text(encoding="utf-8"))
    data["vehicles"]["demo-aerosan"] = OPEN_SLED
    src.write_text(json.dumps(data), encoding="utf-8")
    sled = {"type": "vehicle", "vehicle": "demo-aerosan", "catalogue": str(src)}
    counters = {**COUNTERS, **HS, "sled": sled}
    base = [{"id": "a-as", "counter": "sled", "side": "a", "hex": at, "markers": [f"vca{vca}"]},
            {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "A1"}]
    return make_position("asl", [*base, *units], "MPh", counters=counters, options={"ground_snow": "snow"},
                         hexes=hexes or {"D5": {"terrain": "orchard"}})


def test_d17_3_riders_beside_its_passengers(make_position: Any, tmp_path: Path) -> None:
    """D17.3 with D6.1: a squad (10 PP) fills the 10 PP inside; a HS (5 PP) then rides outside (7 PP of
    riders); a second HS (10 PP of riders) fits nowhere."""
    from hexmate.rules.games.asl import mounted

    units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"},
             {"id": "a-hs", "counter": "2-3-7", "side": "a", "hex": "C5"},
             {"id": "a-hs2", "counter": "2-3-7", "side": "a", "hex": "C5"}]
    pos = boarding(make_position, tmp_path, *units)
    pos.push_text("load a-sq into a-as")
    pass_all(pos)
    pos.push_text("load a-hs into a-as")
    pass_all(pos)
    sled = pos.units["a-as"]
    assert pos.units["a-sq"].carrier == "a-as" and not pos.units["a-sq"].has("rider")
    assert pos.units["a-hs"].carrier == "a-as" and pos.units["a-hs"].has("rider")
    assert mounted.role(sled, pos.units["a-hs"]) == mounted.RIDER
    assert mounted.role(sled, pos.units["a-sq"]) == mounted.PASSENGER
    with pytest.raises(IllegalAction, match=r"D17\.3"):
        pos.push_text("load a-hs2 into a-as")


def test_d17_3_the_owner_chooses_when_both_have_room(make_position: Any, tmp_path: Path) -> None:
    """D17.3: a HS (5 PP) fits inside (10) and outside (7): the page asks; outside makes it a rider."""
    pos = boarding(make_position, tmp_path, {"id": "a-hs", "counter": "2-3-7", "side": "a", "hex": "C5"})
    pos.push_text("load a-hs into a-as")
    pass_all(pos)  # the enemy's window at the loading MF (D5.43) comes first
    top = pos.decision
    assert top is not None and top.then == "vaerosan_seat" and top.choices == ("inside", "outside")
    pos.push_text("answer outside")
    assert pos.units["a-hs"].has("rider")


def test_d17_22_d17_3_the_accident_bails_riders_out_and_checks_the_passengers(make_position: Any,
                                                                              tmp_path: Path) -> None:
    """D17.22: into F5 by its woods road (riders may stay on across a road hexside, D6.21); on the 6 the rider
    HS bails out beneath the aerosan in F5 (D6.24: a NMC), the passenger squad and the crew take their NMC as
    unprotected; the squad stays aboard."""
    units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "F6", "carrier": "a-as"},
             {"id": "a-hs", "counter": "2-3-7", "side": "a", "hex": "F6", "carrier": "a-as",
              "markers": ["rider"]}]
    hexes = {**ROAD, "F5": {"terrain": "woods", "road": ["N", "S"]}}
    pos = boarding(make_position, tmp_path, *units, at="F6", vca=1, hexes=hexes)
    pos.push_text("move a-as F6-F5-F4")
    seen = asked(pos, {("vaerosan", "a-as"): "6", ("vcrew_check", "a-as"): "2,2", ("mc", "a-sq"): "2,2",
                       ("mc", "a-hs"): "2,2"})
    assert set(seen) == {("vaerosan", "a-as"), ("vcrew_check", "a-as"), ("mc", "a-sq"), ("mc", "a-hs")}
    hs, sq = pos.units["a-hs"], pos.units["a-sq"]
    assert hs.carrier is None and pos.label(hs.hex) == "F5" and not hs.has("rider")
    assert sq.carrier == "a-as"


def pass_all(pos: Any) -> None:
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def test_d17_3_d6_21_riders_get_off_before_an_orchard_passengers_ride_on(make_position: Any,
                                                                           tmp_path: Path) -> None:
    """D6.21 for D17.3's riders: into the orchard D5 (not by road) the rider HS bails out in C5, the hex it
    left; the passenger squad inside rides on to D5."""
    units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-as"},
             {"id": "a-hs", "counter": "2-3-7", "side": "a", "hex": "C5", "carrier": "a-as",
              "markers": ["rider"]}]
    pos = boarding(make_position, tmp_path, *units)
    pos.push_text("move a-as C5-D5")
    asked(pos, {("vaerosan", "a-as"): "1", ("mc", "a-hs"): "2,2"})
    hs, sq = pos.units["a-hs"], pos.units["a-sq"]
    assert hs.carrier is None and pos.label(hs.hex) == "C5" and hs.has("bailed")
    assert sq.carrier == "a-as" and pos.label(sq.hex) == "D5"


def test_d17_3_a_rider_unloaded_is_no_rider_any_more(make_position: Any, tmp_path: Path) -> None:
    """D6.5: riders and passengers get off together beneath it; the rider marker goes with the ride."""
    units = [{"id": "a-hs", "counter": "2-3-7", "side": "a", "hex": "C5", "carrier": "a-as",
              "markers": ["rider"]}]
    pos = boarding(make_position, tmp_path, *units)
    pos.push_text("unload a-as")
    pass_all(pos)
    hs = pos.units["a-hs"]
    assert hs.carrier is None and not hs.has("rider")


def test_d17_2_a_plowed_road_costs_2_mp_and_an_accident_dr(make_position: Any, tmp_path: Path) -> None:
    """D17.2 (its ** note and the plowed-road row), D17.22: with the scenario's roads plowed, F6 to F5 along
    the road in the open costs 2 MP (start 1 + 2 = 3) and asks the Accident dr; unplowed it is open ground
    (1 MP, no dr); ``as slow`` pays 4 MP instead and asks none."""
    pos = make(make_position, tmp_path, at="F6", vca=1, hexes=ROAD)
    assert cost(pos, "F6-F5") == 2
    counters = {**COUNTERS, "sled": {"type": "vehicle", "vehicle": "demo-aerosan",
                                     "catalogue": catalogue(tmp_path)}}
    units = [{"id": "a-as", "counter": "sled", "side": "a", "hex": "F6", "markers": ["vca1"]},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "A1"}]
    plowed = make_position("asl", units, "MPh", counters=counters, hexes=ROAD,
                           options={"ground_snow": "snow", "plowed_roads": True})
    assert cost(plowed, "F6-F5") == 3
    assert plowed.game.check(plowed, plowed.parse_action("move a-as F6-F5 as slow")).cost == 5
    plowed.push_text("move a-as F6-F5")
    top = plowed.decision
    assert top is not None and top.then == "vaerosan"
    with pytest.raises(DataError, match=r"options\.plowed_roads"):
        make_position("asl", units, "MPh", counters=counters, options={"ground_snow": "snow",
                                                                       "plowed_roads": "yes"})


def test_d17_25_outside_its_mph_an_aerosan_in_motion_turns_one_hexspine(make_position: Any,
                                                                          tmp_path: Path) -> None:
    """D17.25 with D2.401: a Russian aerosan (VCA 3) whose Motion attempt succeeds in the German MPh turns one
    hexspine, no more: it may face its two VCA hexes or the hex beside them on either side (4 of the 6
    neighbours, plus its own hex to keep its VCA); the two rear hexes, two or three hexspines away, are not
    offered and are refused. A tank in its place may face any neighbour (D2.401: freely)."""
    from hexmate.rules.games.asl import facing as fc

    from .test_vmotion import HIDDEN

    counters = {**COUNTERS, "sled": {"type": "vehicle", "vehicle": "demo-aerosan",
                                     "catalogue": catalogue(tmp_path)}}

    def motion(counter: str) -> Any:
        units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"},
                 {"id": "b-as", "counter": counter, "side": "b", "hex": "J5", "markers": ["vca3"]}]
        pos = make_position("asl", units, "MPh", counters=counters, options={"ground_snow": "snow"},
                            hexes=HIDDEN)
        pos.push_text("move a-sq C3-D3")
        pos.push_text("answer motion-b-as")
        pos.push_text("answer dice 1")  # 1 MF spent in its LOS: the dr of 1 succeeds (D2.401)
        return pos

    pos = motion("sled")
    top = pos.decision
    assert top is not None and top.then == "vmotion_face" and "D17.25" in top.prompt
    j5 = pos.map.parse_label("J5")
    rear = set(fc.front_hexes(j5, 0))  # the VCA hexes of the opposite facing
    assert set(pos.map.neighbors(j5)) - set(top.hexes) == rear and j5 in top.hexes
    behind = sorted(pos.label(h) for h in rear)[0]
    with pytest.raises(IllegalAction):
        pos.push_text(f"answer hex {behind}")
    side = next(h for h in top.hexes if h != j5 and h not in fc.front_hexes(j5, 3))
    pos.push_text(f"answer hex {pos.label(side)}")
    assert fc.turns(3, pos.units["b-as"].facing) == 1
    tank = motion("t")
    top = tank.decision
    assert top is not None and set(tank.map.neighbors(j5)) <= set(top.hexes)


def test_d17_21_a_woods_road_is_left_only_by_its_road_hexside(make_position: Any, tmp_path: Path) -> None:
    """D17.21: an aerosan on a woods-road (F5, woods with a N-S road) leaves by the road hexside into F4
    (start 1 + open ground 1, the unplowed road being open ground by the chart's ** note), never through a
    woods hexside that is not the road's, though the hex beyond is open ground."""
    from hexmate.rules.games.asl import facing as fc

    hexes = {**ROAD, "F5": {"terrain": "woods", "road": ["N", "S"]}}
    pos = make(make_position, tmp_path, at="F5", vca=1, hexes=hexes)
    assert cost(pos, "F5-F4") == 2
    f5, f4 = pos.map.parse_label("F5"), pos.map.parse_label("F4")
    off_road = next(h for h in fc.front_hexes(f5, 1) if h != f4)
    assert pos.map.terrain(off_road) == "open"
    with pytest.raises(IllegalAction):
        cost(pos, f"F5-{pos.label(off_road)}")


def test_d17_26_towing_costs_two_more_mp_a_hex(make_position: Any, tmp_path: Path) -> None:
    """D17.26: an aerosan towing a Gun pays +2 MP for each hex it enters, not the +1 of other vehicles (C10.1,
    the demo pack's value): open ground in snow, start 1 + (1 + 2) + (1 + 2) = 7 against 3 without the Gun."""
    free = make(make_position, tmp_path)
    towing = make(make_position, tmp_path, markers=("towing",))
    assert (cost(free, "C5-D5-E5"), cost(towing, "C5-D5-E5")) == (3, 7)
