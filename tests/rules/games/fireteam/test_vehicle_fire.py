"""Fire Team vehicles in fire: HT or HV ammunition [6.5 A], naming the target vehicle [6.51], missile
evasion [6.52], riders firing from inside [6.41], night [15] and the height advantage over defilade [18.3]
(digest 7.E.16, 7.E.20)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position, get_game
from hexmate.rules.games.fireteam import night
from hexmate.rules.scenario import Scenario

from ..conftest import scenario_dict, small_map
from .conftest import COUNTERS, CP, draw, unit

TANKS = {
    "tank": {"type": "vehicle", "fp": 5, "range": 10, "ma": 8, "af": 10, "ao": 5, "hvf": 12, "hvo": 6,
             "gm_ht": 12, "gm_hv": 14, "gm_bands": "1-12,13-30", "platoon": 3},
    "bmp": {"type": "vehicle", "fp": 4, "range": 8, "ma": 9, "af": 5, "ao": 3, "gm": 11, "gm_bands": "4-37",
            "missile": 1, "platoon": 1, "transport": 1, "ifv_mg": 1},
}


def game_of(ft: Any, units: list[dict[str, Any]], riders: dict[str, str] | None = None,
            **options: Any) -> Any:
    """A position with a chit of 5 drawn for side a; ``riders`` (unit -> vehicle) already aboard."""
    pos = ft(units, impulse=None, options=options, counters_extra=TANKS)
    state = pos.state
    for uid, carrier in (riders or {}).items():
        state = state.with_unit(dataclasses.replace(state.units[uid], carrier=carrier))
    pos = Position(pos.game, pos.scenario, pos.map, pos.charts, state)
    draw(pos, "a", 5)
    return pos


def test_ex_6_5_a_a_tank_gun_chooses_ht_or_hv_and_the_armour_follows(ft: Any) -> None:
    pos = game_of(ft, [unit("g", "A4", "tank"), unit("t", "H4", "tank", "b")], facing={"t": "W"})
    pos.push_text("fire g at H4")
    assert pos.decision is not None and pos.decision.then == "ammo"
    assert set(pos.decision.choices) == {"ht", "hv"}
    pos.push_text("answer hv")
    pos.push_text("answer dice 10")
    text = pos.last_resolution.text()
    assert "firepower: g HV 14" in text and "armour: t HV front 12" in text  # 14 - 12 = +2
    assert "difference: 14 - 12 = 2 -> +2" in text


def test_ex_6_51_the_firer_names_one_vehicle_of_a_stack(ft: Any) -> None:
    units = [unit("g", "A4", "tank"), unit("t", "H4", "tank", "b"), unit("b2", "H4", "bmp", "b")]
    pos = game_of(ft, units, facing={"t": "W", "b2": "W"})
    pos.push_text("fire g at H4")
    assert pos.decision is not None and pos.decision.then == "gmtarget"
    assert set(pos.decision.units) == {"t", "b2"}
    pos.push_text("answer units b2")
    pos.push_text("answer ht")
    pos.push_text("answer dice 3")
    res = pos.last_resolution
    assert "armour: b2 HT front 5" in res.text()  # HT 12 - 5 = +7 [6.5 B, D]
    assert res.results["b2"] == "K" and "b2" not in pos.units and "t" in pos.units


def _missile_at(ft: Any, facing: str, feared: bool = False, mate: str | None = None) -> str:
    """The Dragon team's missile at a T-80 in woods 7 hexes off."""
    markers = ("vfear",) if feared else ()
    units = [unit("d", "A4", "dragon"), unit("t", "H4", "t80", "b", *markers)]
    face = {"t": facing}
    if mate:
        units.append(unit("m", mate, "t80", "b"))
        face["m"] = "W"
    pos = ft(units, impulse=None, options={"facing": face}, counters_extra=TANKS, hexes={"H4": "woods"})
    draw(pos, "a", 5)
    pos.push_text("fire d at H4 dice 10")
    return str(pos.last_resolution.text())


def test_ex_6_52_a_vehicle_that_sees_the_missile_coming_gets_the_larger_shift(ft: Any) -> None:
    seen = _missile_at(ft, "W")  # facing the Dragon team: it evades
    assert "missile evasion" in seen and "target in woods: 2 R (6.52)" in seen
    unseen = _missile_at(ft, "E")  # its back to the firer: the smaller shift
    assert "missile evasion" not in unseen and "target in woods: 1 R (6.52)" in unseen
    feared = _missile_at(ft, "W", feared=True)  # [6.52] a feared vehicle never evades
    assert "missile evasion" not in feared and "target in woods: 1 R (6.52)" in feared
    mate = _missile_at(ft, "E", mate="I4")  # [6.52] b: a platoon mate within 3 hexes sees the firer
    assert "missile evasion" in mate


def test_ex_6_41_a_squad_rides_and_fires_at_a_third_with_its_vehicle(ft: Any) -> None:
    units = [unit("v", "D4", "m2"), unit("s", "D4", "squad"), unit("x", "H4", "squad5", "b")]
    pos = game_of(ft, units, riders={"s": "v"})
    with pytest.raises(IllegalAction, match=r"fires only with its vehicle \(6\.41\)"):
        pos.push_text("fire s at H4")
    pos.push_text("fire s,v at H4 dice 10")
    text = pos.last_resolution.text()
    assert "s 6 x1/3 from inside its vehicle (6.41) = 2" in text and "column: 8 FP" in text
    assert pos.game.cp(pos.state).cp == 5 - 1  # only the vehicle's activation is paid [6.41]


def test_ex_6_41_an_mg_team_fires_from_a_bmp_only_to_its_front(ft: Any) -> None:
    units = [unit("v", "D4", "bmp"), unit("g", "D4", "mg"), unit("x", "H4", "squad5", "b"),
             unit("y", "A4", "squad5", "b")]
    pos = game_of(ft, units, riders={"g": "v"}, facing={"v": "E"})
    with pytest.raises(IllegalAction, match=r"only into its front arc \(6\.41\)"):
        pos.push_text("fire g,v at A4")
    pos.push_text("fire g,v at H4 dice 10")
    assert "g 8 x1/3 from inside its vehicle (6.41)" in pos.last_resolution.text()
    m2 = game_of(ft, [unit("v", "D4", "m2"), unit("g", "D4", "mg"), unit("x", "H4", "squad5", "b")],
                 riders={"g": "v"})
    with pytest.raises(IllegalAction, match=r"cannot fire from inside v \(6\.41\)"):
        m2.push_text("fire g,v at H4")


def test_ex_15_night_halves_ma_adds_2_and_limits_fire_to_sighting_range(ft: Any) -> None:
    units = [unit("s", "D4", "squad"), unit("x", "H4", "squad5", "b"), unit("y", "F4", "squad5", "b")]
    pos = game_of(ft, units, night=True)
    assert pos.game.mp_left(pos, [pos.units["s"]]) == 3  # [15.1] MA 5 halved, rounded up
    assert pos.units["x"].concealed and pos.units["y"].concealed  # [15.8] at night all set up hidden
    with pytest.raises(IllegalAction, match=r"11\.3"):
        pos.push_text("fire s at H4")
    state = pos.state  # both enemies known (say, they fired and then stopped): only range and flash count
    for uid in ("x", "y"):
        state = state.with_unit(dataclasses.replace(state.units[uid], concealed=False))
    pos = Position(pos.game, pos.scenario, pos.map, pos.charts, state)
    with pytest.raises(IllegalAction, match=r"sighting range, or at a Gun Flash \(15\.3\)"):
        pos.push_text("fire s at H4")  # 4 hexes: beyond the (demo) infantry night range of 3, no flash
    pos.push_text("fire s at F4 dice 10")
    assert "night: +2 (15.4)" in pos.last_resolution.text()
    assert pos.units["s"].has(night.GUN_FLASH)  # [15.5] it fired at night


def _wide(units: list[dict[str, Any]], options: dict[str, Any], hexes: dict[str, Any]) -> Position:
    game = get_game("fireteam")
    scen = Scenario.from_dict(scenario_dict("fireteam", units, {**COUNTERS, **TANKS}, "action",
                                            options={"cp": CP, **options}), source="test")
    pos = game.new_position(scen, hex_map=small_map("fireteam", hexes, None, columns=28, rows=8))
    draw(pos, "a", 5)
    return pos


def test_ex_15_6_fire_at_a_gun_flash_beyond_sighting_range(ft: Any) -> None:
    """[15.6] example: at night a Soviet tank fires at a US tank with a Gun Flash, in Cover 25 hexes away,
    where the night sighting range is 12: 2 R for night and 3 R more for the flash."""
    units = [unit("g", "A4", "tank"), unit("t", "Z4", "tank", "b", night.GUN_FLASH)]
    pos = _wide(units, {"night": True, "facing": {"t": "W"}}, {"Z4": "cover"})
    pos.push_text("fire g at Z4")
    pos.push_text("answer ht")
    pos.push_text("answer dice 10")
    text = pos.last_resolution.text()
    assert "range column: 25 hexes" in text
    assert "night: 2 R (15.4)" in text and "at a Gun Flash beyond sighting range: 3 R (15.6)" in text
    dark = _wide([unit("g", "A4", "tank"), unit("t", "Z4", "tank", "b")], {"night": True}, {})
    with pytest.raises(IllegalAction, match=r"11\.3"):
        dark.push_text("fire g at Z4")  # [15.8] set up hidden at night, no flash: not there for the firer
    known = dataclasses.replace(dark.units["t"], concealed=False)
    dark = Position(dark.game, dark.scenario, dark.map, dark.charts, dark.state.with_unit(known))
    with pytest.raises(IllegalAction, match=r"15\.3"):
        dark.push_text("fire g at Z4")  # no flash: 25 hexes is beyond the night sighting range of 12


def _crest_game(ft: Any, firer_level: int, firer: str = "tank") -> Any:
    crest = [{"hex": "H4", "side": side, "features": ["crest"]} for side in ("NW", "SW")]
    units = [unit("g", "A4", firer), unit("t", "H4", "tank", "b")]
    pos = ft(units, impulse=None, options={"facing": {"t": "W"}}, counters_extra=TANKS,
             hexes={"A4": {"level": firer_level}}, hexsides=crest)
    draw(pos, "a", 5)
    return pos


def test_ex_18_3_a_tank_gun_three_levels_up_cancels_the_defilade(ft: Any) -> None:
    """[18.3] example: a tank on level 3 fires its main gun at a tank in defilade on level 0: the defilade's
    2 R are taken off by the 3 levels' height advantage."""
    low = _crest_game(ft, 0)
    low.push_text("fire g at H4")
    low.push_text("answer ht")
    low.push_text("answer dice 10")
    assert "target in defilade: 2 R (6.57)" in low.last_resolution.text()
    high = _crest_game(ft, 3)
    high.push_text("fire g at H4")
    high.push_text("answer ht")
    high.push_text("answer dice 10")
    text = high.last_resolution.text()
    assert "height advantage: defilade 2 shift(s) less (18.3)" in text and "target in defilade" not in text


@pytest.mark.parametrize("level,drm", [(0, "+2"), (2, "+1")])
def test_ex_18_3_ap_fire_from_two_levels_up_takes_1_for_defilade(ft: Any, level: int, drm: str) -> None:
    crest = [{"hex": "H4", "side": side, "features": ["crest"]} for side in ("NW", "SW")]
    pos = ft([unit("s", "C4"), unit("t", "H4", "squad5", "b")], hexes={"C4": {"level": level}},
             hexsides=crest)
    pos.push_text("fire s at H4 dice 10")
    assert f"target in defilade: {drm} (6.32, 18.3)" in pos.last_resolution.text()
