"""PG minefields as cover (16.6): units fired on, or assaulted, in a minefield hex take the minefield's
modifier, whoever laid it (the text puts it under "no friends in a minefield": a friendly minefield does not
attack its own side's units, costs +1 MP to enter, and its modifier applies when they are fired on or
assaulted there). The number is on the Terrain Effects Chart, not in the text: it is the chart pack's
``minefield`` chart (the demo pack's +1 on each table is invented and labelled so); an owner's pack overrides
it. Only the marker's presence counts, never its face-down attack points.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hexmate.rules.charts import ChartPack
from hexmate.rules.errors import DataError
from hexmate.rules.games import Position, get_game
from hexmate.rules.games.pg import mines

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "mtr": {"type": "personnel", "bombard": 8, "bombard_range": 8, "ma": 2, "morale": 8, "steps": 2,
            "branch": "MTR"},
}


def _fire(make_position: Any, pg: Any, options: dict[str, Any] | None = None) -> Any:
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "C4", "inf", "b")], counters_extra=C,
             options=options or {})
    pos.push_text("fire a1 at C4")
    pos.push_text("answer dice 3,3")
    return pos


def test_direct_fire_at_a_unit_in_a_minefield_hex_takes_the_tec_shift(make_position: Any, pg: Any) -> None:
    """16.6 (its own minefield, side b's): INF 5 adjacent is column 11 in the open (test_cover's numbers);
    in the minefield hex the demo TEC value +1 reads it one column right, 16 (demo DFT columns 1-4, 7, 11,
    16...): roll 6 gives 2X there where the open gives X."""
    plain = _fire(make_position, pg).last_resolution
    mined = _fire(make_position, pg, {"minefields": {"C4": {"side": "b", "points": 2}}}).last_resolution
    assert plain is not None and mined is not None
    assert "column 11" in plain.text() and "minefield" not in plain.text()
    assert "minefield in C4: +1 (16.6, TEC)" in mined.text() and "column 16" in mined.text()
    assert plain.results == {"b1": "X"} and mined.results == {"b1": "2X"}


def test_a_decoy_counts_like_any_marker_and_a_cleared_one_does_not(make_position: Any, pg: Any) -> None:
    """16.6: the markers lie face down, so a DECOY not yet found out shifts like any other; a minefield
    taken off the board (cleared, or a DECOY found out) gives nothing."""
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "C4", "inf", "b")],
             options={"minefields": {"C4": {"side": "b", "points": 0}}})
    c4 = pos.map.parse_label("C4")
    got = mines.shift(pos.game, pos, c4, "dft")
    assert got is not None and got[1] == 1
    gs = pos.game.gstate(pos.state)
    gone = pos.at(pos.state.replace(game=gs.replace(mines_gone=("C4",))))
    assert mines.shift(pos.game, gone, c4, "dft") is None


def test_bombardment_of_a_minefield_hex_takes_the_tec_shift(make_position: Any, pg: Any) -> None:
    """16.6 on the Bombardment Table: a mortar's 8 at C6, roll 7: column 8 in the open (test_cover's
    numbers); with a minefield there, one column right, 12 (demo value +1)."""
    def shoot(options: dict[str, Any]) -> str:
        pos = pg(make_position, [_u("a1", "C3", "mtr"), _u("b1", "C6", "inf", "b")], counters_extra=C,
                 options=options)
        pos.push_text("fire a1 at C6")
        pos.push_text("answer dice 3,4")
        res = pos.last_resolution
        assert res is not None and res.chart == "bombardment"
        return str(res.text())

    plain, mined = shoot({}), shoot({"minefields": {"C6": {"side": "a", "points": 1}}})
    assert "column 8," in plain and "minefield" not in plain
    assert "minefield in C6: +1 (16.6, TEC)" in mined and "column 12," in mined


def test_an_assault_into_a_minefield_hex_gives_the_attacker_the_shift(make_position: Any, pg: Any) -> None:
    """16.6 and 12.41: units assaulted in a minefield hex (here the attacker's own minefield, which does not
    attack its own side, only costs +1 MP): test_assault's attack (6 -> column 8 with the leader) is read
    one column further (10: demo columns ...6, 8, 10) with the demo TEC value; the defender's fire out of it
    takes none."""
    units = [_u("a1", "C3"), _u("al", "C3", "ldr"), _u("b1", "C4", "inf", "b"),
             _u("b2", "C4", "inf4", "b", "disrupted"), _u("b3", "E7", "inf", "b")]
    pos = pg(make_position, units, options={"minefields": {"C4": {"side": "a", "points": 1}}})
    pos.push_text("move a1,al C3-C4")
    pos.push_text("answer dice 4,4")
    pos.push_text("answer dice 3,3")
    res = pos.last_resolution
    assert res is not None and res.chart == "assault"
    text = res.text()
    assert "attacker: minefield in C4: +1 (16.6, TEC)" in text
    assert "6 -> column 10, roll 8" in text and "7 -> column 6, roll 6" in text


def test_the_owners_pack_gives_the_minefield_value(make_position: Any, pg: Any) -> None:
    """The value is the TEC's: an owner's pack with 0 on the DFT gives no shift (column 11 as in the open)."""
    data = json.loads(get_game("pg").demo_charts_path.read_text(encoding="utf-8"))
    owner = copy.deepcopy(data)
    owner["demo"] = False
    owner["provenance"] = {"publisher": "owner", "edition": "keyed", "entered_by": "test"}
    owner["charts"]["minefield"]["cells"] = [0, 2, 1, 0]
    pack = ChartPack.from_dict(owner, source="owner.json")
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "C4", "inf", "b")],
             options={"minefields": {"C4": {"side": "b", "points": 2}}})
    owned = Position(pos.game, pos.scenario, pos.map, pack, pos.state)
    c4 = owned.map.parse_label("C4")
    assert mines.shift(owned.game, owned, c4, "dft") is None
    got = mines.shift(owned.game, owned, c4, "bombardment")
    assert got is not None and got[1] == 2
    owned.push_text("fire a1 at C4")
    owned.push_text("answer dice 3,3")
    res = owned.last_resolution
    assert res is not None and "column 11" in res.text() and not res.demo


def test_a_pack_without_the_minefield_chart_is_refused_by_name(tmp_path: Any) -> None:
    """An imported pack must carry every chart the game reads: the error names the file and the chart."""
    data = json.loads(get_game("pg").demo_charts_path.read_text(encoding="utf-8"))
    del data["charts"]["minefield"]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError, match=r"mine.json.*no chart 'minefield'"):
        get_game("pg").load_charts(path)


AFV = {"pz": {"type": "vehicle", "ma": 6, "morale": 7, "armor": 3, "at": 5, "at_range": 6, "steps": 2},
       "t34": {"type": "vehicle", "ma": 6, "morale": 7, "armor": 4, "at": 6, "at_range": 6, "steps": 2}}


def _at(make_position: Any, pg: Any, options: dict[str, Any]) -> str:
    pos = pg(make_position, [_u("t", "B2", "pz"), _u("s", "F2", "t34", "b")], counters_extra=AFV,
             options=options)
    pos.push_text("fire t at F2")
    pos.push_text("answer units s")
    pos.push_text("answer dice 3,3")
    res = pos.last_resolution
    assert res is not None and res.chart == "at"
    return str(res.text())


def test_anti_tank_fire_at_a_vehicle_in_a_minefield_hex_takes_the_modifier(make_position: Any,
                                                                          pg: Any) -> None:
    """16.6: units fired on in a minefield hex take its modifier, and AT fire is fire (7.42, 11.1): roll 6 +
    AT 5 - armour 4 = 7 in the open; in the minefield hex (either side's) the demo TEC value +1 makes it 8."""
    plain = _at(make_position, pg, {})
    mined = _at(make_position, pg, {"minefields": {"F2": {"side": "a", "points": 2}}})
    assert "6 + 5 - 4 +0 = 7" in plain and "minefield" not in plain
    assert "minefield in F2: +1 (16.6, TEC)" in mined and "6 + 5 - 4 +1 = 8" in mined
