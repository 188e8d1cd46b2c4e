"""PG engineers clearing a minefield (16.6), from the text: an engineer unit that stays in a minefield hex
three turns without interruption (16.21's list: disrupted, demoralised, firing, assaulting as attacker,
moving) takes one attack point off at the end of the third turn; two engineers take two per three turns,
and engineers that stay long enough clear every point. Flamethrower engineers are not engineers for
minefields (15.5). Started with ``activate ENG for clear``, offered like the wreck clearing of 16.3; the
face-down marker's points (or its being a DECOY) never shape what the engineer's side is offered."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import mines

from .conftest import unit as _u
from .test_works import _next_turn

C: dict[str, dict[str, Any]] = {
    "inf6": {"type": "personnel", "df": 5, "df_range": 3, "ma": 6, "morale": 8, "steps": 2},
    "eng": {"type": "personnel", "df": 4, "df_range": 1, "ma": 3, "morale": 8, "steps": 2, "branch": "ENG"},
    "flameng": {"type": "personnel", "df": 4, "df_range": 0, "ma": 3, "morale": 8, "steps": 2,
                "branch": "ENG", "flamethrower": 1},
}


def _pos(make_position: Any, pg: Any, points: int = 2, units: list[dict[str, Any]] | None = None) -> Any:
    """Side b's minefield of ``points`` attack points in C5 (0: a DECOY); a's engineer e already there."""
    return pg(make_position, units or [_u("e", "C5", "eng"), _u("b1", "L8", "inf", "b")], counters_extra=C,
              options={"minefields": {"C5": {"side": "b", "points": points}}}, turns=12)


def _left(pos: Any) -> int:
    return mines.points_left(pos.game, pos, pos.map.parse_label("C5"))


def _clearing(pos: Any) -> tuple[Any, ...]:
    return tuple(pos.game.gstate(pos.state).mine_clearing)


def test_three_uninterrupted_turns_take_one_attack_point_off(make_position: Any, pg: Any) -> None:
    """16.6: started in turn 1 (its action: MOVED/FIRED), nothing at the end of turns 1 and 2; at the end
    of turn 3 the 2-point minefield is a 1-point one, and the clearing goes on for three more turns."""
    pos = _pos(make_position, pg)
    assert "activate e for clear" in {a.text() for a in pos.legal_actions}
    pos.push_text("activate e for clear")
    assert pos.units["e"].has("moved_fired") and _left(pos) == 2
    _next_turn(pos)
    assert pos.turn == 2 and _left(pos) == 2
    _next_turn(pos)
    assert pos.turn == 3 and _left(pos) == 2
    _next_turn(pos)
    assert pos.turn == 4 and _left(pos) == 1
    assert _clearing(pos) == (("e", "C5", 4),)  # the next three turns: 4, 5 and 6


def test_staying_long_enough_clears_the_whole_minefield_and_its_marker_comes_off(
        make_position: Any, pg: Any) -> None:
    """16.6: six turns take both points of a 2-point minefield; the table is told to take the marker off,
    and a unit of a's then enters C5 without a die."""
    pos = _pos(make_position, pg, units=[_u("e", "C5", "eng"), _u("i", "C3", "inf6"),
                                         _u("b1", "L8", "inf", "b")])
    pos.push_text("activate e for clear")
    for _ in range(5):
        _next_turn(pos)
    assert pos.turn == 6 and _left(pos) == 1
    before = pos.state
    _next_turn(pos)
    assert _left(pos) == 0 and _clearing(pos) == ()
    taken = [p for p in pos.game.physical_changes(before, pos.state) if p.to == "minefield"]
    assert [(p.what, pos.label(p.hex), p.rule) for p in taken] == [("take", "C5", "16.6")]
    assert "activate e for clear" not in {a.text() for a in pos.legal_actions}  # no marker left
    pos.push_text("move i C3-C4-C5")
    assert pos.decision is None or pos.decision.then != "mine"


def test_two_engineers_take_two_points_per_three_turns(make_position: Any, pg: Any) -> None:
    """16.6: two engineer units clearing: the 2-point minefield is gone after three turns."""
    pos = _pos(make_position, pg, units=[_u("e", "C5", "eng"), _u("f", "C5", "eng"),
                                         _u("b1", "L8", "inf", "b")])
    pos.push_text("activate e for clear")
    assert pos.to_act == "a"  # its next segment (a won the initiative by 6 to three segments)
    pos.push_text("activate f for clear")
    assert {c[0] for c in _clearing(pos)} == {"e", "f"}
    for _ in range(3):
        _next_turn(pos)
    assert _left(pos) == 0 and "C5" in pos.game.gstate(pos.state).mines_gone


def test_a_move_between_starts_it_over(make_position: Any, pg: Any) -> None:
    """16.6 (16.21): the engineer moves out in turn 2: its clearing is over; back in C5 it needs three
    whole turns again."""
    pos = _pos(make_position, pg)
    pos.push_text("activate e for clear")
    _next_turn(pos)
    pos.push_text("move e C5-C4")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert _clearing(pos) == ()
    _next_turn(pos)
    pos.push_text("move e C4-C5")  # an engineer alone: 2 - 2 = 0 dice (16.6)
    _next_turn(pos)
    pos.push_text("activate e for clear")  # turn 4
    _next_turn(pos)
    _next_turn(pos)
    assert pos.turn == 6 and _left(pos) == 2
    _next_turn(pos)
    assert _left(pos) == 1


def test_disruption_or_demoralisation_interrupts(make_position: Any, pg: Any) -> None:
    """16.6 (16.21): disrupted (or demoralised) before the third turn ends, the clearing stops."""
    for state in ("disrupted", "demoralized"):
        pos = _pos(make_position, pg)
        pos.push_text("activate e for clear")
        _next_turn(pos)
        shaken = pos.at(pos.state.with_unit(pos.units["e"].mark(state)))
        shaken = shaken.at(shaken.game.settle(shaken))
        assert _clearing(shaken) == ()


def test_firing_in_a_later_turn_interrupts(make_position: Any, pg: Any) -> None:
    """16.6 (16.21): firing at the enemy (a MOVED/FIRED marker in a later turn than the start) stops it."""
    pos = _pos(make_position, pg, units=[_u("e", "C5", "eng"), _u("b1", "C6", "inf", "b")])
    pos.push_text("activate e for clear")
    _next_turn(pos)
    pos.push_text("fire e at C6")
    assert _clearing(pos) == ()


@pytest.mark.parametrize("who,why", [
    ("fl", "not flamethrower engineers (16.6, 15.5)"),
    ("i", "engineer units do"),
])
def test_only_engineers_clear(make_position: Any, pg: Any, who: str, why: str) -> None:
    """16.6, 15.5: an infantry unit, or a flamethrower engineer, cannot clear a minefield."""
    pos = _pos(make_position, pg, units=[_u("fl", "C5", "flameng"), _u("i", "C5", "inf6"),
                                         _u("b1", "L8", "inf", "b")])
    assert not any(a.text().endswith("for clear") for a in pos.legal_actions)
    with pytest.raises(IllegalAction, match=why.replace("(", r"\(").replace(")", r"\)")):
        pos.push_text(f"activate {who} for clear")


def test_a_flamethrower_engineer_takes_no_die_off_a_minefield(make_position: Any, pg: Any) -> None:
    """15.5: flamethrower engineers are not engineers for entering minefields: alone in a 2-point field
    they roll both dice (an engineer alone would roll none, T50)."""
    pos = _pos(make_position, pg, units=[_u("fl", "C3", "flameng"), _u("b1", "L8", "inf", "b")])
    pos.push_text("move fl C3-C4-C5")
    assert pos.decision.then == "mine" and "die 1 of 2" in pos.decision.prompt


def test_a_disrupted_engineer_cannot_start(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, units=[_u("e", "C5", "eng", "a", "disrupted"), _u("b1", "L8", "inf", "b")])
    with pytest.raises(IllegalAction, match="not in good order"):
        pos.push_text("activate e for clear")


def test_a_cleared_point_is_a_die_fewer_for_the_next_unit_in(make_position: Any, pg: Any) -> None:
    """16.6: a 2-point field cleared to 1 point; once the engineer has left, infantry entering roll one die
    (not two)."""
    pos = _pos(make_position, pg, units=[_u("e", "C5", "eng"), _u("i", "C3", "inf6"),
                                         _u("b1", "L8", "inf", "b")])
    pos.push_text("activate e for clear")
    for _ in range(3):
        _next_turn(pos)
    assert _left(pos) == 1
    pos.push_text("move e C5-D5")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    while pos.to_act != "a" or pos.game.gstate(pos.state).active:
        pos.push_text("done" if pos.game.gstate(pos.state).active else "pass")
    pos.push_text("move i C3-C4-C5")
    assert pos.decision.then == "mine" and "die 1 of 1" in pos.decision.prompt


def test_the_offer_does_not_tell_a_decoy_from_a_live_minefield(make_position: Any, pg: Any) -> None:
    """16.6: the markers lie face down: what the engineer's side is offered and told, turn by turn until
    the third turn ends, is the same over a DECOY as over a 2-point minefield."""
    seen = []
    for points in (0, 2):
        pos = _pos(make_position, pg, points=points)
        trail = [sorted(a.text() for a in pos.legal_actions)]
        pos.push_text("activate e for clear")
        trail.append(sorted(a.text() for a in pos.legal_actions))
        for _ in range(2):
            _next_turn(pos)
            trail.append(sorted(a.text() for a in pos.legal_actions))
            trail.append([str(pos), pos.prompt if hasattr(pos, "prompt") else ""])
        seen.append(trail)
    assert seen[0] == seen[1]
    assert any("activate e for clear" in t for t in seen[0][0])
