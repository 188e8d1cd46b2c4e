"""The digest's worked examples of the advanced rules (digest 7.D.6, 7.E.15-19, 7.E.21-24): [18.2] in play on
the G/M FT; the rest on the rules' numbers (``advanced.py``: helicopters, special ammunition and ATGMs
against buildings are not playable yet)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import get_game
from hexmate.rules.games.fireteam import advanced
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.scenario import Scenario

from ..conftest import scenario_dict, small_map
from .conftest import COUNTERS, CP, draw, unit


def hx(label: str) -> Hex:
    """A CCRR hex of the digest's odd-q grid (digest 2.1)."""
    c, r = int(label[:2]), int(label[2:])
    return Hex(c, r - (c - (c & 1)) // 2)


def _tow_at(d: int, advanced_rules: bool) -> str:
    game = get_game("fireteam")
    target = f"{chr(ord('A') + d)}4"  # d columns east of A4, on the same row
    units = [unit("m2", "A4", "m2"), unit("t80", target, "t80", "b")]
    options: dict[str, Any] = {"cp": CP, "facing": {"t80": "E"}}
    if advanced_rules:
        options["advanced"] = True
    scen = Scenario.from_dict(scenario_dict("fireteam", units, COUNTERS, "action", options=options),
                              source="test")
    pos = game.new_position(scen, hex_map=small_map("fireteam", None, None, columns=26, rows=8))
    draw(pos, "a", 5)
    pos.push_text(f"fire m2 at {target} dice 10")
    return str(pos.last_resolution.text())


def test_ex_18_2_a_tow_takes_1_r_from_20_hexes_on() -> None:
    """[18.2] example: the TOW's maximum is 40, so from 20 hexes on it takes 1 R more; at 17 none."""
    assert advanced.missile_range_shift(40, 17) == 0 and advanced.missile_range_shift(40, 20) == 1
    assert "missile beyond half its range" not in _tow_at(17, True)
    assert "missile beyond half its range: 1 R (18.2)" in _tow_at(20, True)
    assert "missile beyond half its range" not in _tow_at(20, False)  # only with the advanced rules


@pytest.mark.parametrize("d,shift", [(10, 0), (11, 1), (17, 1), (18, 2), (23, 2), (24, 3)])
def test_ex_18_22_hv_at_long_range(d: int, shift: int) -> None:
    assert advanced.hv_range_shift(d) == shift


def test_ex_18_44_icm_12_is_36_against_infantry_and_12_against_a_tank() -> None:
    assert advanced.icm_firepower(12) == 36
    assert advanced.icm_firepower(12, (14, 4, 12, 6)) == 12
    assert advanced.icm_firepower(12, (1, 0, 1, 0)) == 24  # any armour value 0: x2


def test_ex_19_21_atgms_against_buildings_fire_two_thirds_as_ap() -> None:
    assert advanced.atgm_vs_building(13) == 8  # Spandrel
    assert advanced.atgm_vs_building(11) == 7  # Sagger


def test_ex_19_22_a_spiral_reaches_an_entrenchment_only_at_6_hexes() -> None:
    assert [d for d in range(1, 12) if advanced.atgm_reaches_entrenchment(d, min_range=6)] == [6]


def test_ex_20_42_the_scout_one_hex_from_the_apache_may_presight() -> None:
    """[20.42] AH-64 at C4923, OH-58 at C4922, T-80 at C5318, ZSU-23-4 at C5320."""
    apache, scout, t80, zsu = hx("4923"), hx("4922"), hx("5318"), hx("5320")
    assert distance(apache, scout) == 1 and advanced.may_presight(distance(scout, t80))
    assert distance(apache, t80) == 7 and distance(apache, zsu) == 5


def test_ex_20_41_pop_up_hovering_missile_and_aa_fire_at_it() -> None:
    """[20.41] example: the AH-64 pops up and hovers; the ZSU's AA fire takes -2 for the Hover; the AH-64's
    missile takes 2 R for a popped-up hovering missile."""
    assert advanced.hover_aa_drm(True) == -2 and advanced.hover_aa_drm(False) == 0
    assert advanced.popup_shift(missile=True, hovering=True) == 2
    assert advanced.popup_shift(missile=False, hovering=False) == 3
    with pytest.raises(IllegalAction, match=r"20\.51"):
        advanced.popup_shift(missile=True, hovering=False)


@pytest.mark.parametrize("d,fp", [(7, 6), (8, 3), (14, 3), (15, None)])
def test_ex_20_61_a_vehicle_aa_mg(d: int, fp: int | None) -> None:
    assert advanced.aa_mg_firepower(d) == fp


def test_ex_20_71_a_uh_60_carries_two_squads_and_a_team_nine_teams() -> None:
    squads, teams = advanced.HELI_CAPACITY["UH-60"]
    assert advanced.team_places(squads, teams) == 9


def test_ex_13_1_variant_4_a_second_roll_of_2_gives_the_m1_plus_2() -> None:
    assert advanced.laminate_armour(2) == 2 and advanced.laminate_armour(4) == -2
