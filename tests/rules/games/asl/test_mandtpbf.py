"""A8.312: the non-phasing infantry must attack the multi-man counters that enter their Location, at once,
before the move goes on (mandtpbf.py). The case is the A8.41 example's: a berserk Russian 3-2-8 HS enters
X2 (here D3, a stone building) where a German 4-6-7 with a LMG, directed by an 8-1, has already First Fired;
they must Subsequent First Fire at it with 7 x3 (TPBF) x1/2 (Area Fire) = 10 1/2 FP and +1 DRM (+3 TEM,
-1 FFNAM, -1 leadership). Counters from the demo catalogue (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def example(make_position: Any, *defender_markers: str) -> Any:
    units = [
        {"id": "a-1", "counter": "3-2-8", "side": "a", "hex": "D1", "markers": ["berserk"]},
        {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "D3", "markers": list(defender_markers)},
        {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "D3", "carrier": "b-1",
         "markers": list(defender_markers)},
        {"id": "b-ldr", "counter": "8-1", "side": "b", "hex": "D3", "markers": list(defender_markers)},
    ]
    return make_position("asl", units, "MPh", counters=COUNTERS, hexes={"D3": "stone-building"})


def to_d3(pos: Any) -> None:
    pos.push_text("move a-1 D1-D2-D3")
    while pos.decision is not None and pos.label(pos.decision.target) != "D3":
        pos.push_text("answer pass")  # D2: no fire there


def test_the_window_where_they_entered_is_not_passed_until_they_are_attacked(make_position: Any) -> None:
    pos = example(make_position, "first_fire")
    to_d3(pos)
    assert pos.decision is not None and pos.decision.kind == "react"
    with pytest.raises(IllegalAction, match=r"b-1 must attack the infantry that entered their "
                                            r"Location .* \(A8\.312\)"):
        pos.push_text("answer pass")
    assert "answer pass" not in {a.text() for a in pos.legal_actions}
    fire = pos.parse_action("fire b-1,b-lmg,b-ldr at D3 dice 3,4")
    text = pos.resolve(fire).text()
    assert "10 1/2 FP -> 8 column" in text  # 7 FP x3 TPBF x1/2 Area Fire (SFF)
    assert "Final DR: 7 +1 = 8 (A7.3)" in text  # +3 TEM -1 FFNAM -1 leadership
    pos.push(fire)
    while pos.decision is not None and pos.decision.kind == "roll":
        pos.push_text("answer dice 2,3")
    if pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")  # they have attacked: the window may close


def test_only_the_units_of_the_location_entered_owe_it(make_position: Any) -> None:
    """A8.312 binds the units of the Location entered: next door (D4) they may pass at D3; when the charge
    enters D4, they may not."""
    units = [
        {"id": "a-1", "counter": "3-2-8", "side": "a", "hex": "D1", "markers": ["berserk"]},
        {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "D4"},
    ]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"D4": "stone-building"})
    pos.push_text("move a-1 D1-D2-D3-D4")
    while pos.decision is not None and pos.label(pos.decision.target) != "D4":
        pos.push_text("answer pass")  # D2, D3: a choice, not a duty
    assert pos.decision is not None and pos.decision.kind == "react"
    with pytest.raises(IllegalAction, match=r"\(A8\.312\)"):
        pos.push_text("answer pass")
    pos.push_text("fire b-1 at D4 dice 6,5")
    while pos.decision is not None and pos.decision.kind == "roll":
        pos.push_text("answer dice 2,3")
    if pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
