"""ASL D2.52: Axis vehicles in North Africa until September 1941 are red-MP vehicles.

D2.52: in a scenario of the North African theatre (F11.2 defines it: chapter F is not among the texts, so the
scenario says so) up to September 1941, every Axis vehicle but a motorcycle counts as having a red MP
allowance (D2.5), and so rolls its mechanical reliability DR (D2.51), wheeled ones too. A scenario turns it on
with the option ``"axis_red_mp": true`` (D2.52); Axis is a vehicle of an Axis nationality (its catalogue
``nationality``, else its side's).
"""

from __future__ import annotations

import dataclasses

from hexmate.rules.games.asl.vehicles import VehicleType, vehicle_of
from hexmate.rules.games.base import Position, UnitState

OPTION = "axis_red_mp"
AXIS = ("german", "italian", "hungarian", "romanian", "finnish", "slovakian", "croatian", "bulgarian")


def _nationality(position: Position, unit: UnitState, vt: VehicleType) -> str:
    if vt.nationality:
        return vt.nationality
    side = next((s for s in position.scenario.sides if s.id == unit.side), None)
    return str(getattr(side, "nationality", "") or "")


def red_mp(position: Position, unit: UnitState) -> bool:
    """D2.5, D2.52: does this vehicle roll as a red-MP one?"""
    vt = vehicle_of(unit.values)
    if vt.red_mp or unit.has("tc_vcrew"):  # A21.22: a captured AFV's new vehicle crew: red MP
        return True
    if not position.scenario.options.get(OPTION):
        return False
    return vt.movement != "motorcycle" and _nationality(position, unit, vt) in AXIS


def as_red(position: Position, unit: UnitState) -> VehicleType:
    """Its vehicle type, red MP when D2.52 makes it so (for the ESB DRM's rounding, D2.5)."""
    vt = vehicle_of(unit.values)
    return dataclasses.replace(vt, red_mp=True) if not vt.red_mp and red_mp(position, unit) else vt


__all__ = ["AXIS", "OPTION", "as_red", "red_mp"]
