"""A9.74 Random SW destruction after an Overrun (swrandom.py, overrun.py): the SW of the units a KIA
eliminates and those lying unpossessed in the overrun Location take a dr on the OVR's IFT column, with -1
after a fully tracked AFV's OVR KIA; a fully tracked AFV ending its MPh there rolls for the abandoned weapons
even without a KIA."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games import Position
from hexmate.rules.games.asl import swrandom
from hexmate.rules.games.asl import units as au

from .test_armour import COUNTERS

MGS = {"LMG": dict(au.demo_catalogue()["LMG"]), "MMG": dict(au.demo_catalogue()["MMG"])}


def make(make_position: Any, vehicle: str = "pz") -> Position:
    units = [{"id": "a-v", "counter": vehicle, "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"},
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "D5", "carrier": "b-sq"},
             {"id": "b-mmg", "counter": "MMG", "side": "b", "hex": "D5"}]  # lying unpossessed
    pos: Position = make_position("asl", units, "MPh", counters={**COUNTERS, **MGS})
    return pos


def to_ovr(pos: Position) -> None:
    while pos.decision is not None and pos.decision.then != "vovr":  # the Defensive First Fire window: passed
        pos.push_text("answer pass")


def sw_rolls(pos: Position, column: str = "8") -> dict[str, str]:
    """Answer the other decisions until the A9.74 dr come up; their weapons -> drm."""
    out: dict[str, str] = {}
    for _ in range(30):
        top = pos.decision
        if top is None:
            break
        if top.then == "sw_kia":
            out[top.subject[0]] = top.arg("drm")
            assert top.arg("column") == column and top.rule == "A9.74"
            pos.push_text("answer dice 3")  # K/1 on the 8 (and 6) column; 3 - 1 = 2 on the 8: 1KIA
            continue
        pos.push_text("answer pass" if top.kind == "react" else "answer dice 5,5" if top.kind == "roll"
                      else f"answer {top.choices[0]}" if top.choices else f"answer units {top.units[0]}")
    return out


def test_a974_a_tracked_afvs_ovr_kia_destroys_on_a_dr_of_3_what_a_halftracks_only_malfunctions(
        make_position: Any) -> None:
    """The OVR's 10 FP are read on the 8 column; DR 2 - 1 FFMO = 1: 3KIA, the squad is eliminated. Its LMG and
    the MMG lying there take a dr on the 8 column: 3 is K/1 (malfunctioned), but after the fully tracked
    AFV's OVR the -1 drm makes it 2, 1KIA: destroyed (A9.74)."""
    pos = make(make_position)
    pos.push_text("move a-v C5-D5")
    to_ovr(pos)
    pos.push_text("answer dice 1,1")
    assert pos.last_resolution is not None
    assert "MMG" in pos.last_resolution.text() or "b-mmg" in pos.last_resolution.text()
    assert sw_rolls(pos) == {"b-lmg": swrandom.TRACKED_DRM, "b-mmg": swrandom.TRACKED_DRM}
    assert "b-lmg" not in pos.units and "b-mmg" not in pos.units and "b-sq" not in pos.units


def test_a974_after_a_halftracks_ovr_kia_a_dr_of_3_malfunctions_the_weapons(make_position: Any) -> None:
    """The halftrack's OVR (13/2 FP: the 6 column) DR 2 - 1 FFMO = 1: 2KIA. The dr 3 on the 6 column is K/1,
    with no -1 (not fully tracked): both MGs malfunction."""
    pos = make(make_position, "ht")
    pos.push_text("move a-v C5-D5")
    to_ovr(pos)
    assert pos.decision is not None and pos.decision.arg("fp") == "13/2"
    pos.push_text("answer dice 1,1")
    assert sw_rolls(pos, "6") == {"b-lmg": "", "b-mmg": ""}
    assert pos.units["b-mmg"].has("malfunctioned") and pos.units["b-lmg"].has("malfunctioned")


def test_a974_a_tracked_afv_ending_its_move_there_rolls_for_the_abandoned_mmg_without_a_kia(
        make_position: Any) -> None:
    """DR 10 - 1 FFMO = 9 on the 8 column: no KIA. The tank ends its move in D5: the MMG lying there takes the
    dr all the same (no -1: that is for a KIA); the squad's LMG is possessed and takes none. Moving on to D6,
    the tank does not end its MPh in D5: no dr."""
    pos = make(make_position)
    pos.push_text("move a-v C5-D5")
    to_ovr(pos)
    pos.push_text("answer dice 5,5")
    assert sw_rolls(pos) == {"b-mmg": ""}
    on = make(make_position)
    on.push_text("move a-v C5-D5-D6")
    to_ovr(on)
    on.push_text("answer dice 5,5")
    assert sw_rolls(on) == {}


def empty(make_position: Any, vehicle: str = "pz", *extra: dict[str, Any]) -> Position:
    """b's MMG and LMG lie unpossessed in D5, no personnel there."""
    units = [{"id": "a-v", "counter": vehicle, "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "D5"},
             {"id": "b-mmg", "counter": "MMG", "side": "b", "hex": "D5"}, *extra]
    pos: Position = make_position("asl", units, "MPh", counters={**COUNTERS, **MGS})
    return pos


def test_a974_a_tracked_afv_overruns_an_empty_location_and_destroys_the_weapons_lying_there(
        make_position: Any) -> None:
    """A9.74: a fully tracked AFV's OVR of a Location with no personnel destroys the SW there automatically:
    no IFT DR, no dr. The move names the hex (the text's "may"): entering it without naming it destroys
    nothing; the OVR costs the quarter of the MP allowance with the entry (D7.1) beside the plain move."""
    plain = empty(make_position)
    plain.push_text("move a-v C5-D5")
    while plain.decision is not None and plain.decision.kind == "react":
        plain.push_text("answer pass")
    assert "b-lmg" in plain.units and "b-mmg" in plain.units
    pos = empty(make_position)
    pos.push_text("move a-v C5-D5 as ovr:D5")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert "b-lmg" not in pos.units and "b-mmg" not in pos.units
    assert pos.decision is None or pos.decision.then not in ("vovr", "sw_kia")  # no DR, no dr
    assert pos.last_resolution is not None and "A9.74" in pos.last_resolution.text()
    from hexmate.rules.games.asl import armour

    spent_plain = armour.spent_of(plain.units["a-v"])
    spent_ovr = armour.spent_of(pos.units["a-v"])
    assert spent_ovr > spent_plain


def test_a974_no_empty_location_ovr_with_personnel_there_nor_by_a_halftrack(make_position: Any) -> None:
    """A9.74 gives the automatic destruction to a fully tracked AFV in a Location with no personnel: a
    halftrack may not name it, nor a tank where a (friendly) squad stands; a Location with no SW lying there
    gives it nothing to overrun."""
    from hexmate.rules.errors import IllegalAction

    ht = empty(make_position, "ht")
    with pytest.raises(IllegalAction):
        ht.push_text("move a-v C5-D5 as ovr:D5")
    manned = empty(make_position, "pz", {"id": "a-sq", "counter": "4-4-7", "side": "a", "hex": "D5"})
    with pytest.raises(IllegalAction):
        manned.push_text("move a-v C5-D5 as ovr:D5")
    bare = empty(make_position)
    with pytest.raises(IllegalAction):
        bare.push_text("move a-v C5-D5-D6 as ovr:D6")
