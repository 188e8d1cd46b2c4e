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


# A2.9's free deployment: 10% (FRU) of the squads set up on the map, and of those due on each turn, may be
# deployed before set-up, with no NTC (the conftest's open 12x8 map, its 4-6-7 reducing to 2-4-7 HS).

def _squads(side: str, n: int, row: int = 1, prefix: str = "") -> list[dict[str, Any]]:
    return [{"id": f"{prefix or side}-{i}", "counter": "4-6-7", "side": side,
             "hex": f"{'ABCDEFGHIJKL'[i % 12]}{row}"} for i in range(1, n + 1)]


def test_a2_9_twelve_squads_on_the_map_two_deploy_freely_before_play(make_position: Any) -> None:
    """12 squads: 10% is 1.2, rounded up 2 (FRU). They deploy with no NTC and no RPh action spent; a third is
    refused; once play has begun none is offered."""
    from hexmate.rules import actions as act
    from hexmate.rules.errors import IllegalAction
    pos = make_position("asl", _squads("a", 12), "RPh")
    offered = {pos.action_text(a) for a in pos.legal_actions if isinstance(a, act.Activate)}
    assert "activate a-1 for free-deploy" in offered and "activate a-12 for free-deploy" in offered
    pos.push_text("activate a-1 for free-deploy")
    assert pos.decision is None  # no NTC (A2.9 against A1.31's)
    assert pos.units["a-1"].type == pos.units["a-1.2"].type == "hs"
    assert pos.units["a-1.2"].hex == pos.units["a-1"].hex and not pos.units["a-1"].has("rally_tried")
    pos.push_text("activate a-5 for free-deploy")
    with pytest.raises(IllegalAction, match=r"A2\.9"):
        pos.push_text("activate a-7 for free-deploy")
    assert not any(isinstance(a, act.Activate) and a.mode == "free-deploy" for a in pos.legal_actions)


def test_a2_9_ten_squads_one_and_not_after_play_begins(make_position: Any) -> None:
    from hexmate.rules.errors import IllegalAction
    pos = make_position("asl", _squads("a", 10), "RPh")
    pos.push_text("end")
    with pytest.raises(IllegalAction, match=r"A2\.9"):
        pos.push_text("activate a-1 for free-deploy")
    pos = make_position("asl", _squads("a", 10), "RPh")
    pos.push_text("activate a-1 for free-deploy")
    with pytest.raises(IllegalAction, match=r"A2\.9"):
        pos.push_text("activate a-2 for free-deploy")  # 10% of 10 is 1


def test_a2_9_three_squads_due_on_turn_1_one_deploys_before_its_off_board_set_up(make_position: Any) -> None:
    """3 squads due: 10% is 0.3, rounded up 1 (FRU), deployed as the RPh opens, before the off-board set-up
    (A2.51); its two HS are then set up and come on as the squad was due. The on-map share is its own: 12
    on the map give 2 more."""
    from hexmate.rules.errors import IllegalAction
    due = _squads("a", 3, row=4, prefix="r")
    entry = {"entry": {u["id"]: {"turn": 1, "hexes": ["A4"]} for u in due}}
    pos = make_position("asl", [*due, *_squads("a", 12)], "RPh", options=entry)
    pos.push_text("activate r-1 for free-deploy")
    assert pos.units["r-1.2"].hex is None and pos.units["r-1.2"].type == "hs"
    with pytest.raises(IllegalAction, match=r"A2\.9"):
        pos.push_text("activate r-2 for free-deploy")
    pos.push_text("activate a-1 for free-deploy")  # the on-map share
    pos.push_text("activate a-2 for free-deploy")
    pos.push_text("move r-1,r-1.2 A4 as off1")  # the set-up window is still open (A2.51)
    with pytest.raises(IllegalAction, match=r"A2\.9"):
        pos.push_text("activate r-3 for free-deploy")
    while pos.phase.id != "MPh":
        pos.push_text("end")
    pos.push_text("move r-1,r-1.2 A4-B4 as enter")
    assert pos.label(pos.units["r-1.2"].hex) == "B4"


def test_a2_9_a_nationality_that_does_not_deploy(make_position: Any) -> None:
    """Only a nationality that deploys (A2.9): Russian squads never do (A25.2)."""
    from hexmate.rules.errors import IllegalAction
    sides = [{"id": "a", "name": "Germans", "nationality": "german"},
             {"id": "b", "name": "Russians", "nationality": "russian"}]
    pos = make_position("asl", [*_squads("a", 2), *_squads("b", 2, row=8)], "RPh", sides=sides)
    with pytest.raises(IllegalAction, match=r"A2\.9"):
        pos.push_text("activate b-1 for free-deploy")
    pos.push_text("activate a-1 for free-deploy")
