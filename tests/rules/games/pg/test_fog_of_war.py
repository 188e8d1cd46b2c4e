"""The optional fog of war (3.0 B and the optional rules): once both sides have completed three activations,
each later activation ends with a 3d6 roll by its side; 16 or more (+1 at night, the digest's T58) ends the
turn at once."""

from __future__ import annotations

from typing import Any

from .conftest import unit as _u


def _pos(make_position: Any, pg: Any, **options: Any) -> Any:
    units = [_u("a1", "C1"), _u("b1", "J1", "inf", "b")]
    # a: 6 + 3 against b: 4 + 2: a wins by 3 and takes 2 segments first (3.0 A)
    return pg(make_position, units, a=6, b=4, options={"fog_of_war": True, **options})


def _activate(pos: Any, uid: str) -> None:
    pos.push_text(f"activate {uid}")
    pos.push_text("pass")  # done: the activation ends without the unit acting


def test_no_roll_until_both_sides_have_three_activations_then_one_after_each(make_position: Any,
                                                                              pg: Any) -> None:
    pos = _pos(make_position, pg)
    done = {"a": 0, "b": 0}
    while pos.decision is None:
        before = dict(done)
        side = pos.to_act
        _activate(pos, f"{side}1")
        done[side] += 1
    # the first roll ends the first activation begun once both had three: a, a, b, a, b, a, b (b's third),
    # then a's fifth
    assert before == {"a": 4, "b": 3} and done == {"a": 5, "b": 3}
    d = pos.decision
    assert d.kind == "roll" and d.then == "fog" and d.dice == "3d6" and d.side == side
    pos.push_text("answer dice 5,5,5")  # 15: play goes on
    assert pos.phase.id == "action" and pos.turn == 1
    _activate(pos, f"{pos.to_act}1")
    assert pos.decision.then == "fog"  # after every later activation
    pos.push_text("answer dice 6,5,5")  # 16: the turn ends at once
    assert pos.turn == 2 and pos.phase.id == "initiative"


def test_t58_fifteen_at_night_ends_the_turn(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, light="night", night_spotting=1)
    for _ in range(8):
        _activate(pos, f"{pos.to_act}1")
    assert pos.decision.then == "fog"
    pos.push_text("answer dice 5,5,5")  # 15 + 1 at night = 16
    assert pos.turn == 2


def _to_fog(pos: Any) -> None:
    while pos.decision is None:
        _activate(pos, f"{pos.to_act}1")
    assert pos.decision.then == "fog"


def test_a_fog_roll_of_3_or_4_is_a_supply_shortage_then_serious_on_a_later_turn(make_position: Any,
                                                                                 pg: Any) -> None:
    pos = _pos(make_position, pg, initiative={"a": 3, "b": 2})
    _to_fog(pos)
    side = pos.decision.side
    pos.push_text("answer dice 1,1,2")  # 4: short of supply for the rest of the game
    assert pos.game.supply_level(pos, side) == 1
    assert "short of supply" in pos.last_resolution.text()
    _activate(pos, f"{pos.to_act}1")
    roller = pos.decision.side
    pos.push_text("answer dice 1,1,1")  # 3 again on the same turn: no worse
    assert pos.game.supply_level(pos, side) == 1 and pos.game.supply_level(pos, roller) == 1
    while pos.turn == 1:
        _activate(pos, f"{pos.to_act}1") if pos.decision is None else pos.push_text("answer dice 6,6,6")
    assert pos.game.supply_level(pos, side) == 1  # for the rest of the game, not the turn
    while pos.phase.id != "action":
        pos.push_text("answer dice 6" if pos.decision.side == "a" else "answer dice 1")
    while pos.game.supply_level(pos, side) == 1 and pos.turn == 2:
        if pos.decision is None:
            _activate(pos, f"{pos.to_act}1")
        else:
            pos.push_text("answer dice 2,1,1" if pos.decision.side == side else "answer dice 6,5,1")
    assert pos.game.supply_level(pos, side) == 2  # a later turn's 3 or 4: serious


def test_short_of_supply_vehicles_lose_2_ma_and_fire_is_one_column_down(make_position: Any, pg: Any) -> None:
    counters = {"truck": {"type": "vehicle", "ma": 8, "morale": 6, "transport": 1, "steps": 1}}
    units = [_u("a1", "C1"), _u("t", "C2", "truck"), _u("b1", "E1", "inf", "b")]
    pos = pg(make_position, units, counters_extra=counters, options={"fog_of_war": True})
    assert pos.game.budget([pos.units["t"]], pos) == 8
    gs = pos.game.gstate(pos.state)
    pos = pos.at(pos.state.replace(game=gs.replace(supply=(("a", 1, 1),))))  # as the fog roll records it
    assert pos.game.budget([pos.units["t"]], pos) == 6 and pos.game.budget([pos.units["a1"]], pos) == 3
    pos.push_text("fire a1 at E1")
    pos.push_text("answer dice 3,3")
    assert "supply shortage" in pos.last_resolution.text()
