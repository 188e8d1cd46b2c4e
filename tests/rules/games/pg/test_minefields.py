"""PG minefields (16.6) set off by a unit moving in, hex by hex: the owner rolls a die per attack point (the
digest's T49 and T50 numbers), a 6 is a step, demoralized and stopped, a 5 demoralized and stopped, 3-4
stopped, 1-2 nothing; an engineer takes a die off, engineers alone two."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "inf6": {"type": "personnel", "df": 5, "df_range": 3, "ma": 6, "morale": 8, "steps": 2},
    "eng": {"type": "personnel", "df": 4, "df_range": 1, "ma": 3, "morale": 8, "steps": 2, "branch": "ENG"},
}
MINES = {"minefields": {"C5": {"side": "b", "points": 2}}}


def _move(make_position: Any, pg: Any, units: list[dict[str, Any]], path: str) -> Any:
    pos = pg(make_position, [*units, _u("b1", "L8", "inf", "b")], counters_extra=C, options=MINES)
    pos.push_text(f"move {path}")
    return pos


def test_entering_a_two_point_minefield_rolls_two_dice_for_its_owner(make_position: Any, pg: Any) -> None:
    pos = _move(make_position, pg, [_u("i", "C3", "inf6")], "i C3-C4-C5-C6")
    d = pos.decision
    assert d.kind == "roll" and d.side == "b" and d.then == "mine" and d.rule == "16.6"
    assert pos.label(d.target) == "C5" and "die 1 of 2" in d.prompt


@pytest.mark.parametrize("dice,gone,reduced,demoralized,stops", [
    ((6, 6), True, False, False, True),     # T49: two 6s eliminate a full two-step unit
    ((5, 5), False, True, True, True),      # T49: a pair of 5s is a step (demoralized twice, 14.12)
    ((3, 1), False, False, False, True),    # T49: a 3 stops it
    ((2, 1), False, False, False, False),   # 1-2: nothing; it goes on to C6
])
def test_t49_the_dice_against_full_infantry(make_position: Any, pg: Any, dice: tuple[int, int], gone: bool,
                                            reduced: bool, demoralized: bool, stops: bool) -> None:
    pos = _move(make_position, pg, [_u("i", "C3", "inf6")], "i C3-C4-C5-C6")
    for die in dice:
        pos.push_text(f"answer dice {die}")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    if gone:
        assert "i" not in pos.units
        return
    i = pos.units["i"]
    assert i.has("reduced") is reduced and i.has("demoralized") is demoralized
    assert pos.label(i.hex) == ("C5" if stops else "C6")
    if stops:
        assert pos.last_resolution.chart == "minefield" and "(16.6)" in pos.last_resolution.text()


def test_t50_an_engineer_takes_a_die_off_and_alone_ignores_a_two_point_field(
        make_position: Any, pg: Any) -> None:
    # an engineer already in the hex: 2 - 1 = 1 die for the INF entering
    pos = _move(make_position, pg, [_u("i", "C3", "inf6"), _u("e", "C5", "eng")], "i C3-C4-C5")
    assert pos.decision.then == "mine" and "die 1 of 1" in pos.decision.prompt
    # the engineer entering alone: 2 - 2 = 0 dice, the minefield is ignored
    pos = _move(make_position, pg, [_u("e", "C3", "eng")], "e C3-C4-C5")
    assert pos.decision is None or pos.decision.then != "mine"
    assert pos.label(pos.units["e"].hex) == "C5"


def test_the_owners_own_units_are_not_attacked(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("i", "L8", "inf6"), _u("b1", "C3", "inf6", "b")], counters_extra=C,
             options=MINES, a=1, b=6)
    assert pos.to_act == "b"
    pos.push_text("move b1 C3-C4-C5-C6")
    assert pos.decision is None or pos.decision.then != "mine"


def test_a_friendly_minefield_costs_one_more_mp_to_enter(make_position: Any, pg: Any) -> None:
    """16.6: units are not attacked by their own side's minefield but pay +1 MP to enter its hex: an MA-3
    infantry unit of b's reaches C6 over clear hexes C4, C5 (1 + 1 + 1) without the minefield, not with it
    (1 + 2 + 1 = 4)."""
    units = [_u("i", "L8", "inf6"), _u("b1", "C3", "inf", "b")]
    free = pg(make_position, units, counters_extra=C, a=1, b=6)
    free.push_text("move b1 C3-C4-C5-C6")
    assert free.label(free.units["b1"].hex) == "C6"
    mined = pg(make_position, units, counters_extra=C, options=MINES, a=1, b=6)
    with pytest.raises(IllegalAction):
        mined.push_text("move b1 C3-C4-C5-C6")
    mined.push_text("move b1 C3-C4-C5")
    assert mined.label(mined.units["b1"].hex) == "C5"


def test_a_decoy_found_out_comes_off_the_board(make_position: Any, pg: Any) -> None:
    """16.6: a DECOY marker is removed once it is found out: infantry entering it roll no die, go on, and
    the table is told to take the marker off; a second unit entering later finds nothing there."""
    pos = pg(make_position, [_u("i", "C3", "inf6"), _u("j", "C2", "inf6"), _u("b1", "L8", "inf", "b")],
             counters_extra=C, options={"minefields": {"C5": {"side": "b", "points": 0}}})
    before = pos.state
    pos.push_text("move i C3-C4-C5-C6")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.label(pos.units["i"].hex) == "C6"
    taken = [p for p in pos.game.physical_changes(before, pos.state) if p.to == "minefield"]
    assert [(p.what, p.rule) for p in taken] == [("take", "16.6")] and "DECOY" in str(taken[0].text)
    assert "C5" in pos.game.gstate(pos.state).mines_gone


def test_a_rout_into_the_sides_own_minefield_is_attacked(make_position: Any, pg: Any) -> None:
    """16.6: units of either side forced to rout into a minefield hex suffer it as usual: b's demoralized
    unit routing from C4 into b's own 2-point minefield in C5 rolls two dice; moving in good order it would
    roll none."""
    from hexmate.rules.decisions import Moving

    pos = pg(make_position, [_u("i", "L8", "inf6"), _u("b1", "C4", "inf6", "b", "demoralized")],
             counters_extra=C, options=MINES)
    c4, c5 = pos.map.parse_label("C4"), pos.map.parse_label("C5")
    routing = pos.at(pos.state.replace(moving=Moving(("b1",), (c4, c5), 0, at=1)))
    rolls = routing.game.minefield_rolls(routing)
    assert [(d.side, d.then, d.arg("n")) for d in rolls] == [("b", "mine", "2"), ("b", "mine", "2")]
    calm = pos.at(pos.state.with_unit(pos.units["b1"].mark(remove=("demoralized",))))
    calm = calm.at(calm.state.replace(moving=Moving(("b1",), (c4, c5), 0, at=1)))
    assert calm.game.minefield_rolls(calm) == []


def test_a_leader_is_set_upon_only_if_the_owner_chooses(make_position: Any, pg: Any) -> None:
    """16.6: against leaders and unarmed transports the owner chooses; set upon, a leader dies on a 5 or 6
    (dice 5, 1 of the 2-point field); spared, he goes on, the marker unrevealed."""
    pos = pg(make_position, [_u("l", "C3", "ldr"), _u("b1", "L8", "inf", "b")], counters_extra=C,
             options=MINES)
    pos.push_text("move l C3-C4-C5-C6")
    d = pos.decision
    assert (d.kind, d.side, d.then, d.rule, tuple(d.choices)) == ("confirm", "b", "mine_soft", "16.6",
                                                                  ("attack", "spare"))
    assert "points" not in d.prompt and "2" not in d.prompt  # nothing of the face-down value
    pos.push_text("answer attack")
    assert pos.decision.then == "mine" and "die 1 of 2" in pos.decision.prompt
    pos.push_text("answer dice 5")
    pos.push_text("answer dice 1")
    assert "l" not in pos.units
    spared = pg(make_position, [_u("l", "C3", "ldr"), _u("b1", "L8", "inf", "b")], counters_extra=C,
                options=MINES)
    spared.push_text("move l C3-C4-C5-C6")
    spared.push_text("answer spare")
    while spared.decision is not None and spared.decision.kind == "react":
        spared.push_text("answer pass")
    assert spared.label(spared.units["l"].hex) == "C6"


def test_with_infantry_the_leader_is_still_the_owner_s_choice(make_position: Any, pg: Any) -> None:
    """16.6: infantry and a leader entering together: the infantry's two dice, and the owner asked about
    the leader."""
    pos = pg(make_position, [_u("i", "C3", "inf6"), _u("l", "C3", "ldr"), _u("b1", "L8", "inf", "b")],
             counters_extra=C, options=MINES)
    pos.push_text("activate l")
    pos.push_text("move i,l C3-C4-C5")
    asked = [d for d in pos.state.decisions]
    assert sorted((d.then, d.subject) for d in asked if d.then in ("mine", "mine_soft")) == [
        ("mine", ("i",)), ("mine", ("i",)), ("mine_soft", ("l",))]
