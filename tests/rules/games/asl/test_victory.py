"""ASL victory (A26): building control gained even in the middle of a move and blocked by an armed enemy,
CVP by the A26.211 values, the Now panel's lines, the end of the scenario, and bad victory data."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import victory

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


def test_an_armed_enemy_blocks_control_and_a_broken_one_does_not(make_position: Any) -> None:
    units = [_u("a-1", "E4"), _u("a-2", "G4"), _u("b-1", "E5", "4-4-7", "b")]
    pos = make_position("asl", units, "APh", options=VICTORY)
    pos.push_text("advance a-1 E4-E5")
    assert dict(pos.state.game.control) == {"B": "b"}  # an armed Good Order enemy is there
    units = [_u("a-1", "E4"), _u("b-1", "E5", "4-4-7", "b", markers=["broken"])]
    pos = make_position("asl", units, "APh", options=VICTORY)
    pos.push_text("advance a-1 E4-E5")
    assert dict(pos.state.game.control) == {"B": "a"}


def test_cvp_values(make_position: Any) -> None:
    # A26.211: squad 2, HS 1, leader 1 + the size of a negative modifier (9-2: 3, 9-1: 2, 8-0: 1)
    assert victory.vp("squad", {}) == 2 and victory.vp("crew", {}) == 2 and victory.vp("hs", {}) == 1
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
    later = pos.at(state)
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
    with pytest.raises(IllegalAction, match=r"not an exit hex"):
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
