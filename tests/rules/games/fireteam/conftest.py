"""Fire Team test counters and a position maker on the small test map."""

from __future__ import annotations

from typing import Any

import pytest

COUNTERS = {
    "squad": {"type": "squad", "fp": 6, "range": 8, "ma": 5, "steps": 2},
    "squad5": {"type": "squad", "fp": 5, "range": 6, "ma": 5, "steps": 2},
    "mg": {"type": "team", "fp": 8, "range": 12, "ma": 4, "steps": 2},
    "ldr": {"type": "leader", "ma": 5, "recovery": 8, "modifier": 1},
}


def unit(uid: str, hex_: str, counter: str = "squad", side: str = "a", *markers: str) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, "markers": list(markers)}


@pytest.fixture
def ft(make_position: Any) -> Any:
    def make(units: list[dict[str, Any]], phase: str = "action", **kw: Any) -> Any:
        return make_position("fireteam", units, phase, counters=COUNTERS, **kw)

    return make
