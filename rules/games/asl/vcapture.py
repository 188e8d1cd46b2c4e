"""ASL A21.2: an abandoned AFV captured at the end of the CCPh.

A21.2: a vehicle is captured only in the CCPh (A11.52), an AFV only when Abandoned (D5.42). When the CCPh
ends with no enemy personnel unit in an Abandoned AFV's Location, the infantry there capture it
automatically (no Ambush): here it then becomes their side's, marked ``captured`` (A21.1: its weapons are
captured equipment) and still Abandoned. The text says they "may" capture it: taking it costs nothing (it
stays Abandoned until crewed), so it is taken without a question. Infantry of the vehicle's own side there
simply keep it; a captured AFV retaken by its first owner's infantry loses the ``captured`` marker (two
sides: a recapture).

Crewing it then (A21.22, D5.42) is the re-entry of vreentry.py by the captor's MMC in its MPh: the unit
becomes its inherent crew (off the map), as the text's "the capturing MMC is removed".

Not built (said in the report, not stubbed): the capture attempt in a Melee Location with both sides'
personnel (A21.2 with A11.52; they are each the AFV's Personnel Escort until one side controls it) and the
-1 DRM and A11.61 DRM of a CC attack on an unmanned AFV; A21.21 (a captured unarmed vehicle's temporary
driver; a SMC capturer removed until it is crewed); A21.22's squad-to-HS crew, MP halving, start dr (5 no
move, 6 bogged, +1 Soviet/Japanese), red MP and the captured/doubled penalties of the vehicle's weapons, and
the SMC crew's limits.
"""

from __future__ import annotations

import dataclasses

from hexmate.rules.games.asl.armour import is_vehicle
from hexmate.rules.games.asl.vehicles import CatalogueError, vehicle_of
from hexmate.rules.games.base import State, UnitState

CAPTURED = "captured"
INFANTRY = ("squad", "hs", "crew", "leader", "hero")


def _personnel(state: State, vehicle: UnitState) -> list[UnitState]:
    """Personnel in its Location; prisoners are their guards' (A20.3), not personnel of their own side."""
    return [u for u in state.units.values() if u.type in INFANTRY and u.hex == vehicle.hex
            and u.level == vehicle.level and u.carrier is None and not u.has("prisoner")]


def _afv(vehicle: UnitState) -> bool:
    try:
        return vehicle_of(vehicle.values).armored
    except (CatalogueError, KeyError):  # one the catalogue cannot describe: vehicles.py says why elsewhere
        return False


def end_of_ccph(state: State) -> State:
    """A21.2: each Abandoned AFV whose Location holds infantry of one side only passes to that side."""
    for vehicle in sorted(state.units.values(), key=lambda u: u.id):
        if not is_vehicle(vehicle) or vehicle.hex is None or not vehicle.has("abandoned") \
                or vehicle.has("wreck") or not _afv(vehicle):
            continue
        there = _personnel(state, vehicle)
        sides = {u.side for u in there}
        if len(sides) != 1:
            continue  # nobody there, or a Melee: a capture attempt in CC (A11.52), not built
        side = next(iter(sides))
        if side == vehicle.side:
            continue
        # its first owner's infantry take it back; anyone else's capture it
        new = vehicle.mark(remove=(CAPTURED,)) if vehicle.has(CAPTURED) else vehicle.mark(CAPTURED)
        state = state.with_unit(dataclasses.replace(new, side=side))
    return state


__all__ = ["CAPTURED", "end_of_ccph"]
