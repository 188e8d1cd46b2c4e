"""A vehicle's MGs breaking down (vmgbreak.py): D3.7's B# 12 for vehicle MGs, and the captured vehicle's
penalties of A21.11-A21.13 (B# 2 lower, the original 12 its X#; doubled under a HS temporary crew); a MG
scrounged off another army's wreck used as captured equipment (A21.1, D10.52). Played through the game's
fire; the demo MG tank (demo values: CMG 3) and the demo LMG of a scrounged MG."""

from __future__ import annotations

import dataclasses
from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl import vmgbreak

from .test_vmgchoice import make, spots
from .test_vwreck import scrounging


def cmg_shot(make_position: Any, dice: str, *markers: str) -> Position:
    at = spots(make_position)
    pos = make(make_position, "PFPh", {"4-4-7": at[0]}, *markers)
    pos.push_text(f"fire g-pz.cmg at {at[0]}")
    pos.push_text(f"answer dice {dice}")
    while pos.decision is not None and pos.decision.dice:  # the target's MC, if any
        pos.push_text("answer dice 1,1")
    return pos


def test_d3_7_a_vehicle_mg_malfunctions_on_an_original_12_only() -> None:
    """D3.7: B# 12: an Original 12 malfunctions it, 11 does not."""
    assert [vmgbreak.fate(n, 0) for n in (10, 11, 12)] == ["", "", "malfunction"]


def test_a21_11_captured_vehicle_mgs_break_at_10_and_are_disabled_at_12() -> None:
    """A21.11 with A.11: captured, B# 12 - 2 = 10 and X# 12; doubled (a HS crew, A21.13/A21.22) B# 8."""
    assert [vmgbreak.fate(n, 1) for n in (9, 10, 11, 12)] == ["", "malfunction", "malfunction", "disabled"]
    assert [vmgbreak.fate(n, 2) for n in (7, 8, 11, 12)] == ["", "malfunction", "malfunction", "disabled"]


def test_d3_7_the_cmg_of_an_own_tank_malfunctions_on_12_in_play(make_position: Any) -> None:
    """D3.7: the tank's CMG fires with Original 12: marked malfunctioned; with 10 it keeps working."""
    broke = cmg_shot(make_position, "6,6")
    assert broke.units["g-pz"].has("cmg_malf")
    fine = cmg_shot(make_position, "5,5")
    assert not fine.units["g-pz"].has("cmg_malf")


def test_a21_11_a_captured_tank_s_cmg_malfunctions_on_10_and_is_disabled_on_12(make_position: Any) -> None:
    """A21.11: the same tank captured: Original 10 malfunctions its CMG (B# 10), the working line cites
    A21.11; Original 12 disables it for good (X# 12); 9 leaves it working."""
    ten = cmg_shot(make_position, "5,5", "captured")
    tank = ten.units["g-pz"]
    assert tank.has("cmg_malf") and not tank.has("cmg_disabled")
    res = ten.last_resolution
    assert res is not None
    assert ("its CMG: B# 10, Original DR 10", "malfunctions", "A21.11") in {
        (str(line.label), str(line.value), line.rule) for line in res.lines}
    twelve = cmg_shot(make_position, "6,6", "captured")
    assert twelve.units["g-pz"].has("cmg_disabled")
    nine = cmg_shot(make_position, "4,5", "captured")
    assert not nine.units["g-pz"].has("cmg_malf")


def test_a21_13_under_a_hs_temporary_crew_the_cmg_breaks_at_8(make_position: Any) -> None:
    """A21.22, A21.13: a HS temporary crew doubles the penalty: B# 8, so an Original 8 malfunctions it."""
    pos = cmg_shot(make_position, "4,4", "captured", "tc_hs")
    assert pos.units["g-pz"].has("cmg_malf")


def test_a21_1_a_mg_scrounged_off_a_german_wreck_is_captured_in_russian_hands(make_position: Any) -> None:
    """D10.5, D10.52 with A21.1: the Russian squad scrounges the German halftrack's BMG: a German LMG, marked
    captured; its printed B# 11 (the demo LMG) becomes 9 with X# 11, ROF 1 becomes 0 (A21.11, A21.12)."""
    pos = scrounging(make_position)
    pos.push_text("activate a-sq,b-ht for scrounge")
    pos.push_text("answer dice 3")
    sw = pos.units["b-ht-bmg"]
    owner = pos.units["a-sq"]
    assert sw.has("captured") and au.is_captured(sw, owner)
    assert au.breakdown(sw.values, captured=True) == au.Breakdown(9, 11, "A21.11, A.11")
    assert au.rate_of_fire(sw.values, captured=True) == 0


def test_a21_1_a_mg_scrounged_off_its_own_army_s_wreck_is_not_captured(make_position: Any) -> None:
    """A21.1: the German halftrack's weapon in a German (side b's) squad's hands is no captured weapon; in the
    Russian (side a's) squad's it is."""
    pos = scrounging(make_position)
    german = dataclasses.replace(pos.units["a-sq"], side="b")
    assert not vmgbreak.scrounged_captured(pos, german, pos.units["b-ht"])
    assert vmgbreak.scrounged_captured(pos, pos.units["a-sq"], pos.units["b-ht"])


def test_a21_11_a_captured_afv_s_cmg_breaks_at_10_in_close_combat_too(make_position: Any) -> None:
    """D3.7, A11.62 with A21.11: b's captured T-34 attacks a's 4-6-7 in CC with its CMG; CC DR 10
    malfunctions it (B# 10); the same DR leaves an uncaptured tank's CMG working (B# 12)."""
    from .test_cc_vehicle import _pos, _u

    def attack(*markers: str) -> Position:
        pos = _pos(make_position, [_u("b-t", "t", "b", markers=["vca3", *markers]), _u("a-1", "4-6-7", "a")])
        top = pos.decision
        assert top is not None and top.then == "cc_group" and top.side == "a"
        pos.push_text("answer done")  # a, not owning the tank, passes its first turn (A11.31)
        top = pos.decision
        assert top is not None and top.then == "cc_group" and top.side == "b"
        pos.push_text("answer units b-t,a-1")
        pos.push_text("answer dice 5,5")
        return pos

    assert attack("captured").units["b-t"].has("cmg_malf")
    assert not attack().units["b-t"].has("cmg_malf")


def test_d3_7_a_cmg_broken_in_play_is_one_the_rph_repair_dr_takes(make_position: Any) -> None:
    """D3.7: the CMG that malfunctioned on an Original 12 is a malfunctioned weapon for the RPh's repair dr
    (vrepair.py); the captured tank's CMG disabled on 12 is not."""
    from hexmate.rules.games.asl import vrepair

    broke = cmg_shot(make_position, "6,6")
    assert vrepair.malfunctioned(broke.units["g-pz"], "cmg")
    gone = cmg_shot(make_position, "6,6", "captured")
    assert not vrepair.malfunctioned(gone.units["g-pz"], "cmg")
