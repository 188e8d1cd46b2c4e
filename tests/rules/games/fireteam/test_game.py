"""Fire Team movement and flow: the digest's movement examples, the leader bonus [5.11], stacking [5.5],
impulses alternating in the Action Phase, opportunity fire at each hex entered [7.0]-[7.33], and the turn
Preparation -> Action -> End [3.0]."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import draw, unit


def test_woods_cost_one_and_a_half_and_climbing(ft: Any) -> None:
    hexes = {"D3": "woods", "D2": "woods", "E4": {"level": 2}}
    pos = ft([unit("s", "D4"), unit("x", "J8", "squad", "b")], hexes=hexes)
    moves = {pos.map.label(h): m for h, m in pos.legal_actions.moves_for({"s"}).items()}
    assert moves["D3"].cost == Fraction(3, 2)  # [6.65] example: woods 1.5 MP
    assert moves["D2"].cost == 3  # two woods hexes (the [6.65] squad spends 1.5 + 1.5)
    assert moves["E4"].cost == 3  # [5.14] A2823 -> A2723: open 1 + climbing two levels 2


def test_leader_adds_two_to_the_infantry_he_moves_with(ft: Any) -> None:
    # [5.11] a squad (MA 5) stacked with a leader from start to end of its move has MA 5 + 2 = 7; the leader
    # goes along free [4.42], so his own MA 5 does not cap the stack (the old code took the leader's MA as
    # the stack's limit, which cancelled the bonus for every 5-MA leader)
    pos = ft([unit("s", "D4"), unit("l", "D4", "ldr"), unit("x", "J8", "squad", "b")])
    assert max(m.cost for m in pos.legal_actions.moves_for({"s", "l"}).values()) == 7
    assert max(m.cost for m in pos.legal_actions.moves_for({"s"}).values()) == 5
    assert max(m.cost for m in pos.legal_actions.moves_for({"l"}).values()) == 5  # a leader alone: his MA
    mg = ft([unit("m", "D4", "mg"), unit("l", "D4", "ldr"), unit("x", "J8", "squad", "b")])
    assert max(m.cost for m in mg.legal_actions.moves_for({"m", "l"}).values()) == 6  # a team too: 4 + 2


def test_stacking_and_enemy_hexes(ft: Any) -> None:
    units = [unit("s", "D4"), unit("f1", "D5"), unit("f2", "D5"), unit("f3", "D5"),
             unit("x", "E4", "squad", "b"), unit("xl", "C4", "ldr", "b")]
    pos = ft(units)
    moves = pos.legal_actions.moves_for({"s"})
    assert pos.map.parse_label("D5") not in moves  # [5.5] three squads already
    assert pos.map.parse_label("E4") not in moves  # [5.5] no entry to a hex with enemy infantry
    assert pos.map.parse_label("C4") in moves  # ... but infantry may enter one holding only enemy leaders


def test_infantry_entering_a_hex_of_enemy_leaders_alone_eliminates_them(ft: Any) -> None:
    pos = ft([unit("s", "D4"), unit("xl", "D2", "ldr", "b"), unit("x", "J8", "squad5", "b")])
    pos.push_text("move s D4-D3-D2")
    while pos.decision is not None:  # the leader alone might fire at nothing: pass any window
        pos.push_text("answer pass")
    assert "xl" not in pos.units and pos.label(pos.units["s"].hex) == "D2"  # [5.5]


def test_impulses_follow_the_chits_and_the_phase_ends_when_cp_run_out(ft: Any) -> None:
    small = {"a": {"chits": [2]}, "b": {"chits": [2]}}
    # s is 2 hexes from B8: opportunity fire there is free [7.11] (a has no CP left by then)
    pos = ft([unit("s", "A6"), unit("t", "A8", "squad5", "b")], turns=2, cp=small, impulse=None)
    top = pos.decision
    assert top is not None and top.then == "draw" and top.dice == "chit" and top.rule == "4.1"
    draw(pos, "a")
    assert pos.to_act == "a" and pos.game.cp(pos.state).cp == 2  # min(chit 2, remaining 2) [4.13]
    pos.push_text("pass")  # a ends its impulse: the next chit is drawn
    assert pos.decision is not None and pos.decision.then == "draw"
    draw(pos, "b")
    assert pos.to_act == "b"
    pos.push_text("move t A8-B8")
    assert pos.to_act == "a" and pos.decision is not None  # a may fire at it as it enters B8 [7.0]
    pos.push_text("answer pass")
    assert pos.to_act == "b" and pos.decision is None  # still b's impulse
    pos.push_text("pass")
    # both sides at 0 CP remaining: the Action Phase is over [4.15]; the End Phase runs by itself [3.0]
    assert pos.turn == 2 and pos.phase.id == "prep" and pos.to_act == "a"
    pos.push_text("end")
    assert pos.phase.id == "prep" and pos.to_act == "b"  # each side declares its preparation done
    pos.push_text("end")
    assert pos.phase.id == "action" and pos.decision is not None and pos.decision.then == "draw"


def test_a_unit_activates_once_per_impulse_and_again_in_a_later_one(ft: Any) -> None:
    pos = ft([unit("s", "A1"), unit("s2", "C1", "squad", "a"), unit("t", "A8", "squad5", "b")])
    pos.push_text("move s A1-A2")
    pos.push_text("answer pass")
    pos.push_text("move s A2-A3")  # its move goes on while no other unit has acted [5.12]
    pos.push_text("answer pass")
    assert pos.game.mp_left(pos, [pos.units["s"]]) == 3
    pos.push_text("move s2 C1-C2")  # another unit moves: s has finished its move
    pos.push_text("answer pass")
    with pytest.raises(IllegalAction, match=r"4\.22"):
        pos.push_text("move s A3-A4")
    pos.push_text("pass")
    draw(pos, "b")
    pos.push_text("pass")
    draw(pos, "a", 4)
    pos.push_text("move s A3-A4")  # [4.22] a new impulse: it may activate again
    pos.push_text("answer pass")
    assert pos.label(pos.units["s"].hex) == "A4"


def _mover(ft: Any) -> Any:
    # a squad walks down column D past an enemy squad 3 hexes off to the side
    return ft([unit("s", "D1"), unit("e", "G3", "squad5", "b"), unit("e2", "G4", "squad5", "b")])


def test_opportunity_fire_window_at_each_hex_entered(ft: Any) -> None:
    pos = _mover(ft)
    pos.push_text("move s D1-D2-D3-D4")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "b" and top.rule == "7.0"
    assert pos.label(top.target) == "D2" and top.subject == ("s",)
    assert pos.physical_hex("s") == pos.map.parse_label("D4")  # one lift, one placement on the destination
    pos.push_text("answer pass")
    pos.push_text("answer pass")
    pos.push_text("answer pass")
    assert pos.decision is None and pos.label(pos.units["s"].hex) == "D4" and pos.to_act == "a"


def test_a_mover_hit_by_opportunity_fire_stops_and_is_put_back(ft: Any) -> None:
    pos = _mover(ft)
    pos.push_text("move s D1-D2-D3-D4")
    pos.push_text("answer pass")  # D2
    pos.push_text("fire e at D3 dice 8")  # 5 FP at 3 hexes on the 5 column, final 8: +1 (demo values)
    res = pos.last_resolution
    assert res is not None and res.results == {"s": "+1"}
    assert pos.units["s"].has("fear1") and pos.units["e"].has("opp_fire")
    top = pos.decision
    assert top is not None and top.kind == "react"  # the window stays open for e2
    with pytest.raises(IllegalAction, match=r"7\.21"):
        pos.push_text("fire e at D3")  # once per impulse
    pos.push_text("answer pass")
    # [7.33] the feared mover ends its move in D3; its counter goes back there from D4
    top = pos.decision
    assert top is not None and top.kind == "hexes" and top.side == "a" and top.rule == "7.33"
    assert [pos.label(h) for h in top.hexes] == ["D3"]
    pos.push_text("answer hex D3")
    assert pos.label(pos.units["s"].hex) == "D3" and pos.to_act == "a"
    assert pos.game.cp(pos.state).mover == ("s",)  # still its move: it may make Moving Fire [7.33]


def test_a_leader_moving_alone_is_not_stopped_by_fear(ft: Any) -> None:
    pos = ft([unit("l", "D1", "ldr"), unit("e", "G3", "squad5", "b"), unit("x", "L8", "squad5", "b")])
    pos.push_text("move l D1-D2-D3")
    pos.push_text("fire e at D2 dice 7")  # 5 FP on the 5 column, final 7: +1 (demo values)
    assert pos.last_resolution is not None and pos.last_resolution.results == {"l": "+1"}
    pos.push_text("answer pass")  # a leader is never feared [6.33]: he goes on to D3
    pos.push_text("answer pass")
    assert pos.label(pos.units["l"].hex) == "D3" and pos.decision is None


def test_no_effect_lets_the_mover_go_on_and_markers_go_next_impulse(ft: Any) -> None:
    pos = _mover(ft)
    pos.push_text("move s D1-D2-D3-D4")
    pos.push_text("fire e at D2 dice 10")  # final 10 on the 5 column: no effect
    assert pos.last_resolution is not None and pos.last_resolution.results == {"s": "-"}
    pos.push_text("answer pass")
    pos.push_text("answer pass")
    pos.push_text("answer pass")
    assert pos.label(pos.units["s"].hex) == "D4" and pos.decision is None
    assert pos.units["e"].has("opp_fire")
    pos.push_text("pass")
    draw(pos, "b")  # a new impulse: the Opportunity Fire markers come off [7.23]
    assert not pos.units["e"].has("opp_fire")
    assert any(c.what == "take" and c.unit == "e" for c in pos.changes)


def test_the_fold_of_the_log_is_the_position(ft: Any) -> None:
    pos = _mover(ft)
    for text in ("move s D1-D2-D3-D4", "answer pass", "fire e at D3 dice 8", "answer pass", "answer hex D3",
                 "pass", "answer dice 10,1"):
        pos.push_text(text)
    again = type(pos).from_log(pos.game, pos.scenario, pos.map, pos.charts, pos.log_texts())
    assert str(again) == str(pos) and str(pos.replay()) == str(pos)
    pos.pop()
    shorter = type(pos).from_log(pos.game, pos.scenario, pos.map, pos.charts, pos.log_texts())
    assert str(shorter) == str(pos)
