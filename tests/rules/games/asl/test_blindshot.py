"""A6.11: a fire declared at a target its firers turn out not to see is fired all the same: the firers take
their fire counter, nothing is affected, no DM, and the DR still counts for breakdown (A9.7) and multiple ROF
(A9.2). The LOS is the A6.2 example's: a woods hex (Level 1 obstacle) between ground-level units."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def board(make_position: Any, phase: str = "PFPh", **squad: Any) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1", **squad},
             {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4", "markers": ["broken"]}]
    return make_position("asl", units, phase, counters=COUNTERS, hexes={"C2": "woods"})


def test_the_blind_shot_is_fired_with_no_effect_and_no_dm(make_position: Any) -> None:
    pos = board(make_position)
    assert not any(a.kind == "fire" for a in pos.legal_actions)  # the table lists no shot through the woods
    pos.push_text("fire a-1,a-lmg at C4 dice 1,1")  # an Original 2 would kill anything seen
    res = pos.last_resolution
    assert "no line of sight, no effect (A6.11)" in res.text() and res.results == {}
    assert pos.units["a-1"].has("prep_fire")
    assert not pos.units["a-lmg"].has("prep_fire")  # coloured 1: the LMG keeps its ROF (A9.2)
    assert not pos.units["b-1"].has("dm")  # A6.11: no DM either
    assert pos.decision is None


def test_the_blind_shots_dr_still_breaks_down_its_mg(make_position: Any) -> None:
    pos = board(make_position)
    pos.push_text("fire a-lmg at C4 dice 6,6")  # Original 12: the LMG's B12 (A9.7)
    assert "a-lmg: Original DR 12: malfunctions (B#) (A9.7)" in pos.last_resolution.text()
    assert pos.units["a-lmg"].has("malfunctioned")


def test_the_blind_shots_dr_keeps_a_mgs_rof_on_a_low_coloured_dr(make_position: Any) -> None:
    pos = board(make_position)
    pos.push_text("fire a-lmg at C4 dice 3,1")  # coloured 1 <= ROF 1 (A9.2)
    assert "a-lmg keeps its multiple ROF" in pos.last_resolution.text()
    assert not pos.units["a-lmg"].has("prep_fire")


def test_the_blind_shots_dr_equal_to_the_enemy_san_activates_his_sniper(make_position: Any) -> None:
    """A14.1: an IFT attack's Original DR equal to the enemy's SAN (3 here) activates his sniper."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C2": "woods"},
                        options={"san": {"b": 3}})
    pos.push_text("fire a-1 at C4 dice 1,2")
    assert pos.decision is not None and pos.decision.side == "b" and pos.decision.rule.startswith("A14")
