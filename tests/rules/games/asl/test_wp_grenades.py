"""ASL WP grenades (A24.3, A24.31, A25.34, A25.46, A25.53): a squad that may use WP declares it before the dr,
which then needs one less than its smoke exponent; WP placed makes every unit in its Location (friend or foe)
take a NMC, the Location's TEM a negative DRM, a positive one on a Critical Hit (coloured dr 6); a broken unit
is DM. No worked example in the text: the numbers are the rule's. Counters: the test catalogue's 4-6-7 as an
American squad with a smoke exponent of 2 (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from tests.rules.games.conftest import ASL_COUNTERS

US = {**ASL_COUNTERS["4-6-7"], "smoke": 2, "nationality": "american"}
COUNTERS = {**ASL_COUNTERS, "us": US, "gb": {**US, "nationality": "british"},
            "ger": {**US, "nationality": "german"}, "ff": {**US, "nationality": "free_french"}}


def mph(make_position: Any, who: str = "us", target_terrain: str = "woods", **kw: Any) -> Any:
    units = [{"id": "a-1", "counter": who, "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "D3"}]
    return make_position("asl", units, "MPh", counters=COUNTERS, hexes={"D3": {"terrain": target_terrain}},
                         **kw)


def wp_placed(pos: Any, dr: int = 1) -> None:
    pos.push_text("smoke a-1 at D3 wp")
    assert pos.decision.then == "smoke_grenade" and pos.decision.rule == "A24.3"
    pos.push_text(f"answer dice {dr}")


def test_a24_3_wp_needs_one_less_than_the_smoke_exponent(make_position: Any) -> None:
    """Exponent 2: WP on a dr of 1, not 2 (a dr of 2 would place ordinary smoke, A24.1)."""
    pos = mph(make_position)
    wp_placed(pos, 2)
    assert pos.game.gstate(pos.state).smoke == ()
    pos = mph(make_position)
    wp_placed(pos, 1)
    assert [(pos.label(h), s.kind) for h, s in pos.game.gstate(pos.state).smoke] == [("D3", "wp_grenade")]


def test_a24_31_the_enemy_in_woods_checks_with_the_tem_as_minus_1(make_position: Any) -> None:
    """4-6-7 (morale 7) in woods (TEM +1): DR 8 - 1 = 7 passes; the WP stays till the end of the MPh."""
    pos = mph(make_position)
    wp_placed(pos)
    assert (pos.decision.then, pos.decision.subject, pos.decision.rule) == ("wp_nmc", ("b-1",), "A24.31")
    pos.push_text("answer dice 4,4")
    assert "TEM, as a negative DRM: -1 (A24.31)" in pos.state.resolution.text()
    assert not pos.units["b-1"].has("broken")
    assert pos.decision.kind == "react"  # A8.12: the First Fire window at the MF spent comes after the NMC


def test_a24_31_a_critical_hit_makes_the_tem_plus_and_the_broken_unit_dm(make_position: Any) -> None:
    """Coloured dr 6 is a Critical Hit for WP grenades: the woods' TEM is +1 instead, DR 2+6+1 = 9 > 7."""
    pos = mph(make_position)
    wp_placed(pos)
    pos.push_text("answer dice 2,6")
    assert pos.units["b-1"].has("broken") and pos.units["b-1"].has("dm")


def test_a24_31_no_tem_in_the_open_and_friends_in_the_location_check_too(make_position: Any) -> None:
    """WP in the squad's own open Location C3: the squad itself takes the NMC (every unit there, A24.31),
    DR 8 > 7 breaks it."""
    pos = mph(make_position, target_terrain="open")
    pos.push_text("smoke a-1 at C3 wp")
    pos.push_text("answer dice 1")
    assert pos.decision.then == "wp_nmc" and pos.decision.subject == ("a-1",)
    pos.push_text("answer dice 4,4")
    assert pos.units["a-1"].has("broken")


def test_a24_11_wp_grenades_go_at_the_end_of_the_mph(make_position: Any) -> None:
    pos = mph(make_position)
    wp_placed(pos)
    pos.push_text("answer dice 3,3")
    pos.push_text("answer pass")
    pos.push_text("end")
    assert pos.game.gstate(pos.state).smoke == ()


def test_who_has_wp_grenades(make_position: Any) -> None:
    """A24.3: not the Germans (save by SSR); A25.46: the British from 1944 only."""
    with pytest.raises(IllegalAction, match=r"no WP grenades.*A24\.3"):
        mph(make_position, "ger").push_text("smoke a-1 at D3 wp")
    mph(make_position, "ger", options={"wp_grenades": ["a"]}).push_text("smoke a-1 at D3 wp")
    with pytest.raises(IllegalAction, match=r"only from 1944.*A25\.46"):
        mph(make_position, "gb", options={"date": "1943-12"}).push_text("smoke a-1 at D3 wp")
    mph(make_position, "gb", options={"date": "1944-06"}).push_text("smoke a-1 at D3 wp")


def test_a25_53_free_french_squads_have_wp_grenades_from_1944(make_position: Any) -> None:
    with pytest.raises(IllegalAction, match=r"Free French squads use WP grenades only from 1944 \(A25\.53\)"):
        mph(make_position, "ff", options={"date": "1943-12"}).push_text("smoke a-1 at D3 wp")
    with pytest.raises(IllegalAction, match=r"give the scenario's date.*A25\.53"):
        mph(make_position, "ff").push_text("smoke a-1 at D3 wp")
    pos = mph(make_position, "ff", options={"date": "1944-01"})
    pos.push_text("smoke a-1 at D3 wp")
    assert pos.decision.then == "smoke_grenade"


def test_the_action_text_round_trips(make_position: Any) -> None:
    pos = mph(make_position)
    action = pos.parse_action("smoke a-1 at D3 wp")
    assert action.wp and action.text(pos.label) == "smoke a-1 at D3 wp"
    assert not pos.parse_action("smoke a-1 at D3").wp
