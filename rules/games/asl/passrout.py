"""ASL broken passengers and their vehicle's crew (D6.1): broken passengers inside a vehicle whose inherent
crew has been eliminated, has broken or has abandoned it must rout beneath it.

Built: at the start of the RtPh, before Desperation Morale and the routs (A10.5, A10.62), each broken
passenger (infantry carried inside, not a rider, D6.1, D6.2) of an armed vehicle whose crew is gone (the
vehicle Abandoned, a wreck, its crew survived or lost: D5.311 marks a vehicle Abandoned when its crew breaks
or is eliminated, D5.41 when it abandons) is placed beneath the vehicle: that is its rout for the phase
(``routed_beneath``, so A10.5 asks no further rout of it). An unarmed vehicle has no inherent crew (D5.1):
its broken passengers are not forced out. Its SW go with it; what the vehicle's own PP carry stays aboard.

D6.1's free choice: a broken passenger inside a stopped vehicle (not in Motion) whose crew is still in it is
asked in each RtPh, with the other routs (rout.decisions, ``offer``): rout beneath the vehicle, or stay
aboard. It routs as D5.311 says of a broken crew in its first RtPh: placed beneath the vehicle, all its MF
spent, its rout for the phase (``routed_beneath``). An enemy beside it or in its Location never forces it out
(D6.1; rout.must_rout). Inside a vehicle in Motion it stays aboard. It routs by no other way while aboard: the
ordinary rout of a DM unit (A10.5) is not offered to a passenger inside.
"""

from __future__ import annotations

import dataclasses

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import riders
from hexmate.rules.games.asl.armorldr import CREW_OUT
from hexmate.rules.games.asl.armour import is_vehicle, vtype
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

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


def offer(position: Position, unit: UnitState) -> list[Decision]:
    """D6.1: a broken passenger inside a stopped vehicle may rout beneath it (D5.311) or stay aboard."""
    vehicle = position.units.get(unit.carrier or "")
    if (vehicle is None or not is_vehicle(vehicle) or vehicle.hex is None or unit.type == "sw"
            or not unit.has("broken") or vehicle.has("motion")):
        return []
    try:
        passengers = vtype(vehicle).passengers
    except Exception:  # a counter the catalogue refuses is reported where it is set up
        return []
    if unit in riders.carried_riders(position.state, vehicle, passengers):
        return []  # a rider bails out when it breaks (D6.23, riders.shaken_off)
    return [Decision(
        "confirm", unit.side,
        T("{unit} is a broken passenger of {vehicle}, which is stopped: rout beneath it (all its MF), or "
          "stay aboard", unit=unit.id, vehicle=vehicle.id),
        "D6.1", "rout_beneath", choices=("beneath", "stay"), subject=(unit.id,), target=vehicle.hex)]


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    """D6.1, D5.311: routing beneath, it leaves the vehicle for the hex beneath it, its rout done."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    vehicle = state.units.get(unit.carrier or "") if unit is not None else None
    if answer.choice != "beneath" or unit is None or vehicle is None:
        return state
    off = dataclasses.replace(unit, carrier=None, hex=vehicle.hex, level=vehicle.level)
    return state.with_unit(off.mark(BENEATH, remove=(riders.RIDING,)))


def rout_beneath(position: Position) -> State:
    """D6.1: each such passenger placed beneath its vehicle, its rout done for the phase."""
    state = position.state
    for unit in forced(position):
        vehicle = state.units[unit.carrier or ""]
        off = dataclasses.replace(unit, carrier=None, hex=vehicle.hex, level=vehicle.level)
        state = state.with_unit(off.mark(BENEATH, remove=(riders.RIDING,)))
    return state


__all__ = ["BENEATH", "forced", "offer", "resume", "rout_beneath"]
