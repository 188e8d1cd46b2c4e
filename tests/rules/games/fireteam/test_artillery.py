"""Fire Team indirect fire [9] and artillery smoke [10.2]: the digest's examples 7.D.4 [9.3] and 7.D.5
[9.41], observation at the start of the turn and at impact [9.12], [9.21], two fires a turn [9.31], woods
against indirect fire [9.21], and smoke rounds [10.21]-[10.25]."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.fireteam import artillery
from hexmate.rules.hexes import Hex

ARTY = {
    "m106": {"type": "vehicle", "fp": 10, "range": 20, "ma": 8, "af": 2, "ao": 1, "indirect": 1,
             "min_range": 2, "platoon": 5, "smoke_pattern": "three"},
    "sau": {"type": "vehicle", "fp": 12, "range": 24, "ma": 8, "af": 2, "ao": 1, "indirect": 1,
            "min_range": 3, "platoon": 6, "smoke_pattern": "megahex"},
    "obs": {"type": "observer", "fp": 0, "range": 0, "ma": 5, "steps": 1, "platoon": 5},
}
WALL = {h: "woods" for h in ("D3", "D4", "D5")}  # woods between the guns on A4 and the targets east


def plot(pos: Any, plots: dict[str, list[str]]) -> None:
    """[9.1] The Preparation Phase: answer each open plot with the hexes given for that unit (none after
    them), then both sides end the phase; the first chit (side a's 5) is drawn."""
    from .conftest import draw

    while pos.decision is not None and pos.decision.then == "plot":
        uid = pos.decision.subject[0]
        left = plots.get(uid, [])
        pos.push_text(f"answer hex {left.pop(0)}" if left else "answer none")
    pos.push_text("end")
    pos.push_text("end")
    draw(pos, "a", 5)


def _game(ft: Any, units: list[dict[str, Any]], hexes: dict[str, Any] | None = None,
          plots: dict[str, list[str]] | None = None, **options: Any) -> Any:
    """The M106 on A4 behind the woods, its fires plotted as ``plots`` says (G4 twice if not given)."""
    from .conftest import unit

    base = [unit("g", "A4", "m106"), *units]
    pos = ft(base, phase="prep", counters_extra=ARTY, hexes={**WALL, **(hexes or {})}, options=options)
    plot(pos, {"g": ["G4", "G4"]} if plots is None else plots)
    return pos


def _u(uid: str, where: str, counter: str, side: str = "a") -> dict[str, Any]:
    from .conftest import unit

    return unit(uid, where, counter, side)


def hx(label: str) -> Hex:
    """The digest's CCRR hexes on the odd-q grid (digest 2.1)."""
    c, r = int(label[:2]), int(label[2:])
    return Hex(c, r - (c - (c & 1)) // 2)


@pytest.mark.parametrize("targets,ok", [
    (("1511", "1512", "1513"), True),
    (("1511", "1511", "1512"), True),
    (("1511", "1511", "1511"), True),
    (("1511", "1511", "1513"), False),
])
def test_ex_9_3_a_platoon_fires_on_hexes_joined_to_each_other(targets: tuple[str, ...], ok: bool) -> None:
    """[9.3] example: an M106 platoon of three may take 1511/1512/1513, 1511 twice and 1512, or 1511 three
    times; not 1511 twice and 1513 (two hexes apart, nothing between)."""
    assert artillery.platoon_targets_ok([hx(t) for t in targets]) is ok


def test_ex_9_41_a_battery_spreads_its_fire_evenly_over_up_to_three_adjacent_hexes() -> None:
    """[9.41] example: three tubes of 10 on D4009, D4109, D4010 (each adjacent to the others): 10 a hex;
    the translator: on two hexes, 15 each; not on hexes apart, nor on more than three."""
    three = [hx("4009"), hx("4109"), hx("4010")]
    assert artillery.battery_spread(3, 10, three) == 10
    assert artillery.battery_spread(3, 10, three[:2]) == 15
    with pytest.raises(IllegalAction, match=r"9\.41"):
        artillery.battery_spread(3, 10, [hx("4009"), hx("4109"), hx("4111")])
    with pytest.raises(IllegalAction, match=r"9\.41"):
        artillery.battery_spread(3, 10, [*three, hx("4110")])


def test_ex_9_21_indirect_fire_on_a_hex_an_observer_sees(ft: Any) -> None:
    pos = _game(ft, [_u("o", "F2", "obs"), _u("t", "G4", "squad5", "b")])
    pos.push_text("fire g at G4 dice 10")
    text = pos.last_resolution.text()
    assert "indirect fire: every unit in the hex; no defilade (9.2, 9.21)" in text
    assert "no observer sees the hex" not in text
    assert pos.game.gstate(pos.state).barrages == {"g": 1}


def test_ex_9_12_no_observer_at_the_start_of_the_turn_no_indirect_fire(ft: Any) -> None:
    pos = _game(ft, [_u("t", "G4", "squad5", "b")])
    with pytest.raises(IllegalAction, match=r"no observer for g saw G4 as the turn began \(9\.12\)"):
        pos.push_text("fire g at G4")


def test_ex_9_21_a_without_an_observer_at_impact_the_fire_is_halved(ft: Any) -> None:
    pos = _game(ft, [_u("o", "F2", "obs"), _u("t", "G4", "squad5", "b")])
    state = pos.state.without_unit("o")  # the observer is gone by the time the rounds land
    from hexmate.rules.games import Position

    pos = Position(pos.game, pos.scenario, pos.map, pos.charts, state)
    pos.push_text("fire g at G4 dice 10")
    assert "no observer sees the hex: x1/2 = 5 (9.21 A)" in pos.last_resolution.text()


def test_ex_9_21_woods_give_minus_1_against_indirect_fire(ft: Any) -> None:
    pos = _game(ft, [_u("o", "F2", "obs"), _u("t", "G4", "squad5", "b")], hexes={"G4": "woods"})
    pos.push_text("fire g at G4 dice 10")
    assert "target in woods against indirect fire: -1 (9.21)" in pos.last_resolution.text()


def test_ex_9_31_two_indirect_fires_a_turn_and_none_after_moving(ft: Any) -> None:
    pos = _game(ft, [_u("o", "F2", "obs"), _u("t", "G4", "squad5", "b"), _u("x", "L8", "squad5", "b")])
    pos.push_text("fire g at G4 dice 10")
    pos.push_text("pass")
    from .conftest import draw

    draw(pos, "b")
    pos.push_text("pass")
    draw(pos, "a", 4)
    if "t" in pos.units:
        pos.push_text("fire g at G4 dice 10")
        assert pos.game.gstate(pos.state).barrages == {"g": 2}
        pos.push_text("pass")
        draw(pos, "b")
        pos.push_text("pass")
        draw(pos, "a", 3)
        if "t" in pos.units:
            with pytest.raises(IllegalAction, match=r"fired twice this turn \(9\.31\)"):
                pos.push_text("fire g at G4")
    moved = _game(ft, [_u("o", "F2", "obs"), _u("t", "G4", "squad5", "b")])
    moved.game.gstate(moved.state)  # the M106 drives a hex and may not fire indirectly again this turn
    moved.push_text("move g A4-A5")
    while moved.decision is not None and moved.decision.kind == "react":
        moved.push_text("answer pass")
    assert "g" in moved.game.gstate(moved.state).arty_moved


def test_ex_9_11_a_soviet_observer_observes_only_for_its_own_platoon() -> None:
    from hexmate.rules.games.base import UnitState
    from hexmate.rules.scenario import CounterType

    def mk(uid: str, kind: str, plt: int | None) -> UnitState:
        values: dict[str, Any] = {"platoon": plt} if plt is not None else {}
        return UnitState(uid, "b", CounterType(uid, kind, values), Hex(0, 0))

    gun = mk("g", "vehicle", 5)
    assert artillery.may_observe(mk("o", "observer", 5), gun, "soviet")
    assert not artillery.may_observe(mk("o", "observer", 4), gun, "soviet")
    assert not artillery.may_observe(mk("l", "leader", None), gun, "soviet")
    assert artillery.may_observe(mk("l", "leader", None), gun, "us")  # [9.11] any US leader
    assert artillery.may_observe(mk("o", "observer", None), None, "soviet")  # off-board: independent
    assert not artillery.may_observe(mk("v", "vehicle", 5), gun, "us")  # a vehicle alone never observes


def test_ex_10_21_a_mortar_smokes_three_adjacent_hexes_with_one_round(ft: Any) -> None:
    pos = _game(ft, [_u("o", "F2", "obs"), _u("t", "L8", "squad5", "b")], smoke_rounds={"a": 1})
    pos.push_text("smoke g at G4")
    assert pos.decision is not None and pos.decision.then == "artysmoke"
    pos.push_text(f"answer hex {pos.label(pos.decision.hexes[0])}")
    assert pos.decision is not None and pos.decision.then == "artysmoke"
    third = pos.decision.hexes
    pos.push_text(f"answer hex {pos.label(third[0])}")
    smoke = pos.game.gstate(pos.state).smoke
    assert len(smoke) == 3 and artillery.contiguous(list(smoke)) and pos.map.parse_label("G4") in smoke
    assert pos.game.gstate(pos.state).smoke_rounds == {"a": 0}
    pos.push_text("pass")
    from .conftest import draw

    draw(pos, "b")
    pos.push_text("pass")
    draw(pos, "a", 4)
    with pytest.raises(IllegalAction, match=r"no smoke rounds left \(10\.24\)"):
        pos.push_text("smoke g at H6")


def test_ex_10_21_a_sau_122_smokes_a_megahex_and_only_within_normal_range(ft: Any) -> None:
    from .conftest import unit

    pos = ft([unit("s", "A4", "sau"), unit("o", "F2", "obs"), unit("t", "L8", "squad5", "b")],
             counters_extra=ARTY, options={"smoke_rounds": {"a": 2}})
    pos.push_text("smoke s at F5")
    assert len(pos.game.gstate(pos.state).smoke) == 7  # the hex and its six neighbours
    none = ft([unit("s", "A4", "sau"), unit("t", "L8", "squad5", "b")], counters_extra=ARTY)
    with pytest.raises(IllegalAction, match=r"10\.24"):
        none.push_text("smoke s at F5")  # the scenario gives no smoke rounds


def _battery_game(ft: Any, fires: list[list[str]]) -> Any:
    """Battery 1 (three tubes of 10) plots ``fires`` in the Preparation Phase [9.41]; its chit is drawn."""
    from .conftest import draw, unit

    units = [unit("o", "F2", "obs"), unit("t", "G4", "squad5", "b"), unit("t2", "H4", "squad5", "b")]
    pos = ft(units, phase="prep", impulse=None, counters_extra=ARTY,
             options={"batteries": {"a": [{"id": 1, "tubes": 3, "fp": 10}]}})
    for hexes in fires:
        top = pos.decision
        assert top is not None and (top.then, top.private, top.rule) == ("plotbattery", True, "9.41")
        for h in hexes:
            pos.push_text(f"answer hex {h}")
        if len(hexes) < 3:
            pos.push_text("answer done")
    if pos.decision is not None and pos.decision.then == "plotbattery":
        pos.push_text("answer none")
    pos.push_text("end")
    pos.push_text("end")
    assert ("a", -1) in pos.game.cp(pos.state).cup  # [9.42] the battery's chit goes into the cup
    draw(pos, "a", -1)
    return pos


def test_ex_9_42_a_battery_chit_fires_on_its_plotted_hex_and_goes_back_once(ft: Any) -> None:
    from .conftest import draw

    pos = _battery_game(ft, [["G4"], ["G4"]])
    assert pos.decision is not None and pos.decision.then == "barrage_roll"  # no choosing: the plot fires
    pos.push_text("answer dice 10")
    assert "battery 1: 30 FP on this hex (9.41)" in pos.last_resolution.text()
    assert pos.decision is not None and pos.decision.then == "draw"  # the next chit
    assert ("a", -1) in pos.game.cp(pos.state).cup  # back in the cup after its first fire
    draw(pos, "a", -1)
    pos.push_text("answer dice 10")
    assert pos.last_resolution.summary.startswith("battery 1 on G4")
    assert ("a", -1) not in pos.game.cp(pos.state).cup  # set aside after the second [9.42]


def test_ex_9_41_a_battery_spread_over_two_hexes_fires_15_on_each(ft: Any) -> None:
    pos = _battery_game(ft, [["G4", "H4"]])
    pos.push_text("answer dice 10")
    assert pos.last_resolution.summary.startswith("battery 1 on G4")
    assert "battery 1: 15 FP on this hex (9.41)" in pos.last_resolution.text()
    pos.push_text("answer dice 10")
    assert pos.last_resolution.summary.startswith("battery 1 on H4")


def test_ex_9_42_a_battery_with_no_plot_left_does_not_fire(ft: Any) -> None:
    pos = _battery_game(ft, [])
    assert pos.decision is not None and pos.decision.then == "draw"  # [9.1] nothing plotted: no fire


def test_ex_9_1_the_plot_is_a_private_decision_of_the_owner_among_observed_hexes(ft: Any) -> None:
    """[9.1], [9.12] In the Preparation Phase the owner alone plots each fire of its artillery, among the
    hexes its observer sees then; the second fire (9.31) is plotted after the first."""
    from .conftest import unit

    pos = ft([unit("g", "A4", "m106"), unit("o", "F2", "obs"), unit("t", "G4", "squad5", "b")],
             phase="prep", counters_extra=ARTY, hexes=WALL)
    top = pos.decision
    assert top is not None and (top.then, top.side, top.private, top.rule) == ("plot", "a", True, "9.1")
    seen = artillery.plot_options(pos.game, pos, pos.units["g"])
    assert set(top.hexes) == set(seen) and pos.map.parse_label("G4") in seen
    assert pos.map.parse_label("A4") not in seen  # its own hex (under the 2-hex minimum range, 9.33)
    pos.push_text("answer hex G4")
    assert pos.decision is not None and pos.decision.arg("fire") == "2" and pos.decision.private
    pos.push_text("answer hex H4")
    assert pos.game.gstate(pos.state).plots == {"g": (pos.map.parse_label("G4"), pos.map.parse_label("H4"))}
    assert pos.replay().game.gstate(pos.replay().state).plots == pos.game.gstate(pos.state).plots


def test_ex_9_1_indirect_fire_only_on_the_plotted_hex_and_each_plot_once(ft: Any) -> None:
    """[9.1] The target must be the plotted hex: H4 (observed, in range) is refused when only G4 was
    plotted, and G4's one plot is used up by its fire (9.31: each fire needs its own plot)."""
    pos = _game(ft, [_u("o", "F2", "obs"), _u("t", "G4", "squad5", "b"), _u("x", "H4", "squad5", "b")],
                plots={"g": ["G4"]})
    with pytest.raises(IllegalAction, match=r"H4 is not plotted for it \(9\.1\)"):
        pos.push_text("fire g at H4")
    pos.push_text("fire g at G4 dice 10")
    assert pos.game.gstate(pos.state).plots == {"g": ()}
    assert pos.game.gstate(pos.state).barrages == {"g": 1}


def test_ex_9_31_a_unit_that_moves_loses_its_plot(ft: Any) -> None:
    pos = _game(ft, [_u("o", "F2", "obs"), _u("t", "G4", "squad5", "b")])
    assert pos.game.gstate(pos.state).plots["g"] == (pos.map.parse_label("G4"),) * 2
    pos.push_text("move g A4-A5")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert "g" not in pos.game.gstate(pos.state).plots


def test_ex_9_1_no_plot_when_no_observer_sees_anything(ft: Any) -> None:
    from .conftest import unit

    pos = ft([unit("g", "A4", "m106"), unit("t", "G4", "squad5", "b")], phase="prep", counters_extra=ARTY,
             hexes=WALL)
    assert pos.decision is None  # [9.12] nothing observed: nothing to plot
