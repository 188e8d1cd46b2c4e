"""PG rivers (5.7-5.75) on a board whose column E is a river: foot units pay the river hex and stop in the
first hex beyond it, a road over a bridge goes on, motorized units need a bridge, a ford or an engineer, a
unit entering an engineer's crossing hex stops there, and an assault into a major river hex without an
engineer costs the attacker two columns. River MP are the demo TEC values of terrain.json/movement.json."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import moves as pg_moves

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "inf6": {"type": "personnel", "df": 5, "df_range": 3, "ma": 6, "morale": 8, "steps": 2},
    "eng": {"type": "personnel", "df": 4, "df_range": 1, "ma": 3, "morale": 8, "steps": 2, "branch": "ENG"},
    "truck": {"type": "vehicle", "ma": 8, "morale": 6, "transport": 1, "steps": 1},
}


def _river(kind: str = "minor-river") -> dict[str, Any]:
    return {f"E{r}": {"terrain": kind} for r in range(1, 9)}


def _pos(make_position: Any, pg: Any, units: list[dict[str, Any]], kind: str = "minor-river",
         bridge: bool = False, **kw: Any) -> Any:
    sides = [{"hex": "D4", "side": "NE", "features": ["road"]},
             {"hex": "E4", "side": "SE", "features": ["road"]}] if bridge else []
    return pg(make_position, [*units, _u("b1", "L8", "inf", "b")], counters_extra=C, hexes=_river(kind),
              hexsides=sides, **kw)


def test_a_river_hex_is_told_by_its_terrain(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("i", "C4", "inf6")], kind="major-river")
    L = pos.map.parse_label
    assert pg_moves.river(pos.game, pos.map, L("E4")) == "major"
    assert pg_moves.river(pos.game, pos.map, L("D4")) is None


def test_a_foot_unit_stops_in_the_first_hex_after_the_river(make_position: Any, pg: Any) -> None:
    # 5.71, 5.7: C4 -> D4 (clear 1) -> E4 (river 2, demo) -> F4 (1): 4 of its 6 MP, and there it stops
    pos = _pos(make_position, pg, [_u("i", "C4", "inf6")])
    L = pos.map.parse_label
    moves = pos.legal_actions.moves_for({"i"})
    assert moves[L("E4")].cost == 3 and moves[L("F4")].cost == 4
    assert L("G4") not in moves and L("H4") not in moves  # 2 MP left, but it stopped in F4
    with pytest.raises(IllegalAction, match=r"i stops in F4.*\(5\.7, 5\.73\)"):
        pos.push_text("move i C4-D4-E4-F4-G4")
    pos.push_text("move i C4-D4-E4-F4")
    assert pos.label(pos.units["i"].hex) == "F4"


def test_a_road_over_a_bridge_does_not_stop_the_unit(make_position: Any, pg: Any) -> None:
    # 5.7, 5.2: the bridge is a road hexside out of the river hex; the mover goes on beyond F4
    pos = _pos(make_position, pg, [_u("i", "C4", "inf6")], bridge=True)
    L = pos.map.parse_label
    assert L("G4") in pos.legal_actions.moves_for({"i"})
    pos.push_text("move i C4-D4-E4-F4-G4")
    assert pos.label(pos.units["i"].hex) == "G4"


def test_motorized_units_cross_only_at_a_bridge_or_a_ford(make_position: Any, pg: Any) -> None:
    # 5.71: a truck may neither enter nor cross a river hex without a bridge, a ford or an engineer
    pos = _pos(make_position, pg, [_u("t", "C4", "truck")])
    L = pos.map.parse_label
    assert not any(h.q == L("E4").q for h in pos.legal_actions.moves_for({"t"}))
    with pytest.raises(IllegalAction, match=r"5\.0"):
        pos.push_text("move t C4-D4-E4")
    # the road over the bridge: road rate (demo 1/2) along it
    bridged = _pos(make_position, pg, [_u("t", "C4", "truck")], bridge=True)
    assert L("E4") in bridged.legal_actions.moves_for({"t"})
    # a ford the scenario names: D4 (clear 2) + the ford (2, demo), then F4 (2) where it stops
    ford = _pos(make_position, pg, [_u("t", "C4", "truck")], options={"fords": ["E4"]})
    moves = ford.legal_actions.moves_for({"t"})
    assert moves[L("E4")].cost == 4 and moves[L("F4")].cost == 6 and L("G4") not in moves
    assert L("E5") not in moves  # the rest of the river stays closed to it


def test_an_engineer_lets_a_truck_activated_next_to_it_in_and_stops_it(make_position: Any, pg: Any) -> None:
    # 5.73: motorized units enter the engineer's hex only if activated adjacent to it; all who enter stop
    units = [_u("t", "D4", "truck"), _u("e", "E4", "eng"), _u("i", "C4", "inf6")]
    pos = _pos(make_position, pg, units)
    L = pos.map.parse_label
    truck = pos.legal_actions.moves_for({"t"})
    assert L("E4") in truck and L("F4") not in truck
    assert pos.legal_actions.moves_for({"i"})[L("E4")].cost == 3  # foot units pay the normal MP
    with pytest.raises(IllegalAction, match=r"i stops in E4"):
        pos.push_text("move i C4-D4-E4-F4")
    far = _pos(make_position, pg, [_u("t", "C4", "truck"), _u("e", "E4", "eng")])
    assert L("E4") not in far.legal_actions.moves_for({"t"})  # not activated next to the engineer
    shaken = _pos(make_position, pg, [_u("t", "D4", "truck"), _u("e", "E4", "eng", "a", "disrupted")])
    assert L("E4") not in shaken.legal_actions.moves_for({"t"})  # 5.73: a good-order engineer only


def test_an_assault_into_a_major_river_without_engineers_is_at_minus_2(make_position: Any, pg: Any) -> None:
    # 5.75: the attacker's first round, no engineer on either side: two columns to the left
    units = [_u("a1", "D4"), _u("al", "D4", "ldr"), _u("b2", "E4", "inf", "b")]
    pos = _pos(make_position, pg, units, kind="major-river")
    pos.push_text("move a1,al D4-E4")
    pos.push_text("answer dice 4,4")
    pos.push_text("answer dice 3,3")
    assert "attacker: a major river hex, no engineer on either side: -2 (5.75)" in pos.last_resolution.text()
    # an engineer on either side (here the defender's), or a minor river: no shift
    defended = [*units[:2], _u("b2", "E4", "eng", "b")]
    for other in (_pos(make_position, pg, defended, kind="major-river"), _pos(make_position, pg, units)):
        other.push_text("move a1,al D4-E4")
        other.push_text("answer dice 4,4")
        other.push_text("answer dice 3,3")
        assert "major river" not in other.last_resolution.text()


def _in_major_river(make_position: Any, pg: Any, *extra: dict[str, Any]) -> Any:
    pos = _pos(make_position, pg, [_u("i", "E4", "inf6"), *extra], kind="major-river")
    gs = pos.game.gstate(pos.state)
    return pos.at(pos.state.replace(game=gs.replace(river_from=(("i", "D4"),))))  # it came in from D4


def test_a_unit_entering_a_major_river_remembers_its_bank(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("i", "C4", "inf6")], kind="major-river")
    pos.push_text("move i C4-D4-E4")
    assert pos.game.gstate(pos.state).river_from == (("i", "D4"),)


def test_no_crossing_a_major_river_without_a_bridge_ford_or_engineer(make_position: Any, pg: Any) -> None:
    # 5.72: from the river hex back to its own bank or along the river, never out on the far bank
    pos = _in_major_river(make_position, pg)
    L = pos.map.parse_label
    moves = pos.legal_actions.moves_for({"i"})
    assert L("D4") in moves and L("E5") in moves
    assert not any(h.q > L("E4").q for h in moves)  # nothing on the far (F-and-beyond) bank
    with pytest.raises(IllegalAction, match=r"step E4-F4 is not allowed"):
        pos.push_text("move i E4-F4")


def test_an_engineer_in_the_river_hex_lets_it_cross(make_position: Any, pg: Any) -> None:
    # 5.72, 5.73: a good-order engineer supporting the crossing in that river hex
    pos = _in_major_river(make_position, pg, _u("e", "E4", "eng"))
    assert pos.map.parse_label("F4") in pos.legal_actions.moves_for({"i"})


@pytest.mark.parametrize(("dice", "crosses"), [("4,4", True), ("5,4", False)])
def test_an_engineer_supported_crossing_takes_2d6_at_or_under_the_crossing_number(
        make_position: Any, pg: Any, dice: str, crosses: bool) -> None:
    # 5.73: a foot unit with the scenario's foot crossing number 8: 8 crosses, 9 stays in the river hex
    pos = _pos(make_position, pg, [_u("i", "E4", "inf6"), _u("e", "E4", "eng")], kind="major-river",
               options={"crossing": {"foot": 8}})
    gs = pos.game.gstate(pos.state)
    pos = pos.at(pos.state.replace(game=gs.replace(river_from=(("i", "D4"),))))
    pos.push_text("move i E4-F4")
    assert pos.decision is not None and pos.decision.then == "crossing" and pos.decision.dice == "2d6"
    pos.push_text(f"answer dice {dice}")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("pass")
    assert pos.label(pos.units["i"].hex) == ("F4" if crosses else "E4")
    assert pos.units["i"].has("moved_fired")


@pytest.mark.parametrize(("where", "cascades"), [("E4", True), ("C4", False)])
def test_an_engineer_shaken_in_a_river_hex_disrupts_the_units_with_it(
        make_position: Any, pg: Any, where: str, cascades: bool) -> None:
    # 5.75: the supporting engineer disrupted (here: a failed check, 2d6 10 against morale 8) disrupts every
    # friendly unit with it; out of the river it is an ordinary check
    from hexmate.rules import actions as act
    from hexmate.rules.games.pg import morale as pg_morale

    pos = _pos(make_position, pg, [_u("e", where, "eng"), _u("i", where, "inf6")])
    check = pg_morale.mc(pos, "e", 0, "7.4")
    state = pg_morale.resume_mc(pos.game, pos.at(pos.state.push(check)), check, act.Answer(dice=(5, 5)))
    assert state.units["e"].has("disrupted")
    assert state.units["i"].has("disrupted") is cascades


def test_a_routing_engineer_takes_the_units_with_it_back_to_their_own_bank(make_position: Any,
                                                                           pg: Any) -> None:
    # 5.75: the demoralized engineer in the river hex fails recovery (10 against 8) and routs; the unit with
    # it routs too, the same way, back toward the bank they came in from (D4's side, not the far F side)
    units = [_u("e", "E4", "eng", "a", "demoralized"), _u("i", "E4", "inf6"), _u("b2", "F6", "inf", "b")]
    pos = _pos(make_position, pg, units, kind="major-river")
    gs = pos.game.gstate(pos.state)
    pos = pos.at(pos.state.replace(game=gs.replace(river_from=(("e", "D4"), ("i", "D4")))))
    pos.push_text("rally e dice 5,5")
    d = pos.decision
    assert d.then == "rout" and d.subject == ("e", "i") and d.rule == "14.31, 5.75"
    assert "back toward the bank they came from (5.75)" in d.prompt
    E = pos.map.parse_label("E4")
    assert d.hexes and all(h.q < E.q for h in d.hexes)  # never onto the far bank
    dest = pos.label(sorted(d.hexes, key=lambda h: (h.q, h.r))[0])
    pos.push_text(f"answer hex {dest}")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert pos.label(pos.units["e"].hex) == dest and pos.label(pos.units["i"].hex) == dest


def test_an_engineer_routing_on_land_routs_alone(make_position: Any, pg: Any) -> None:
    units = [_u("e", "C4", "eng", "a", "demoralized"), _u("i", "C4", "inf6"), _u("b2", "C6", "inf", "b")]
    pos = _pos(make_position, pg, units, kind="major-river")
    pos.push_text("rally e dice 5,5")
    assert pos.decision.then == "rout" and pos.decision.subject == ("e",)
