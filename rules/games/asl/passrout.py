"""ASL broken passengers and their vehicle's crew (D6.1): broken passengers inside a vehicle whose inherent
crew has been eliminated, has broken or has abandoned it must rout beneath it.

Built: at the start of the RtPh, before Desperation Morale and the routs (A10.5, A10.62), each broken
passenger (infantry carried inside, not a rider, D6.1, D6.2) of an armed vehicle whose crew is gone (the
vehicle Abandoned, a wreck, its crew survived or lost: D5.311 marks a vehicle Abandoned when its crew breaks
or is eliminated, D5.41 when it abandons) is placed beneath the vehicle: that is its rout for the phase
(``routed_beneath``, so A10.5 asks no further rout of it). An unarmed vehicle has no inherent crew (D5.1):
its broken passengers are not forced out. Its SW go with it; what the vehicle's own PP carry stays aboard.

Not built: D6.1's free choice of a broken passenger to rout beneath a stopped vehicle whose crew is still
in it (the passenger otherwise stays aboard, as here); the text ties it to D5.311's rout procedure.
"""

from __future__ import annotations

import dataclasses

from hexmate.rules.games.asl import riders
from hexmate.rules.games.asl.armorldr import CREW_OUT
from hexmate.rules.games.asl.armour import is_vehicle, vtype
from hexmate.rules.games.base import Position, State, UnitState

BENEATH = "routed_beneath"  # D6.1: it routed beneath its vehicle this RtPh (cleared as the phase ends)


def _crewless(vehicle: UnitState) -> bool:
    """An armed vehicle (it has an inherent crew, D5.1) whose crew is eliminated, broken or gone (D6.1)."""
    vt = vtype(vehicle)
    armed = vt.ma is not None or bool(vt.bmg or vt.cmg or vt.aamg)
    return armed and any(vehicle.has(m) for m in CREW_OUT)


def forced(position: Position) -> list[UnitState]:
    """D6.1: the broken passengers that must rout beneath their crewless vehicle now."""
    out: list[UnitState] = []
    state = position.state
    for vehicle in sorted(state.units.values(), key=lambda u: u.id):
        if not is_vehicle(vehicle) or vehicle.hex is None:
            continue
        try:
            if not _crewless(vehicle):
                continue
            passengers = vtype(vehicle).passengers
        except Exception:  # a counter the catalogue refuses is reported where it is set up
            continue
        outside = {u.id for u in riders.carried_riders(state, vehicle, passengers)}
        out += [u for u in state.units.values() if u.carrier == vehicle.id and u.type != "sw"
                and u.id not in outside and u.has("broken")]
    return sorted(out, key=lambda u: u.id)


def rout_beneath(position: Position) -> State:
    """D6.1: each such passenger placed beneath its vehicle, its rout done for the phase."""
    state = position.state
    for unit in forced(position):
        vehicle = state.units[unit.carrier or ""]
        off = dataclasses.replace(unit, carrier=None, hex=vehicle.hex, level=vehicle.level)
        state = state.with_unit(off.mark(BENEATH, remove=(riders.RIDING,)))
    return state


__all__ = ["BENEATH", "forced", "rout_beneath"]
