"""A halftrack's fire group as Defensive First Fire in the MPh with members that fired already (vfg.py):
Subsequent First Fire (A8.3), Final Protective Fire (A8.31) and the kept ROF given up for the Residual
(A8.23). Counters: the demo halftrack's BMG 3 FP, a 4-6-7 (4 FP, range 6, morale 7), the demo LMG (3 FP, ROF
1); demo values. The mover a-1 walks C1-C5 through Open Ground towards the halftrack and the squad in C6."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import residual as rfp
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl import vmgfire

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["ht"] = {"type": "vehicle", "vehicle": "demo-ht-g"}
LMG = {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "C6", "carrier": "b-1"}


def make(make_position: Any, *extra: dict[str, Any]) -> Position:
    probe: Position = make_position("asl", [{"id": "x", "counter": "4-6-7", "side": "a", "hex": "C1"}], "MPh",
                                    counters=COUNTERS)
    here, there = probe.map.parse_label("C6"), probe.map.parse_label("C2")
    vca = next(k for k in range(6) if fc.hexspines_to(here, there, k) == 0)  # the BMG's VCA up the column
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-ht", "counter": "ht", "side": "b", "hex": "C6", "markers": [f"vca{vca}"]},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C6"}, *extra]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-1 C1-C2-C3-C4-C5")
    return pos


def _settle(pos: Position) -> None:
    """The mover's checks passed (DR 1,1), up to the next reaction window."""
    while pos.decision is not None and pos.decision.kind != "react":
        pos.push_text("answer dice 1,1" if pos.decision.kind == "roll" else "answer keep-rof")


def test_a8_3_a_squad_marked_first_fire_joins_the_halftracks_group_as_sff(make_position: Any) -> None:
    """A8.3: b-1 First Fired at C2; at C3 it joins the halftrack's BMG (its first fire, D3.5) as Subsequent
    First Fire: Area Fire, its 4 FP halved: 3 + 2 = 5 FP; its First Fire counter flips to Final Fire. The
    group leaves Residual (A8.3): 5 FP on the 4 column, 2."""
    pos = make(make_position)
    pos.push_text("fire b-1 at C2 dice 6,5")
    pos.push_text("answer pass")
    assert pos.units["b-1"].has("first_fire")
    pos.push_text("fire b-ht.bmg,b-1 at C3")
    roll = pos.decision
    assert roll is not None and roll.then == "vmg" and roll.arg("fp") == "5"
    assert pos.units["b-1"].has("final_fire") and not pos.units["b-1"].has("first_fire")
    pos.push_text("answer dice 6,5")
    assert [r.fp for r in rfp.residuals(pos.state) if pos.label(r.hex) == "C3"] == [2]


def test_a8_31_fpf_in_the_group_and_its_nmc(make_position: Any) -> None:
    """A8.31: b-1, marked Final Fire after its SFF at C3, fires FPF with the BMG at the adjacent C5: its 4 FP
    x2 PBF x1/2 Area Fire = 4, added to the BMG's FP as vmgfire works it alone. Its Original DR 9 is then
    b-1's own NMC: 9 against morale 7, it breaks; the halftrack takes none."""
    pos = make(make_position)
    pos.push_text("fire b-1 at C2 dice 6,5")
    pos.push_text("answer pass")
    pos.push_text("fire b-1 at C3 dice 6,5")  # SFF alone
    _settle(pos)
    pos.push_text("answer pass")
    assert pos.units["b-1"].has("final_fire")
    assert pos.decision is not None and pos.label(pos.decision.target) == "C4"  # the BMG could fire there
    pos.push_text("answer pass")
    assert pos.decision is not None and pos.label(pos.decision.target) == "C5"
    c5 = pos.map.parse_label("C5")
    bmg = vmgfire.attack(pos, pos.units["b-ht"], c5, ("bmg",)).fp
    pos.push_text("fire b-ht.bmg,b-1 at C5")
    roll = pos.decision
    assert roll is not None and Fraction(roll.arg("fp")) == bmg + 4 and roll.arg("fg_modes") == "b-1:fpf"
    pos.push_text("answer dice 4,5")
    assert pos.units["b-1"].has("broken") and not pos.units["b-ht"].has("broken")


def test_a8_3_sff_is_held_to_its_rules(make_position: Any) -> None:
    """A8.3 as fire.check holds it: no SFF beyond the firer's normal range; the squad marked First Fire is
    refused with the BMG at C2 again once it fired there (A8.14: one MF spent, one shot)."""
    pos = make(make_position)
    pos.push_text("fire b-1 at C2 dice 6,5")
    with pytest.raises(IllegalAction):
        pos.push_text("fire b-ht.bmg,b-1 at C2")


def test_a8_23_the_lmgs_kept_rof_given_up_for_the_groups_residual(make_position: Any) -> None:
    """A8.23: the BMG, b-1 and its LMG First Fire at C2: 3 + 4 + 3 = 10 FP (8 column); coloured dr 1 keeps
    the LMG's ROF (A9.2), so the Residual is the rest's, 7 FP on the 6 column: 2 (A8.2, A7.372: the 6
    column leaves 2); its owner is asked, and giving the ROF up leaves the whole group's, the 8 column's 4,
    the LMG taking its First Fire counter."""
    pos = make(make_position, LMG)
    pos.push_text("fire b-ht.bmg,b-1,b-lmg at C2")
    assert pos.decision is not None and pos.decision.arg("fp") == "10"
    pos.push_text("answer dice 6,1")
    assert not pos.units["b-lmg"].has("first_fire")
    assert [r.fp for r in rfp.residuals(pos.state)] == [2]
    top = pos.decision
    while top is not None and top.then != "rof_residual":
        pos.push_text("answer dice 1,1")
        top = pos.decision
    assert top is not None and top.choices == ("keep-rof", "residual") and top.arg("whole") == "4"
    pos.push_text("answer residual")
    assert [r.fp for r in rfp.residuals(pos.state)] == [4] and pos.units["b-lmg"].has("first_fire")


def test_a8_23_keeping_the_rof_keeps_the_smaller_residual(make_position: Any) -> None:
    pos = make(make_position, LMG)
    pos.push_text("fire b-ht.bmg,b-1,b-lmg at C2")
    pos.push_text("answer dice 6,1")
    while pos.decision is not None and pos.decision.then != "rof_residual":
        pos.push_text("answer dice 1,1")
    pos.push_text("answer keep-rof")
    assert [r.fp for r in rfp.residuals(pos.state)] == [2] and not pos.units["b-lmg"].has("first_fire")


# --- A8.4: Final Fire in the DFPh by a member marked First Fire ---


def dfph(make_position: Any, *markers: str, mover: str = "C5") -> Position:
    """The DFPh (a's Player Turn): a-1 at ``mover``, the halftrack (its BMG's VCA up the column) and b-1
    marked as ``markers`` in C6."""
    probe: Position = make_position("asl", [{"id": "x", "counter": "4-6-7", "side": "a", "hex": "C1"}],
                                    "DFPh", counters=COUNTERS)
    here, there = probe.map.parse_label("C6"), probe.map.parse_label("C2")
    vca = next(k for k in range(6) if fc.hexspines_to(here, there, k) == 0)
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": mover},
             {"id": "b-ht", "counter": "ht", "side": "b", "hex": "C6", "markers": [f"vca{vca}"]},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C6", "markers": list(markers)}]
    pos: Position = make_position("asl", units, "DFPh", counters=COUNTERS)
    return pos


def test_a8_4_a_first_fired_squad_joins_the_bmg_in_the_dfph_at_an_adjacent_hex(make_position: Any) -> None:
    """A8.4: b-1, marked First Fire, fires again in the DFPh at the adjacent C5 as Area Fire: 4 FP doubled
    for PBF (A7.21) and halved as Area Fire = 4; with the BMG's 3, 7 FP. Its First Fire counter flips to
    Final Fire."""
    pos = dfph(make_position, "first_fire")
    fresh = dfph(make_position)  # the same squad unmarked: 8 (PBF), 3 + 8 = 11
    fresh.push_text("fire b-ht.bmg,b-1 at C5")
    assert fresh.decision is not None and fresh.decision.arg("fp") == "11"
    pos.push_text("fire b-ht.bmg,b-1 at C5")
    roll = pos.decision
    assert roll is not None and roll.then == "vmg" and roll.arg("fp") == "7"
    assert pos.units["b-1"].has("final_fire") and not pos.units["b-1"].has("first_fire")


def test_a8_4_a_first_fired_squad_joins_no_group_beyond_an_adjacent_hex(make_position: Any) -> None:
    pos = dfph(make_position, "first_fire", mover="C4")
    with pytest.raises(IllegalAction, match=r"only at adjacent units"):
        pos.game.check(pos, pos.parse_action("fire b-ht.bmg,b-1 at C4"))


def test_a8_4_a_squad_marked_final_fire_joins_no_group_in_the_dfph(make_position: Any) -> None:
    pos = dfph(make_position, "final_fire")
    with pytest.raises(IllegalAction, match=r"has fired already"):
        pos.game.check(pos, pos.parse_action("fire b-ht.bmg,b-1 at C5"))
