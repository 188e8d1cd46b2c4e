"""ASL A11.52 (with A11.611, A21.2): passengers of a stopped unarmored vehicle captured in Close Combat.

What the text gives (paraphrased) and this module does:

- A11.611: the passengers of a vehicle are not attacked on their own in CC (they share its fate; riders are,
  D6 and A11.611's own DRMs, and stay targets here); A11.52 makes the one exception: when the attacker would
  rather capture a stopped unarmored vehicle holding passengers than destroy it, it must first capture or
  eliminate every enemy personnel unit in the Location, and the passengers must be captured. So in the
  designation (ccgroups.free_targets) a passenger is a target only while no other enemy personnel remain
  in the Location (``targetable``), and an attack naming one is always a capture attempt (cc.roll_attack).
- The DRMs: against passengers -2, besides the capture attempt's +1 (A20.22; -1 instead against an
  Inexperienced unit, A19.35); passengers attacking take +2 (cc.work shows each line).
- When all its passengers are captured the vehicle is captured too (``after``, when the Location's CC is
  over): its captors' side's, marked ``captured`` (A21.1); an unarmed one with their temporary driver
  (A21.21, vdriver.py); an armed one with no crew inside, Abandoned, for a temporary crew (A21.22). An
  armed vehicle's own crew is not a passenger: a vehicle whose crew is still in it (vcrew.has_crew) is not
  taken by capturing its passengers.

The Location holds a vehicle, so its CC is sequential (A11.31): each attack's results apply before the next
designation, which is what "first capture or eliminate the others" needs.
"""

from __future__ import annotations

import dataclasses

from hexmate.rules.games.asl import mounted
from hexmate.rules.games.asl.armour import is_vehicle, vtype
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex

PAX = "pax_capture"  # a capture attempt was made on its passengers in this CC (A11.52)
INFANTRY = ("squad", "hs", "crew", "leader", "hero")


def carrier(position: Position, unit: UnitState) -> UnitState | None:
    vehicle = position.units.get(unit.carrier or "")
    return vehicle if vehicle is not None and is_vehicle(vehicle) else None


def passenger(position: Position, unit: UnitState) -> bool:
    """Aboard a vehicle, not as a rider (A11.611)."""
    vehicle = carrier(position, unit)
    return vehicle is not None and mounted.role(vehicle) != mounted.RIDER


def _capturable_vehicle(vehicle: UnitState) -> bool:
    """A11.52: a stopped (not in Motion) unarmored vehicle, no wreck."""
    return not vtype(vehicle).armored and not any(vehicle.has(m) for m in ("motion", "wreck"))


def targetable(position: Position, unit: UnitState, side: str) -> bool:
    """May ``side`` name ``unit`` as a CC target? Passengers only for A11.52's capture, once no other enemy
    personnel is left in the Location."""
    if not passenger(position, unit):
        return True
    vehicle = carrier(position, unit)
    if vehicle is None or not _capturable_vehicle(vehicle) or unit.hex is None:
        return False
    return not any(u.side == unit.side and u.type in INFANTRY and u.carrier is None and not u.has("prisoner")
                   and u.level == unit.level for u in position.units_at(unit.hex))


def forced(position: Position, targets: list[UnitState]) -> bool:
    """An attack on passengers is a capture attempt (A11.52)."""
    return any(passenger(position, u) for u in targets)


def marked(position: Position, state: State, targets: list[UnitState]) -> State:
    """The vehicles whose passengers a capture attempt was made on (``PAX``)."""
    for unit in targets:
        vehicle = carrier(position, unit)
        if vehicle is not None and passenger(position, unit):
            state = state.with_unit(state.units[vehicle.id].mark(PAX))
    return state


def after(position: Position, state: State, h: Hex) -> State:
    """A11.52: a vehicle all of whose passengers were captured is captured too, by the side that took them."""
    from hexmate.rules.games.asl import vcrew, vdriver
    from hexmate.rules.games.asl.vcapcc import taken

    for vehicle in [u for u in state.units.values() if u.hex == h and u.has(PAX)]:
        vehicle = vehicle.mark(remove=(PAX,))
        state = state.with_unit(vehicle)
        aboard = [u for u in state.units.values() if u.carrier == vehicle.id and u.type in INFANTRY]
        if aboard or vcrew.has_crew(vehicle):
            continue
        captors = {u.side for u in state.units.values() if u.hex == h and u.side != vehicle.side
                   and u.type in INFANTRY and u.carrier is None and not u.has("prisoner")}
        if len(captors) != 1:
            continue
        new = taken(vehicle, captors.pop())
        new = new.mark(vdriver.DRIVER) if vdriver.unarmed(vehicle) else new.mark("abandoned")
        state = state.with_unit(dataclasses.replace(new))
    return state


__all__ = ["PAX", "after", "carrier", "forced", "marked", "passenger", "targetable"]
