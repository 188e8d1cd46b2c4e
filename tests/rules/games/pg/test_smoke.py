"""The optional smoke and illumination rounds (17.0, ``options.smoke``): missions for 10 % of the game's turns
rounded up (the text's examples: 12 turns 2, 36 turns 4); 2d6 of 5 or more places the marker, -1 for a
mortar of 60 mm or less, +1 when the firer spots the hex. Smoke blocks LOS at every elevation, makes its hex
restrictive (seen from 3 hexes, 8.21), and costs direct fire one column and AT fire 1, into it and out of it.
Illumination at night: day rules within 2 hexes of it up to 8 hexes, 4 in the secondary area. All markers
come off in the Marker Removal Phase."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import smoke
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg.game import MARK

from .conftest import unit as _u

MTR = {"mtr": {"type": "personnel", "bombard": 4, "bombard_range": 8, "ma": 1, "morale": 7, "branch": "MTR",
               "calibre": 81, "steps": 1},
       "mtr50": {"type": "personnel", "bombard": 2, "bombard_range": 6, "ma": 1, "morale": 7, "branch": "MTR",
                 "calibre": 50, "steps": 1}}


def _pos(make_position: Any, pg: Any, mortar: str = "mtr", turns: int = 12, **options: Any) -> Any:
    units = [_u("m", "A1", mortar), _u("a1", "A2"), _u("b1", "E1", "inf", "b"), _u("b2", "H5", "inf", "b")]
    return pg(make_position, units, counters_extra=MTR, turns=turns, options={"smoke": True, **options})


def _smoke(pos: Any, hex_: str = "E1") -> None:
    pos.push_text(f"smoke m at {hex_}")


def test_missions_are_ten_percent_of_the_turns_rounded_up(make_position: Any, pg: Any) -> None:
    """17.0: 12 turns -> 2 missions, 36 turns -> 4 (the text's examples); 3 turns -> 1."""
    assert [smoke.missions(_pos(make_position, pg, turns=t)) for t in (12, 36, 3)] == [2, 4, 1]


def test_five_places_the_marker_with_the_spotting_bonus(make_position: Any, pg: Any) -> None:
    """2 + 2 = 4, +1 (the mortar spots E1, 4 hexes of open ground) = 5: smoke in E1."""
    pos = _pos(make_position, pg)
    _smoke(pos)
    d = pos.decision
    assert d is not None and d.then == "smoke" and d.dice == "2d6"
    pos.push_text("answer dice 2,2")
    assert pos.map.parse_label("E1") in smoke.smoke_hexes(pos.game, pos)
    assert pos.units["m"].has(MARK)  # no bombardment or direct fire this turn


def test_a_small_mortar_takes_one_off(make_position: Any, pg: Any) -> None:
    """A 50 mm mortar: 2 + 2 - 1 + 1 = 4 misses; 2 + 3 - 1 + 1 = 5 places."""
    pos = _pos(make_position, pg, "mtr50")
    _smoke(pos)
    pos.push_text("answer dice 2,2")
    assert not smoke.smoke_hexes(pos.game, pos)
    pos = _pos(make_position, pg, "mtr50")
    _smoke(pos)
    pos.push_text("answer dice 2,3")
    assert smoke.smoke_hexes(pos.game, pos)


def test_missions_run_out(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, turns=3)  # one mission
    gs = pos.game.gstate(pos.state)
    pos = pos.at(pos.state.replace(game=gs.replace(smoke_used=(("a", 1),))))
    with pytest.raises(IllegalAction, match="all its 1 smoke"):
        _smoke(pos)


def _with_smoke(pos: Any, *labels: str) -> Any:
    gs = pos.game.gstate(pos.state)
    return pos.at(pos.state.replace(game=gs.replace(smoke=tuple(pos.map.parse_label(x) for x in labels))))


def test_smoke_blocks_los_and_makes_its_hex_restrictive(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    a1, b1 = pos.units["a1"], pos.units["b1"]
    assert pg_spot.sees_unit(pos.game, pos, a1, b1)
    blocked = _with_smoke(pos, "C2")  # between A2 and E1
    assert not pg_spot.sees_unit(blocked.game, blocked, blocked.units["a1"], blocked.units["b1"])
    inside = _with_smoke(pos, "E1")  # b1 in smoke, 4 hexes from a1: beyond the 3 of restrictive terrain
    assert not pg_spot.sees_unit(inside.game, inside, inside.units["a1"], inside.units["b1"])
    assert pg_spot.spot_range(inside.game, inside, inside.units["a1"], pos.map.parse_label("E1")) == 3


def test_direct_fire_into_and_out_of_smoke_is_one_column_down_each(make_position: Any, pg: Any) -> None:
    units = [_u("a1", "C1"), _u("b1", "E1", "inf", "b")]
    pos = pg(make_position, units, options={"smoke": True})
    pos = _with_smoke(pos, "E1", "C1")
    pos.push_text("fire a1 at E1")
    pos.push_text("answer dice 3,3")
    text = pos.last_resolution.text()
    assert "target in smoke" in text and "firing from smoke" in text


def test_the_marker_removal_phase_clears_them(make_position: Any, pg: Any) -> None:
    pos = _with_smoke(_pos(make_position, pg), "E1")
    state = smoke.clear(pos.game, pos.state)
    assert not smoke.smoke_hexes(pos.game, pos.at(state))


def test_at_night_the_side_chooses_illumination_which_lights_8_and_4(make_position: Any, pg: Any) -> None:
    """Night, range 1 (rolled): illumination at E1; a unit within 2 hexes of it is spotted up to 8 hexes,
    one in the ring beyond up to 4 (a setting: the figure is missing), others by the night range."""
    pos = _pos(make_position, pg, light="night", night_spotting=1)
    _smoke(pos)
    d = pos.decision
    assert d is not None and d.then == "smoke_kind" and set(d.choices) == {"smoke", "illumination"}
    pos.push_text("answer illumination")
    pos.push_text("answer dice 3,3")  # 6 (the mortar does not spot E1 at night)
    assert pos.map.parse_label("E1") in pos.game.gstate(pos.state).illumination
    a1 = pos.units["a1"]
    assert pg_spot.spot_range(pos.game, pos, a1, pos.map.parse_label("E1")) == 8
    assert pg_spot.spot_range(pos.game, pos, a1, pos.map.parse_label("H1")) == 4  # 3 hexes from E1
    assert pg_spot.spot_range(pos.game, pos, a1, pos.map.parse_label("K1")) == 1
    assert pg_spot.sees_unit(pos.game, pos, a1, pos.units["b1"])  # 4 hexes off, lit


def test_off_board_smoke_through_a_leader_spends_its_value(make_position: Any, pg: Any) -> None:
    """Off-board artillery (9.2) fires smoke at any range through a leader; the value named is spent for the
    turn; no +1 (a battery never spots the hex): 2 + 2 = 4 misses, 2 + 3 = 5 places."""
    units = [_u("l", "A1", "ldr"), _u("b1", "L8", "inf", "b")]
    pos = pg(make_position, units, turns=12, options={"smoke": True, "offboard": {"a": [20, 20]}})
    pos.push_text("smoke l at L7")
    d = pos.decision
    assert d is not None and d.then == "smoke_value" and d.choices == ("b1", "b2")
    pos.push_text("answer b2")
    assert ("a", 2) in pos.game.gstate(pos.state).offboard_used
    pos.push_text("answer dice 2,2")
    assert not smoke.smoke_hexes(pos.game, pos)
    pos = pg(make_position, units, turns=12, options={"smoke": True, "offboard": {"a": [20]}})
    pos.push_text("smoke l at L7")
    pos.push_text("answer b1")
    pos.push_text("answer dice 2,3")
    assert pos.map.parse_label("L7") in smoke.smoke_hexes(pos.game, pos)
