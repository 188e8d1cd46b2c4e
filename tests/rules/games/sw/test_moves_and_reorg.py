"""Movement rules beyond the worked examples (forced march attrition 10.6, depots on rail 10.7, the Belgian
area 10.8), command in German cities (6.7), reinforcements on the west edge (9.3) and eliminated units
returning (9.5)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position
from hexmate.rules.games.sw.combat import in_command

COUNTERS = {
    "ger4": {"type": "corps", "cf": 4, "ma": 4, "reduced_cf": 2, "nation": "GER"},
    "gerhq": {"type": "hq", "cf": 2, "ma": 4, "nation": "GER"},
    "gerdep": {"type": "depot", "cf": 0, "ma": 6, "nation": "GER"},
    "fra3": {"type": "corps", "cf": 3, "ma": 4, "reduced_cf": 1, "nation": "FRA"},
    "frahq": {"type": "hq", "cf": 2, "ma": 4, "nation": "FRA"},
    "bel2": {"type": "corps", "cf": 2, "ma": 4, "reduced_cf": 1, "nation": "BEL"},
}
GERMANY = [f"{c}{n}" for c in "HIJKL" for n in range(1, 9)]
THEATRE = {"countries": {"GER": GERMANY}, "rail": [["F4", "G4", "H4", "I4", "J4", "K4", "L4"]],
           "edges": {"west": [f"A{n}" for n in range(1, 9)], "east": [f"L{n}" for n in range(1, 9)]}}


def _u(uid: str, hex_: str, counter: str, *markers: str) -> dict[str, Any]:
    side = "a" if counter.startswith("ger") else "b"
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, "markers": list(markers)}


def _pos(make_position: Any, units: list[dict[str, Any]], phase: str = "move", **kw: Any) -> Position:
    options = {"supply": "markers", "theatre": THEATRE, **kw.pop("options", {})}
    position: Position = make_position("sw", units, phase, counters=COUNTERS, default="clear",
                                       options=options, **kw)
    return position


def test_a_forced_march_rolls_on_the_attrition_table_and_costs_a_level(make_position: Any) -> None:
    units = [_u("f", "B4", "fra3", "elan"), _u("q", "B5", "frahq"), _u("g", "L8", "ger4")]
    pos = _pos(make_position, units, first_side="b")
    pos.push_text("move f B4-C4-D4-E4-F4-G4")  # 5 MP: over its MA of 4 (10.6)
    top = pos.decision
    assert (top.kind, top.then, top.rule, top.subject) == ("roll", "forced", "10.6", ("f",))
    assert not pos.units["f"].has("elan")  # one level lost in all (5.3, A-33)
    pos.push_text("answer dice 1")  # the demo Attrition Table: 1 step
    assert pos.units["f"].has("reduced") and pos.game.gstate(pos.state).forced == ("f",)
    again = _pos(make_position, units, first_side="b")
    again.push_text("move f B4-C4-D4-E4-F4-G4")
    again.push_text("answer dice 5")
    assert not again.units["f"].has("reduced")


def test_a_depot_moves_only_along_rail_and_never_into_an_enemy_zone(make_position: Any) -> None:
    units = [_u("d", "H4", "gerdep"), _u("f", "E5", "fra3")]
    pos = _pos(make_position, units)
    moves = {pos.label(h): m.cost for h, m in pos.legal_actions.moves_for({"d"}).items()}
    # along the line, 1 MP a hex, up to its MA; F4 is in E5's zone (10.7, digest A-11)
    assert moves == {"G4": 1, "I4": 1, "J4": 2, "K4": 3, "L4": 4}
    with pytest.raises(IllegalAction):
        pos.push_text("move d H4-H5")


def test_belgians_keep_to_belgium_and_its_edge(make_position: Any) -> None:
    theatre = {**THEATRE, "countries": {"GER": GERMANY, "BEL": ["C3", "C4", "D3", "D4"]}}
    units = [_u("b", "C4", "bel2"), _u("g", "L8", "ger4")]
    pos = _pos(make_position, units, first_side="b",
               options={"theatre": theatre, "settings": {"belgian_reach": 1}})
    moves = {pos.label(h) for h in pos.legal_actions.moves_for({"b"})}
    assert "E4" in moves and "F4" not in moves  # within 1 hex of Belgium, not 2 (10.8, A-9 as set here)


def test_a_german_unit_in_a_german_city_on_rail_to_the_east_is_in_command(make_position: Any) -> None:
    pos = _pos(make_position, [_u("g", "J4", "ger4"), _u("g2", "J6", "ger4"), _u("f", "A8", "fra3")],
               hexes={"J4": "city", "J6": "city"})
    assert in_command(pos, pos.units["g"]) and not in_command(pos, pos.units["g2"])  # 6.7; J6 has no rail


def test_the_french_6th_army_arrives_on_the_west_edge_out_of_enemy_zones(make_position: Any) -> None:
    reinf = [{"turn": 2, "side": "b", "where": "west", "units": [{"id": "six", "counter": "fra3"}]}]
    units = [_u("g", "B4", "ger4"), _u("f", "L8", "fra3")]
    pos = _pos(make_position, units, "admin", first_side="a", options={"reinforcements": reinf})
    while not (pos.turn == 2 and pos.phase.id == "reorg" and pos.phasing == "b"):
        pos.push_text("end")
    top = pos.decision
    lit = {pos.label(h) for h in top.hexes}
    assert top.then == "arrive" and top.rule == "9.3" and not {"A4", "A5"} & lit and "A8" in lit
    pos.push_text("answer hex A8")
    assert pos.label(pos.units["six"].hex) == "A8" and pos.legal_actions.moves_for({"six"}) == {}  # reorg


def test_an_eliminated_corps_returns_fatigued_to_a_german_city_on_rail(make_position: Any) -> None:
    units = [_u("g", "D4", "ger4", "reduced"), _u("h", "D5", "ger4"), _u("f", "C4", "fra3"),
             _u("f2", "C5", "fra3"), _u("q", "B4", "frahq")]
    pos = _pos(make_position, units, "combat", first_side="b", hexes={"K4": "city"})
    pos.push_text("attack f,f2 at D4 dice 6")  # 6:2 = 3:1, a 6: 0/2 (demo): g's last step; the rest
    # is ignored (11.18)
    while pos.decision is not None:  # the advance: stay
        pos.push(pos.game.done_action(pos))
    # in supply: to the eliminated display (8.8, 11.20)
    assert "g" not in pos.units and pos.game.gstate(pos.state).eliminated == ("g",)
    while not (pos.turn == 2 and pos.phase.id == "reorg" and pos.phasing == "a"):
        if pos.decision is not None:
            pos.push(pos.game.done_action(pos) or next(iter(pos.legal_actions)))
        else:
            pos.push_text("end")
    top = pos.decision
    while top is not None and top.arg("step") != "3":
        pos.push(pos.game.done_action(pos))
        top = pos.decision
    assert top is not None and top.units == ("g",)
    pos.push_text("answer units g")
    assert [pos.label(h) for h in pos.decision.hexes] == ["K4"]  # the German city linked east by rail
    pos.push_text("answer hex K4")
    g = pos.units["g"]
    assert pos.label(g.hex) == "K4" and g.has("fatigue") and not g.has("reduced")
    assert pos.game.gstate(pos.state).eliminated == ()


def test_national_colours_for_the_pages(make_position: Any) -> None:
    pos = _pos(make_position, [_u("g", "J4", "ger4"), _u("f", "A8", "fra3"), _u("b", "A7", "bel2")])
    colours = {u: pos.game.unit_colour(pos.units[u]) for u in ("g", "f", "b")}
    assert colours == {"g": "grey", "f": "blue", "b": "orange"}  # 2.4 (Britain: tan)


def test_the_demo_bef_lands_in_the_channel_ports_on_turn_3() -> None:
    from hexmate.rules.games import get_game
    game = get_game("sw")
    pos = game.new_position(game.load_scenario(game.demo_scenario_path))
    while not (pos.turn == 3 and pos.phase.id == "reorg" and pos.phasing == "ent"):
        if pos.decision is not None:  # attrition and the like: a 6, no effect
            pos.push(pos.game.done_action(pos) or next(iter(pos.legal_actions)))
        else:
            pos.push_text("end")
    top = pos.decision
    names = pos.game.ctx(pos).theatre.names
    assert top.then == "arrive" and top.rule == "9.2" and top.subject == ("b-BEF",)
    assert sorted(names[h] for h in top.hexes) == ["Boulogne", "Calais", "Dunkirk"]
    for _ in range(3):
        pos.push_text("answer hex 0104")  # stacking allows HQ and two corps in Dunkirk
    assert {pos.label(pos.units[u].hex) for u in ("b-BEF", "b-I", "b-II")} == {"0104"}
    pos.push_text("end")
    assert pos.phase.id == "move" and pos.legal_actions.moves_for({"b-I"}) == {}  # 9.2: not on turn 3
