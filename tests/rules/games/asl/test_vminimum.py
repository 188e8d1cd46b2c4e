"""Vehicle Minimum Move in play (vminimum.py, D2.15, D2.24, D8.21). The vehicle is a demo catalogue entry
(demo values: a 6-MP low ground pressure tank, so that a hex of higher woods costs more than its allowance);
the bog DRM is the D8.2 example's (T-MOV-11): +1 into higher woods, and no +3 by a Minimum Move."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour
from hexmate.rules.games.asl import facing as fc

from .test_armour import COUNTERS


def light_tank(
    make_position: Any, tmp_path: Path, *markers: str, hexes: dict[str, Any] | None = None
) -> Position:
    catalogue = tmp_path / "vehicles.json"
    catalogue.write_text(json.dumps({"format": "hexmate-asl-vehicles/1", "label": "demo values", "vehicles": {
        "pz-ii-a": {"name": "6-MP light tank (demo values)", "movement": "tracked", "mp": 6,
                    "manufacturer": "g", "ground_pressure": "low",
                    "armor": {"hull_front": 2, "hull_side": 1},
                    "ma": {"calibre": 20, "kind": "gun"}, "cs": 5, "demo": True}}}))
    counters = {**COUNTERS, "ii": {"type": "vehicle", "vehicle": "pz-ii-a", "catalogue": str(catalogue)}}
    unit = {"id": "a-ii", "counter": "ii", "side": "a", "hex": "F5", "markers": ["vca1", *markers]}
    far = {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"}
    pos: Position = make_position("asl", [unit, far], "MPh", counters=counters,
                                  hexes=hexes or {"G5": {"terrain": "woods", "level": 1}})
    assert sorted(pos.label(h) for h in fc.front_hexes(pos.units["a-ii"].hex, 1)) == ["F4", "G5"]
    return pos


def sub(tmp_path: Path, name: str) -> Path:
    (tmp_path / name).mkdir()
    return tmp_path / name


def cost_of(pos: Position, text: str) -> Fraction:
    move = pos.game.check(pos, pos.parse_action(text))
    assert move.cost is not None
    return Fraction(move.cost)


def settle(pos: Position) -> None:
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def test_d2_15_minimum_move_into_higher_woods(make_position: Any, tmp_path: Path) -> None:
    """D2.15 with the D8.2 example's bog DRM (T-MOV-11): normally start 1 + woods 1/2 MPA 3 + higher 4 = 8 MP,
    more than 6 and its ESB quarter (1); by Minimum Move it spends its 6 MP, rolls the bog DR at +1 (higher
    woods; the +3 for 1/2 MPA is not for a Minimum Move) and ends in Motion facing as it was."""
    pos = light_tank(make_position, tmp_path)
    with pytest.raises(IllegalAction, match=r"costs 8 MP"):
        cost_of(pos, "move a-ii F5-G5")
    assert cost_of(pos, "move a-ii F5-G5 as minimum") == 6
    pos.push_text("move a-ii F5-G5 as minimum")
    settle(pos)
    bog = pos.decision
    assert bog is not None and bog.then == "vbog" and bog.arg("drm") == "1"
    pos.push_text("answer dice 5,5")  # 10 + 1 = 11: not bogged (D8.21)
    settle(pos)
    tank = pos.units["a-ii"]
    assert pos.label(tank.hex) == "G5" and tank.facing == 1
    assert tank.has("motion") and armour.spent_of(tank) == 6  # no stop: it ends in Motion (D2.15, D2.7)
    assert pos.decision is None or pos.decision.then != "vfacing"


def test_d2_15_bogged_by_a_minimum_move(make_position: Any, tmp_path: Path) -> None:
    """D2.15, D8.21: the bog DR a normal entry would need is rolled; 11 + 1 = 12 bogs it, and no Motion."""
    pos = light_tank(make_position, tmp_path)
    pos.push_text("move a-ii F5-G5 as minimum")
    settle(pos)
    pos.push_text("answer dice 5,6")
    settle(pos)
    tank = pos.units["a-ii"]
    assert tank.has("bogged") and not tank.has("motion")


def test_d2_15_refusals(make_position: Any, tmp_path: Path) -> None:
    """D2.15: only into a hex it cannot enter normally, one VCA hex without turning, never NA terrain, one
    hex, and with its whole allowance unspent."""
    higher = {"terrain": "woods", "level": 1}
    pos = light_tank(make_position, tmp_path, hexes={"G5": higher, "F4": {"terrain": "gully"}, "G6": higher})
    with pytest.raises(IllegalAction, match=r"NA to it \(D2\.15\)"):
        cost_of(pos, "move a-ii F5-F4 as minimum")
    with pytest.raises(IllegalAction, match=r"VCA hexes without turning"):
        cost_of(pos, "move a-ii F5-G6 as minimum")  # G6 is a hexspine away from the VCA
    with pytest.raises(IllegalAction, match=r"only one hex"):
        cost_of(pos, "move a-ii F5-G5-H5 as minimum")
    plain = light_tank(make_position, sub(tmp_path, "plain"),
                       hexes={"G5": {"terrain": "open"}})
    with pytest.raises(IllegalAction, match=r"no Minimum Move is needed"):
        cost_of(plain, "move a-ii F5-G5 as minimum")  # 1 + 1 = 2 MP: it simply enters
    spent = light_tank(make_position, sub(tmp_path, "spent"), "spent2")
    with pytest.raises(IllegalAction, match=r"whole MP allowance"):
        cost_of(spent, "move a-ii F5-G5 as minimum")  # 1 MP already spent (e.g. unloading, D6.5)


def test_d2_24_reverse_minimum_move(make_position: Any, tmp_path: Path) -> None:
    """D2.24 with D2.21/D2.22: reverse into a rear hex costs 4 x the entry; into open ground 1 + 4 = 5 fits
    6 MP (refused as a Minimum Move), into higher woods it does not, and a reverse Minimum Move enters it
    keeping its facing (the vehicle backs in), in Motion."""
    rear = {"F6": {"terrain": "woods", "level": 1}, "E6": {"terrain": "open"}}
    pos = light_tank(make_position, tmp_path, hexes=rear)
    assert sorted(pos.label(h) for h in fc.rear_hexes(pos.units["a-ii"].hex, 1)) == ["E6", "F6"]
    with pytest.raises(IllegalAction, match=r"no Minimum Move is needed"):
        cost_of(pos, "move a-ii F5-E6 as minimum+reverse")
    assert cost_of(pos, "move a-ii F5-F6 as minimum+reverse") == 6
    pos.push_text("move a-ii F5-F6 as minimum+reverse")
    settle(pos)
    while pos.decision is not None and pos.decision.then == "vbog":
        pos.push_text("answer dice 1,1")
        settle(pos)
    tank = pos.units["a-ii"]
    assert pos.label(tank.hex) == "F6" and tank.facing == 1 and tank.has("motion")


def test_d2_15_towing_mp_left_out(make_position: Any, tmp_path: Path) -> None:
    """D2.15: the whole allowance less the towing MP: a tank that hooked up this MPh (2 MP, the chart pack's
    demo hook-up cost) may still Minimum Move with its other 4 MP; its bog DR takes +1 towing (D8.21) and +1
    higher woods. MP spent otherwise (3 here) bar it."""
    pos = light_tank(make_position, tmp_path, "towing", "spent4")
    assert cost_of(pos, "move a-ii F5-G5 as minimum") == 4
    pos.push_text("move a-ii F5-G5 as minimum")
    settle(pos)
    bog = pos.decision
    assert bog is not None and bog.then == "vbog" and bog.arg("drm") == "2"
    pos.push_text("answer dice 1,2")
    settle(pos)
    tank = pos.units["a-ii"]
    assert tank.has("motion") and armour.spent_of(tank) == 6
    more = light_tank(make_position, sub(tmp_path, "more"), "towing", "spent6")
    with pytest.raises(IllegalAction, match=r"whole MP allowance"):
        cost_of(more, "move a-ii F5-G5 as minimum")
