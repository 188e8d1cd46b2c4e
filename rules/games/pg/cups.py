"""PG's cups drawn from in secret at set-up (16.1 strongpoints, 16.6 minefields): the scenario option both
use, ``{side: {"cup": [...], "draw": n, "area": [hex labels]}}``, checked once. Pure.

What a cup holds differs (a strongpoint cup names units, a minefield cup lists attack points), so each
reader passes its own check of the cup's contents; a DataError names the file and the place."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hexmate.rules.errors import DataError
from hexmate.rules.scenario import Scenario

MOST = 36  # two dice draw from the cup (draw_index)


def read(scenario: Scenario, key: str, what: str,
         check_cup: Callable[[str, str, list[Any]], None]) -> dict[str, dict[str, Any]]:
    """``options.<key>`` checked: sides of the scenario, only the known keys, a cup of at most 36 ``what``
    (``check_cup(where, side, cup)`` raises on bad contents), a draw from 1 to the cup's size, an area of hex
    labels."""
    raw: Any = scenario.options.get(key, {})
    where = f"{scenario.source}: options.{key}"
    if not isinstance(raw, dict):
        raise DataError(f"{where}: must be an object of sides")
    sides = {scenario.first_side, scenario.second_side}
    out: dict[str, dict[str, Any]] = {}
    for side, entry in raw.items():
        if side not in sides:
            raise DataError(f"{where}.{side}: not a side of this scenario")
        if not isinstance(entry, dict):
            raise DataError(f"{where}.{side}: must be an object with 'cup' and 'draw'")
        extra = sorted(set(entry) - {"cup", "draw", "area"})
        if extra:
            raise DataError(f"{where}.{side}: unknown key(s) {extra}")
        cup, draw, area = entry.get("cup"), entry.get("draw"), entry.get("area", [])
        if not isinstance(cup, list) or not cup:
            raise DataError(f"{where}.{side}.cup: must be a non-empty list of {what}")
        check_cup(f"{where}.{side}.cup", side, cup)
        if len(cup) > MOST:
            raise DataError(f"{where}.{side}.cup: at most {MOST} {what} (two dice draw from it)")
        if not isinstance(draw, int) or not 0 < draw <= len(cup):
            raise DataError(f"{where}.{side}.draw: must be a number from 1 to the cup's {len(cup)} {what}")
        if not isinstance(area, list) or not all(isinstance(a, str) for a in area):
            raise DataError(f"{where}.{side}.area: must be a list of hex labels")
        out[side] = {"cup": list(cup), "draw": draw, "area": list(area)}
    return out
