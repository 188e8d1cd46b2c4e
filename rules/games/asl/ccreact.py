"""ASL CC Reaction Fire at an enemy vehicle spending MP in the Location of non-phasing infantry (D7.2, D7.21,
D7.213), not only after an OVR (reaction.py) or by Street Fighting (street.py).

D7.2: Reaction Fire is the non-phasing side's attack, during the MPh, on a vehicle in its own Location;
CC Reaction Fire (D7.21) may follow any such MP expenditure, while Non-CC Reaction Fire (D7.22) is only
against an OVR. So each MP a vehicle spends in a Location holding enemy infantry (entering it without an OVR,
or in place: start, stop, a turn in place, delay MP, unloading...) gives them a chance to attack it by CC.

At the table: the defender's Defensive First Fire window after that MP (D3.3) offers ``ccreact`` beside
``pass`` and the fire; the window opens for it even when nothing else could fire. Choosing it closes the
window and asks which unit attacks (tap it, or done to pass), then whether a leader of the Location attacks
beside an MMC (A11.5). The attack is reaction.py's: a PAATC first against an AFV unless exempt or already
passed against this vehicle this phase (A11.6, D7.21), the CC DR with no ambush (D7.21), CCV -1 for a First or
Final Fire counter (D7.213), the vehicle never attacking back (D7.213); afterwards a First Fire counter (Final
Fire if it had one) and the CC counter if the vehicle survived (D7.21).

A PAATC passed by concealed units as the AFV entered (A12.41, vconceal.py) counts: no second one (D7.21);
the window after that entry offers this choice once the A12.41 questions are answered.

A unit with a Final Fire counter reacts as FPF: its CC DR is also its own NMC (A8.31, D7.2; reaction.py's
``cc_decision``), outside an OVR too and whatever the vehicle.

Who (D7.21, D7.213): non-phasing squads, half-squads, crews and leaders at ground level in the vehicle's hex,
not broken, pinned, unarmed (A20.5), in Melee, prisoners or aboard a vehicle. As D7.2 allows reacting as often
as the unit could Defensive First or Final Fire, a CC counter from an earlier reaction does not bar it.

Several units may attack at one MP expenditure, one after the other (D7.2): the window opens again after
each attack, without the CC Reaction choice once every unit there has attacked at this MP.

In platoon impulses (D14.32) the defender's chance at an impulse's MP comes in the window at the AFV's hex at
the impulse's end (impulse.py): CC Reaction Fire is offered there too, e.g. after an entry ``as
impulse_through`` into the defender's hex; the attack is at the window's first AFV in that hex (two platoon
AFVs ending in one enemy Location: the other is not offered), and a unit attacks once per window.

Not here: the entry MP of an OVR (its Reaction Fire comes after the OVR is resolved, D7.1, D7.2: reaction.py;
in impulses too, impovr.py);
cavalry (A13, not built for CC Reaction here). The +2 of A11.51 (a vehicle in Motion or not stopped) is left
out only after a stop MP (D2.13) and for delay MP, which a vehicle spends stopped (D2.17); after any other MP
it is counted, as for the OVR (reaction.py).
"""

from __future__ import annotations

import dataclasses

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import impovr, overrun, reaction
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.armour import is_vehicle
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

CHOICE = "ccreact"
OFFER, LEADER = "ccr_offer", "ccr_leader"
BARRED = ("broken", "pinned", "melee", "prisoner")  # D7.21, D7.213


def target(position: Position, side: str) -> UnitState | None:
    """The enemy vehicle whose MP expenditure the open reaction window follows, if ``side`` is the non-phasing
    side and no OVR of that vehicle is pending or being reacted to (D7.1, D7.2)."""
    moving = position.state.moving
    top = position.state.decision
    if position.phase.id != "MPh" or side == position.phasing or moving is None or not moving.units:
        return None
    if top is None or top.kind != "react":
        return None
    vehicle = position.units.get(moving.units[0])
    if vehicle is None or not is_vehicle(vehicle) or vehicle.side == side or vehicle.hex is None:
        return None
    if vehicle.has("wreck") or reaction.due(position) is not None:
        return None
    if any(d.then == overrun.OVR and d.subject[:1] == (vehicle.id,) for d in position.state.decisions):
        return None  # D7.1: the OVR is resolved first; its Reaction Fire follows it (reaction.py)
    if vehicle.has(f"{impovr.OVR}{vehicle.hex.q},{vehicle.hex.r}"):
        return None  # D7.1, D14.32: an impulse's OVR here comes after its windows; its Reaction Fire after it
    return vehicle


def may_react(unit: UnitState, side: str) -> bool:
    """D7.21, D7.213: one unit's own conditions."""
    if unit.side != side or unit.type not in (*reaction.MMC, "leader") or unit.carrier or unit.level:
        return False
    return not any(unit.has(m) for m in BARRED) and not au.is_unarmed(unit)


def candidates(position: Position, vehicle: UnitState, side: str) -> list[UnitState]:
    """The units of ``side`` in the vehicle's Location that may attack it by CC Reaction Fire."""
    if vehicle.hex is None:
        return []
    return sorted((u for u in position.units_at(vehicle.hex) if may_react(u, side)), key=lambda u: u.id)


def stopped_window(decision: Decision) -> bool:
    """A window after a stop MP (D2.13): the vehicle is stopped for the attack."""
    return getattr(decision.prompt, "facts", {}).get("rule") == "D2.13"


def choices(position: Position, side: str) -> tuple[str, ...]:
    vehicle = target(position, side)
    return (CHOICE,) if vehicle is not None and candidates(position, vehicle, side) else ()


WINDOWS = ("move_on", "vimpulse")  # a move's window after an MP; a platoon impulse's at its end (D14.32)
DONE = "ccr_done"  # the window's record of the units that attacked at this MP expenditure (D7.2)


def _done(window: Decision | None) -> set[str]:
    return {u for u in (window.arg(DONE, "") if window is not None else "").split(",") if u}


def offer(position: Position, side: str, vehicle_id: str, *, stopped: bool = False,
          window: Decision | None = None) -> State:
    """The defender chose CC Reaction Fire in the window: which unit attacks (D7.21). The window goes back
    beneath the question (``window``): once this attack is over it opens again, so other units of the
    Location may attack at the same MP expenditure (D7.2: each may react as often as it could First or Final
    Fire), but not one that already did at this MP (its record, ``DONE``)."""
    vehicle = position.units.get(vehicle_id)
    done = _done(window)
    units = [u for u in candidates(position, vehicle, side) if u.id not in done] if vehicle else []
    if vehicle is None or vehicle.hex is None or not units:
        raise IllegalAction(T("no unit may attack that vehicle by CC Reaction Fire here (D7.21)"), "D7.21")
    prompt = T("{vehicle} spent MP in {hex}: choose a unit there to attack it in CC Reaction Fire, or pass "
               "(D7.2, D7.21)", vehicle=vehicle.id, hex=position.label(vehicle.hex))
    state = position.state.push(window) if window is not None else position.state
    return state.push(Decision("units", side, prompt, "D7.21", OFFER,
                               units=tuple(u.id for u in units), choices=("pass",),
                               subject=(vehicle.id,), target=vehicle.hex,
                               args=(("stopped", "1" if stopped else ""),)))


def _record(position: Position, state: State, vehicle: UnitState, ids: tuple[str, ...]) -> State:
    """The window beneath (D7.2): these units attacked at this MP; no CC Reaction choice once none is left."""
    top = state.decision
    if top is None or top.kind != "react" or top.then not in WINDOWS:
        return state
    done = _done(top) | set(ids)
    args = (*((k, v) for k, v in top.args if k != DONE), (DONE, ",".join(sorted(done))))
    left = [u for u in candidates(position.at(state), vehicle, top.side) if u.id not in done]
    choices = top.choices if left else tuple(c for c in top.choices if c != CHOICE)
    window = dataclasses.replace(top, args=args, choices=choices)
    return state.replace(decisions=(*state.decisions[:-1], window))


def resume_offer(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The attacker chosen: a leader of the Location may attack beside an MMC (A11.5)."""
    state = position.state
    if answer.choice == "pass":
        return state
    vehicle = state.units[decision.subject[0]]
    unit = state.units[answer.units[0]]
    leaders = tuple(u.id for u in candidates(position, vehicle, unit.side) if u.type == "leader")
    if unit.type in reaction.MMC and leaders:
        prompt = T("a leader may attack beside {unit}: tap him, or press done to attack alone (A11.5)",
                   unit=unit.id)
        return state.push(Decision("units", unit.side, prompt, "A11.5", LEADER, units=leaders,
                                   choices=(reaction.ALONE,), subject=(vehicle.id, unit.id),
                                   target=decision.target, args=decision.args))
    state = _record(position, state, vehicle, (unit.id,))
    return reaction.attack(position.at(state), vehicle, (unit.id,), stopped=bool(decision.arg("stopped", "")))


def resume_leader(position: Position, decision: Decision, answer: act.Answer) -> State:
    vehicle = position.units[decision.subject[0]]
    one = decision.subject[1]
    ids = (one,) if answer.choice == reaction.ALONE else (one, answer.units[0])
    state = _record(position, position.state, vehicle, ids)
    return reaction.attack(position.at(state), vehicle, ids, stopped=bool(decision.arg("stopped", "")))


__all__ = [
    "CHOICE",
    "DONE",
    "LEADER",
    "OFFER",
    "candidates",
    "choices",
    "may_react",
    "offer",
    "resume_leader",
    "resume_offer",
    "stopped_window",
    "target",
]
