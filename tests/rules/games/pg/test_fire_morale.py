"""PG results as decisions: the firer's 2d6, the step losses the owner allots (7.61), morale checks the owner
rolls (14.1), opportunity fire at each hex a mover enters (13.0-13.2), recovery (14.4) and rout (14.31)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import morale

from .conftest import unit as _u


def _mc(pos: Any, uid: str, modifier: int, dice: tuple[int, int]) -> None:
    """Open a morale check directly (each case names its own result modifier) and roll it."""
    pos._states[-1] = pos.state.push(morale.mc(pos, uid, modifier, "14.1"))
    pos.push_text(f"answer dice {dice[0]},{dice[1]}")


@pytest.mark.parametrize(
    "counter,leader,roll,modifier,expect",
    [
        ("inf", True, (5, 5), 0, "disrupted"),  # T28 / 14.1 example: INF 8 + leader 1 = 9, roll 10: by 1
        ("inf", True, (6, 6), 0, "demoralized"),  # 14.1 example: roll 12 exceeds 9 by 3 (and is a 12)
        ("inf4", False, (2, 3), 2, None),  # T29: morale 7, M2, roll 5 -> 7: not above, passes
        ("inf4", False, (4, 6), 0, "demoralized"),  # T30: morale 7, roll 10 -> exceeds by 3
        ("ldr10", False, (6, 6), 0, "demoralized"),  # 14.1: a natural 12 always demoralizes
    ],
)
def test_morale_checks(make_position: Any, pg: Any, counter: str, leader: bool, roll: tuple[int, int],
                       modifier: int, expect: str | None) -> None:
    units = [_u("a1", "C3", "hmg11"), _u("b1", "C5", counter, "b")]
    if leader:
        units.append(_u("bl", "C6", "ldr", "b"))  # an adjacent leader lends his morale modifier (6.51)
    pos = pg(make_position, units)
    _mc(pos, "b1", modifier, roll)
    markers = pos.units["b1"].markers
    assert (expect in markers) if expect else not ({"disrupted", "demoralized"} & markers)


def test_failures_accumulate(make_position: Any, pg: Any) -> None:
    # 14.1: a disrupted unit failing again is demoralized; a demoralized one failing by 3 or more loses a
    # step (a leader is eliminated); failing a demoralized unit by 1 or 2 does nothing more
    units = [_u("a1", "C3", "hmg11"), _u("b1", "C5", "inf", "b", "disrupted"),
             _u("b2", "E5", "inf", "b", "demoralized"), _u("b3", "G5", "inf", "b", "demoralized"),
             _u("bl", "G1", "ldr", "b", "demoralized")]
    pos = pg(make_position, units)
    _mc(pos, "b1", 0, (4, 5))  # 9 against 8: by 1
    assert pos.units["b1"].has("demoralized") and not pos.units["b1"].has("disrupted")
    _mc(pos, "b2", 0, (5, 5))  # 10 against 8 - 1 = 7: by 3
    assert pos.units["b2"].has("reduced") and pos.units["b2"].has("demoralized")
    _mc(pos, "b3", 0, (4, 4))  # 8 against 7: by 1
    assert not pos.units["b3"].has("reduced")
    _mc(pos, "bl", 0, (6, 5))  # 11 against 9 - 1 = 8: by 3
    assert "bl" not in pos.units


def test_direct_fire_rolls_then_the_owner_allots_the_steps_then_m2(make_position: Any, pg: Any) -> None:
    # 7.61: an X takes one step from a combat unit the owner chooses; then each survivor takes M2 (7.6),
    # leaders first (14.1). INF 5 adjacent: column 4 + 2 = 11, roll 6 -> X (demo chart)
    units = [_u("a1", "C3"), _u("b1", "C4", "inf", "b"), _u("b2", "C4", "inf", "b"),
             _u("bl", "C4", "ldr", "b")]
    pos = pg(make_position, units)
    pos.push_text("fire a1 at C4")
    top = pos.decision
    assert top.kind == "roll" and top.side == "a" and top.dice == "2d6" and top.then == "dft"
    assert top.subject == ("a1",) and pos.label(top.target) == "C4" and pos.units["a1"].has("moved_fired")
    pos.push_text("answer dice 3,3")
    res = pos.last_resolution
    assert res is not None and set(res.results.values()) == {"X"} and "roll 6 -> X" in res.text()
    top = pos.decision
    assert top.kind == "units" and top.side == "b" and set(top.units) == {"b1", "b2"} and top.rule == "7.61"
    pos.push_text("answer units b2")
    assert pos.units["b2"].has("reduced") and not pos.units["b1"].has("reduced")
    assert [c.text for c in pos.changes] == ["flip b2 to its reduced side"]
    checks = [(d.subject[0], d.then) for d in reversed(pos.state.decisions)]
    # 7.6: M2 for every survivor, the leader first (14.1); then his casualty roll, 2d6 - 1 step lost (6.7)
    assert checks == [("bl", "mc"), ("b1", "mc"), ("b2", "mc"), ("bl", "casualty")]
    assert all(d.arg("mod") == "2" for d in pos.state.decisions if d.then == "mc")
    for _ in range(3):
        pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 2,1")  # T35-like: 3 - 1 = 2: killed (6.7)
    assert "bl" not in pos.units
    assert pos.decision is None and pos.to_act == "a" and pos.state.flow.segments == 2  # one segment used
    assert pos.last_resolution is None  # the worked fire belongs to the step that rolled it


def test_a_2x_asks_twice_and_two_steps_on_one_unit_eliminate_it(make_position: Any, pg: Any) -> None:
    units = [_u("a1", "C3"), _u("b1", "C4", "inf", "b"), _u("b2", "C4", "inf", "b")]
    pos = pg(make_position, units)
    pos.push_text("fire a1 at C4 dice 3,4")  # column 11, roll 7 -> 2X
    pos.push_text("answer units b1")
    assert pos.decision.kind == "units" and "2 of 2" in pos.decision.prompt
    pos.push_text("answer units b1")
    assert "b1" not in pos.units and pos.decision.subject == ("b2",)  # 7.6: the survivor checks at M2


def test_an_m_result_is_a_check_for_every_unit_in_the_hex(make_position: Any, pg: Any) -> None:
    units = [_u("a1", "C3", "hmg7"), _u("b1", "C6", "inf", "b"), _u("b2", "C6", "inf", "b")]
    pos = pg(make_position, units)
    pos.push_text("fire a1 at C6 dice 2,3")  # column 7 - 1 = 4, roll 5 -> M
    assert [d.subject[0] for d in reversed(pos.state.decisions)] == ["b1", "b2"]
    assert all(d.kind == "roll" and d.side == "b" and d.then == "mc" for d in pos.state.decisions)


def _opp(make_position: Any, pg: Any, **kw: Any) -> Any:
    units = [_u("a1", "B2"), _u("al", "B2", "ldr"), _u("b1", "E1", "hmg7", "b"), _u("b2", "D4", "inf", "b"),
             _u("b3", "E4", "inf", "b")]
    pos = pg(make_position, units, **kw)
    pos.push_text("move a1,al B2-B3-B4")  # led by al, a1 may close on b's units (5.4)
    return pos


def test_opportunity_fire_at_each_hex_entered(make_position: Any, pg: Any) -> None:
    pos = _opp(make_position, pg)
    top = pos.decision
    assert top.kind == "react" and top.side == "b" and pos.label(top.target) == "B3" and top.rule == "13.0"
    assert pos.physical_hex("a1") == pos.map.parse_label("B4")  # one lift, one placement
    fires = {pos.action_text(a) for a in pos.legal_actions if isinstance(a, act.Fire)}
    assert "fire b1 at B3" in fires and all(f.endswith("at B3") for f in fires)
    pos.push_text("fire b1 at B3 dice 1,1")  # no effect
    assert pos.units["b1"].has("moved_fired") and pos.units["b1"].has("opp_fire")  # 13.1: two markers
    with pytest.raises(IllegalAction, match=r"13.2"):
        pos.push_text("fire b1 at B3")
    pos.push_text("answer pass")
    assert pos.label(pos.state.moving.here) == "B4" and pos.decision.kind == "react"
    pos.push_text("fire b1 at B4 dice 1,1")  # 13.2: a second shot once the mover is in a new hex
    assert pos.units["b1"].has("moved_fired") and not pos.units["b1"].has("opp_fire")
    with pytest.raises(IllegalAction, match=r"13.0"):
        pos.push_text("fire b1 at B4")
    pos.push_text("answer pass")
    assert pos.state.moving is None and pos.to_act == "a" and pos.units["a1"].has("moved_fired")


def test_opportunity_fire_hits_only_the_mover_without_the_three_unit_shift(
    make_position: Any, pg: Any
) -> None:
    units = [_u("a1", "B3"), _u("a2", "C3"), _u("a3", "C3"), _u("b1", "C6", "hmg7", "b")]
    pos = pg(make_position, units)
    pos.push_text("move a1 B3-C3")
    res = pos.resolve(act.Fire(("b1",), pos.map.parse_label("C3"), (4, 4)))
    assert set(res.results) == {"a1"} and "three combat units" not in res.text()  # 7.64, 13.1


def test_a_mover_that_fails_its_check_stops_where_it_stands(make_position: Any, pg: Any) -> None:
    pos = _opp(make_position, pg)
    pos.push_text("fire b1 at B3 dice 4,4")  # column 7 - 1 = 4, roll 8 -> X: one step, then M2
    assert pos.units["a1"].has("reduced") and pos.decision.kind == "roll" and pos.decision.side == "a"
    assert pos.decision.subject == ("al",)  # 7.64: the leader moving with it is hit too, and checks first
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 5,5")  # 12 against 7: demoralized (13.1: it stops)
    assert pos.decision.then == "casualty"  # 6.7: the leader's hex lost a step: 2d6 - 1, 2 or less kills
    pos.push_text("answer dice 3,1")  # 4 - 1 = 3: he lives
    assert "al" in pos.units
    pos.push_text("answer pass")
    assert pos.state.moving is None and pos.label(pos.units["a1"].hex) == "B3"
    assert pos.units["a1"].has("moved_fired") and pos.physical_hex("a1") == pos.map.parse_label("B3")


def test_no_pass_while_a_demoralized_unit_has_not_tried_to_recover(make_position: Any, pg: Any) -> None:
    units = [_u("a1", "C3", "inf", "a", "demoralized"), _u("b1", "J8", "inf", "b")]
    pos = pg(make_position, units)
    with pytest.raises(IllegalAction, match=r"3.0 B"):
        pos.push_text("pass")
    with pytest.raises(IllegalAction, match=r"14.3"):
        pos.push_text("move a1 C3-D3")
    pos.push_text("rally a1")
    assert pos.decision.then == "recover" and pos.decision.subject == ("a1",)
    pos.push_text("answer dice 1,3")  # 4 below 8 - 1 = 7: demoralized -> disrupted (14.4)
    assert pos.units["a1"].has("disrupted") and not pos.units["a1"].has("demoralized")
    pos.push_text("pass")


@pytest.mark.parametrize("markers,dice,expect", [
    (("disrupted",), (3, 4), set()),  # 7 below 8: good order
    (("disrupted",), (4, 4), {"disrupted"}),  # 8 is not below 8 (14.4: strictly below)
    (("demoralized",), (1, 1), set()),  # a natural 2 skips disruption
])
def test_recovery(make_position: Any, pg: Any, markers: tuple[str, ...], dice: tuple[int, int],
                  expect: set[str]) -> None:
    pos = pg(make_position, [_u("a1", "C3", "inf", "a", *markers), _u("b1", "J8", "inf", "b")])
    pos.push_text(f"rally a1 dice {dice[0]},{dice[1]}")
    assert pos.units["a1"].markers & {"disrupted", "demoralized"} == expect
    assert pos.units["a1"].has("moved_fired")


def test_recovery_in_a_town_gets_one(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("a1", "C3", "inf", "a", "disrupted"), _u("b1", "J8", "inf", "b")],
             hexes={"C3": "stone-building"})
    pos.push_text("rally a1 dice 4,4")  # 8 below 8 + 1
    assert not pos.units["a1"].has("disrupted")


def test_a_failed_recovery_routs_to_the_nearest_safe_hex(make_position: Any, pg: Any) -> None:
    # 14.31: away from b1 (range 3, in sight), to the nearest hex it cannot be fired on, placed by its owner
    units = [_u("a1", "E4", "inf", "a", "demoralized"), _u("b1", "E6", "inf", "b")]
    pos = pg(make_position, units, hexes={"E1": "woods"})
    pos.push_text("rally a1 dice 5,5")
    top = pos.decision
    assert top.kind == "hexes" and top.side == "a" and top.then == "rout" and top.rule == "14.31"
    options = {pos.label(h) for h in top.hexes}
    assert options and all(
        morale.is_safe(pos.game, pos, "a", h) and pos.label(h) != "E5" for h in top.hexes)
    assert pos.game.done_action(pos) is None
    with pytest.raises(IllegalAction):
        pos.push_text("answer hex E5")
    dest = sorted(options)[0]
    pos.push_text(f"answer hex {dest}")
    assert pos.decision.kind == "react" and pos.decision.side == "b"  # 13.1: a rout may be fired on too
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert pos.label(pos.units["a1"].hex) == dest and pos.state.moving is None
    assert str(pos.replay()) == str(pos)


def test_a_disrupted_leader_lends_his_modifier_in_his_own_hex_only(make_position: Any, pg: Any) -> None:
    # 6.54 (the text; the old code let him reach the adjacent hexes): a good-order leader supports his own
    # and the adjacent hexes, a disrupted one his own hex, a demoralized one nobody; 13.1: not a mover
    units = [_u("a1", "C3", "hmg11"), _u("b1", "C5", "inf", "b"), _u("bl", "C6", "ldr", "b", "disrupted"),
             _u("b2", "C6", "inf", "b")]
    pos = pg(make_position, units)
    assert morale.morale_of(pos.state, pos.units["b1"])[0] == 8  # adjacent: no help
    assert morale.morale_of(pos.state, pos.units["b2"])[0] == 9  # same hex: +1
    _mc(pos, "b1", 0, (4, 5))  # 9 against 8: by 1
    assert pos.units["b1"].has("disrupted")


def test_a_leader_helps_only_lower_ranked_leaders(make_position: Any, pg: Any) -> None:
    # 6.55: a leader supports lower-ranked leaders, never himself
    counters = {"lt": {"type": "leader", "ma": 4, "morale": 8, "combat": 1, "morale_mod": 2, "rank": "LT"},
                "sgt": {"type": "leader", "ma": 4, "morale": 7, "combat": 0, "morale_mod": 1, "rank": "SGT"}}
    pos = pg(make_position, [_u("lt", "C5", "lt", "b"), _u("sg", "C5", "sgt", "b"), _u("a1", "J8", "inf")],
             counters_extra=counters)
    assert morale.morale_of(pos.state, pos.units["sg"])[0] == 9
    assert morale.morale_of(pos.state, pos.units["lt"])[0] == 8
    # 14.1: leaders check first, the highest rank first
    assert morale.check_order(pos.state, ["a1", "sg", "lt"]) == ["lt", "sg", "a1"]


def test_a_demoralized_leader_rolling_12_to_recover_deserts(make_position: Any, pg: Any) -> None:
    # T33 (14.4): natural 2 -> good order; a demoralized leader's natural 12 -> eliminated
    pos = pg(make_position, [_u("al", "C3", "ldr", "a", "demoralized"), _u("b1", "J8", "inf", "b")])
    pos.push_text("rally al dice 6,6")
    assert "al" not in pos.units and [c.what for c in pos.changes] == ["remove"]


@pytest.mark.parametrize(("dice", "gone"), [("6,2", True), ("4,3", False)])
def test_t37_a_unit_beginning_its_activation_next_to_demoralized_units_forces_a_surrender_roll(
        make_position: Any, pg: Any, dice: str, gone: bool) -> None:
    # 14.6: b1 (morale 8, demoralized: 7) is next to a1, which begins its activation: b rolls 2d6 for the hex;
    # above 7 every unit there surrenders; once per unit and turn
    units = [_u("a1", "C3"), _u("b1", "C4", "inf", "b", "demoralized"), _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, options={"surrender": ["b"]})
    pos.push_text("move a1 C3-B3")
    top = pos.decision
    assert top.then == "surrender" and top.side == "b" and top.rule == "14.6" and top.subject == ("b1",)
    pos.push_text(f"answer dice {dice}")
    assert ("b1" not in pos.units) is gone


GUNS: dict[str, dict[str, Any]] = {
    "atgun": {"type": "gun", "at": 6, "at_range": 6, "ma": 0, "morale": 7, "steps": 2},
    "strongpoint": {"type": "personnel", "df": 4, "df_range": 2, "ma": 0, "morale": 8, "steps": 1,
                    "strongpoint": 1},
}


def test_a_demoralized_ma_0_gun_that_must_rout_is_abandoned(make_position: Any, pg: Any) -> None:
    """14.32: a demoralized heavy weapon of MA 0 failing to recover, when it would have to rout, is
    eliminated (its crew leaves it); with no enemy able to harm it there it stays."""
    units = [_u("g", "E4", "atgun", "a", "demoralized"), _u("b1", "E6", "inf", "b")]
    pos = pg(make_position, units, counters_extra=GUNS, hexes={"E1": "woods"})
    pos.push_text("rally g dice 5,5")
    assert "g" not in pos.units
    calm = pg(make_position, [_u("g", "E4", "atgun", "a", "demoralized"), _u("b1", "L8", "inf", "b")],
              counters_extra=GUNS)
    calm.push_text("rally g dice 5,5")
    assert "g" in calm.units and calm.units["g"].has("demoralized")


def test_a_demoralized_unit_in_an_entrenchment_need_not_rout(make_position: Any, pg: Any) -> None:
    """14.31's exception: the failed recovery of the unit above (E4, b1 two hexes off) in an entrenchment
    leaves it where it is, demoralized, with no rout to place."""
    units = [_u("a1", "E4", "inf", "a", "demoralized", "entrenched"), _u("b1", "E6", "inf", "b")]
    pos = pg(make_position, units, hexes={"E1": "woods"})
    pos.push_text("rally a1 dice 5,5")
    assert pos.decision is None or pos.decision.then != "rout"
    assert pos.label(pos.units["a1"].hex) == "E4" and pos.units["a1"].has("demoralized")


def test_a_demoralized_strongpoint_failing_to_recover_is_removed(make_position: Any, pg: Any) -> None:
    """16.1: a strongpoint that is demoralized and fails its recovery is removed, enemy near or not."""
    pos = pg(make_position, [_u("sp", "E4", "strongpoint", "a", "demoralized"), _u("b1", "L8", "inf", "b")],
             counters_extra=GUNS)
    pos.push_text("rally sp dice 5,5")
    assert "sp" not in pos.units


def test_a_demoralized_unit_failing_recovery_in_an_assault_hex_leaves_it_one_hex(
        make_position: Any, pg: Any) -> None:
    """12.1: a demoralized unit failing its recovery in an assault hex leaves it, one hex whatever its MA,
    to a hex without enemies (the last one out takes the free shot, 12.12); with the enemy in every adjacent
    hex it is eliminated."""
    units = [_u("a1", "E4", "inf", "a", "demoralized"), _u("b1", "E4", "inf", "b"),
             _u("b2", "E5", "inf", "b")]
    pos = pg(make_position, units)
    pos.push_text("rally a1 dice 5,5")
    top = pos.decision
    assert top.then == "rout" and top.rule == "12.1, 14.31"
    e4 = pos.map.parse_label("E4")
    around = [h for h in pos.map.neighbors(e4) if h in pos.map.hexes]
    assert set(top.hexes) == set(around) - {pos.map.parse_label("E5")}
    ring = [_u(f"r{i}", pos.label(h), "inf", "b") for i, h in enumerate(around)]
    boxed = pg(make_position, [_u("a1", "E4", "inf", "a", "demoralized"), _u("b1", "E4", "inf", "b"), *ring])
    boxed.push_text("rally a1 dice 5,5")
    assert "a1" not in boxed.units


def test_surrender_is_for_the_units_the_scenario_names(make_position: Any, pg: Any) -> None:
    """14.6: the scenario names certain units (here by counter: the "inf4" platoons), not a whole side: a
    demoralized inf4 next to a1 rolls, a demoralized inf does not."""
    units = [_u("a1", "C3"), _u("b1", "C4", "inf", "b", "demoralized"),
             _u("b2", "D3", "inf4", "b", "demoralized"), _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, options={"surrender": ["inf4"]})
    pos.push_text("move a1 C3-B3")
    asked = [d.subject for d in pos.state.decisions if d.then == "surrender"]
    assert asked == [("b2",)]


def test_a_leader_supporting_a_recovery_takes_no_other_action(make_position: Any, pg: Any) -> None:
    """14.4: the leader who supports a recovery takes no other action that turn and may not move in that
    segment (but for going along with a failed unit's rout, 6.53): l lends his +1 to a's recovery (morale 8
    - 1 demoralized + 1 = 8, dice 3,3 = 6 below it: disrupted); then moving l with bb is refused, bb alone
    moves."""
    units = [_u("l", "C3", "ldr"), _u("a", "C3", "inf", "a", "demoralized"), _u("bb", "C3"),
             _u("b1", "L8", "inf", "b")]
    pos = pg(make_position, units)
    pos.push_text("activate l")
    pos.push_text("rally a dice 3,3")
    assert pos.units["a"].has("disrupted") and not pos.units["a"].has("demoralized")
    assert pos.game.gstate(pos.state).rally_helpers == ("l",)
    with pytest.raises(IllegalAction, match=r"l supported a recovery this turn"):
        pos.push_text("move l,bb C3-C4")
    pos.push_text("move bb C3-C4")
    assert pos.label(pos.units["bb"].hex) == "C4" and pos.label(pos.units["l"].hex) == "C3"
