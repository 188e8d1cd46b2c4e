"""A9.6-A9.611: an infantry SW MG's AFV Kill attack played through the game (mgafv.py), from the D.8
example's numbers (chapter D's example of A9.61): a US 7-4-7 fires its 6 FP HMG as ordnance at a moving
SPW 251/1 seen past a wreck: modified TH# 10, less +1 wreck hindrance, +2 moving target, +1 small target, = 6;
the hit keeps the ROF; basic TK# 4, Case D +1, the halftrack's front armor 1: Final TK# 4; a TK DR of 5 fails;
the exposed crew takes the Specific Collateral attack on the 6 FP column with the same 5 +2 CE DRM = 7: NMC.
Analogue: HMG at B4, wreck at E5, halftrack at F4 facing the firer (range 4, the LOS through E5)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import mgafv

from .test_vcrewhit import catalogue

COUNTERS: dict[str, Any] = {
    "7-4-7": {"type": "squad", "fp": 7, "range": 4, "morale": 7, "broken_morale": 7},
    "HMG": {"type": "sw", "sw": "mg", "nationality": "american", "fp": 6, "range": 12, "rof": 2,
            "breakdown": 12, "repair": 2, "pp": 4},
    "LMG": {"type": "sw", "sw": "mg", "nationality": "american", "fp": 2, "range": 6, "rof": 1,
            "breakdown": 11, "repair": 1, "pp": 1},
    "ht": {"type": "vehicle", "vehicle": "demo-ht-g"},
    "pz": {"type": "vehicle", "vehicle": "demo-pz-g"},
    "t": {"type": "vehicle", "vehicle": "demo-t-r"},
    "9-1": {"type": "leader", "morale": 9, "broken_morale": 8, "leadership": -1},
}


def make(make_position: Any, *extra: dict[str, Any], phase: str = "DFPh",
         ht: tuple[str, ...] = ("entered", "ce"),
         mg: str = "HMG", at: str = "B4", options: dict[str, Any] | None = None, first_side: str = "b",
         pinned: bool = False, extra_range: int = 0) -> Position:
    counters = {**COUNTERS, mg: {**COUNTERS[mg], "range": COUNTERS[mg]["range"] + extra_range}}
    units = [
        {"id": "a-sq", "counter": "7-4-7", "side": "a", "hex": at, "markers": ["pinned"] if pinned else []},
        {"id": "a-mg", "counter": mg, "side": "a", "hex": at, "carrier": "a-sq"},
        {"id": "b-w", "counter": "t", "side": "b", "hex": "E5", "markers": ["wreck"]},
        {"id": "b-ht", "counter": "ht", "side": "b", "hex": "F4", "markers": ["vca3", *ht]},
        *extra,
    ]
    pos: Position = make_position("asl", units, phase, counters=counters, first_side=first_side,
                                  options=options)
    return pos


def lines(pos: Position) -> list[tuple[str, str, str]]:
    res = pos.last_resolution
    assert res is not None
    return [(str(x.label), str(x.value), x.rule) for x in res.lines]


def test_d_8_example_hmg_to_hit_6_keeps_rof_tk_4_fails_crew_nmc(make_position: Any) -> None:
    """D.8 example with A9.6, A9.61, A9.611, A9.2: TH# 10 - 4 = 6 hit on DR 6 (coloured 2: ROF kept), Final
    TK# 4, TK DR 5 no effect; the CE crew's Specific Collateral attack: 5 + 2 = 7 on the 6 column, NMC."""
    pos = make(make_position)
    fire = pos.parse_action("fire a-mg.kill.b-ht at F4")
    assert fire in pos.legal_actions  # offered where the player acts
    pos.push_text("fire a-mg.kill.b-ht at F4")
    top = pos.decision
    assert top is not None and top.then == mgafv.TH
    pos.push_text("answer dice 4,2")
    got = lines(pos)
    assert ("hits on a DR of 6 or less", "6", "C3") in got
    assert ("Rate of fire", "a-mg keeps its multiple ROF (coloured dr 2) and may fire again", "A9.2") in got
    assert ("Final TK# (basic less armor)", "4", "A9.61") in got
    assert not pos.units["a-mg"].has("final_fire")  # A9.2: it may fire again this phase
    top = pos.decision
    assert top is not None and top.then == mgafv.TK and top.arg("tk") == "4"
    pos.push_text("answer dice 2,3")
    got = lines(pos)
    assert ("result", "no effect", "A9.61") in got
    crew = [x for x in got if x[2] == "D.8A"]
    assert crew and "Original TK DR 5 +2 CE DRM = 7" in crew[0][1] and "6 column" in crew[0][1]
    top = pos.decision
    assert top is not None and top.then == "vcrew_mc"  # the NMC: the crew's own DR
    pos.push_text("answer dice 3,4")
    assert not pos.units["b-ht"].has("stunned")


def test_a9_61_tk_dr_equal_stuns_and_then_no_crew_collateral(make_position: Any) -> None:
    """A9.61, D5.34, D.8: a TK DR equal to the Final TK# stuns the AFV (even BU); a stunned crew takes no
    collateral attack."""
    pos = make(make_position)
    pos.push_text("fire a-mg.kill.b-ht at F4 dice 4,2")
    pos.push_text("answer dice 2,2")
    assert pos.units["b-ht"].has("stunned")
    assert not [x for x in lines(pos) if x[2] == "D.8A"]


@pytest.mark.parametrize(("dice", "result", "marks"), [
    ((1, 2), "destroyed (a wreck)", {"wreck"}),
    ((1, 1), "burns (a burning wreck)", {"wreck", "burning"}),
])
def test_a9_61_below_the_tk_destroys_half_or_less_burns(make_position: Any, dice: tuple[int, int],
                                                       result: str, marks: set[str]) -> None:
    """A9.61: a TK DR of 3 below the Final TK# 4 destroys it; 2, at most half of 4, burns it."""
    pos = make(make_position)
    pos.push_text("fire a-mg.kill.b-ht at F4 dice 4,2")
    pos.push_text(f"answer dice {dice[0]},{dice[1]}")
    ht = pos.units["b-ht"]
    assert marks <= set(ht.markers)
    assert ("result", result, "A9.61") in lines(pos)


def test_a9_6_a_miss_and_the_lost_rof(make_position: Any) -> None:
    """A9.6, A9.2: a TH DR of 7 misses the TH# 6; its coloured 4 loses the ROF (its Final Fire counter
    stays)."""
    pos = make(make_position)
    pos.push_text("fire a-mg.kill.b-ht at F4 dice 3,4")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-ht": "miss"}
    assert pos.units["a-mg"].has("final_fire") and pos.decision is None


def test_a9_7_the_to_hit_dr_breaks_the_mg_down(make_position: Any) -> None:
    """A9.7: for an attack on the To Hit table the TH DR is the breakdown DR: 11 reaches the LMG's B11."""
    pos = make(make_position, mg="LMG", at="C4")
    pos.push_text("fire a-mg.kill.b-ht at F4 dice 5,6")
    assert pos.units["a-mg"].has("malfunctioned")


def test_a9_61_refusals(make_position: Any) -> None:
    """A9.61: only within the MG's normal range (A4 is 5 hexes from F4: offered to a LMG of range 6, refused
    to one of range 4), never as part of a fire group, and only at an armored vehicle."""
    near = make(make_position, mg="LMG", at="A4")
    assert near.parse_action("fire a-mg.kill.b-ht at F4") in near.legal_actions
    far = make(make_position, mg="LMG", at="A4", extra_range=-2)
    with pytest.raises(IllegalAction, match="normal range"):
        far.push_text("fire a-mg.kill.b-ht at F4")
    with pytest.raises(IllegalAction, match="fire group"):
        make(make_position).push_text("fire a-sq,a-mg.kill.b-ht at F4")
    with pytest.raises(IllegalAction, match="no AFV"):
        make(make_position).push_text("fire a-mg.kill.b-w at E5")


def test_a9_61_a_pinned_possessor_halves_the_mg_no_kill_attack(make_position: Any) -> None:
    """A7.81, A9.61: a MG fired by a pinned unit is Area Fire: no AFV Kill attack."""
    pos = make(make_position, pinned=True)
    assert pos.parse_action("fire a-mg.kill.b-ht at F4") not in pos.legal_actions
    with pytest.raises(IllegalAction, match="halved"):
        pos.push_text("fire a-mg.kill.b-ht at F4")


def test_a9_61_no_afv_kill_attack_in_the_afph(make_position: Any) -> None:
    """A7.24, A9.61: Advancing Fire halves the FP: refused in the AFPh, offered in the PFPh."""
    pos = make(make_position, phase="AFPh", first_side="a")
    with pytest.raises(IllegalAction, match="halved"):
        pos.push_text("fire a-mg.kill.b-ht at F4")
    prep = make(make_position, phase="PFPh", first_side="a")
    assert prep.parse_action("fire a-mg.kill.b-ht at F4") in prep.legal_actions


def test_d_8_example_as_defensive_first_fire_at_the_halftrack_entering(make_position: Any) -> None:
    """D.8 example, A8.1, A9.61: in the German MPh the halftrack enters F4; in the reaction window the HMG's
    AFV Kill attack is offered and hits on the same TH# 6 (moving target +2)."""
    start = make_position("asl", [
        {"id": "a-sq", "counter": "7-4-7", "side": "a", "hex": "B4"},
        {"id": "a-mg", "counter": "HMG", "side": "a", "hex": "B4", "carrier": "a-sq"},
        {"id": "b-w", "counter": "t", "side": "b", "hex": "E5", "markers": ["wreck"]},
        {"id": "b-ht", "counter": "ht", "side": "b", "hex": "G4", "markers": ["vca3", "ce"]},
    ], "MPh", counters=COUNTERS, first_side="b")
    start.push_text("move b-ht G4-F4")
    top = start.decision
    assert top is not None and top.kind == "react"
    assert start.parse_action("fire a-mg.kill.b-ht at F4") in start.legal_actions
    start.push_text("fire a-mg.kill.b-ht at F4 dice 4,2")
    assert ("hits on a DR of 6 or less", "6", "C3") in lines(start)


def test_a9_61_a_hit_on_an_unarmored_aspect_goes_to_the_ift_vehicle_line(make_position: Any,
                                                                         tmp_path: Path) -> None:
    """A9.6, A9.61, A7.308: the demo PzKpfw with an unarmored hull rear (D1.22), hit on the hull from its
    rear at range 3 (TH# 9 on the demo table, DR 2+3 = 5: a hull hit): the next DR is read on the IFT's
    vehicle line in the HMG's 6 FP column (demo Kill number 6): 6 immobilizes it."""
    counter = {"type": "vehicle", "vehicle": "demo-pz-g",
               "catalogue": catalogue(tmp_path, rear_unarmored="hull")}
    pos = make_position("asl", [
        {"id": "a-sq", "counter": "7-4-7", "side": "a", "hex": "I4"},
        {"id": "a-mg", "counter": "HMG", "side": "a", "hex": "I4", "carrier": "a-sq"},
        {"id": "b-pz", "counter": "pzr", "side": "b", "hex": "F4", "markers": ["vca3"]},
    ], "DFPh", counters={**COUNTERS, "pzr": counter}, first_side="b")
    pos.push_text("fire a-mg.kill.b-pz at F4 dice 2,3")
    got = lines(pos)
    assert ("unarmored aspect", "the IFT's vehicle line, not the To Kill table", "A9.61") in got
    top = pos.decision
    assert top is not None and top.then == mgafv.TK and top.arg("ift") == "1"
    pos.push_text("answer dice 3,3")
    assert ("IFT vehicle line", "6 FP, DR 6, Kill number 6", "A7.308") in lines(pos)
    assert pos.units["b-pz"].has("immobilized")


def test_a19_131_ammunition_shortage_lowers_the_b_on_the_to_hit_dr(make_position: Any) -> None:
    """A9.7, A19.131, A.11: the LMG's B11 is B10 under Ammunition Shortage: a TH DR of 10 breaks it down."""
    plain = make(make_position, mg="LMG", at="C4")
    plain.push_text("fire a-mg.kill.b-ht at F4 dice 4,6")
    assert not plain.units["a-mg"].has("malfunctioned")
    short = make(make_position, mg="LMG", at="C4", options={"ammo_shortage": ["a"]})
    short.push_text("fire a-mg.kill.b-ht at F4 dice 4,6")
    assert short.units["a-mg"].has("malfunctioned")


@pytest.mark.parametrize(("with_mg", "lmg_range"), [(True, 6), (False, 6), (True, 2)])
def test_a9_6_mg_fire_at_an_unarmored_facing_reads_the_vehicle_line(make_position: Any, tmp_path: Path,
                                                                    with_mg: bool, lmg_range: int) -> None:
    """A9.6: MG fire (no AFV Kill attack declared) at a vehicle whose target facing is unarmored goes to the
    IFT's vehicle line with no To Hit DR: the 7-4-7 and its LMG (9 FP, the 8 column: demo Kill number 7) from
    the PzKpfw's unarmored rear, Final DR 5: destroyed; the squad alone (7 FP) leaves the AFV alone, and so
    does a LMG of range 2 firing at Long Range (A9.4: no effect on an armored target)."""
    counter = {"type": "vehicle", "vehicle": "demo-pz-g",
               "catalogue": catalogue(tmp_path, rear_unarmored="hull")}
    units = [{"id": "a-sq", "counter": "7-4-7", "side": "a", "hex": "I4"},
             {"id": "a-mg", "counter": "LMG", "side": "a", "hex": "I4", "carrier": "a-sq"},
             {"id": "b-pz", "counter": "pzr", "side": "b", "hex": "F4", "markers": ["vca3"]}]
    lmg = {**COUNTERS["LMG"], "range": lmg_range}
    pos = make_position("asl", units, "DFPh", counters={**COUNTERS, "pzr": counter, "LMG": lmg},
                        first_side="b")
    pos.push_text(f"fire {'a-sq,a-mg' if with_mg else 'a-sq'} at F4 dice 3,2")
    got = [x for x in lines(pos) if x[2] == "A7.308"]
    if with_mg and lmg_range >= 3:
        assert got == [("Vehicle line", "b-pz: Final DR 5, Kill number 7: destroyed", "A7.308")]
        assert pos.units["b-pz"].has("wreck")
    else:
        assert got == [] and not pos.units["b-pz"].has("wreck")


@pytest.mark.parametrize(("dice", "left"), [("4,2", {}), ("3,3", {"F4": 1})])
def test_d_8_example_the_hmg_that_lost_its_rof_leaves_residual_1(make_position: Any, dice: str,
                                                                 left: dict[str, int]) -> None:
    """D.8 example, A8.2, A8.26: had the HMG lost its ROF (coloured 3 > ROF 2), its attack would leave 1
    Residual FP in the halftrack's hex: 6 FP, the 6 column, half is 2, one column lower for the wreck's +1
    hindrance; keeping its ROF it leaves none (A8.23)."""
    from hexmate.rules.games.asl import residual as rfp

    pos = make_position("asl", [
        {"id": "a-sq", "counter": "7-4-7", "side": "a", "hex": "B4"},
        {"id": "a-mg", "counter": "HMG", "side": "a", "hex": "B4", "carrier": "a-sq"},
        {"id": "b-w", "counter": "t", "side": "b", "hex": "E5", "markers": ["wreck"]},
        {"id": "b-ht", "counter": "ht", "side": "b", "hex": "G4", "markers": ["vca3", "ce"]},
    ], "MPh", counters=COUNTERS, first_side="b")
    pos.push_text("move b-ht G4-F4")
    pos.push_text(f"fire a-mg.kill.b-ht at F4 dice {dice}")
    assert {pos.label(r.hex): r.fp for r in rfp.residuals(pos.state)} == left
