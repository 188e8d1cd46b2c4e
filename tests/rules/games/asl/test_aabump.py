"""A12.15 with A12.4 and D9.31: the Armored Assault infantry entering a hex with a concealed enemy are bumped
back as infantry are (aa.bumped); the AFV goes on. Counters: test_armour's demo Panzer and squads."""

from __future__ import annotations

import dataclasses
from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import aa

from .test_aa import board, unit
from .test_armour import COUNTERS


def settle(pos: Position) -> None:
    """No Defensive First Fire; the AFV keeps its facing (D2.11); the "?" the Panzer meets in D5 are
    revealed (A12.41, vconceal's) and its Overrun of a unit shown there (D7.1) rolls 5,4: no effect."""
    while pos.decision is not None:
        top = pos.decision
        pos.push_text(_answer(top.kind, top.choices))


def _answer(kind: str, choices: tuple[str, ...]) -> str:
    if kind == "react" or "pass" in choices:  # no Defensive First Fire, no CC Reaction Fire (D7.21)
        return "answer pass"
    if kind == "roll":
        return "answer dice 5,4"
    return "answer reveal" if "reveal" in choices else "answer keep"


def _moved(make_position: Any, *hidden: dict[str, Any], path: str = "C5-D5-E5") -> Position:
    pos = board(make_position, *hidden)
    pos.push_text(f"move a-pz,a-sq {path} as armored-assault")
    settle(pos)
    return pos


def test_a12_15_a_concealed_squad_bars_the_infantry_not_the_afv(make_position: Any) -> None:
    """A Russian 4-6-7 under its "?" in D5: as the squad enters D5 with the Panzer, it must show itself
    (A12.15); the squad stays in C5, its MPh over (moved); the Panzer goes on to E5 (A12.4)."""
    pos = _moved(make_position, {**unit("b-2", "4-6-7", "b", "D5"), "concealed": True})
    assert not pos.units["b-2"].concealed
    assert pos.label(pos.units["a-sq"].hex) == "C5" and pos.label(pos.units["a-pz"].hex) == "E5"
    assert {"a-pz", "a-sq"} <= set(pos.state.moved)


def test_a12_15_the_bumped_squad_loses_its_own_question_mark(make_position: Any) -> None:
    """A12.15: the unit bumped back loses its "?" (the squad concealed beneath the Panzer in C5)."""
    pos = board(make_position, {**unit("b-2", "4-6-7", "b", "D5"), "concealed": True})
    squad = pos.units["a-sq"]
    pos = pos.at(pos.state.with_unit(dataclasses.replace(squad, concealed=True)))
    assert pos.units["a-sq"].concealed
    pos.push_text("move a-pz,a-sq C5-D5-E5 as armored-assault")
    settle(pos)
    assert not pos.units["a-sq"].concealed and pos.label(pos.units["a-sq"].hex) == "C5"


def test_a12_15_two_concealed_units_random_selection(make_position: Any) -> None:
    """Two real units under the "?": their owner names the one that shows itself (Random Selection). The
    Panzer's entry asks first for them all (A12.41): a PAATC, passed (DR 4), keeps both "?"; then b-3,
    named, shows itself to bar the squad, b-2 keeps its "?"."""
    pos = board(make_position, {**unit("b-2", "4-6-7", "b", "D5"), "concealed": True},
                {**unit("b-3", "4-6-7", "b", "D5"), "concealed": True})
    pos.push_text("move a-pz,a-sq C5-D5-E5 as armored-assault")
    top = pos.decision
    while top is not None and top.then != "bump_reveal":
        pos.push_text("answer paatc" if top.then == "vconceal" else "answer dice 2,2" if top.kind == "roll"
                      else _answer(top.kind, top.choices))
        top = pos.decision
    assert top is not None and (top.rule, top.side, top.units) == ("A12.15", "b", ("b-2", "b-3"))
    pos.push_text("answer units b-3")
    assert not pos.units["b-3"].concealed and pos.units["b-2"].concealed
    settle(pos)
    assert pos.label(pos.units["a-sq"].hex) == "C5" and pos.label(pos.units["a-pz"].hex) == "E5"


def test_a12_15_dummies_do_not_bar_them(make_position: Any) -> None:
    """Only a dummy under the "?": it proves nothing, and the squad goes on with the Panzer to E5."""
    units = [unit("a-pz", "pz", "a", "C5", "vca0"), unit("a-sq", "4-6-7", "a", "C5"),
             {**unit("b-d", "dummy", "b", "D5"), "concealed": True}]
    pos: Position = make_position("asl", units, "MPh", counters={**COUNTERS, "dummy": {"type": "dummy"}})
    pos.push_text("move a-pz,a-sq C5-D5-E5 as armored-assault")
    settle(pos)
    assert pos.label(pos.units["a-sq"].hex) == "E5" and pos.label(pos.units["a-pz"].hex) == "E5"


def _to_window(pos: Position, at: str) -> None:
    """Answer everything (vconceal's "?" revealed, no Overrun effect) up to the reaction window at ``at``."""
    while pos.decision is not None:
        top = pos.decision
        if top.kind == "react" and top.target is not None and pos.label(top.target) == at:
            return
        pos.push_text(_answer(top.kind, top.choices))
    raise AssertionError(f"no reaction window at {at}")


def test_a12_15_the_bumped_squad_draws_first_fire_where_it_stays(make_position: Any) -> None:
    """A12.15, A8.1: the MF the squad spent trying to enter D5 count as spent in C5, where it stays, so the
    Russian 4-6-7 in H3 (range 5, 4 FP) may First Fire at it there in the window of the Panzer's entry into
    D5: FFNAM -1 and, C5 being Open Ground, FFMO -1 (A4.6), and no Armored Assault +1, the Panzer having
    gone on (D9.31). Original DR 4,3 = 7, Final DR 7 - 2 = 5 on the 4 FP column, at the squad alone."""
    pos = board(make_position, {**unit("b-2", "4-6-7", "b", "D5"), "concealed": True})
    pos.push_text("move a-pz,a-sq C5-D5-E5 as armored-assault")
    _to_window(pos, "D5")
    top = pos.decision
    assert top is not None and "a-sq" not in top.prompt  # the squad stayed in C5: only the Panzer entered
    fire = pos.parse_action("fire b-sq at C5")
    assert fire in pos.legal_actions
    pos.push_text("fire b-sq at C5 dice 4,3")
    res = pos.last_resolution
    assert res is not None
    assert [(line.label, line.value) for line in res.lines if line.value in ("-1", "+1")] == [
        ("First Fire at a moving unit (FFNAM)", "-1"), ("moving in Open Ground (FFMO)", "-1")]
    assert "= 5" in next(line.value for line in res.lines if line.label == "Final DR")
    assert set(res.results) == {"a-sq"}


def test_a12_15_no_first_fire_at_them_once_the_next_move_begins(make_position: Any) -> None:
    """A8.1: their MF were spent at the bump; once another unit's move begins, C5 is no moving target."""
    pos = board(make_position, {**unit("b-2", "4-6-7", "b", "D5"), "concealed": True},
                unit("a-sq2", "4-6-7", "a", "A1"))
    pos.push_text("move a-pz,a-sq C5-D5-E5 as armored-assault")
    settle(pos)
    assert pos.units["a-sq"].has(aa.BUMPED)
    pos.push_text("move a-sq2 A1-A2")
    assert not pos.units["a-sq"].has(aa.BUMPED)
    _to_window(pos, "A2")
    assert pos.parse_action("fire b-sq at C5") not in pos.legal_actions


def test_a12_15_the_residual_where_they_stay_attacks_the_bumped_squad_again(make_position: Any) -> None:
    """A12.15 with A8.22: a-sq2's entry into C6 drew the 4-6-7 in H3's First Fire (4 FP, DR 6,5: no effect),
    leaving Residual 2 FP there (A8.2: half the 4 column). The squad entering C6 with the Panzer is attacked
    by it once (A8.22; the Panzer's +1 takes FFMO away: 12 + 0 = 12, no effect). Going on into D6 it is bumped
    back into C6 by the "?" there, and C6's Residual attacks it again all the same, first (A8.22), now
    without the Panzer's +1 (it went on): Original DR 2,1 = 3, FFNAM -1, FFMO -1, Final DR 1 on the 2 column:
    1KIA, the squad alone: eliminated (A.9)."""
    pos = board(make_position, {**unit("b-2", "4-6-7", "b", "D6"), "concealed": True},
                unit("a-sq2", "4-6-7", "a", "B6"))
    pos.push_text("move a-sq2 B6-C6")
    pos.push_text("fire b-sq at C6 dice 6,5")
    pos.push_text("answer pass")
    pos.push_text("move a-pz,a-sq C5-C6-D6 as armored-assault")
    top = pos.decision
    assert top is not None and top.then == "residual" and top.subject == ("a-sq",)
    pos.push_text("answer dice 6,6")
    res = pos.last_resolution
    assert res is not None
    assert next(line.value for line in res.lines if line.label == "Final DR") == "12 +0 = 12"
    pos.push_text("answer pass")  # no First Fire at C6: on into D6, where b-2 shows itself
    assert not pos.units["b-2"].concealed and pos.label(pos.units["a-sq"].hex) == "C6"
    top = pos.decision
    assert top is not None and top.then == "residual" and top.subject == ("a-sq",)
    assert pos.label(top.target) == "C6" and top.arg("fp") == "2"
    pos.push_text("answer dice 2,1")
    res = pos.last_resolution
    assert res is not None and "2 FP -> 2 column, final DR 1 -> 1KIA" in res.text()
    assert [(str(line.label), line.value) for line in res.lines if line.value in ("-1", "+1")] == [
        ("First Fire at a moving unit (FFNAM)", "-1"), ("moving in Open Ground (FFMO)", "-1")]
    assert "a-sq" not in pos.units and pos.label(pos.units["a-pz"].hex) == "D6"


def test_a12_15_the_bumped_squad_gone_berserk_charges_on(make_position: Any) -> None:
    """A12.15 with A15.431: the squad's MPh ends in C5 unless it goes berserk first. The 4-6-7 in H3 First
    Fires at it there in the window of the Panzer's entry into D5 (DR 3,3: 1MC); the MC's Original 2 opens
    Heat of Battle (A15.1), 5,5: berserk (A15.2). It charges on once the Panzer's move is over, with 8 MF less
    the 1 it spent trying to enter D5 (A12.15: spent in C5): 7."""
    pos = board(make_position, {**unit("b-2", "4-6-7", "b", "D5"), "concealed": True})
    pos.push_text("move a-pz,a-sq C5-D5-E5 as armored-assault")
    _to_window(pos, "D5")
    pos.push_text("fire b-sq at C5 dice 3,3")
    res = pos.last_resolution
    assert res is not None and "1MC" in res.summary
    while pos.decision is not None and pos.decision.then in ("mc", "hob"):
        pos.push_text("answer dice 5,5" if pos.decision.then == "hob" else "answer dice 1,1")
    assert pos.units["a-sq"].has("berserk") and pos.units["a-sq"].has("chargego14")
    settle(pos)
    sq = pos.units["a-sq"]
    assert pos.label(sq.hex) == "C5" and pos.game.group_budget([sq], state=pos.state) == 7
    assert pos.legal_actions.moves_for(frozenset({"a-sq"}))
