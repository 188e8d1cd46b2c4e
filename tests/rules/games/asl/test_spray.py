"""Spraying Fire in play (A9.5-A9.52): the A9.5 example's 5-4-8 and LMG in G4 spraying H3 and I4, on a test
board with a wooden building (+2, demo value) in H3; declared before the DR, both Locations attacked with the
same Original DR at half FP each. Counters from the demo catalogue, the IFT from the demo pack."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
UNITS = [
    {"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "G4"},
    {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "G4", "carrier": "a-1"},
    {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "H3"},
    {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "I4"},
]


def board(make_position: Any) -> Any:
    hexes = {"H3": {"terrain": "wooden-building"}}
    return make_position("asl", UNITS, "PFPh", counters=COUNTERS, hexes=hexes)


def test_t9_5_the_5_4_8_and_its_lmg_spray_h3_at_8_fp_plus_2_and_i4_at_4_fp(make_position: Any) -> None:
    pos = board(make_position)
    pos.push_text("fire a-1,a-lmg at H3")
    top = pos.decision
    assert top.then == "spray" and top.rule == "A9.5" and "I4" in {pos.label(h) for h in top.hexes}
    assert "G4" not in {pos.label(h) for h in top.hexes}  # never the firer's own Location (A7.212)
    pos.push_text("answer hex I4")
    pos.push_text("answer dice 3,4")  # one Original DR for both
    text = pos.last_resolution.text()
    assert "5 FP x2 Point Blank Fire (A7.21) x1/2 Area Fire: spraying fire (A9.5) = 5 FP" in text
    assert "a-lmg (LMG): 3 FP x2 Point Blank Fire (A7.21) x1/2 Area Fire: spraying fire (A9.5) = 3 FP" in text
    assert "8 FP -> 8 column, final DR 9" in text  # H3: 7 + 2 building
    assert "4 FP -> 4 column, final DR 7" in text  # I4: no DRM
    assert "H3: the same Original DR, half FP as Area Fire (A9.5)" in text
    assert set(pos.last_resolution.results) == {"b-1", "b-2"}
    assert str(pos.last_resolution.summary).startswith("fire a-1,a-lmg at H3 dice 3,4: H3 known ")


def test_none_sprays_nothing_and_the_fire_with_its_dice_asks_nothing(make_position: Any) -> None:
    pos = board(make_position)
    pos.push_text("fire a-1,a-lmg at H3")
    pos.push_text("answer none")
    pos.push_text("answer dice 3,4")
    assert set(pos.last_resolution.results) == {"b-1"}
    again = board(make_position)
    again.push_text("fire a-1,a-lmg at H3 dice 3,4")
    assert set(again.last_resolution.results) == {"b-1"} and str(again.replay()) == str(again)


def test_a_squad_without_underlined_range_or_mg_is_not_offered_a_spray(make_position: Any) -> None:
    pos = board(make_position)
    pos.push_text("fire a-1 at H3")  # a 5-4-8 alone: no MG, no underlined range (A7.34, A9.5)
    assert pos.decision.then == "ift"


def test_a9_52_a_sprayed_first_fire_hits_only_the_movers_and_leaves_residual(make_position: Any) -> None:
    from hexmate.rules.games.asl import residual as rfp

    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "D3"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "C6", "carrier": "b-1"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    assert pos.map.parse_label("D3") in pos.map.neighbors(pos.map.parse_label("C3"))
    pos.push_text("move a-1 C1-C2-C3")
    pos.push_text("answer pass")  # C2
    pos.push_text("fire b-1,b-lmg at C3")
    pos.push_text("answer no-lane")  # the LMG could lay a Fire Lane along C6-C3 (A9.22)
    assert pos.decision.then == "spray" and "D3" in {pos.label(h) for h in pos.decision.hexes}
    pos.push_text("answer hex D3")
    pos.push_text("answer dice 6,5")  # no effect; only the mover is hit in the MPh (A8.1)
    assert set(pos.last_resolution.results) == {"a-1"}
    # the movers' Location: (4 + 3) x1/2 = 3 1/2 FP on the 2 column, half of it: 1 Residual FP (A8.2)
    assert {pos.label(r.hex): r.fp for r in rfp.residuals(pos.state)}.get("C3") == 1


def test_a9_52_first_fire_spraying_leaves_residual_where_no_mover_is(make_position: Any) -> None:
    """A9.52, A8.24: the HMG (7 FP) in C4 First Fires at a-1 entering C2 and sprays C3, where a-2 stands
    still: no attack there (A8.1), but Residual FP: 7 x2 PBF x1/2 spray x1/2 no target = 3 1/2, the 2
    column: 1 (C2: 7 x1/2 = 3 1/2, also 1)."""
    from hexmate.rules.games.asl import residual as rfp

    counters = {name: dict(v) for name, v in au.demo_catalogue().items()}
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C4"},
             {"id": "b-hmg", "counter": "HMG", "side": "b", "hex": "C4", "carrier": "b-2"}]
    pos = make_position("asl", units, "MPh", counters=counters)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-hmg at C2")
    if pos.decision is not None and pos.decision.then == "lane_declare":
        pos.push_text("answer no-lane")
    assert pos.decision is not None and pos.decision.then == "spray"
    pos.push_text("answer hex C3")
    pos.push_text("answer dice 5,4")  # coloured 4: the ROF (3) is lost, the HMG leaves its Residual
    left = {pos.label(r.hex): r.fp for r in rfp.residuals(pos.state)}
    assert left == {"C2": 1, "C3": 1}


TOWER = {"terrain": "stone-building", "features": ["building-level-1", "building-level-2", "stairway"]}


def tower(make_position: Any) -> Any:
    """The 5-4-8 and LMG in C2 beside C3, a stone building with levels 1 and 2: b's squads on each level."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2"},
             {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C2", "carrier": "a-1"},
             {"id": "b-0", "counter": "4-4-7r", "side": "b", "hex": "C3"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 1},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C3", "level": 2}]
    return make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C3": TOWER})


def test_a9_5_spraying_two_levels_of_one_building_one_level_apart(make_position: Any) -> None:
    """A9.5: in a building the two Locations may be vertically "adjacent", in one hex and within one level of
    each other: the fire names C3 level 1, sprays level 2 with the same Original DR; the ground level's
    squad is not attacked."""
    pos = tower(make_position)
    pos.push_text("fire a-1,a-lmg at C3")
    pos.push_text("answer h1")  # the target Location (A7.4)
    top = pos.decision
    assert top.then == "spray" and top.choices == ("none", "h0", "h2")
    assert "the target Location: h0, h2), or none" in top.prompt
    pos.push_text("answer h2")
    pos.push_text("answer dice 2,3")
    res = pos.last_resolution
    assert set(res.results) == {"b-1", "b-2"}
    text = res.text()
    assert "C3 level 1: the same Original DR, half FP as Area Fire (A9.5)" in text
    assert "C3 level 2: the same Original DR, half FP as Area Fire (A9.5)" in text
    assert "x1/2 Area Fire: spraying fire (A9.5)" in text


def test_a9_5_no_vertical_spray_two_levels_away(make_position: Any) -> None:
    """A9.5: from the ground level only level 1 is within one level; level 2 is not offered."""
    pos = tower(make_position)
    pos.push_text("fire a-1,a-lmg at C3")
    pos.push_text("answer h0")
    assert pos.decision.then == "spray" and pos.decision.choices == ("none", "h1")


def test_a9_5_spraying_a_bypassing_unit_aims_at_its_vertex(make_position: Any) -> None:
    """A9.5 with A4.34: a-1 bypasses the stone building D4 along D4-C4 and D4-C5 (the A4.34 example's
    analogue, test_bypass.py); b's 4-6-7 and LMG in C7 spray D4 and C5 (a-2 there): the D4 half aims at a
    vertex of the hexsides bypassed, so the building's TEM does not apply and FFNAM and FFMO do (A4.34);
    C5 is attacked with the same Original DR. Numbers: (4 + 3) x1/2 = 3 1/2 FP on the 2 column, 7 - 2 = 5."""
    from .test_bypass import board as bypass_board

    enemy = [{"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C7"},
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "C7", "carrier": "b-1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C5"}]
    pos = bypass_board(make_position, enemy)
    pos.push_text("move a-1 D3-D4-D5 as bypass:C4,C5")
    pos.push_text("fire b-1,b-lmg at D4")
    if pos.decision.then == "lane_declare":
        pos.push_text("answer no-lane")
    assert pos.decision.then == "spray" and "C5" in {pos.label(h) for h in pos.decision.hexes}
    pos.push_text("answer hex C5")
    pos.push_text("answer dice 3,4")
    text = pos.last_resolution.text()
    assert "moving in Open Ground (FFMO): -1 (A4.34)" in text and "stone-building" not in text
    assert "3 1/2 FP -> 2 column, final DR 5" in text
    assert "C5: the same Original DR, half FP as Area Fire (A9.5)" in text
