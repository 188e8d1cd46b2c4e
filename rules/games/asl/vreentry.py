"""ASL re-entering an abandoned vehicle (D5.42, D5.43): infantry become its inherent crew again.

At the table it is a load into the abandoned vehicle: ``load b-crew into b-t`` (the page's load button, or the
unit set on the vehicle). What the text asks (D5.42) and how it is kept here:

- an infantry unit (here an MMC: squad, half-squad or crew; a leader alone is not a crew, but the captors'
  SMC, one or several together, crew a captured vehicle: A21.22, vsmccrew.py) of the vehicle's
  own side (entering an enemy's abandoned vehicle is capture, A21.2: it is captured first, at the end of a
  CCPh, vcapture.py; then its captors enter it thus) in its own MPh;
- it was in the vehicle's Location at the start of that MPh: it has not moved this MPh (units move only in
  their MPh, so where it stands unmoved is where it began it), at the vehicle's level;
- it spends all its MF to enter: it counts as moved for the phase;
- not in the Player Turn in which the vehicle's previous crew left it (the marker ``crew_left``, set when
  a crew abandons or bails out and taken off at the end of the Player Turn);
- in Good Order and not pinned: D5.43 makes the entry succeed only for units that come through the
  Defensive Fire at them unpinned and in Good Order, so a unit already pinned or broken cannot enter.

D5.43: the entering unit is Infantry under FFNAM: when the other side could fire at it, a reaction window
opens on the load (the unit is the one "moving" in its Location, fire.py's Defensive First Fire at movers
with FFNAM); when the window closes, the unit enters only if it is still there, unpinned and in Good Order,
and the vehicle still an unwrecked Abandoned one; otherwise the entry failed and its MF are spent all the
same. The unit is then taken off the map (it is inside now) and the vehicle loses its Abandoned counter.
A21.21: the same entry, by a MMC, gives a captured unarmed vehicle its SMC captor drives a new crew; the
MMC boarding it is asked whether it enters as the crew or rides (``crew_question``), and as the crew it
frees the SMC, back beneath the vehicle.
Not built: a Gun hook-up with the entry (D5.42), entry in the CCPh (A21.2), and the entering unit's own
morale as the crew's (the vehicle keeps the crew morale of its counter, vcrew.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Moving
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import crew, swremove, vcapture, vdriver, vsmccrew
from hexmate.rules.games.asl.armour import is_vehicle, vtype
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

LEFT = "crew_left"  # the vehicle's crew left it this Player Turn (D5.42)
ENTER = "vreentry"  # the continuation of the reaction window at the entering unit (D5.43)
NEW_CREW = "vnewcrew"  # A21.21: a MMC boarding an SMC-driven captured vehicle: its new crew, or a passenger
MMC = ("squad", "hs", "crew")
SMC = ("leader", "hero")


def is_reentry(position: Position, load: act.Load) -> bool:
    vehicle = position.units.get(load.carrier)
    return vehicle is not None and is_vehicle(vehicle) and vehicle.has("abandoned")


def smc_driven(vehicle: UnitState | None) -> bool:
    """A21.21: a captured unarmed vehicle driven by the SMC that took it, waiting for a new crew."""
    return vehicle is not None and is_vehicle(vehicle) and vdriver.unarmed(vehicle) \
        and vdriver.smc_driver(vehicle) is not None


def may_crew(position: Position, load: act.Load) -> bool:
    """A21.21 with D5.42: may this load be a MMC entering the SMC-driven captured vehicle as its new crew?"""
    if not smc_driven(position.units.get(load.carrier)):
        return False
    try:
        check(position, load)
    except IllegalAction:
        return False
    return True


def crew_question(position: Position, load: act.Load) -> Decision:
    """A21.21: the MMC either rides the SMC-driven vehicle or enters it as its new crew (D5.42), which frees
    the SMC driver."""
    vehicle = position.units[load.carrier]
    return Decision(
        "confirm", vehicle.side,
        T("{unit} boards {vehicle}: enter it as its new crew, spending all its MF (crew: {smc} is back "
          "beneath it, A21.21, D5.42), or ride as a passenger (ride)", unit=load.units[0], vehicle=vehicle.id,
          smc=vdriver.smc_driver(vehicle) or ""),
        "A21.21", NEW_CREW, choices=("crew", "ride"), subject=load.units, target=vehicle.hex,
        args=(("vehicle", vehicle.id),),
    )


def check(position: Position, load: act.Load) -> act.Load:
    """D5.42: who may enter the abandoned vehicle now, or IllegalAction naming the rule."""
    vehicle = position.units[load.carrier]
    smcs = [position.units[u] for u in load.units if u in position.units and position.units[u].type in SMC]
    if len(smcs) == len(load.units) and smcs and vehicle.has(vcapture.CAPTURED):
        for smc in smcs[1:]:  # A21.22: the captors' SMC crew it, one or several together
            check(position, act.Load((smc.id,), load.carrier))
        load = act.Load((smcs[0].id,), load.carrier)
    elif len(load.units) != 1:
        raise IllegalAction(T("one infantry unit enters an abandoned vehicle as its crew (D5.42)"), "D5.42")
    uid = load.units[0]
    unit = position.units.get(uid)
    smc_ok = unit is not None and unit.type in SMC and vehicle.has(vcapture.CAPTURED)  # A21.22
    if unit is None or (unit.type not in MMC and not smc_ok):
        raise IllegalAction(T("{unit} is not an infantry unit that can crew a vehicle (D5.42)", unit=uid),
                            "D5.42")
    if vehicle.has("wreck"):
        raise IllegalAction(T("{unit} is a wreck: nobody can crew it (D5.42)", unit=vehicle.id), "D5.42")
    if unit.side != vehicle.side:
        raise IllegalAction(T("an enemy vehicle is not entered: infantry capture it at the end of the CCPh "
                              "(A21.2), then crew it (D5.42)"), "A21.2")
    if position.phase.id != "MPh" or unit.side != position.phasing:
        raise IllegalAction(T("infantry enter an abandoned vehicle only in their own MPh (D5.42)"), "D5.42")
    if unit.hex != vehicle.hex or unit.level != vehicle.level:
        raise IllegalAction(
            T("{unit} must be in the Location of {vehicle} to enter it (D5.42)", unit=uid,
              vehicle=vehicle.id),
            "D5.42",
        )
    if uid in position.state.moved or unit.has("bailed"):
        raise IllegalAction(
            T("{unit} must begin its MPh in the Location of {vehicle} and spend all its MF to enter it "
              "(D5.42)", unit=uid, vehicle=vehicle.id),
            "D5.42",
        )
    if vehicle.has(LEFT):
        raise IllegalAction(
            T("{vehicle}'s crew left it this Player Turn: nobody may enter it before the next (D5.42)",
              vehicle=vehicle.id),
            "D5.42",
        )
    if unit.has("broken") or unit.has("pinned") or unit.carrier:
        raise IllegalAction(
            T("{unit} must be in Good Order and unpinned to enter a vehicle (D5.43)", unit=uid), "D5.43"
        )
    vt = vtype(vehicle)
    if smc_driven(vehicle) and unit.type in MMC:
        return load  # A21.21: a new crew for the vehicle its SMC captor drives
    if not (vt.ma is not None or vt.bmg or vt.cmg or vt.aamg):
        raise IllegalAction(T("{unit} is unarmed: its driver never left it (D5.1)", unit=vehicle.id), "D5.1")
    return act.Load(tuple(u.id for u in smcs), vehicle.id) if len(smcs) > 1 else load


def apply(position: Position, load: act.Load, window: Callable[[Position, str], bool]) -> State:
    """The unit spends all its MF entering (D5.42); when the other side could fire at it (``window``: the
    game's reaction test, asked with the unit as the one moving), a Defensive First Fire window opens at it
    (D5.43) and the entry waits for it to close (``resume``); otherwise it is inside at once."""
    state = position.state
    uid = load.units[0]
    unit = state.units[uid]
    state = state.replace(moved=(*state.moved, *load.units))
    assert unit.hex is not None
    probe = position.at(state.replace(moving=Moving(load.units, (unit.hex,), 0)))
    reactor = position.enemy_of(unit.side)
    if not window(probe, reactor):
        return _inside(state, load.carrier, load.units, position.scenario.counters)
    prompt = T("{unit} is entering {vehicle} in {hex}: fire at it now (FFNAM) or pass; it gets in only if "
               "still unpinned and in Good Order (D5.43)", unit=", ".join(load.units), vehicle=load.carrier,
               hex=position.label(unit.hex))
    react = Decision("react", reactor, prompt, "D5.43", ENTER, subject=load.units, target=unit.hex,
                     args=(("vehicle", load.carrier),))
    return probe.state.push(react)


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    """D5.43: the window at the entering unit closed: it gets in only if it came through unpinned and in
    Good Order (and the vehicle is still an Abandoned, unwrecked one); otherwise its MF are spent for
    nothing."""
    state = position.state.replace(moving=None)
    units = [state.units[u] for u in decision.subject if u in state.units]
    fit = tuple(u.id for u in units if not u.has("broken") and not u.has("pinned"))
    vehicle = state.units.get(decision.arg("vehicle"))
    if not fit or vehicle is None:
        return state
    if vehicle.has("wreck") or not (vehicle.has("abandoned") or smc_driven(vehicle)):
        return state
    return _inside(state, vehicle.id, fit, position.scenario.counters)


def _inside(state: State, vehicle_id: str, uids: str | tuple[str, ...],
            counters: Mapping[str, CounterType] | None = None) -> State:
    """The unit is inside as the inherent crew: off the map; the vehicle is no longer Abandoned (D5.42).

    D3.43: its Armor Leader comes back only with the crew that left it (``crew.crew_id``); any other unit
    crews it without him (``other_crew``; nor an Inexperienced crew's 6+1, D3.45, which never leaves its own
    crew). D5.34: a crew counter that carries the "+1" of an earlier stun brings it in."""
    vehicle = state.units[vehicle_id]
    ids = (uids,) if isinstance(uids, str) else uids
    smcs = [state.units[u] for u in ids if u in state.units and state.units[u].type in SMC]
    if smcs and vehicle.has(vcapture.CAPTURED):  # A21.22: the SMC crew, off the map while inside
        kind = vsmccrew.kind(smcs)
        inside = vehicle.mark(kind, *(f"{vdriver.SMC_DRIVER}{u.id}" for u in smcs),
                              remove=("abandoned", "cc_held", *vcapture.TEMP_CREWS))
        for smc in smcs:
            state = state.with_unit(dataclasses.replace(smc.mark(vdriver.DRIVING), hex=None))
        return state.with_unit(inside)
    uid = ids[0]
    entering = state.units.get(uid)
    if smc_driven(vehicle):  # A21.21: the new crew drives it; the SMC driver is back beneath it
        state = vdriver.release(state, vehicle)
        state = state.with_unit(state.units[vehicle_id].mark(vdriver.DRIVER))
        for sw in [u for u in state.units.values() if u.carrier == uid]:  # an inherent crew possesses no SW
            state = state.with_unit(dataclasses.replace(sw, carrier=None, hex=vehicle.hex))
        return state.without_unit(uid)
    own = uid == crew.crew_id(vehicle)
    marks = ("plus1",) if entering is not None and entering.has("plus1") else ()
    if not own:
        marks = (*marks, "other_crew")
    held = "cc_held"  # A21.2 (vcapcc.HELD): crewed, it is no longer an Abandoned AFV held by its side
    inside = vehicle.mark(*marks, remove=("abandoned", "other_crew", held) if own else ("abandoned", held))
    state = swremove.restore(state.with_unit(inside), vehicle_id, uid)  # D6.631, D6.83: weapons back in
    for sw in [u for u in state.units.values() if u.carrier == uid]:  # an inherent crew possesses no SW,
        state = state.with_unit(dataclasses.replace(sw, carrier=None, hex=vehicle.hex))  # left there
    state = state.without_unit(uid)
    if vehicle.has(vcapture.CAPTURED) and entering is not None and counters is not None:
        state = vcapture.temporary_crew(counters, state, vehicle_id, entering)  # A21.22
    return state


__all__ = ["ENTER", "LEFT", "NEW_CREW", "apply", "check", "crew_question", "is_reentry", "may_crew", "resume",
           "smc_driven"]
