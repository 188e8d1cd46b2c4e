"""A7.55 Mandatory Fire Groups and A7.7 Encirclement in play, on analogues of the text's examples (T-7.55; the
A7.7 examples' opposite hexsides and the A7.71 fire group round its target) built on a test board. Counters
from the demo catalogue, the IFT from the demo pack (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
TARGET = "D4"


def around(make_position: Any, units: list[tuple[str, str, int | None]], phase: str = "PFPh",
           first_side: str = "a", carried: tuple[tuple[str, str, str], ...] = ()) -> Any:
    """A position with b-1 (4-4-7r) in D4 and units placed in D4's neighbours by direction index (N, NE, SE,
    S, SW, NW) or, with None, in the hex given."""
    probe = make_position("asl", [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": TARGET}], phase,
                          counters=COUNTERS)
    ring = probe.map.neighbors(probe.map.parse_label(TARGET))
    placed = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": TARGET}]
    for uid, counter, d in units:
        hex_ = probe.map.label(ring[d]) if isinstance(d, int) else counter.split("@")[1]
        placed.append({"id": uid, "counter": counter.split("@")[0], "side": uid[0], "hex": hex_})
    for uid, counter, carrier in carried:
        hex_ = next(p["hex"] for p in placed if p["id"] == carrier)
        placed.append({"id": uid, "counter": counter, "side": uid[0], "hex": hex_, "carrier": carrier})
    return make_position("asl", placed, phase, counters=COUNTERS, first_side=first_side)


# --- A7.55 ---


def test_t7_55_two_units_in_one_location_firing_at_one_target_must_combine(make_position: Any) -> None:
    pos = around(make_position, [("a-1", "4-6-7", 0), ("a-2", "4-6-7", 0)])
    pos.push_text("fire a-1 at D4 dice 6,5")
    with pytest.raises(IllegalAction, match=r"a-2 and a-1 are in one Location .* one fire group \(A7\.55\)"):
        pos.push_text("fire a-2 at D4 dice 6,5")
    assert "fire a-2 at D4" not in {a.text() for a in pos.legal_actions}


def test_a7_55_together_they_may_and_a_mg_keeping_its_rof_fires_again(make_position: Any) -> None:
    lmg = (("a-lmg", "LMG", "a-1"),)
    pos = around(make_position, [("a-1", "4-6-7", 0), ("a-2", "4-6-7", 0)], carried=lmg)
    pos.push_text("fire a-1,a-2,a-lmg at D4 dice 5,1")  # coloured 1: the LMG keeps its ROF (A9.2)
    assert "a-lmg keeps its multiple ROF" in pos.last_resolution.text()
    while pos.decision is not None:
        pos.push_text("answer dice 1,2")
    pos.push_text("fire a-lmg at D4 dice 6,5")  # a multiple-ROF weapon firing again: allowed (A7.55)
    assert pos.units["a-lmg"].has("prep_fire")


def test_a7_55_a_unit_elsewhere_is_not_bound(make_position: Any) -> None:
    pos = around(make_position, [("a-1", "4-6-7", 0), ("a-2", "4-6-7", 3)])
    pos.push_text("fire a-1 at D4 dice 6,5")
    pos.push_text("fire a-2 at D4 dice 6,5")  # another Location: a separate attack is fine
    assert pos.units["a-2"].has("prep_fire")


def test_a7_55_the_phase_ending_forgets_the_attacks(make_position: Any) -> None:
    pos = around(make_position, [("a-1", "4-6-7", 0), ("a-2", "4-6-7", 0)])
    pos.push_text("fire a-1 at D4 dice 6,5")
    pos.push_text("end")
    assert pos.state.game.fired_at == ()


# --- A7.7 ---


def test_a7_7_opposite_hexsides_encircle_and_the_completing_attack_checks_at_morale_minus_1(
        make_position: Any) -> None:
    pos = around(make_position, [("a-1", "4-6-7", 0), ("a-2", "4-6-7", 3)])  # north and south of D4
    pos.push_text("fire a-1 at D4 dice 6,5")  # 8 FP (PBF), final 11: no effect, but it could NMC
    assert not pos.units["b-1"].has("encircled")
    pos.push_text("fire a-2 at D4 dice 3,5")  # final 8 on the 8 column: NMC; the LOS enter opposite
    text = pos.last_resolution.text()
    assert "the attacks' LOS enter D4 from opposite sides: its units are ENCIRCLED" in text
    assert "(A7.7)" in text
    assert pos.units["b-1"].has("encircled")
    assert "D4 is ENCIRCLED: b's units there check morale at -1 and fire at +1 (A7.7)" in pos.game.status(pos)
    pos.push_text("answer dice 3,4")  # the NMC: 7 against morale 7 - 1: broken
    assert pos.units["b-1"].has("broken")


def test_a7_7_an_attack_on_another_target_in_between_starts_again(make_position: Any) -> None:
    extra = ("b-2", "4-4-7r@H4", None)
    pos = around(make_position, [("a-1", "4-6-7", 0), ("a-2", "4-6-7", 3), ("a-3", "4-6-7@G4", None), extra])
    pos.push_text("fire a-1 at D4 dice 6,5")
    pos.push_text("fire a-3 at H4 dice 6,5")  # another target between the two
    pos.push_text("fire a-2 at D4 dice 6,5")
    assert not pos.units["b-1"].has("encircled")


def test_a7_7_two_hexsides_not_opposite_do_not(make_position: Any) -> None:
    pos = around(make_position, [("a-1", "4-6-7", 0), ("a-2", "4-6-7", 2)])  # N and SE: 120 degrees apart
    pos.push_text("fire a-1 at D4 dice 6,5")
    pos.push_text("fire a-2 at D4 dice 6,5")
    assert not pos.units["b-1"].has("encircled")


def test_a7_71_one_fire_group_round_its_target_encircles_it(make_position: Any) -> None:
    # the A7.71 example's FG in T3-U4-U5-T5 round T4: here N, NE, SE and S of D4, each beside the next
    units = [("a-1", "4-6-7", 0), ("a-2", "4-6-7", 1), ("a-3", "4-6-7", 2), ("a-4", "4-6-7", 3)]
    pos = around(make_position, units)
    pos.push_text("fire a-1,a-2,a-3,a-4 at D4 dice 6,5")
    assert pos.units["b-1"].has("encircled")


def test_a7_7_not_in_the_mph(make_position: Any) -> None:
    # defenders north and south of D5 First Fire at a mover entering it: no Encirclement in the MPh
    probe = around(make_position, [])
    d5 = probe.map.parse_label("D5")
    north, south, start = (probe.map.label(h) for h in (probe.map.neighbors(d5)[i] for i in (0, 3, 2)))
    pos = around(make_position, [("b-2", f"4-6-7@{south}", None), ("a-9", f"4-6-7@{start}", None)],
                 phase="MPh")
    assert north == TARGET  # b-1 is the northern firer
    pos.push_text(f"move a-9 {start}-D5")
    pos.push_text("fire b-1 at D5 dice 6,6")
    pos.push_text("fire b-2 at D5 dice 6,6")
    assert pos.state.game.encircle_run is None and not pos.units["a-9"].has("encircled")


def test_a7_7_the_encircled_fire_at_plus_1_pay_double_to_leave_and_lose_the_mark(make_position: Any) -> None:
    pos = around(make_position, [("a-1", "4-6-7", 0), ("a-2", "4-6-7", 3), ("b-9", "4-6-7@D8", None)])
    pos.push_text("fire a-1 at D4 dice 6,5")
    pos.push_text("fire a-2 at D4 dice 6,5")  # no effect, but encircled
    assert pos.units["b-1"].has("encircled")
    while pos.phase.id != "DFPh":
        pos.push_text("end")
    fire = pos.parse_action("fire b-1 at D3 dice 3,4")
    assert "encircled firer" in pos.resolve(fire).text()  # +1 (A7.7)
    while pos.phase.id != "MPh" or pos.phasing != "b":
        while pos.decision is not None:
            pos.push_text("answer dice 6,5" if pos.decision.kind == "roll"
                          else "answer none" if pos.decision.then == "volbreak" else "answer pass")
        pos.push_text("end")
    moves = pos.legal_actions.moves_for({"b-1"})
    sw = pos.map.neighbors(pos.map.parse_label(TARGET))[4]
    assert moves[sw].cost == 2  # open ground 1 MF, doubled: the first Location it enters (A7.7)
    pos.push_text(f"move b-1 D4-{pos.label(sw)}")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert not pos.units["b-1"].has("encircled") and pos.state.game.encircled == ()
