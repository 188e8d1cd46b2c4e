"""Fire Team smoke (digest 7.E.13-14 and 10.32): laid by a moving squad for 0.5 CP, the squad's grenade roll,
LOS, firepower and movement through smoke, and the End Phase dispersal roll."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.fireteam import smoke

from .conftest import draw, unit


@pytest.mark.parametrize("roll,out", [(1, True), (5, True), (6, False), (10, False)])
def test_ex_10_12_squad_smoke_roll_1_to_5_uses_the_grenades_up(ft: Any, roll: int, out: bool) -> None:
    pos = ft([unit("s", "D4"), unit("x", "J8", "squad", "b")])
    pos.push_text("move s D4-D5")
    while pos.decision is not None:
        pos.push_text("answer pass")
    pos.push_text("smoke s at D5")
    assert pos.game.cp(pos.state).cp == 5 - Fraction(3, 2) - Fraction(1, 2)  # [10.11] 0.5 CP
    top = pos.decision
    assert top is not None and top.then == "smokeroll" and top.rule == "10.12"
    pos.push_text(f"answer dice {roll}")
    assert pos.units["s"].has("smoke_depleted") is out
    assert pos.map.parse_label("D5") in pos.game.gstate(pos.state).smoke
    with pytest.raises(IllegalAction, match=r"10\.1"):
        pos.push_text("smoke s at D5")  # one hex an impulse for a squad


def test_ex_10_1_only_moving_squads_and_vehicles_lay_smoke(ft: Any) -> None:
    pos = ft([unit("s", "D4"), unit("m", "D4", "mg"), unit("x", "J8", "squad", "b")])
    with pytest.raises(IllegalAction, match=r"10\.13"):
        pos.push_text("smoke s at D4")  # not moving
    pos.push_text("activate m for move")
    with pytest.raises(IllegalAction, match=r"10\.1"):
        pos.push_text("smoke m at D4")  # teams never lay smoke


def _smoked(ft: Any, hexes: str) -> Any:
    pos = ft([unit("s", "D1"), unit("t", "D6", "squad5", "b"), unit("x", "J8", "squad", "b")])
    gs = pos.game.gstate(pos.state)
    smoked = frozenset(pos.map.parse_label(h) for h in hexes.split(","))
    state = pos.state.replace(game=gs.replace(smoke=smoked))
    return type(pos)(pos.game, pos.scenario, pos.map, pos.charts, state)


def test_ex_10_32_smoke_blocks_los_between(ft: Any) -> None:
    pos = _smoked(ft, "D3")
    with pytest.raises(IllegalAction, match=r"smoke"):
        pos.push_text("fire s at D6")


def test_ex_10_32_fire_into_smoke_is_halved_and_entering_costs_1_more(ft: Any) -> None:
    pos = _smoked(ft, "D6")
    text = pos.resolve(act.Fire(("s",), pos.map.parse_label("D6"), (10,))).text()
    assert "s 6 x1/2 smoke (10.32) = 3" in text
    both = _smoked(ft, "D6,D1")
    text = both.resolve(act.Fire(("s",), both.map.parse_label("D6"), (10,))).text()
    assert "x1/2 smoke (10.32) x1/2 smoke (10.32) = 3/2" in text  # from smoke into smoke: both apply
    moves = pos.legal_actions.moves_for({"s"})
    assert moves[pos.map.parse_label("D2")].cost == 1
    walled = _smoked(ft, "D2")
    assert walled.legal_actions.moves_for({"s"})[walled.map.parse_label("D2")].cost == 2


def test_ex_10_31_dispersal_roll_1_clears_hexes_ending_1_3_5_7_9_0(ft: Any) -> None:
    assert smoke.DISPERSAL[1] == frozenset({1, 3, 5, 7, 9, 0})
    cp = {"a": {"chits": [1]}, "b": {"chits": [1]}}
    pos = ft([unit("s", "D4"), unit("x", "J8", "squad", "b")], cp=cp, impulse=None)
    gs = pos.game.gstate(pos.state)
    smoke_hexes = frozenset(pos.map.parse_label(h) for h in ("C1", "C2", "C3", "C4"))
    state = pos.state.replace(game=gs.replace(smoke=smoke_hexes))
    pos = type(pos)(pos.game, pos.scenario, pos.map, pos.charts, state)
    draw(pos, "a")
    pos.push_text("pass")
    draw(pos, "b")
    pos.push_text("pass")  # the Action Phase ends: the End Phase asks for the dispersal roll
    top = pos.decision
    assert top is not None and top.then == "disperse" and top.rule == "10.31"
    pos.push_text("answer dice 1")
    assert sorted(pos.label(h) for h in pos.game.gstate(pos.state).smoke) == ["C2", "C4"]
    assert pos.turn == 2


def test_ex_11_16_victory_hexes_held_by_the_last_non_leader_unit_through(ft: Any) -> None:
    # [11.16] a victory hex is held by the side whose non-leader unit was last in it, even passing through;
    # leaders count for nothing
    cp = {"a": {"chits": [2]}, "b": {"chits": [1]}}
    opts = {"victory": {"control": {"D3": "b", "F5": "b"}}}
    units = [unit("s", "D1"), unit("l", "F3", "ldr"), unit("x", "J8", "squad", "b")]
    pos = ft(units, cp=cp, impulse=None, options=opts, turns=1)
    draw(pos, "a")
    pos.push_text("move s D1-D2-D3-D4")  # through D3
    while pos.decision is not None:
        pos.push_text("answer pass")
    pos.push_text("pass")
    draw(pos, "b")
    pos.push_text("pass")
    assert pos.state.over
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner is None  # 1 hex each: a draw
    assert "a 1 VP (D3; 0 for exits)" in outcome.reason and "b 1 VP (F5; 0 for exits)" in outcome.reason


def test_ex_6_16_woods_on_level_1_obstruct_at_1_5_and_smoke_there_at_2(ft: Any) -> None:
    """[6.16] example: woods on a level-1 hex obstruct at 1.5; smoke there at 2; units in that hex stay at
    level 1. From level 2, the low woods hide only the hex just behind them (a blind zone, 6.18); smoke
    there reaches the higher unit's level and blocks."""
    hexes = {"A4": {"level": 2}, "C4": {"terrain": "woods", "level": 1}, **{h: {"level": 1} for h in (
        "B4", "D4", "E4", "F4")}}
    pos = ft([unit("s", "A4"), unit("w", "C4", "squad5", "b"), unit("x", "E4", "squad5", "b")], hexes=hexes)
    h = pos.map.parse_label
    assert not pos.game.los(pos, h("A4"), h("E4")).blocked  # two hexes past the woods: seen over them
    assert not pos.game.los(pos, h("A4"), h("C4")).blocked  # the woods hex itself: its own terrain
    assert pos.map.level(h("C4")) == 1  # the unit in the woods is at level 1, not 1.5
    smoked = dataclasses.replace(pos.game.gstate(pos.state), smoke=frozenset({h("C4")}))
    pos2 = Position(pos.game, pos.scenario, pos.map, pos.charts, pos.state.replace(game=smoked))
    assert pos2.game.los(pos2, h("A4"), h("E4")).blocked  # smoke on level 1 obstructs at 2: blocked
    hollow = {**hexes, "A7": {"level": 0}}  # smoke in a hex below both units' level reaches only level 1
    column = {**hollow, "A5": {"level": 1}, "A6": {"level": 1}, "A8": {"level": 1}}
    down = ft([unit("s", "A4"), unit("x", "A8", "squad5", "b")], hexes=column)
    low = dataclasses.replace(down.game.gstate(down.state), smoke=frozenset({h("A7")}))
    pos3 = Position(down.game, down.scenario, down.map, down.charts, down.state.replace(game=low))
    assert not pos3.game.los(pos3, h("A4"), h("A8")).blocked  # smoke top 1: no higher than the lower unit
