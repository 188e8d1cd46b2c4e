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


# --- A7.72: an upper level with no way down ---
# The text gives no worked example: C3 is a two-level stone building hex with a stairway (the analogue
# board of test_fire_levels.py); C4 joins it at level 1 where the test says so.

UPPER = {"terrain": "stone-building", "features": ["building-level-1", "building-level-2", "stairway"]}


def upper(make_position: Any, units: list[dict[str, Any]], hexes: dict[str, Any] | None = None) -> Any:
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes=hexes or {"C3": UPPER})
    pos.push_text("end")  # any change: the marks are checked after it (game.settle)
    return pos


def test_a7_72_an_armed_enemy_at_ground_level_below_encircles_the_upper_level(make_position: Any) -> None:
    pos = upper(make_position, [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 1},
                                {"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3", "level": 0}])
    assert pos.units["b-1"].has("encircled")
    assert pos.units["a-1"].has("encircled") is False  # ground level: A7.72 is about upper levels


def test_a7_72_level_2_is_cut_off_by_an_enemy_at_level_1_and_the_ground_level_is_not(
        make_position: Any) -> None:
    pos = upper(make_position, [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 2},
                                {"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3", "level": 1}])
    assert pos.units["b-1"].has("encircled")
    assert not pos.units["a-1"].has("encircled")  # its stairs down are free


def test_a7_72_broken_concealed_or_unarmed_enemies_do_not_cut_the_way(make_position: Any) -> None:
    for extra in ({"markers": ["broken"]}, {"concealed": True}, {"markers": ["unarmed"]}):
        pos = upper(make_position, [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 1},
                                    {"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3", "level": 0,
                                     **extra}])
        assert not pos.units["b-1"].has("encircled"), extra


def test_a7_72_a_way_through_the_building_next_door_keeps_it_free(make_position: Any) -> None:
    side = {"terrain": "stone-building", "features": ["building-level-1", "stairway"]}
    units = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 1},
             {"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3", "level": 0}]
    pos = upper(make_position, units, {"C3": UPPER, "C4": side})
    assert not pos.units["b-1"].has("encircled")  # C3 level 1 - C4 level 1 - the stairs down in C4
    blocked = upper(make_position, [*units, {"id": "a-2", "counter": "5-4-8", "side": "a", "hex": "C4"}],
                    {"C3": UPPER, "C4": side})
    assert blocked.units["b-1"].has("encircled")
    fire = {**side, "features": [*side["features"], "blaze"]}
    burning = upper(make_position, units, {"C3": UPPER, "C4": fire})
    assert burning.units["b-1"].has("encircled")  # fire blocks the way too (A7.72)


def test_a7_72_heroes_and_berserk_units_are_not_encircled(make_position: Any) -> None:
    pos = upper(make_position, [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 1,
                                 "markers": ["berserk"]},
                                {"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3", "level": 0}])
    assert not pos.units["b-1"].has("encircled")


def test_a7_72_the_encirclement_ends_the_moment_a_path_opens(make_position: Any) -> None:
    """The blocking squad breaks under fire: the upper level's mark goes at once (A7.72), and with it the
    morale -1 of A7.7."""
    pos = make_position("asl", [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 1},
                                {"id": "a-1", "counter": "4-4-7r", "side": "a", "hex": "C3", "level": 0},
                                {"id": "b-2", "counter": "5-4-8", "side": "b", "hex": "D3"},
                                {"id": "b-3", "counter": "5-4-8", "side": "b", "hex": "B3"}],
                        "PFPh", counters=COUNTERS, hexes={"C3": UPPER}, first_side="b")
    pos.push_text("fire b-3 at C3 dice 6,6")  # no effect
    while pos.decision is not None:
        pos.push_text("answer dice 6,6" if pos.decision.kind == "roll" else "answer pass")
    assert pos.units["b-1"].has("encircled")
    pos.push_text("fire b-2 at C3 dice 1,1")
    while pos.decision is not None:
        pos.push_text("answer dice 6,6" if pos.decision.kind == "roll" else "answer pass")
    assert pos.units["a-1"].has("broken")
    assert not pos.units["b-1"].has("encircled") and not pos.units["b-1"].has("encircled_upper")
