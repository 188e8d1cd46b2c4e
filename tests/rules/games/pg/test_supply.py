"""The serious supply shortage's own rolls (optional "Logistics and supply" rule with the fog of war,
``rules/games/pg/supply.py``): a mechanized or motorized unit that moves or fires, or a weapon unit that
fires, rolls one die afterwards and leaves play on 1 or 2 (not counted for victory); every other unit fights
at half strength. The numbers are the text's (1-2 of 1d6, half)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.pg import victory

from .conftest import unit as _u

TRUCK = {"truck": {"type": "vehicle", "ma": 8, "morale": 6, "transport": 1, "steps": 1}}


def _short(pos: Any, level: int) -> Any:
    gs = pos.game.gstate(pos.state)
    return pos.at(pos.state.replace(game=gs.replace(supply=(("a", level, 1),))))  # as the fog roll records it


def _pos(make_position: Any, pg: Any, level: int) -> Any:
    units = [_u("a1", "C1"), _u("h", "C3", "hmg7"), _u("t", "C2", "truck"), _u("b1", "E1", "inf", "b"),
             _u("b2", "E3", "inf", "b")]
    return _short(pg(make_position, units, counters_extra=TRUCK, options={"fog_of_war": True}), level)


def _move_truck(pos: Any) -> None:
    pos.push_text("activate t")
    pos.push_text("move t C2-B2")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")  # b holds its opportunity fire (13.0)


def test_a_truck_that_moves_rolls_after_its_move_and_leaves_play_on_a_2(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, 2)
    _move_truck(pos)
    d = pos.decision
    assert d is not None and d.then == "supply_out" and d.dice == "1d6" and d.subject == ("t",)
    assert pos.label(pos.units["t"].hex) == "B2"  # it moved first: removed after acting
    pos.push_text("answer dice 2")
    assert "t" not in pos.units and "out of fuel or ammunition" in pos.last_resolution.text()
    assert victory.steps_lost(pos, "a") == 0  # not counted for victory conditions


def test_a_3_and_the_truck_carries_on(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, 2)
    _move_truck(pos)
    pos.push_text("answer dice 3")
    assert "t" in pos.units and pos.decision is None


def test_a_weapon_unit_rolls_once_its_fire_is_resolved_infantry_fights_at_half(make_position: Any,
                                                                               pg: Any) -> None:
    pos = _pos(make_position, pg, 2)
    pos.push_text("fire h at E3")
    pos.push_text("answer all")  # no split (7.23)
    assert pos.decision.then == "dft"  # the fire first
    pos.push_text("answer dice 3,3")
    assert "DF" in pos.last_resolution.text() and "h 7" in pos.last_resolution.text()  # an HMG is not halved
    while pos.decision is not None and pos.decision.then != "supply_out":
        pos.push_text("answer dice 6,6" if pos.decision.dice == "2d6" else "answer dice 6")
    assert pos.decision is not None and pos.decision.subject == ("h",)
    pos.push_text("answer dice 1")
    assert "h" not in pos.units


def test_infantry_fires_at_half_and_never_rolls(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, 2)
    pos.push_text("fire a1 at E1")
    pos.push_text("answer dice 3,3")
    text = pos.last_resolution.text()
    assert "a1 5 halved (serious supply shortage, rounded up) = 3" in text
    while pos.decision is not None:
        assert pos.decision.then != "supply_out"
        pos.push_text("answer dice 6,6" if pos.decision.dice == "2d6" else "answer dice 6")


def test_a_plain_shortage_has_no_rolls_and_no_halving(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, 1)
    pos.push_text("fire a1 at E1")
    pos.push_text("answer dice 3,3")
    assert "a1 5" in pos.last_resolution.text() and "serious" not in pos.last_resolution.text()
    while pos.decision is not None:
        assert pos.decision.then != "supply_out"
        pos.push_text("answer dice 6,6" if pos.decision.dice == "2d6" else "answer dice 6")
    assert pos.to_act == "a"
    _move_truck(pos)
    assert pos.decision is None and "t" in pos.units


def test_under_puts_the_rolls_beneath_what_the_action_opened() -> None:
    from hexmate.rules.decisions import Decision
    from hexmate.rules.games.base import State
    from hexmate.rules.games.pg import supply

    d = [Decision("roll", "a", f"d{i}", "", f"t{i}", dice="1d6") for i in range(5)]
    before = State(1, 0, {}).push(d[1], d[0])  # d0 at the bottom, d1 on top (the react being answered)
    after = State(1, 0, {}).push(d[3], d[2], d[0])  # d1 answered; the action opened d2 and d3
    got = supply.under(before, after, [d[4]])
    assert [x.prompt for x in reversed(got.decisions)] == ["d3", "d2", "d4", "d0"]
