"""The Charge offered among the legal actions (cavcharge.py; A13.6), so the page lists it. Numbers from the
text: the 3 hexes of the declaration, the 3 MF more paid with the target's entry; the 1 MF of Open Ground is
the A13.6 example's entry into K5."""

from __future__ import annotations

from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.games import Position
from hexmate.rules.games.asl import cavalry
from hexmate.rules.games.asl import units as au

from .test_cavalry import _charge_through

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _pos(make_position: Any, *extra: dict[str, Any], mounted: bool = True) -> Position:
    units = [{"id": "a-cav", "counter": "4-4-7", "side": "a", "hex": "F8",
              "markers": [cavalry.MOUNTED] if mounted else []},
             {"id": "a-horse", "counter": "HORSE3", "side": "a", "hex": "F8",
              **({"carrier": "a-cav"} if mounted else {})}, *extra]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    return pos


def _charges(pos: Position) -> list[act.Move]:
    return [a for a in pos.legal_actions if isinstance(a, act.Move) and a.mode == cavalry.CHARGE]


def test_a13_6_a_charge_is_offered_and_listed(make_position: Any) -> None:
    """A13.6: the enemy 4-4-7 four hexes off in Open Ground: the Charge is offered at 4 + 3 = 7 MF, and the
    page lists it (game.listed_move: no placement makes it)."""
    pos = _pos(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F4"})
    offered = _charges(pos)
    assert [pos.label(m.path[-1]) for m in offered] == ["F4"]
    move = offered[0]
    assert move.units == ("a-cav", "a-horse") and move.cost == 7 and len(move.path) == 5
    assert pos.game.listed_move(pos, move)
    assert pos.action_text(move) == "move a-cav,a-horse F8-F7-F6-F5-F4 cost 7 as charge"
    assert not pos.game.listed_move(pos, act.Move(("a-cav", "a-horse"), move.path[:2], 1))


def test_a13_6_no_charge_offered_nearer_than_3_hexes_or_on_foot(make_position: Any) -> None:
    """A13.6: a target 2 hexes off is not offered (the declaration is made 3 hexes or more away); nor is a
    Charge by a unit on foot, nor outside the MPh."""
    near = _pos(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F6"})
    assert _charges(near) == []
    foot = _pos(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F4"}, mounted=False)
    assert _charges(foot) == []
    concealed = _pos(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F4",
                                     "concealed": True})
    assert _charges(concealed) == []  # A13.6: Known enemy units only


LEADER = ({"id": "a-l", "counter": "8-0", "side": "a", "hex": "F8", "markers": [cavalry.MOUNTED]},
          {"id": "a-h1", "counter": "HORSE1", "side": "a", "hex": "F8", "carrier": "a-l"})


def test_a13_6_a_stack_charges_together_lit_on_lifting_it(make_position: Any) -> None:
    """A13.6 (its example: a 4-4-7 and an 8-0, each on its horses, charge together): lifting the stack lights
    the target F4, four hexes off, the placement there being the stack's Charge (4 + 3 = 7 MF); played, the
    two attack it together, one TPBF attack of both."""
    pos = _pos(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F4"}, *LEADER)
    lit = pos.legal_actions.moves_for({"a-cav", "a-horse", "a-l", "a-h1"})
    f4 = pos.map.parse_label("F4")
    move = lit[f4]
    assert (move.mode, move.cost, set(move.units)) == (cavalry.CHARGE, 7, {"a-cav", "a-horse", "a-l", "a-h1"})
    assert move in _charges(pos)
    _charge_through(pos, pos.action_text(move), "F4")  # b-2's forced FPF (A13.351) rolls 6,6: no effect
    top = pos.decision
    assert top is not None and top.rule == "A13.6" and set(top.subject) == {"a-cav", "a-l"}


def test_a13_6_a_further_charge_is_offered_and_lit(make_position: Any) -> None:
    """A13.6, A13.61: the 4-4-7 that charged F4 (7 of its 20 gallop MF) and attacked may go on with 13 MF
    and Charge the 4-4-7 in F2, 2 hexes on (no 3-hex test for a further Charge): 2 + 3 = 5 MF, offered and lit
    on lifting it."""
    pos = _pos(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F4"},
               {"id": "b-3", "counter": "4-4-7r", "side": "b", "hex": "F2"})
    _charge_through(pos, "move a-cav,a-horse F8-F7-F6-F5-F4 as charge", "F4")
    pos.push_text("answer dice 6,6")  # the Charge's own attack: no effect
    while pos.decision is not None:
        top = pos.decision
        pos.push_text(f"answer units {top.units[0]}" if top.kind == "units" else "answer dice 1,2")
    lit = pos.legal_actions.moves_for({"a-cav", "a-horse"})
    move = lit[pos.map.parse_label("F2")]
    assert (move.mode, move.cost, pos.action_text(move)) == (
        cavalry.CHARGE, 5, "move a-cav,a-horse F4-F3-F2 cost 5 as charge")
    assert move in _charges(pos)
