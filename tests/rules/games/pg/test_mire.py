"""The optional mire (17.0, ``options.mire``): a vehicle entering a designated hex rolls one die and bogs on
1-3 (wheeled) or 1-2 (tracked, naval), +1 to the roll for an amphibian in rice paddy, salt marsh, swamp or
water; a bogged unit stops, cannot move, has armour -1, is assaulted at +1, cannot hook or unhook a gun,
and carries three moved/fired markers: one comes off each Marker Removal Phase, and at the third it rolls
again. The numbers are the text's."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import assault_shifts, mire

from .conftest import unit as _u

VEH = {"truck": {"type": "vehicle", "ma": 8, "morale": 6, "transport": 1, "steps": 1},
       "tank": {"type": "vehicle", "ma": 6, "morale": 7, "armor": 3, "at": 6, "at_range": 6, "steps": 2},
       "pak": {"type": "gun", "ma": 0, "morale": 7, "at": 5, "at_range": 6, "calibre": 75, "steps": 1}}


def _pos(make_position: Any, pg: Any, mover: str, extra: list[dict[str, Any]] | None = None) -> Any:
    units = [_u("m", "D2", mover), _u("b1", "K8", "inf", "b"), *(extra or [])]
    hexes = {f"F{r}": {"terrain": "woods"} for r in range(1, 9)}  # out of the enemy's sight: no reactions
    return pg(make_position, units, counters_extra=VEH, hexes=hexes, options={"mire": {"hexes": ["D3"]}})


def _move(pos: Any, path: str) -> None:
    pos.push_text("activate m")
    pos.push_text(f"move m {path}")


def test_a_wheeled_unit_bogs_on_a_3_and_stops(make_position: Any, pg: Any) -> None:
    """17.0 mire: wheeled 1-3; the truck meant to go on to D4 stays in D3."""
    pos = _pos(make_position, pg, "truck")
    _move(pos, "D2-D3-D4")
    d = pos.decision
    assert d is not None and d.then == "bog" and d.dice == "1d6" and d.side == "a"
    pos.push_text("answer dice 3")
    assert pos.label(pos.units["m"].hex) == "D3" and pos.units["m"].has(mire.BOGGED)
    assert mire.count(pos.game, pos, "m") == 3


def test_a_tracked_unit_gets_through_on_a_3_and_bogs_on_a_2(make_position: Any, pg: Any) -> None:
    """17.0 mire: tracked 1-2."""
    pos = _pos(make_position, pg, "tank")
    _move(pos, "D2-D3-D4")
    pos.push_text("answer dice 3")
    assert pos.label(pos.units["m"].hex) == "D4" and not pos.units["m"].has(mire.BOGGED)
    pos = _pos(make_position, pg, "tank")
    _move(pos, "D2-D3-D4")
    pos.push_text("answer dice 2")
    assert pos.label(pos.units["m"].hex) == "D3" and pos.units["m"].has(mire.BOGGED)


def test_foot_units_never_roll(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, "inf")
    _move(pos, "D2-D3-D4")
    assert pos.decision is None and pos.label(pos.units["m"].hex) == "D4"


def test_an_amphibian_in_water_adds_one() -> None:
    """17.0: +1 to the roll for an amphibian in rice paddy, salt marsh, swamp or water: a wheeled
    amphibian's 3 becomes 4 and gets through."""
    assert mire.bogs("motorized", 3, 0) and not mire.bogs("motorized", 3, 1)
    assert mire.bogs("naval", 2, 0) and not mire.bogs("naval", 3, 0)


def _bogged(make_position: Any, pg: Any, mover: str, extra: list[dict[str, Any]] | None = None) -> Any:
    pos = _pos(make_position, pg, mover, extra)
    gs = pos.game.gstate(pos.state)
    state = pos.state.with_unit(pos.units["m"].mark(mire.BOGGED)).replace(game=gs.replace(bogs=(("m", 3),)))
    return pos.at(state)


def test_a_bogged_unit_may_not_move_has_armour_minus_1_and_is_assaulted_at_plus_1(make_position: Any,
                                                                                 pg: Any) -> None:
    pos = _bogged(make_position, pg, "tank")
    pos.push_text("activate m")
    with pytest.raises(IllegalAction, match="bogged"):
        pos.push_text("move m D2-D1")
    assert assault_shifts.target_shift(pos.units["m"])[0] == 1
    assert mire.armour(pos.units["m"]) == 1


def test_a_bogged_truck_neither_hooks_nor_unhooks_a_gun_but_unloads_troops(make_position: Any,
                                                                          pg: Any) -> None:
    pos = _bogged(make_position, pg, "truck", [_u("g", "D2", "pak")])
    with pytest.raises(IllegalAction, match="hook up or unhook"):
        pos.push_text("load g into m")
    state = pos.state.with_unit(dataclasses.replace(pos.units["g"], carrier="m"))
    towed = pos.at(state)
    with pytest.raises(IllegalAction, match="hook up or unhook"):
        towed.push_text("unload m")


def test_markers_come_off_one_a_turn_and_the_third_phase_rolls(make_position: Any, pg: Any) -> None:
    """17.0: 3 -> 2 -> 1, then a die at the third Marker Removal Phase: 3 keeps a truck stuck (three markers
    again), 4 frees it."""
    pos = _bogged(make_position, pg, "truck")
    state = mire.marker_removal(pos.game, pos)
    assert mire.count(pos.game, pos.at(state), "m") == 2 and not state.decisions
    state = mire.marker_removal(pos.game, pos.at(state))
    assert mire.count(pos.game, pos.at(state), "m") == 1 and not state.decisions
    state = mire.marker_removal(pos.game, pos.at(state))
    d = state.decisions[-1] if state.decisions else None
    assert d is not None and d.then == "bog_out"
    view = pos.at(state.pop())
    from hexmate.rules import actions as act

    stuck = mire.resume_out(pos.game, view, d, act.Answer(dice=(3,)))
    assert mire.count(pos.game, pos.at(stuck), "m") == 3 and stuck.units["m"].has(mire.BOGGED)
    free = mire.resume_out(pos.game, view, d, act.Answer(dice=(4,)))
    assert mire.count(pos.game, pos.at(free), "m") == 0 and not free.units["m"].has(mire.BOGGED)
