"""PG foxholes (16.2, a move action of 3.13) and wrecks (16.3), from the text: two full segments of
digging, DUG IN under the unit after the first and on top after the second; disruption or another action
between them starts it over; leaving the hex loses it; a leader counts as dug in with dug-in units;
cavalry and transports never dig (APCs may); no opportunity fire at digging (13.2). An AFV losing a step in
a bridge, road or town hex leaves a wreck; vehicles pay +1 MP into one wreck, +5 into two, none into three."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.common import lose_step
from hexmate.rules.games.pg import works

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "cav": {"type": "personnel", "df": 3, "df_range": 1, "ma": 5, "morale": 8, "steps": 2, "branch": "CAV"},
    "truck": {"type": "vehicle", "ma": 8, "transport": 1, "move_class": "motorized", "steps": 1},
    "apc": {"type": "vehicle", "ma": 8, "transport": 1, "armor": 1, "move_class": "mechanized", "steps": 1},
    "tank": {"type": "vehicle", "ma": 6, "at": 6, "at_range": 4, "armor": 4, "move_class": "mechanized",
             "steps": 2, "morale": 8},
}


def _next_turn(pos: Any) -> None:
    """Pass both sides out of turn 1's Action Phase and roll turn 2's initiative (a first again)."""
    turn = pos.turn
    while pos.turn == turn:
        if pos.decision is not None and pos.decision.kind == "roll":
            pos.push_text("answer dice 6" if pos.decision.side == "a" else "answer dice 1")
        elif pos.game.gstate(pos.state).active:
            pos.push_text("done")
        else:
            pos.push_text("pass")
    while pos.decision is not None and pos.decision.kind == "roll":
        pos.push_text("answer dice 6" if pos.decision.side == "a" else "answer dice 1")


def test_two_segments_put_dug_in_under_then_on_top(make_position: Any, pg: Any) -> None:
    """16.2: first segment -> DUG IN under (digging), MOVED/FIRED; second, a later turn -> on top."""
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "J8", "inf", "b")])
    pos.push_text("activate a1 for dig")
    a1 = pos.units["a1"]
    assert a1.has(works.DIGGING) and not a1.has(works.DUG_IN) and a1.has("moved_fired")
    assert pos.decision is None or pos.decision.kind != "react"  # 13.2: no opportunity fire at digging
    with pytest.raises(IllegalAction, match=r"3.13"):  # once a turn
        pos.push_text("activate a1 for dig")
    _next_turn(pos)
    assert pos.turn == 2 and pos.units["a1"].has(works.DIGGING)
    pos.push_text("activate a1 for dig")
    a1 = pos.units["a1"]
    assert a1.has(works.DUG_IN) and not a1.has(works.DIGGING)
    assert works.in_foxhole(pos, a1)


def test_a_leader_with_dug_in_units_counts_as_dug_in(make_position: Any, pg: Any) -> None:
    """16.2 note: a leader in a hex with friendly dug-in units is always in the foxhole."""
    pos = pg(make_position, [_u("a1", "C3", "inf", "a", "dug_in"), _u("l", "C3", "ldr"),
                             _u("l2", "D3", "ldr"), _u("b1", "J8", "inf", "b")])
    assert works.in_foxhole(pos, pos.units["l"]) and not works.in_foxhole(pos, pos.units["l2"])


@pytest.mark.parametrize("how", ["move", "fire", "disrupted"])
def test_interrupted_between_segments_starts_over(make_position: Any, pg: Any, how: str) -> None:
    """16.2: moving, firing or a disruption between the two segments removes the DUG IN marker."""
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "E3", "inf", "b")])
    pos.push_text("activate a1 for dig")
    _next_turn(pos)
    if how == "move":
        pos.push_text("move a1 C3-B3")
    elif how == "fire":
        pos.push_text("fire a1 at E3")
    else:
        pos = pos.at(pos.state.with_unit(pos.units["a1"].mark("disrupted")))
        pos = pos.at(pos.game.settle(pos))
    while pos.decision is not None and pos.decision.kind in ("react", "roll"):
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer dice 1,1")
    assert not pos.units["a1"].has(works.DIGGING) and not pos.units["a1"].has(works.DUG_IN)


def test_leaving_the_hex_loses_the_foxhole(make_position: Any, pg: Any) -> None:
    """16.2: the foxhole stays in the hex; a unit that leaves has none."""
    pos = pg(make_position, [_u("a1", "C3", "inf", "a"), _u("b1", "J8", "inf", "b")])
    pos.push_text("activate a1 for dig")
    _next_turn(pos)
    pos.push_text("activate a1 for dig")
    _next_turn(pos)
    assert pos.units["a1"].has(works.DUG_IN)
    pos.push_text("move a1 C3-B3")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert not pos.units["a1"].has(works.DUG_IN)


@pytest.mark.parametrize("counter,ok", [("cav", False), ("truck", False), ("tank", False), ("apc", True)])
def test_who_digs(make_position: Any, pg: Any, counter: str, ok: bool) -> None:
    """16.2: cavalry and transports cannot be dug in; APCs can (vehicle pits); other AFVs do not dig."""
    pos = pg(make_position, [_u("a1", "C3", counter), _u("b1", "J8", "inf", "b")], counters_extra=C)
    if ok:
        pos.push_text("activate a1 for dig")
        assert pos.units["a1"].has(works.DIGGING)
    else:
        with pytest.raises(IllegalAction, match=r"16.2"):
            pos.push_text("activate a1 for dig")


def test_demoralised_units_do_not_dig_disrupted_ones_do(make_position: Any, pg: Any) -> None:
    """16.2 (text): an activated non-demoralised unit digs; only becoming disrupted later interrupts."""
    pos = pg(make_position, [_u("a1", "C3", "inf", "a", "demoralized"),
                             _u("a2", "E3", "inf", "a", "disrupted"), _u("b1", "J8", "inf", "b")])
    with pytest.raises(IllegalAction, match=r"16.2"):
        pos.push_text("activate a1 for dig")
    pos.push_text("activate a2 for dig")
    assert pos.units["a2"].has(works.DIGGING)


def test_barred_terrain_from_the_scenario(make_position: Any, pg: Any) -> None:
    """16.2: not where the TEC (absent from the text: a scenario setting here) forbids foxholes."""
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "J8", "inf", "b")], options={"no_foxholes": ["clear"]})
    with pytest.raises(IllegalAction, match=r"16.2"):
        pos.push_text("activate a1 for dig")


def _wreck(pos: Any, uid: str) -> Any:
    pos = pos.at(lose_step(pos.state, pos.units[uid]))
    return pos.at(pos.game.settle(pos))


def test_an_afv_step_lost_in_a_town_leaves_a_wreck_not_in_the_open(make_position: Any, pg: Any) -> None:
    """16.3: bridge, road or town hex only."""
    pos = pg(make_position, [_u("t1", "C3", "tank"), _u("t2", "E3", "tank"), _u("b1", "J8", "inf", "b")],
             counters_extra=C, hexes={"C3": {"terrain": "town"}})
    pos = _wreck(_wreck(pos, "t1"), "t2")
    assert works.wrecks_at(pos.game, pos, pos.map.parse_label("C3")) == 1
    assert works.wrecks_at(pos.game, pos, pos.map.parse_label("E3")) == 0


def test_vehicles_pay_for_wrecks_foot_does_not(make_position: Any, pg: Any) -> None:
    """16.3 (digest T51): +1 MP into one wreck, +5 into two, no entry at three; foot units pay nothing."""
    pos = pg(make_position, [_u("t", "B3", "truck"), _u("i", "B4"), _u("b1", "J8", "inf", "b")],
             counters_extra=C)
    c3 = pos.map.parse_label("C3")
    base_t = pos.game.cost_fn(pos, [pos.units["t"]], approach=False)(pos.map, pos.units["t"].hex, c3)
    base_i = pos.game.cost_fn(pos, [pos.units["i"]], approach=False)(pos.map, pos.units["i"].hex, c3)
    assert base_t is not None and base_i is not None
    for n, extra in ((1, 1), (2, 5), (3, None)):
        gs = pos.game.gstate(pos.state)
        pos = pos.at(pos.state.replace(game=gs.replace(wrecks=(("C3", n),))))
        t = pos.game.cost_fn(pos, [pos.units["t"]], approach=False)(pos.map, pos.units["t"].hex, c3)
        i = pos.game.cost_fn(pos, [pos.units["i"]], approach=False)(pos.map, pos.units["i"].hex, c3)
        assert t == (None if extra is None else base_t + extra) and i == base_i


def test_a_road_hex_wreck_is_a_marker_to_place(make_position: Any, pg: Any) -> None:
    """16.3: a road hex (a road on one of its hexsides) takes a wreck; the table is told to place it."""
    pos = pg(make_position, [_u("t1", "C3", "tank"), _u("b1", "J8", "inf", "b")], counters_extra=C,
             hexsides=[{"hex": "C3", "side": "NE", "features": ["road"]}])
    before = pos.state
    after = _wreck(pos, "t1")
    assert works.wrecks_at(after.game, after, after.map.parse_label("C3")) == 1
    placed = [p for p in after.game.physical_changes(before, after.state) if p.to == "wreck"]
    assert [(after.label(p.hex), p.rule) for p in placed] == [("C3", "16.3")]


def test_set_up_dug_in_and_leaving_loses_it(make_position: Any, pg: Any) -> None:
    """16.2: a unit the scenario sets up dug in loses the foxhole when it leaves the hex."""
    pos = pg(make_position, [_u("a1", "C3", "inf", "a", "dug_in"), _u("b1", "J8", "inf", "b")])
    assert pos.units["a1"].has(works.DUG_IN)
    pos.push_text("move a1 C3-B3")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.label(pos.units["a1"].hex) == "B3" and not pos.units["a1"].has(works.DUG_IN)


def test_afvs_in_a_hex_of_three_wrecks_do_not_move(make_position: Any, pg: Any) -> None:
    """16.3: AFVs in a hex brought to three wrecks move no more of their own will (routing still may)."""
    pos = pg(make_position, [_u("t1", "C3", "tank"), _u("b1", "J8", "inf", "b")], counters_extra=C)
    gs = pos.game.gstate(pos.state)
    two = pos.at(pos.state.replace(game=gs.replace(wrecks=(("C3", 2),))))
    two.push_text("move t1 C3-D3")
    assert two.state.moving is not None or two.label(two.units["t1"].hex) == "D3"
    pos = pos.at(pos.state.replace(game=gs.replace(wrecks=(("C3", 3),))))
    with pytest.raises(IllegalAction, match=r"16.3"):
        pos.push_text("move t1 C3-D3")
