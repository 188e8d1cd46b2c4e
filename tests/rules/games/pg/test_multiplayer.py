"""The optional multiplayer game (17.0, ``options.multiplayer``): sector command (each sector's commander
commands the friendly units in it; no fire at a target outside the firer's sector, only assaults cross) and
formation command (each player commands his own units and leaders and activates no one else's); the
commanding officer and his succession in a formation game (next highest surviving leader; ties by the steps
of surviving combat units); and which player answers a decision."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.pg import multiplayer as mp

from .conftest import unit as _u

LDR = {"cpt": {"type": "leader", "ma": 4, "morale": 9, "combat": 1, "morale_mod": 1, "rank": "CPT"},
       "lt": {"type": "leader", "ma": 4, "morale": 8, "combat": 1, "morale_mod": 1, "rank": "LT"}}
UNITS = [_u("a1", "C3"), _u("a2", "C3"), _u("a3", "G3"), _u("ac", "C3", "cpt"), _u("al2", "G3", "lt"),
         _u("al3", "D6", "lt"), _u("b1", "C5", "inf", "b"), _u("b2", "G5", "inf", "b")]
FORMATION = {"command": "formation", "co": {"a": "p1"},
             "players": {"a": {"p1": ["a1", "ac"], "p2": ["a2", "al2"], "p3": ["a3", "al3"]},
                         "b": {"q1": ["b1", "b2"]}}}
LEFT = [f"{c}{r}" for c in "ABCDE" for r in range(1, 10)]
RIGHT = [f"{c}{r}" for c in "FGHIJKL" for r in range(1, 10)]
SECTOR = {"command": "sector", "sectors": {"west": LEFT, "east": RIGHT}, "co": {"a": "p1"},
          "commanders": {"a": {"west": "p1", "east": "p2"}, "b": {"west": "q1", "east": "q2"}}}


def _pos(make_position: Any, pg: Any, multi: Any) -> Any:
    return pg(make_position, UNITS, counters_extra=LDR, options={"multiplayer": multi})


def test_formation_command_one_players_units_an_activation(make_position: Any, pg: Any) -> None:
    """17.0: a player activating units may not activate another player's: a1 (p1) and a2 (p2) stand in one
    hex but are not activated together, nor does a2 join p1's open activation; p1's own go together."""
    pos = _pos(make_position, pg, FORMATION)
    with pytest.raises(IllegalAction, match="one player's units only: p1, p2"):
        pos.push_text("activate a1,a2")
    pos.push_text("activate a1,ac")
    with pytest.raises(IllegalAction, match="one player's units only"):
        pos.push_text("move a2 C3-C4")
    assert mp.player_of(pos, pos.units["a2"]) == "p2" and mp.player_of(pos, pos.units["a1"]) == "p1"


def test_sector_command_no_fire_outside_the_sector(make_position: Any, pg: Any) -> None:
    """17.0: a3 in the east sector (G3) may not fire at b1 in the west (C5); a1 in the west may. Who
    commands a unit is its sector's commander, so a1 is p1's and a3 is p2's."""
    pos = _pos(make_position, pg, SECTOR)
    with pytest.raises(IllegalAction, match="outside its sector east"):
        pos.push_text("fire a3 at C5")
    assert mp.player_of(pos, pos.units["a3"]) == "p2" and mp.player_of(pos, pos.units["a1"]) == "p1"
    pos.push_text("fire a1 at C5")
    assert pos.decision is not None or pos.last_resolution is not None


def test_the_co_and_his_succession_in_a_formation_game(make_position: Any, pg: Any) -> None:
    """17.0: p1 is CO commanding the CPT (ac). Once ac is killed the next highest rank is LT: al2 (p2) and al3
    (p3) tie, so the player whose surviving combat units hold the most steps: p3's a3 full (2) against p2's
    a2 reduced (1): p3. With both full they still tie: both are returned, to roll."""
    pos = _pos(make_position, pg, FORMATION)
    assert mp.co(pos, "a") == ("p1",) and mp.co_leader(pos, "a") == "ac"
    state = pos.state.without_unit("ac").with_unit(pos.units["a2"].mark("reduced"))
    assert mp.co(pos.at(state), "a") == ("p3",)
    assert mp.co(pos.at(pos.state.without_unit("ac")), "a") == ("p2", "p3")


def test_who_answers_a_decision(make_position: Any, pg: Any) -> None:
    """17.0: the player commanding the units a decision names answers it; otherwise the side's CO (in a
    formation game he decides which player activates in each friendly segment)."""
    pos = _pos(make_position, pg, FORMATION)
    about_a3 = Decision("confirm", "a", "x", "17.0", "x", subject=("a3",), choices=("yes",))
    segment = Decision("confirm", "a", "x", "3.1", "x", choices=("yes",))
    assert mp.answerer(pos, about_a3) == "p3" and mp.answerer(pos, segment) == "p1"
    plain = pg(make_position, UNITS, counters_extra=LDR)
    assert mp.answerer(plain, segment) is None


@pytest.mark.parametrize("multi,match", [
    ({"command": "team"}, "command: must be"),
    ({**FORMATION, "players": {"a": {"p1": ["a1"]}, "b": {"q1": ["b1", "b2"]}}}, "exactly one player"),
    ({**FORMATION, "co": {"a": "p9"}}, "co.a: 'p9' is not one of"),
    ({**SECTOR, "sectors": {"west": ["A1"], "east": ["A1"]}}, "A1 is in sector west already"),
    ({**SECTOR, "commanders": {"a": {"west": "p1"}, "b": {"west": "q1", "east": "q2"}}}, "a player for each"),
])
def test_bad_multiplayer_data_names_the_place(make_position: Any, pg: Any, multi: Any, match: str) -> None:
    with pytest.raises(DataError, match=f"options.multiplayer.*{match}"):
        _pos(make_position, pg, multi)


def test_seats_and_whose_action_at_the_table(make_position: Any, pg: Any) -> None:
    """17.0 at the table: each side's named players are its seats; in a sector game p1 (west) may not move
    a3 standing in the east sector (p2's), p2 may; passing with no unit named is the CO's (p1); a decision
    about a3 is p2's to answer."""
    pos = _pos(make_position, pg, SECTOR)
    assert mp.seats(pos.scenario) == {"a": ("p1", "p2"), "b": ("q1", "q2")}
    move = pos.parse_action("move a3 G3-G4")
    with pytest.raises(IllegalAction, match="p1 may act only with his own units: a3 are commanded by p2"):
        pos.game.check_player(pos, move, "p1")
    pos.game.check_player(pos, move, "p2")
    with pytest.raises(IllegalAction, match=r"\(17.0\)"):
        pos.game.check_player(pos, None, "p2")
    pos.game.check_player(pos, None, "p1")
    about_a3 = Decision("confirm", "a", "x", "17.0", "x", subject=("a3",), choices=("yes",))
    asked = pos.at(pos.state.push(about_a3))
    with pytest.raises(IllegalAction, match="it is for p2"):
        asked.game.check_player(asked, None, "p1")
    assert asked.game.answerer(asked) == "p2"
    plain = pg(make_position, UNITS, counters_extra=LDR)
    assert plain.game.seats(plain.scenario) == {}
    plain.game.check_player(plain, move, "anyone")
