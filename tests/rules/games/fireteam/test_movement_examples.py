"""The digest's movement and vehicle examples (digest 7.C), each a test named after it: cautious movement and
its marker [5.2], vehicles' front hexes and facing [5.31], the missile's two hexes in sight [7.24], Vehicle
Fear [6.35] and turning to fire [6.43]."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.fireteam import vehicles
from hexmate.rules.hexes import direction_between, neighbors

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
    settle(pos)  # [5.31] it turns after the opportunity fire at its entry
    v = pos.units["v"]
    assert v.hex is not None and v.facing == 2 * direction_between(pos.map.parse_label("D4"), v.hex)
    assert vehicles.FACINGS[v.facing] == "NE"  # a hexside facing, the way it went
    side = next(n for n in neighbors(v.hex) if direction_between(v.hex, n) not in
                (*vehicles.front_dirs(v.facing), *vehicles.rear_dirs(v.facing)))
    assert vehicles.path_ok([v], (v.hex, side)) is not None  # [5.31] neither ahead nor straight behind


def test_ex_5_3_twelve_facings_front_and_rear_hexes() -> None:
    """[5.3] A hexside facing has three front hexes and one rear hex; a vertex facing two and two
    (the arcs' diagram is not in the text: inferred)."""
    assert len(vehicles.FACINGS) == 12
    assert vehicles.front_dirs(vehicles.facing_index("N")) == (0, 1, 5)
    assert vehicles.rear_dirs(vehicles.facing_index("N")) == (3,)
    assert vehicles.front_dirs(vehicles.facing_index("E")) == (1, 2)  # the vertex between NE and SE
    assert vehicles.rear_dirs(vehicles.facing_index("E")) == (4, 5)
    with pytest.raises(ValueError, match=r"5\.3"):
        vehicles.facing_index("up")


def test_ex_5_33_backing_up_costs_three_times_and_keeps_the_facing(ft: Any) -> None:
    pos = ft([unit("v", "D4", "t80"), unit("x", "J8", "squad", "b")], options={"facing": {"v": "N"}})
    assert pos.units["v"].facing == 0
    moves = pos.game.moves_for(pos, frozenset({"v"}))
    back = pos.map.parse_label("D5")  # straight behind a north-facing vehicle
    assert moves[back].cost == 3  # open ground 1, three times [5.33]
    two_back = pos.map.parse_label("D6")
    assert moves[two_back].cost == 6 and moves[two_back].path == (pos.units["v"].hex, back, two_back)
    pos.push_text("activate v for cautious")
    with pytest.raises(IllegalAction, match=r"5\.33"):
        pos.push_text("move v D4-D5")


def test_ex_5_33_a_vehicle_backs_up_facing_the_same_way(ft: Any) -> None:
    pos = ft([unit("v", "D4", "t80"), unit("x", "J8", "squad", "b")], options={"facing": {"v": "N"}})
    done = pos.push_text("move v D4-D5-D6")
    assert done.cost == 6 and pos.units["v"].facing == 0  # still facing north
    assert pos.game.cp(pos.state).spent["v"] == 6


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


def test_ex_6_65_moving_fire_without_moving_and_after_two_woods_hexes(ft: Any) -> None:
    # [6.65] a US squad move-activates for 1.5 CP with an adjacent MG team; the team, in Cover, pays 2 MP for
    # Moving Fire without moving; the squad enters woods (1.5), woods again (1.5), each time under
    # opportunity fire, then Moving Fires with its last 2 MP: 5 = its MA
    hexes = {"D3": "woods", "D2": "woods", "D5": "grain"}
    units = [unit("s", "D4"), unit("m", "D5", "mg"), unit("e", "G2", "squad5", "b"),
             unit("e2", "G3", "squad5", "b")]
    pos = ft(units, hexes=hexes)
    pos.push_text("activate m,s for move")
    assert pos.game.cp(pos.state).cp == Fraction(7, 2)  # 1.5 for the squad and its team [4.31]
    pos.push_text("fire m at G2 dice 10")
    res = pos.last_resolution
    assert res is not None and "x2/3 Moving Fire (6.61) = 16/3" in res.text()
    assert pos.game.cp(pos.state).spent["m"] == 2
    pos.push_text("move s D4-D3-D2")
    assert pos.decision is not None and pos.label(pos.decision.target) == "D3"
    pos.push_text("fire e at D3 dice 10")  # no effect
    pos.push_text("answer pass")  # the window at D3 closes; the squad enters D2
    assert pos.decision is not None and pos.label(pos.decision.target) == "D2"
    pos.push_text("fire e2 at D2 dice 10")  # another Soviet squad: no effect
    settle(pos)
    assert pos.label(pos.units["s"].hex) == "D2" and pos.game.mp_left(pos, [pos.units["s"]]) == 2
    pos.push_text("fire s at G2 dice 10")
    assert pos.game.cp(pos.state).spent["s"] == 5
    with pytest.raises(IllegalAction, match=r"6\.6|5\.12"):
        pos.push_text("fire s at G3")  # once per impulse


def test_ex_6_62_cautious_moving_fire_next_to_the_enemy_is_two_thirds(ft: Any) -> None:
    # [6.62] example: entering a hex adjacent to the enemy cautiously, then Moving Fire: x2 x1/2 x2/3
    pos = ft([unit("s", "D3"), unit("x", "D6", "squad5", "b")])
    pos.push_text("activate s for cautious")
    pos.push_text("move s D3-D4-D5")  # 2 + 2 MP
    settle(pos)
    assert pos.units["s"].has("cautious")
    with pytest.raises(IllegalAction, match=r"6\.6"):
        pos.push_text("fire s at D6")  # 1 MP left: Moving Fire needs 2
    pos2 = ft([unit("s", "D4"), unit("x", "D6", "squad5", "b")])
    pos2.push_text("activate s for cautious")
    pos2.push_text("move s D4-D5")
    settle(pos2)
    pos2.push_text("fire s at D6 dice 10")
    res = pos2.last_resolution
    assert res is not None
    assert "s 6 x2 adjacent x1/2 cautious firer (6.23) x2/3 Moving Fire (6.61) = 4" in res.text()
    assert not pos2.units["s"].has("cautious")  # firing takes the marker off [6.62], [5.25]


def test_ex_7_1_vehicle_cautious_opportunity_fire_then_moving_fire_for_3(ft: Any) -> None:
    # [7.1] example: a vehicle enters a hex cautiously (1 + 1), survives opportunity fire, then pays 3 MP
    # for Moving Fire in that hex
    pos = ft([unit("v", "D4", "t80"), unit("u", "D8", "squad", "b"), unit("y", "L1", "squad", "b")])
    pos.push_text("activate v for cautious")
    pos.push_text("move v D4-D5")
    assert pos.decision is not None and pos.decision.kind == "react"
    pos.push_text("fire u at D5 dice 10")
    settle(pos)
    pos.push_text("fire v at D8 dice 10")
    assert pos.game.cp(pos.state).spent["v"] == 2 + 3


def test_ex_6_6_missiles_never_fire_on_the_move_and_guns_shift_3(ft: Any) -> None:
    units = [unit("m", "D4", "m2"), unit("t", "D7", "t80", "b"), unit("y", "L1", "squad", "b")]
    pos = ft(units)
    pos.push_text("activate m for move")
    with pytest.raises(IllegalAction, match=r"6\.6"):
        pos.push_text("fire m at D7")
    gun = ft([unit("t", "D4", "t80"), unit("m", "D7", "m2", "b"), unit("y", "L1", "squad", "b")])
    gun.push_text("activate t for move")
    gun.push_text("fire t at D7 dice 10")
    res = gun.last_resolution
    assert res is not None and "Moving Fire: 3 R (6.61)" in res.text()


def test_ex_5_14_infantry_climbing_two_levels_into_open_pays_3(ft: Any) -> None:
    # [5.14] example: A2823 -> A2723, open (1) and two levels up in one hex (1 per level, doubled: 2) = 3 MP
    pos = ft([unit("s", "D4"), unit("x", "J8", "squad", "b")], hexes={"E4": {"level": 2}})
    assert pos.legal_actions.moves_for({"s"})[pos.map.parse_label("E4")].cost == 3


def test_ex_5_31_opportunity_fire_before_and_after_the_turn_sees_the_facing_of_that_moment(ft: Any) -> None:
    """[5.31] Entering a hex: 1 the vehicle enters facing as before, 2 opportunity fire, 3 it turns,
    4 opportunity fire again. The armour a shot meets is the one facing the firer at that moment [6.5 B]:
    with the 6.5 example's numbers, a TOW's HT 15 against a T-80's other armour 4 is 15 - 4 = 11 -> +8."""
    units = [unit("v", "F8", "t80"), unit("g", "H3", "m2", "b"), unit("h", "H3", "m2", "b")]
    pos = ft(units, impulse=None, options={"facing": {"v": "N", "g": "SW", "h": "SW"}})
    draw(pos, "a", 5)
    pos.push_text("move v F8-F7-E7")  # north to F7, then its front hex to the north-west: it turns there
    while pos.decision is not None and pos.decision.target != pos.map.parse_label("E7"):
        pos.push_text("answer pass")  # F7: one hex in sight, too few for a missile (7.24)
    assert pos.decision is not None and pos.decision.rule == "7.0" and pos.decision.side == "b"
    assert vehicles.FACINGS[pos.units["v"].facing] == "N"  # step 1: it entered facing as it was
    pos.push_text("fire g at E7")
    pos.push_text("answer dice 10")  # 10: no kill (the missile is spent, 6.56)
    assert "armour: v HT front 14" in pos.last_resolution.text()  # step 2: H3 is in v's front arc
    assert pos.decision is not None and pos.decision.kind == "react"
    pos.push_text("answer pass")
    assert vehicles.FACINGS[pos.units["v"].facing] == "NW"  # step 3: it turns
    top = pos.decision
    assert top is not None and top.kind == "react" and top.rule == "5.31" and "turned in E7" in top.prompt
    pos.push_text("fire h at E7")
    pos.push_text("answer dice 10")
    text = pos.last_resolution.text()
    assert "armour: v HT other 4" in text  # step 4: H3 is off v's front arc now
    assert "difference: 15 - 4 = 11 -> +8" in text  # the 6.5 example's arithmetic [6.5 C, D]
    pos.push_text("answer pass")
    assert pos.state.moving is None and vehicles.FACINGS[pos.units["v"].facing] == "NW"


def test_ex_5_31_a_vehicle_stopped_by_the_fire_at_its_entry_does_not_turn(ft: Any) -> None:
    """[7.33] A vehicle given Vehicle Fear by opportunity fire ends its move in the hex; its turn there is
    part of the move [5.3], so it keeps the facing it entered with and no second window opens."""

    def entered() -> Any:
        pos = ft([unit("v", "D4", "t80"), unit("s", "D1", "squad", "b")], impulse=None,
                 options={"facing": {"v": "N"}})
        draw(pos, "a", 5)
        pos.push_text("move v D4-E4")
        return pos

    for roll in range(1, 11):
        pos = entered()
        pos.push_text(f"fire s at E4 dice {roll}")
        if pos.units["v"].has("vfear"):
            break
    else:
        pytest.fail("no roll of the d10 gave Vehicle Fear")
    pos.push_text("answer pass")
    assert pos.state.moving is None and pos.decision is None  # the move is over: no window after a turn
    assert pos.units["v"].hex == pos.map.parse_label("E4")
    assert vehicles.FACINGS[pos.units["v"].facing] == "N"  # facing as it entered [5.31] step 1


def test_a_typed_move_that_skips_a_hex_is_refused_with_its_rule(ft: Any) -> None:
    """[5.1] A move is hex by hex; a path typed with a gap is a clear refusal, never a traceback."""
    pos = ft([unit("v", "D4", "t80"), unit("x", "J8", "squad", "b")], options={"facing": {"v": "N"}})
    with pytest.raises(IllegalAction, match=r"a move goes hex by hex: D2 is not next to D4 \(5\.1\)"):
        pos.push_text("move v D4-D2")
    assert pos.units["v"].hex == pos.map.parse_label("D4")
