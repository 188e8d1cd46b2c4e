"""ASL riders' limits in play (D6.21, D6.24): riders (infantry carried on an AFV that has no passenger
capacity, D6.2) must bail out when the AFV moves into woods, an orchard, a building, rubble, water or
bocage other than across a road hexside, in the hex it left (D6.21), and when a turreted AFV turns its turret
(D6.21). Bailing out (D6.24): the riders are placed beneath the AFV, take a NMC, and may neither move nor
fire for the rest of the phase (the Prep Fire or Final Fire counter, and their move spent in their own MPh).

When the vehicle is destroyed without burning, each unit aboard rolls its own survival DR against the
vehicle's CS# (+1 if broken): survivors are placed beneath the wreck, the others eliminated (D6.9); when it
burns, nobody aboard survives (D6.9 gives survival only to a vehicle that did not burn; D9.2).

A rider's SW bails out with it (D6.24): removed if the rider was broken already or the NMC breaks it, else
a dr (4-6 malfunctioned, an X# SW eliminated). A rider that breaks or pins bails out (D6.23, ``shaken_off``);
riders' fire is mounted.py's (D6.22), riders as targets vmg.py's and fire.py's (D6.23). D6.24: a rider that
bails out in its own MPh counts, for Defensive First Fire, as having spent all its MF with FFNAM: it is a
moving target (fire.moving_targets, ``bailing``) in the reaction windows of the move it bailed out from, the
window opening for it (game.can_react); FFNAM applies, not FFMO (the text names FFNAM only); the next move
ends that. A broken passenger inside does not bail out: in the RtPh it may rout beneath its stopped vehicle
or stay (D6.1); it must rout beneath a crewless one (both passrout.py's).
"""

from __future__ import annotations

import dataclasses

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl.aftermath import mc
from hexmate.rules.games.asl.latedt import CONVEYED
from hexmate.rules.games.asl.vehicles import vehicle_of
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

BARRED = ("woods", "orchard", "wooden-building", "stone-building", "building", "rubble", "water", "bocage")


RIDING = "rider"  # D17.3: a unit riding outside a vehicle that also has passengers inside (an aerosan's)


def carried_riders(state: State, vehicle: UnitState, passengers: int) -> list[UnitState]:
    """The riders on this vehicle: its carried infantry when it has no passenger capacity (D6.1, D6.2); on a
    carrier with passenger capacity, its MMC (D6.81: SMC and SW ride inside); on another vehicle with
    passengers, those marked as riding outside (D17.3's aerosan)."""
    aboard = sorted((u for u in state.units.values() if u.carrier == vehicle.id), key=lambda u: u.id)
    if passengers:
        try:
            carrier = vehicle_of(vehicle.values).carrier
        except Exception:  # a counter the catalogue refuses is reported where it is set up
            carrier = False
        if carrier:
            return [u for u in aboard if u.type not in ("leader", "hero", "sw")]
        return [u for u in aboard if u.has(RIDING)]
    return aboard


def shaken_off(position: Position, uid: str) -> State:
    """D6.23: a rider that is pinned or broken bails out (D6.24) beneath its AFV (A7.821: a pinned AFV rider
    must)."""
    state = position.state
    unit = state.units.get(uid)
    vehicle = state.units.get(unit.carrier or "") if unit is not None else None
    if unit is None or vehicle is None or vehicle.type != "vehicle" or vehicle.hex is None:
        return state
    if not (unit.has("broken") or unit.has("pinned")):
        return state
    if _passengers(vehicle) and unit not in carried_riders(state, vehicle, _passengers(vehicle)):
        return state  # a passenger, inside: D6.1, it routs beneath or stays in the RtPh (passrout.offer)
    return bail_out(position, [unit], vehicle.hex, "D6.23")


def _passengers(vehicle: UnitState) -> int:
    try:
        return vehicle_of(vehicle.values).passengers
    except Exception:  # a counter the catalogue refuses is reported where it is set up
        return 0


def survives(dr: int, cs: int, *, broken: bool) -> bool:
    """D6.9: a passenger or rider of a vehicle destroyed (not by CC, not burning) survives on a DR no more
    than the vehicle's CS# (a lower-case cs# too), +1 if broken; the crew's shock and stun DRM do not
    apply."""
    return dr + (1 if broken else 0) <= cs


def survival_checks(state: State, vehicle: UnitState, cs: int) -> list[Decision]:
    """D6.9: one survival DR for each unit aboard the destroyed vehicle, by its owner."""
    out: list[Decision] = []
    for unit in sorted((u for u in state.units.values() if u.carrier == vehicle.id), key=lambda u: u.id):
        need = cs - (1 if unit.has("broken") else 0)
        prompt = T("{unit} was aboard {vehicle}: roll its survival DR, {need} or less survives (D6.9)",
                   unit=unit.id, vehicle=vehicle.id, need=need)
        out.append(Decision("roll", unit.side, prompt, "D6.9", "vprc", dice="DR", subject=(unit.id,),
                            target=vehicle.hex, args=(("cs", str(cs)),)))
    return out


def resume_survival(position: Position, decision: Decision, answer: act.Answer) -> State:
    """D6.9: a survivor is placed beneath the wreck, its move over; the others are eliminated (their SW
    too: a survivor keeps only what it carries)."""
    assert answer.dice is not None
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None:
        return state
    if survives(sum(answer.dice), int(decision.arg("cs", "0")), broken=unit.has("broken")):
        # A4.62: a surviving PRC suffers Hazardous Movement for the rest of the phase, like the crew (D5.6)
        state = state.with_unit(dataclasses.replace(unit, carrier=None).mark("bailed", "hazardous", CONVEYED))
        return state.replace(moved=(*state.moved, unit.id)) if unit.id not in state.moved else state
    for sw in [u for u in state.units.values() if u.carrier == unit.id]:
        state = state.without_unit(sw.id)
    return state.without_unit(unit.id)


def barred(terrain: str, *, road: bool) -> bool:
    """D6.21: terrain an AFV may not carry riders into, unless across a road hexside."""
    return not road and terrain in BARRED


BAILING = "bail_ff"  # D6.24: bailed out during its own MPh, a target of First Fire until the next move begins


def bail_out(position: Position, riders: list[UnitState], where: Hex, rule: str) -> State:
    """D6.24: each rider beneath the AFV in ``where``, a NMC, no more move or fire this phase; in its own MPh
    it is a moving target of Defensive First Fire (``BAILING``: all its MF spent, FFNAM)."""
    state = position.state
    marker = "prep_fire" if position.phasing == (riders[0].side if riders else "") else "final_fire"
    checks = []
    for rider in riders:
        marks = (marker, "bailed", BAILING) if position.phase.id == "MPh" and rider.side == position.phasing \
            else (marker, "bailed")
        marks = (*marks, CONVEYED)  # A4.5: it rode this Player Turn: no Double Time in it
        off = dataclasses.replace(rider, carrier=None, hex=where).mark(*marks, remove=(RIDING,))
        state = state.with_unit(off)
        if position.phase.id == "MPh" and rider.side == position.phasing and rider.id not in state.moved:
            state = state.replace(moved=(*state.moved, rider.id))
    for rider in riders:
        checks.append(mc(position.at(state), rider.id, 0, rule))
    for rider in riders:  # D6.24: its SW, gone with a rider already broken, else a dr after the NMC
        for sw in sorted((u for u in state.units.values() if u.carrier == rider.id and u.type == "sw"),
                         key=lambda u: u.id):
            if rider.has("broken"):
                state = state.without_unit(sw.id)
            else:
                checks.append(sw_check(sw, where))
    return state.push(*checks)


def bailing(position: Position) -> list[UnitState]:
    """D6.24: the phasing riders that bailed out during the move now under way: for Defensive First Fire they
    have spent all their MF (at least 1) and FFNAM applies, so the defender may First Fire at them."""
    return sorted((u for u in position.units.values() if u.has(BAILING) and u.side == position.phasing
                   and u.hex is not None and u.carrier is None), key=lambda u: u.id)


def moved_on(state: State) -> State:
    """D6.24: a new move begins: the riders that bailed out earlier are no longer moving targets."""
    for unit in [u for u in state.units.values() if u.has(BAILING)]:
        state = state.with_unit(unit.mark(remove=(BAILING,)))
    return state


SW_THEN = "rider_sw"  # D6.24: a bailing rider's SW


def sw_check(sw: UnitState, where: Hex) -> Decision:
    prompt = T("{sw} bails out with its rider: roll a dr; 4 or more malfunctions it (eliminated with an X#); "
               "it is lost if the NMC broke its rider (D6.24)", sw=sw.id)
    return Decision("roll", sw.side, prompt, "D6.24", SW_THEN, dice="dr", subject=(sw.id,), target=where)


def resume_sw(position: Position, decision: Decision, answer: act.Answer) -> State:
    """D6.24: the SW of a rider the bail-out broke (or eliminated) is removed; else the dr: 1-3 nothing, 4-6
    malfunctioned (eliminated if it has an X#)."""
    state = position.state
    sw = state.units.get(decision.subject[0])
    if sw is None:
        return state
    owner = state.units.get(sw.carrier or "")
    if owner is None or owner.has("broken"):
        return state.without_unit(sw.id)
    from hexmate.rules.games.asl import aerosan

    return aerosan.resume_sw(position, decision, answer)


__all__ = [
    "BAILING",
    "BARRED",
    "RIDING",
    "SW_THEN",
    "bail_out",
    "bailing",
    "barred",
    "carried_riders",
    "moved_on",
    "resume_survival",
    "resume_sw",
    "shaken_off",
    "survival_checks",
    "survives",
    "sw_check",
]
