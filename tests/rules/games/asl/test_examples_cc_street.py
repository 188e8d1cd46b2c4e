"""The A11 comprehensive Close Combat example (p. A33), its vehicle cases played in the CCPh on an analogue of
the street of test_street.py: E3 is a road hex with buildings on both sides (D2 and F3), so a street (A11.8).
The vehicles are an analogue catalogue (test_cc_vehicle: the demo tank with the CMG FP the example states,
T-34/85 4, PzV 5), the infantry the demo catalogue; Kill Numbers from the demo CCT (1:1 -> 5 fixed by the
examples; 2:1 -> 7 demo). The ATMM check (C13.7) is chapter C, not among the texts: where the example has it
pin a squad, the test applies that pin and says so."""

from __future__ import annotations

import dataclasses
from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.games import Position
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl import vfire

from .test_cc_vehicle import _catalogue
from .test_street import HEXES

SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]


def _counters(tmp_path: Any) -> dict[str, Any]:
    cat = _catalogue(tmp_path)
    counters: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
    counters["t34"] = {"type": "vehicle", "vehicle": "t34", "catalogue": cat}
    counters["pz5"] = {"type": "vehicle", "vehicle": "pz5", "catalogue": cat}
    return counters


def _lines(pos: Position) -> set[tuple[str, str, str]]:
    res = pos.last_resolution
    assert res is not None
    return {(str(line.label), str(line.value), line.rule) for line in res.lines}


def test_a11_comprehensive_j4_i5_a_fanatic_squad_street_fights_a_ce_t34(make_position: Any,
                                                                        tmp_path: Any) -> None:
    """A11 comprehensive example, J4->I5 (here D2->E3): the fanatic German 5-4-8 advances out of its building
    into the street where a CE T-34/85 stands, with no PAATC (fanatic, A11.6). The ATMM check's Original 6
    pins it (C13.7, chapter C: applied here as the example's result), so its CCV is 4 (5 -1 pinned); the DRM
    is -2 (Street Fighting ambush -1, CE -1; A11.8, A11.61). Sequential, the Germans first (not owning the
    vehicle, A11.31). Original 12: the crew's small arms reduce the squad to a HS (A11.621). The T-34's CMG,
    4 FP, attacks the pinned HS's CCV 2 (3 -1 pinned) at 2:1 with +1 (Street Fighting, A11.8); DR 9: no
    effect.
    Pinned, the HS cannot go back to its building: it is held in Melee by the vehicle (A11.8, A11.15)."""
    units = [{"id": "b-t", "counter": "t34", "side": "b", "hex": "E3", "markers": ["vca0", "ce"]},
             {"id": "a-sq", "counter": "5-4-8", "side": "a", "hex": "D2", "markers": ["fanatic"]},
             {"id": "b-far", "counter": "4-4-7r", "side": "b", "hex": "J8"}]
    pos: Position = make_position("asl", units, "APh", counters=_counters(tmp_path), sides=SIDES, hexes=HEXES)
    pos.push_text("advance a-sq D2-E3")
    assert pos.decision is None  # fanatic: no PAATC to advance into the AFV's Location (A11.6)
    pos.push_text("end")
    assert pos.phase.id == "CCPh"
    sq = pos.units["a-sq"]  # the ATMM check's Original 6 (C13.7, chapter C): the squad is pinned
    pos = pos.at(pos.state.with_unit(dataclasses.replace(sq, markers=sq.markers | {"pinned"})))
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_group", "a")
    pos.push_text("answer units a-sq,b-t")
    top = pos.decision
    assert top is not None and top.then == "vcc" and (top.arg("ccv"), top.arg("drm")) == ("4", "-2")
    _, _, parts = vfire.cc_values(pos, act.Fire(("a-sq",), top.target), pos.units["b-t"])
    parts_seen = {(str(line.label), str(line.value), line.rule) for line in parts}
    assert {("Street Fighting ambush", "-1", "A11.8"), ("CE closed-top AFV", "-1", "A11.61"),
            ("pinned: CCV", "-1", "A11.5")} <= parts_seen
    pos.push_text("answer dice 6,6")
    assert ("CC DRM", "-2", "A11.51") in _lines(pos)
    hs = pos.units["a-sq"]
    assert hs.name == "2-4-8" and hs.has("pinned")  # A11.621: reduced by the crew's small arms
    assert not pos.units["b-t"].has("wreck")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_group", "b")
    pos.push_text("answer units b-t,a-sq")
    pos.push_text("answer dice 4,5")
    lines = _lines(pos)
    assert any("4:2, rounded down to 2:1" in value for _, value, _ in lines)
    assert ("Street Fighting ambush", "+1", "A11.8") in lines
    assert ("Final DR against a-sq", "10: -", "A11.11") in lines
    while pos.decision is not None and pos.decision.then == "cc_group":
        pos.push_text("answer done")
    hs = pos.units["a-sq"]
    assert pos.label(hs.hex) == "E3" and hs.has("melee")  # pinned: no way back to D2; held by the T-34
    assert not pos.units["b-t"].has("melee")


def test_a11_8_unpinned_street_fighters_go_back(make_position: Any, tmp_path: Any) -> None:
    """A11.8: an unpinned street fighter, once the Location's CC is over, goes back to the building it came
    from (or stays in the street, at its owner's choice); back there, it is in no Melee."""
    units = [{"id": "b-t", "counter": "t34", "side": "b", "hex": "E3", "markers": ["vca0", "ce"]},
             {"id": "a-sq", "counter": "5-4-8", "side": "a", "hex": "D2", "markers": ["fanatic"]},
             {"id": "b-far", "counter": "4-4-7r", "side": "b", "hex": "J8"}]
    pos: Position = make_position("asl", units, "APh", counters=_counters(tmp_path), sides=SIDES, hexes=HEXES)
    pos.push_text("advance a-sq D2-E3")
    pos.push_text("end")
    pos.push_text("answer units a-sq,b-t")
    top = pos.decision
    assert top is not None and (top.arg("ccv"), top.arg("drm")) == ("5", "-2")
    pos.push_text("answer dice 4,5")  # 9 - 2 = 7 > 5: no effect
    pos.push_text("answer units b-t,a-sq")  # CMG 4 against CCV 5: 4:5, 1:2 (KN 4), +1
    pos.push_text("answer dice 4,5")
    while pos.decision is not None and pos.decision.then == "cc_group":
        pos.push_text("answer done")
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("cc_street_return", "a", "A11.8")
    pos.push_text("answer return")
    sq = pos.units["a-sq"]
    assert pos.label(sq.hex) == "D2" and not sq.has("melee")


def test_a11_8_no_street_fighting_ambush_after_a_real_ambush_or_from_the_open(make_position: Any,
                                                                               tmp_path: Any) -> None:
    """A11.8: only infantry that came out of a building beside the street has the -1: a squad advancing from
    the open road hex E4 into E3 attacks the same T-34 with -1 for CE only."""
    units = [{"id": "b-t", "counter": "t34", "side": "b", "hex": "E3", "markers": ["vca0", "ce"]},
             {"id": "a-sq", "counter": "5-4-8", "side": "a", "hex": "E4", "markers": ["fanatic"]},
             {"id": "b-far", "counter": "4-4-7r", "side": "b", "hex": "J8"}]
    pos: Position = make_position("asl", units, "APh", counters=_counters(tmp_path), sides=SIDES, hexes=HEXES)
    pos.push_text("advance a-sq E4-E3")
    pos.push_text("end")
    pos.push_text("answer units a-sq,b-t")
    top = pos.decision
    assert top is not None and (top.arg("ccv"), top.arg("drm")) == ("5", "-1")


def test_a11_comprehensive_f3_f4_what_chapter_a_gives(make_position: Any, tmp_path: Any) -> None:
    """A11 comprehensive example, F3->F4 (here D2->E3), all of it that chapter A gives. The 9-2 and the
    4-6-7 advance out of their building into the street where the T-34 stands: the squad takes its PAATC with
    the 9-2's -2 (Original 8: final 6, passed, A11.6); the leader needs none, and advances once the squad's is
    known. They attack together (A11.5): CCV 6 (5, +1 for the leader), DRM -3 here: Street Fighting ambush
    -1 (A11.8), leadership -2 (A11.51). The example's -5 adds ATMM -3 (C13.7, chapter C: the squad's ATMM
    check dr, Original 3, got one; a leader rolling it would have +2) and wire +1 (chapter B: on wire they
    must stay in F4): neither chapter is among the texts. So its Original 9 is a final 6 here, equal to the
    CCV: immobilized (A11.5), where the example's final 4 destroys the T-34 (a wreck, no crew survival roll,
    D5.6). Without wire, they may go back to their building (A11.8), which the table offers."""
    units = [{"id": "b-t", "counter": "t34", "side": "b", "hex": "E3", "markers": ["vca0"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "D2"},
             {"id": "a-ldr", "counter": "9-2", "side": "a", "hex": "D2"},
             {"id": "b-far", "counter": "4-4-7r", "side": "b", "hex": "J8"}]
    pos: Position = make_position("asl", units, "APh", counters=_counters(tmp_path), sides=SIDES, hexes=HEXES)
    pos.push_text("advance a-sq,a-ldr D2-E3")
    top = pos.decision
    assert top is not None and (top.then, top.subject) == ("adv_paatc", ("a-sq",))  # the leader takes none
    pos.push_text("answer dice 4,4")  # Original 8, -2 (9-2): 6 <= 7: passed
    assert pos.label(pos.units["a-sq"].hex) == "E3" and pos.label(pos.units["a-ldr"].hex) == "E3"
    pos.push_text("end")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_group", "a")  # not owning the vehicle: first
    pos.push_text("answer units a-sq,a-ldr,b-t")
    top = pos.decision
    assert top is not None and top.then == "vcc" and (top.arg("ccv"), top.arg("drm")) == ("6", "-3")
    _, _, parts = vfire.cc_values(pos, act.Fire(("a-sq", "a-ldr"), top.target), pos.units["b-t"])
    seen = {(str(line.label), str(line.value), line.rule) for line in parts}
    assert {("Street Fighting ambush", "-1", "A11.8"), ("leadership (a-ldr)", "-2", "A11.51")} <= seen
    pos.push_text("answer dice 4,5")  # Original 9: final 6 = CCV here (4 with ATMM and wire)
    res = pos.last_resolution
    assert res is not None and res.results == {"b-t": "immobilized"}
    while pos.decision is not None and pos.decision.then == "cc_group":
        pos.push_text("answer done")
    top = pos.decision
    assert top is not None and (top.then, top.subject) == ("cc_street_return", ("a-ldr", "a-sq"))
    pos.push_text("answer return")
    assert pos.label(pos.units["a-sq"].hex) == "D2" and pos.label(pos.units["a-ldr"].hex) == "D2"


def test_a11_8_street_fighters_on_wire_stay_in_the_street(make_position: Any, tmp_path: Any) -> None:
    """A11 comprehensive example, F3->F4 (here D2->E3) with the street hex wired, as the example's F4 is:
    A11.8 keeps street fighters on wire from going back to their building, so the 9-2 and the 4-6-7 must stay
    in E3 after the CC (the example: "because of the wire they must stay in F4"); no return is offered. The
    wire's +1 CC DRM (B26, chapter B) is not applied: the same Original 9 immobilizes the T-34 here."""
    units = [{"id": "b-t", "counter": "t34", "side": "b", "hex": "E3", "markers": ["vca0"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "D2"},
             {"id": "a-ldr", "counter": "9-2", "side": "a", "hex": "D2"},
             {"id": "b-far", "counter": "4-4-7r", "side": "b", "hex": "J8"}]
    hexes = {**HEXES, "E3": {**HEXES["E3"], "features": ["wire"]}}
    pos: Position = make_position("asl", units, "APh", counters=_counters(tmp_path), sides=SIDES, hexes=hexes)
    pos.push_text("advance a-sq,a-ldr D2-E3")
    pos.push_text("answer dice 4,4")  # the squad's PAATC: Original 8, -2 (9-2): passed
    pos.push_text("end")
    pos.push_text("answer units a-sq,a-ldr,b-t")
    pos.push_text("answer dice 4,5")
    assert pos.last_resolution.results == {"b-t": "immobilized"}
    while pos.decision is not None and pos.decision.then == "cc_group":
        pos.push_text("answer done")
    assert pos.decision is None or pos.decision.then != "cc_street_return"
    assert pos.label(pos.units["a-sq"].hex) == "E3" and pos.label(pos.units["a-ldr"].hex) == "E3"
