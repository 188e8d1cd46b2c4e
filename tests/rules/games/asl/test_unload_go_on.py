"""D6.5: units unloaded from a stopped vehicle go on moving from its Location with the MF they have left, as
part of that vehicle's MPh: 4 MF (A4.11) less 1 MF to unload and 1 MF per quarter of the vehicle's MP
allowance (FRU) spent before; apart from one another, the vehicle's moves between theirs, no other unit's.
From a bypassing vehicle they go on from the bypassed hex (D2.36); from a platoon AFV once the platoon's MPh
is over (D14.3: the platoon is one stack)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, vbypass

from .test_armour import pass_reactions
from .test_impulse import end, spent, table
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


def test_d6_5_d2_36_unloaded_from_bypass_go_on_from_the_bypassed_hex(make_position: Any) -> None:
    """D2.36, D6.5: the demo halftrack (13 MP) bypasses the woods of D5 (start 1 + twice open ground's 1 = 3
    MP) and stops there (1): 4 MP spent, two quarters (13/4 = 3.25, FRU). The squad unloads in D5, the hex,
    not astride the hexside, counting 2 + 1 MF of its 4 spent: it goes on from D5 with 1 MF, one open-ground
    hex and no further."""
    pos: Position = make_position("asl", [{"id": "a-v", "counter": "ht", "side": "a", "hex": "C5",
                                           "markers": ["vca0"]}, SQUAD], "MPh", counters=ALL,
                                  hexes={"D5": {"terrain": "woods"}})
    pos.push_text("move a-v C5-D5 as bypass")
    pass_reactions(pos)
    assert vbypass.across_of(pos.units["a-v"]) is not None and armour.spent_of(pos.units["a-v"]) == 4
    pos.push_text("unload a-v")
    pass_reactions(pos)
    sq = pos.units["a-sq"]
    assert sq.carrier is None and pos.label(sq.hex) == "D5"
    costs = reach(pos, "a-sq")
    assert costs["E5"] == 1 and all(c == 1 for c in costs.values())
    pos.push_text("move a-sq D5-E5")
    pass_reactions(pos)
    assert pos.label(pos.units["a-sq"].hex) == "E5"


def platoon_pos(tmp_path: Path) -> Position:
    """The D14 examples' T-26S M37 A (11 MP) in 3Y5 and T-26 M33 B (12 MP) in 3Z5, stopped, a squad riding
    each (test_impulse.py's table)."""
    return table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", more=(
        {"id": "sq", "counter": "4-6-7", "side": "a", "hex": "3Z5", "carrier": "B"},
        {"id": "sq2", "counter": "4-6-7", "side": "a", "hex": "3Y5", "carrier": "A"}))


def unload_in_impulse(pos: Position, afv: str) -> None:
    pos.push_text(f"unload {afv}")
    pass_reactions(pos)


def test_d6_5_d14_3_unloaded_from_a_platoon_go_on_after_its_mph(tmp_path: Path) -> None:
    """D6.5 with D14.3: impulse 1, both AFVs delay (1 MP). Impulse 2, B unloads (its quarter, 3 MP, the
    impulse's cost): it had spent 1 MP of 12, one quarter (FRU), so the squad counts 1 + 1 MF spent and has
    2 left. Impulse 3, A unloads after 4 MP spent of its 11: two quarters (11/4 = 2.75), 2 + 1 MF spent, 1
    left. While the platoon moves nothing else does (one stack); once its MPh is over each squad goes on
    with its own MF, apart, the other's move not ending it."""
    pos = platoon_pos(tmp_path)
    pos.push_text("move A 3Y5 as impulse_delay")
    pos.push_text("move B 3Z5 as impulse_delay")
    end(pos, quiet=True)
    unload_in_impulse(pos, "B")
    pos.push_text("move A 3Y5 as impulse_delay")
    end(pos, quiet=True)
    assert [spent(pos, u) for u in "AB"] == [4, 4]
    unload_in_impulse(pos, "A")
    end(pos, quiet=True)
    assert pos.units["sq"].carrier is None and pos.units["sq2"].carrier is None
    with pytest.raises(IllegalAction, match=r"D14\.3"):
        pos.push_text("move sq 3Z5-3Z4")
    pos.push_text("move A,B 3Y5 as impulse_done")
    sq, sq2 = reach(pos, "sq"), reach(pos, "sq2")
    assert sq["3Z4"] == 1 and sq["3Z3"] == 2 and max(sq.values()) == 2
    assert sq2["3Y4"] == 1 and "3Y3" not in sq2
    pos.push_text("move sq 3Z5-3Z4-3Z3")
    pass_reactions(pos)
    assert reach(pos, "sq2")["3Y4"] == 1  # apart: sq's move did not end sq2's
    pos.push_text("move sq2 3Y5-3Y4")
    pass_reactions(pos)
    assert pos.label(pos.units["sq2"].hex) == "3Y4"


def test_d6_5_d14_3_a_platoon_moving_ends_another_vehicles_unloaded(tmp_path: Path) -> None:
    """A4.2, D6.5: a lone vehicle's squad unloaded; then the platoon acts (another stack): the squad's move
    is over."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", more=(
        {"id": "ht", "counter": "t26", "side": "a", "hex": "3T5", "markers": ["vca1"]},
        {"id": "sq", "counter": "4-6-7", "side": "a", "hex": "3T5", "carrier": "ht"}))
    pos.push_text("unload ht")
    pass_reactions(pos)
    assert reach(pos, "sq")
    pos.push_text("move A 3Y5 as impulse_delay")
    pos.push_text("move B 3Z5 as impulse_delay")
    end(pos, quiet=True)
    pos.push_text("move A,B 3Y5 as impulse_done")
    with pytest.raises(IllegalAction, match=r"A4\.2"):
        pos.push_text("move sq 3T5-3T4")
