"""Scenario files: the demo scenarios load; broken ones fail naming the file and the place."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules import scenario as sc
from hexmate.rules.errors import DataError
from hexmate.rules.games import get_game

DEMO = Path(sc.__file__).parent / "games" / "asl" / "scenarios" / "demo.json"
BROKEN = json.loads((Path(__file__).parent / "data" / "broken_scenarios.json").read_text())


@pytest.mark.parametrize("game", ["asl", "pg", "fireteam", "sw"])
def test_demo_scenarios_load_and_place(game: str) -> None:
    g = get_game(game)
    scenario = g.load_scenario(g.demo_scenario_path)
    assert scenario.game == game and scenario.map_path.exists()
    pos = g.new_position(scenario)
    assert len(pos.units) == len(scenario.units)


def test_asl_demo_is_the_size_the_brief_asks_for() -> None:
    scenario = sc.load_scenario(DEMO)
    assert scenario.map_path.name == "demo-asl.json"
    for side in ("ger", "rus"):
        types = [scenario.counters[u.counter].type for u in scenario.units if u.side == side]
        assert types.count("squad") == 6 and types.count("leader") == 2
    assert any(u.concealed for u in scenario.units)


def _mutate(data: dict[str, Any], case: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(data)
    data.update(case.get("set", {}))
    if "set_sides" in case:
        data["sides"] = data["sides"][: case["set_sides"]]
    if "counter" in case:
        name, value = case["counter"]
        data["counters"][name] = value
    if "unit" in case:
        index, changes = case["unit"]
        data["units"][index].update(changes)
    return data


@pytest.mark.parametrize("case", BROKEN, ids=[c["name"] for c in BROKEN])
def test_broken_scenario_names_file_and_place(case: dict[str, Any], tmp_path: Path) -> None:
    data = json.loads(DEMO.read_text())
    data["map"] = str(DEMO.parent.parent.parent.parent / "maps" / "demo-asl.json")
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(_mutate(data, case)))
    game = get_game("asl")
    with pytest.raises(DataError) as info:
        where = case.get("at", "file")
        if where == "file":
            sc.load_scenario(path)
        elif where == "game":
            game.load_scenario(path)
        else:
            game.new_position(game.load_scenario(path))
    assert str(path) in str(info.value)
    assert case["expect"] in str(info.value)


def test_unreadable_scenario(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read"):
        sc.load_scenario(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    with pytest.raises(DataError, match="not valid JSON"):
        sc.load_scenario(bad)


def test_fireteam_counters_are_checked_naming_the_counter(tmp_path: Path) -> None:
    game = get_game("fireteam")
    data = json.loads(game.demo_scenario_path.read_text())
    data["map"] = str(game.demo_scenario_path.parents[3] / "maps" / "demo-asl.json")
    del data["counters"]["us-ldr"]["recovery"]  # [8.11] a leader rallies against his recovery value
    path = tmp_path / "ft.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError, match=r"counters\['us-ldr'\]: a leader needs whole-number 'recovery'"):
        game.load_scenario(path)


def test_sw_demo_keeps_to_a_compact_area_and_names_its_theatre() -> None:
    g = get_game("sw")
    scenario = g.load_scenario(g.demo_scenario_path)
    assert scenario.map_path.name == "demo-sw.json"
    for unit in scenario.units:  # columns 22-29, rows 09-13: the part of the big map the table shows
        assert 22 <= int(unit.hex[:2]) <= 29 and 9 <= int(unit.hex[2:]) <= 13, unit.id
    assert scenario.options["theatre"] == "demo-sw.theatre.json"  # countries, rail, edges: 8.3-8.6
