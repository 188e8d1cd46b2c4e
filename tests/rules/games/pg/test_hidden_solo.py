"""The solitaire procedure for hidden units (17.0, ``options.hidden_solo``): twice as many possible places
as hidden units, the units in a cup with as many MOVED/FIRED markers; a moving unit bringing a place into its
LOS and spotting range draws from the cup: a unit is placed there and may take opportunity fire, a marker is
thrown away; the place's SPOTTED marker comes off either way."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError

from .conftest import unit as _u

WOODS = {"K8": {"terrain": "woods"}, "K7": {"terrain": "woods"}}
SOLO = {"hidden_solo": {"b": {"units": ["b1", "b2"], "places": ["E4", "K8", "K7"]}}}
UNITS = [_u("a1", "A4"), _u("b1", "L8", "inf", "b"), _u("b2", "L8", "inf", "b"), _u("b3", "L1", "inf", "b")]


def _pos(make_position: Any, pg: Any) -> Any:
    return pg(make_position, UNITS, hexes=WOODS, options=SOLO)


def test_a_place_in_sight_draws_a_unit_which_is_placed_and_may_fire(make_position: Any, pg: Any) -> None:
    """a1 steps to B4: E4, 3 hexes off in the open (by day seen from 12), is in sight; the woods places K7
    and K8 are not. The cup holds b1, b2 and two MOVED/FIRED markers: dice 1,1 read 0: b1, placed in E4,
    revealed, and b is offered opportunity fire at a1 (13.0). The table is told to take E4's marker off."""
    pos = _pos(make_position, pg)
    assert pos.units["b1"].hex is None and pos.units["b2"].hex is None
    before = pos.state
    pos.push_text("move a1 A4-B4")
    d = pos.decision
    assert (d.kind, d.then, pos.label(d.target)) == ("roll", "solo_draw", "E4") and "E4" in d.prompt
    taken = [p for p in pos.game.physical_changes(before, pos.state) if p.rule == "17.0" and p.what == "take"]
    assert [pos.label(p.hex) for p in taken] == ["E4"]
    pos.push_text("answer dice 1,1")
    assert pos.label(pos.units["b1"].hex) == "E4" and pos.units["b2"].hex is None
    d = pos.decision
    assert d is not None and d.kind == "react" and d.side == "b"
    left = [u for _, u in pos.game.gstate(pos.state).solo_cup]
    assert left == ["b2", "-", "-"]
    assert sorted(pos.label(h) for _, h in pos.game.gstate(pos.state).solo_places) == ["K7", "K8"]
    pos.push_text("fire b1 at B4")  # its opportunity fire at the mover
    assert pos.last_resolution is not None or pos.decision is not None


def test_a_moved_fired_marker_drawn_is_thrown_away(make_position: Any, pg: Any) -> None:
    """Dice 1,3 read 2 of the 4 in the cup: a MOVED/FIRED marker: nothing is placed, it leaves the cup."""
    pos = _pos(make_position, pg)
    pos.push_text("move a1 A4-B4")
    pos.push_text("answer dice 1,3")
    assert pos.units["b1"].hex is None and pos.units["b2"].hex is None
    assert [u for _, u in pos.game.gstate(pos.state).solo_cup] == ["b1", "b2", "-"]


@pytest.mark.parametrize("solo,match", [
    ({"b": {"units": ["b1"], "places": ["E4", "K8", "K7"]}}, "at most twice as many"),
    ({"b": {"units": ["a1"], "places": ["E4"]}}, "units: must be a list of b's"),
    ({"b": {"units": ["b1"], "places": ["ZZ99"]}}, "not a hex of the map"),
])
def test_bad_solitaire_data_names_the_place(make_position: Any, pg: Any, solo: Any, match: str) -> None:
    with pytest.raises(DataError, match=f"hidden_solo.*{match}"):
        pg(make_position, UNITS, hexes=WOODS, options={"hidden_solo": solo})


AT_GUN = {"atg": {"type": "gun", "at": 5, "at_range": 6, "ma": 0, "morale": 7, "steps": 1}}


def _answer_all(pos: Any, dice: list[str]) -> list[str]:
    """Answer the draws with ``dice`` in turn and pass any fire offered; returns what was asked, in order."""
    asked = []
    while pos.decision is not None:
        d = pos.decision
        asked.append(d.then)
        pos.push_text(f"answer dice {dice.pop(0)}" if d.then == "solo_draw" else "answer pass")
    return asked


def test_a_place_standing_for_a_stack_draws_as_many_counters(make_position: Any, pg: Any) -> None:
    """17.0: a marker may stand for units that may be stacked (fewer markers): E4 stands for 2 of the 4
    possible positions (2 hidden units x 2). In sight, two counters are drawn: 1,1 reads 0 of 4 (b1), then
    1,1 reads 0 of the 3 left (b2): both are placed in E4."""
    solo = {"hidden_solo": {"b": {"units": ["b1", "b2"], "places": [{"hex": "E4", "count": 2}, "K8", "K7"]}}}
    pos = pg(make_position, UNITS, hexes=WOODS, options=solo)
    pos.push_text("move a1 A4-B4")
    draws = [d for d in pos.state.decisions if d.then == "solo_draw"]
    assert len(draws) == 2 and all(pos.label(d.target) == "E4" for d in draws)
    asked = _answer_all(pos, ["1,1", "1,1"])
    assert asked.count("solo_draw") == 2
    assert pos.label(pos.units["b1"].hex) == "E4" and pos.label(pos.units["b2"].hex) == "E4"
    assert [u for _, u in pos.game.gstate(pos.state).solo_cup] == ["-", "-"]


def test_separate_at_and_df_cups(make_position: Any, pg: Any) -> None:
    """17.0's option: the AT gun goes in the AT cup with one MOVED/FIRED marker, the INF in the DF cup with
    another. E4 draws from the AT cup: 1,1 reads 0 of 2, the gun; the DF cup is untouched."""
    units = [_u("a1", "A4"), _u("b1", "L8", "inf", "b"), _u("g", "L8", "atg", "b")]
    solo = {"hidden_solo": {"b": {"units": ["b1", "g"], "cups": "separate",
                                  "places": [{"hex": "E4", "cup": "at"}, {"hex": "K8", "cup": "df"}]}}}
    pos = pg(make_position, units, hexes=WOODS, options=solo, counters_extra=AT_GUN)
    cup = pos.game.gstate(pos.state).solo_cup
    assert sorted(cup) == [("b/at", "-"), ("b/at", "g"), ("b/df", "-"), ("b/df", "b1")]
    pos.push_text("move a1 A4-B4")
    _answer_all(pos, ["1,1"])
    assert pos.label(pos.units["g"].hex) == "E4" and pos.units["b1"].hex is None
    assert sorted(pos.game.gstate(pos.state).solo_cup) == [("b/at", "-"), ("b/df", "-"), ("b/df", "b1")]


def test_a_drawn_leader_is_placed_but_offered_no_fire(make_position: Any, pg: Any) -> None:
    """17.0 fires only with a drawn unit able to fire; a leader (no fire values, 1.2) is placed, revealed,
    and b is offered no opportunity fire for him."""
    units = [_u("a1", "A4"), _u("bl", "L8", "ldr", "b"), _u("b3", "L1", "inf", "b")]
    pos = pg(make_position, units, hexes=WOODS, options={"hidden_solo": {"b": {"units": ["bl"],
                                                                                "places": ["E4"]}}})
    pos.push_text("move a1 A4-B4")
    asked = _answer_all(pos, ["1,1"])
    assert asked == ["solo_draw"]
    assert pos.label(pos.units["bl"].hex) == "E4" and not pos.units["bl"].concealed


@pytest.mark.parametrize("solo,match", [
    ({"b": {"units": ["b1"], "places": [{"hex": "E4", "count": 3}]}}, "at most twice as many"),
    ({"b": {"units": ["b1", "b2"], "cups": "separate", "places": ["E4"]}}, r"cup: 'at' or 'df'"),
    ({"b": {"units": ["b1"], "places": [{"hex": "E4", "cup": "at"}]}}, "only with"),
    ({"b": {"units": ["b1"], "cups": "separate", "places": [{"hex": "E4", "cup": "at"}]}}, "holds no unit"),
])
def test_bad_stack_and_cup_data_names_the_place(make_position: Any, pg: Any, solo: Any, match: str) -> None:
    with pytest.raises(DataError, match=f"hidden_solo.*{match}"):
        pg(make_position, UNITS, hexes=WOODS, options={"hidden_solo": solo})
