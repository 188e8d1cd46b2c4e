"""T44: the 8.4 LOS example table, all 32 observer-target pairs, on an analogue board (the figure is missing
from the transcription). ``maps/t44-los.json`` keeps every hex number the table names and says where each
unit stands and why (its ``notes``). Each pair is checked twice, through the game's own code: the line of
sight (the observer in a town looks from 20 m higher, 8.34) and whether the target is spotted (8.0-8.34:
in restrictive terrain only within 3 hexes, 8.21). The expected values are the text's table, not the
code's output; the table's reasons are checked too (the named hex lies on the line, or blocks it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.games import Position, get_game
from hexmate.rules.games.pg import spotting
from hexmate.rules.hexes import distance
from hexmate.rules.los import check_los
from hexmate.rules.maps import load_map
from hexmate.rules.scenario import Scenario

from ..conftest import scenario_dict
from .conftest import COUNTERS

MAP = Path(__file__).parent / "maps" / "t44-los.json"
AT = {"A": "0103", "B": "0305", "C": "0604", "D": "0407", "E": "0409", "F": "1106", "G": "0907",
      "H": "0806", "J": "0608", "K": "0808", "L": "0809"}

# the text's table (8.4): observer, target, LOS?, spotted?, the hex its reason names ("" when none)
TABLE = [
    ("A", "B", True, True, ""), ("A", "C", False, False, "0504"), ("A", "D", True, False, ""),
    ("A", "E", True, True, ""), ("A", "J", True, False, ""), ("B", "A", True, True, ""),
    ("B", "C", True, True, ""), ("B", "E", True, True, ""), ("B", "F", True, False, "0906"),
    ("B", "G", True, True, ""), ("B", "H", True, True, ""), ("B", "K", True, False, ""),
    ("C", "A", False, False, "0504"), ("C", "B", True, True, ""), ("C", "D", True, False, ""),
    ("C", "F", True, False, "0905"), ("C", "L", True, False, "0808"), ("D", "A", True, False, ""),
    ("D", "K", False, False, "0608"), ("D", "L", True, False, "0608"), ("E", "G", True, True, ""),
    ("E", "H", True, True, "0608"), ("E", "K", False, False, "0709"), ("E", "L", False, False, "0710"),
    ("F", "A", False, False, "0504"), ("F", "G", False, False, "1006"), ("F", "H", False, False, "0906"),
    ("F", "L", False, False, "1006"), ("G", "K", True, True, "0908"), ("J", "G", True, True, ""),
    ("J", "K", True, True, "0708"), ("L", "E", True, True, "0609"),
]
# where the engine stops at an earlier blocking hex on the same line than the one the text names (both on it)
FIRST_BLOCK = {("E", "K"): "0609", ("E", "L"): "0609", ("F", "H"): "1006"}


@pytest.fixture(scope="module")
def board() -> Position:
    units = [{"id": k, "counter": "inf", "side": "a", "hex": h} for k, h in AT.items()]
    scenario = Scenario.from_dict(scenario_dict("pg", units, COUNTERS, "initiative"), source="t44")
    return get_game("pg").new_position(scenario, hex_map=load_map(MAP))


def _sight(pos: Position, obs: str, tgt: str) -> Any:
    a, b = pos.units[obs].hex, pos.units[tgt].hex
    assert a is not None and b is not None
    lift = spotting.spotting_level(pos.game, pos, a) - pos.map.level(a)  # 8.34
    return check_los(pos.map, a, b, pos.game.terrain_table().table.los_rules(), a_height=lift)


@pytest.mark.parametrize(("obs", "tgt", "los", "spot", "named"), TABLE,
                         ids=[f"{o}{t}" for o, t, *_ in TABLE])
def test_t44_each_pair_as_the_text_says(board: Position, obs: str, tgt: str, los: bool, spot: bool,
                                        named: str) -> None:
    pos = board
    sight = _sight(pos, obs, tgt)
    assert (not sight.blocked) is los, sight.reason
    assert spotting.sees_unit(pos.game, pos, pos.units[obs], pos.units[tgt]) is spot
    if named:
        on_line = {pos.map.label(h) for h in sight.hexes if h in pos.map.hexes}
        assert named in on_line
        if not los:
            assert pos.map.label(sight.blocked_at) == FIRST_BLOCK.get((obs, tgt), named)


def test_t44_spotted_no_for_concealment_alone_means_beyond_3_hexes(board: Position) -> None:
    # "target in restrictive terrain > 3 hexes away": LOS yes, spotted no, and the range is over 3 (8.21)
    for obs, tgt, los, spot, _ in TABLE:
        if los and not spot:
            a, b = board.units[obs].hex, board.units[tgt].hex
            assert a is not None and b is not None and distance(a, b) > 3


def test_t44_the_town_height_makes_l_to_e_differ_from_e_to_l(board: Position) -> None:
    # 8.34: L spots from 40 m, so the towns at 20 m between are at its height; 0609 is midway (no block),
    # 0709/0710 are nearer L, and the line runs along 0509/0510, taken through 0509 (the vertex rule)
    rules = board.game.terrain_table().table.los_rules()
    L, E, J, G = (board.units[u].hex for u in "LEJG")
    assert L is not None and E is not None and J is not None and G is not None
    seen = check_los(board.map, L, E, rules, a_height=1)
    assert seen.blocked is False
    on_line = {board.map.label(h) for h in seen.hexes if h in board.map.hexes}
    assert {"0509", "0510"} <= on_line and any(kind == "along" for kind, _, _ in seen.elements)  # a hexside
    assert check_los(board.map, L, E, rules).blocked is True  # from the ground it would not see E
    # J-G: J sees G only because it spots from its town's roofs (20 m)
    assert check_los(board.map, J, G, rules, a_height=1).blocked is False
    assert check_los(board.map, J, G, rules).blocked is True
