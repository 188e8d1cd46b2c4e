"""The optional tank riders (17.0, ``options.tank_riders``): a good-order tank carries one personnel unit
without its own mobility and up to three leaders (a reduced tank only a reduced unit); mounting takes all the
MA of both, dismounting half of each (rounded up) and they may go on; a tank with riders neither fires nor
assaults. The numbers are the text's."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import riders
from hexmate.rules.games.pg.game import MARK

from .conftest import unit as _u

EXTRA = {"tank": {"type": "vehicle", "ma": 6, "morale": 7, "armor": 3, "at": 6, "at_range": 6, "df": 4,
                  "df_range": 4, "steps": 2},
         "cav": {"type": "personnel", "df": 3, "df_range": 1, "ma": 6, "morale": 7, "steps": 2,
                 "branch": "CAV"}}
WALL = {f"F{r}": {"terrain": "woods"} for r in range(1, 9)}  # the enemy behind it sees nothing: no reactions


def _pos(make_position: Any, pg: Any, extra: list[dict[str, Any]] | None = None,
         tank_marks: tuple[str, ...] = (), on: bool = True) -> Any:
    units = [_u("t", "B2", "tank", "a", *tank_marks), _u("a1", "B2"), _u("b1", "K4", "inf", "b"),
             *(extra or [])]
    return pg(make_position, units, counters_extra=EXTRA, hexes=WALL, options={"tank_riders": on})


def _unmark(pos: Any) -> Any:
    state = pos.state
    for uid in ("t", "a1"):
        state = state.with_unit(state.units[uid].mark(remove=(MARK,)))
    return pos.at(state)


def test_mounting_takes_all_the_ma_of_both(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    pos.push_text("load a1 into t")
    assert pos.units["a1"].carrier == "t" and pos.units["a1"].has(MARK) and pos.units["t"].has(MARK)


def test_without_the_option_a_tank_carries_nobody(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, on=False)
    with pytest.raises(IllegalAction, match="no transport"):
        pos.push_text("load a1 into t")


def test_the_riders_go_with_the_tank_which_may_not_fire(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("b2", "D2", "inf", "b")])
    pos.push_text("load a1 into t")
    while pos.decision is not None:
        pos.push_text("answer pass")  # b2 lets the mounting pass (13.3)
    pos = _unmark(pos)
    with pytest.raises(IllegalAction, match="carries riders and may not fire"):
        pos.push_text("fire t at D2")
    assert riders.assault_problem(pos, [pos.units["t"]]) is not None


def test_dismounting_costs_half_of_each_and_they_move_on(make_position: Any, pg: Any) -> None:
    """Tank MA 6: 3 left; INF MA 3: half rounded up is 2, 1 left."""
    pos = _pos(make_position, pg)
    pos.push_text("load a1 into t")
    pos = _unmark(pos)
    pos.push_text("activate t,a1")
    pos.push_text("unload t")
    assert pos.units["a1"].carrier is None and not pos.units["a1"].has(MARK) and not pos.units["t"].has(MARK)
    assert pos.game.budget([pos.units["t"]], pos) == 3 and pos.game.budget([pos.units["a1"]], pos) == 1
    far = pos.map.parse_label("B4")
    assert far not in pos.game.moves_for(pos, frozenset({"a1"}))  # 2 MP: more than the 1 left
    pos.push_text("move a1 B2-B3")
    assert pos.label(pos.units["a1"].hex) == "B3"


def test_dismounting_outside_an_activation_ends_their_turn(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    pos.push_text("load a1 into t")
    pos = _unmark(pos)
    pos.push_text("unload t")
    assert pos.units["a1"].has(MARK) and pos.units["t"].has(MARK)


def test_who_may_ride(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, tank_marks=("reduced",))
    with pytest.raises(IllegalAction, match="reduced tank carries only a reduced unit"):
        pos.push_text("load a1 into t")
    pos = _pos(make_position, pg, [_u("c", "B2", "cav")])
    with pytest.raises(IllegalAction, match="own mobility"):
        pos.push_text("load c into t")


def test_a_tank_moves_its_riders_along(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    pos.push_text("load a1 into t")
    pos = _unmark(pos)
    pos.push_text("move t B2-C2-D2")
    assert pos.label(pos.units["a1"].hex) == "D2" and pos.units["a1"].carrier == "t"


def test_the_tank_moves_then_its_riders_dismount_and_go_on(make_position: Any, pg: Any) -> None:
    """17.0 tank riders: dismounting takes half the MA of both (rounded up) and they go on if enough is left;
    so the tank (MA 6) may move first: B2-C2 in the open (1 MP) + the dismount's 3 = 4 of 6. The rider
    (INF MA 3: half is 2) gets off in C2 and, in the open activation, goes on with 1 MP."""
    pos = _pos(make_position, pg)
    pos.push_text("load a1 into t")
    pos = _unmark(pos)
    pos.push_text("activate t,a1")
    pos.push_text("move t B2-C2 as dismount")
    while pos.decision is not None:
        pos.push_text("answer pass")  # nobody sees them: no opportunity fire (13.3)
    assert pos.label(pos.units["t"].hex) == "C2" and pos.label(pos.units["a1"].hex) == "C2"
    assert pos.units["a1"].carrier is None and not pos.units["a1"].has(MARK)
    assert pos.game.budget([pos.units["a1"]], pos) == 1
    pos.push_text("move a1 C2-D2")
    assert pos.label(pos.units["a1"].hex) == "D2"


def test_the_tank_goes_on_after_its_riders_dismount(make_position: Any, pg: Any) -> None:
    """17.0 tank riders: after the dismount either may continue if enough MA is left. The tank (MA 6) moved
    B2-C2 (1 MP) and paid the dismount's 3: 2 MP are left, two open hexes, not three."""
    pos = _pos(make_position, pg)
    pos.push_text("load a1 into t")
    pos = _unmark(pos)
    pos.push_text("activate t,a1")
    pos.push_text("move t B2-C2 as dismount")
    while pos.decision is not None:
        pos.push_text("answer pass")
    tank = pos.units["t"]
    assert not tank.has(MARK) and pos.game.budget([tank], pos) == 2
    with pytest.raises(IllegalAction):
        pos.push_text("move t C2-D2-E2-E3")
    pos.push_text("move t C2-D2-E2")
    assert pos.label(pos.units["t"].hex) == "E2" and pos.units["t"].has(MARK)
    assert pos.label(pos.units["a1"].hex) == "C2"  # the riders stay where they got off


def test_the_path_and_the_dismount_must_fit_in_the_tanks_ma(make_position: Any, pg: Any) -> None:
    """17.0: four open hexes (4 MP) + the dismount's 3 MP is 7, more than the tank's 6; three (3 + 3) fit."""
    pos = _pos(make_position, pg)
    pos.push_text("load a1 into t")
    pos = _unmark(pos)
    with pytest.raises(IllegalAction, match=r"half of t's MA, 3 MP: the path costs 4 of its 6 MP"):
        pos.push_text("move t B2-C2-D2-E2-E3 as dismount")
    pos.push_text("move t B2-C2-D2-E2 as dismount")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert pos.label(pos.units["a1"].hex) == "E2" and pos.units["a1"].has(MARK)  # no open activation
    assert pos.units["t"].has(MARK)  # nor does the tank go on


def test_only_a_tank_with_riders_moves_as_dismount(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    with pytest.raises(IllegalAction, match="only a tank carrying riders"):
        pos.push_text("move t B2-C2 as dismount")
