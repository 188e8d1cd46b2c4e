"""8.4's vertex rule held for the turn: a line of sight through a hex vertex passes through one of the hexes
beside it, the spotting player's choice, and the choice stays in force for the rest of the turn.

On the test map the line B3-D3 runs along the hexside between C3 and C4 (it enters and leaves it at the two
vertices). Before any choice, smoke in one of C3/C4 leaves the other side to look through; once a1 fires
along the line, the side it took is the line's for the turn, both ways (8.4: LOS is reciprocal), so smoke
later in that hex blocks the line; the next turn the choice is free again."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import vertex

from .conftest import unit as _u


def _pos(make_position: Any, pg: Any, **hexes: str) -> Any:
    units = [_u("a1", "B3"), _u("a2", "J8"), _u("b1", "D3", "inf", "b"), _u("b2", "J1", "inf", "b")]
    return pg(make_position, units, options={"smoke": True}, hexes=hexes or None)


def _smoke(pos: Any, *labels: str) -> Any:
    gs = pos.game.gstate(pos.state)
    return pos.at(pos.state.replace(game=gs.replace(smoke=tuple(pos.map.parse_label(x) for x in labels))))


def _labels(pos: Any, a: str, b: str) -> set[str]:
    m = pos.map
    return {m.label(h) for h in vertex.chosen(pos.game, pos.state, m.parse_label(a), m.parse_label(b))}


def test_the_line_runs_along_the_c3_c4_hexside(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    m = pos.map
    assert [(m.label(x), m.label(y)) for x, y in vertex.sides(m.parse_label("B3"), m.parse_label("D3"))] == [
        ("C3", "C4")]


def test_before_a_choice_either_side_may_be_taken(make_position: Any, pg: Any) -> None:
    """8.4: smoke on one side of the vertex leaves the spotter the other side."""
    pos = _pos(make_position, pg)
    a1, b1 = pos.units["a1"], pos.units["b1"]
    for side in ("C3", "C4"):
        assert pg_spot.sees_unit(pos.game, pos, a1, b1) and pg_spot.sees_unit(
            pos.game, _smoke(pos, side), a1, b1)
    assert not pg_spot.sees_unit(pos.game, _smoke(pos, "C3", "C4"), a1, b1)


def test_the_side_taken_at_the_first_fire_holds_for_the_rest_of_the_turn(make_position: Any, pg: Any) -> None:
    """8.4: a1 fires at D3 along the hexside: one of C3/C4 is its choice; smoke there later this turn blocks
    the line both ways, smoke on the other side does not."""
    pos = _pos(make_position, pg)
    pos.push_text("fire a1 at D3")
    taken = _labels(pos, "B3", "D3")
    assert len(taken) == 1 and taken <= {"C3", "C4"}
    assert _labels(pos, "D3", "B3") == taken  # the same line both ways
    other = ({"C3", "C4"} - taken).pop()
    a1, b1 = pos.units["a1"], pos.units["b1"]
    smoked = _smoke(pos, *taken)
    assert not pg_spot.sees_unit(pos.game, smoked, a1, b1)
    assert not pg_spot.sees_unit(pos.game, smoked, b1, a1)  # reciprocal (8.4)
    assert pg_spot.sees_unit(pos.game, _smoke(pos, other), a1, b1)


def test_terrain_on_one_side_makes_the_choice_the_open_side(make_position: Any, pg: Any) -> None:
    """8.4 (the HMG/CAV example): the spotter takes the side that is not the blocking one, here C4 beside the
    woods of C3, and it is that side that holds."""
    pos = _pos(make_position, pg, C3="woods")
    assert pg_spot.sees_unit(pos.game, pos, pos.units["a1"], pos.units["b1"])
    pos.push_text("fire a1 at D3")
    assert _labels(pos, "B3", "D3") == {"C4"}
    assert not pg_spot.sees_unit(pos.game, _smoke(pos, "C4"), pos.units["a1"], pos.units["b1"])


def test_friends_in_the_chosen_side_block_direct_fire_for_the_turn(make_position: Any, pg: Any) -> None:
    """10.1 with 8.4: once the line is through C4, a friendly infantry unit there is in the line of fire."""
    pos = _pos(make_position, pg, C3="woods")
    pos.push_text("fire a1 at D3")
    assert _labels(pos, "B3", "D3") == {"C4"}
    state = pos.state.with_unit(pos.units["a2"].at(pos.map.parse_label("C4")))
    later = pos.at(state)
    from hexmate.rules.games.pg import fire as pg_fire

    why = pg_fire.through_friends(later.game, later, [later.units["a1"]], later.map.parse_label("D3"))
    assert why is not None and "C4" in str(why)


def test_the_next_turn_frees_the_choice(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    pos.push_text("fire a1 at D3")
    while pos.decision is not None:
        pos.push_text("answer dice 3,3" if pos.decision.dice == "2d6" else "answer dice 3")
    assert _labels(pos, "B3", "D3")
    for _ in range(6):
        if pos.turn > 1:
            break
        pos.push_text("pass")
    assert pos.turn == 2
    assert not _labels(pos, "B3", "D3")


def test_a_leader_spotting_for_a_bombardment_fixes_his_line(make_position: Any, pg: Any) -> None:
    """9.1 with 8.4: the mortar in D7 does not see D3 (woods in D5); the leader in B3 spots for it, along the
    C3/C4 hexside: his line's side is fixed for the turn, the mortar's line has no hexside to fix."""
    mtr = {"mtr": {"type": "personnel", "bombard": 4, "bombard_range": 8, "ma": 1, "morale": 7,
                   "branch": "MTR", "calibre": 81, "steps": 1}}
    units = [_u("m", "D7", "mtr"), _u("l", "B3", "ldr"), _u("b1", "D3", "inf", "b"),
             _u("b2", "J1", "inf", "b")]
    pos = pg(make_position, units, counters_extra=mtr, hexes={"D5": "woods", "D6": "woods"})
    assert not pg_spot.sees_unit(pos.game, pos, pos.units["m"], pos.units["b1"])
    assert not _labels(pos, "B3", "D3")
    pos.push_text("fire m at D3")
    assert len(_labels(pos, "B3", "D3")) == 1 and _labels(pos, "B3", "D3") <= {"C3", "C4"}


def test_a_recce_marker_fixes_the_line_it_looked_along(make_position: Any, pg: Any) -> None:
    """8.23 with 8.4: a recce unit putting its SPOTTED marker on b1 looked along the C3/C4 hexside: that
    side holds for the turn, so smoke there now hides b1 from it."""
    rcn = {"rcn": {"type": "personnel", "df": 3, "df_range": 3, "ma": 4, "morale": 8, "steps": 1, "recce": 1}}
    units = [_u("r", "B3", "rcn"), _u("b1", "D3", "inf", "b"), _u("b2", "J1", "inf", "b")]
    pos = pg(make_position, units, counters_extra=rcn, options={"smoke": True})
    pos.push_text("activate r,b1 for spot")
    taken = _labels(pos, "B3", "D3")
    assert len(taken) == 1 and taken <= {"C3", "C4"}
    assert not pg_spot.sees(pos.game, _smoke(pos, *taken), pos.units["r"], pos.map.parse_label("D3"))
    assert pg_spot.sees(pos.game, _smoke(pos, *({"C3", "C4"} - taken)), pos.units["r"],
                        pos.map.parse_label("D3"))
