"""PG: several minefields in one hex (16.6). The text: a unit entering a hex of one or more minefields flips
them and the owner rolls their attack points' dice for it; DECOYs found out come off; engineers clearing
take one point off at the end of each third turn, and with several minefields in the hex the owner chooses
which loses it. A scenario lays them as a list under the hex (``options.minefields``)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import mines

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "inf6": {"type": "personnel", "df": 5, "df_range": 3, "ma": 6, "morale": 8, "steps": 2},
    "eng": {"type": "personnel", "df": 4, "df_range": 1, "ma": 3, "morale": 8, "steps": 2, "branch": "ENG"},
}


def _pos(make_position: Any, pg: Any, fields: list[dict[str, Any]], units: list[dict[str, Any]]) -> Any:
    return pg(make_position, [*units, _u("b1", "L8", "inf", "b")], counters_extra=C,
              options={"minefields": {"C5": fields}}, turns=12)


def _left(pos: Any) -> int:
    return mines.points_left(pos.game, pos, pos.map.parse_label("C5"))


def _next_turn(pos: Any, pick: str = "") -> list[Any]:
    """Pass both sides to the next turn; answer the owner's minefield choice with ``pick``."""
    asked = []
    turn = pos.turn
    while pos.turn == turn or (pos.decision is not None and pos.decision.kind == "roll"):
        d = pos.decision
        if d is not None and d.then == "mine_pick":
            asked.append(d)
            pos.push_text(f"answer {pick}")
        elif d is not None and d.kind == "roll":
            pos.push_text("answer dice 6" if d.side == "a" else "answer dice 1")
        elif pos.turn != turn:
            break
        elif pos.game.gstate(pos.state).active:
            pos.push_text("done")
        else:
            pos.push_text("pass")
    return asked


def test_set_up_lays_each_minefield_of_the_hex(make_position: Any, pg: Any) -> None:
    """16.6: two minefields (2 and 1 attack points) and a DECOY in C5: three markers, 3 points."""
    pos = _pos(make_position, pg, [{"side": "b", "points": 2}, {"side": "b", "points": 1},
                                   {"side": "b", "points": 0}], [_u("i", "C3", "inf6")])
    c5 = pos.map.parse_label("C5")
    assert [k for k, _ in mines.live(pos.game, pos, c5)] == ["C5/1", "C5/2", "C5/3"]
    assert _left(pos) == 3 and mines.present(pos.game, pos, c5)


def test_entering_rolls_every_minefields_dice_and_the_decoy_comes_off(make_position: Any, pg: Any) -> None:
    """16.6: the unit entering sets off all of them: 2 + 1 = 3 dice for the owner; the DECOY among them is
    found out and taken off, the two real minefields stay."""
    pos = _pos(make_position, pg, [{"side": "b", "points": 2}, {"side": "b", "points": 1},
                                   {"side": "b", "points": 0}], [_u("i", "C3", "inf6")])
    before = pos.state
    pos.push_text("move i C3-C4-C5-C6")
    d = pos.decision
    assert d.then == "mine" and d.side == "b" and "die 1 of 3" in d.prompt
    gs = pos.game.gstate(pos.state)
    assert gs.mines_gone == ("C5/3",) and gs.mines_decoys == ("C5/3",)
    taken = [p for p in pos.game.physical_changes(before, pos.state) if p.to == "minefield"]
    assert [(p.what, pos.label(p.hex)) for p in taken] == [("take", "C5")]
    assert "DECOY" in str(taken[0].text)
    assert _left(pos) == 3


def test_the_owner_chooses_which_minefield_loses_the_cleared_point(make_position: Any, pg: Any) -> None:
    """16.6: an engineer three turns in a hex of a 2-point and a 1-point minefield: at the end of the third
    turn the owner (b) is asked which loses the point; he picks the 1-point one, which comes off."""
    pos = _pos(make_position, pg, [{"side": "b", "points": 2}, {"side": "b", "points": 1}],
               [_u("e", "C5", "eng")])
    pos.push_text("activate e for clear")
    assert _next_turn(pos) == [] and _next_turn(pos) == []
    asked = _next_turn(pos, pick="minefield-2")
    assert [(d.side, d.rule, tuple(d.choices)) for d in asked] == [
        ("b", "16.6", ("minefield-1", "minefield-2"))]
    gs = pos.game.gstate(pos.state)
    assert _left(pos) == 2 and gs.mines_gone == ("C5/2",) and dict(gs.mines_cleared) == {"C5/2": 1}
    assert [c[0] for c in gs.mine_clearing] == ["e"]  # it goes on clearing
    # three more turns: one minefield holds points, so no question; 1 left
    for _ in range(3):
        assert _next_turn(pos) == []
    assert _left(pos) == 1


def test_the_owners_choice_must_be_a_minefield_holding_points(make_position: Any, pg: Any) -> None:
    """16.6: only a minefield of the hex still holding a point may be chosen."""
    pos = _pos(make_position, pg, [{"side": "b", "points": 1}, {"side": "b", "points": 1}],
               [_u("e", "C5", "eng")])
    pos.push_text("activate e for clear")
    _next_turn(pos)
    _next_turn(pos)
    with pytest.raises(IllegalAction, match=r"16\.6"):
        _next_turn(pos, pick="minefield-9")
