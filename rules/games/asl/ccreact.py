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

Who (D7.21, D7.213): non-phasing squads, half-squads, crews and leaders (mounted or not) at ground level in
the vehicle's hex, not broken, pinned, unarmed (A20.5), in Melee, prisoners or aboard a vehicle. As D7.2
allows reacting as often as the unit could Defensive First or Final Fire, a CC counter from an earlier
reaction does not bar it.

Several units may attack at one MP expenditure, one after the other (D7.2): the window opens again after
each attack, without the CC Reaction choice once every unit there has attacked at this MP.

In platoon impulses (D14.32) the defender's chance at an impulse's MP comes in the window at the AFV's hex at
the impulse's end (impulse.py): CC Reaction Fire is offered there too, e.g. after an entry ``as
impulse_through`` into the defender's hex. The platoon is one stack whose AFVs spent the impulse's MP
together (D14.31, D14.32): with several of them in the Location the defender picks the one each attack is at
(``PICK``; A11.5: a CC attack is at one vehicle), and a unit attacks once at each MP the impulse cost, as it
could fire (D7.2; the D14 example's AT Gun gets one shot in a 1 MP impulse whatever AFV it aims at, the D14.33
example's second shot is at the 2nd MP).

Not here: the entry MP of an OVR (its Reaction Fire comes after the OVR is resolved, D7.1, D7.2: reaction.py;
in impulses too, impovr.py).

Cavalry (D7.21 names infantry and cavalry; A11.5): a mounted unit reacts as its infantry would, with its
unit's CCV (A13.4: its FP is not halved in CC); a failed PAATC ends its attack but does not pin it (A13.52:
cavalry is never pinned; reaction.resume_paatc).

The +2 of A11.51 (a vehicle in Motion or not stopped) is left
out only after a stop MP (D2.13) and for delay MP, which a vehicle spends stopped (D2.17); after any other MP
it is counted, as for the OVR (reaction.py).
"""

from __future__ import annotations

import dataclasses
from collections import Counter

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


def targets(position: Position, side: str) -> list[UnitState]:
    """The enemy vehicles whose MP expenditure the open reaction window follows, if ``side`` is the
    non-phasing side and no OVR of that vehicle is pending or being reacted to (D7.1, D7.2). A move's window
    follows its one vehicle; a platoon impulse's window at a hex follows every AFV of the platoon there,
    which spent the impulse's MP together (D14.31-D14.32): the defender picks one to attack (``PICK``)."""
    moving = position.state.moving
    top = position.state.decision
    if position.phase.id != "MPh" or side == position.phasing or moving is None or not moving.units:
        return []
    if top is None or top.kind != "react":
        return []
    if reaction.due(position) is not None:
        return []
    ids = moving.units if top.then == "vimpulse" else moving.units[:1]
    # D7.21 with D14.32: a wave's platoon AFV that entered without its OVR is attacked at the impulse's end
    ids = (*ids, *sorted(u.id for u in position.units.values()
                         if u.has(impovr.HW_THROUGH) and u.id not in ids))
    out = []
    for uid in ids:
        vehicle = position.units.get(uid)
        if vehicle is None or not is_vehicle(vehicle) or vehicle.side == side or vehicle.hex is None:
            continue
        if vehicle.has("wreck"):
            continue
        if any(d.then == overrun.OVR and d.subject[:1] == (vehicle.id,) for d in position.state.decisions):
            continue  # D7.1: the OVR is resolved first; its Reaction Fire follows it (reaction.py)
        if vehicle.has(f"{impovr.OVR}{vehicle.hex.q},{vehicle.hex.r}"):
            continue  # D7.1, D14.32: an impulse's OVR here comes after its windows (its Reaction Fire after)
        out.append(vehicle)
    return out


def target(position: Position, side: str) -> UnitState | None:
    """The first of ``targets``: the vehicle of a move's window."""
    return next(iter(targets(position, side)), None)


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
    top = position.state.decision
    done, most = _done(top), _most(top)
    for vehicle in targets(position, side):
        if any(done[u.id] < most for u in candidates(position, vehicle, side)):
            return (CHOICE,)
    return ()


WINDOWS = ("move_on", "vimpulse")  # a move's window after an MP; a platoon impulse's at its end (D14.32)
DONE = "ccr_done"  # the window's record of the units that attacked at this MP expenditure (D7.2)
MOST = "ccr_most"  # an impulse window's: the attacks a unit may make in it, one at each MP it cost (D14.32)
PICK = "ccr_pick"


def _done(window: Decision | None) -> Counter[str]:
    """The attacks each unit made in the window (a unit id once per attack)."""
    return Counter(u for u in (window.arg(DONE, "") if window is not None else "").split(",") if u)


def _most(window: Decision | None) -> int:
    """D7.2: a unit reacts as often as it could First Fire: once at a move's MP expenditure; in a platoon
    impulse's window once at each MP the impulse cost, its AFVs having spent each together (D14.32, the D14
    example's AT Gun: one shot in a 1 MP impulse; the D14.33 example's second shot, at the 2nd MP)."""
    return int(window.arg(MOST, "1") or 1) if window is not None else 1


def pick(position: Position, side: str, vehicles: list[UnitState], window: Decision) -> State:
    """D7.21, D14.32: more than one platoon AFV spent the impulse's MP in the defender's Location: which one
    is attacked (each CC attack is at one vehicle, A11.5). The window goes back beneath the question."""
    prompt = T("choose the AFV to attack in CC Reaction Fire, or pass (D7.21, D14.32)")
    return position.state.push(window).push(Decision(
        "units", side, prompt, "D7.21", PICK, units=tuple(v.id for v in vehicles), choices=("pass",),
        target=window.target))


def offer(position: Position, side: str, vehicle_id: str, *, stopped: bool = False,
          window: Decision | None = None, beneath: bool = False) -> State:
    """The defender chose CC Reaction Fire in the window: which unit attacks (D7.21). The window goes back
    beneath the question (``window``): once this attack is over it opens again, so other units of the
    Location may attack at the same MP expenditure (D7.2: each may react as often as it could First or Final
    Fire), but not one that already did at this MP (its record, ``DONE``; in an impulse's window, one that
    attacked at each MP the impulse cost, ``MOST``). ``beneath``: the window is already under the question
    (``PICK`` answered)."""
    vehicle = position.units.get(vehicle_id)
    if beneath:
        window = position.state.decision
    done, most = _done(window), _most(window)
    units = [u for u in candidates(position, vehicle, side) if done[u.id] < most] if vehicle else []
    if vehicle is None or vehicle.hex is None or not units:
        raise IllegalAction(T("no unit may attack that vehicle by CC Reaction Fire here (D7.21)"), "D7.21")
    prompt = T("{vehicle} spent MP in {hex}: choose a unit there to attack it in CC Reaction Fire, or pass "
               "(D7.2, D7.21)", vehicle=vehicle.id, hex=position.label(vehicle.hex))
    state = position.state.push(window) if window is not None and not beneath else position.state
    return state.push(Decision("units", side, prompt, "D7.21", OFFER,
                               units=tuple(u.id for u in units), choices=("pass",),
                               subject=(vehicle.id,), target=vehicle.hex,
                               args=(("stopped", "1" if stopped else ""),)))


def _record(position: Position, state: State, ids: tuple[str, ...]) -> State:
    """The window beneath (D7.2): these units attacked at this MP; no CC Reaction choice once none is left."""
    top = state.decision
    if top is None or top.kind != "react" or top.then not in WINDOWS:
        return state
    done = _done(top) + Counter(ids)
    args = (*((k, v) for k, v in top.args if k != DONE), (DONE, ",".join(sorted(done.elements()))))
    window = dataclasses.replace(top, args=args)
    view = position.at(state.replace(decisions=(*state.decisions[:-1], window)))
    kept = top.choices if choices(view, top.side) else tuple(c for c in top.choices if c != CHOICE)
    return state.replace(decisions=(*state.decisions[:-1], dataclasses.replace(window, choices=kept)))


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
    state = _record(position, state, (unit.id,))
    return reaction.attack(position.at(state), vehicle, (unit.id,), stopped=bool(decision.arg("stopped", "")))


def resume_leader(position: Position, decision: Decision, answer: act.Answer) -> State:
    vehicle = position.units[decision.subject[0]]
    one = decision.subject[1]
    ids = (one,) if answer.choice == reaction.ALONE else (one, answer.units[0])
    state = _record(position, position.state, ids)
    return reaction.attack(position.at(state), vehicle, ids, stopped=bool(decision.arg("stopped", "")))


__all__ = [
    "CHOICE",
    "DONE",
    "LEADER",
    "MOST",
    "OFFER",
    "PICK",
    "candidates",
    "choices",
    "may_react",
    "offer",
    "pick",
    "resume_leader",
    "resume_offer",
    "stopped_window",
    "target",
    "targets",
]
