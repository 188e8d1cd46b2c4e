"""Which units share one Random Selection after an IFT attack (A7.301, A7.302, A.9, D.8). Pure.

A7.301, A7.302: a KIA or K result is applied among the target units of the Location by Random Selection
(A.9). D.8, D.8B: the exposed PRC of a vehicle in that Location take the attack as a General Collateral
attack, resolved at once as a separate attack with the same Original DR, as if they were the only target.
So a result the PRC get is applied among them alone: when the units aboard a vehicle and the other units of
the Location get the same K or KIA result, each set has its own Random Selection (the units aboard each
vehicle their own, as D.8B gives each vehicle's PRC their own collateral attack); one unit is never picked
for the other's result.
"""

from __future__ import annotations

from collections.abc import Mapping

from hexmate.rules.games.asl import armour
from hexmate.rules.games.base import Position


def groups(position: Position, results: Mapping[str, str]) -> list[tuple[str, list[str]]]:
    """The (result, units) sets of an attack's results, in the order first met: one per Location (A7.302, as
    under Spraying Fire's two Locations), units aboard a vehicle apart from the rest, by vehicle (D.8)."""
    pool = {u.id: u for u in getattr(position.state.game, "aside", ())}
    pool.update(position.units)
    out: dict[tuple[str, str, str], list[str]] = {}
    for uid, result in results.items():
        unit = pool.get(uid)
        carrier = pool.get(unit.carrier or "") if unit is not None else None
        aboard = carrier.id if carrier is not None and armour.is_vehicle(carrier) else ""
        where = f"{unit.hex}/{unit.level}" if unit is not None else ""  # A7.302: per Location
        out.setdefault((result, where, aboard), []).append(uid)
    return [(result, ids) for (result, _, _), ids in out.items()]
