"""D6.5: units unloaded from a stopped vehicle go on moving from its Location with the MF they have left, as
part of that vehicle's MPh: 4 MF (A4.11) less 1 MF to unload and 1 MF per quarter of the vehicle's MP
allowance (FRU) spent before; apart from one another, the vehicle's moves between theirs, no other unit's."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position

from .test_armour import pass_reactions
from .test_transport import ALL, make

SQUAD = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-v"}
SQUAD2 = {**SQUAD, "id": "a-sq2", "counter": "4-4-7"}
WALKER = {"id": "a-w", "counter": "4-6-7", "side": "a", "hex": "A1"}


def reach(pos: Position, *units: str) -> dict[str, Any]:
    return {pos.label(h): m.cost for h, m in pos.legal_actions.moves_for(set(units)).items()}


def test_d6_5_unloaded_at_once_goes_on_with_3_mf(make_position: Any) -> None:
    """The demo halftrack (13 MP) unloads before it has spent any MP: the squad spends 1 MF to unload and
    counts no quarter spent, so 3 of its 4 MF are left: three open-ground hexes, not four."""
    pos = make(make_position, "ht", SQUAD)
    pos.push_text("unload a-v")
    pass_reactions(pos)
    sq = pos.units["a-sq"]
    assert sq.carrier is None and pos.label(sq.hex) == "C5"
    costs = reach(pos, "a-sq")
    assert costs["F5"] == 3 and "G5" not in costs
    pos.push_text("move a-sq C5-D5-E5-F5")
    pass_reactions(pos)
    assert pos.label(pos.units["a-sq"].hex) == "F5" and not pos.units["a-sq"].has("unloaded")


def test_d6_5_the_quarters_the_vehicle_spent_count_as_mf(make_position: Any) -> None:
    """The halftrack moves C5-D5 (start 1 + open ground 1) and stops (1): 3 MP of 13 spent, one quarter
    (13/4 = 3.25, FRU): the squad counts 1 MF spent + 1 MF to unload, and goes on with 2 MF."""
    pos = make(make_position, "ht", SQUAD)
    pos.push_text("move a-v C5-D5")
    pass_reactions(pos)
    pos.push_text("answer keep")  # stop in D5
    pass_reactions(pos)
    pos.push_text("unload a-v")
    pass_reactions(pos)
    costs = reach(pos, "a-sq")
    assert costs["F5"] == 2 and "G5" not in costs


def test_d6_5_unloaded_units_move_apart_the_vehicle_between_them(make_position: Any) -> None:
    """Two squads unloaded together need not move as a stack: one moves, the halftrack moves on, the other
    still goes on with its own 3 MF; once all have moved, none moves again."""
    pos = make(make_position, "ht", SQUAD, SQUAD2)
    pos.push_text("unload a-v")
    pass_reactions(pos)
    pos.push_text("move a-sq C5-C4")
    pass_reactions(pos)
    pos.push_text("move a-v C5-D5")
    pass_reactions(pos)
    pos.push_text("answer keep")  # its facing kept, D2.11
    pass_reactions(pos)
    assert pos.label(pos.units["a-v"].hex) == "D5" and reach(pos, "a-sq2")["F5"] == 3
    pos.push_text("move a-sq2 C5-D5-E5")
    pass_reactions(pos)
    with pytest.raises(IllegalAction, match=r"A4\.2"):
        pos.push_text("move a-sq C4-C3")


def test_d6_5_another_units_move_ends_the_going_on(make_position: Any) -> None:
    """A4.2: a unit that was not aboard moves: the unloaded squad's move is over; it stays where it
    unloaded."""
    pos = make(make_position, "ht", SQUAD, WALKER)
    pos.push_text("unload a-v")
    pass_reactions(pos)
    pos.push_text("move a-w A1-A2")
    pass_reactions(pos)
    with pytest.raises(IllegalAction, match=r"A4\.2"):
        pos.push_text("move a-sq C5-D5")


def test_d6_5_unloaded_from_a_prep_fired_vehicle_stays(make_position: Any) -> None:
    """D6.5: passengers of a vehicle that fired in the PFPh may unload, but not leave its Location that
    MPh."""
    ht = {"id": "a-v", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0", "prep_fire"]}
    units = [ht, SQUAD]
    pos: Position = make_position("asl", units, "MPh", counters=ALL)
    pos.push_text("unload a-v")
    pass_reactions(pos)
    assert pos.units["a-sq"].carrier is None
    with pytest.raises(IllegalAction, match=r"A4\.2"):
        pos.push_text("move a-sq C5-D5")
