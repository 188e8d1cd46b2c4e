"""A vehicle's facing is a change the players make on the board (D2.11, D3.12): the readers cannot see how a
counter is turned, so the rules ask for it in ``physical_changes`` (armour.facing_changes)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour

from .test_armour import make, pass_reactions


def turns(pos: Position) -> list[tuple[str, str, str]]:
    return [(ph.unit, ph.rule, ph.to) for ph in pos.changes if ph.what == "turn"]


def test_a_turn_in_place_asks_the_players_to_turn_the_counter(make_position: Any) -> None:
    pos = make(make_position, "MPh")
    pos.push_text("move a-pz C5-D5")
    pass_reactions(pos)
    assert pos.decision is not None and pos.decision.then == "vfacing"
    assert pos.units["a-pz"].facing == 0
    pos.push_text("answer hex D6")  # touch it down on D6: one hexspine clockwise, to facing 5 (D2.11)
    assert pos.units["a-pz"].facing == 5
    assert turns(pos) == [("a-pz", "D2.11", "vca5")]
    [ph] = [ph for ph in pos.changes if ph.what == "turn"]
    assert ph.hex == pos.map.parse_label("D5") and "down and to the right" in ph.text
    pass_reactions(pos)  # D2.11, D3.3: the defender may fire after the hexspine
    pos.push_text("answer hex D5")  # set back on its own hex: keep the facing, so nothing to turn
    assert turns(pos) == []


def test_a_move_that_turns_on_the_way_asks_for_the_new_facing(make_position: Any) -> None:
    pos = make(make_position, "MPh")
    pos.push_text("move a-pz C5-C6")  # C6 is beside the VCA: one hexspine turned first (D2.11)
    seen: list[tuple[str, str, str]] = turns(pos)
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
        seen += turns(pos)
    assert ("a-pz", "D2.11", f"vca{pos.units['a-pz'].facing}") in seen
    assert pos.units["a-pz"].facing != 0


def test_unchanged_and_non_vehicle_units_ask_nothing(make_position: Any) -> None:
    pos = make(make_position, "MPh")
    before = pos.state
    assert armour.facing_changes(before, before) == []
    pos.push_text("move a-sq C3-D3")
    assert turns(pos) == []
