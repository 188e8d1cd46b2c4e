"""AT fire inside a PG assault (``rules/games/pg/assault_at.py``): units with an AT value, and foot units with
a carried AT weapon (11.5: AT 6, range 0, one die first, 1-3 fails), fire AT at an enemy vehicle in the hex
instead of adding their DF (11.0), with no AT-table DRM (12.52) but the carried weapon's +1 against vehicles
alone (11.5) and the overrun's -1s; the results fall with the assault's (12.4). The text prints no worked
example for 11.5: the inputs are the rule's own numbers, and the chart cells read are the ones the oracles
fix (a modified 9 does nothing, 10 or more damages or destroys, 1.1)."""

from __future__ import annotations

from typing import Any

from .conftest import unit as _u
from .test_activation import RANKED

C: dict[str, dict[str, Any]] = {
    **RANKED,
    "pzf": {"type": "personnel", "df": 5, "df_range": 2, "ma": 3, "morale": 8, "reduced_morale": 7,
            "steps": 2, "branch": "INF", "carried_at": 1},
    "atgun": {"type": "gun", "ma": 0, "morale": 7, "at": 5, "at_range": 8, "steps": 1},
}


def _tank_assault(make_position: Any, pg: Any, *defenders: dict[str, Any], overrun: bool = False) -> Any:
    """A tank a tank leader activated at C3 assaults C4 (12.11), or overruns C5 from C3 (overrun)."""
    units = [_u("tl", "C3", "tankldr"), _u("t1", "C3", "tank"), *defenders, _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C, options={"overrun": overrun})
    pos.push_text("activate tl")
    if overrun:
        pos.push_text("move t1 C3-C4-C5")
        pos.push_text("answer hex C6")
        while pos.decision is not None and pos.decision.kind == "react":
            pos.push_text("answer pass")
    else:
        pos.push_text("move t1 C3-C4")
    return pos


def test_11_5_a_carried_weapon_hits_a_tank_alone_at_plus_1_applied_with_the_assault(make_position: Any,
                                                                                   pg: Any) -> None:
    """11.5 (rule numbers): AT 6, one die 4 fires; 2d6 7 + 6 - armour 4 + 1 (only enemy vehicles) = 10."""
    pos = _tank_assault(make_position, pg, _u("b1", "C4", "pzf", "b"))
    top = pos.decision
    assert (top.kind, top.side, top.then, top.rule, top.subject) == ("confirm", "b", "assault_at", "11.5",
                                                                     ("b1",))
    pos.push_text("answer at")
    assert pos.decision.then == "assault_at_gate" and pos.decision.dice == "1d6"
    pos.push_text("answer dice 4")
    assert "4: fires" in pos.last_resolution.text()
    assert pos.decision.then == "assault_at_roll" and pos.decision.args == (("vehicle", "t1"),)
    pos.push_text("answer dice 3,4")
    text = pos.last_resolution.text()
    assert "b1 carried AT weapon 6 (11.5)" in text and "only enemy vehicles in the hex: +1 (11.5)" in text
    assert "7 + 6 - 4 +1 = 10" in text and pos.last_resolution.results["t1"] in ("1", "X")  # oracle: >= 10
    assert not pos.units["t1"].has("reduced")  # 12.4: it waits for the assault's dice
    assert pos.decision.then == "assault" and pos.decision.side == "a"
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 1,1")
    res = pos.last_resolution
    assert res.chart == "assault"
    text = res.text()
    assert "b1 fires AT instead (11.0)" in text and "at t1: 1, applied with the assault" in text
    assert "defender ACT: 0 fires on no column" in text  # b1's DF is not in the assault (11.5: one or other)
    assert "t1" not in pos.units or pos.units["t1"].has("reduced")  # the demo chart's 10 is "1": one step
    assert str(pos.replay()) == str(pos)


def test_11_5_a_first_die_of_1_to_3_ends_the_units_combat(make_position: Any, pg: Any) -> None:
    """11.5: die 3 fails: no AT roll, and no DF in the assault either."""
    pos = _tank_assault(make_position, pg, _u("b1", "C4", "pzf", "b"))
    pos.push_text("answer at")
    pos.push_text("answer dice 3")
    assert "3: fails: its combat is over" in pos.last_resolution.text()
    assert pos.decision.then == "assault"  # straight on to the assault dice
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 6,6")
    text = pos.last_resolution.text()
    assert "b1 carried AT weapon: failed (11.5)" in text and "defender ACT: 0 fires on no column" in text


def test_11_5_against_vehicles_and_personnel_no_plus_1(make_position: Any, pg: Any) -> None:
    """11.5: with enemy personnel in the hex too, 7 + 6 - 4 = 9: no effect (oracle cell 9); with only a
    vehicle and a mortar (not personnel) the +1 holds."""
    from hexmate.rules.games.pg import antitank

    mtr = {"type": "personnel", "bombard": 4, "bombard_range": 10, "ma": 3, "morale": 7, "steps": 1,
           "branch": "MTR"}
    for other, plus, result in (("inf", "+0 = 9", "-"), ("mtr", "+1 = 10", None)):
        units = [_u("p1", "C4", "pzf", "b"), _u("ta", "C4", "tank"), _u("x", "C4", other),
                 _u("b9", "K8", "inf", "b")]
        pos = pg(make_position, units, counters_extra={**C, "mtr": mtr})
        res = antitank.resolve(pos.game, pos, pos.units["p1"], pos.units["ta"], (3, 4))
        assert f"7 + 6 - 4 {plus}" in res.text()
        assert res.results["ta"] == result if result else res.results["ta"] in ("1", "X")


def test_11_5_reduced_disrupted_or_demoralized_units_have_no_carried_fire(make_position: Any,
                                                                           pg: Any) -> None:
    """11.5: a reduced, disrupted or demoralized carrier of the weapon is not asked: the assault dice come
    straight away."""
    for marker in ("reduced", "disrupted", "demoralized"):
        pos = _tank_assault(make_position, pg, _u("b1", "C4", "pzf", "b", marker))
        assert pos.decision.then == "assault", marker  # no AT choice offered


def test_12_52_a_gun_fires_its_printed_at_in_the_assault_with_no_drm(make_position: Any, pg: Any) -> None:
    """12.52, 11.0: a printed AT value in an assault: 2d6 + 5 - 4, no AT-table DRM (and no +1: that is the
    carried weapon's alone)."""
    pos = _tank_assault(make_position, pg, _u("g", "C4", "atgun", "b"))
    assert pos.decision.then == "assault_at" and pos.decision.rule == "11.0"
    pos.push_text("answer at")
    assert pos.decision.then == "assault_at_roll" and pos.decision.rule == "12.52"
    pos.push_text("answer dice 4,5")
    text = pos.last_resolution.text()
    assert "assault hex: no AT-table DRMs (12.52)" in text and "9 + 5 - 4 +0 = 10" in text


def test_overrun_minus_1_on_the_carried_weapons_first_die(make_position: Any, pg: Any) -> None:
    """Overrun (optional rule): the carried weapon's first die takes -1: a 4 is a 3 and fails."""
    pos = _tank_assault(make_position, pg, _u("b1", "C5", "pzf", "b"), overrun=True)
    assert pos.decision.then == "assault_at"
    pos.push_text("answer at")
    pos.push_text("answer dice 4")
    assert "4 - 1 (overrun) = 3: fails: its combat is over" in pos.last_resolution.text()


def test_overrun_minus_1_on_the_at_roll(make_position: Any, pg: Any) -> None:
    """Overrun: AT fire in the overrun's assault takes -1 (the only DRM there, 12.52): 10 + 5 - 4 - 1 = 10."""
    pos = _tank_assault(make_position, pg, _u("g", "C5", "atgun", "b"), overrun=True)
    pos.push_text("answer at")
    pos.push_text("answer dice 4,6")
    text = pos.last_resolution.text()
    assert "overrun: -1 (overrun)" in text and "10 + 5 - 4 -1 = 10" in text


def test_an_afv_may_fire_at_at_an_enemy_vehicle_it_assaults(make_position: Any, pg: Any) -> None:
    """11.0, 12.52: the assaulting tank picks AT at the enemy tank instead of its DF (12 + 5 - 4 = 13, a hit
    by 1.1); both sides choose before any die."""
    pos = _tank_assault(make_position, pg, _u("tb", "C4", "tank", "b"), _u("b1", "C4", "inf", "b"))
    order = [(d.side, d.then, d.subject) for d in reversed(pos.state.decisions)]
    assert order[:2] == [("a", "assault_at", ("t1",)), ("b", "assault_at", ("tb",))]
    pos.push_text("answer at")
    assert pos.decision.then == "assault_at_roll" and pos.decision.args == (("vehicle", "tb"),)
    pos.push_text("answer dice 6,6")  # 12 + 5 - 4 = 13
    pos.push_text("answer assault")  # tb keeps its DF in the assault
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 1,1")
    text = pos.last_resolution.text()
    assert "t1 fires AT instead (11.0)" in text and "tb 3" in text
    assert "tb" not in pos.units or pos.units["tb"].has("reduced")


def test_fire_from_inside_an_assault_hex_takes_no_at_drm_and_disrupted_halves(make_position: Any,
                                                                             pg: Any) -> None:
    """12.52: an AT fire action at an enemy vehicle in the firer's own assault hex has no DRM; 14.2: a
    disrupted firer's AT 5 is 3 (rounded up)."""
    units = [_u("g", "C4", "atgun", "a", "disrupted"), _u("a1", "C4"), _u("tb", "C4", "tank", "b"),
             _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("fire g at C4")
    pos.push_text("answer units tb")
    pos.push_text("answer dice 5,5")
    text = pos.last_resolution.text()
    assert "g AT halved, rounded up = 3 (14.2)" in text and "no AT-table DRMs (12.52)" in text
    assert "10 + 3 - 4 +0 = 9" in text


def test_12_12_the_free_shot_may_be_carried_at_fire_at_the_leaving_tank(make_position: Any, pg: Any) -> None:
    """12.12: units with an AT value may use it for the free shot instead of their assault value; 11.5's
    numbers: die 5 fires, 2d6 8 + 6 - 4 + 1 (only a vehicle leaves) = 11; b1's DF is then not in the shot."""
    units = [_u("t1", "C4", "tank"), _u("b1", "C4", "pzf", "b"), _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("move t1 C4-C3")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    order = [(d.side, d.then) for d in reversed(pos.state.decisions)]
    assert order == [("b", "assault_at"), ("b", "free_shot")]
    assert pos.decision.args == (("targets", "t1"),)
    pos.push_text("answer at")
    pos.push_text("answer dice 5")
    pos.push_text("answer dice 4,4")
    assert "8 + 6 - 4 +1 = 11" in pos.last_resolution.text() and not pos.units["t1"].has("reduced")
    pos.push_text("answer dice 6,6")
    text = pos.last_resolution.text()
    assert "b1 fires AT instead (11.0)" in text and "at t1:" in text and "applied with the assault" in text
    assert "t1" not in pos.units or pos.units["t1"].has("reduced")


def test_12_3_units_already_in_an_assault_hex_assault_again_and_may_fire_carried_at(make_position: Any,
                                                                                    pg: Any) -> None:
    """12.3: a unit that began the turn in an assault hex assaults as a fire action (3.13), here with its
    carried weapon (11.5: die 6 fires; 10 + 6 - 4 = 12, no +1 with enemy infantry there)."""
    units = [_u("a1", "C4", "pzf"), _u("a2", "C4"), _u("tb", "C4", "tank", "b"), _u("b1", "C4", "inf", "b"),
             _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    assert "attack a1,a2 at C4" in {pos.action_text(a) for a in pos.legal_actions}
    pos.push_text("attack a1 at C4")  # a2 stays out of it
    assert pos.units["a1"].has("moved_fired") and not pos.units["a2"].has("moved_fired")
    assert pos.decision.then == "assault_at" and pos.decision.subject == ("a1",)
    pos.push_text("answer at")
    pos.push_text("answer dice 6")
    pos.push_text("answer dice 5,5")
    assert "10 + 6 - 4 +0 = 12" in pos.last_resolution.text()
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 1,1")
    res = pos.last_resolution
    assert res.chart == "assault" and "attacker ACT: 0 fires on no column" in res.text()
    assert set(res.results) == {"a1", "tb", "b1"}  # a2 took no part: none of the defender's result (7.63)
    assert "tb" not in pos.units or pos.units["tb"].has("reduced")


def test_7_24_no_at_fire_into_an_assault_hex_holding_a_friendly_vehicle(make_position: Any, pg: Any) -> None:
    """7.24, 12.53: from outside, AT fire into an assault hex only when no friendly vehicle is in it."""
    import pytest
    from hexmate.rules.errors import IllegalAction

    units = [_u("g", "C2", "atgun"), _u("ta", "C4", "tank"), _u("tb", "C4", "tank", "b"),
             _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    with pytest.raises(IllegalAction, match=r"friendly vehicle"):
        pos.push_text("fire g at C4")
    units[1] = _u("a1", "C4")  # a friendly infantry unit instead: AT fire in is allowed
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("fire g at C4")
    assert pos.decision.then in ("at_target", "at")


def test_12_3_units_entering_an_assault_hex_to_reinforce_it_choose_to_assault(make_position: Any,
                                                                              pg: Any) -> None:
    """12.3: a led unit enters an assault hex both sides hold: no assault at once; its side chooses, and
    with it the units that began the turn there, not yet activated, assault; "no" leaves them there."""
    units = [_u("al", "C3", "ldr"), _u("a2", "C3"), _u("a1", "C4"), _u("b1", "C4", "inf", "b"),
             _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("activate al")
    pos.push_text("answer all")  # 3.13: an assault is a fire action
    pos.push_text("move a2,al C3-C4")
    top = pos.decision
    assert (top.kind, top.side, top.then, top.rule) == ("confirm", "a", "assault_join", "12.3")
    pos.push_text("answer assault")
    assert pos.decision.then == "assault" and set(pos.decision.subject) == {"a1", "a2", "al"}
    assert pos.units["a1"].has("moved_fired")  # 3.13: its assault is its action this turn
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("activate al")
    pos.push_text("answer all")  # 3.13: an assault is a fire action
    pos.push_text("move a2,al C3-C4")
    pos.push_text("answer no")
    assert pos.decision is None and not pos.units["a1"].has("moved_fired")
