"""Defensive fire in the MPh and DFPh through fire.py (A8.1-A8.4, A9.2, A9.3): Subsequent First Fire, Final
Protective Fire and its self-check, the shots a hex's MF allow, and Final Fire after First Fire as Area Fire
in the attack actually applied. Counters from the demo catalogue (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def mover_and_defender(make_position: Any, extra: list[dict[str, Any]] | None = None) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C6"}] + (extra or [])
    return make_position("asl", units, "MPh", counters=COUNTERS)


def test_sff_is_area_fire_flips_to_final_fire_and_fpf_is_only_adjacent(make_position: Any) -> None:
    pos = mover_and_defender(make_position)
    pos.push_text("move a-1 C1-C2-C3-C4-C5")
    pos.push_text("fire b-1 at C2 dice 6,5")  # Defensive First Fire: no effect
    assert pos.units["b-1"].has("first_fire")
    with pytest.raises(IllegalAction, match=r"MF they spent here \(1\) \(A8\.14, A9\.2\)"):
        pos.push_text("fire b-1 at C2 dice 6,5")  # one MF spent in C2: one shot (A9.2)
    pos.push_text("answer pass")
    fire = pos.parse_action("fire b-1 at C3 dice 6,5")  # SFF (A8.3)
    assert "4 FP x1/2 Area Fire: Subsequent First Fire (A8.3) = 2 FP" in pos.resolve(fire).text()
    pos.push(fire)
    assert pos.units["b-1"].has("final_fire") and not pos.units["b-1"].has("first_fire")
    pos.push_text("answer pass")
    # C4 is two hexes away: a Final Fire counter allows only FPF at adjacent movers (A8.31), so no reaction
    # window opens there and the next one is at C5
    assert pos.label(pos.decision.target) == "C5"
    fire = pos.parse_action("fire b-1 at C5 dice 4,5")  # FPF: PBF and Area Fire (A8.31)
    text = pos.resolve(fire).text()
    assert "4 FP x2 Point Blank Fire (A7.21) x1/2 Area Fire: Final Protective Fire (A8.31) = 4 FP" in text
    pos.push(fire)
    # A8.31: the Original DR 9 is b-1's own NMC: 9 against morale 7, it breaks
    assert pos.units["b-1"].has("broken")
    assert pos.last_resolution.results == {"a-1": "PTC"}


def test_sff_not_past_the_nearest_known_enemy(make_position: Any) -> None:
    extra = [{"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "D5"}]
    pos = mover_and_defender(make_position, extra)
    pos.push_text("move a-1 C1-C2-C3")
    pos.push_text("fire b-1 at C2 dice 6,5")
    pos.push_text("answer pass")
    # A8.3: a-2 in D5 is nearer than C3, so b-1 may not SFF at the mover there: no window opens, the move ends
    assert pos.decision is None and pos.label(pos.units["a-1"].hex) == "C3"


def test_final_fire_after_first_fire_is_halved_in_the_attack_applied(make_position: Any) -> None:
    extra = [{"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C7"}]
    pos = mover_and_defender(make_position, extra)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-1 at C2 dice 6,5")
    pos.push_text("answer pass")
    pos.push_text("end")  # -> DFPh
    pos.push_text("fire b-1 at C7 dice 3,4")
    text = pos.last_resolution.text()
    assert "x2 Point Blank Fire (A7.21) x1/2 Area Fire: Final Fire after First Fire (A8.4) = 4 FP" in text


def test_a_mg_in_final_fire_after_first_fire_uses_sustained_fire_once(make_position: Any) -> None:
    extra = [{"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C7"},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C6"},  # a German LMG in German hands
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "C6", "carrier": "b-2"}]
    pos = mover_and_defender(make_position, extra)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-lmg at C2 dice 6,5")  # the LMG First Fires (coloured 5: ROF lost)
    pos.push_text("answer pass")
    pos.push_text("end")
    pos.push_text("fire b-lmg at C7 dice 5,5")  # Original 10: B12 - 2 for Sustained Fire (A9.3, A.11)
    text = pos.last_resolution.text()
    assert "3 FP x2 Point Blank Fire (A7.21) x1/2 Area Fire: Sustained Fire (A9.3) = 3 FP" in text
    assert pos.units["b-lmg"].has("malfunctioned")


def test_t7_83_a_pinned_mover_loses_ffnam_and_ffmo_until_it_breaks(make_position: Any) -> None:
    extra = [{"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C5"},
             {"id": "b-3", "counter": "4-4-7r", "side": "b", "hex": "C7"}]
    pos = mover_and_defender(make_position, extra)
    pos.push_text("move a-1 C1-C2-C3")
    pos.push_text("fire b-2 at C2 dice 4,5")  # 9 - 2 = 7 on the 4 column: PTC
    pos.push_text("answer dice 4,4")  # the NTC fails: pinned (A7.305)
    assert pos.units["a-1"].has("pinned") and pos.decision.kind == "react"
    text = pos.resolve(pos.parse_action("fire b-1 at C2 dice 2,4")).text()
    assert "FFNAM" not in text and "FFMO" not in text  # A7.83
    pos.push_text("fire b-1 at C2 dice 2,4")  # 6 on the 4 column: NMC
    pos.push_text("answer dice 4,4")  # fails: broken, so no longer pinned
    assert pos.units["a-1"].has("broken") and not pos.units["a-1"].has("pinned")
    text = pos.resolve(pos.parse_action("fire b-3 at C2 dice 3,4")).text()
    assert "(FFNAM): -1 (A4.6)" in text and "(FFMO): -1 (A4.6)" in text  # again, once broken (A7.83)


def test_a8_31_fpf_takes_all_the_units_usable_mgs_along(make_position: Any) -> None:
    """A8.31: a squad's FPF must use its usable MG, even one with no Final Fire counter yet; a malfunctioned
    MG is not usable and is left behind."""
    extra = [{"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C4", "markers": ["final_fire"]},
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "C4", "carrier": "b-2"}]
    pos = mover_and_defender(make_position, extra)
    pos.push_text("move a-1 C1-C2-C3")
    while pos.decision is not None and pos.label(pos.decision.target) != "C3":
        pos.push_text("answer pass")
    owed = r"b-2 fires Final Protective Fire: its MG \(b-lmg\) must fire with it \(A8\.31\)"
    with pytest.raises(IllegalAction, match=owed):
        pos.push_text("fire b-2 at C3 dice 6,5")
    pos.push_text("fire b-2,b-lmg at C3 dice 6,5")
    assert pos.units["b-lmg"].has("final_fire")


def test_a8_31_a_malfunctioned_mg_stays_behind_in_fpf(make_position: Any) -> None:
    extra = [{"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C4", "markers": ["final_fire"]},
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "C4", "carrier": "b-2",
              "markers": ["malfunctioned"]}]
    pos = mover_and_defender(make_position, extra)
    pos.push_text("move a-1 C1-C2-C3")
    while pos.decision is not None and pos.label(pos.decision.target) != "C3":
        pos.push_text("answer pass")
    pos.push_text("fire b-2 at C3 dice 6,5")
    assert "Final Protective Fire (A8.31)" in pos.last_resolution.text()


def test_a8_3_a_flamethrower_does_not_fire_again_as_sff(make_position: Any) -> None:
    """A8.3: only small arms, MGs and IFE may Subsequent First Fire: a FT with a First Fire counter may not
    fire at the next hex the movers enter (a MG of the same First Fire state may: the first test)."""
    extra = [{"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C4"},
             {"id": "b-ft", "counter": "FT", "side": "b", "hex": "C4", "carrier": "b-2",
              "markers": ["first_fire"]}]
    pos = mover_and_defender(make_position, extra)
    pos.push_text("move a-1 C1-C2-C3")
    while pos.decision is not None and pos.label(pos.decision.target) != "C3":
        pos.push_text("answer pass")
    with pytest.raises(IllegalAction, match=r"b-ft: only small arms, MGs and IFE .* \(A8\.3\)"):
        pos.push_text("fire b-ft at C3 dice 6,5")
