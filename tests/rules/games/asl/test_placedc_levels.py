"""DC placement by Location in a multi-level building (A23.3, A.8, A4.7, A2.8) in play.

A DC goes into an ADJACENT Location: one an infantry unit could advance into (A.8): the next hex at the
placer's own level, or one level up or down its own hex by the stairs (A4.7). The A23.3 example: from Y6
(Open Ground) the squad may place into X5's ground level, not its level 1. Analogue: C1 is a stone building
with a level 1 (X5); C2 is Open Ground (Y6) or, for the upper-level cases, a stone building with a level 1
and the stairs. The 5-4-8 has 4 MF; the IFT's 30 column is the demo pack's (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import mphsw
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
UPPER = {"terrain": "stone-building", "features": ["building-level-1"]}
STAIRS = {"terrain": "stone-building", "features": ["building-level-1", "stairway"]}


def _pos(make_position: Any, hexes: dict[str, Any], units: list[dict[str, Any]]) -> Any:
    return make_position("asl", units, "MPh", counters=COUNTERS, hexes=hexes)


def _passes(pos: Any) -> None:
    """The First Fire window passed; a placed DC's counter then put in its target hex (A23.3)."""
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    if pos.decision is not None and pos.decision.then == "dcp_lay":
        pos.push_text(f"answer hex {pos.label(pos.decision.target)}")


def _to_afph(pos: Any) -> None:
    while pos.phase.id != "AFPh":
        pos.push_text("end" if pos.decision is None else "answer pass")


def test_t16_a23_3_from_y6_the_dc_goes_to_x5_ground_level_not_level_1(make_position: Any) -> None:
    """T16 (A23.3 example): from Open Ground C2 (Y6) the 5-4-8 cannot go straight to level 1 of C1 (X5), so
    its DC is placed at C1's ground level, for 2 MF; in the AFPh it attacks the 5-2-7 there (Original 9, +3
    stone building TEM: 12 on the 30 column, NMC), not the 4-4-7 on level 1, another Location (A2.8)."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-1"},
             {"id": "b-1", "counter": "5-2-7", "side": "b", "hex": "C1"},
             {"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "C1", "level": 1}]
    pos = _pos(make_position, {"C1": UPPER}, units)
    pos.push_text("fire a-dc at C1")
    assert "spends 2 MF in C2 to place a DC in C1:" in pos.decision.prompt
    _passes(pos)
    dc = pos.units["a-dc"]
    assert dc.has("placed_dc") and pos.label(dc.hex) == "C1" and dc.level == 0
    _to_afph(pos)
    assert "a-dc placed in C1 detonates" in pos.decision.prompt
    pos.push_text("answer dice 5,4")
    res = pos.last_resolution
    assert "30 FP -> 30 column, final DR 12 -> NMC" in res.text()
    assert res.results == {"b-1": "NMC"}


def test_a23_3_from_an_upper_level_into_the_next_hex_at_that_level(make_position: Any) -> None:
    """A23.3, A4.7: the 5-4-8 on level 1 of C2 places into level 1 of C1 (the building goes on at that
    level, the A10.5 example's M2 level 2 to N1 level 2), for the 2 MF of entering the stone building; 2 MF
    are left. The DC attacks the 4-4-7 on level 1 (Original 9 + 3: NMC), not the 5-2-7 below."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2", "level": 1},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-1", "level": 1},
             {"id": "b-1", "counter": "5-2-7", "side": "b", "hex": "C1"},
             {"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "C1", "level": 1}]
    pos = _pos(make_position, {"C1": UPPER, "C2": STAIRS}, units)
    pos.push_text("fire a-dc at C1")
    assert "to place a DC in C1 level 1" in pos.decision.prompt
    _passes(pos)
    assert pos.units["a-dc"].level == 1 and mphsw.mf_left(pos.units["a-1"]) == 2
    _to_afph(pos)
    assert "a-dc placed in C1 level 1 detonates" in pos.decision.prompt
    pos.push_text("answer dice 5,4")
    assert pos.last_resolution.results == {"b-2": "NMC"}


def test_a23_3_not_from_an_upper_level_into_a_hex_without_it(make_position: Any) -> None:
    """A.8, A4.7: from level 1 of C2, the ground level of Open Ground C3 is not ADJACENT (across and down at
    once): no DC placed there."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2", "level": 1},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-1", "level": 1},
             {"id": "b-1", "counter": "5-2-7", "side": "b", "hex": "C3"}]
    pos = _pos(make_position, {"C2": STAIRS}, units)
    with pytest.raises(IllegalAction, match=r"C3 has no level 1: a DC is placed into the ADJACENT Location"):
        pos.push_text("fire a-dc at C3")


def test_a23_3_up_the_stairs_of_its_own_hex(make_position: Any) -> None:
    """A.8, A4.7, A23.3: level 1 of its own hex is ADJACENT by the stairs: named at its own hex, the DC may be
    set (A23.7) or placed on level 1 (``h1``: 1 MF by the stairs, locations.py; 3 MF left); it then attacks
    the 4-4-7 up there (Original 9 + 3: NMC), and A23.61 keeps it out of the placer's own Location (h0 is not
    offered)."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C2"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C2", "carrier": "a-1"},
             {"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "C2", "level": 1}]
    pos = _pos(make_position, {"C2": STAIRS}, units)
    pos.push_text("fire a-dc at C2")
    top = pos.decision
    assert (top.then, top.choices) == ("dcp_where", ("set", "h1"))
    with pytest.raises(IllegalAction):
        pos.push_text("answer h0")
    pos.push_text("answer h1")
    assert "spends 1 MF in C2 to place a DC in C2 level 1" in pos.decision.prompt
    _passes(pos)
    assert pos.units["a-dc"].level == 1 and mphsw.mf_left(pos.units["a-1"]) == 3
    _to_afph(pos)
    pos.push_text("answer dice 5,4")
    assert pos.last_resolution.results == {"b-2": "NMC"}
