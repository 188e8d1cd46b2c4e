"""The digest's movement and vehicle examples (digest 7.C), each a test named after it: cautious movement and
its marker [5.2], vehicles' front hexes and facing [5.31], the missile's two hexes in sight [7.24], Vehicle
Fear [6.35] and turning to fire [6.43]."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.fireteam import vehicles

from .conftest import draw, unit


def settle(pos: Any) -> None:
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def test_ex_7_1_vehicle_cautious_into_open_costs_2(ft: Any) -> None:
    # [7.1] example: a Soviet vehicle enters an open hex cautiously: terrain 1 + cautious 1 = 2 MP
    pos = ft([unit("v", "D4", "t80"), unit("x", "J8", "squad", "b")])
    pos.push_text("activate v for cautious")
    moves = pos.legal_actions.moves_for({"v"})
    assert moves[pos.map.parse_label("D5")].cost == 2
    pos.push_text("move v D4-D5")
    assert pos.units["v"].has("cautious")  # [5.22] the last hex entered cautiously keeps the marker


def test_ex_5_21_cautious_infantry_pay_1_more_per_hex_and_are_harder_to_hit(ft: Any) -> None:
    pos = ft([unit("s", "D1"), unit("x", "H8", "squad", "b")])
    pos.push_text("activate s for cautious")
    assert pos.legal_actions.moves_for({"s"})[pos.map.parse_label("D3")].cost == 4  # 2 x (1 + 1)
    pos.push_text("move s D1-D2")
    assert pos.units["s"].has("cautious")


def test_ex_5_24_cautious_marker_life(ft: Any) -> None:
    # [5.24] placed in turn 1 -> brown in turn 2's Preparation Phase -> removed at the end of turn 2 unless
    # the unit enters a hex cautiously again (a new yellow marker)
    cp = {"a": {"chits": [2]}, "b": {"chits": [1]}}
    pos = ft([unit("A", "D1"), unit("B", "F1"), unit("x", "J8", "squad", "b")], turns=3, cp=cp, impulse=None)
    draw(pos, "a")
    pos.push_text("activate A for cautious")
    pos.push_text("move A D1-D2")
    settle(pos)
    assert pos.units["A"].has("cautious")
    pos.push_text("pass")
    draw(pos, "b")
    pos.push_text("pass")  # both sides out of CP: End Phase, turn 2 Preparation
    assert pos.turn == 2 and pos.units["A"].has("cautious") and pos.units["A"].has("cautious_brown")
    pos.push_text("end")
    pos.push_text("end")
    draw(pos, "a")
    pos.push_text("pass")
    draw(pos, "b")
    pos.push_text("pass")
    assert pos.turn == 3 and not pos.units["A"].has("cautious")  # brown at the end of turn 2: gone


def test_ex_5_25_moving_on_takes_the_marker_off(ft: Any) -> None:
    pos = ft([unit("s", "D1", "squad", "a", "cautious"), unit("x", "J8", "squad", "b")])
    pos.push_text("move s D1-D2")
    assert not pos.units["s"].has("cautious")


def test_ex_5_31_a_vehicle_enters_only_its_front_hexes_and_faces_its_way(ft: Any) -> None:
    pos = ft([unit("v", "D4", "t80"), unit("x", "J8", "squad", "b")])
    pos.push_text("move v D4-E4")
    facing = pos.units["v"].facing
    assert facing is not None
    back = pos.map.parse_label("D4")
    assert vehicles.path_ok([pos.units["v"]], (pos.units["v"].hex, back)) is not None  # [5.31] behind it


def test_ex_6_35_vehicle_fear_costs_1_cp_and_halves_ma(ft: Any) -> None:
    pos = ft([unit("v", "D4", "m2", "a", "vfear"), unit("x", "J8", "squad", "b")])
    assert pos.game.budget([pos.units["v"]]) == 5  # MA 10 halved
    pos.push_text("move v D4-D5")
    assert pos.game.cp(pos.state).cp == 5 - 2  # 1 (5.44 example) + 1 for Vehicle Fear


def test_ex_6_43_a_vehicle_turning_to_fire_takes_2(ft: Any) -> None:
    pos = ft([unit("v", "D4", "m2"), unit("x", "J8", "squad", "b"), unit("t", "D2", "squad", "b")])
    pos.push_text("move v D4-D5")  # faces away from D2 now
    settle(pos)
    pos.push_text("pass")
    draw(pos, "b")
    pos.push_text("pass")
    draw(pos, "a", 4)
    text = pos.resolve(act.Fire(("v",), pos.map.parse_label("D2"), (5,))).text()
    assert "turning to fire: +2 (6.43)" in text


def _dragon_watch(ft: Any, woods: str) -> Any:
    hexes = {h: "woods" for h in woods.split(",")} if woods else {}
    units = [unit("d", "A4", "dragon"), unit("t", "H1", "t80", "b"), unit("y", "L8", "squad", "b")]
    return ft(units, impulse="b", hexes=hexes)


@pytest.mark.parametrize("path,fires_at", [
    ("H1-H2-H3", "H3"),  # 7.24 fig. G: entering H2 it is seen 1 hex, at H3 2 in a row: the missile fires
])
def test_ex_7_24_missile_needs_two_hexes_in_sight(ft: Any, path: str, fires_at: str) -> None:
    pos = _dragon_watch(ft, "")
    pos.push_text(f"move t {path}")
    while pos.decision is not None and pos.decision.kind == "react":
        here = pos.label(pos.decision.target)
        if here == fires_at:
            pos.push_text(f"fire d at {here} dice 10")
            break
        with pytest.raises(IllegalAction, match=r"7\.24"):
            pos.push_text(f"fire d at {here}")
        pos.push_text("answer pass")
    assert pos.last_resolution is not None and pos.last_resolution.chart == "gm"


def test_ex_7_24_a_hex_out_of_sight_starts_the_count_again(ft: Any) -> None:
    pos = _dragon_watch(ft, "")
    game = pos.game
    h = pos.map.parse_label
    firer = h("A4")
    path = (h("H2"), h("H3"))  # the hexes entered from H1
    assert vehicles.sighted_run(game, pos, firer, path) == 2
    assert vehicles.sighted_run(game, pos, firer, path[:1]) == 1
    blocked = _dragon_watch(ft, "E3,E2,D3,D2")  # woods between: H2 is out of sight
    assert vehicles.sighted_run(game, blocked, firer, (h("H1"), h("H2"))) < 2
