"""ASL WP's NMC for the vehicles in its Location (A24.31 with D5.1, D5.3, D5.31, D5.311, D5.34, D6.23, D6.7):
who in and on a vehicle takes it, and a vehicle crew's check. smoke.py calls these for grenade WP.

A24.31 spares only a Closed-Topped AFV that is not CE: every other unit in the Location checks. So:

- ``crews``: the inherent crew of each AFV there but a CT one that is not CE (CE: an OT AFV unless BU,
  shocked or stunned; a CT AFV under a CE counter: D5.3, vcrewhit.is_ce) takes the NMC at its morale (D5.1,
  an Armor Leader's, D3.42; +1 after a stun, D5.34). Its DRMs (``crew_drms``): the CE DRM (+2, D5.31) as a
  negative DRM, which with a positive TEM takes the larger of the two (D5.31: not added together); on a
  Critical Hit (the coloured die a 6) the TEM is a positive DRM instead, the CE DRM staying negative. A BU
  OT AFV is not spared by the text (only a CT one is): its crew checks with the TEM alone. An Armor Leader
  gives no leadership DRM to a MC (D3.44 lists the DRs he modifies). The result is the crew's as
  vcrewhit.py works it out: a failure stuns it (D5.34), an Original 12 Recalls it (A10.31, D5.341).
- ``exposed``: a unit aboard a vehicle checks unless it is a passenger inside a CT AFV that is not CE (D5.33:
  the passengers are BU or CE with their crew); a rider on the outside always does (D6.2), so do an
  unarmored vehicle's passengers (D6.7). A passenger inside a CE AFV takes the CE DRM in place of the TEM
  (``ce_of``, D5.31); a rider or a truck's passenger the Location's TEM as any unit there.
- A rider the NMC pins or breaks bails out (D6.23: riders.shaken_off). A concealed AFV whose crew checks
  loses its "?" when a Good Order enemy ground unit sees its Location (A24.31, as for the personnel).

- An unarmored vehicle's inherent crew (``crews``, ``unprotected``): A24.31 is silent on it. Read: it is a
  unit in the Location and no CT AFV, so A24.31 does not spare it; the crew of an unarmored vehicle is exposed
  whatever it does, with no CE DRM (D5.311, every aspect of it unarmored; D6.7: its crew and passengers are
  always exposed), so it checks as D5.311's unprotected crew, as aerosan.py's D17.22 NMC does: its morale
  (D5.1: the best 1st Line infantry's, ``vcrew.crew_morale``), the TEM alone as a negative DRM (positive on a
  Critical Hit); a failure breaks it: it leaves the vehicle, which stops and is Abandoned (D5.311), and it is
  DM (A10.62, as any unit broken by WP); an Original 12 eliminates it (A10.31 as an unprotected crew,
  vcrewhit.resume). An unarmed vehicle has a driver, no crew (D5.1): nothing checks for it.

Not built: ordnance WP and its exception for units not yet moved when it comes
by Defensive First Fire (chapter C), and a vehicle's WP dispenser (D13.3 names it for chapter C's rules).
"""

from __future__ import annotations

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import InvalidAction
from hexmate.rules.games.asl import alhide, armour, crew, riders, vcrew, vcrewhit
from hexmate.rules.games.asl import concealment as asl_concealment
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

CREW_CHECK = "wp_crew_nmc"  # the continuation of an AFV crew's WP NMC


def _vehicle(position: Position, unit: UnitState) -> UnitState | None:
    carrier = position.units.get(unit.carrier or "")
    return carrier if carrier is not None and armour.is_vehicle(carrier) else None


def _rider(position: Position, unit: UnitState, vehicle: UnitState) -> bool:
    passengers = armour.vtype(vehicle).passengers
    return unit in riders.carried_riders(position.state, vehicle, passengers)


def spared(vehicle: UnitState) -> bool:
    """A24.31: a Closed-Topped AFV that is not CE (its crew and the passengers inside are BU with it)."""
    vt = armour.vtype(vehicle)
    return vt.armored and not vt.open_topped and not vcrewhit.is_ce(vehicle)


def unprotected(vehicle: UnitState) -> bool:
    """D5.311 with D6.7: an unarmored vehicle's crew is always exposed, with no CE DRM."""
    return not armour.vtype(vehicle).armored


def exposed(position: Position, unit: UnitState) -> bool:
    """A24.31: whether a unit aboard a vehicle takes the WP NMC (a unit not aboard one always does)."""
    vehicle = _vehicle(position, unit)
    if vehicle is None or not armour.vtype(vehicle).armored:
        return True  # D6.7: an unarmored vehicle's passengers are exposed
    if _rider(position, unit, vehicle):
        return True  # D6.2: on the outside
    return not spared(vehicle)  # D5.33: inside, BU or CE with the crew; only a non-CE CT AFV protects


def ce_of(position: Position, unit: UnitState) -> int:
    """D5.31: the CE DRM a passenger inside a CE AFV has (0 for everyone else)."""
    vehicle = _vehicle(position, unit)
    if vehicle is None or not armour.vtype(vehicle).armored or _rider(position, unit, vehicle):
        return 0
    return vcrewhit.CE_DRM if vcrewhit.is_ce(vehicle) else 0  # a BU OT AFV's: none


def crews(position: Position, h: Hex) -> list[UnitState]:
    """A24.31: the vehicles in h whose inherent crew takes the NMC: all with a crew but the spared CT AFVs
    (an unarmored one's too, see the module's note)."""
    return sorted((v for v in position.units_at(h) if armour.is_vehicle(v)
                   and not v.has("wreck") and vcrewhit.has_crew(v) and not spared(v)),
                  key=lambda v: v.id)


def crew_decision(vehicle: UnitState, h: Hex) -> Decision:
    if unprotected(vehicle):  # D5.311
        said = T("{unit}'s crew is exposed in the WP's Location: it takes a NMC (A24.31, D5.311)",
                 unit=vehicle.id)
    else:
        said = T("{unit}'s crew is CE in the WP's Location: it takes a NMC (A24.31)", unit=vehicle.id)
    return Decision("roll", vehicle.side, said, "A24.31", CREW_CHECK, dice="DR", subject=(vehicle.id,),
                    target=h)


def crew_drms(tem: int, coloured: int, ce: int = vcrewhit.CE_DRM) -> list[tuple[T, int, str]]:
    """A24.31 with D5.31: the CE DRM as a negative DRM, not added to a larger TEM; on a Critical Hit (a
    coloured 6) the TEM is a positive DRM and the CE DRM stays negative. ``ce`` 0: a BU OT AFV's crew, the
    TEM alone."""
    out: list[tuple[T, int, str]] = []
    if coloured == 6 and tem > 0:
        if ce:
            out.append((T("CE DRM, as a negative DRM"), -ce, "D5.31"))
        return [*out, (T("TEM, as a Critical Hit (coloured dr 6)"), tem, "A24.31")]
    if tem > ce:
        return [(T("TEM, as a negative DRM"), -tem, "A24.31")]
    return [(T("CE DRM, as a negative DRM"), -ce, "D5.31")] if ce else []


def resume_crew(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A24.31: the CE crew's WP NMC: its morale (D5.1) plus the negative DRMs; a failure stuns (D5.34)."""
    dice = answer.dice or ()
    if len(dice) != 2:
        raise InvalidAction(T("a DR is two dice of 1 to 6, got {dice}", dice=",".join(map(str, dice))))
    vehicle = position.units.get(decision.subject[0])
    if vehicle is None or spared(vehicle) or not vcrewhit.has_crew(vehicle):
        return position.state  # buttoned up or gone meanwhile: no check left to take
    here = vehicle.hex
    assert here is not None
    if vehicle.concealed and asl_concealment.seen_by_good_order(position, vehicle.side, here, None):
        position = position.at(position.state.with_unit(vehicle.revealed()))  # A24.31: the "?" is lost
        vehicle = position.units[vehicle.id]
    bare = unprotected(vehicle)  # D5.311: no CE DRM; broken rather than stunned
    ce = vcrewhit.CE_DRM if vcrewhit.is_ce(vehicle) and not bare else 0
    drms = crew_drms(asl_terrain.tem(position, here), dice[1], ce)
    morale, demo = vcrew.crew_morale(position, vehicle, withhold=True)  # D5.1, D3.42
    plus = 1 if vehicle.has("plus1") else 0  # D5.34
    need = morale - plus - sum(d for _, d, _ in drms)
    check = vcrewhit.check_decision(position, vehicle, "mc", 0, bare).with_args(need=str(need))
    asked = alhide.ask_mc(position, check, answer)  # D3.41: bring a hidden Armor Leader in first?
    if asked is not None:
        return asked
    state = vcrewhit.resume(position, check, answer)  # D5.34 stun, D5.341 Recall on an Original 12
    after = state.units.get(vehicle.id)
    broken = state.units.get(crew.crew_id(vehicle))
    if bare and broken is not None and broken.has("broken") and not broken.has("dm"):
        state = state.with_unit(broken.mark("dm"))  # A10.62: broken by WP
    if bare and sum(dice) == 12:
        said = T("Original 12: crew eliminated, vehicle Abandoned")
    elif bare and sum(dice) > need:
        said = T("failed: crew broken, vehicle Abandoned")
    elif sum(dice) == 12:
        said = T("Original 12: Recalled")
    elif sum(dice) > need:
        said = T("failed: stunned") if after is not None and after.has("stunned") else T("failed")
    else:
        said = T("passed")
    working = ", ".join(f"{d:+d}" for _, d, _ in drms)
    lines = (Line(T("WP NMC DR"), T("{white} white + {coloured} coloured, DRM {drm}", white=dice[0],
                                    coloured=dice[1], drm=working), "A24.31"),
             Line(T("crew morale"), f"{morale}" + (T(", demo value") if demo else ""), "D5.1"),
             *(Line(why, f"{d:+d}", rule) for why, d, rule in drms),
             Line(T("result"), said, "D5.311" if bare else "D5.34"))
    summary = T("{unit}'s crew WP NMC: {result}", unit=vehicle.id, result=said)
    return state.replace(resolution=Resolution(act.Answer(dice=tuple(dice)), "wp_nmc", "", False, lines,
                                                {vehicle.id: str(said)}, summary))


def after_rider_check(position: Position, state: State, uid: str) -> State:
    """D6.23: a rider the WP NMC pinned or broke bails out beneath its AFV."""
    unit = state.units.get(uid)
    if unit is None or _vehicle(position.at(state), unit) is None:
        return state
    return riders.shaken_off(position.at(state), uid)
