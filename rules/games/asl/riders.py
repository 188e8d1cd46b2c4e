"""ASL riders' limits in play (D6.21, D6.24): riders (infantry carried on an AFV that has no passenger
capacity, D6.2) must bail out when the AFV moves into woods, an orchard, a building, rubble, water or
bocage other than across a road hexside, in the hex it left (D6.21), and when a turreted AFV turns its turret
(D6.21). Bailing out (D6.24): the riders are placed beneath the AFV, take a NMC, and may neither move nor
fire for the rest of the phase (the Prep Fire or Final Fire counter, and their move spent in their own MPh).

Not built: riders' fire (D6.22), riders as targets (D6.23), the SW a bailing rider carries (D6.24's dr), a
rider that breaks or pins bailing out (D6.23).
"""

from __future__ import annotations

import dataclasses

from hexmate.rules.games.asl.aftermath import mc
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex

BARRED = ("woods", "orchard", "wooden-building", "stone-building", "building", "rubble", "water", "bocage")


def carried_riders(state: State, vehicle: UnitState, passengers: int) -> list[UnitState]:
    """The riders on this vehicle: its carried infantry when it has no passenger capacity (D6.1, D6.2)."""
    if passengers:
        return []
    return sorted((u for u in state.units.values() if u.carrier == vehicle.id), key=lambda u: u.id)


def aboard(position: Position, units: tuple[str, ...]) -> str:
    """The first of these units carried by a vehicle ('' if none): passengers and riders do not fire in this
    subset (their FP is halved, quartered after the vehicle moved, D6.1, D6.22: not built)."""
    for uid in units:
        unit = position.units.get(uid)
        carrier = position.units.get(unit.carrier or "") if unit is not None else None
        if carrier is not None and carrier.type == "vehicle":
            return uid
    return ""


def barred(terrain: str, *, road: bool) -> bool:
    """D6.21: terrain an AFV may not carry riders into, unless across a road hexside."""
    return not road and terrain in BARRED


def bail_out(position: Position, riders: list[UnitState], where: Hex, rule: str) -> State:
    """D6.24: each rider beneath the AFV in ``where``, a NMC, no more move or fire this phase."""
    state = position.state
    marker = "prep_fire" if position.phasing == (riders[0].side if riders else "") else "final_fire"
    checks = []
    for rider in riders:
        off = dataclasses.replace(rider, carrier=None, hex=where).mark(marker)
        state = state.with_unit(off)
        if position.phase.id == "MPh" and rider.side == position.phasing and rider.id not in state.moved:
            state = state.replace(moved=(*state.moved, rider.id))
    for rider in riders:
        checks.append(mc(position.at(state), rider.id, 0, rule))
    return state.push(*checks)


__all__ = ["BARRED", "aboard", "bail_out", "barred", "carried_riders"]
