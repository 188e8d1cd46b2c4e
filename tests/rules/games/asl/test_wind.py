"""The wind and the weather (wind.py): A24.1's upwind hexes and A24.11's weathers for smoke grenades, A24.6's
rain and heavy winds clearing SMOKE, A24.62's gusts, A24.7's extra MF into SMOKE, and the Wind Change DR
(B25.65, chapter B: not among the texts; its results from the demo pack's ``wind_change`` chart, invented
values). Counters: the test catalogue's 4-6-7 with a smoke exponent of 2 (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import special as sp
from hexmate.rules.games.asl import wind as asl_wind

from tests.rules.games.conftest import ASL_COUNTERS

COUNTERS = {**ASL_COUNTERS, "4-6-7s": {**ASL_COUNTERS["4-6-7"], "smoke": 2}}


def at(make_position: Any, phase: str, weather: dict[str, Any] | None) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7s", "side": "a", "hex": "D4"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "B4"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "H4"}]
    options = {"weather": weather} if weather is not None else None
    return make_position("asl", units, phase, counters=COUNTERS, options=options)


def test_in_a_mild_breeze_no_grenade_goes_into_the_three_hexes_upwind(make_position: Any) -> None:
    """A24.1: the wind blows towards S, so it comes from N: D3 (N), E4 (NE) and C4 (NW) of D4 are upwind; D5
    (S) downwind and E5 (SE) across the wind take it."""
    pos = at(make_position, "MPh", {"wind": "mild breeze", "blows_to": "S"})
    for upwind in ("D3", "E4", "C4"):
        with pytest.raises(IllegalAction, match=r"upwind.*A24\.1"):
            pos.push_text(f"smoke a-1 at {upwind}")
    for downwind in ("D5", "E5"):
        assert pos.game.check(pos, pos.parse_action(f"smoke a-1 at {downwind}"))
    pos.push_text("smoke a-1 at D5")
    assert pos.decision is not None and pos.decision.then == "smoke_grenade"


@pytest.mark.parametrize("weather", [{"wind": "heavy winds"}, {"precipitation": "rain"},
                                     {"precipitation": "mud"}, {"precipitation": "heavy snow"}])
def test_no_grenades_in_heavy_winds_rain_mud_or_snow(make_position: Any, weather: dict[str, Any]) -> None:
    pos = at(make_position, "MPh", weather)
    with pytest.raises(IllegalAction, match=r"no smoke grenades.*A24\.11"):
        pos.push_text("smoke a-1 at D4")  # not even into its own Location


def test_without_weather_grenades_go_anywhere_adjacent(make_position: Any) -> None:
    pos = at(make_position, "MPh", None)
    pos.push_text("smoke a-1 at D3")
    assert pos.decision is not None and pos.decision.then == "smoke_grenade"
    assert not any("Weather" in line for line in pos.game.status(pos))


def test_entering_a_smoke_location_costs_one_mf_more(make_position: Any) -> None:
    """A24.7: B4 to C4 is open ground, 1 MF; with SMOKE in C4 it is 2 (in the MPh)."""
    plain = at(make_position, "MPh", None)
    assert plain.game.check_move(plain, plain.parse_action("move a-2 B4-C4")).cost == 1
    pos = at(make_position, "MPh", None)
    pos.push_text("smoke a-1 at C4")
    pos.push_text("answer dice 1")
    assert any(pos.label(h) == "C4" for h, _ in pos.game.gstate(pos.state).smoke)
    assert pos.game.check_move(pos, pos.parse_action("move a-2 B4-C4")).cost == 2


def test_the_wind_change_dr_at_the_start_of_the_rph(make_position: Any) -> None:
    """B25.65 (not in the texts) through the demo pack: DR 2 "stronger": a mild breeze becomes heavy winds,
    and heavy winds clear every SMOKE counter at once (A24.6)."""
    pos = at(make_position, "RPh", {"wind": "mild breeze", "blows_to": "S", "wind_change": True})
    assert pos.decision is not None and pos.decision.then == "wind_change" and pos.decision.side == "a"
    state = pos.state
    gs = pos.game.gstate(state)
    pos = pos.at(state.replace(game=gs.replace(smoke=((pos.map.parse_label("C4"), sp.Smoke("smoke")),))))
    pos.push_text("answer dice 1,1")
    wind = pos.game.gstate(pos.state).wind
    assert wind.force == "heavy winds" and pos.game.gstate(pos.state).smoke == ()
    assert "Weather: heavy winds blowing towards S (A24)" in pos.game.status(pos)
    text = pos.state.resolution.text()
    assert "Wind Change DR: 2 (B25.65)" in text and "[demo values]" in text
    assert "SMOKE removed: 1 (A24.6)" in text


@pytest.mark.parametrize(("dice", "force", "to"), [((1, 2), "mild breeze", "SW"),
                                                   ((2, 2), "mild breeze", "SE"),
                                                   ((3, 3), "mild breeze", "S"), ((5, 6), "none", "S")])
def test_the_wind_veers_backs_or_drops(make_position: Any, dice: tuple[int, int], force: str,
                                       to: str) -> None:
    """Demo values: DR 3 veers (clockwise, S to SW), 4 backs (S to SE), 6 no change, 11 weaker."""
    pos = at(make_position, "RPh", {"wind": "mild breeze", "blows_to": "S", "wind_change": True})
    pos.push_text(f"answer dice {dice[0]},{dice[1]}")
    wind = pos.game.gstate(pos.state).wind
    assert (wind.force, asl_wind.DIRECTION_NAMES[wind.blows_to]) == (force, to)


def test_gusts_disperse_smoke_and_remove_the_dispersed(make_position: Any) -> None:
    """A24.62: with gusts (DR 12 in the demo pack), full SMOKE is flipped to dispersed and dispersed SMOKE
    goes, at the start of the RPh and again at the start of the AFPh."""
    pos = at(make_position, "RPh", {"wind": "mild breeze", "blows_to": "S", "wind_change": True})
    c4, e4 = pos.map.parse_label("C4"), pos.map.parse_label("E4")
    gs = pos.game.gstate(pos.state)
    pos = pos.at(pos.state.replace(game=gs.replace(smoke=((c4, sp.Smoke("smoke")),
                                                              (e4, sp.Smoke("smoke", dispersed=True))))))
    pos.push_text("answer dice 6,6")
    gs = pos.game.gstate(pos.state)
    assert gs.wind.gusts and gs.smoke == ((c4, sp.Smoke("smoke", dispersed=True)),)
    assert asl_wind.gust(pos.game, pos.state).game.smoke == ()  # the AFPh's turn: now it goes too


def test_a_bad_weather_names_the_scenario_and_the_key(make_position: Any) -> None:
    with pytest.raises(DataError, match=r"options\.weather\.wind must be one of none, mild breeze"):
        at(make_position, "MPh", {"wind": "gale"})
    with pytest.raises(DataError, match=r"options\.weather: unknown key\(s\) rainfall"):
        at(make_position, "MPh", {"rainfall": "rain"})
