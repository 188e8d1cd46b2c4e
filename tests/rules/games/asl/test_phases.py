"""The ASL sequence of play (A3, sequence.json and game.py's phase hooks): what each phase lets the attacker
do and what goes at its end, from the text of A3.2, A3.3, A3.7 and A3.8."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import residual as rfp


def _squads(*where: str) -> list[dict[str, Any]]:
    return [{"id": f"a-{i}", "counter": "4-6-7", "side": "a", "hex": h} for i, h in enumerate(where, 1)]


def test_a3_2_a_unit_that_prep_fires_gets_its_counter_and_does_not_move(make_position: Any) -> None:
    """A3.2: the unit that fires in the PFPh gets a Prep Fire counter; A3.3: only units that did not fire in
    the PFPh move in the MPh."""
    units = [*_squads("C1", "D1"), {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C4"}]
    pos = make_position("asl", units, "PFPh")
    pos.push_text("fire a-1 at C4 dice 6,5")
    assert pos.units["a-1"].has("prep_fire") and not pos.units["a-2"].has("prep_fire")
    pos.push_text("end")
    assert pos.phase.id == "MPh"
    with pytest.raises(IllegalAction, match=r"prep fired and may not move"):
        pos.push_text("move a-1 C1-B1")
    pos.push_text("move a-2 D1-E1")


def test_a3_3_units_move_only_in_the_mph(make_position: Any) -> None:
    """A3.3: moving is the MPh's; a move named in the PFPh or the APh (through the game's own check) is
    refused with the rule."""
    for phase in ("PFPh", "APh"):
        pos = make_position("asl", _squads("C1"), phase)
        move = act.Move(("a-1",), (pos.map.parse_label("C1"), pos.map.parse_label("C2")))
        with pytest.raises(IllegalAction, match=r"only in the Movement Phase") as got:
            pos.game.check_move(pos, move)
        assert got.value.rule == "A3.3"


def test_a3_3_residual_fp_goes_at_the_end_of_the_mph(make_position: Any) -> None:
    """A3.3: at the end of the MPh every Residual FP counter is removed (A8.2's Residual, left by a First Fire
    at the mover in C3)."""
    units = [*_squads("C1"), {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C6"}]
    pos = make_position("asl", units, "MPh")
    pos.push_text("move a-1 C1-C2-C3")
    pos.push_text("answer pass")  # C2
    pos.push_text("fire b-1 at C3 dice 6,5")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert rfp.residuals(pos.state)
    pos.push_text("end")
    assert pos.phase.id == "DFPh" and not rfp.residuals(pos.state)


def test_a3_7_units_advance_only_in_the_aph(make_position: Any) -> None:
    """A3.7: the advance of one hex is the APh's; the game's check refuses one in the MPh."""
    pos = make_position("asl", _squads("C1"), "MPh")
    adv = act.Advance(("a-1",), (pos.map.parse_label("C1"), pos.map.parse_label("C2")))
    with pytest.raises(IllegalAction, match=r"advance only in the Advance Phase") as got:
        pos.game.check_advance(pos, adv)
    assert got.value.rule == "A3.7"


def test_a3_8_pin_and_ti_counters_go_at_the_end_of_the_ccph(make_position: Any) -> None:
    """A3.8: at the end of the CCPh every TI and pin counter is removed: they stay through the APh, and the
    CCPh, with no Location holding both sides, ends by itself."""
    units = [{**_squads("C1")[0], "markers": ["pinned"]}, {**_squads("C1", "E1")[1], "markers": ["ti"]}]
    pos = make_position("asl", units, "APh")
    assert pos.units["a-1"].has("pinned") and pos.units["a-2"].has("ti")
    pos.push_text("end")
    assert (pos.phase.id, pos.phasing) == ("RPh", "b")
    assert not pos.units["a-1"].has("pinned") and not pos.units["a-2"].has("ti")


def test_a3_9_the_player_turns_alternate_then_the_game_turn_advances_and_ends(make_position: Any) -> None:
    """A3.9: after A3.8 the phasing player's Player Turn ends and the other player's begins (A3.1-A3.8 again);
    after both the Game Turn advances; past the last turn the scenario is over."""
    units = [*_squads("C1"), {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "K8"}]
    pos = make_position("asl", units, "APh", turns=2)
    pos.push_text("end")  # a's APh; its CCPh ends by itself
    assert (pos.state.turn, pos.phase.id, pos.phasing) == (1, "RPh", "b")
    seen = []
    while not pos.state.over and len(seen) < 40:
        seen.append((pos.state.turn, pos.phasing, pos.phase.id))
        while pos.decision is not None:
            pos.push_text("answer pass")
        pos.push_text("end")
    assert (2, "a", "RPh") in seen and (2, "b", "RPh") in seen and (1, "a", "RPh") not in seen
    assert pos.state.over and max(t for t, _, _ in seen) == 2
