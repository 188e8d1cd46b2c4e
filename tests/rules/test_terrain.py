"""Terrain tables: the four shipped tables load and fit the demo maps; costs and TEM from the examples."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.maps import HexMap, load_map
from hexmate.rules.terrain import TerrainError, load_game_terrain, load_terrain, tables, terrain_from_dict

ROOT = Path(__file__).resolve().parents[2] / "rules"


def test_every_game_has_a_table_and_every_value_is_cited_or_demo() -> None:
    assert set(tables()) == {"asl", "pg", "fireteam", "sw"}
    for game, path in tables().items():
        t = load_terrain(path)
        assert t.game == game
        for section in (t.terrain, t.hexside, t.features):
            for entry in section.values():
                for v in (entry.move, entry.obstacle, entry.hindrance, entry.tem):
                    if v is not None:
                        assert (v.rule is not None) != v.demo


def test_demo_maps_fit_their_games() -> None:
    assert load_game_terrain("asl").problems(load_map(ROOT / "maps" / "demo-asl.json")) == []
    assert load_game_terrain("sw").problems(load_map(ROOT / "maps" / "demo-sw.json")) == []


def _asl_map(hexes: dict[str, Any], sides: list[dict[str, Any]] | None = None) -> HexMap:
    return HexMap.from_dict({"format": "hexmate-map/1", "name": "t", "game": "asl", "boards": [
        {"id": "", "grid": {"kind": "asl", "columns": 6, "rows": 6}, "hexes": hexes,
         "hexsides": sides or []}]})


def test_asl_costs_from_the_examples() -> None:
    cost = load_game_terrain("asl").cost_fn("infantry")
    m = _asl_map({"D4": {"terrain": "woods", "level": 1}, "C4": {"level": 1}, "E4": {"road": ["NW"]},
                  "D3": {"terrain": "woods", "road": ["SE"]}},
                 [{"hex": "B2", "side": "SE", "features": ["wall"]}])
    p = m.parse_label
    assert cost(m, p("C4"), p("D4")) == 2  # A4.133 example: woods from the same level, 2 MF
    assert cost(m, p("C5"), p("D4")) == 4  # A4.133 example: woods one level up, 4 MF
    assert cost(m, p("B2"), p("C3")) == 2  # A4.31 example: a wall into Open Ground, 2 MF in all
    assert cost(m, p("E4"), p("D3")) == 1  # A4.132 example: along the road into woods, 1 MF
    assert cost(m, p("D2"), p("D3")) == 2  # not along the road: the woods cost


def test_asl_cliff_hexsides_cannot_be_crossed() -> None:
    # A10.51 names cliffs, with fire and unbridged water, as terrain movement cannot cross.
    cost = load_game_terrain("asl").cost_fn("infantry")
    m = _asl_map({"C3": {"level": 1}}, [{"hex": "C3", "side": "S", "features": ["cliff"]}])
    p = m.parse_label
    assert cost(m, p("C3"), p("C4")) is None and cost(m, p("C4"), p("C3")) is None
    assert cost(m, p("C4"), p("B4")) == 1  # the hex beside it is open ground as usual


def test_asl_tem_from_the_examples() -> None:
    t = load_game_terrain("asl")
    assert {n: t.entry(n).tem.value for n in ("woods", "wooden-building", "stone-building")
            if t.entry(n).tem} == {"woods": 1, "wooden-building": 2, "stone-building": 3}
    assert t.hexside["wall"].tem is not None and t.hexside["wall"].tem.value == 2  # A8.15 example
    assert t.hexside["hedge"].tem is not None and t.hexside["hedge"].tem.rule == "A6.7 example"


def test_fire_team_climb_and_woods() -> None:
    """5.14 example: A2823 -> A2723 climbing two levels into Open = 1 + 2 = 3 MP; 6.65: woods 1.5 MP."""
    cost = load_game_terrain("fireteam").cost_fn()
    m = HexMap.from_dict({"format": "hexmate-map/1", "name": "t", "game": "fireteam", "boards": [
        {"id": "A", "grid": {"kind": "ccrr", "columns": [26, 29], "rows": [20, 25], "low": "odd"},
         "hexes": {"2723": {"level": 2}, "2722": "woods"}}]})
    assert cost(m, m.parse_label("A2823"), m.parse_label("A2723")) == 3
    assert cost(m, m.parse_label("A2823"), m.parse_label("A2722")) == Fraction(3, 2)


def test_schlieffen_river_costs() -> None:
    """10.5: forest across a river = 2 + 1 = 3 MP; into a city the river costs nothing (digest example 7)."""
    cost = load_game_terrain("sw").cost_fn("corps")
    m = HexMap.from_dict({"format": "hexmate-map/1", "name": "t", "game": "sw", "boards": [
        {"id": "", "grid": {"kind": "ccrr", "columns": [10, 15], "rows": [10, 15], "low": "even"},
         "default": {"terrain": "clear"},
         "hexes": {"1313": "forest", "1111": "city"},
         "hexsides": [{"hex": "1212", "side": "SE", "features": ["river"]},
                      {"hex": "1010", "side": "SE", "features": ["river"]}]}]})
    p = m.parse_label
    assert cost(m, p("1212"), p("1313")) == 3
    assert cost(m, p("1010"), p("1111")) == 1


def test_aliases_let_a_game_read_another_games_map() -> None:
    pg = load_game_terrain("pg")
    assert pg.entry("stone-building").name == "town"
    cost = pg.cost_fn("foot")
    m = load_map(ROOT / "maps" / "demo-asl.json")
    assert all(cost(m, a, b) is not None for a in list(m.hexes)[:20] for b in m.neighbors(a))


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda d: d["terrain"]["woods"]["move"].pop("rule"), "terrain 'woods': key 'move'"),
        (lambda d: d["terrain"]["woods"]["move"].update(demo=True), "exactly one"),
        (lambda d: d["terrain"]["woods"].update(height={"value": 1, "rule": "x"}), "key 'height'"),
        (lambda d: d["terrain"]["woods"].update(move={"value": "lots", "rule": "x"}), "number"),
        (lambda d: d.update(aliases={"x": "nowhere"}), "aliases 'x'"),
        (lambda d: d.update(colour=1), "key 'colour'"),
        (lambda d: d["los"].update(sight={"value": 1, "rule": "x"}), "los: key 'sight'"),
    ],
)
def test_malformed_tables_name_the_place(mutate: Any, expected: str) -> None:
    doc = json.loads((ROOT / "games" / "asl" / "terrain.json").read_text(encoding="utf-8"))
    doc = copy.deepcopy(doc)
    mutate(doc)
    with pytest.raises(TerrainError) as info:
        terrain_from_dict(doc, "bad.json")
    assert str(info.value).startswith("bad.json") and expected in str(info.value)


def test_map_names_unknown_to_the_table_are_reported() -> None:
    m = _asl_map({"A1": "swamp"}, [{"hex": "A1", "side": "S", "features": ["fence"]}])
    problems = load_game_terrain("asl").problems(m)
    assert any("hex A1: terrain 'swamp'" in x for x in problems)
    assert any("'fence'" in x for x in problems)


def test_hexside_tem_and_cached_los_rules() -> None:
    t = load_game_terrain("asl")
    m = _asl_map({}, [{"hex": "B2", "side": "SE", "features": ["wall"]}])
    [(name, tem)] = t.hexside_tem(m, m.parse_label("B2"), m.parse_label("C3"))
    assert (name, tem.value, tem.rule) == ("wall", 2, "A8.15 example")
    assert t.hexside_tem(m, m.parse_label("B2"), m.parse_label("B3")) == []
    assert t.los_rules() is t.los_rules()
