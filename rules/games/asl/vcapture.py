"""ASL A21.2: an abandoned AFV captured at the end of the CCPh.

A21.2: a vehicle is captured only in the CCPh (A11.52), an AFV only when Abandoned (D5.42). When the CCPh
ends with no enemy personnel unit in an Abandoned AFV's Location, the infantry there capture it
automatically (no Ambush): here it then becomes their side's, marked ``captured`` (A21.1: its weapons are
captured equipment) and still Abandoned. The text says they "may" capture it: taking it costs nothing (it
stays Abandoned until crewed), so it is taken without a question. Infantry of the vehicle's own side there
simply keep it; a captured AFV retaken by its first owner's infantry loses the ``captured`` marker (two
sides: a recapture).

Crewing it then (A21.22, D5.42) is the re-entry of vreentry.py by the captor's MMC in its MPh: the unit
becomes its inherent crew (off the map), as the text's "the capturing MMC is removed"; a squad becomes a HS
instead (its reduced HS stays on the map, the other HS is the crew). The vehicle then carries the kind of its
temporary crew (``temporary_crew``):

- ``tc_vcrew``, a vehicle crew (a crew counter named ``vehicle-crew...`` or the demo vehicle crew, crew.py):
  the captured penalties (A21.11-A21.12) and red MP, so it rolls D2.51's mechanical reliability DR;
- ``tc_icrew``, an infantry crew (any other crew counter): MP halved and the captured penalties;
- ``tc_hs``, a HS (or a squad become one): MP halved and the captured penalties doubled (A21.13): its MA's
  B# 4 lower (the original its X#) and ROF 2 lower.

A21.22's start dr: a HS or infantry crew starting the vehicle (a start MP: not already in Motion) rolls a dr
first, +1 when the captors are Soviet or Japanese, +2 Ethiopian (A25.937; their side's nationality): 4 or
less and it goes; 5 and it
does not move this phase, though it counts as having moved; 6 or more and it is bogged where it is
(``start_check``, ``resume_start``; asked before the D2.51/D2.5 DRs).

The capture attempt in a Location with both sides' personnel (A21.2 with A11.52) and the DRMs of a CC attack
on an unmanned AFV are vcapcc.py's; A21.21's captured unarmed vehicles and their drivers vdriver.py's.
SMC as its temporary crew, and a lone SMC's limits, are vsmccrew.py's (``tc_smc``); the captured penalties of
the vehicle's MGs (B# 10, X# 12; doubled B# 8) vmgbreak.py's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl import vcapcc
from hexmate.rules.games.asl.armour import is_vehicle
from hexmate.rules.games.asl.vehicles import CatalogueError, vehicle_of
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

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
            continue  # nobody there, or a Melee: taken only by a CC capture attempt (A11.52, vcapcc.py)
        side = next(iter(sides))
        if side == vehicle.side:
            continue
        state = state.with_unit(vcapcc.taken(vehicle, side))  # its first owner's take it back (A21.1)
    return state


TC_VCREW, TC_ICREW, TC_HS, TC_SMC = "tc_vcrew", "tc_icrew", "tc_hs", "tc_smc"  # TC_SMC: vsmccrew.py
START = "vtcstart"  # the Decision.then of the start dr
TEMP_CREWS = (TC_VCREW, TC_ICREW, TC_HS, TC_SMC)


def is_vehicle_crew(unit: UnitState) -> bool:
    """A vehicle crew (D5.1): the scenario's ``vehicle-crew...`` counter or the demo one crew.py makes."""
    name = unit.name.lower()
    return unit.type == "crew" and (name.startswith("vehicle-crew") or name.startswith("vehicle crew"))


def temporary_crew(counters: Mapping[str, CounterType], state: State, vehicle_id: str,
                   entering: UnitState) -> State:
    """A21.22: the captor's MMC that entered the captured vehicle (already off the map, vreentry.py) is its
    temporary crew; a squad leaves its reduced HS behind (the squad became a HS)."""
    vehicle = state.units[vehicle_id]
    if entering.type == "squad":
        half = entering.values.get("reduces_to")
        if isinstance(half, str) and half in counters:
            state = state.replace(units={**state.units, entering.id: entering.as_counter(counters[half])})
        kind = TC_HS
    elif entering.type == "hs":
        kind = TC_HS
    else:
        kind = TC_VCREW if is_vehicle_crew(entering) else TC_ICREW
    return state.with_unit(vehicle.mark(kind, remove=TEMP_CREWS))


def halved_mp(vehicle: UnitState) -> bool:
    """A21.22: a HS or infantry crew drives it at half its MP."""
    return vehicle.has(TC_HS) or vehicle.has(TC_ICREW)


def penalty(vehicle: UnitState) -> int:
    """A21.11-A21.13 for its weapons: 1 (captured), 2 (doubled: a HS crew), 0 (not captured)."""
    if not vehicle.has(CAPTURED):
        return 0
    return 2 if vehicle.has(TC_HS) else 1


def start_check(position: Position, unit: UnitState) -> Decision | None:
    """A21.22: the start dr a HS or infantry temporary crew rolls before the vehicle moves."""
    if not halved_mp(unit) or unit.has("motion"):
        return None
    side = next((s for s in position.scenario.sides if s.id == unit.side), None)
    nat = str(getattr(side, "nationality", "") or "").lower()
    drm = au.nationality(nat).number("temp_crew_start_drm")  # A21.22: Russian/Japanese +1; A25.937: +2
    prompt = T("{unit} is driven by its temporary crew: roll the start dr ({drm:+d}); 4 or less starts it, 5 "
               "keeps it here this phase, 6 or more bogs it (A21.22)", unit=unit.id, drm=drm)
    return Decision("roll", unit.side, prompt, "A21.22", START, dice="dr", subject=(unit.id,),
                    target=unit.hex, args=(("drm", str(drm)),))


def resume_start(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A21.22: 4 or less goes on; 5: no move this phase (it counts as moved); 6+: bogged where it is."""
    assert answer.dice is not None
    state = position.state
    final = answer.dice[0] + int(decision.arg("drm", "0"))
    if final <= 4:
        return state
    unit = state.units[decision.subject[0]]
    left = tuple(d for d in state.decisions if d.subject != decision.subject or d.then not in ("vesb", START))
    state = state.replace(decisions=left)
    if final >= 6:
        state = state.with_unit(unit.mark("bogged"))
        why = T("bogged: its temporary crew's start dr was {n} (A21.22)", n=final)
    else:
        why = T("not started: its temporary crew's start dr was 5 (A21.22)")
    if state.moving is not None:
        state = state.replace(moving=dataclasses.replace(state.moving, stopped=why))
    return state


__all__ = [
    "CAPTURED",
    "START",
    "TC_HS",
    "TC_ICREW",
    "TC_VCREW",
    "TEMP_CREWS",
    "end_of_ccph",
    "halved_mp",
    "is_vehicle_crew",
    "penalty",
    "resume_start",
    "start_check",
    "temporary_crew",
]
