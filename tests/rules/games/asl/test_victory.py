"""ASL victory (A26): building control gained even in the middle of a move and blocked by an armed enemy,
CVP by the A26.211 values, each unit's VP as it was when eliminated (A26.21, the ledger of A26.22), the Now
panel's lines, the end of the scenario, and bad victory data."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import victory
from hexmate.rules.games.base import UnitState

from tests.rules.games.asl.endgame import to_the_end

VICTORY = {
    "victory": {"buildings": {"B": ["E5"]}, "control": {"b": ["B"]}, "win": {"side": "a", "buildings": 1}}
}


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def test_control_is_gained_mid_move(make_position: Any) -> None:
    units = [_u("a-1", "E4"), _u("b-1", "J8", "4-4-7", "b", markers=["broken"])]
    pos = make_position("asl", units, "MPh", options=VICTORY)
    assert dict(pos.state.game.control) == {"B": "b"}  # the scenario's set-up (A26.1)
    pos.push_text("move a-1 E4-E5-E6")  # it only passes through the building (A26.1: no need to stop)
    assert pos.label(pos.units["a-1"].hex) == "E6"
    assert dict(pos.state.game.control) == {"B": "a"}
    assert "a controls 1 building(s): B (A26.14)" in pos.game.status(pos)


def test_an_armed_enemy_blocks_control(make_position: Any) -> None:
    units = [_u("a-1", "E4"), _u("a-2", "G4"), _u("b-1", "E5", "4-4-7", "b")]
    pos = make_position("asl", units, "APh", options=VICTORY)
    pos.push_text("advance a-1 E4-E5")
    assert dict(pos.state.game.control) == {"B": "b"}  # an armed Good Order enemy is there


def test_a26_11_a_broken_enemy_blocks(make_position: Any) -> None:
    """A26.11 and the text's 22U3 example: a broken 4-4-7 is still an armed enemy unit and keeps the German
    from gaining the building; once it is gone the German gains it at once. A prisoner is unarmed (A20.5)."""
    units = [_u("a-1", "E4"), _u("b-1", "E5", "4-4-7", "b", markers=["broken"])]
    pos = make_position("asl", units, "APh", options=VICTORY)
    pos.push_text("advance a-1 E4-E5")
    assert dict(pos.state.game.control) == {"B": "b"}
    later = pos.at(pos.state.without_unit("b-1"))
    assert dict(pos.game.gstate(victory.update(pos.game, later)).control) == {"B": "a"}
    units = [_u("a-1", "E4"), _u("b-1", "E5", "4-4-7", "b", markers=["prisoner"])]
    pos = make_position("asl", units, "APh", options=VICTORY)
    pos.push_text("advance a-1 E4-E5")
    assert dict(pos.state.game.control) == {"B": "a"}


VEHICLES = {**{"4-6-7": {"type": "squad", "fp": 4, "range": 6, "morale": 7, "broken_morale": 8},
               "4-4-7": {"type": "squad", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7}},
            "pz": {"type": "vehicle", "vehicle": "demo-pz-g"}}


def test_a26_11_vehicles_block_but_never_gain_a_building(make_position: Any) -> None:
    """A26.11: a crewed (armed, non-bypassing) vehicle keeps the enemy from gaining its building; an abandoned
    one does not; a vehicle itself never gains a building."""
    units = [_u("a-1", "E5"), _u("b-pz", "E5", "pz", "b", markers=["vca0"])]
    pos = make_position("asl", units, "APh", options=VICTORY, counters=VEHICLES)
    assert victory.update(pos.game, pos) is pos.state  # still b's
    units = [_u("a-1", "E5"), _u("b-pz", "E5", "pz", "b", markers=["vca0", "abandoned"])]
    pos = make_position("asl", units, "APh", options=VICTORY, counters=VEHICLES)
    assert dict(pos.game.gstate(victory.update(pos.game, pos)).control) == {"B": "a"}
    units = [_u("a-pz", "E5", "pz", markers=["vca0"]), _u("b-1", "J8", "4-4-7", "b")]
    pos = make_position("asl", units, "APh", options=VICTORY, counters=VEHICLES)
    assert victory.update(pos.game, pos) is pos.state


HEXES = {"victory": {"hexes": ["G6"], "control": {"b": ["G6"]}, "win": {"side": "a", "hexes": 1}}}


def test_a26_12_a_vehicle_holds_a_hex_while_there(make_position: Any) -> None:
    """A26.12: a non-bypassing armed vehicle alone in a one-Location hex controls it only while it stays."""
    units = [_u("a-pz", "G6", "pz", markers=["vca0"]), _u("b-1", "J8", "4-4-7", "b")]
    pos = make_position("asl", units, "APh", options=HEXES, counters=VEHICLES)
    assert victory.holder(pos.game, pos, "G6") == "a"
    assert "a controls 1 hex(es): G6 (A26.13)" in pos.game.status(pos)
    gone = pos.at(pos.state.without_unit("a-pz"))
    assert victory.holder(pos.game, gone, "G6") == "b"  # back to what it was
    guarded = pos.at(pos.state.with_unit(pos.units["b-1"].__class__(
        "b-1", "b", pos.units["b-1"].counter, pos.units["a-pz"].hex)))
    assert victory.holder(pos.game, guarded, "G6") == "b"  # an armed enemy there: no temporary control


def test_a26_13_a_hex_is_gained_by_an_mmc_and_scored_at_the_end(make_position: Any) -> None:
    units = [_u("a-1", "G5"), _u("b-1", "J8", "4-4-7", "b")]
    pos = make_position("asl", units, "APh", options=HEXES)
    assert dict(pos.state.game.control) == {"G6": "b"}
    out = pos.at(pos.state.replace(over=True)).outcome()
    assert out is not None and out.winner == "b" and "A26.3" in out.reason
    pos.push_text("advance a-1 G5-G6")
    assert dict(pos.state.game.control) == {"G6": "a"}
    won = pos.at(pos.state.replace(over=True)).outcome()
    assert won is not None and won.winner == "a"


def test_a26_13_only_ground_level_gains_the_hex() -> None:
    """A26.13: a Good Order Infantry MMC at level 1 does not gain the hex (the 22U3 example's V3)."""
    from types import SimpleNamespace

    from hexmate.rules.games.base import UnitState
    from hexmate.rules.hexes import Hex
    from hexmate.rules.scenario import CounterType

    squad = CounterType("4-4-7", "squad", {"fp": 4})
    up = UnitState("a-1", "a", squad, Hex(0, 0), level=1)
    assert victory._gains(up, set()) and up.level != 0  # it gains a building (A26.14), not the hex
    broken = UnitState("a-2", "a", squad, Hex(0, 0), markers=frozenset({"broken"}))
    assert not victory._gains(broken, set()) and victory._blocks(broken, set(), True)
    dummy = UnitState("a-3", "a", CounterType("?", "dummy", {}), Hex(0, 0))
    assert not victory._gains(dummy, set()) and not victory._blocks(dummy, set(), True)  # A26.15
    assert not victory._gains(up, {"a-1"})  # A26.11: never by bypass
    scenario = SimpleNamespace(options={"victory": {"buildings": {"B": ["E5"]}, "hexes": ["G6"],
                                                    "control": {"b": ["B"]}}},
                               units=[SimpleNamespace(id="a-1", side="a", hex="E4", carrier=""),
                                      SimpleNamespace(id="b-1", side="b", hex="", carrier="")])
    assert victory.initial_control(scenario) == (("B", "b"), ("G6", "a"))  # A26.11: only a sets up on board


def test_cvp_values(make_position: Any) -> None:
    """A26.2: VP are scored for units eliminated, captured or exited; A26.2 names values for units and
    equipment, none for a SW or a dummy (they score nothing)."""
    # A26.211: squad 2, HS 1, leader 1 + the size of a negative modifier (9-2: 3, 9-1: 2, 8-0: 1)
    assert victory.vp("squad", {}) == 2 and victory.vp("crew", {}) == 2 and victory.vp("hs", {}) == 1
    assert victory.vp("sw", {"fp": 2}) == 0 and victory.vp("dummy", {}) == 0
    assert [victory.vp("leader", {"leadership": x}) for x in (-2, -1, 0, 1)] == [3, 2, 1, 1]
    units = [
        _u("a-1", "E4"),
        _u("b-1", "E5", "4-4-7", "b"),
        _u("b-92", "E6", "9-2", "b"),
        _u("b-2", "E7", "4-4-7", "b"),
    ]
    pos = make_position("asl", units, "APh", options=VICTORY)
    state = pos.state.without_unit("b-1").without_unit("b-92")
    state = state.with_unit(state.units["b-2"].as_counter(pos.scenario.counters["2-2-7"]))
    later = pos.at(victory.after_play(pos.game, pos, state))  # one play: the CVP ledger records it (A26.22)
    assert victory.cvp(later, "a") == 2 + 3 + 1 and victory.cvp(later, "b") == 0
    assert "a: 6 CVP (A26.22)" in pos.game.status(later)


def test_the_end_scores_the_buildings(make_position: Any) -> None:
    units = [_u("a-1", "E4"), _u("b-1", "J8", "4-4-7", "b")]
    pos = make_position("asl", units, "CCPh", options=VICTORY, turns=1)
    out = pos.at(pos.state.replace(over=True)).outcome()
    assert out is not None and out.winner == "b" and "A26.3" in out.reason
    won = pos.at(pos.state.replace(over=True, game=pos.state.game.replace(control=(("B", "a"),)))).outcome()
    assert won is not None and won.winner == "a" and "A26.1" in won.reason


def test_bad_victory_data_names_the_scenario_and_key(make_position: Any) -> None:
    bad = {"victory": {"buildings": {"B": ["Z99"]}}}
    with pytest.raises(DataError, match=r"options\.victory\.buildings\.B: 'Z99'"):
        make_position("asl", [_u("a-1", "E4"), _u("b-1", "J8", "4-4-7", "b")], "APh", options=bad)
    with pytest.raises(DataError, match="unknown key"):
        make_position(
            "asl", [_u("a-1", "E4"), _u("b-1", "J8", "4-4-7", "b")], "APh", options={"victory": {"x": 1}}
        )


EXIT = {"victory": {"exit": {"side": "a", "hexes": ["L4", "L5"], "vp": 4}}}


def test_exit_vp_a_unit_leaves_the_map_from_an_exit_hex(make_position: Any) -> None:
    units = [
        _u("a-1", "J4"),
        _u("a-2", "H4"),
        _u("a-91", "G5", "9-1"),
        _u("b-1", "A1", "4-4-7", "b", markers=["broken"]),
    ]
    pos = make_position("asl", units, "MPh", options=EXIT)
    with pytest.raises(IllegalAction, match=r"not on the map.s edge"):
        pos.push_text("move a-1 J4-K4 as exit")
    with pytest.raises(
        IllegalAction, match=r"costs 5 MF"
    ):  # 4 hexes and the mirror hex beyond the edge (A2.6)
        pos.push_text("move a-2 H4-I4-J4-K4-L4 as exit")
    pos.push_text("move a-1 J4-K4-L4 as exit")  # 2 MF and 1 for the mirror of L4's Open Ground
    assert "a-1" not in pos.units
    assert any(c.what == "remove" and c.unit == "a-1" for c in pos.changes)  # the counter comes off the map
    status = pos.game.status(pos)
    assert "a: 2 Exit VP of 4 (A26.23)" in status and "b: 0 CVP (A26.22)" in status  # no casualty (A26.221)
    pos.push_text("move a-91 G5-H5-I5-J5-K5-L5 as exit")  # the 9-1 is worth 1 + 1 (A26.211)
    assert "a: 4 Exit VP of 4 (A26.23)" in pos.game.status(pos)


def _vt(**changes: Any) -> Any:
    import dataclasses

    from hexmate.rules.games.asl.vehicles import vehicle_of

    return dataclasses.replace(vehicle_of({"vehicle": "demo-pz-g"}), **changes)


def test_a26_212_the_texts_vehicles() -> None:
    """A26.212's example: KV-1E (11 AF, an MA, its crew) 7 VP, its inherent crew worth a crew counter's 2
    (A26.213); an unarmed truck 1 (no crew); an unarmored AA truck with its MA and crew 4; A26.222's example:
    the abandoned KV-1E with a broken MA 4 (1 + 3 for 11 AF). AF 0 counts 1; a motorcycle scores none."""
    from hexmate.rules.games.asl.vehicles import MainArmament

    kv = _vt(hull_front=11, hull_side=9, turret_front=11, turret_side=9)
    assert victory.vehicle_vp(kv, ma_working=True, crew=True) == 7
    assert victory.vehicle_vp(kv, ma_working=False, crew=False) == 4
    bare = {"hull_front": None, "hull_side": None, "turret_front": None, "turret_side": None}
    truck = _vt(**bare, ma=None, movement="truck")
    assert victory.vehicle_vp(truck, ma_working=True, crew=False) == 1
    aa = _vt(**bare, ma=MainArmament(12, "MG"))
    assert victory.vehicle_vp(aa, ma_working=True, crew=True) == 4
    zero = _vt(hull_front=0, hull_side=0, turret_front=0, turret_side=0)
    assert victory.vehicle_vp(zero, ma_working=True, crew=True) == 1 + 1 + 1 + 2
    assert victory.vehicle_vp(kv, ma_working=True, crew=True, leadership=-1) == 7 + 2  # A26.211: armor leader
    assert victory.vehicle_vp(_vt(movement="motorcycle", ma=None), ma_working=False, crew=False) == 0


def test_a26_221_a_disabled_ma_is_no_casualty_a_wreck_is(make_position: Any) -> None:
    units = [_u("a-1", "E4"), _u("b-pz", "G6", "pz", "b", markers=["vca0", "disabled", "immobilized"])]
    pos = make_position("asl", units, "APh", options=VICTORY, counters=VEHICLES)
    assert victory.cvp(pos, "a") == 0  # A26.221: an Immobilized vehicle or a disabled MA scores nothing
    wreck = pos.at(pos.state.with_unit(pos.units["b-pz"].mark("wreck")))
    assert victory.cvp(wreck, "a") == 1 + 0 + 2 + 2  # the demo tank's 8 AF, its MA disabled, crew lost


def test_a26_222_captured_double_at_the_end(make_position: Any) -> None:
    """A26.222: a prisoner and a captured vehicle score their normal VP during play and double at the end."""
    units = [_u("a-1", "E4"), _u("b-1", "E4", "4-4-7", "b", markers=["prisoner"], carrier="a-1"),
             _u("b-pz", "G6", "pz", "b", markers=["vca0", "abandoned"])]
    pos = make_position("asl", units, "APh", options=VICTORY, counters=VEHICLES)
    assert victory.cvp(pos, "a") == 2
    taken = pos.at(pos.state.with_unit(pos.units["b-pz"].__class__(
        "b-pz", "a", pos.units["b-pz"].counter, pos.units["b-pz"].hex,
        markers=pos.units["b-pz"].markers | {"captured"})))
    assert victory.cvp(taken, "a") == 2 + 1 + 1 + 2  # abandoned: no crew; 8 AF: 2
    assert victory.cvp(taken, "b") == 0
    assert victory.cvp(taken.at(taken.state.replace(over=True)), "a") == 2 * (2 + 4)


def test_a26_211_a_hero_or_a_broken_unit_scores_no_exit_vp() -> None:
    from hexmate.rules.games.base import UnitState
    from hexmate.rules.hexes import Hex
    from hexmate.rules.scenario import CounterType

    hero = UnitState("a-h", "a", CounterType("hero", "hero", {}), Hex(0, 0))
    squad = UnitState("a-1", "a", CounterType("4-4-7", "squad", {}), Hex(0, 0))
    assert victory.unit_vp(hero) == 1 and victory.exit_value(hero) == 0
    assert victory.exit_value(squad) == 2 and victory.exit_value(squad.mark("broken")) == 0
    assert victory.vp("sw", {}) == 0 and victory.vp("gun", {}) == 2  # A26.212: a non-vehicular Gun


def test_a26_3_exit_vp_decides_the_game(make_position: Any) -> None:
    """A26.23, A26.3: a wins with the 4 Exit VP the exit area asks; short of them, b wins by preventing it."""
    spec = {"victory": {"exit": {"side": "a", "hexes": ["L4", "L5"], "vp": 4},
                        "win": {"side": "a", "exit": True}}}
    units = [_u("a-1", "J4"), _u("a-2", "J5"), _u("a-3", "A4"),
             _u("b-1", "A1", "4-4-7", "b", markers=["broken"])]
    pos = make_position("asl", units, "MPh", options=spec)
    pos.push_text("move a-1 J4-K4-L4 as exit")
    out = pos.at(pos.state.replace(over=True)).outcome()
    said = "a has only 2 Exit VP of 4: b wins by preventing it (A26.3)"
    assert out is not None and out.winner == "b" and out.reason == said
    pos.push_text("move a-2 J5-K5-L5 as exit")
    won = pos.at(pos.state.replace(over=True)).outcome()
    assert won is not None and won.winner == "a"


def test_a26_222_a_prisoner_killed_by_its_own_side(make_position: Any) -> None:
    """A26.222: b's fire eliminates b-1, a prisoner guarded by a-1: a scores its 2 VP twice at once; killed by
    a's own attack it scores them once."""
    from hexmate.rules import actions as act
    from hexmate.rules.games.asl import guards

    units = [_u("a-1", "C4"), _u("b-1", "C4", "4-4-7", "b", markers=["prisoner"], carrier="a-1"),
             _u("b-2", "C2", "4-4-7", "b"), _u("a-2", "E4")]
    pos = make_position("asl", units, "DFPh", options=VICTORY)
    c4 = pos.units["a-1"].hex
    assert c4 is not None
    gone = pos.state.without_unit("b-1")
    by_b = guards.after_play(pos.game, pos, act.Fire(("b-2",), c4, (2, 2)), gone)
    assert victory.cvp(pos.at(by_b), "a") == 4
    by_a = guards.after_play(pos.game, pos, act.Fire(("a-2",), c4, (2, 2)), gone)
    assert victory.cvp(pos.at(by_a), "a") == 2


UPPER = {"terrain": "stone-building", "features": ["building-level-1", "stairway"]}
U3 = {"victory": {"buildings": {"U3": ["E5", "E6"]}, "hexes": ["E5", "E6"],
                  "control": {"b": ["U3", "E5", "E6"]}}}


def test_a26_13_the_22u3_example(make_position: Any) -> None:
    """The text's 22U3 example, on a two-hex, two-level building (E5 for V2, E6 for V3), German b holding it:
    the Russian 4-4-7 on V2's ground level gains V2 and the building; on V3's level 1 it gains no hex. Then a
    German squad on V2's ground level with the broken 4-4-7 on its level 1 gains neither the hex nor the
    building."""
    units = [_u("a-1", "E5"), _u("a-2", "E6", level=1), _u("b-1", "J8", "4-4-7", "b")]
    pos = make_position("asl", units, "APh", options=U3, hexes={"E5": UPPER, "E6": UPPER})
    after = dict(pos.game.gstate(victory.update(pos.game, pos)).control)
    assert after == {"U3": "a", "E5": "a", "E6": "b"}
    units = [_u("a-1", "E5", level=1, markers=["broken"]), _u("b-1", "E5", "4-4-7", "b")]
    russian = {"victory": {**U3["victory"], "control": {"a": ["U3", "E5"]}}}
    pos = make_position("asl", units, "APh", options=russian, hexes={"E5": UPPER, "E6": UPPER})
    assert dict(pos.game.gstate(victory.update(pos.game, pos)).control) == {"U3": "a", "E5": "a"}


def test_a26_21_a_9_2_replaced_by_a_9_1_then_eliminated_scores_2(make_position: Any) -> None:
    """A26.21: b's 9-2 (3 VP, A26.211) fails a 1MC by 1, more than b's ELR of 0, and is Replaced by a 9-1
    (A19.13): his changed leadership is no casualty (0 CVP); killed later he scores his new 2 VP, not 3."""
    units = [_u("a-1", "C4"), _u("a-2", "C5"), _u("b-l", "C2", "9-2", "b")]
    pos = make_position("asl", units, "PFPh", options={**VICTORY, "elr": {"b": 0}})
    pos.push_text("fire a-1 at C2 dice 2,3")  # 4 FP, final DR 5: 1MC
    pos.push_text("answer dice 4,5")  # 9 + 1 = 10 against morale 9
    assert pos.units["b-l"].name == "9-1" and pos.units["b-l"].has("broken")
    assert victory.cvp(pos, "a") == 0
    pos.push_text("fire a-2 at C2 dice 1,2")  # final DR 3: K/1, the leader wounded
    pos.push_text("answer dice 6")  # A17.11: a severity dr of 5-6 kills him
    assert "b-l" not in pos.units
    assert victory.cvp(pos, "a") == 2


def test_a26_22_the_ledger_counts_eliminations_and_reductions_only(make_position: Any) -> None:
    """A26.21, A26.22: what one play takes out of play, unit by unit. An 8-0 eliminated scores his 1 VP, and
    so does one created in play (A18.1), though not among the scenario's units; a squad Casualty Reduced to
    its HS 1; a squad Deploying into two HS (the second ``ID.2``, A1.31) and two HS combining into a squad
    (A1.32) nothing; a unit leaving by an exit nothing here (A26.23's Exit VP, recorded apart)."""
    units = [_u("a-1", "E4"), _u("b-1", "E5", "4-4-7", "b"), _u("b-2", "E6", "4-4-7", "b"),
             _u("b-h1", "E7", "2-2-7", "b"), _u("b-h2", "E7", "2-2-7", "b"), _u("b-x", "E8", "4-4-7", "b"),
             _u("b-c", "D8", "8-0", "b")]
    pos = make_position("asl", units, "APh", options=VICTORY)
    before = dict(pos.units)
    hs, squad = pos.scenario.counters["2-2-7"], pos.scenario.counters["4-4-7"]
    after = {"a-1": before["a-1"], "b-1": before["b-1"].as_counter(hs), "b-2": before["b-2"].as_counter(hs),
             "b-2.2": dataclasses.replace(before["b-2"].as_counter(hs), id="b-2.2"),
             "b-h1": before["b-h1"].as_counter(squad)}
    got = victory.vp_lost(before, after, frozenset({"b-x"}))
    assert sorted(got) == [("b-1", "b", 1, victory.REDUCED), ("b-c", "b", 1, victory.ELIMINATED)]
    made = pos.at(pos.state.with_unit(UnitState("b-created1", "b", pos.scenario.counters["8-0"],
                                                 pos.units["b-1"].hex)))
    assert victory.cvp(made.at(victory.after_play(made.game, made, made.state.without_unit("b-created1"))),
                       "a") == 1

# --- A26.15: HIP units count where they are at the end; A26.11: later arrivals hold nothing (issue 9) ---


def _hip_game(make_position: Any, units: list[dict[str, Any]], options: dict[str, Any], phase: str) -> Any:
    """a's squad a-hip set up HIP (A12.3) in E6, a stone building; b moves first; one turn."""
    pos = make_position("asl", units, phase, options={**options, "hip": {"a": {"units": ["a-hip"]}}},
                        hexes={"E5": "stone-building", "E6": "stone-building"}, first_side="b", turns=1)
    pos.push_text("answer hex E6")
    return pos


def test_a26_15_a_hip_squad_holds_its_victory_hex_at_the_end(make_position: Any) -> None:
    """a needs victory hex E6 (A26.13), held by no one at the start (both sides set up on the map, A26.11).
    a's HIP squad in E6 is a real unit there (A26.15, A12.3: HIP is concealment): it holds E6, but need not
    say so until the end. Till then the shared Now panel reads as if E6 were empty; at the end a wins."""
    spec = {"victory": {"hexes": ["E6"], "win": {"side": "a", "hexes": 1}}}
    units = [_u("a-1", "A1"), _u("a-hip", "E6"), _u("b-1", "J8", "4-4-7", "b")]
    pos = _hip_game(make_position, units, spec, "MPh")
    empty = make_position("asl", [units[0], units[2]], "MPh", options=spec, first_side="b", turns=1,
                          hexes={"E5": "stone-building", "E6": "stone-building"})
    assert pos.game.status(pos) == empty.game.status(empty)  # "a controls 0 hex(es): -" for both
    assert "a controls 0 hex(es): - (A26.13)" in pos.game.status(pos)
    assert "E6" not in str(pos) and dict(pos.state.game.control) == {}
    to_the_end(pos)
    assert pos.label(pos.units["a-hip"].hex) == "E6" and not pos.units["a-hip"].concealed  # declared (A12.31)
    assert dict(pos.state.game.control) == {"E6": "a"}
    out = pos.outcome()
    assert out is not None and out.winner == "a" and "A26.1" in out.reason


def test_a26_15_a_hip_squad_keeps_the_enemy_from_gaining_its_building(make_position: Any) -> None:
    """Building B is E5 and E6, a's at the start; b must take it. b's squad walks into E5: on the shared panel
    b now holds B (b cannot know of the armed HIP squad in E6), but A26.15 says that squad blocks the gain.
    Unseen, it also keeps B a's when b walks out again. At the end a still holds B and b loses (A26.3)."""
    spec = {"victory": {"buildings": {"B": ["E5", "E6"]}, "control": {"a": ["B"]},
                        "win": {"side": "b", "buildings": 1}}}
    units = [_u("a-1", "A1"), _u("a-hip", "E6"), _u("b-1", "E4", "4-4-7", "b")]
    pos = _hip_game(make_position, units, spec, "MPh")
    pos.push_text("move b-1 E4-E5")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.label(pos.units["b-1"].hex) == "E5" and pos.units["a-hip"].hex is None  # still hidden
    assert "b controls 1 building(s): B (A26.14)" in pos.game.status(pos)  # what both sides may know
    assert "b needs 1 building(s) at the end and holds 1 (A26.1)" in pos.game.status(pos)
    assert "E6" not in str(pos)
    to_the_end(pos)
    assert pos.label(pos.units["a-hip"].hex) == "E6"
    assert dict(pos.state.game.control) == {"B": "a"}
    out = pos.outcome()
    assert out is not None and out.winner == "a" and "A26.3" in out.reason
    assert "b holds only 0 building(s) of 1" in out.reason


def test_a26_11_a_side_whose_units_all_come_on_later_holds_nothing_at_the_start(make_position: Any) -> None:
    """A26.11: only a sets up on the map; b's one squad comes on by entry on turn 2 (A2.5), so a controls
    every building and hex listed at the start and b none. With a b squad set up on the map too, both sides
    set up there and nothing the scenario does not name is held."""
    spec = {"victory": {"buildings": {"B": ["E5"]}, "hexes": ["G6"]},
            "entry": {"b-1": {"turn": 2, "hexes": ["L4"]}}}
    units = [_u("a-1", "E4"), _u("b-1", "L4", "4-4-7", "b")]
    pos = make_position("asl", units, "MPh", options=spec)
    assert pos.units["b-1"].hex is None  # off the map until it comes on (A2.5)
    assert dict(pos.state.game.control) == {"B": "a", "G6": "a"}
    assert "b controls 0 building(s): - (A26.14)" in pos.game.status(pos)
    both = make_position("asl", [*units, _u("b-2", "J8", "4-4-7", "b")], "MPh", options=spec)
    assert dict(both.state.game.control) == {}


def test_a26_11_a_dd_tank_held_off_the_map_holds_nothing_at_the_start(make_position: Any) -> None:
    """A26.11 with D16.8: a's only unit is a DD tank set up on the map; kept there, both sides set up on the
    map and the unnamed victory hex G6 is no one's; held off before play, only b is on the map at the start
    and controls G6 (as a side whose units all come on later, A2.5)."""
    from .test_ventry import COUNTERS as VCOUNTERS
    from .test_ventry import PZ

    dd = {**PZ, "hex": "C4", "markers": ["vca0", "screen", "ce"]}
    spec = {"victory": {"hexes": ["G6"]}, "dd_off_map": {"a-pz": {"hexes": ["A4"]}}}
    units = [dd, _u("b-1", "L8", "4-4-7", "b")]
    kept = make_position("asl", units, "MPh", options=spec, counters=VCOUNTERS)
    kept.push_text("answer keep")
    assert dict(kept.state.game.control) == {}
    held = make_position("asl", units, "MPh", options=spec, counters=VCOUNTERS)
    held.push_text("answer hold")
    assert held.units["a-pz"].hex is None and dict(held.state.game.control) == {"G6": "b"}
