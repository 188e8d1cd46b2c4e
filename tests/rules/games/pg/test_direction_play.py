"""PG loss of direction (5.8) in play: where the scenario calls for it, each hex a unit is about to enter (not
an assault) takes a 2d6 roll from the table's dice; a 7 (the text's number) keeps it in its hex for that
hex's cost and it may try again with the MP left; a result that breaks a movement rule (off the map) leaves
it where it is with MOVED/FIRED; any other result (the demo diagram, labelled) is the hex entered, after
which the unit names its next hex or stops. The scenario names the sides (or their terrains)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError
from hexmate.rules.games.pg import direction
from hexmate.rules.hexes import neighbors

from .conftest import unit as _u

LOST = {"loss_of_direction": ["a"]}


def _pos(make_position: Any, pg: Any, where: str = "C3", options: dict[str, Any] | None = None,
         **kw: Any) -> Any:
    units = [_u("i1", where, "inf"), _u("b1", "L8", "inf", "b")]
    return pg(make_position, units, options=options if options is not None else LOST, **kw)


def test_the_named_hex_is_entered_on_a_roll_that_keeps_the_hexside(make_position: Any, pg: Any) -> None:
    """5.8: the move names C4, then 2d6 decides; a 6 (demo diagram: the named hexside) enters it."""
    pos = _pos(make_position, pg)
    pos.push_text("move i1 C3-C4-C5")
    top = pos.decision
    assert top is not None and top.kind == "roll" and top.dice == "2d6" and top.rule == "5.8"
    assert top.target == pos.map.parse_label("C4")
    assert pos.label(pos.units["i1"].hex) == "C3"  # nothing entered before the roll
    pos.push_text("answer dice 3,3")
    assert pos.decision is not None and pos.decision.target == pos.map.parse_label("C5")  # the next step
    pos.push_text("answer dice 2,4")
    assert pos.label(pos.units["i1"].hex) == "C5" and pos.units["i1"].has("moved_fired")
    assert pos.state.resolution is not None and pos.state.resolution.demo  # the diagram is demo values


def test_sevens_keep_it_in_place_paying_its_own_hex_until_its_mp_are_spent(make_position: Any,
                                                                            pg: Any) -> None:
    """5.8: a 7 pays the cost of the hex it is in (clear, 1 MP) without moving, and it may try again while
    MP are left: MA 3 gives three tries at a 1-MP hex; after the third 7 the move is over, in C3."""
    pos = _pos(make_position, pg)
    pos.push_text("move i1 C3-C4")
    for _ in range(2):
        pos.push_text("answer dice 3,4")
        top = pos.decision
        assert top is not None and top.then == "lost_way" and top.choices == ("stop",)  # a try again
        assert pos.label(pos.units["i1"].hex) == "C3"
    pos.push_text("answer dice 5,2")
    assert pos.decision is None or pos.decision.then != "lost_way"
    i1 = pos.units["i1"]
    assert pos.label(i1.hex) == "C3" and i1.has("moved_fired")
    assert pos.physical_hex("i1") == i1.hex  # the table is told the counter stays in C3


def test_a_try_again_may_be_given_up(make_position: Any, pg: Any) -> None:
    """5.8: trying again is allowed, not forced."""
    pos = _pos(make_position, pg)
    pos.push_text("move i1 C3-C4")
    pos.push_text("answer dice 3,4")
    pos.push_text("answer stop")
    assert pos.label(pos.units["i1"].hex) == "C3" and pos.units["i1"].has("moved_fired")


def test_led_astray_it_names_its_next_hex(make_position: Any, pg: Any) -> None:
    """Demo diagram: a 9 turns one hexside clockwise from the named one; the unit enters that hex (1 MP) and,
    with MP left, names the hex it heads for next; that step is rolled for again."""
    pos = _pos(make_position, pg)
    c3 = pos.map.parse_label("C3")
    named = pos.map.parse_label("C4")
    turned = neighbors(c3)[(neighbors(c3).index(named) + 1) % 6]
    pos.push_text("move i1 C3-C4-C5")
    pos.push_text("answer dice 4,5")
    assert pos.units["i1"].hex == turned
    top = pos.decision
    assert top is not None and top.kind == "hexes" and top.then == "lost_next" and "stop" in top.choices
    onward = next(h for h in top.hexes if h != c3)
    pos.push_text(f"answer hex {pos.label(onward)}")
    assert pos.decision is not None and pos.decision.then == "lost_way" and pos.decision.target == onward
    pos.push_text("answer dice 3,3")
    assert pos.units["i1"].hex == onward and pos.units["i1"].has("moved_fired")


def test_a_result_off_the_map_leaves_it_where_it_is_with_moved_fired(make_position: Any, pg: Any) -> None:
    """5.8: a result breaking a movement rule (off the map): it stays and takes MOVED/FIRED."""
    pos = _pos(make_position, pg, where="A1")
    a1 = pos.map.parse_label("A1")
    named = next(n for n in neighbors(a1) if n in pos.map.hexes)
    rolls = {2: "1,1", 3: "1,2", 4: "1,3", 5: "2,3", 9: "4,5", 10: "5,5", 11: "5,6", 12: "6,6"}
    off = [r for r in rolls if direction.lost_way(a1, named, r).hex not in pos.map.hexes]
    assert off, "some demo result from A1 leaves the map"
    dice = rolls[off[0]]
    pos.push_text(f"move i1 A1-{pos.label(named)}")
    pos.push_text(f"answer dice {dice}")
    i1 = pos.units["i1"]
    assert i1.hex == a1 and i1.has("moved_fired")
    assert pos.state.resolution is not None and "movement rule" in str(pos.state.resolution.lines[0].text())


def test_only_the_sides_and_terrains_the_scenario_names_lose_their_way(make_position: Any, pg: Any) -> None:
    """5.8 is a scenario's rule: side b is not named, and a side limited to jungle keeps its way in the
    open."""
    pos = _pos(make_position, pg, options={"loss_of_direction": ["b"]})
    pos.push_text("move i1 C3-C4")
    assert pos.label(pos.units["i1"].hex) == "C4" and pos.decision is None
    pos = _pos(make_position, pg, options={"loss_of_direction": {"a": ["woods"]}}, hexes={"C5": "woods"})
    pos.push_text("move i1 C3-C4-C5")
    top = pos.decision  # C3-C4 in the open is no roll; C4-C5 into the woods is
    assert pos.label(pos.units["i1"].hex) == "C4" and top is not None and top.then == "lost_way"


def test_no_roll_for_the_step_that_begins_an_assault(make_position: Any, pg: Any) -> None:
    """5.8: the roll is not taken for a move into an enemy hex that begins an assault."""
    units = [_u("i1", "C3", "inf"), _u("l1", "C3", "ldr"), _u("b1", "C4", "inf", "b")]
    pos = pg(make_position, units, options=LOST)
    pos.push_text("activate l1")
    pos.push_text("move i1 C3-C4")
    top = pos.decision
    assert top is None or top.then != "lost_way"
    assert pos.label(pos.units["i1"].hex) == "C4"


def test_a_malformed_option_names_the_scenario_and_rule(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, options={"loss_of_direction": "a"})
    with pytest.raises(DataError, match=r"loss_of_direction.*5\.8"):
        pos.push_text("move i1 C3-C4")


def test_a_pending_roll_folds_again_from_the_log(make_position: Any, pg: Any) -> None:
    """State = fold(log): a position replayed from the same actions stands at the same open 5.8 roll, and
    the roll answered there ends as in the first."""
    pos = _pos(make_position, pg)
    pos.push_text("move i1 C3-C4")
    pos.push_text("answer dice 3,4")
    again = _pos(make_position, pg, a=None)
    for text in pos.log_texts():
        again.push_text(text)
    assert again.state == pos.state and again.decision is not None and again.decision.then == "lost_way"
    for p in (pos, again):
        p.push_text("answer dice 3,3")
    assert again.state == pos.state and pos.label(pos.units["i1"].hex) == "C4"


def test_a_pending_roll_survives_a_restart_from_a_checkpoint(make_position: Any, pg: Any) -> None:
    """The record/resume path: the state written as a checkpoint (JSON) at the open 5.8 roll reads back
    equal; the resumed position answers the roll as the live one does and takes back past the checkpoint."""
    import json

    from hexmate.host.game.checkpoint import decode, encode
    from hexmate.host.record import canonical
    from hexmate.rules.games.base import Position

    pos = _pos(make_position, pg)
    pos.push_text("move i1 C3-C4-C5")
    pos.push_text("answer dice 4,5")  # led astray: the next hex is asked
    assert pos.decision is not None and pos.decision.then == "lost_next"
    state = decode(json.loads(canonical(encode(pos.state))))
    assert state == pos.state
    resumed = Position.resumed(pos.game, pos.scenario, pos.map, pos.charts, state, pos.log_texts())
    nxt = next(h for h in pos.decision.hexes if h != pos.map.parse_label("C3"))
    for p in (pos, resumed):
        p.push_text(f"answer hex {p.label(nxt)}")
        p.push_text("answer dice 3,3")
    assert resumed.state == pos.state and pos.units["i1"].hex == nxt
    resumed.pop()
    resumed.pop()
    resumed.pop()
    assert resumed.decision is not None and resumed.decision.then == "lost_way"
