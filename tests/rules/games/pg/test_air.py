"""PG air strikes as play (15.1): aircraft wait off the board, strike one hex once a turn in a segment of
their own, one die each (1-2 loses the target), then the attackers' DF on the Direct Fire Table with +2 and
one column down for a non-demoralized, non-limbered enemy AA unit within 3 hexes (T59: DF 8 at a
non-adjacent hex with enemy AA 3 hexes off: net +1 column)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.hexes import distance

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "stuka": {"type": "aircraft", "df": 8},
    "aa": {"type": "gun", "df": 3, "df_range": 4, "ma": 0, "morale": 7, "steps": 1, "branch": "AA"},
}


def _pos(make_position: Any, pg: Any, *extra: dict[str, Any], **kw: Any) -> Any:
    units = [_u("air1", "A1", "stuka"), _u("air2", "A1", "stuka"), _u("x", "A8"), _u("b1", "F4", "inf", "b"),
             *extra]
    return pg(make_position, units, counters_extra=C, **kw)


def _column(pos: Any, total: int, shift: int) -> Any:
    axis = pos.charts.chart("dft").axis("df")
    return axis.key_at(axis.locate(total) + shift)


def test_aircraft_wait_off_the_board_and_their_strikes_are_offered(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    assert pos.units["air1"].hex is None and pos.units["air2"].hex is None
    offered = {pos.action_text(a) for a in pos.legal_actions}
    assert {"fire air1 at F4", "fire air2 at F4"} <= offered


def test_t59_df_8_with_enemy_aa_three_hexes_off_is_read_one_column_up(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, _u("aa", "I4", "aa", "b"))
    assert distance(pos.map.parse_label("I4"), pos.map.parse_label("F4")) == 3
    pos.push_text("fire air1 at F4")
    assert pos.decision.then == "air_abort" and pos.decision.dice == "1d6"
    pos.push_text("answer dice 4")  # 3-6: it attacks
    assert pos.decision.then == "air_dft"
    pos.push_text("answer dice 3,3")
    text = pos.last_resolution.text()
    assert "+2" in text and "-1" in text and "(15.1)" in text
    assert f"8 -> column {_column(pos, 8, 1)}" in text  # +2 -1 = net +1 (T59)
    assert pos.game.gstate(pos.state).air_used == ("air1",)  # its one strike this turn
    assert pos.decision is not None and pos.decision.then == "mc"  # the result applies: b1's check


def test_without_aa_it_is_two_columns_up_and_only_the_attackers_count(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    pos.push_text("fire air1,air2 at F4")
    assert pos.decision.dice == "2d6"
    pos.push_text("answer dice 2,5")  # air1 loses its target, air2 attacks alone with DF 8
    assert pos.decision.then == "air_dft" and pos.decision.subject == ("air2",)
    pos.push_text("answer dice 3,3")
    assert f"8 -> column {_column(pos, 8, 2)}" in pos.last_resolution.text()


def test_a_demoralized_or_limbered_aa_unit_does_not_count(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, _u("aa", "I4", "aa", "b", "demoralized"))
    pos.push_text("fire air1 at F4")
    pos.push_text("answer dice 6")
    pos.push_text("answer dice 3,3")
    assert f"8 -> column {_column(pos, 8, 2)}" in pos.last_resolution.text()


def test_all_abort_no_attack(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    pos.push_text("fire air1,air2 at F4")
    pos.push_text("answer dice 1,2")
    assert pos.decision is None or pos.decision.then != "air_dft"
    assert "every aircraft lost its target" in pos.last_resolution.text()


def test_no_unspotted_target_in_restrictive_terrain_and_no_empty_hex(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, _u("b2", "K2", "inf", "b"), hexes={"K2": {"terrain": "woods"}})
    with pytest.raises(IllegalAction, match=r"K2: aircraft do not attack unspotted enemy units"):
        pos.push_text("fire air1 at K2")
    with pytest.raises(IllegalAction, match=r"no enemy unit in the target hex"):
        pos.push_text("fire air1 at E4")
    with pytest.raises(IllegalAction, match=r"at most 3"):
        pos.push_text("fire air1,air2,air1,air2 at F4")


def test_an_aircraft_counter_needs_no_range(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)  # 15.1: unlimited range, no MA, no morale
    assert pos.game.check_counter(pos.scenario.counters["stuka"]) is None



# --- the cup, friendly bombing, aircraft AT (15.1, 11.4) ---

C_AT: dict[str, dict[str, Any]] = {
    "il2": {"type": "aircraft", "df": 6, "air_at": 2},
    "tank": {"type": "vehicle", "ma": 6, "morale": 7, "armor": 3, "at": 3, "at_range": 6, "steps": 2},
}


def test_the_cup_draw_at_the_action_phase_only_the_drawn_strike(make_position: Any, pg: Any) -> None:
    # 15.1: the side puts its aircraft in a cup and draws the scenario's number for the turn
    units = [_u("air1", "A1", "stuka"), _u("air2", "A1", "stuka"), _u("x", "A8"), _u("b1", "F4", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C, a=None, options={"air": {"a": {"draw": {"1": 1}}}})
    pos.push_text("answer dice 6")
    pos.push_text("answer dice 1")
    d = pos.decision
    assert d.kind == "units" and d.then == "air_draw" and d.count == 1 and d.units == ("air1", "air2")
    pos.push_text("answer units air2")
    offered = {pos.action_text(a) for a in pos.legal_actions}
    assert "fire air2 at F4" in offered and "fire air1 at F4" not in offered
    with pytest.raises(IllegalAction, match=r"air1 was not drawn from the cup this turn \(15\.1\)"):
        pos.push_text("fire air1 at F4")


def test_an_aircraft_that_loses_its_target_may_bomb_its_own_side_next_to_it(make_position: Any,
                                                                             pg: Any) -> None:
    # 15.1 friendly bombing by the 9.5 procedure: a's unit in G4, next to the target F4, rolls 2d6; 2-5 is hit
    # and the aircraft's DF 8 is read on the Bombardment Table against a's units there only
    pos = _pos(make_position, pg, _u("a2", "G4"))
    pos.push_text("fire air1 at F4")
    pos.push_text("answer dice 2")  # lost its target
    d = pos.decision
    assert d.then == "ff_check" and d.target == pos.map.parse_label("G4") and d.rule == "15.1, 9.52"
    pos.push_text("answer dice 2,2")  # 4: hit
    assert pos.decision.then == "bombard" and "DF 8 on the Bombardment Table" in pos.decision.prompt
    pos.push_text("answer dice 6,6")
    res = pos.last_resolution
    assert "a2" in res.results and "b1" not in res.results
    assert "aircraft bombing its own side" in res.text() and "8 = 8" in res.text()


def test_friendly_bombing_misses_on_6_or_more(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, _u("a2", "G4"))
    pos.push_text("fire air1 at F4")
    pos.push_text("answer dice 1")
    pos.push_text("answer dice 3,3")  # 6: no friendly fire
    assert pos.decision is None or pos.decision.then != "bombard"


def _at_pos(make_position: Any, pg: Any) -> Any:
    units = [_u("il", "A1", "il2"), _u("x", "A8"), _u("t1", "F4", "tank", "b"), _u("t2", "F4", "tank", "b")]
    return pg(make_position, units, counters_extra={**C, **C_AT})


def _through_df(pos: Any) -> None:
    pos.push_text("fire il at F4")
    pos.push_text("answer dice 4")  # it attacks
    pos.push_text("answer dice 1,1")  # DF first (11.4); the closed-top tanks shrug it off
    while pos.decision is not None and pos.decision.then != "air_at":
        pos.push_text("answer dice 1,1" if pos.decision.dice == "2d6" else "answer dice 1")


@pytest.mark.parametrize(("who", "chooser"), [("2", "b"), ("5", "a")])
def test_aircraft_at_dice_after_its_df_each_6_a_step_and_a_die_for_who_picks(
        make_position: Any, pg: Any, who: str, chooser: str) -> None:
    # 11.4: AT 2 -> two dice once the DF is resolved; each 6 a vehicle step; 1-3 its owner picks, 4-6 the
    # aircraft's owner
    pos = _at_pos(make_position, pg)
    _through_df(pos)
    d = pos.decision
    assert d is not None and d.then == "air_at" and d.dice == "2d6" and d.rule == "11.4"
    pos.push_text("answer dice 6,3")  # one 6: one step
    assert pos.decision.then == "air_at_who"
    pos.push_text(f"answer dice {who}")
    d = pos.decision
    assert d.kind == "units" and d.side == chooser and d.units == ("t1", "t2")
    pos.push_text("answer units t2")
    assert pos.units["t2"].has("reduced") and not pos.units["t1"].has("reduced")


def test_no_six_no_loss_and_no_vehicle_no_dice(make_position: Any, pg: Any) -> None:
    pos = _at_pos(make_position, pg)
    _through_df(pos)
    pos.push_text("answer dice 5,5")
    assert pos.decision is None or pos.decision.then != "air_at_who"
    pos = _pos(make_position, pg)  # a stuka (no AT value) at infantry: no AT dice
    pos.push_text("fire air1 at F4")
    pos.push_text("answer dice 4")
    pos.push_text("answer dice 1,1")
    assert pos.decision is None or pos.decision.then != "air_at"


def test_a_drawn_counter_is_tossed_for_its_face_and_strikes_with_that_faces_values(make_position: Any,
                                                                                   pg: Any) -> None:
    # 15.1: each counter's two faces are two different aircraft; the toss picks this turn's
    two_faced = {"ju87": {"type": "aircraft", "df": 8, "back_df": 4}}
    units = [_u("air1", "A1", "ju87"), _u("x", "A8"), _u("b1", "F4", "inf", "b")]
    pos = pg(make_position, units, counters_extra={**C, **two_faced}, a=None,
             options={"air": {"a": {"draw": {"1": 1}}}})
    pos.push_text("answer dice 6")
    pos.push_text("answer dice 1")
    pos.push_text("answer units air1")
    d = pos.decision
    assert d.then == "air_face" and d.choices == ("front", "back")
    pos.push_text("answer back")
    pos.push_text("fire air1 at F4")
    pos.push_text("answer dice 4")
    pos.push_text("answer dice 3,3")
    assert f"4 -> column {_column(pos, 4, 2)}" in pos.last_resolution.text()  # the back face's DF 4


C_AFV: dict[str, dict[str, Any]] = {
    "ht": {"type": "vehicle", "ma": 6, "morale": 7, "armor": 1, "open_top": 1, "df": 2, "df_range": 2,
           "steps": 2},
    "pz": {"type": "vehicle", "ma": 6, "morale": 8, "armor": 4, "at": 5, "at_range": 6, "steps": 2},
}


@pytest.mark.parametrize(("steps", "offered"), [(1, ("ht",)), (2, ("ht", "pz"))])
def test_an_air_x_lets_the_firer_pick_the_open_top_afv_a_2x_any_afv(make_position: Any, pg: Any, steps: int,
                                                                    offered: tuple[str, ...]) -> None:
    # 15.1: X -> the aircraft's owner may put the step on the open-topped AFV; 2X/3X -> one step on any AFV
    from hexmate.rules.games.pg import losses

    units = [_u("air1", "A1", "stuka"), _u("x", "A8"), _u("b1", "F4", "inf", "b"), _u("ht", "F4", "ht", "b"),
             _u("pz", "F4", "pz", "b")]
    pos = pg(make_position, units, counters_extra={**C, **C_AFV})
    pos._states[-1] = losses.allocate(pos.game, pos, ("b1", "ht", "pz"), steps, "air")
    d = pos.decision
    assert d.then == "loss_air" and d.side == "a" and d.units == offered and d.choices == ("owner",)
    pos.push_text(f"answer units {offered[-1]}")
    assert pos.units[offered[-1]].has("reduced")
    assert pos.decision is None or pos.decision.then != "loss_air"  # one pick only


def test_left_to_the_owner_the_allocation_is_the_usual_one(make_position: Any, pg: Any) -> None:
    from hexmate.rules.games.pg import losses

    units = [_u("air1", "A1", "stuka"), _u("x", "A8"), _u("b1", "F4", "inf", "b"), _u("ht", "F4", "ht", "b")]
    pos = pg(make_position, units, counters_extra={**C, **C_AFV})
    pos._states[-1] = losses.allocate(pos.game, pos, ("b1", "ht"), 1, "air")
    pos.push_text("answer owner")
    assert pos.decision.then == "loss" and pos.decision.side == "b"  # 7.61 as for any direct fire
    pos._states[-1] = losses.allocate(pos.game, pos, ("b1", "ht"), 1, "df")
    assert pos.decision.then == "loss"  # plain direct fire: no pick for the firer


def test_with_15_1s_reading_an_aircraft_fires_df_or_at_not_both(make_position: Any, pg: Any) -> None:
    """``options.air_at_either`` (15.1: an aircraft fires DF or AT, never both; 11.4 rolls the AT dice after
    the DF, the default): the IL-2 (DF 6, AT 2) attacking the tanks in F4 is named for AT: no DFT roll, its
    two AT dice at once; named for nothing ("none"), it rolls on the DFT and no AT dice follow."""
    units = [_u("il", "A1", "il2"), _u("x", "A8"), _u("t1", "F4", "tank", "b"), _u("t2", "F4", "tank", "b")]
    pos = pg(make_position, units, counters_extra={**C, **C_AT}, options={"air_at_either": True})
    pos.push_text("fire il at F4")
    pos.push_text("answer dice 4")  # it attacks
    d = pos.decision
    assert (d.kind, d.then, d.rule, d.units, d.choices) == ("units", "air_mode", "15.1", ("il",), ("none",))
    pos.push_text("answer units il")
    d = pos.decision
    assert d.then == "air_at" and d.dice == "2d6"
    other = pg(make_position, units, counters_extra={**C, **C_AT}, options={"air_at_either": True})
    other.push_text("fire il at F4")
    other.push_text("answer dice 4")
    other.push_text("answer none")
    assert other.decision.then == "air_dft"
    other.push_text("answer dice 1,1")
    assert not any(x.then == "air_at" for x in other.state.decisions)
