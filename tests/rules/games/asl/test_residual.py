"""Residual FP (A8.2-A8.26) and MG Fire Lanes (A9.22-A9.223): the values from the text's examples (A8.23,
A8.26 #1 and #2, A9.221, A9.222), then in play on a test board: left by First Fire, attacking the next mover
once and first, left out for a MG that keeps its rate of fire, none after a malfunction, gone at the end of
the MPh; a lane declared, laid, attacking along its row and ended by its MG's malfunction. Counters from the
demo catalogue, the IFT from the demo pack (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.charts import load_pack
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import residual as rfp
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["pz"] = {"type": "vehicle", "vehicle": "demo-pz-g"}
AXIS = load_pack("rules/games/asl/charts/demo.json", "asl").chart("ift").axis("fp")


# --- the text's numbers ---


def test_a8_26_a_6_residual_is_4_with_plus_1_and_2_with_plus_2() -> None:
    assert [rfp.residual_value(AXIS, 12, n) for n in (0, 1, 2)] == [6, 4, 2]


def test_a8_26_example_1_woods_tem_keeps_2_a_grain_hindrance_leaves_1() -> None:
    # 4 FP First Fire from R6 at T7 (woods +1 is the target's own TEM): 2; from T9 through T8's grain: 1
    assert rfp.residual_value(AXIS, 4, 0) == 2
    assert rfp.residual_value(AXIS, 4, 1) == 1


def test_a8_26_example_2_only_the_hedge_counts_not_the_leader_or_ffnam() -> None:
    # a 4-6-7 directed by a 9-2 at Z2, DRM -2 +1 hedge -1 FFNAM: only the +1 counts, 1 Residual FP in Z2
    assert rfp.residual_value(AXIS, 4, 1) == 1


def test_a8_26_through_a_wall_nothing_is_left() -> None:
    assert rfp.residual_value(AXIS, 4, 2) == 0  # 2 -> 1 -> off the chart


def test_a8_2_half_the_column_frd_and_never_above_12() -> None:
    # the 6 column's half is 3, and the counter placed the highest not above it: 2 (A7.372's exception)
    assert [rfp.residual_value(AXIS, c, 0) for c in (1, 2, 6, 8, 24, 36)] == [0, 1, 2, 4, 12, 12]


def test_a8_23_the_squad_leaves_2_while_the_mmg_keeps_its_rof() -> None:
    # 4-6-7 and MMG, 9 FP of First Fire; the MMG keeps its ROF: the squad's 4 FP leaves 2
    assert rfp.residual_value(AXIS, 4, 0) == 2


def test_a9_222_example_lane_2_in_z4_aa5_bb5_4_in_y4_and_the_squads_residual_1() -> None:
    mmg = COUNTERS["MMG"]["fp"]  # 5 FP: the 4 column, one left: 2
    assert rfp.lane_value(AXIS, mmg) == 2 and rfp.lane_value(AXIS, mmg) * 2 == 4  # PBF next to the MG
    assert rfp.residual_value(AXIS, 4, 1) == 1  # the 4-6-7's own, +1 grain (the -1 leader does not count)
    assert rfp.residual_value(AXIS, 4, 2) == 0  # had the 4-6-7 been CX


def test_a9_222_example_b_an_hmg_lane_is_4_and_8_next_to_it() -> None:
    hmg = COUNTERS["HMG"]["fp"]  # 7 FP: the 6 column, one left: 4
    assert rfp.lane_value(AXIS, hmg) == 4


def test_a9_22_hex_rows() -> None:
    from hexmate.rules.hexes import Hex

    row = rfp.hex_row(Hex(0, 0), Hex(0, 2), 4)
    assert row == [Hex(0, 1), Hex(0, 2), Hex(0, 3), Hex(0, 4)]
    assert rfp.hex_row(Hex(0, 0), Hex(1, 1), 4) == []  # not on a hex row (an alternate grain, A9.221)


# --- in play ---


def board(make_position: Any, extra: list[dict[str, Any]] | None = None) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "B1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C6"}] + (extra or [])
    return make_position("asl", units, "MPh", counters=COUNTERS)


def test_first_fire_leaves_residual_that_attacks_the_next_mover_once_and_first(make_position: Any) -> None:
    pos = board(make_position)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-1 at C2 dice 6,5")  # 4 FP on the 4 column, FFNAM/FFMO do not lower it
    pos.push_text("answer pass")
    assert [(r.hex, r.fp, r.side) for r in rfp.residuals(pos.state)] == [(pos.map.parse_label("C2"), 2, "b")]
    assert "Residual FP 2 at C2 (b's fire) until the end of the MPh (A8.2)" in pos.game.status(pos)
    assert pos.game.marks(pos) == {pos.map.parse_label("C2"): "residual"}
    pos.push_text("move a-2 B1-C2-C3")
    top = pos.decision
    assert top.then == "residual" and top.side == "b" and top.subject == ("a-2",)  # before the window
    pos.push_text("answer dice 2,1")  # 3 - 1 FFNAM - 1 FFMO = 1 on the 2 column: 1KIA
    text = pos.last_resolution.text()
    assert "Residual FP at C2: 1KIA" in text and "2 FP -> 2 column, final DR 1 -> 1KIA" in text
    assert "a-2" not in pos.units  # the only unit there: eliminated by Random Selection (A.9)
    pos.push_text("answer pass")  # the window the entry opened closes: the move is over
    assert pos.decision is None and pos.state.moving is None


def test_a_unit_is_attacked_by_one_locations_residual_only_once(make_position: Any) -> None:
    pos = board(make_position)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-1 at C2 dice 6,5")
    pos.push_text("answer pass")
    pos.push_text("move a-2 B1-C2-B2-C2")  # back into C2: the same Residual, no higher
    assert pos.decision.then == "residual"
    pos.push_text("answer dice 6,6")  # no effect
    while pos.decision is not None and pos.decision.then != "residual":
        pos.push_text("answer pass")
    assert pos.decision is None  # C2 again: no second Residual attack (A8.22)


def test_a8_21_one_residual_counter_a_location_a_larger_one_replaces_it(make_position: Any) -> None:
    """A8.21: a Location holds one Residual FP counter; a later attack leaving a larger one replaces it, a
    smaller or equal one leaves it as it is."""
    pos = board(make_position)
    c2 = pos.map.parse_label("C2")
    state = rfp.place(pos, pos.state, c2, 2, "b")
    state = rfp.place(pos, state, c2, 1, "b")
    assert [(r.hex, r.fp) for r in rfp.residuals(state)] == [(c2, 2)]
    state = rfp.place(pos, state, c2, 4, "b")
    assert [(r.hex, r.fp) for r in rfp.residuals(state)] == [(c2, 4)]


def test_a8_224_a_residual_attack_never_cowers(make_position: Any) -> None:
    """A8.224: an attack by Residual FP does not cower: doubles (3,3) on the 2 Residual FP in C2, no leader
    directing, shift no column: 6 - 1 FFNAM - 1 FFMO = 4 on the 2 column itself."""
    pos = board(make_position)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-1 at C2 dice 6,5")
    pos.push_text("answer pass")
    pos.push_text("move a-2 B1-C2-C3")
    assert pos.decision.then == "residual"
    pos.push_text("answer dice 3,3")
    text = pos.last_resolution.text()
    assert "Cowering" not in text and "2 FP -> 2 column, final DR 4" in text


def test_residual_goes_at_the_end_of_the_mph(make_position: Any) -> None:
    pos = board(make_position)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-1 at C2 dice 6,5")
    pos.push_text("answer pass")
    pos.push_text("end")
    assert rfp.residuals(pos.state) == () and pos.game.marks(pos) == {}


def test_a8_23_a_mg_keeping_its_rof_leaves_the_residual_of_the_rest(make_position: Any) -> None:
    extra = [{"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-mmg", "counter": "MMG", "side": "b", "hex": "C6", "carrier": "b-2"}]
    pos = board(make_position, extra)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-2,b-mmg at C2 dice 6,2")  # 9 FP: the 8 column; coloured 2: the MMG keeps its ROF
    assert "b-mmg keeps its multiple ROF" in pos.last_resolution.text()
    assert [r.fp for r in rfp.residuals(pos.state)] == [2]  # the 4-6-7's 4 FP alone: 2, not 4
    pos.push_text("answer dice 1,2")  # a-1's 1MC (8 column, final DR 6): passed
    top = pos.decision  # the owner may give the ROF up for the whole attack's Residual
    assert top.then == "rof_residual" and top.choices == ("keep-rof", "residual") and top.arg("whole") == "4"
    pos.push_text("answer residual")
    assert [r.fp for r in rfp.residuals(pos.state)] == [4] and pos.units["b-mmg"].has("first_fire")


def test_a8_23_keeping_the_rof_keeps_the_smaller_residual(make_position: Any) -> None:
    extra = [{"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-mmg", "counter": "MMG", "side": "b", "hex": "C6", "carrier": "b-2"}]
    pos = board(make_position, extra)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-2,b-mmg at C2 dice 6,2")
    pos.push_text("answer dice 1,2")  # a-1's 1MC: passed
    pos.push_text("answer keep-rof")
    assert [r.fp for r in rfp.residuals(pos.state)] == [2] and not pos.units["b-mmg"].has("first_fire")


def test_a8_221_no_residual_after_a_malfunction(make_position: Any) -> None:
    extra = [{"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "C6", "carrier": "b-2"}]
    pos = board(make_position, extra)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-2,b-lmg at C2 dice 6,6")  # Original 12: the LMG malfunctions (B12)
    assert pos.units["b-lmg"].has("malfunctioned")
    assert rfp.residuals(pos.state) == ()


def lane_board(make_position: Any) -> Any:
    extra = [{"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-mmg", "counter": "MMG", "side": "b", "hex": "C6", "carrier": "b-2"}]
    return board(make_position, extra)


def test_a9_22_a_lane_declared_laid_and_attacking_along_its_row(make_position: Any) -> None:
    pos = lane_board(make_position)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-mmg at C2")
    assert pos.decision.then == "lane_declare" and pos.decision.choices == ("lane", "no-lane")
    pos.push_text("answer lane")
    assert pos.decision.then == "spray" and pos.decision.choices == ("none",)  # a-2 in B1 is next to C2
    pos.push_text("answer none")
    pos.push_text("answer dice 6,1")  # coloured 1 would keep the ROF, but a lane gives it up (A9.22)
    assert pos.units["b-mmg"].has("first_fire")
    assert pos.last_resolution.results == {"a-1": "1MC"}  # 5 FP, 7 - 2 FFNAM/FFMO = 5 on the 4 column
    pos.push_text("answer dice 1,2")  # a-1's 1MC: 3 + 1 passes
    assert pos.decision.then == "lane_place"
    assert {pos.label(h) for h in pos.decision.hexes} == {"C2", "C1"}  # C2, or beyond it within range 12
    pos.push_text("answer hex C1")
    (lane,) = rfp.lanes(pos)
    assert [pos.label(h) for h in lane.hexes] == ["C5", "C4", "C3", "C2", "C1"] and lane.fp == 2
    assert lane.fp_at(pos.map.parse_label("C5")) == 4  # PBF next to the MG
    status = pos.game.status(pos)
    said = ("b-mmg's Fire Lane: 2 FP along C5, C4, C3, C2, C1 (4 FP next to it) until the end of the MPh "
            "(A9.22)")
    assert said in status
    assert pos.game.marks(pos)[pos.map.parse_label("C4")] == "lane"
    assert pos.game.marks(pos)[pos.map.parse_label("C2")] == "lane"  # the MG alone leaves its lane only
    assert rfp.residuals(pos.state) == ()
    while pos.decision is not None:
        pos.push_text("answer pass")
    # a-2 enters the lane at C1 (B1 is off its row)
    pos.push_text("move a-2 B1-C1")
    top = pos.decision
    assert top.then == "residual" and top.arg("kind") == "lane" and top.arg("fp") == "2"
    pos.push_text("answer dice 6,6")  # Original 12: the MMG's B#: it malfunctions and the lane ends (A9.223)
    assert "the MG malfunctions and its Fire Lane ends" in pos.last_resolution.text()
    assert pos.units["b-mmg"].has("malfunctioned") and rfp.lanes(pos) == ()


def test_a9_22_a_lane_mg_fires_no_more_in_the_mph(make_position: Any) -> None:
    pos = lane_board(make_position)
    pos.push_text("move a-1 C1-C2-C3")
    pos.push_text("fire b-mmg at C2")
    pos.push_text("answer lane")
    if pos.decision.then == "spray":
        pos.push_text("answer none")
    pos.push_text("answer dice 6,5")
    pos.push_text("answer hex C2")
    while pos.decision is not None and pos.decision.then != "move_on":
        pos.push_text("answer pass")
    pos.push_text("answer pass")  # on to C3: the lane is not in C3
    with pytest.raises(IllegalAction, match=r"A9\.22"):
        pos.push_text("fire b-mmg at C3 dice 3,4")


def test_a_fire_given_with_its_dice_lays_no_lane(make_position: Any) -> None:
    pos = lane_board(make_position)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-mmg at C2 dice 6,1")
    assert rfp.lanes(pos) == () and not pos.units["b-mmg"].has("first_fire")  # it kept its ROF
    assert str(pos.replay()) == str(pos)


def test_a9_22_no_lane_after_its_user_cowered(make_position: Any) -> None:
    pos = lane_board(make_position)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-mmg at C2")
    pos.push_text("answer lane")
    if pos.decision.then == "spray":
        pos.push_text("answer none")
    pos.push_text("answer dice 5,5")  # doubles, undirected: the 4-6-7 cowers (A7.9)
    assert "Cowering" in pos.last_resolution.text()
    assert all(d.then != "lane_place" for d in pos.state.decisions) and rfp.lanes(pos) == ()
    # A7.9: the units of an attack that cowers take the Final Fire counter, the lane's MG and its user too
    assert pos.units["b-mmg"].has("final_fire") and pos.units["b-2"].has("final_fire")


def test_a7_55_a_lane_fires_apart_from_its_squad_a_plain_mg_may_not(make_position: Any) -> None:
    pos = lane_board(make_position)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-mmg at C2 dice 6,5")  # no lane: the MG and its squad should have fired as one
    with pytest.raises(IllegalAction, match=r"A7\.55"):
        pos.push_text("fire b-2 at C2 dice 6,5")
    laid = lane_board(make_position)
    laid.push_text("move a-1 C1-C2")
    laid.push_text("fire b-mmg at C2")
    laid.push_text("answer lane")
    if laid.decision.then == "spray":
        laid.push_text("answer none")
    laid.push_text("answer dice 6,5")
    laid.push_text("answer hex C2")
    laid.push_text("fire b-2 at C2 dice 6,5")  # a Fire Lane is exempt from the Mandatory Fire Group (A7.55)
    assert laid.units["b-2"].has("first_fire")


def alternate_lane(make_position: Any, *extra: dict[str, Any]) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "J7"},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "L8"},
             {"id": "b-mmg", "counter": "MMG", "side": "b", "hex": "L8", "carrier": "b-2"}, *extra]
    return make_position("asl", units, "MPh", counters=COUNTERS)


def lay_left_lane_to_j5(pos: Any) -> None:
    pos.push_text("move a-1 J7-K7")
    pos.push_text("fire b-mmg at K7")
    pos.push_text("answer lane-left")
    while pos.decision.then == "spray":
        pos.push_text("answer none")
    pos.push_text("answer dice 6,5")
    while pos.decision.then != "lane_place":
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer dice 1,1")
    pos.push_text("answer hex J5")
    while pos.decision is not None:
        pos.push_text("answer pass")


@pytest.mark.parametrize("snap", [True, False])
def test_a9_221_a_snap_shot_at_the_hexside_the_lane_runs_along(make_position: Any, snap: bool) -> None:
    """A9.221: a-2 crosses the K8-L7 hexside, which the LEFT lane's LOF runs along, into K8, a Location of
    the lane: the lane's owner may Snap Shot it there at the lane's 2 FP with A8.15's DRMs (no TEM, no
    FFNAM/FFMO), and then the lane does not attack it again in K8; passing, the lane attacks as it enters
    K8, at 4 FP next to the MG (A9.22)."""
    pos = alternate_lane(make_position, {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "L7"})
    lay_left_lane_to_j5(pos)
    (lane,) = rfp.lanes(pos)
    assert frozenset(map(pos.map.parse_label, ("K8", "L7"))) in lane.sides
    pos.push_text("move a-2 L7-K8")
    top = pos.decision
    assert top.then == "lane_snap" and top.side == "b" and top.choices == ("snap", "pass")
    pos.push_text("answer snap" if snap else "answer pass")
    top = pos.decision
    assert top.then == "residual" and top.arg("fp") == ("2" if snap else "4")
    pos.push_text("answer dice 6,5")
    text = pos.last_resolution.text()
    assert ("Snap Shot" in text) is snap and ("(FFNAM)" in text) is not snap
    assert not any(d.then in ("residual", "lane_snap") for d in pos.state.decisions)  # once only


def test_t9_221_a_lane_laid_along_an_alternate_grain_in_play(make_position: Any) -> None:
    """T-9.221 (A9.221 example) in play on the test board's hexes of the example's labels: the MMG in L8 fires
    at a mover in K7, on the L8-K7-J5 alternate grain line; its owner declares the LEFT side, and the lane
    laid out to J5 covers K8 (4: PBF next to the MG), K7 and J6 (2 each) and J5, as the example gives them."""
    pos = alternate_lane(make_position)
    pos.push_text("move a-1 J7-K7")
    pos.push_text("fire b-mmg at K7")
    top = pos.decision
    assert top.then == "lane_declare" and top.choices == ("lane-left", "lane-right", "no-lane")
    assert top.rule == "A9.221"
    pos.push_text("answer lane-left")
    while pos.decision.then == "spray":
        pos.push_text("answer none")
    pos.push_text("answer dice 6,5")  # no effect: the lane is laid all the same
    while pos.decision.then != "lane_place":
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer dice 1,1")
    assert {"K7", "J6", "J5"} <= {pos.label(h) for h in pos.decision.hexes}
    assert "K8" not in {pos.label(h) for h in pos.decision.hexes}  # not short of the target
    pos.push_text("answer hex J5")
    (lane,) = rfp.lanes(pos)
    assert [pos.label(h) for h in lane.hexes] == ["K8", "K7", "J6", "J5"]
    assert {pos.label(h): lane.fp_at(h) for h in lane.hexes} == {"K8": 4, "K7": 2, "J6": 2, "J5": 2}


def test_a9_223_a_lane_mg_firing_tpbf_into_its_own_location_cancels_its_lane(make_position: Any) -> None:
    """A9.223: the lane's MG may fire again only TPBF at units entering its own Location, and its lane is then
    cancelled; a fire elsewhere (not allowed in play, A9.22) would leave it."""
    pos = lane_board(make_position)
    pos.push_text("move a-1 C1-C2-C3")
    pos.push_text("fire b-mmg at C2")
    pos.push_text("answer lane")
    if pos.decision.then == "spray":
        pos.push_text("answer none")
    pos.push_text("answer dice 6,5")
    pos.push_text("answer hex C2")
    (lane,) = rfp.lanes(pos)
    mmg = pos.units["b-mmg"]
    assert rfp.cancel_on_fire(pos, pos.state, [mmg], pos.map.parse_label("C3")) is pos.state
    after = rfp.cancel_on_fire(pos, pos.state, [mmg], lane.origin)
    assert rfp.lanes(pos.at(after)) == ()


# --- A9.222: crossing lanes in their owner's order; a lane attack that can have no effect ---


def crossing(make_position: Any, screened: bool = False, markers: list[str] | None = None) -> Any:
    """b's MMG in C6 with its lane down the C row to C1 (2 FP: the 5 FP MMG's 4 column, one left) and b's
    LMG three hexes from C2 on another hex row, its lane through C2 (1 FP: 3 FP's 2 column, one left).
    ``screened``: C2 a stone building, the two hexes between the LMG and C2 orchards."""
    from hexmate.rules.hexes import DIRECTIONS, Hex

    probe = board(make_position)
    m = probe.map
    c2, c6 = m.parse_label("C2"), m.parse_label("C6")
    lmg_at = next(o for d in DIRECTIONS for o in [Hex(c2.q + 3 * d.q, c2.r + 3 * d.r)]
                  if o in m.hexes and not m.label(o).startswith("C"))
    lmg_row = tuple(rfp.hex_row(lmg_at, c2, 3))
    terrain = {"C2": "stone-building", **{m.label(h): "orchard" for h in lmg_row[:2]}} if screened else {}
    extra = [{"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-mmg", "counter": "MMG", "side": "b", "hex": "C6", "carrier": "b-2"},
             {"id": "b-3", "counter": "4-6-7", "side": "b", "hex": m.label(lmg_at)},
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": m.label(lmg_at), "carrier": "b-3"}]
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1", "markers": markers or []},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "L8"}, *extra]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes=terrain)
    mmg_row = tuple(rfp.hex_row(c6, m.parse_label("C1"), 5))
    assert c2 in mmg_row and c2 in lmg_row
    lanes = (rfp.Lane("b-mmg", "b", c6, mmg_row[-1], mmg_row, rfp.lane_value(AXIS, 5)),
             rfp.Lane("b-lmg", "b", lmg_at, c2, lmg_row, rfp.lane_value(AXIS, 3)))
    gs = rfp._gs(pos.state)
    return pos.at(pos.state.replace(game=gs.replace(lanes=lanes)))


def test_a9_222_where_lanes_cross_their_owner_chooses_which_attacks_first(make_position: Any) -> None:
    """A9.222: a-1 enters C2, where the MMG's and the LMG's lanes cross: b chooses the order; here the LMG
    (1 FP) first, then the MMG (2 FP)."""
    pos = crossing(make_position)
    pos.push_text("move a-1 C1-C2")
    top = pos.decision
    assert top.then == "lane_order" and top.side == "b" and set(top.choices) == {"b-mmg", "b-lmg"}
    pos.push_text("answer b-lmg")
    assert pos.decision.then == "residual" and pos.decision.arg("mg") == "b-lmg"
    assert pos.decision.arg("fp") == "1"
    pos.push_text("answer dice 6,5")  # 11 - 1 FFNAM - 1 FFMO = 9 on the 1 column: no effect
    assert "Fire Lane at C2: -" in pos.last_resolution.text()
    assert pos.decision.then == "residual" and pos.decision.arg("mg") == "b-mmg"
    assert pos.decision.arg("fp") == "2"


def test_a9_222_the_second_lane_finds_no_one_after_the_first_eliminated_them(make_position: Any) -> None:
    """A9.222: the lanes are resolved apart unless the first attack removed every target."""
    pos = crossing(make_position)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("answer b-mmg")
    pos.push_text("answer dice 1,1")  # 2 - 2 = 0 on the 2 column: 2KIA
    assert "a-1" not in pos.units
    assert pos.decision.then == "residual" and pos.decision.arg("mg") == "b-lmg"
    before = pos.state.units
    pos.push_text("answer dice 3,3")  # nobody left in C2: the LMG's attack does nothing
    assert pos.last_resolution is None and pos.state.units == before


def test_a9_222_a_lane_attack_that_can_have_no_effect_need_not_be_made(make_position: Any) -> None:
    """A9.222: a-1 Assault Moves (no FFNAM) into C2, a stone building (+3 TEM). The MMG's 2 FP lane there
    can still act (2 + 3 = 5: NMC) and is rolled; the LMG's 1 FP lane, seen through two orchards (+2), can
    not even at an Original DR of 2 (7 on the 1 column: no effect): b is asked whether to roll it, and
    skipping it leaves a-1 as it was."""
    pos = crossing(make_position, screened=True, markers=["assault"])
    pos.push_text("move a-1 C1-C2")
    pos.push_text("answer b-mmg")
    assert pos.decision.then == "residual" and pos.decision.arg("mg") == "b-mmg"
    pos.push_text("answer dice 5,4")  # 9 + 3 = 12: no effect
    top = pos.decision
    assert top.then == "lane_skip" and top.arg("mg") == "b-lmg" and top.choices == ("roll", "skip")
    before = pos.state.units
    pos.push_text("answer skip")
    assert pos.state.units == before and all(d.then != "residual" for d in pos.state.decisions)


def test_a9_222_a_lane_attack_with_no_effect_may_still_be_rolled(make_position: Any) -> None:
    pos = crossing(make_position, screened=True, markers=["assault"])
    pos.push_text("move a-1 C1-C2")
    pos.push_text("answer b-lmg")
    assert pos.decision.then == "lane_skip"
    pos.push_text("answer roll")
    assert pos.decision.then == "residual" and pos.decision.arg("mg") == "b-lmg"
    pos.push_text("answer dice 1,1")
    assert "final DR 7 -> -" in pos.last_resolution.text()


def test_d9_3_a_wreck_in_the_residuals_location_gives_its_plus_1(make_position: Any) -> None:
    """D9.3 (D10.3): infantry in a wreck's Location get +1 TEM against fire there, the Residual's attack
    included; as a positive TEM it takes away FFMO: DR 3 -1 FFNAM +1 = Final DR 3."""
    pos = board(make_position, [{"id": "w", "counter": "pz", "side": "a", "hex": "C2", "markers": ["wreck"]}])
    pos = pos.at(rfp.place(pos, pos.state, pos.map.parse_label("C2"), 2, "b"))
    pos.push_text("move a-2 B1-C2-C3")
    assert pos.decision.then == "residual"
    pos.push_text("answer dice 2,1")
    text = pos.last_resolution.text()
    assert "wreck in the target's hex (D9.3, D10.3)" in text and "final DR 3" in text
    assert "FFMO" not in text
