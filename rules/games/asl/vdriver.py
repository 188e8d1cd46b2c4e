"""ASL A21.21 with A11.52: an unarmed vehicle captured in the CCPh, and its temporary driver.

What the text gives (paraphrased) and this module does:

- A11.52: an unarmed vehicle that is stopped (not in Motion), with enemy infantry in its Location and none of
  its own side's personnel there to escort it (aboard it or beside it), is captured at once in the CCPh: here
  as the CCPh starts (``start_of_ccph``, before any CC, so it never holds its captors in Melee, A11.7), by
  armed infantry that is not
  broken (a broken unit makes no CC attack, A11.16) and not a prisoner. It becomes their side's, marked
  ``captured`` (A21.1; retaken by its first owner it loses the marker), with a temporary driver (``DRIVER``).
- A21.21: when the captors include an MMC the vehicle has its own inherent driver, and the MMC is unaffected:
  it stays on the map as it was; the vehicle moves in its new side's MPh with its printed MP (the text
  halves nothing and restricts no fire: an unarmed vehicle has no weapon to fire) and, never being in
  Melee itself, may drive out of the Melee Location (A11.7, A11.71).
- A21.21: captured by SMC alone, one SMC (the lowest id: a demo choice where the text names no one) is
  removed while it drives: off the map, marked ``DRIVING``, the vehicle marked ``smc_driver:<id>``; it comes
  back beneath the vehicle when the vehicle is abandoned (``move V HEX as abandon`` in its side's MPh,
  D5.41 through vcrew.py, ``release``).

- A11.7, A11.71 with A21.21: the vehicle drives out of a Melee Location with its captors aboard; when none of
  their side stays there, the enemy there is no longer in Melee (``left_melee``, on every vehicle's exit).

- A21.21 with D5.42: the SMC drives until the vehicle has a new crew: a MMC of its side that began its MPh
  in the vehicle's Location, boarding it, is asked whether it enters as that crew (spending all its MF,
  through D5.43's window) or rides; as the crew it is inside, off the map, and the SMC is back beneath the
  vehicle (vreentry.py: ``may_crew``, ``crew_question``).

A11.52's capture of a stopped unarmored vehicle with passengers is ccpax.py's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from hexmate.rules.games.asl.armour import is_vehicle, vtype
from hexmate.rules.games.base import State, UnitState
from hexmate.rules.hexes import Hex

DRIVER = "temp_driver"  # A21.21: driven by its captors' inherent driver
DRIVING = "driving"  # the SMC off the map, driving the vehicle it captured (A21.21)
SMC_DRIVER = "smc_driver:"
CAPTURED = "captured"
INFANTRY = ("squad", "hs", "crew", "leader", "hero")
SMC = ("leader", "hero")


def unarmed(vehicle: UnitState) -> bool:
    """A vehicle with no MA and no MG (D5.1: it has a driver, no crew)."""
    vt = vtype(vehicle)
    return vt.ma is None and not (vt.bmg or vt.cmg or vt.aamg or vt.rmg or vt.trmg)


def smc_driver(vehicle: UnitState) -> str | None:
    """The SMC driving it (A21.21), if one does."""
    return next((m[len(SMC_DRIVER):] for m in vehicle.markers if m.startswith(SMC_DRIVER)), None)


def _captors(state: State, vehicle: UnitState) -> tuple[list[UnitState], bool]:
    """The enemy infantry able to take it, and whether its own side escorts it (A11.52)."""
    here = [u for u in state.units.values() if u.type in INFANTRY and not u.has("prisoner")
            and ((u.hex == vehicle.hex and u.level == vehicle.level) or u.carrier == vehicle.id)]
    escorted = any(u.side == vehicle.side for u in here)
    able = [u for u in here if u.side != vehicle.side and u.carrier is None and not u.has("broken")
            and not u.has("unarmed")]
    return sorted(able, key=lambda u: u.id), escorted


def start_of_ccph(state: State) -> State:
    """A11.52, A21.21: each stopped unarmed vehicle alone with enemy infantry passes to them."""
    for vehicle in sorted(state.units.values(), key=lambda u: u.id):
        if not is_vehicle(vehicle) or vehicle.hex is None or vehicle.carrier is not None:
            continue
        if any(vehicle.has(m) for m in ("wreck", "motion", "abandoned")) or not unarmed(vehicle):
            continue
        captors, escorted = _captors(state, vehicle)
        sides = {u.side for u in captors}
        if escorted or len(sides) != 1:
            continue
        side = sides.pop()
        new = vehicle.mark(DRIVER, remove=(CAPTURED,)) if vehicle.has(CAPTURED) else vehicle.mark(
            CAPTURED, DRIVER)
        if all(u.type in SMC for u in captors):  # A21.21: the SMC drives it, off the map meanwhile
            smc = captors[0]
            new = new.mark(f"{SMC_DRIVER}{smc.id}")
            state = state.with_unit(dataclasses.replace(smc.mark(DRIVING), hex=None))
        state = state.with_unit(dataclasses.replace(new, side=side))
    return state


def left_melee(state: State, movers: Sequence[str], left: Hex, here: Hex) -> State:
    """A11.7, A11.71: a vehicle, never in Melee itself, may drive out of a Melee Location with its passengers
    and riders (its captors in a captured one, A21.21); when none of their side stays there, the enemy units
    there are no longer in Melee (and may then fire at the movers as they go on, A8.1)."""
    if left == here or not movers or movers[0] not in state.units:
        return state
    side = state.units[movers[0]].side
    gone = set(movers) | {u.id for u in state.units.values() if u.carrier in movers}
    there = [u for u in state.units.values() if u.hex == left and u.id not in gone]
    if any(u.side == side and u.type != "sw" for u in there):
        return state  # A11.71: friends left in the Melee hold the enemy in it
    for unit in [u for u in there if u.side != side and u.has("melee")]:
        state = state.with_unit(unit.mark(remove=("melee",)))
    return state


def release(state: State, vehicle: UnitState) -> State:
    """A21.21, A21.22: the vehicle abandoned, its SMC driver or crew is back beneath it."""
    from hexmate.rules.games.asl.vcapture import TEMP_CREWS

    ids = [m[len(SMC_DRIVER):] for m in vehicle.markers if m.startswith(SMC_DRIVER)]
    now = state.units.get(vehicle.id, vehicle)
    state = state.with_unit(now.mark(remove=(*(f"{SMC_DRIVER}{u}" for u in ids), DRIVER, *TEMP_CREWS)))
    for uid in ids:
        smc = state.units.get(uid)
        if smc is None:
            continue
        back = dataclasses.replace(smc.mark(remove=(DRIVING,)), hex=vehicle.hex, level=vehicle.level)
        state = state.with_unit(back).replace(moved=(*state.moved, smc.id))
    return state


__all__ = ["DRIVER", "DRIVING", "SMC_DRIVER", "left_melee", "release", "smc_driver", "start_of_ccph",
           "unarmed"]
