"""PG armoured trains and river flotillas (15.2, 6.92), from the text: each has its own leader for activation
and movement (it may approach the enemy), and activating one activates every one of its kind; a train moves
only along the scenario's railroad hexes with MA 6, a flotilla only in all-water major-river hexes with MA 5
unless printed; both may move and then fire in one segment, and move after opportunity fire (three MOVED/FIRED
markers, two removed after the move); in combat they are AFVs; only flotillas assault a flotilla, and no enemy
ground unit enters its major-river hex. One MP a hex is the demo cost (the text gives only the MA)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import trains
from hexmate.rules.games.pg import units as pu

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    # the printed MA 3 is ignored: 15.2 gives trains MA 6
    "train": {"type": "vehicle", "train": 1, "armor": 3, "df": 6, "df_range": 4, "at": 3, "at_range": 4,
              "ma": 3, "morale": 8, "steps": 2},
    "boat": {"type": "vehicle", "flotilla": 1, "armor": 1, "df": 4, "df_range": 3, "ma": 0, "morale": 8,
             "steps": 1},
    "boat7": {"type": "vehicle", "flotilla": 1, "armor": 1, "df": 4, "df_range": 3, "ma": 7, "morale": 8,
              "steps": 1},
    "eng": {"type": "personnel", "df": 4, "df_range": 1, "ma": 3, "morale": 8, "steps": 2, "branch": "ENG"},
}
RAIL = {"railroad": [f"{c}2" for c in "BCDEFGHIJ"]}
RIVER = {f"E{r}": {"terrain": "major-river"} for r in range(1, 9)}


def _dests(pos: Any, uid: str) -> set[str]:
    return {pos.label(h) for h in pos.game.moves_for(pos, frozenset([uid]))}


def test_a_train_is_an_afv_and_needs_its_armour() -> None:
    """15.2: in combat an AFV; a counter without armour is refused by name."""
    assert trains.check_counter({"type": "vehicle", "train": 1, "ma": 6}) is not None
    assert trains.check_counter(C["train"]) is None


def test_a_train_runs_only_on_the_railroad_with_ma_6(make_position: Any, pg: Any) -> None:
    """15.2: railroad hexes only (the scenario's), MA 6 whatever the counter prints (one MP a hex, demo)."""
    pos = pg(make_position, [_u("t", "B2", "train"), _u("b1", "L8", "inf", "b")], counters_extra=C,
             options=RAIL)
    assert pu.is_afv(pos.units["t"]) and pu.move_class(pos.units["t"]) == "train"
    assert _dests(pos, "t") == {"C2", "D2", "E2", "F2", "G2", "H2"}
    with pytest.raises(IllegalAction):
        pos.push_text("move t B2-B3")


def test_a_flotilla_sails_only_the_major_river_with_ma_5_unless_printed(make_position: Any, pg: Any) -> None:
    """15.2: all-water major-river hexes only; MA 5 unless the counter prints one (here 7)."""
    pos = pg(make_position, [_u("f", "E1", "boat"), _u("g", "E1", "boat7"), _u("b1", "L8", "inf", "b")],
             counters_extra=C, hexes=RIVER)
    assert _dests(pos, "f") == {"E2", "E3", "E4", "E5", "E6"}
    assert _dests(pos, "g") == {"E2", "E3", "E4", "E5", "E6", "E7", "E8"}


def test_activating_one_train_activates_all_and_each_moves_then_fires(make_position: Any, pg: Any) -> None:
    """6.92: one activation takes every train of the side wherever it is, each with its own leader (so it
    may close on the enemy); 15.2: a train moves first, then fires in the same segment, and moves once."""
    units = [_u("t1", "B2", "train"), _u("t2", "J2", "train"), _u("b1", "G4", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C, options=RAIL)
    pos.push_text("activate t1")
    assert set(pos.game.gstate(pos.state).active) == {"t1", "t2"}
    pos.push_text("move t1 B2-C2-D2-E2-F2")  # closer to b1, no other leader needed
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    t1 = pos.units["t1"]
    assert pos.label(t1.hex) == "F2" and t1.has(trains.MOVED) and not t1.has("moved_fired")
    with pytest.raises(IllegalAction, match=r"15.2"):
        pos.push_text("move t1 F2-G2")
    pos.push_text("fire t1 at G4")
    assert pos.units["t1"].has("moved_fired")
    assert pos.decision is not None and pos.decision.kind == "roll"


def test_a_train_that_moved_without_firing_is_spent_when_the_activation_closes(make_position: Any,
                                                                               pg: Any) -> None:
    """3.13, 15.2: the move-then-fire allowance lasts the activation only."""
    pos = pg(make_position, [_u("t1", "B2", "train"), _u("b1", "L8", "inf", "b")], counters_extra=C,
             options=RAIL)
    pos.push_text("activate t1")
    pos.push_text("move t1 B2-C2")
    pos.push_text("pass")  # ends the open activation (3.1)
    assert pos.units["t1"].has("moved_fired")


def test_opportunity_fire_leaves_three_markers_and_the_move_removes_two(make_position: Any, pg: Any) -> None:
    """15.2: after opportunity fire the train carries 3 MOVED/FIRED markers (13.1's two and one more); in its
    own segment it may move (not fire), and after the move two come off, one staying."""
    units = [_u("a1", "D5"), _u("al", "D5", "ldr"), _u("bt", "D2", "train", "b")]
    pos = pg(make_position, units, counters_extra=C, options=RAIL)
    pos.push_text("move a1,al D5-D4")  # led by al, a1 may close on the train (5.4)
    assert pos.decision is not None and pos.decision.kind == "react" and pos.decision.side == "b"
    pos.push_text("fire bt at D4 dice 1,1")
    bt = pos.units["bt"]
    assert bt.has("moved_fired") and bt.has("opp_fire") and bt.has(trains.WAIT)
    while pos.decision is not None and pos.decision.kind in ("react", "roll"):
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer dice 1,1")
    while pos.to_act == "a":
        pos.push_text("pass")
    assert pos.to_act == "b"
    with pytest.raises(IllegalAction, match=r"15.2"):
        pos.push_text("fire bt at D4")
    assert any(isinstance(a, act.Move) and a.units == ("bt",) for a in pos.legal_actions)
    pos.push_text("move bt D2-E2-F2")
    bt = pos.units["bt"]
    assert bt.has("moved_fired") and not bt.has("opp_fire") and not bt.has(trains.WAIT)


def test_only_flotillas_assault_a_flotilla(make_position: Any, pg: Any) -> None:
    """15.2: no enemy ground unit, engineers included, enters a major-river hex holding a flotilla; another
    flotilla may assault it."""
    units = [_u("e", "D4", "eng"), _u("al", "D4", "ldr"), _u("f", "E3", "boat"), _u("bf", "E4", "boat", "b")]
    pos = pg(make_position, units, counters_extra=C, hexes=RIVER)
    pos.push_text("activate al")
    assert "E4" not in {pos.label(h) for h in pos.game.moves_for(pos, frozenset(["e"]))}
    with pytest.raises(IllegalAction, match=r"15.2"):
        pos.push_text("move e D4-E4")
    pos.push_text("pass")  # ends the open activation (3.1)
    pos.push_text("activate f")
    assert "E4" in _dests(pos, "f")


def test_direct_fire_treats_a_train_as_an_afv(make_position: Any, pg: Any) -> None:
    """15.2, 7.25, 7.41: an AFV in combat: a DFT M result (INF 5 adjacent, column 11, roll 3, demo chart)
    makes it check nothing."""
    pos = pg(make_position, [_u("a1", "C3"), _u("bt", "C2", "train", "b")], counters_extra=C, options=RAIL)
    pos.push_text("fire a1 at C2")
    pos.push_text("answer dice 1,2")
    res = pos.last_resolution
    assert res is not None and res.results == {"bt": "M"}
    assert pos.decision is None or pos.decision.then != "mc"


def test_the_trains_own_leader_spots_nothing_for_artillery(make_position: Any, pg: Any) -> None:
    """15.2: the built-in leader never spots for a bombardment: a train seeing the target does not let a
    mortar that cannot see it fire."""
    from hexmate.rules.games.pg import bombard

    mtr = {"type": "personnel", "bombard": 8, "bombard_range": 12, "ma": 2, "morale": 8, "steps": 2,
           "branch": "MTR"}
    units = [_u("m", "A8", "mtr"), _u("t", "G2", "train"), _u("b1", "H2", "inf", "b")]
    pos = pg(make_position, units, counters_extra={**C, "mtr": mtr}, options=RAIL,
             hexes={"B7": {"terrain": "woods"}, "A7": {"terrain": "woods"}, "B8": {"terrain": "woods"}})
    target = pos.map.parse_label("H2")
    assert bombard.spotter(pos.game, pos, [pos.units["m"]], target) is None
    with_leader = pos.at(pos.state.with_unit(pos.units["t"].as_counter(pos.scenario.counters["ldr"])))
    assert bombard.spotter(pos.game, with_leader, [pos.units["m"]], target) == "t"  # a normal leader would


def test_the_demo_catalogue_has_a_train_and_a_flotilla() -> None:
    """15.2: the demo scenario's counters (demo values) include both, and they load (as AFVs)."""
    from hexmate.rules.games import get_game
    from hexmate.rules.games.base import UnitState

    game = get_game("pg")
    scenario = game.load_scenario(game.demo_scenario_path)
    units = [UnitState("x", "s", c, None) for c in scenario.counters.values()]
    assert {trains.kind(u) for u in units if pu.is_afv(u)} >= {"train", "flotilla"}


def test_the_page_offers_one_activation_for_the_trains(make_position: Any, pg: Any) -> None:
    """6.92: the trains' activation is offered once (it takes them all)."""
    units = [_u("t1", "B2", "train"), _u("t2", "J2", "train"), _u("b1", "L8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C, options=RAIL)
    offered = [a for a in pos.legal_actions if isinstance(a, act.Activate)]
    assert [a.units for a in offered] == [("t1",)]
