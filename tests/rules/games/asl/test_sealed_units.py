"""What the ASL record seals until the game ends (A12.11, A12.12): who is under each '?', dummies included;
units in plain view are public."""

from __future__ import annotations

from typing import Any

from tests.rules.games.conftest import ASL_COUNTERS

COUNTERS = {**ASL_COUNTERS, "dummy": {"type": "dummy"}}


def test_concealed_units_and_dummies_are_sealed_for_their_owner(make_position: Any) -> None:
    units = [
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E2"},
        {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "E3", "concealed": True},
        {"id": "b-d", "counter": "dummy", "side": "b", "hex": "E3", "concealed": True},
        {"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "E5"},
    ]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    assert pos.game.sealed_units(pos) == {"b-1": "b", "b-d": "b"}
