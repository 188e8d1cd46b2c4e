"""PG Assault Combat Table shifts of 12.41, from ``assault_shifts.json`` (values the text does not print are
demo values, labelled so in each line):

- terrain of the assault hex (town, woods...): negative, for the current attacker (the active units) only;
  in a later activation the other side, attacking, takes it in turn (12.41's example: a town, -2);
- foxholes: only against defenders actually in them (DUG IN, 16.2); entrenchments: only against defenders
  that held them before the enemy entered (16.4; AFVs, cavalry and transports get no entrenchment benefit).
  In a hex of dug-in and other defenders each group is read on its own column with the one roll (7.52, 16.2);
- combined arms: a side with a non-demoralized closed-top AFV holding tank superiority (11.2) and printing
  both an AT and a DF (or bombardment) value, and a non-demoralized infantry-class unit other than an
  HMG/WPN, both in the assault; other friendly units there change nothing.

None of these take the Assault table below its first column (12.41; ``assault.py`` clamps).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from hexmate.rules.games.base import Line, Position, UnitState
from hexmate.rules.games.pg import antitank as pg_at
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

NOT_INFANTRY = frozenset({"HMG", "WPN", "MTR", "CAV", "MTC", "AA"})


@cache
def table() -> dict[str, Any]:
    path = Path(__file__).parent / "assault_shifts.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _value(entry: dict[str, Any]) -> tuple[int, str]:
    return int(entry["value"]), str(entry["rule"]) + (", demo value" if entry.get("demo") else "")


def _signed(v: int) -> str:
    return f"{v:+d}"


def combined_arms(position: Position, units: list[UnitState]) -> bool:
    """12.41: a good closed-top AFV with tank superiority and AT plus DF/bombardment, and infantry."""
    ok = [u for u in units if not u.has("demoralized")]
    tank = any(pu.is_closed_top(u) and pg_at.superior(position, u) and pu.value(u, "at") > 0
               and (pu.value(u, "df") > 0 or pu.value(u, "bombard") > 0) for u in ok)
    infantry = any(u.type == "personnel" and pu.branch(u) not in NOT_INFANTRY for u in ok)
    return tank and infantry


def side_shifts(position: Position, attacking: bool, units: list[UnitState], h: Hex, who: T) -> list[Line]:
    """The shifts one side's whole fire takes (terrain for the attacker, combined arms for either side);
    each Line's value is the signed shift."""
    out: list[Line] = []
    if attacking:
        from hexmate.rules.games.terrain_view import table_for

        terrain = table_for("pg").table.canonical(position.map.terrain(h))
        entry = table()["terrain"].get(terrain)
        if entry is not None:
            v, rule = _value(entry)
            out.append(Line(T("{who}: assault hex terrain ({terrain}), attacker only", who=who,
                              terrain=terrain), _signed(v), rule))
    if combined_arms(position, units):
        v, rule = _value(table()["combined_arms"])
        out.append(Line(T("{who}: combined arms", who=who), _signed(v), rule))
    return out


def target_shift(unit: UnitState) -> tuple[int, T | None, str]:
    """The attacker's extra shift against one defender: foxholes, else an entrenchment it held (12.41)."""
    if pu.is_leader(unit):
        return 0, None, ""
    if unit.has("in_cave"):  # 16.7: against units in a cave the attacker takes -2 (the text's value)
        v, rule = _value(table()["cave"])
        return v, T("{unit} in a cave", unit=unit.id), rule
    if unit.has("bogged"):  # optional mire (17.0): assaulting a bogged unit is +1
        return 1, T("{unit} bogged down", unit=unit.id), "17.0"
    if unit.has("dug_in") or pu.value(unit, "strongpoint") == 1:  # 16.1: a strongpoint is a permanent foxhole
        v, rule = _value(table()["foxholes"])
        return v, T("{unit} in foxholes", unit=unit.id), rule
    if unit.has("entrenched") and not (unit.type == "vehicle" or pu.branch(unit) == "CAV"):
        v, rule = _value(table()["entrenchment"])
        return v, T("{unit} in an entrenchment it held", unit=unit.id), rule
    return 0, None, ""


__all__ = ["combined_arms", "side_shifts", "table", "target_shift"]
