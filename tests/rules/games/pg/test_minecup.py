"""PG minefields drawn from a cup at set-up (16.6): the scenario gives a side N markers to draw at random from
its cup; the owner draws each in secret (two dice on a private decision) and places it face down where the
scenario allows; the drawn marker then attacks enemy units entering as any minefield does."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.pg import minecup

from .conftest import unit as _u

CUP = {"minefield_cup": {"b": {"cup": [2, 1, 0], "draw": 2, "area": ["C5", "D5", "E5"]}}}


def _set_up(make_position: Any, pg: Any, options: dict[str, Any] | None = None) -> Any:
    return pg(make_position, [_u("i", "C3", "inf"), _u("b1", "L8", "inf", "b")], options=options or CUP)


def test_draw_index_makes_each_marker_left_equally_likely() -> None:
    """16.6 (at random): over the 36 two-dice results each of 5 markers is drawn 7 times; 35 rolls again."""
    hits = [minecup.draw_index((a, b), 5) for a in range(1, 7) for b in range(1, 7)]
    assert [hits.count(i) for i in range(5)] == [7] * 5 and hits.count(None) == 1
    assert minecup.draw_index((1, 1), 3) == 0 and minecup.draw_index((1, 2), 3) == 1


def test_the_owner_draws_in_secret_and_places_face_down(make_position: Any, pg: Any) -> None:
    """16.6: b draws 2 of its cup (2, 1, DECOY): dice 1,1 draw the first (2 points), which b places in C5;
    dice 1,1 (0 of the 2 left: 1, DECOY) then draw the 1-point marker, placed in D5."""
    pos = _set_up(make_position, pg)
    d = pos.decision
    assert (d.kind, d.side, d.then, d.private, d.rule) == ("roll", "b", "mine_draw", True, "16.6")
    pos.push_text("answer dice 1,1")
    d = pos.decision
    assert (d.kind, d.then, d.private) == ("hexes", "mine_place", True)
    assert sorted(pos.label(h) for h in d.hexes) == ["C5", "D5", "E5"]
    assert "2 attack points" in d.prompt
    with pytest.raises(IllegalAction):
        pos.push_text("answer hex L8")
    pos.push_text("answer hex C5")
    pos.push_text("answer dice 1,1")
    assert "1 attack points" in pos.decision.prompt
    pos.push_text("answer hex D5")
    assert pos.game.gstate(pos.state).mines_laid == (("C5", "b", 2), ("D5", "b", 1))
    assert pos.decision is None or pos.decision.then not in ("mine_draw", "mine_place")


def test_a_roll_past_the_last_whole_multiple_rolls_again(make_position: Any, pg: Any) -> None:
    """16.6 at random from a cup of 5: 6,6 reads 35, at or above 5 * (36 // 5) = 35, so it is rolled again;
    6,5 reads 34 and draws 34 % 5 = 4, the DECOY."""
    pos = _set_up(make_position, pg, {"minefield_cup": {"b": {"cup": [2, 1, 1, 1, 0], "draw": 1}}})
    pos.push_text("answer dice 6,6")
    assert pos.decision.then == "mine_draw"
    pos.push_text("answer dice 6,5")  # 34 % 5 = 4: the DECOY
    assert "a DECOY" in pos.decision.prompt


def test_a_drawn_minefield_attacks_the_enemy_entering(make_position: Any, pg: Any) -> None:
    """16.6: the drawn 2-point marker in C5 rolls two dice for its owner when a's unit enters."""
    pos = _set_up(make_position, pg, {"minefield_cup": {"b": {"cup": [2], "draw": 1, "area": ["C5"]}}})
    pos.push_text("answer dice 3,3")
    pos.push_text("answer hex C5")
    pos.push_text("move i C3-C4-C5")
    d = pos.decision
    assert (d.kind, d.side, d.then) == ("roll", "b", "mine") and "die 1 of 2" in d.prompt


@pytest.mark.parametrize("bad,where", [
    ({"b": {"cup": [2], "draw": 2}}, "draw"),
    ({"b": {"cup": ["x"], "draw": 1}}, "cup"),
    ({"z": {"cup": [1], "draw": 1}}, "z"),
    ({"b": {"cup": [1], "draw": 1, "area": ["ZZ99"]}}, "area"),
])
def test_bad_cup_data_names_the_place(make_position: Any, pg: Any, bad: Any, where: str) -> None:
    with pytest.raises(DataError, match=f"minefield_cup.*{where}"):
        _set_up(make_position, pg, {"minefield_cup": bad})


def test_the_table_is_told_where_each_marker_goes_face_down(make_position: Any, pg: Any) -> None:
    """16.6: the marker is placed face down, so its hex is seen by both sides: once b places it in C5, the
    change owed to the board says so (lit there), and it names no attack points."""
    pos = _set_up(make_position, pg)
    pos.push_text("answer dice 1,1")  # the 2-point marker
    before = pos.state
    pos.push_text("answer hex C5")
    told = [p for p in pos.game.physical_changes(before, pos.state) if p.to == "minefield"]
    assert [(p.what, p.hex, p.rule) for p in told] == [("place", pos.map.parse_label("C5"), "16.6")]
    assert told[0].text == "put a minefield marker face down in C5 (16.6)"
    assert "2" not in told[0].text and "attack" not in told[0].text


def test_minefields_of_two_owners_in_one_hex_are_refused_at_load(make_position: Any, pg: Any) -> None:
    """16.6: a hex's minefields are one owner's (the owner rolls their dice, and chooses for leaders)."""
    two = {"minefields": {"C5": [{"side": "a", "points": 1}, {"side": "b", "points": 2}]}}
    with pytest.raises(DataError, match=r"options.minefields.C5: minefields of two owners"):
        _set_up(make_position, pg, two)
    one = {"minefields": {"C5": [{"side": "b", "points": 1}, {"side": "b", "points": 2}]}}
    pos = _set_up(make_position, pg, one)  # one owner's two minefields in a hex load
    assert minecup.laid_owners(pos.scenario) == {"C5": "b"}


def test_a_drawn_marker_is_not_placed_in_the_other_sides_minefield(make_position: Any, pg: Any) -> None:
    """16.6: b's cup may not put a marker in C5, where a's scenario minefield lies; the hex is not offered,
    and naming it is refused."""
    options = {**CUP, "minefields": {"C5": {"side": "a", "points": 1}}}
    pos = _set_up(make_position, pg, options)
    pos.push_text("answer dice 1,1")
    assert sorted(pos.label(h) for h in pos.decision.hexes) == ["D5", "E5"]
    with pytest.raises(IllegalAction):
        pos.push_text("answer hex C5")
    pos.push_text("answer hex D5")
    assert minecup.owner_of(pos.game, pos, "D5") == "b" and minecup.owner_of(pos.game, pos, "C5") == "a"
