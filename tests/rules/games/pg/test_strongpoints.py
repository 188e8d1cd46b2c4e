"""PG strongpoints drawn from a cup and placed at set-up like minefield markers (16.1, 16.6): the scenario's
cup holds a side's strongpoint counters; the owner draws as many as the scenario gives at random, in secret
(two dice each on a private decision), and places each where the scenario allows; those not drawn take no
part. Played through the game's decisions."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction

from .conftest import unit as _u

SP = {"sp6": {"type": "personnel", "df": 6, "df_range": 2, "ma": 0, "morale": 8, "steps": 1,
              "strongpoint": 1},
      "sp4": {"type": "personnel", "df": 4, "df_range": 2, "ma": 0, "morale": 7, "steps": 1,
              "strongpoint": 1}}
UNITS = [_u("i", "C3", "inf"), _u("b1", "L8", "inf", "b"), _u("s1", "L7", "sp6", "b"),
         _u("s2", "L7", "sp4", "b"), _u("s3", "L7", "sp4", "b")]
CUP = {"strongpoint_cup": {"b": {"cup": ["s1", "s2", "s3"], "draw": 2, "area": ["H5", "H6", "C4"]}}}


def _set_up(make_position: Any, pg: Any, options: dict[str, Any] | None = None) -> Any:
    return pg(make_position, UNITS, counters_extra=SP, options=options or CUP)


def test_the_owner_draws_two_of_three_in_secret_and_places_them(make_position: Any, pg: Any) -> None:
    """16.1 as 16.6: the cup's three strongpoints start off the board; dice 1,2 read 1 (of 3 left: s2),
    placed in H5; dice 1,1 read 0 (of 2 left: s1), placed in H6; s3, not drawn, is out of the game. The
    table is told to put each one down, lit on its hex."""
    pos = _set_up(make_position, pg)
    assert all(pos.units[u].hex is None for u in ("s1", "s2", "s3"))
    d = pos.decision
    assert (d.kind, d.side, d.then, d.private, d.rule) == ("roll", "b", "strongpoint_draw", True, "16.1")
    pos.push_text("answer dice 1,2")
    d = pos.decision
    assert (d.kind, d.then, d.private) == ("hexes", "strongpoint_place", True) and "you drew s2" in d.prompt
    assert sorted(pos.label(h) for h in d.hexes) == ["C4", "H5", "H6"]
    with pytest.raises(IllegalAction, match=r"16\.1"):
        pos.push_text("answer hex L8")
    before = pos.state
    pos.push_text("answer hex H5")
    told = [p for p in pos.game.physical_changes(before, pos.state) if p.rule == "16.1"]
    assert [(p.what, p.unit, pos.label(p.hex)) for p in told] == [("place", "s2", "H5")]
    pos.push_text("answer dice 1,1")
    assert "you drew s1" in pos.decision.prompt
    pos.push_text("answer hex H6")
    assert pos.label(pos.units["s2"].hex) == "H5" and pos.label(pos.units["s1"].hex) == "H6"
    assert "s3" not in pos.units
    assert pos.decision is None or pos.decision.then not in ("strongpoint_draw", "strongpoint_place")


def test_the_hexes_offered_leave_out_the_enemys(make_position: Any, pg: Any) -> None:
    """16.6 (as 16.1 uses it): placed where the scenario allows; a hex holding an enemy unit is not offered;
    a cup of one is drawn by any roll (6,6 reads 35, below 1 * 36)."""
    from hexmate.rules.games.pg import assault

    pos = _set_up(make_position, pg, {"strongpoint_cup": {"b": {"cup": ["s1"], "draw": 1,
                                                                 "area": ["C3", "C4"]}}})
    pos.push_text("answer dice 6,6")
    assert [pos.label(h) for h in pos.decision.hexes] == ["C4"]
    pos.push_text("answer hex C4")
    assert pos.label(pos.units["s1"].hex) == "C4" and assault.dug_in(pos.units["s1"])  # 16.1, 12.43


@pytest.mark.parametrize("bad,where", [
    ({"b": {"cup": ["s1"], "draw": 2}}, "draw"),
    ({"b": {"cup": ["b1"], "draw": 1}}, "not a strongpoint"),
    ({"b": {"cup": ["i"], "draw": 1}}, "not a unit of side"),
    ({"z": {"cup": ["s1"], "draw": 1}}, "z"),
    ({"b": {"cup": ["s1"], "draw": 1, "area": ["ZZ99"]}}, "area"),
])
def test_bad_cup_data_names_the_place(make_position: Any, pg: Any, bad: Any, where: str) -> None:
    with pytest.raises(DataError, match=f"strongpoint_cup.*{where}"):
        _set_up(make_position, pg, {"strongpoint_cup": bad})


def test_the_strongpoints_left_in_the_cup_are_not_losses(make_position: Any, pg: Any) -> None:
    """16.1, 16.6: the counter not drawn never came into play: b's steps lost stay 0 (victory, 7.6), and
    formation activation counts no eliminated unit for it (17.0)."""
    from hexmate.rules.games.pg import formation, victory

    pos = _set_up(make_position, pg)
    pos.push_text("answer dice 1,2")
    pos.push_text("answer hex H5")
    pos.push_text("answer dice 1,1")
    pos.push_text("answer hex H6")
    assert "s3" not in pos.units and pos.game.gstate(pos.state).undrawn == ("s3",)
    assert victory.steps_lost(pos, "b") == 0 and formation.losses(pos, "b") == (0, 0)
