"""A8.15 Snap Shot by a unit's own Defensive First Fire at the hexside a mover crosses (snap.py), from the
A8.15 example on a test board with board 1's labels: the J4 and H5 buildings hide H7 and G7 from K2, not the
whole H7-G7 hexside (tests/rules/games/asl/test_los.py checks the same on the board 1 analogue)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import residual as rfp
from hexmate.rules.games.asl import snap
from hexmate.rules.games.asl import special as sp
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["MMG4"] = {**COUNTERS["MMG"], "fp": 4}  # the example's 4 FP MMG
BUILDINGS = {"J4": "stone-building", "H5": "stone-building"}
# the example's walls: H7-H6 and G7-H6
WALLS = [{"hex": "H7", "side": "N", "features": ["wall"]}, {"hex": "G7", "side": "NE", "features": ["wall"]}]


def example(make_position: Any, *extra: dict[str, Any], hexes: dict[str, str] | None = None,
            hexsides: list[dict[str, Any]] | None = None) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "I7"},
             {"id": "b-527", "counter": "5-2-7", "side": "b", "hex": "H5"},
             {"id": "b-447", "counter": "4-4-7", "side": "b", "hex": "K2"},
             {"id": "b-mmg", "counter": "MMG4", "side": "b", "hex": "K2", "carrier": "b-447"}, *extra]
    return make_position("asl", units, "MPh", counters=COUNTERS, hexes={**BUILDINGS, **(hexes or {})},
                         hexsides=hexsides)


def snap_at(pos: Any, firers: str, dice: str = "6,5") -> str:
    assert snap.CHOICE in pos.decision.choices
    pos.push_text("answer snap")
    assert pos.decision.then == snap.OFFER and pos.decision.rule == "A8.15"
    pos.push_text(f"answer units {firers}")
    assert pos.decision.then == "ift" and pos.decision.rule == "A8.15"
    pos.push_text(f"answer dice {dice}")
    return str(pos.last_resolution.text())


def test_a815_example_the_5_2_7_snaps_2_and_a_half_fp_at_0_tem_instead_of_5_fp_at_plus_2(
        make_position: Any) -> None:
    """A8.15 example: the 5-2-7 in H5 may attack the 4-6-7 Assault Moving from I7 into H7 (a +2 TEM hex here)
    with 5 FP at +2 TEM, or Snap Shoot the H7-I7 hexside with 2 1/2 FP at 0 TEM (no TEM, no FFNAM/FFMO)."""
    pos = example(make_position, hexes={"H7": "wooden-building"})
    pos.push_text("move a-1 I7-H7 as assault")
    plain = pos.resolve(pos.parse_action("fire b-527 at H7 dice 6,5")).text()
    assert "= 5 FP" in plain and "+2" in plain
    text = snap_at(pos, "b-527")
    assert "5 FP x1/2 Area Fire: Snap Shot (A8.15) = 2 1/2 FP" in text
    assert "target terrain" not in text and "FFNAM" not in text and "Final DR: 11 +0 = 11" in text


def test_a815_example_the_4_4_7_sees_only_the_hexside_1_fp_and_the_walls_plus_2(make_position: Any) -> None:
    """A8.15 example: the 4-4-7 in K2 sees neither H7 nor G7 but the whole H7-G7 hexside: as the 4-6-7 goes on
    to G7 it Snap Shoots without its MG at 1 FP (4 / 2 Snap Shot = 2 / 2 long range = 1); with walls on
    H7-H6 and G7-H6 the Snap Shot has a +2 DRM. It is no ordinary fire at G7 (no LOS)."""
    for walls, drm in ((None, "+0"), (WALLS, "+2")):
        pos = example(make_position, hexsides=walls)
        pos.push_text("move a-1 I7-H7-G7")
        pos.push_text("answer pass")
        assert pos.decision.kind == "react" and pos.label(pos.decision.target) == "G7"
        assert not any(a.kind == "fire" and "b-447" in a.text() for a in pos.legal_actions)  # no LOS to G7
        text = snap_at(pos, "b-447")
        assert "4 FP x1/2 Long Range (A7.22) x1/2 Area Fire: Snap Shot (A8.15) = 1 FP" in text
        assert f"Final DR: 11 {drm} = {11 + int(drm)}" in text and "FFMO" not in text
        if walls:
            assert "wall crossed on the way to the hexside: +2 (A8.15)" in text


def test_a815_example_the_mmg_alone_snaps_at_2_fp(make_position: Any) -> None:
    """A8.15 example: using its (4 FP) MMG, within its range of 12: 4 / 2 = 2 FP (the example's further
    halving is for a Dash, A4.63, not on this board); the MMG takes its First Fire counter."""
    pos = example(make_position)
    pos.push_text("move a-1 I7-H7-G7")
    pos.push_text("answer pass")
    text = snap_at(pos, "b-mmg", "3,4")
    assert "4 FP x1/2 Area Fire: Snap Shot (A8.15) = 2 FP" in text
    assert pos.units["b-mmg"].has("first_fire")


def test_a815_once_a_hexside_no_residual_and_other_attacks_after(make_position: Any) -> None:
    """A8.15: one Snap Shot by a firer at a unit crossing a hexside; A8.223: it leaves no Residual FP; the
    firer may attack again after it (here First Fire in H7, which it sees): the window stays open for it."""
    pos = example(make_position)
    pos.push_text("move a-1 I7-H7")
    snap_at(pos, "b-527")
    assert rfp.residuals(pos.state) == ()
    assert pos.decision.kind == "react"
    assert any(a.kind == "fire" and a.firers == ("b-527",) for a in pos.legal_actions)
    assert snap.CHOICE not in pos.decision.choices  # no other unit may: b-447 does not see the whole I7-H7
    with pytest.raises(IllegalAction):
        pos.push_text("answer snap")
    side = (pos.map.parse_label("I7"), pos.map.parse_label("H7"))
    assert "already Snap Shot" in str(snap.why_not(pos, pos.units["b-527"], side, pos.decision))


def test_a815_refused_in_the_firers_hex_without_the_whole_hexside_and_with_a_ft(make_position: Any) -> None:
    """A8.15: never at a unit entering the firer's hex; only with LOS to the whole hexside; only small arms
    and MGs (a FT is neither)."""
    extra = ({"id": "b-g7", "counter": "4-4-7", "side": "b", "hex": "G7"},
             {"id": "b-far", "counter": "4-4-7", "side": "b", "hex": "A1"},
             {"id": "b-ft", "counter": "FT", "side": "b", "hex": "K2", "carrier": "b-447"})
    pos = example(make_position, *extra, hexes={"B2": "stone-building", "B1": "stone-building",
                                                "A2": "stone-building"})
    pos.push_text("move a-1 I7-H7")
    pos.push_text("answer snap")
    offered = pos.decision.units
    assert "b-far" not in offered and "b-ft" not in offered and "b-527" in offered
    crossed = (pos.map.parse_label("I7"), pos.map.parse_label("H7"))
    for firer, words in (("b-far", "no LOS to the whole"), ("b-ft", "is no MG")):
        with pytest.raises(IllegalAction) as refused:
            pos.push_text(f"answer units {firer}")
        assert "A8.15" in str(refused.value)
        assert words in str(snap.why_not(pos, pos.units[firer], crossed, None))
    into_g7 = (pos.map.parse_label("H7"), pos.map.parse_label("G7"))
    assert "in the hex the movers enter" in str(snap.why_not(pos, pos.units["b-g7"], into_g7, None))


def _smoked(pos: Any, label: str) -> Any:
    gs = pos.state.game
    smoke = ((pos.map.parse_label(label), sp.Smoke("grenade")),)
    return pos.at(pos.state.replace(game=gs.replace(smoke=smoke)))


@pytest.mark.parametrize(("label", "drm"), [
    ("I7", 2),  # the hex left, on the firer's side of the hexside: the thread crosses it, +2 (A24.2)
    ("H7", 0),  # the hex entered, beyond the hexside: the thread never enters it
    ("H6", 2),  # a hex on the way: SMOKE as in any LOS (A24.2)
])
def test_a815_smoke_in_the_hex_entered_or_left_counts_only_where_the_thread_crosses_it(
        make_position: Any, label: str, drm: int) -> None:
    """A8.15: none of the target hex's TEM, but SMOKE in the hex entered or left modifies a Snap Shot when
    the thread to the hexside crosses it. The 5-2-7 in H5 sees the I7-H7 hexside (H7's north-east side)
    across H6 and I7; grenade SMOKE is +2 (A24.2). The Snap Shot's DR (6,5: 11) shows it on its own line."""
    pos = example(make_position)
    pos.push_text("move a-1 I7-H7")
    pos = _smoked(pos, label)
    side = (pos.map.parse_label("I7"), pos.map.parse_label("H7"))
    assert snap.smoke_drm(pos, pos.units["b-527"], side) == drm
    text = snap_at(pos, "b-527")
    assert f"Final DR: 11 +{drm} = {11 + drm}" in text
    assert ("SMOKE: +2 (A8.15)" in text) == bool(drm)


def test_a815_a_snap_shot_not_offered_is_refused_with_the_reason(make_position: Any) -> None:
    """A8.15: answering ``snap`` where it was not offered says why: here the only unit that sees the whole
    I7-H7 hexside has snapped at it already; before any move there is no hexside crossed."""
    pos = example(make_position)
    pos.push_text("move a-1 I7-H7")
    snap_at(pos, "b-527")
    with pytest.raises(IllegalAction, match=r"A8\.15") as refused:
        pos.push_text("answer snap")
    said = str(refused.value)
    assert "not an answer" not in said and "b-527 has already Snap Shot" in said
    assert "b-447 has no LOS to the whole I7-H7 hexside" in said
