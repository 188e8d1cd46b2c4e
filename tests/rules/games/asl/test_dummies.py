"""ASL dummies (A12.1, A12.14, A12.15, A11.19, A26.15): a "?" with nothing under it moves like a unit, is
removed when it would lose its "?", stops no enemy, never fights in CC, and neither gains nor blocks
control."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import victory

from tests.rules.games.conftest import ASL_COUNTERS

COUNTERS = {**ASL_COUNTERS, "dummy": {"type": "dummy"}}


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _pos(make_position: Any, units: list[dict[str, Any]], phase: str, **kw: Any) -> Any:
    return make_position("asl", units, phase, counters=COUNTERS, **kw)


def test_an_enemy_entering_a_dummy_only_location_removes_it_and_goes_on(make_position: Any) -> None:
    units = [_u("a-1", "E2"), _u("b-d", "E3", "dummy", "b", concealed=True), _u("b-1", "K8", "4-4-7", "b")]
    pos = _pos(make_position, units, "MPh", hexes={"E3": "woods", "E2": "woods", "E4": "woods"})
    pos.push_text("move a-1 E2-E3-E4")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert "b-d" not in pos.units and pos.label(pos.units["a-1"].hex) == "E4"  # A12.15


def test_a_real_unit_stops_the_mover_and_a_dummy_stack_is_removed_by_it(make_position: Any) -> None:
    units = [
        _u("a-1", "E2"),
        _u("b-1", "E3", "4-4-7", "b", concealed=True),
        _u("b-d", "E3", "dummy", "b", concealed=True),
    ]
    pos = _pos(make_position, units, "MPh", hexes={"E3": "woods", "E2": "woods"})
    pos.push_text("move a-1 E2-E3-E4")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert pos.label(pos.units["a-1"].hex) == "E2"  # it goes back where it came from (A12.15)
    assert not pos.units["b-1"].concealed and pos.units["b-d"].concealed  # the real one shown, the dummy not
    units = [_u("a-d", "E2", "dummy", concealed=True), _u("b-1", "E3", "4-4-7", "b", concealed=True)]
    pos = _pos(make_position, units, "MPh", hexes={"E3": "woods", "E2": "woods"})
    pos.push_text("move a-d E2-E3")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert "a-d" not in pos.units and pos.units["b-1"].concealed  # no proof of a real unit: removed


def test_a_dummy_seen_moving_is_removed(make_position: Any) -> None:
    units = [_u("a-d", "E4", "dummy", concealed=True), _u("b-1", "K5", "4-4-7", "b")]
    pos = _pos(make_position, units, "MPh")
    pos.push_text("move a-d E4-E5")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert "a-d" not in pos.units  # in view of a Good Order enemy within 16 hexes (A12.14)


def test_dummies_do_not_fight_in_cc_nor_count_for_victory(make_position: Any) -> None:
    opts = {"victory": {"buildings": {"B": ["E5"]}, "control": {"b": ["B"]}}}
    units = [_u("a-1", "E4"), _u("b-d", "E5", "dummy", "b", concealed=True)]
    pos = _pos(make_position, units, "APh", hexes={"E5": "wooden-building"}, options=opts)
    pos.push_text("advance a-1 E4-E5")
    assert dict(pos.state.game.control) == {"B": "a"}  # a dummy does not block control (A26.15)
    pos.push_text("end")
    assert "b-d" not in pos.units and pos.phase.id != "CCPh"  # removed before any CC declaration (A11.19)
    assert victory.vp("dummy", {}) == 0 and victory.cvp(pos, "a") == 0


def test_a_dummy_fired_on_is_removed_instead_of_checking_morale(make_position: Any) -> None:
    # A12.14: a "?" stack hit by a morale check or worse in view loses its "?"; a dummy has nothing under it
    units = [_u("a-1", "E4"), _u("b-d", "E6", "dummy", "b", concealed=True)]
    pos = _pos(make_position, units, "PFPh")
    pos.push_text("fire a-1 at E6 dice 1,1")  # 2 FP area fire at range 2, Original DR 2: a morale result
    while pos.decision is not None and "b-d" in pos.units:
        top = pos.decision
        pos.push_text("answer units b-d" if top.kind == "units" else "answer dice 6,6")
    assert "b-d" not in pos.units


def test_bumping_into_several_concealed_units_shows_only_the_one_random_selection_picks(
    make_position: Any,
) -> None:
    # A12.15: the defender must show one non-dummy unit (Random Selection among them), not all of them
    units = [
        _u("a-1", "E2"),
        _u("b-1", "E3", "4-4-7", "b", concealed=True),
        _u("b-2", "E3", "4-4-7", "b", concealed=True),
    ]
    pos = _pos(make_position, units, "MPh", hexes={"E3": "woods", "E2": "woods"})
    pos.push_text("move a-1 E2-E3-E4")
    top = pos.decision
    assert top is not None and top.kind == "units" and top.side == "b" and top.rule == "A12.15"
    assert "b-1" not in top.prompt and "b-2" not in top.prompt  # the mover's page may read the prompt
    pos.push_text("answer units b-2")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert not pos.units["b-2"].concealed and pos.units["b-1"].concealed
    assert pos.label(pos.units["a-1"].hex) == "E2"


def test_a12_16_a_dummy_stack_is_not_good_order_and_costs_no_concealment(make_position: Any) -> None:
    """A12.16: a dummy stack is not in Good Order, so it is not the Good Order enemy ground unit whose LOS
    A12.14 asks for: the open E5, 3 hexes from b's dummy, is seen by no one; from b's squad there it is."""
    from hexmate.rules.games.asl import concealment

    for counter, seen in (("dummy", False), ("4-4-7", True)):
        pos = _pos(make_position, [_u("a-1", "E5", concealed=True), _u("b-x", "E2", counter, "b")], "MPh")
        assert concealment.seen_by_good_order(pos, "a", pos.map.parse_label("E5")) is seen
