"""A DC placed in the MPh and detonated in the AFPh (A23.3, A23.4, A23.1) in play.

The A23.3 example (T16) on an analogue board: the 5-4-8 starts in C3 (for 1Y7), moves into Open Ground C2 (for
Y6, 1 MF), and spends 2 more MF there to place its DC into the stone building C1 (for X5, ground level), which
holds a 5-2-7. b-2, a 4-6-7 in C6, sees C2 and may Defensive First Fire at the placer. Counters from the demo
catalogue, the IFT from the demo pack (demo values; the 30 and 12 columns at the example's DRs are those the
example infers: NMC at a final 13 on 30 FP is the breach's, no effect at 13 on the 12 column)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import mphsw, placedc
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
HEXES = {"C1": "stone-building"}


def _t16(make_position: Any, *, concealed: bool = False, cx: bool = False, dfer: bool = True) -> Any:
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "b-1", "counter": "5-2-7", "side": "b", "hex": "C1"}]
    if dfer:
        units.append({"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C6"})
    if concealed:
        units[2]["concealed"] = True
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes=HEXES)
    pos.push_text("move a-1 C3-C2 as cx" if cx else "move a-1 C3-C2")
    _passes(pos)
    return pos


def _passes(pos: Any) -> None:
    """The First Fire window passed; a placed DC's counter then put in its target hex (A23.3)."""
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    if pos.decision is not None and pos.decision.then == "dcp_lay":
        pos.push_text(f"answer hex {pos.label(pos.decision.target)}")


def _to_afph(pos: Any) -> None:
    while pos.phase.id != "AFPh":
        pos.push_text("end" if pos.decision is None else "answer pass")


def test_t16_a23_3_placed_for_2_mf_in_y6_then_30_fp_at_3_in_the_afph(make_position: Any) -> None:
    """T16 (A23.3 example) items 1 and 3: the 5-4-8 spends 2 more MF in C2 (Y6) to place its DC in the
    stone building C1 (X5); not pinned, broken or eliminated by Defensive First Fire, it has placed it and
    has 1 MF left (4 - 1 - 2). In the AFPh the DC attacks the 5-2-7 with 30 FP at +3 (stone building TEM):
    Original DR 9, final 12 on the 30 column: NMC (demo IFT)."""
    pos = _t16(make_position)
    pos.push_text("fire a-dc at C1")
    top = pos.decision
    assert (top.kind, top.side, top.then, top.subject) == ("react", "b", "dcp_window", ("a-1",))
    assert "spends 2 MF in C2 to place a DC in C1" in top.prompt
    pos.push_text("answer pass")
    top = pos.decision  # placed: its counter goes into C1 by hand (the board reads it there)
    c1 = pos.units["b-1"].hex
    assert (top.kind, top.then, top.subject, top.hexes) == ("hexes", "dcp_lay", ("a-dc",), (c1,))
    assert "has placed a-dc in C1: put its counter there (A23.3)" in top.prompt
    pos.push_text("answer hex C1")
    dc = pos.units["a-dc"]
    assert pos.label(dc.hex) == "C1" and dc.carrier is None and dc.has("placed_dc")
    assert mphsw.mf_left(pos.units["a-1"]) == 1  # 4 MF - 1 into Y6 - 2 to place
    pos.push_text("move a-1 C2-C3")  # it may go on with the 1 MF left (A23.3 example)
    with pytest.raises(IllegalAction):
        pos.push_text("move a-1 C3-C4")  # and no more
    _to_afph(pos)
    top = pos.decision
    assert (top.then, top.rule, top.subject) == ("dcp_blast", "A23.4", ("a-dc",))
    pos.push_text("answer dice 5,4")
    text = pos.last_resolution.text()
    assert "target terrain: +3 (A23.1)" in text and "CX" not in text
    assert "30 FP -> 30 column, final DR 12 -> NMC" in text
    assert pos.last_resolution.results == {"b-1": "NMC"}
    assert "a-dc" not in pos.units  # A23.4: removed from play


def test_t16_a23_4_cx_placer_adds_1_and_concealed_target_is_area_fire(make_position: Any) -> None:
    """T16 items 4, 5 and 7: placed by a CX 5-4-8 at a concealed 5-2-7: 15 FP, the 12 column, +3 TEM +1 CX;
    the example's Original DR 9 then gives final 13: no effect on the 12 column (demo IFT)."""
    pos = _t16(make_position, concealed=True, cx=True, dfer=False)
    assert pos.units["a-1"].has("cx")
    pos.push_text("fire a-dc at C1")
    _passes(pos)
    assert pos.units["a-dc"].has("placed_dc_hidden") and pos.units["a-dc"].has("placed_dc_cx")
    _to_afph(pos)
    pos.push_text("answer dice 6,3")
    text = pos.last_resolution.text()
    assert "CX placer: +1 (A23.4)" in text
    assert "15 FP -> 12 column, final DR 13 -> -" in text


def test_a23_3_a_placer_pinned_by_defensive_first_fire_places_nothing(make_position: Any) -> None:
    """A23.3, A8.12: b-2's First Fire at the placer spending MF in C2 (4 FP, FFNAM -1 and FFMO -1 in Open
    Ground; Original 6 doubles, Cowering to the 2 column; final 4: 1MC, demo IFT) breaks it on a 12: the
    placement is not complete, the DC stays with it and attacks nothing in the AFPh."""
    pos = _t16(make_position)
    pos.push_text("fire a-dc at C1")
    pos.push_text("fire b-2 at C2 dice 3,3")
    assert "4 FP -> 2 column, final DR 4 -> 1MC" in pos.last_resolution.text()
    while pos.decision is not None and pos.decision.kind != "react":
        pos.push_text("answer dice 6,6")  # every check failed
    assert pos.units["a-1"].has("broken")
    pos.push_text("answer pass")
    assert pos.units["a-dc"].carrier == "a-1" and not pos.units["a-dc"].has("placed_dc")
    _to_afph(pos)
    assert pos.decision is None or pos.decision.then != "dcp_blast"


def test_a23_4_an_original_12_malfunctions_the_placed_dc(make_position: Any) -> None:
    """A23.4: an Original IFT DR of 12 (an Elite placer, an uncaptured DC) removes the DC undetonated."""
    pos = _t16(make_position, dfer=False)
    pos.push_text("fire a-dc at C1")
    _passes(pos)
    _to_afph(pos)
    pos.push_text("answer dice 6,6")
    assert pos.last_resolution.results == {} and "malfunctions" in pos.last_resolution.text()
    assert "a-dc" not in pos.units and pos.units["b-1"].hex is not None


@pytest.mark.parametrize(("setup", "action", "match"), [
    ("prep", "fire a-dc at C1", r"fired in the PFPh"),
    ("", "fire a-dc at C4", r"ADJACENT"),
    ("", "fire a-dc at E1", r"ADJACENT"),
])
def test_a23_3_who_may_place_and_where(make_position: Any, setup: str, action: str, match: str) -> None:
    """A23.3: not after firing in the PFPh; only into an ADJACENT Location."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-1"},
             {"id": "b-1", "counter": "5-2-7", "side": "b", "hex": "C1"}]
    if setup:
        units[0]["markers"] = ["prep_fire"]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes=HEXES)
    with pytest.raises((IllegalAction, Exception), match=match):
        pos.push_text(action)


def test_a23_3_costs_the_mf_of_entering_the_target_directly(make_position: Any) -> None:
    """A23.3: the 5-4-8 with 1 MF left cannot place into the stone building (2 MF to enter)."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C5"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C5", "carrier": "a-1"},
             {"id": "b-1", "counter": "5-2-7", "side": "b", "hex": "C1"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes=HEXES)
    pos.push_text("move a-1 C5-C4-C3-C2")
    _passes(pos)
    with pytest.raises(IllegalAction, match=r"1 MF left; placing a DC in C1 costs 2"):
        pos.push_text("fire a-dc at C1")


def test_a23_2_a_non_elite_placer_malfunctions_the_dc_from_10(make_position: Any) -> None:
    """A23.2, A23.4: a 1st Line 4-6-7 applies the captured-SW penalty: its placed DC malfunctions on an
    Original DR of 10."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-1"},
             {"id": "b-1", "counter": "5-2-7", "side": "b", "hex": "C1"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes=HEXES)
    pos.push_text("fire a-dc at C1")
    _passes(pos)
    assert pos.units["a-dc"].has("placed_dc_ne")
    _to_afph(pos)
    pos.push_text("answer dice 5,5")
    assert "malfunctions" in pos.last_resolution.text() and "a-dc" not in pos.units


@pytest.mark.parametrize(("dice", "placed"), [("2,3", True), ("6,5", False)])
def test_a23_3_a11_6_a_paatc_before_placing_at_an_afv(make_position: Any, dice: str, placed: bool) -> None:
    """A23.3, A11.6: an enemy AFV in the target Location: the 5-4-8 (morale 8) takes a PAATC (NTC) first;
    DR 5 passes and the DC is placed; DR 11 fails: pinned, nothing placed."""
    counters = {**COUNTERS, "t": {"type": "vehicle", "vehicle": "demo-t-r"}}
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-1"},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "C1", "markers": ["vca3"]}]
    pos = make_position("asl", units, "MPh", counters=counters)
    pos.push_text("fire a-dc at C1")
    top = pos.decision
    assert (top.then, top.rule, top.subject) == ("dcp_paatc", "A23.3", ("a-1", "a-dc"))
    pos.push_text(f"answer dice {dice}")
    _passes(pos)
    assert pos.units["a-dc"].has("placed_dc") is placed
    assert pos.units["a-1"].has("pinned") is not placed


def test_a12_141_placing_a_dc_in_good_order_enemy_sight_costs_the_placers_concealment(
        make_position: Any) -> None:
    """A12.141: placing a DC is an action: a concealed placer in the LOS of the Good Order 4-6-7 in C6 (4
    hexes) loses its "?"."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2", "concealed": True},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-1"},
             {"id": "b-1", "counter": "5-2-7", "side": "b", "hex": "C1"},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C6"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes=HEXES)
    assert pos.units["a-1"].concealed
    pos.push_text("fire a-dc at C1")
    assert not pos.units["a-1"].concealed


def test_d6_1_units_aboard_a_vehicle_do_not_place_a_dc(make_position: Any) -> None:
    """D6.1: passengers use a DC only by throwing it: a squad aboard a truck cannot place one; in its MPh its
    DC named at the next hex is thrown as Bounding First Fire (D3.3, prcfire.py; A23.6's +2)."""
    counters = {**COUNTERS, "truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}
    units = [{"id": "a-tr", "counter": "truck", "side": "a", "hex": "C2"},
             {"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2", "carrier": "a-tr"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-1"},
             {"id": "b-1", "counter": "5-2-7", "side": "b", "hex": "C1"}]
    pos = make_position("asl", units, "MPh", counters=counters, hexes=HEXES)
    with pytest.raises(IllegalAction, match=r"only thrown, never placed"):
        placedc.check(pos.game, pos, pos.parse_action("fire a-dc at C1"))
    pos.push_text("fire a-dc at C1 dice 3,3")
    assert pos.last_resolution is not None and "thrown DC: +2 (A23.6)" in pos.last_resolution.text()


# --- A23.61: a DC placed into its possessor's own Location ---

JAPANESE = {**COUNTERS, "4-4-7j": {**COUNTERS["4-4-7"], "nationality": "japanese", "class": "elite"},
            "truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}


def test_a23_61_a_japanese_squad_places_its_dc_in_its_own_location_for_1_mf(make_position: Any) -> None:
    """A23.61: a Japanese unit may place a DC into its own Location, always for 1 MF. The 4-4-7 in C2 (Open
    Ground), where an enemy truck with a HS aboard stands, is asked whether it sets the DC (A23.7) or places
    it there; placed, it has 4 - 1 = 3 MF left. In the AFPh the DC attacks the
    Location: Original 8, the truck 8 below its Kill number 12 (demo pack): destroyed, the HS rolls to
    survive (D6.9); the Japanese squad, a friendly unit, is no target."""
    units = [{"id": "a-j", "counter": "4-4-7j", "side": "a", "hex": "C2"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-j"},
             {"id": "b-tr", "counter": "truck", "side": "b", "hex": "C2"},
             {"id": "b-hs", "counter": "2-2-7r", "side": "b", "hex": "C2", "carrier": "b-tr"}]
    pos = make_position("asl", units, "MPh", counters=JAPANESE)
    pos.push_text("fire a-dc at C2")
    top = pos.decision
    assert (top.then, top.rule, top.choices) == ("dcp_where", "A23.61", ("set", "h0"))
    pos.push_text("answer h0")
    _passes(pos)
    dc = pos.units["a-dc"]
    assert dc.has("placed_dc") and pos.label(dc.hex) == "C2" and dc.carrier is None
    assert mphsw.mf_left(pos.units["a-j"]) == 3
    _to_afph(pos)
    pos.push_text("answer dice 4,4")
    res = pos.last_resolution
    assert "b-tr: Final DR 8, Kill number 12: destroyed" in res.text()
    assert "a-j" not in res.results and pos.units["b-tr"].has("wreck")
    assert [d.then for d in pos.state.decisions if d.subject == ("b-hs",)] == ["vprc"]


def test_a23_61_the_japanese_may_still_set_it_instead(make_position: Any) -> None:
    """A23.61, A23.7: the same question answered "set" is the Set DC's dr."""
    units = [{"id": "a-j", "counter": "4-4-7j", "side": "a", "hex": "C2"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-j"}]
    pos = make_position("asl", units, "MPh", counters=JAPANESE)
    pos.push_text("fire a-dc at C2")
    pos.push_text("answer set")
    assert pos.decision.then == "dc_set"


def test_a23_61_others_only_at_a_vehicle_bypassing_their_location(make_position: Any) -> None:
    """A23.61: a German 5-4-8 in C2 with an enemy truck that is not bypassing: the DC named at C2 is a Set DC
    (A23.7) as before, no placement is offered."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-1"},
             {"id": "b-tr", "counter": "truck", "side": "b", "hex": "C2"}]
    pos = make_position("asl", units, "MPh", counters=JAPANESE)
    pos.push_text("fire a-dc at C2")
    assert pos.decision.then == "dc_set"


def test_a23_61_placed_at_a_truck_bypassing_the_placers_woods_location(make_position: Any) -> None:
    """A23.61: the 5-4-8 in woods C2 places its DC into its own Location at the enemy truck bypassing C2 (1
    MF: 4 - 1 = 3 left). In the AFPh: Original 11, the woods' +1 TEM: 12 against nobody else; the truck is at
    its CAFP, outside the woods (D2.36): Final 11, below its Kill number 12: destroyed."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-1"},
             {"id": "b-tr", "counter": "truck", "side": "b", "hex": "C2", "markers": ["byp0"]}]
    pos = make_position("asl", units, "MPh", counters=JAPANESE, hexes={"C2": "woods"})
    pos.push_text("fire a-dc at C2")
    assert pos.decision.choices == ("set", "h0")
    pos.push_text("answer h0")
    _passes(pos)
    assert pos.units["a-dc"].has("placed_dc") and mphsw.mf_left(pos.units["a-1"]) == 3
    _to_afph(pos)
    pos.push_text("answer dice 5,6")
    text = pos.last_resolution.text()
    assert "target terrain: +1 (A23.1)" in text
    assert "b-tr: Final DR 11, Kill number 12: destroyed" in text and "(D2.36)" in text
    assert pos.units["b-tr"].has("wreck")


def test_a23_3_the_offers_name_each_adjacent_enemy_hex_and_never_tell_a_dummy(make_position: Any) -> None:
    """A23.3: the page's offers are the placements the 5-4-8 may make now: C1 (a 5-2-7) and D2 (a "?" that is
    a dummy: offered all the same, so the list does not tell a dummy from a unit, A12); not C5 (no enemy),
    not E1 (not ADJACENT)."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-1"},
             {"id": "b-1", "counter": "5-2-7", "side": "b", "hex": "C1"},
             {"id": "b-d", "counter": "dummy", "side": "b", "hex": "D2", "concealed": True},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "E1"}]
    counters = {**COUNTERS, "dummy": {"type": "dummy"}}
    pos = make_position("asl", units, "MPh", counters=counters, hexes=HEXES)
    texts = [pos.action_text(a) for a in pos.legal_actions]
    offers = sorted(t for t in texts if t.startswith("fire a-dc"))
    assert offers == ["fire a-dc at C1", "fire a-dc at D2"]


def test_a12_14_a_placed_dc_attacks_a_dummy_and_removes_it(make_position: Any) -> None:
    """A12.14, A23.4: the DC placed in C1 (as T16) finds only a dummy there in the AFPh: 30 FP halved for a
    concealed target (15, the 12 column), +3 stone building; Original 1 + 1 = 2: final 5, a result that
    makes a unit check or die, so the dummy is removed. Before, a DC passed over dummies."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "b-d", "counter": "dummy", "side": "b", "hex": "C1", "concealed": True}]
    pos = make_position("asl", units, "MPh", counters={**COUNTERS, "dummy": {"type": "dummy"}}, hexes=HEXES)
    pos.push_text("move a-1 C3-C2")
    _passes(pos)
    pos.push_text("fire a-dc at C1")
    _passes(pos)
    _to_afph(pos)
    assert pos.decision.then == "dcp_blast"
    pos.push_text("answer dice 1,1")
    assert "15 FP -> 12 column, final DR 5" in pos.last_resolution.text()
    while pos.decision is not None and "b-d" in pos.units:
        top = pos.decision
        pos.push_text("answer dice 1,1" if top.dice else f"answer units {top.units[0]}" if top.kind == "units"
                      else "answer pass")
    assert "b-d" not in pos.units
