"""Advancing by Location in a multi-level building (A4.7, A2.8, A.8): one hex across at the same level, or
one level up or down by the stairs, never both; at the table the level asked on the page. On an analogue of
board 3's M2-N1-N2 building (levels 1 and 2, stairs in M2; the A10.51 example's building)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import get_game
from hexmate.rules.scenario import Scenario

from ..conftest import ASL_COUNTERS, scenario_dict, small_map

UPPER = ["building-level-1", "building-level-2"]
BUILDING = {"M2": {"terrain": "stone-building", "features": [*UPPER, "stairway"]},
            "N1": {"terrain": "stone-building", "features": UPPER},
            "N2": {"terrain": "stone-building", "features": UPPER}}


def _pos(hex_: str = "M2", level: int = 0, enemy: str = "P6") -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": hex_, "level": level},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": enemy}]
    scen = Scenario.from_dict(scenario_dict("asl", units, ASL_COUNTERS, "APh"), source="test-scenario")
    return get_game("asl").new_position(scen, hex_map=small_map("asl", BUILDING, columns=16, rows=8))


def test_a4_7_up_one_level_by_the_stairs_is_an_advance() -> None:
    """A4.7: in the same hex, to the ADJACENT level above by M2's stairs; the log names the level."""
    pos = _pos()
    m2 = pos.map.parse_label("M2")
    assert m2 in pos.legal_actions.moves_for({"a-1"})  # lit: the counter is put back on M2
    done = pos.push(pos.parse_action("advance a-1 M2-M2"))
    assert done.text(pos.label) == "advance a-1 M2-M2 cost 0 as h1"  # ground level: only up (A4.7)
    assert pos.units["a-1"].level == 1 and not pos.units["a-1"].has("cx")


def test_a4_7_up_or_down_is_asked_on_the_page() -> None:
    """From M2 level 1 the stairs go both ways: the page asks (the board cannot tell levels)."""
    pos = _pos(level=1)
    pos.push(pos.parse_action("advance a-1 M2-M2"))
    top = pos.decision
    assert top is not None and top.then == "advance_level" and top.rule == "A4.7"
    assert top.choices == ("h0", "h2")
    pos.push_text("answer h2")
    assert pos.units["a-1"].level == 2


def test_a4_7_across_keeps_the_level_never_across_and_up() -> None:
    """A4.7: along level 2 from M2 into N1 (the building has it there), but never across and up at once, nor
    across and down (N1's ground from M2 level 2), nor two levels at once."""
    pos = _pos(level=2)
    m2, n1 = pos.map.parse_label("M2"), pos.map.parse_label("N1")
    with pytest.raises(IllegalAction, match="changes its hex or its level, not both") as e:
        pos.game.check(pos, pos.parse_action("advance a-1 M2-N1 as h0"))
    assert e.value.rule == "A4.7"
    with pytest.raises(IllegalAction, match="changes level by one"):
        pos.game.check(pos, pos.parse_action("advance a-1 M2-M2 as h0"))
    pos.push(pos.parse_action("advance a-1 M2-N1"))
    assert pos.units["a-1"].hex == n1 and pos.units["a-1"].level == 2
    low = _pos(hex_="M2", level=1)
    m1 = low.map.parse_label("M1")  # open ground: no level 1
    assert m1 not in low.legal_actions.moves_for({"a-1"}) and m2 in low.legal_actions.moves_for({"a-1"})
    with pytest.raises(IllegalAction, match="across and down at once"):
        low.game.check(low, low.parse_action("advance a-1 M2-M1"))


def test_a4_7_no_stairs_no_level_change() -> None:
    """N1 has no stairs: no advance up or down there (A4.7 by the stairs, A2.8)."""
    pos = _pos(hex_="N1")
    with pytest.raises(IllegalAction, match="no stairs"):
        pos.game.check(pos, pos.parse_action("advance a-1 N1-N1"))
