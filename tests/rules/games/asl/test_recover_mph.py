"""ASL recovery of an unpossessed SW in the MPh (A4.44) played through the game (recover.py), from T-8.1 (A8.1
example, digest asl-a1 §7.A): entering Open Ground and recovering a SW are two separate 1-MF expenditures,
each with its own First Fire window; the recovery is made only by a unit still Good Order and unpinned.
Counters from the demo catalogue (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _game(make_position: Any) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C2"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C5"}]
    return make_position("asl", units, "MPh", counters=COUNTERS)


def test_t8_1_entering_open_ground_and_recovering_a_sw_are_two_expenditures_each_fired_at(
        make_position: Any) -> None:
    """T-8.1: a-1 enters C2 (Open Ground, 1 MF) and spends 1 MF more there to recover the LMG: the defender
    may First Fire after each, once per MF (A9.2); the recovery dr comes with the second."""
    pos = _game(make_position)
    move = pos.push_text("move a-1 C1-C2-C2 as recover")
    assert move.cost == 2
    top = pos.decision
    assert top.kind == "react" and pos.label(top.target) == "C2"  # first window: entering C2
    pos.push_text("fire b-1 at C2 dice 6,5")  # no effect
    with pytest.raises(IllegalAction, match=r"as many times as the MF they spent here \(1\)"):
        pos.push_text("fire b-1 at C2 dice 6,5")
    pos.push_text("answer pass")
    top = pos.decision  # the Residual 2 that fire left attacks the recovery MF first (A8.2, A8.22)
    assert (top.then, top.subject) == ("residual", ("a-1",))
    pos.push_text("answer dice 6,6")  # no effect
    top = pos.decision
    assert (top.then, top.rule, top.subject) == ("recover_mph", "A4.44", ("a-lmg", "a-1"))
    pos.push_text("answer dice 3")  # below 6: recovered
    assert pos.units["a-lmg"].carrier == "a-1"
    top = pos.decision
    assert top.kind == "react" and pos.label(top.target) == "C2"  # second window: the recovery's MF
    assert "fire b-1 at C2" in [pos.action_text(a) for a in pos.legal_actions]  # SFF at the new MF (A8.3)
    pos.push_text("answer pass")
    assert pos.decision is None and pos.state.moving is None


def test_t8_1_a_unit_pinned_by_the_first_fire_makes_no_recovery(make_position: Any) -> None:
    """T-8.1: the recovery is allowed only if the unit is still Good Order and unpinned after the First Fire
    at its entry."""
    pos = _game(make_position)
    pos.push_text("move a-1 C1-C2-C2 as recover")
    pos.push_text("fire b-1 at C2 dice 4,4")  # 4 FP, -2 FFNAM and FFMO: Final 6 on the 4 column (demo)
    while pos.decision is not None and pos.decision.then != "move_on":
        top = pos.decision
        pos.push_text("answer dice 6,6" if top.dice == "DR" else "answer dice 6")
    unit = pos.units.get("a-1")
    assert unit is None or unit.has("pinned") or unit.has("broken")
    pos.push_text("answer pass")
    assert pos.decision is None and pos.units["a-lmg"].carrier is None  # no recovery was made


def test_a_recovery_names_its_hex_twice_and_finds_a_sw_there(make_position: Any) -> None:
    pos = _game(make_position)
    with pytest.raises(IllegalAction, match=r"name its hex twice \(A4\.44\)"):
        pos.push_text("move a-1 C1-C2 as recover")
    with pytest.raises(IllegalAction, match=r"no unpossessed SW lies in C1"):
        pos.push_text("move a-1 C1-C1 as recover")
