"""ASL concealment lost by acting in the sight of a Good Order enemy within 16 hexes (A12.141): a concealed
leader who rallies a broken unit, a concealed squad placing smoke grenades, an LLMC or LLTC taken, a DC set
(and the leader assisting), a Sniper Check; out of such sight they keep the "?"; a SW repair attempt and a
SW dropped never cost it (A12.141's exceptions). A12.14: a sniper's attack and a Residual's PTC cost it in a
Good Order enemy's LOS at any range, and no "?" is given up while the sniper's target is being found.
Counters: the test catalogue's (a 4-6-7 given a smoke exponent of 2) and the demo catalogue (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import aftermath
from hexmate.rules.games.asl import units as au

from tests.rules.games.conftest import ASL_COUNTERS

COUNTERS = {**ASL_COUNTERS, "4-6-7s": {**ASL_COUNTERS["4-6-7"], "smoke": 2}}
WALL = {"E2": "woods", "E3": "woods", "E4": "woods", "E5": "woods", "E6": "woods"}


@pytest.mark.parametrize(("hexes", "lost"), [({}, True), (WALL, False)])
def test_a_concealed_leader_rallying_a_broken_unit_in_sight_loses_his_concealment(
        make_position: Any, hexes: dict[str, str], lost: bool) -> None:
    units = [{"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C3", "concealed": True},
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": ["broken"]},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "G3"}]
    pos = make_position("asl", units, "RPh", counters=COUNTERS, hexes=hexes)
    pos.push_text("rally a-1 dice 6,6")
    assert pos.units["a-ldr"].concealed is not lost


@pytest.mark.parametrize(("hexes", "lost"), [({}, True), (WALL, False)])
def test_a_concealed_squad_placing_smoke_grenades_in_sight_loses_its_concealment(
        make_position: Any, hexes: dict[str, str], lost: bool) -> None:
    units = [{"id": "a-1", "counter": "4-6-7s", "side": "a", "hex": "C3", "concealed": True},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "G3"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes=hexes)
    pos.push_text("smoke a-1 at D3")
    assert pos.units["a-1"].concealed is not lost


def test_a_concealed_leader_wounded_loses_his_concealment_out_of_any_sight() -> None:
    """A12.14: a concealed unit that is wounded loses its "?" whatever the enemy sees (so does one broken or
    Casualty Reduced: aftermath._break, _reduce)."""
    from hexmate.rules.games.asl.aftermath import _reduce
    from hexmate.rules.games.base import State, UnitState
    from hexmate.rules.scenario import CounterType

    leader = UnitState("a-ldr", "a", CounterType("9-1", "leader", {"morale": 9, "leadership": -1}), None,
                       concealed=True)
    state, wounded = _reduce({}, State(1, 0, {"a-ldr": leader}), leader)
    assert wounded is not None and wounded.has("wounded") and not state.units["a-ldr"].concealed


# --- A12.141's other actions, A12.14's sniper cases (the demo catalogue's DC and LMG: demo values) ---

DEMO: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _pending(pos: Any, decision: Any) -> Any:
    """The position with ``decision`` open (the check the game asks when its cause happens)."""
    return pos.at(pos.state.push(decision))


@pytest.mark.parametrize(("kind", "hexes", "lost"), [
    ("mc", {}, True), ("mc", WALL, False), ("lltc", {}, True), ("lltc", WALL, False)])
def test_a12_141_an_llmc_or_lltc_passed_in_sight_costs_the_concealment(
        make_position: Any, kind: str, hexes: dict[str, str], lost: bool) -> None:
    """A12.141: taking a Leader Loss MC or TC is an action: passed in the sight of the Good Order 4-4-7 in G3
    (4 hexes) it costs the "?"; behind the woods of column E it does not."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3", "concealed": True},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "G3"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes=hexes)
    pos = _pending(pos, aftermath.mc(pos, "a-1", 1, "A10.2", kind))
    pos.push_text("answer dice 2,3")  # 5 + 1 against morale 7: passed
    unit = pos.units["a-1"]
    assert not unit.has("broken") and not unit.has("pinned") and unit.concealed is not lost


def test_a12_141_setting_a_dc_costs_the_setters_and_the_assisting_leaders_concealment(
        make_position: Any) -> None:
    """A12.141 (setting a DC, A23.7, is an action; so is directing it): in the LOS of the Good Order 4-4-7 in
    C6, the concealed squad and the 8-0 beside it lose their "?", set or not."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3", "concealed": True},
             {"id": "a-ldr", "counter": "8-0", "side": "a", "hex": "C3", "concealed": True},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C6"}]
    pos = make_position("asl", units, "MPh", counters=DEMO, hexes={"C3": "stone-building"})
    pos.push_text("fire a-dc at C3")
    pos.push_text("answer pass")  # b-1's First Fire window at the setter (A8.12, A23.7)
    pos.push_text("answer dice 4")  # not set (US# 3): the action was taken all the same
    assert not pos.units["a-1"].concealed and not pos.units["a-ldr"].concealed


def test_a12_141_a_sniper_check_costs_the_checkers_concealment_and_a_pinning_sniper_too(
        make_position: Any) -> None:
    """A12.14: the sniper's dr 2 pins the concealed squad a-1 in C4 in the LOS of b-s: it loses its "?" (a
    sniper attack, any range); A12.141: the concealed a-2 there takes the Sniper Check: it loses its "?"."""
    units = [{"id": "a-0", "counter": "4-6-7", "side": "a", "hex": "C4"},
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C4", "concealed": True},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C4", "concealed": True},
             {"id": "b-s", "counter": "4-4-7", "side": "b", "hex": "C2"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, options={"san": {"b": 3}})
    pos.push_text("fire a-0 at C2 dice 1,2")  # the Original DR 3 is b's SAN (A14.1)
    while pos.decision is not None and pos.decision.then != "sniper":
        pos.push_text("answer dice 2,3")
    pos.push_text("answer dice 2")  # sniper dr 2: an MMC is pinned (A14.3)
    top = pos.decision
    assert top.then == "sniper_target"
    # A12.14: from the sniper's Random Location DR until its counter is placed again, no "?" is given up
    with pytest.raises(IllegalAction, match=r"first answer the open decision: sniper dr 2.*\(A14\.3\)"):
        pos.push_text("activate a-2 for reveal")
    pos.push_text("answer units a-1")
    assert pos.units["a-1"].has("pinned") and not pos.units["a-1"].concealed
    assert pos.decision.then == "sniper_check_ask" and "a-2" in pos.decision.subject
    pos.push_text("answer check")
    pos.push_text("answer dice 4,4")
    assert not pos.units["a-2"].concealed


def test_a12_141_repairing_and_dropping_a_sw_keep_the_concealment(make_position: Any) -> None:
    """A12.141's exceptions: a SW repair attempt and abandoning a SW are no actions that cost a "?", even in
    the LOS of the Good Order 4-4-7 three hexes away."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3", "concealed": True},
             {"id": "a-mg", "counter": "LMG", "side": "a", "hex": "C3", "carrier": "a-1",
              "markers": ["malfunctioned"]},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C6"}]
    pos = make_position("asl", units, "RPh", counters=DEMO)
    pos.push_text("repair a-mg dice 3")
    assert pos.units["a-1"].concealed
    units[1]["markers"] = []
    pos = make_position("asl", units, "MPh", counters=DEMO)
    pos.push_text("drop a-mg")
    assert pos.units["a-mg"].carrier is None and pos.units["a-1"].concealed


@pytest.mark.parametrize(("dice", "kept"), [("6,6", True), ("3,3", False)])
def test_a12_14_a_residual_ptc_in_sight_costs_the_concealment(make_position: Any, dice: str,
                                                              kept: bool) -> None:
    """A12.14: a concealed squad Assault Moving into woods with the enemy's Residual 2 keeps its "?" through
    a no-effect attack (Original 12), loses it to a PTC (Original 6, woods +1: Final 7 on the 2 column) in
    the LOS of the Good Order 4-4-7 in C6."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "B2", "concealed": True},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C6"}]
    pos = make_position("asl", units, "MPh", counters=DEMO, hexes={"C2": "woods"})
    pos.push_text("move a-2 C1-C2")
    pos.push_text("fire b-1 at C2 dice 6,5")  # leaves Residual 2 in C2
    while pos.decision is not None:
        pos.push_text("answer pass")
    pos.push_text("move a-1 B2-C2 as assault")
    assert pos.decision.then == "residual" and pos.units["a-1"].concealed
    pos.push_text(f"answer dice {dice}")
    assert pos.units["a-1"].concealed is kept


def test_a12_141_a_paatc_and_the_leader_directing_it_keep_the_concealment(make_position: Any) -> None:
    """A12.141's exceptions: taking a PAATC (A11.6) and directing another concealed unit's PAATC are no
    actions that cost a "?": the concealed 4-6-7 and 8-1 pass the PAATC before advancing into the woods of
    the tank's Location in its sight, and keep theirs (an advance into other than Open Ground, A12.14)."""
    from .test_advpaatc import COUNTERS as PAATC

    units = [{"id": "b-t", "counter": "t", "side": "b", "hex": "E5", "markers": ["vca3"]},
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E4", "concealed": True},
             {"id": "a-81", "counter": "8-1", "side": "a", "hex": "E4", "concealed": True}]
    pos = make_position("asl", units, "APh", counters=PAATC, hexes={"E5": "woods"})
    pos.push_text("advance a-1,a-81 E4-E5")
    assert pos.decision.then == "adv_paatc"
    pos.push_text("answer dice 4,4")  # 8 - 1 for the 8-1: passed
    assert pos.label(pos.units["a-1"].hex) == "E5"
    assert pos.units["a-1"].concealed and pos.units["a-81"].concealed
