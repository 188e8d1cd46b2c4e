"""A4.132 road movement into woods and First Fire at it. The example is on board 5 (a squad entering the
woods-road hex 5I4 for 1 MF); its figure is missing, so it runs on an analogue: a road down column F of the
test board through woods in F4, a squad coming up the road from F6. Counters from the demo catalogue (demo
values)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
ROAD = {f"F{i}": {"road": ["N", "S"] if 1 < i < 8 else (["S"] if i == 1 else ["N"])} for i in range(1, 9)}


def board(make_position: Any, firer: str, start: str = "F6") -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": start},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": firer}]
    return make_position("asl", units, "MPh", counters=COUNTERS, hexes={**ROAD, "F4": {"terrain": "woods",
                                                                                       "road": ["N", "S"]}})


def _drms(pos: Any, target: str) -> str:
    return str(pos.resolve(pos.parse_action(f"fire b-1 at {target} dice 3,4")).text())


def test_a4_132_example_entering_woods_by_road_draws_ffmo_and_no_woods_tem(make_position: Any) -> None:
    pos = board(make_position, "H5")
    move = pos.game.check(pos, pos.parse_action("move a-1 F6-F5-F4"))
    assert move.cost == 2  # 1 MF along the road into the woods (A4.132)
    pos.push(move)
    pos.push_text("answer pass")
    assert pos.label(pos.decision.target) == "F4"
    text = _drms(pos, "F4")
    assert "woods" not in text and "FFNAM" in text and "FFMO" in text and "= 5" in text  # 7 - 2


def test_a4_132_example_assault_moving_along_the_road_is_minus_1(make_position: Any) -> None:
    pos = board(make_position, "H5", start="F5")
    pos.push_text("move a-1 F5-F4 as assault")
    text = _drms(pos, "F4")
    assert "woods" not in text and "FFNAM" not in text and "FFMO" in text and "= 6" in text


def test_a4_132_example_a_view_across_the_woods_gets_no_ffmo(make_position: Any) -> None:
    # like fire at 5I4 from I5 or J4: the line to the road's crossing point runs through the woods artwork
    pos = board(make_position, "F2")
    pos.push_text("move a-1 F6-F5-F4")
    assert pos.label(pos.decision.target) == "F4"  # the woods hide F5 from F2: the first window is at F4
    text = _drms(pos, "F4")
    assert "FFNAM" in text and "FFMO" not in text and "woods" not in text and "= 6" in text


def test_a4_132_example_entering_off_the_road_pays_the_woods_and_keeps_its_tem(make_position: Any) -> None:
    pos = board(make_position, "H5", start="E5")
    move = pos.game.check(pos, pos.parse_action("move a-1 E5-F4"))
    assert move.cost == 2  # the woods cost, no road hexside crossed
    pos.push(move)
    text = _drms(pos, "F4")
    assert "woods" in text and "FFNAM" in text and "FFMO" not in text and "= 7" in text  # +1 -1
