"""A2.9 set-up limits checked when a scenario file is loaded: no overstacking (A5.1's 3 squad-equivalents plus
4 SMC, A5.2's one vehicle a side), no unit in a hex it could not enter in play; the error names the file and
the unit."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import DataError
from hexmate.rules.games import get_game
from hexmate.rules.scenario import resolve_map_path

SCENARIOS = Path(__file__).parents[4] / "rules" / "games" / "asl" / "scenarios"


def write(tmp_path: Path, name: str, units: Any, hexes: dict[str, str] | None = None) -> Path:
    data = json.loads((SCENARIOS / name).read_text())
    data["units"] = units(data["units"])
    if hexes is not None:  # a map of its own beside the file (the scenario's map is relative to it)
        (tmp_path / "maps").mkdir(exist_ok=True)
        doc = json.loads(resolve_map_path(data["map"], SCENARIOS).read_text())
        for board in doc["boards"]:
            board["hexes"] = {**board.get("hexes", {}), **hexes}
        (tmp_path / data["map"]).write_text(json.dumps(doc))
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def moved(uid: str, hex_: str) -> Any:
    return lambda units: [{**u, "hex": hex_} if uid in (u["id"], u.get("carrier")) else u for u in units]


def test_a29_the_demo_scenarios_keep_the_limits() -> None:
    game = get_game("asl")
    for name in ("demo.json", "demo-armour.json"):
        game.load_scenario(SCENARIOS / name)


def test_a29_a51_three_squads_and_a_leader_set_up_together_a_fourth_squad_is_refused(tmp_path: Path) -> None:
    """A5.1: 3 squads plus SMC in one Location are within the limit; a 4th squad there overstacks it by 1,
    which A2.9 forbids at set-up (DJ3 holds the 9-1 and two 4-6-7s; DK3's and DK4's squads join them)."""
    game = get_game("asl")
    game.load_scenario(write(tmp_path, "demo.json", moved("ger-sq3", "DJ3")))
    four = write(tmp_path, "demo.json", lambda us: moved("ger-sq4", "DJ3")(moved("ger-sq3", "DJ3")(us)))
    with pytest.raises(DataError) as refused:
        game.load_scenario(four)
    text = str(refused.value)
    assert str(four) in text and "ger-sq4" in text and "overstacked by 1" in text and "A2.9" in text


def test_a29_a52_two_vehicles_of_a_side_in_one_location_are_refused(tmp_path: Path) -> None:
    """A5.2: one vehicle a side in a Location; a second Russian tank set up in DZ9 is refused."""
    def second_tank(units: list[dict[str, Any]]) -> list[dict[str, Any]]:
        tank = next(u for u in units if u["id"] == "rus-t1")
        return [*units, {**tank, "id": "rus-t2"}]

    path = write(tmp_path, "demo-armour.json", second_tank)
    with pytest.raises(DataError) as refused:
        get_game("asl").load_scenario(path)
    assert "rus-t2" in str(refused.value) and "A5.2" in str(refused.value)


def test_a29_a_vehicle_in_a_hex_it_could_not_enter_is_refused(tmp_path: Path) -> None:
    """A2.9: not in a hex it could not enter in play: the chart pack gives a vehicle no cost in a gully."""
    path = write(tmp_path, "demo-armour.json", lambda us: us, hexes={"L9": "gully"})  # board D: DL9
    with pytest.raises(DataError) as refused:
        get_game("asl").load_scenario(path)
    assert "ger-pz1" in str(refused.value) and "could not enter" in str(refused.value)
    assert str(path) in str(refused.value)


def test_a29_a_hip_unit_set_up_at_the_table_may_not_overstack_its_sides_location(make_position: Any) -> None:
    """A2.9, A5.1: the HIP 6-2-8 named into G3, where three of its side's squads stand, would overstack it by
    1: refused; F3 holds two of them: set up there."""
    from hexmate.rules.errors import IllegalAction
    from hexmate.rules.games.asl import units as au

    counters = {name: dict(v) for name, v in au.demo_catalogue().items()}
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "F6"},
             *({"id": f"b-{n}", "counter": "4-4-7r", "side": "b", "hex": "G3"} for n in range(3)),
             *({"id": f"b-f{n}", "counter": "4-4-7r", "side": "b", "hex": "F3"} for n in range(2)),
             {"id": "b-hip", "counter": "6-2-8", "side": "b", "hex": "B2"}]
    pos = make_position("asl", units, "MPh", counters=counters, hexes={"F3": "woods", "G3": "woods"},
                        options={"hip": {"b": {"units": ["b-hip"]}}})
    assert pos.decision.then == "hip_place"
    with pytest.raises(IllegalAction) as refused:
        pos.push_text("answer hex G3")
    assert "overstacked by 1" in str(refused.value) and "A2.9" in str(refused.value)
    pos.push_text("answer hex F3")
    assert pos.decision is None
