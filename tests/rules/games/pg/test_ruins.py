"""The optional ruins (17.0, ``options.ruins``): a single direct fire or bombardment of 30 or more at a town
hex, then one die: 6 ruins it (once a game; a wreck marker shows it). A ruined town costs foot units 2 MP and
tracked units 4, bars wheeled units, holds one vehicle unit, and bars vehicles once another wreck lies there.
The numbers (30, the 6, 2/4/prohibited, one vehicle) are the text's."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import ruins

from .conftest import unit as _u

BIG = {"big": {"type": "personnel", "df": 15, "df_range": 5, "ma": 3, "morale": 8, "steps": 2},
       "truck": {"type": "vehicle", "ma": 8, "morale": 6, "transport": 1, "steps": 1},
       "tank": {"type": "vehicle", "ma": 6, "morale": 7, "armor": 3, "at": 6, "at_range": 6, "steps": 2}}
TOWN = {"D1": {"terrain": "town"}, "D4": {"terrain": "town"}}


def _fire_pos(make_position: Any, pg: Any, second: str = "big", option: Any = True) -> Any:
    units = [_u("x1", "A1", "big"), _u("x2", "A1", second), _u("b1", "D1", "inf", "b")]
    return pg(make_position, units, counters_extra=BIG, hexes=TOWN, options={"ruins": option})


def _to_ruins_roll(pos: Any) -> None:
    """Answer what the fire opened (2d6 for the DFT and checks, the owner's first choice) until the ruins
    die is asked."""
    while pos.decision is not None and pos.decision.then != "ruins":
        d = pos.decision
        pos.push_text("answer dice 3,3" if d.dice == "2d6" else "answer dice 3" if d.dice == "1d6"
                      else f"answer {d.choices[0]}")


def test_a_fire_of_30_at_a_town_rolls_and_a_6_ruins_it(make_position: Any, pg: Any) -> None:
    """17.0 ruins: 15 + 15 = 30 DF at the town D1; the die after the fire is 6: ruined, a wreck marker."""
    pos = _fire_pos(make_position, pg)
    pos.push_text("fire x1,x2 at D1")
    _to_ruins_roll(pos)
    d = pos.decision
    assert d is not None and d.dice == "1d6" and d.side == "a" and "30 fire at the town D1" in str(d.prompt)
    before = pos.state
    pos.push_text("answer dice 6")
    assert ruins.ruined(pos.game, pos, pos.map.parse_label("D1"))
    placed = [c for c in pos.game.physical_changes(before, pos.state) if c.to == "wreck"]
    assert [pos.label(c.hex) for c in placed] == ["D1"]
    assert "ruined" in pos.last_resolution.text()


def test_a_5_leaves_the_town_standing(make_position: Any, pg: Any) -> None:
    pos = _fire_pos(make_position, pg)
    pos.push_text("fire x1,x2 at D1")
    _to_ruins_roll(pos)
    pos.push_text("answer dice 5")
    assert not ruins.ruined(pos.game, pos, pos.map.parse_label("D1"))


def test_29_does_not_roll_nor_does_a_fire_without_the_option(make_position: Any, pg: Any) -> None:
    pos = _fire_pos(make_position, pg, second="hmg11")  # 15 + 11 = 26
    pos.push_text("fire x1,x2 at D1")
    _to_ruins_roll(pos)
    assert pos.decision is None
    pos = _fire_pos(make_position, pg, option=False)
    pos.push_text("fire x1,x2 at D1")
    _to_ruins_roll(pos)
    assert pos.decision is None


def _move_pos(make_position: Any, pg: Any, mover: str, others: list[dict[str, Any]] | None = None) -> Any:
    units = [_u("m", "D2", mover), _u("b1", "K8", "inf", "b"), *(others or [])]
    return pg(make_position, units, counters_extra=BIG, hexes=TOWN, options={"ruins": ["D4"]})


def test_entering_a_ruined_town_costs_foot_2_and_tracked_4(make_position: Any, pg: Any) -> None:
    """17.0: foot 2 MP, tracked 4 MP (the demo town costs 1 and 2 otherwise)."""
    d4 = None
    for mover, cost in (("inf", 2), ("tank", 4)):
        pos = _move_pos(make_position, pg, mover)
        d4 = pos.map.parse_label("D4")
        moves = pos.game.moves_for(pos, frozenset({"m"}))
        assert moves[d4].cost == 1 + cost  # D3 (clear: 1) then D4
    assert d4 is not None


def test_wheeled_units_may_not_enter(make_position: Any, pg: Any) -> None:
    pos = _move_pos(make_position, pg, "truck")
    assert pos.map.parse_label("D4") not in pos.game.moves_for(pos, frozenset({"m"}))
    pos.push_text("activate m")
    with pytest.raises(IllegalAction):
        pos.push_text("move m D2-D3-D4")


def test_one_vehicle_unit_only_and_none_past_another_wreck(make_position: Any, pg: Any) -> None:
    pos = _move_pos(make_position, pg, "tank", [_u("t2", "D4", "truck")])
    assert pos.map.parse_label("D4") not in pos.game.moves_for(pos, frozenset({"m"}))
    pos = _move_pos(make_position, pg, "inf", [_u("t2", "D4", "truck")])
    assert pos.map.parse_label("D4") in pos.game.moves_for(pos, frozenset({"m"}))  # foot may join it
    pos = _move_pos(make_position, pg, "tank")
    gs = pos.game.gstate(pos.state)
    pos = pos.at(pos.state.replace(game=gs.replace(wrecks=(("D4", 1),))))  # an AFV lost a step there (16.3)
    assert pos.map.parse_label("D4") not in pos.game.moves_for(pos, frozenset({"m"}))
