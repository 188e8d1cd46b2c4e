"""ASL A12.15: infantry bumped back by a concealed enemy draw First Fire where they stay (bump.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import bump
from hexmate.rules.games.asl import residual as rfp

from tests.rules.games.conftest import ASL_COUNTERS

from .test_berserk import play_out


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _board(make_position: Any, *extra: dict[str, Any], c1: str = "open") -> Position:
    """A German squad in C1 beside a concealed Russian squad in C2; a known Russian 4-4-7 in G1 watches C1."""
    units = [_u("a-1", "C1"), _u("b-1", "C2", "4-4-7", "b", concealed=True), _u("b-2", "G1", "4-4-7", "b"),
             *extra]
    return make_position("asl", units, "MPh", hexes={"C1": c1}) if c1 != "open" else \
        make_position("asl", units, "MPh")


def _drms(pos: Position) -> list[tuple[str, str]]:
    res = pos.last_resolution
    assert res is not None
    return [(str(line.label), line.value) for line in res.lines if line.value in ("-1", "+1", "+0")]


def _final(pos: Position) -> str:
    res = pos.last_resolution
    assert res is not None
    return next(str(line.value) for line in res.lines if line.label == "Final DR")


def test_a12_15_the_bumped_squad_is_fired_on_where_it_stays_with_ffnam_and_ffmo(make_position: Any) -> None:
    """A12.15, A8.1, A4.6: the squad trying C2 stays in C1, open ground, its MF spent there: the 4-4-7 in
    G1 First Fires at it with FFNAM -1 and FFMO -1. Original DR 4,3 = 7, Final DR 7 - 2 = 5."""
    pos = _board(make_position)
    pos.push_text("move a-1 C1-C2")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.rule == "A12.15" and pos.label(top.target) == "C1"
    assert pos.label(pos.units["a-1"].hex) == "C1" and not pos.units["b-1"].concealed
    pos.push_text("fire b-2 at C1 dice 4,3")
    assert _drms(pos) == [("First Fire at a moving unit (FFNAM)", "-1"),
                          ("moving in Open Ground (FFMO)", "-1")]
    assert _final(pos) == "7 -2 = 5"


def test_a12_15_assault_movement_keeps_its_ffmo_but_no_ffnam(make_position: Any) -> None:
    """A4.61: Assault Movement takes away FFNAM, not FFMO: Final DR 7 - 1 = 6."""
    pos = _board(make_position)
    pos.push_text("move a-1 C1-C2 as assault")
    pos.push_text("fire b-2 at C1 dice 4,3")
    assert _drms(pos) == [("moving in Open Ground (FFMO)", "-1")]
    assert _final(pos) == "7 -1 = 6"


def test_a12_15_no_shellhole_tem_against_that_first_fire(make_position: Any) -> None:
    """A12.15: bumped back into a shellhole, the squad claims none of its +1 TEM (A7.308 example's value)
    against the First Fire there; without it the hex is Open Ground (A10.53 example): FFNAM -1, FFMO -1,
    Final DR 7 - 2 = 5, where a squad that simply entered the shellhole would have had +1 - 1 = 0."""
    pos = _board(make_position, c1="shellhole")
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-2 at C1 dice 4,3")
    assert ("First Fire at a moving unit (FFNAM)", "-1") in _drms(pos)
    assert ("moving in Open Ground (FFMO)", "-1") in _drms(pos)
    assert not any(value == "+1" for _, value in _drms(pos))
    assert _final(pos) == "7 -2 = 5"


def test_a12_15_a_squad_entering_the_shellhole_keeps_its_tem(make_position: Any) -> None:
    """The contrast: First Fire at a squad that entered the shellhole hex is +1 TEM, FFNAM -1: 7 + 0 = 7."""
    units = [_u("a-1", "B1"), _u("b-2", "G1", "4-4-7", "b")]
    pos = make_position("asl", units, "MPh", hexes={"C1": "shellhole"})
    pos.push_text("move a-1 B1-C1")
    pos.push_text("fire b-2 at C1 dice 4,3")
    assert _final(pos) == "7 +0 = 7"


def test_a12_15_the_bumped_mover_loses_its_question_mark(make_position: Any) -> None:
    """A12.15: the unit bumped back loses its own "?"."""
    units = [_u("a-1", "C1", concealed=True), _u("b-1", "C2", "4-4-7", "b", concealed=True),
             _u("b-2", "G1", "4-4-7", "b")]
    pos = make_position("asl", units, "MPh")
    pos.push_text("move a-1 C1-C2")
    assert not pos.units["a-1"].concealed


def test_a12_15_the_window_closed_its_mph_is_over_and_no_more_first_fire(make_position: Any) -> None:
    """A8.1: once the window at the bumped squad closes and another unit moves, C1 is no moving target."""
    pos = _board(make_position, _u("a-2", "A5"))
    pos.push_text("move a-1 C1-C2")
    pos.push_text("answer pass")
    assert pos.state.moving is None and not pos.units["a-1"].has(bump.BUMPED)
    assert "a-1" in pos.state.moved  # its MPh ends there (A12.15)
    pos.push_text("move a-2 A5-A4")
    top = pos.decision
    assert top is not None and top.kind == "react"
    assert pos.parse_action("fire b-2 at C1") not in pos.legal_actions


def test_a12_15_no_window_when_no_enemy_can_fire_at_them(make_position: Any) -> None:
    """A window opens only if the defender could fire: the only Russian, the 4-4-7 revealed in C2, is broken
    (A10.1: no fire), so the move simply ends."""
    units = [_u("a-1", "C1"), _u("b-1", "C2", "4-4-7", "b", concealed=True, markers=["broken"])]
    pos = make_position("asl", units, "MPh")
    pos.push_text("move a-1 C1-C2")
    assert pos.decision is None and pos.state.moving is None
    assert not pos.units["a-1"].has(bump.BUMPED)


# --- A12.15 with A8.22: the Residual FP where they stay attacks them again ---


def _residual_board(make_position: Any, c2: str = "open") -> Position:
    """A German squad a-1 in C1 draws the known Russian 4-4-7 in C6's First Fire into C2 (Residual FP 2 there,
    A8.2); a second German squad a-2 in B1 then goes by C2 towards C3, where a concealed Russian squad is."""
    units = [_u("a-1", "C1"), _u("a-2", "B1"), _u("b-1", "C6", "4-4-7", "b"),
             _u("b-3", "C3", "4-4-7", "b", concealed=True)]
    pos = make_position("asl", units, "MPh", hexes={"C2": c2}) if c2 != "open" else \
        make_position("asl", units, "MPh")
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-1 at C2 dice 6,5")  # 4 FP on the 4 column: no effect; Residual 2 FP (A8.2)
    pos.push_text("answer pass")
    (left,) = rfp.residuals(pos.state)
    assert (pos.label(left.hex), left.fp) == ("C2", 2)
    return pos


def test_a12_15_the_residual_where_it_stays_attacks_the_bumped_squad_again(make_position: Any) -> None:
    """A8.22: a-2 entering C2 is attacked by its Residual once (no effect), and may not be again for entering
    it (A8.22). A12.15: bumped back from C3 into C2, the Residual there attacks it again all the same, first,
    before the First Fire window at it: 2 FP, Original DR 2,1 = 3, FFNAM -1, FFMO -1, Final DR 1 on the 2
    column: 1KIA."""
    pos = _residual_board(make_position)
    pos.push_text("move a-2 B1-C2-C3")
    top = pos.decision
    assert top is not None and top.then == "residual" and top.subject == ("a-2",)
    pos.push_text("answer dice 6,6")  # Final DR 10: no effect
    top = pos.decision
    assert top is not None and top.kind == "react"
    pos.push_text("answer pass")  # on into C3: the concealed squad there shows itself and bumps a-2 back
    assert pos.label(pos.units["a-2"].hex) == "C2" and not pos.units["b-3"].concealed
    top = pos.decision
    assert top is not None and top.then == "residual" and top.subject == ("a-2",)
    assert pos.label(top.target) == "C2" and top.arg("fp") == "2"
    pos.push_text("answer dice 2,1")
    res = pos.last_resolution
    assert res is not None and "2 FP -> 2 column, final DR 1 -> 1KIA" in res.text()
    assert "a-2" not in pos.units  # the only target: eliminated by Random Selection (A.9)


def test_a12_15_the_bumped_squad_not_killed_then_meets_the_first_fire_window(make_position: Any) -> None:
    """After the Residual's attack again (no effect), the A12.15 window at a-2 in C2 opens, as before."""
    pos = _residual_board(make_position)
    pos.push_text("move a-2 B1-C2-C3")
    pos.push_text("answer dice 6,6")
    pos.push_text("answer pass")
    pos.push_text("answer dice 6,6")  # the Residual again: Final DR 10, no effect
    top = pos.decision
    assert top is not None and top.kind == "react" and top.rule == "A12.15" and top.subject == ("a-2",)
    pos.push_text("answer pass")
    assert pos.decision is None and pos.state.moving is None and "a-2" in pos.state.moved


def test_a12_15_no_shellhole_tem_against_the_residual_either(make_position: Any) -> None:
    """A12.15: bumped back into a shellhole, a-2 claims none of its +1 TEM against the Residual there (one of
    the Defensive First Fire at it, A8.22), and the hex is Open Ground for FFMO: 7 - 1 - 1 = 5, where its
    entry there was attacked with +1 TEM and FFNAM -1 only: 11 + 0 = 11."""
    pos = _residual_board(make_position, c2="shellhole")
    pos.push_text("move a-2 B1-C2-C3")
    pos.push_text("answer dice 6,5")
    assert _final(pos) == "11 +0 = 11"
    while pos.decision is not None and pos.decision.then != "residual":
        pos.push_text("answer pass")
    pos.push_text("answer dice 4,3")
    assert ("moving in Open Ground (FFMO)", "-1") in _drms(pos)
    assert _final(pos) == "7 -2 = 5"



# --- A12.15 with A15.431: its MPh ends where it stays unless it goes berserk first ---


def test_a12_15_a_bumped_squad_gone_berserk_charges_on_with_8_less_the_mf_spent(make_position: Any) -> None:
    """A12.15: bumped back from C2, the squad's MPh would end in C1, unless it goes berserk before it ends.
    The 4-4-7 in G1 First Fires at it there: 4 FP, FFNAM -1, FFMO -1, Original DR 3,3 (doubles: Cowering, one
    column left, A7.9), Final DR 4 on the 2 column: 1MC. The MC's Original 2 opens Heat of Battle (A15.1),
    whose 5,5 makes it berserk (A15.2). A15.431: it charges at once with 8 MF less the 1 it spent trying to
    enter C2 (A12.15: spent in C1): 7 MF, towards the Known 4-4-7 now shown in C2 (A15.43), and no other unit
    moves before it (A4.2)."""
    pos = _board(make_position, _u("a-2", "A1"))
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-2 at C1 dice 3,3")
    res = pos.last_resolution
    assert res is not None and "4 FP -> 2 column, final DR 4 -> 1MC" in res.text()
    while pos.decision is not None and pos.decision.kind != "react":
        pos.push_text("answer dice 5,5" if pos.decision.then == "hob" else "answer dice 1,1")
    sq = pos.units["a-1"]
    assert sq.has("berserk") and sq.has("chargego14")  # 7 MF, in half MF
    pos.push_text("answer pass")  # the window closes: its MPh is not over
    sq = pos.units["a-1"]
    assert pos.game.group_budget([sq], state=pos.state) == 7 and not sq.has(bump.BUMPED)
    with pytest.raises(IllegalAction, match=r"a-1 went berserk during its move and charges on first"):
        pos.push_text("move a-2 A1-A2")
    assert {pos.label(h) for h in pos.legal_actions.moves_for(frozenset({"a-1"}))} == {"C2"}
    pos.push_text("move a-1 C1-C2")  # A15.432: into the Known enemy's Location
    assert pos.label(pos.units["a-1"].hex) == "C2"


def test_a12_15_not_berserk_its_mph_ends_where_it_stays(make_position: Any) -> None:
    """The same 1MC passed (1,2): the squad stays Good Order and its MPh ends in C1 (A12.15): no MF kept on
    it, no move for it again."""
    pos = _board(make_position)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-2 at C1 dice 3,3")
    while pos.decision is not None and pos.decision.kind != "react":
        pos.push_text("answer dice 1,2")
    pos.push_text("answer pass")
    sq = pos.units["a-1"]
    assert not sq.has("berserk") and not any(m.startswith(bump.SPENT) for m in sq.markers)
    assert not pos.legal_actions.moves_for(frozenset({"a-1"}))


def test_a12_15_a_berserk_charge_is_not_bumped_every_unit_there_shows(make_position: Any) -> None:
    """A12.15 bumps non-berserk infantry only; A15.431: the berserk squad charging F4 by E4 enters E4 (no
    Random Selection, no going back to D3), every concealed unit there loses its "?" as an enemy moves in
    (A12.15's first sentence: the dummy is removed, A12.1), and it stays there to attack them."""
    units = [_u("a-1", "C4", markers=["berserk"]), _u("b-1", "F4", "4-6-7", "b"),
             _u("b-2", "E4", "4-4-7", "b", concealed=True), _u("b-3", "E4", "4-4-7", "b", concealed=True),
             _u("b-d", "E4", "dummy", "b", concealed=True)]
    counters = {**ASL_COUNTERS, "dummy": {"type": "dummy"}}
    pos = make_position("asl", units, "MPh", hexes={"D4": "grain"}, counters=counters)
    pos.push_text("move a-1 C4-D3-E4-F4")
    assert pos.decision is None or pos.decision.then != "bump_reveal"
    play_out(pos)  # A8.312: b-2 and b-3 must attack it there (TPBF): DR 6,5, no harm
    assert pos.label(pos.units["a-1"].hex) == "E4" and not pos.units["a-1"].has(bump.BUMPED)
    assert not pos.units["b-2"].concealed and not pos.units["b-3"].concealed and "b-d" not in pos.units
