"""Panzer Grenadier: the sequence of play (3.0), movement (5.0, 5.4, 14.2) and the Direct Fire Table's
worked numbers (digest section 7 tests that fit the subset)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import get_game

from .conftest import unit as _u


@pytest.mark.parametrize("dice,winner,segments", [((5, 3), "a", 2), ((2, 2), "a", 1), ((1, 5), "b", 2)])
def test_initiative_is_one_roll_decision_per_side(
    make_position: Any, pg: Any, dice: tuple[int, int], winner: str, segments: int
) -> None:
    # T1 (3.0 A example): 3 + 5 = 8 vs 2 + 3 = 5: A wins by 3 -> ceil(1.5) = 2 segments; by 1 -> 1
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "H6", "inf", "b")], a=None)
    top = pos.decision
    assert pos.phase.id == "initiative" and top.kind == "roll" and top.side == "a" and top.dice == "1d6"
    assert top.then == "initiative" and top.rule == "3.0 A"
    pos.push_text(f"answer dice {dice[0]}")
    assert pos.decision.side == "b" and pos.to_act == "b"
    pos.push_text(f"answer dice {dice[1]}")
    assert pos.phase.id == "action" and pos.to_act == winner and pos.state.flow.segments == segments


def test_an_initiative_tie_is_rolled_again(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "H6", "inf", "b")], a=2, b=3)  # 5 vs 5
    assert pos.phase.id == "initiative" and pos.decision.side == "a" and len(pos.state.decisions) == 2
    pos.push_text("answer dice 1")
    pos.push_text("answer dice 1")  # 4 vs 3
    assert pos.phase.id == "action" and pos.to_act == "a" and pos.state.flow.segments == 1


def test_segments_alternate_and_two_passes_end_the_turn(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("a1", "C3"), _u("a2", "C5"), _u("b1", "J6", "inf", "b")], a=5, b=3)
    pos.push_text("move a1 C3-D3")
    assert pos.to_act == "a" and pos.state.flow.segments == 1
    pos.push_text("move a2 C5-D5")
    assert pos.to_act == "b"  # 3.0 B: the winner's two segments are used, then one each
    with pytest.raises(IllegalAction, match="active side"):
        pos.push_text("move a1 D3-E3")
    assert pos.game.done_action(pos) == act.Pass()
    pos.push_text("pass")
    assert pos.to_act == "a" and pos.phase.id == "action"
    with pytest.raises(IllegalAction, match="moved/fired"):
        pos.push_text("move a1 D3-E3")
    pos.push_text("pass")  # a pass answered at once by a pass ends the phase; markers come off (3.0 C)
    assert pos.phase.id == "initiative" and pos.turn == 2 and pos.decision is not None
    assert not pos.units["a1"].has("moved_fired")
    assert [c.text for c in pos.changes] == [
        "take the moved_fired marker off a1", "take the moved_fired marker off a2"]


def test_a_pass_not_answered_at_once_does_not_end_the_phase(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "J6", "inf", "b")], a=1, b=6)  # b: 2 segments
    pos.push_text("pass")
    assert pos.to_act == "a"
    pos.push_text("move a1 C3-D3")
    pos.push_text("pass")
    assert pos.phase.id == "action" and pos.to_act == "a"


def test_stacking_and_enemy_hexes(make_position: Any, pg: Any) -> None:
    units = [_u("a1", "C3"), _u("f1", "D3"), _u("f2", "D3"), _u("f3", "D3"), _u("b1", "C4", "inf", "b"),
             _u("bl", "B3", "ldr", "b")]
    pos = pg(make_position, units)
    moves = {pos.map.label(h) for h in pos.legal_actions.moves_for({"a1"})}
    assert "D3" not in moves  # 4.5: a hex already holding 3 friendly combat units
    assert "C4" not in moves  # 5.3: an enemy combat unit's hex
    assert "B3" in moves  # 5.31: a hex holding only enemy leaders is harmless


def test_disrupted_moves_one_hex(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("a1", "E4", "inf", "a", "disrupted"), _u("b1", "J8", "inf", "b")])
    moves = pos.legal_actions.moves_for({"a1"})
    assert len(moves) == 6 and all(len(m.path) == 2 for m in moves.values())  # 14.2
    with pytest.raises(IllegalAction, match=r"14.2"):
        pos.push(act.Move(("a1",), tuple(pos.map.parse_label(h) for h in ("E4", "F4", "G4"))))


def test_units_move_one_at_a_time_but_leaders_may_go_along(make_position: Any, pg: Any) -> None:
    # 1.2 (opportunity fire): units move singly; any number of leaders may move with one
    units = [_u("a1", "C3"), _u("a2", "C3"), _u("al", "C3", "ldr"), _u("b1", "J8", "inf", "b")]
    pos = pg(make_position, units)
    assert pos.legal_actions.moves_for({"a1", "a2"}) == {}
    with pytest.raises(IllegalAction, match="one at a time"):
        pos.push_text("move a1,a2 C3-D3")
    pos.push_text("move a1,al C3-D3")
    assert pos.label(pos.units["al"].hex) == "D3" and pos.units["al"].has("moved_fired")


def test_a_self_activated_unit_may_not_close_on_a_threat(make_position: Any, pg: Any) -> None:
    # 5.41: b1 (range 3) spots a1 three hexes away; alone, a1 may keep or open the distance, never close it
    units = [_u("a1", "C2"), _u("al", "C2", "ldr"), _u("b1", "C5", "inf", "b")]
    pos = pg(make_position, units)
    alone = {pos.map.label(h) for h in pos.legal_actions.moves_for({"a1"})}
    led = {pos.map.label(h) for h in pos.legal_actions.moves_for({"a1", "al"})}
    assert "C3" not in alone and "C3" in led  # a leader's activation allows combat movement (5.4)
    assert "C1" in alone
    with pytest.raises(IllegalAction, match=r"5.41"):
        pos.push_text("move a1 C2-C3")


def test_leader_adds_his_combat_modifier_to_one_unit(make_position: Any, pg: Any) -> None:
    # T12 (6.42): a +1 leader raises a 5-DF INF to 6
    pos = pg(make_position, [_u("a1", "C3"), _u("ldr", "C3", "ldr"), _u("b1", "C5", "inf", "b")])
    res = pos.resolve(act.Fire(("a1", "ldr"), pos.map.parse_label("C5"), (3, 3)))
    assert "a1 5 + 1 (ldr) = 6 (6.42)" in res.text()


def test_range_shift_and_the_dft_oracle_cell(make_position: Any, pg: Any) -> None:
    # T14 (7.33): HMG 7 at range 3+ fires on column 4; T15 (7.52): DF 11 at range 2, roll 4 -> M1
    units = [_u("h7", "C1", "hmg7"), _u("h11", "E1", "hmg11"), _u("b1", "C4", "inf", "b"),
             _u("b2", "E3", "inf", "b")]
    pos = pg(make_position, units)
    res = pos.resolve(act.Fire(("h7",), pos.map.parse_label("C4"), (2, 2)))
    assert "range 3 or more: -1 (7.33)" in res.text() and "7 -> column 4" in res.text()
    res2 = pos.resolve(act.Fire(("h11",), pos.map.parse_label("E3"), (1, 3)))
    assert res2.results == {"b2": "M1"} and "column 11, roll 4 -> M1" in res2.text()


def test_three_units_shift_and_cap(make_position: Any, pg: Any) -> None:
    # T3 (4.4): three combat units in the target hex give +1; leaders do not count; net shifts capped at +3
    units = [_u("a1", "C3", "inf4"), _u("b1", "C4", "inf", "b"), _u("b2", "C4", "inf", "b"),
             _u("b3", "C4", "inf", "b"), _u("bl", "C4", "ldr", "b")]
    pos = pg(make_position, units)
    text = pos.resolve(act.Fire(("a1",), pos.map.parse_label("C4"), (3, 4))).text()
    assert "target adjacent: +2 (10.3)" in text and "three combat units in the hex: +1 (4.4)" in text
    assert "4 -> column 16" in text  # 4 + 3 columns = 16 (10.3 example)


def test_disrupted_firer_is_halved_rounding_up(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("a1", "C3", "inf", "a", "disrupted"), _u("b1", "C5", "inf", "b")])
    text = pos.resolve(act.Fire(("a1",), pos.map.parse_label("C5"), (3, 3))).text()
    assert "halved (disrupted, rounded up) = 3" in text  # T54 (1.2)


def test_fire_needs_the_target_spotted(make_position: Any, pg: Any) -> None:
    # 8.21: a unit in restrictive terrain is seen only within 3 hexes (the TEC default)
    units = [_u("h7", "C1", "hmg7"), _u("b1", "C5", "inf", "b")]
    pos = pg(make_position, units, hexes={"C5": "woods"})
    with pytest.raises(IllegalAction, match="not spotted"):
        pos.push_text("fire h7 at C5")


def test_the_sequence_is_data_with_initiative_segments_and_an_enter_window() -> None:
    seq = get_game("pg").sequence
    action = seq.phase("action")
    assert action.acts == "alternating" and action.segments == "initiative" and action.end == "both_pass"
    window = action.reaction("enter")
    assert window is not None and window.rule == "13.0" and window.actions == frozenset({"fire"})
    assert [s.phase.id for s in seq.steps] == ["initiative", "action", "markers"]
    assert seq.phase("initiative").end == "auto" and seq.phase("markers").end == "auto"


def test_equal_initiative_dice_draw_a_random_event_and_roll_again(make_position: Any, pg: Any) -> None:
    # optional random events: equal unmodified dice re-roll the initiative; each side rolls a die and the sum
    # is read on the scenario's table
    from .conftest import unit as _u

    table = {"random_events": {"7": "air strike for side a", "2": "no event"}}
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "J8", "inf", "b")], a=None, options=table)
    pos.push_text("answer dice 4")
    pos.push_text("answer dice 4")
    assert pos.decision.then == "event"
    pos.push_text("answer dice 3")
    pos.push_text("answer dice 4")
    assert pos.last_resolution is not None and "air strike for side a" in pos.last_resolution.summary
    assert pos.decision.then == "initiative"  # then the initiative is rolled again
    pos.push_text("answer dice 6")
    pos.push_text("answer dice 1")
    assert pos.phase.id == "action" and pos.to_act == "a"
