"""One fire phase for all of a vehicle's weapons (D3.5, D3.3, D3.3.1, D.3, A.15), played through the game's
phases. The text says the opposite of "an MG-only PFPh still lets the MA fire in the AFPh": any fire from the
vehicle in the PFPh puts a Prep Fire counter on it, which bars all its AFPh fire and its MPh (D3.3, D.3); its
other weapons fire in that same phase (D3.5). A defender's Defensive First Fire with an MG still lets its MA
fire in the DFPh (A.15's example). Counters: test_armour's demo tanks (BMG 2, CMG 2, 75L gun ROF 1: demo
values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position

from .test_armour import COUNTERS


def make(make_position: Any, phase: str, tank_side: str = "a") -> Position:
    enemy = "b" if tank_side == "a" else "a"
    units = [{"id": "x-pz", "counter": "pz", "side": tank_side, "hex": "C5", "markers": ["vca0"]},
             {"id": "y-sq", "counter": "4-4-7", "side": enemy, "hex": "E5"},
             {"id": "y-t", "counter": "t", "side": enemy, "hex": "J5", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS)
    return pos


def settle(pos: Position) -> None:
    while pos.decision is not None:
        pos.push_text("answer pass")


def to_phase(pos: Position, phase: str) -> None:
    while pos.phase.id != phase:
        pos.push_text("end" if pos.decision is None else "answer pass")


def offered(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def test_mg_prep_fire_leaves_the_gun_this_phase_only(make_position: Any) -> None:
    """D3.5: after its MGs Prep Fire, the MA may still fire in the same PFPh (the gun and the MGs in either
    order); D3.3, D.3: the vehicle now has a Prep Fire counter and does not move in the MPh; D3.3: it fires
    nothing in the AFPh, neither gun nor MG."""
    pos = make(make_position, "PFPh")
    pos.push_text("fire x-pz.bmg at E5")
    pos.push_text("answer dice 6,5")
    settle(pos)
    assert pos.units["x-pz"].has("prep_fire")
    assert "fire x-pz at J5" in offered(pos)  # the gun, this phase
    to_phase(pos, "MPh")
    assert not pos.legal_actions.moves_for(frozenset({"x-pz"}))  # D.3
    to_phase(pos, "AFPh")
    assert not any(t.startswith("fire x-pz") for t in offered(pos))
    with pytest.raises(IllegalAction, match=r"D3\.3"):
        pos.push_text("fire x-pz at J5")
    with pytest.raises(IllegalAction, match=r"D3\.3"):
        pos.push_text("fire x-pz.cmg at E5")


def test_gun_then_mg_in_the_same_prep_fire_phase(make_position: Any) -> None:
    """D3.5: the MA and the MGs fire in the same phase whichever goes first: after the gun's Prep Fire, the
    CMG still fires at the squad in that PFPh."""
    pos = make(make_position, "PFPh")
    pos.push_text("fire x-pz at J5")
    pos.push_text("answer dice 6,5")
    settle(pos)
    assert "fire x-pz.cmg at E5" in offered(pos)
    pos.push_text("fire x-pz.cmg at E5")
    assert pos.decision is not None and pos.decision.arg("weapons") == "cmg"


def test_mg_bounding_fire_bars_the_afph(make_position: Any) -> None:
    """D3.3.1: a vehicle that fired a weapon other than its MA in its MPh fires nothing in the AFPh; D3.5: the
    gun may still fire in that MPh."""
    pos = make(make_position, "MPh")
    pos.push_text("fire x-pz.bmg at E5")
    pos.push_text("answer dice 6,5")
    settle(pos)
    assert "fire x-pz at J5" in offered(pos)
    to_phase(pos, "AFPh")
    assert not any(t.startswith("fire x-pz") for t in offered(pos))


def test_defensive_first_fire_mg_then_ma_in_the_dfph(make_position: Any) -> None:
    """A.15 example: an AFV that fired its CMG as Defensive First Fire may fire its MA in the following DFPh
    (First and Final Fire do not break the one-fire-phase rule)."""
    pos = make(make_position, "MPh", tank_side="b")
    pos.push_text("move y-sq E5-D5")
    assert "fire x-pz.cmg at D5" in offered(pos)
    pos.push_text("fire x-pz.cmg at D5")
    pos.push_text("answer dice 6,5")
    settle(pos)
    to_phase(pos, "DFPh")
    assert "fire x-pz at J5" in offered(pos)


def move_one_hex(pos: Position) -> None:
    """x-pz (VCA 0 at C5) drives on to D5 and stops there: the facing question kept, the reactions passed."""
    pos.push_text("move x-pz C5-D5")
    while pos.decision is not None:
        top = pos.decision
        pos.push_text("answer keep" if top.then == "vfacing" else "answer pass")


def test_d351_other_weapons_fire_only_from_the_same_hex(make_position: Any) -> None:
    """D3.51: once one of its weapons fired this phase, the vehicle's others fire that phase only from that
    hex: the BMG's Bounding First Fire from C5, then a move to D5: the CMG and the gun are refused there."""
    pos = make(make_position, "MPh")
    pos.push_text("fire x-pz.bmg at E5")
    pos.push_text("answer dice 6,5")
    settle(pos)
    move_one_hex(pos)
    assert pos.units["x-pz"].hex == pos.map.parse_label("D5")
    assert not any(t.startswith("fire x-pz") for t in offered(pos))
    with pytest.raises(IllegalAction, match=r"\(D3\.51\)"):
        pos.push_text("fire x-pz.cmg at E5")
    with pytest.raises(IllegalAction, match=r"\(D3\.51\)"):
        pos.push_text("fire x-pz at J5")


def test_d351_a_gun_keeping_rof_after_bounding_fire_fires_again_from_another_hex(make_position: Any) -> None:
    """D3.51's exception: a MA that kept its multiple ROF may fire again from another hex when its shot was
    Bounding First Fire (D3.3: no Bounding Fire counter for a sole gun keeping ROF); its MGs may not."""
    pos = make(make_position, "MPh")
    pos.push_text("fire x-pz at J5")
    pos.push_text("answer dice 6,1")  # a miss; the colored 1 keeps the ROF of 1
    settle(pos)
    move_one_hex(pos)
    assert "fire x-pz at J5" in offered(pos)
    with pytest.raises(IllegalAction, match=r"\(D3\.51\)"):
        pos.push_text("fire x-pz.cmg at E5")
