"""Fire Team test counters, a position maker on the small test map, and a helper that draws a chosen chit."""

from __future__ import annotations

from typing import Any

import pytest

COUNTERS = {
    "squad": {"type": "squad", "fp": 6, "range": 8, "ma": 5, "steps": 2, "platoon": 1, "cp_loss": 2},
    "squad5": {"type": "squad", "fp": 5, "range": 6, "ma": 5, "steps": 2, "platoon": 1},
    "mg": {"type": "team", "fp": 8, "range": 12, "ma": 4, "steps": 2, "mg": 1, "platoon": 1},
    "dragon": {"type": "team", "fp": 1, "range": 4, "ma": 4, "steps": 2, "platoon": 2, "gm": 12, "missile": 1,
               "gm_bands": "1-20"},
    "heavy": {"type": "team", "fp": 4, "range": 20, "ma": 0, "steps": 1, "heavy": 1},
    "ldr": {"type": "leader", "ma": 5, "recovery": 8, "modifier": 1},
    "m2": {"type": "vehicle", "fp": 6, "range": 10, "ma": 10, "af": 6, "ao": 4, "gm": 15,
           "gm_bands": "7-40,4-6,1-3", "missile": 1, "platoon": 1, "transport": 1},
    "t80": {"type": "vehicle", "fp": 5, "range": 10, "ma": 8, "af": 14, "ao": 4, "gm": 14,
            "gm_bands": "1-12,13-20", "platoon": 4},
}
CP = {"a": {"chits": [5, 4, 3, 3, 2, 1]}, "b": {"chits": [5, 4, 3, 3, 2, 1]}}


def unit(uid: str, hex_: str, counter: str = "squad", side: str = "a", *markers: str) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, "markers": list(markers)}


def chit_dice(pos: Any, side: str, value: int | None = None) -> tuple[int, int]:
    """The two d10 that draw ``side``'s chit (of ``value``, if given) from the cup (command.draw_index)."""
    cup = pos.game.cp(pos.state).cup
    i = next(n for n, (s, v) in enumerate(cup) if s == side and (value is None or v == value))
    return (i + 1) // 10 or 10, (i + 1) % 10 or 10  # a d10 shows 10 for 0


def draw(pos: Any, side: str, value: int | None = None) -> None:
    """Answer the open chit draw with the dice that draw ``side``'s chit."""
    assert pos.decision is not None and pos.decision.then == "draw", str(pos)
    tens, units = chit_dice(pos, side, value)
    pos.push_text(f"answer dice {tens},{units}")


@pytest.fixture
def ft(make_position: Any) -> Any:
    def make(units: list[dict[str, Any]], phase: str = "action", cp: dict[str, Any] | None = None,
             impulse: str | None = "a", **kw: Any) -> Any:
        options = {"cp": cp or CP, **kw.pop("options", {})}
        counters = {**COUNTERS, **kw.pop("counters_extra", {})}
        pos = make_position("fireteam", units, phase, counters=counters, options=options, **kw)
        if impulse and phase == "action":
            draw(pos, impulse, 5)
        return pos

    return make
