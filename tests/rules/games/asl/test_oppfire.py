"""Opportunity Fire (A7.25) and the AFPh's limits on weapons (A4.41), in play.

The text: A7.25 lets a Good Order infantry unit that has not fired this Player Turn take a Bounding Fire
counter in its PFPh; it then does not fire in the PFPh nor move in the MPh, and in the AFPh fires without
A7.24's halving, the only unit that may keep multiple ROF there. A4.41: a MMG/HMG (mortar, INF, RCL, Gun)
that moved in the MPh does not fire in the following AFPh, and an AFPh weapon fires once whatever its ROF.
No worked example: the numbers are the rules' (a 5-4-8's 5 FP, A7.24's x1/2, A7.36's +1 rounded up); the
IFT cells are the demo pack's (demo values). Counters from the demo catalogue."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
TARGET = {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}


def _pos(make_position: Any, *extra: dict[str, Any]) -> Any:
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2"}, TARGET, *extra]
    return make_position("asl", units, "PFPh", counters=COUNTERS)


def _to_afph(pos: Any) -> None:
    while pos.phase.id != "AFPh":
        pos.push_text("end" if pos.decision is None else "answer pass")


def test_a7_25_marked_in_the_pfph_it_neither_fires_nor_moves_then_fires_unhalved(make_position: Any) -> None:
    """A7.25: the 5-4-8 two hexes from b-1 takes the Bounding Fire counter; in the AFPh its 5 FP are not
    halved (A7.24): 5 FP, where an unmarked squad would have 5 x 1/2 = 2 1/2 (the demo 5-4-8 prints no
    Assault Fire)."""
    pos = _pos(make_position)
    assert act.Activate(("a-1",), "opportunity") in set(pos.legal_actions)
    pos.push_text("activate a-1 for opportunity")
    assert pos.units["a-1"].has("opportunity")
    with pytest.raises(IllegalAction, match=r"Opportunity Fire: it fires in the AFPh"):
        pos.push_text("fire a-1 at C4 dice 6,6")
    pos.push_text("end")  # -> MPh
    with pytest.raises(IllegalAction, match=r"marked for Opportunity Fire and may not move \(A7\.25\)"):
        pos.push_text("move a-1 C2-C3")
    _to_afph(pos)
    text = pos.resolve(pos.parse_action("fire a-1 at C4 dice 6,6")).text()
    assert "Opportunity Fire: not halved in the AFPh (A7.25)" in text
    assert "x1/2 Advancing Fire" not in text
    assert "= 5 FP" in text


def test_a7_24_an_unmarked_squad_is_halved_in_the_afph(make_position: Any) -> None:
    """The same squad without the counter: 5 x 1/2 = 2 1/2 FP (A7.24)."""
    pos = _pos(make_position)
    pos.push_text("end")
    _to_afph(pos)
    text = pos.resolve(pos.parse_action("fire a-1 at C4 dice 6,6")).text()
    assert "x1/2 Advancing Fire (A7.24)" in text and "= 2 1/2 FP" in text


def test_a7_25_a_unit_that_fired_may_not_be_marked(make_position: Any) -> None:
    """A7.25: only a unit that has not yet fired in this Player Turn."""
    pos = _pos(make_position, {"id": "a-2", "counter": "5-4-8", "side": "a", "hex": "C1"})
    pos.push_text("fire a-2 at C4 dice 6,6")
    with pytest.raises(IllegalAction, match=r"has fired in this Player Turn: no Opportunity Fire \(A7\.25\)"):
        pos.push_text("activate a-2 for opportunity")
    offered = {a for a in pos.legal_actions if isinstance(a, act.Activate)}
    assert act.Activate(("a-2",), "opportunity") not in offered
    assert act.Activate(("a-1",), "opportunity") in offered


def test_a7_25_a_concealed_unit_in_enemy_view_loses_its_concealment(make_position: Any) -> None:
    """A7.25 with A12.14: marked within 16 hexes and in the LOS of a Good Order enemy ground unit, the "?"
    goes."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2", "concealed": True}, TARGET]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    assert pos.units["a-1"].concealed
    pos.push_text("activate a-1 for opportunity")
    assert not pos.units["a-1"].concealed


def test_a4_41_a_mmg_moved_in_the_mph_does_not_fire_in_the_afph(make_position: Any) -> None:
    """A4.41: the 4-6-7 carries its MMG one hex in the MPh; in the AFPh the MMG may not fire, the squad's
    own FP may."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-mmg", "counter": "MMG", "side": "a", "hex": "C1", "carrier": "a-1"}, TARGET]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-1,a-mmg C1-C2")
    while pos.decision is not None:
        pos.push_text("answer pass")
    _to_afph(pos)
    assert pos.units["a-mmg"].has("sw_moved")
    with pytest.raises(IllegalAction, match=r"a-mmg moved in the MPh and may not fire in the AFPh"):
        pos.push_text("fire a-1,a-mmg at C4 dice 6,6")
    pos.push_text("fire a-1 at C4 dice 6,6")  # its inherent FP fires
    pos.push_text("end")
    assert not pos.units["a-mmg"].has("sw_moved")  # the marker goes at the AFPh's end


def test_a4_41_a_lmg_moved_fires_and_an_unmoved_mmg_fires(make_position: Any) -> None:
    """A4.41 names the MMG, HMG, mortars, INF/RCL and Guns: a LMG that moved fires in the AFPh, and so does a
    MMG that stayed put."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "D1"},
             {"id": "a-mmg", "counter": "MMG", "side": "a", "hex": "D1", "carrier": "a-2"}, TARGET]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-1,a-lmg C1-C2")
    while pos.decision is not None:
        pos.push_text("answer pass")
    _to_afph(pos)
    assert not pos.units["a-lmg"].has("sw_moved") and not pos.units["a-mmg"].has("sw_moved")
    pos.parse_action("fire a-1,a-lmg at C4 dice 6,6")
    pos.parse_action("fire a-2,a-mmg at C4 dice 6,6")


def test_a4_41_no_multiple_rof_in_the_afph_but_for_opportunity_fire(make_position: Any) -> None:
    """A4.41: in the AFPh a MG fires once whatever its ROF; A7.25: an Opportunity Fire unit's MG keeps it on
    a coloured dr within its ROF (the LMG's 1: dice 4,1, the second die coloured)."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-1"}, TARGET]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("end")
    _to_afph(pos)
    text = pos.resolve(pos.parse_action("fire a-1,a-lmg at C4 dice 4,1")).text()
    assert "keeps its multiple ROF" not in text
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("activate a-1 for opportunity")
    pos.push_text("end")
    _to_afph(pos)
    text = pos.resolve(pos.parse_action("fire a-1,a-lmg at C4 dice 4,1")).text()
    assert "a-lmg keeps its multiple ROF (coloured dr 1) and may fire again (A9.2)" in text
