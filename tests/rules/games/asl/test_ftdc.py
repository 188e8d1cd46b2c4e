"""ASL A22.3: a unit uses a FT or a DC only once a Player Turn. Here the DEFENDER's squad First Fires its FT
at a unit moving adjacent, and may not fire it again as Final Fire in the DFPh (A8.4 alone would allow it at
an adjacent unit). Counters from the test catalogue (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def test_a22_3_a_ft_is_used_once_a_player_turn(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C5"},
             {"id": "b-1", "counter": "5-4-8", "side": "b", "hex": "C4"},
             {"id": "b-ft", "counter": "FT", "side": "b", "hex": "C4", "carrier": "b-1"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-1 C1-C2-C3")
    pos.push_text("answer pass")  # let it enter C3
    pos.push_text("fire b-ft at C3 dice 5,4")  # First Fire (an Elite user's FT runs out of fuel from 10)
    assert pos.units["b-1"].has("ftdc_used")
    while pos.decision is not None:
        pos.push_text("answer pass" if pos.decision.kind != "roll" else "answer dice 6,6")
    pos.push_text("end")  # -> DFPh
    assert pos.phase.id == "DFPh"
    with pytest.raises(IllegalAction, match=r"already used a FT or DC this Player Turn.*A22\.3"):
        pos.push_text("fire b-ft at C3 dice 3,4")
    pos.push_text("fire b-1 at C5 dice 6,6")  # its inherent FP is another matter (A22.3)
