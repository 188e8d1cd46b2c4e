"""PG test helpers: counters with the digest's worked-example values, and a position past initiative."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games import Position

COUNTERS: dict[str, dict[str, Any]] = {
    "inf": {"type": "personnel", "df": 5, "df_range": 3, "ma": 3, "morale": 8, "reduced_morale": 7,
            "steps": 2},
    "inf4": {"type": "personnel", "df": 4, "df_range": 3, "ma": 3, "morale": 7, "reduced_morale": 6,
             "steps": 2},
    "hmg7": {"type": "personnel", "df": 7, "df_range": 5, "ma": 3, "morale": 8, "steps": 2, "branch": "HMG"},
    "hmg11": {"type": "personnel", "df": 11, "df_range": 5, "ma": 3, "morale": 8, "steps": 2,
              "branch": "HMG"},
    "ldr": {"type": "leader", "ma": 4, "morale": 9, "combat": 1, "morale_mod": 1},
    "ldr10": {"type": "leader", "ma": 4, "morale": 10, "combat": 1, "morale_mod": 1},
}
INIT = {"initiative": {"a": 3, "b": 2}}


def unit(uid: str, hex_: str, counter: str = "inf", side: str = "a", *markers: str) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, "markers": list(markers)}


@pytest.fixture
def pg() -> Any:
    """pg(make_position, units, a=6, b=1, **kw): a position in the Action Phase after the initiative dice
    (a: 6 + 3 = 9 against b: 1 + 2 = 3 gives a three segments); pass ``a=None`` to stop before rolling."""

    def make(make_position: Any, units: list[dict[str, Any]], a: int | None = 6, b: int = 1,
             counters_extra: dict[str, dict[str, Any]] | None = None, options: dict[str, Any] | None = None,
             **kw: Any) -> Position:
        counters = {**COUNTERS, **(counters_extra or {})}
        pos: Position = make_position("pg", units, "initiative", counters=counters,
                                      options={**INIT, **(options or {})}, **kw)
        if a is not None:
            pos.push_text(f"answer dice {a}")
            pos.push_text(f"answer dice {b}")
        return pos

    return make
