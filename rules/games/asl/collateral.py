"""ASL General Collateral attack on the units aboard an unarmored vehicle (A7.308, D6.7, D.8, D.8B). Pure.

An infantry attack on a Location that holds an unarmored vehicle also attacks the units aboard it (their
passengers are always exposed, D6.7): a General Collateral attack with the attack's FP and its Original DR
(D.8), modified as if they were the only target (D.8B), but without FFNAM or FFMO (D.6) and without a TEM the
terrain gives infantry only (the A7.308 example: the shellhole's +1 counts for the squad, not for the truck or
the HS aboard it). There is none when the same DR destroys the vehicle (D.8, D5.6): a burning wreck takes its
passengers with it, a destroyed one leaves each to its Survival DR (D6.9), and a survivor is not hit by that
attack again (A7.308). fire.py asks ``aboard`` and ``doomed`` while it works out the attack; unarmored.py
applies the vehicle's result after it.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexmate.rules.games.asl import armour, unarmored
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex


def trucks(position: Position, target: Hex, side: str) -> list[UnitState]:
    """The enemy unarmored vehicles in the target Location, not wrecks, in the order the vehicle line takes
    them (A7.308); an infantry view keeps them aside (armour.infantry_view)."""
    pool = {u.id: u for u in getattr(position.state.game, "aside", ())}
    pool.update(position.units)
    return sorted((u for u in pool.values() if u.hex == target and u.side != side and armour.is_vehicle(u)
                   and not armour.vtype(u).armored and not u.has("wreck")
                   and armour.vtype(u).movement != "motorcycle"),  # D15.5: fire is at the riders
                  key=lambda u: u.id)


def aboard(position: Position, targets: Sequence[UnitState], side: str) -> dict[str, list[UnitState]]:
    """D6.7, D.8B: the targets aboard each unarmored vehicle of the Location, by vehicle id."""
    if not targets or targets[0].hex is None:
        return {}
    ids = {t.id for t in trucks(position, targets[0].hex, side)}
    out: dict[str, list[UnitState]] = {}
    for unit in targets:
        if unit.carrier in ids:
            out.setdefault(unit.carrier or "", []).append(unit)
    return out


def doomed(position: Position, target: Hex, side: str, column: int, final: int) -> dict[str, str]:
    """A7.308: the vehicles the attack's DR destroys or burns on the vehicle line (no more of them than the
    column's largest KIA), by id: their passengers take no collateral attack (D.8)."""
    kill = unarmored.kill_number(position.charts.chart("ift_vehicle"), column)
    cap = unarmored.most_vehicles(position.charts.chart("ift"), column)
    got = {t.id: unarmored.result(final, kill) for t in trucks(position, target, side)[:cap]}
    return {tid: r for tid, r in got.items() if r in ("destroyed", "burning")}


__all__ = ["aboard", "doomed", "trucks"]
