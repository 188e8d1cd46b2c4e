"""ASL Reaction Fire against an overrunning vehicle (D7.2-D7.213), by Close Combat on the CC-vs-vehicle rules
(A11.5, A11.501, A11.51, A11.6, A11.61; vfire.py, ordnance.py).

When: right after the OVR and the checks its result gave (D7.2), before the vehicle spends its next MP. The
defender is asked, again after each attack while someone may still react, which unit attacks the vehicle (a
``units`` decision: tap it, or done to pass), then whether a leader attacks beside an MMC (A11.5: at most one
SMC; tap him, or done for none).

Who (D7.21, D7.213): non-phasing infantry in the OVR Location, not broken, pinned, unarmed, in Melee or aboard
a vehicle, that have not reacted to this OVR already. A unit with a Final Fire counter overrun by anything but
an unarmored vehicle without PRC must react (FPF, D7.212): even pinned; the defender may pass only once each
such unit has attacked.

How: against an AFV an MMC first passes a PAATC (A11.6: a NTC, a 1TC if inexperienced, with the best
leadership of its Location; SMC, fanatic and berserk units are exempt), once per vehicle and phase (D7.21);
failing pins it and ends its reaction, unless it is FPF, which then attacks pinned (D7.212). The CC DR is
against the unit's CCV (A11.5: -1 for a First or Final Fire counter, -1 pinned, D7.213) with the DRM of
A11.51 and A11.61 (no ambush, D7.21; +2 against the vehicle, not stopped while it moves, D2.41); an original 2
rolls a further dr (A11.501). A destroyed vehicle takes its passengers and riders with it (A11.611).
Afterwards the attackers get a First Fire counter (Final Fire if they had one: a sequential attack) and, if
the vehicle survived, the CC counter that bars Non-CC Reaction Fire (D7.21); an FPF attack's original DR is
also their NMC (D7.212, A8.31).

CC Reaction Fire at a vehicle's other MP in the Location (start, stop, turn, delay...) is ccreact.py's,
with this module's attack (``stopped`` for a stopped vehicle: no +2). Street Fighting (D7.211, A11.8) is
street.py's, on this module's attack; Non-CC Reaction Fire by TPBF at an
unarmored vehicle (D7.22, A7.308) is ncreact.py's, offered here as ``tpbf-UNIT``; a vehicle's gun in the
Location at an overrunning AFV is ncrord.py's, offered as ``ord-VEHICLE``. Not built: the rest of
D7.22 and D7.221 (ordnance SW, FT, DC, MOL: chapter C's tables), gun crews (D7.23). A PAATC the concealed
units passed when the AFV entered (A12.41) is remembered with the others (vconceal.resume_paatc): D7.21 asks
no second one.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.games.asl import commissar, nations, ncreact, ncrord, streetrfp, vfire
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.aftermath import fpf_self_check
from hexmate.rules.games.asl.vehicles import VehicleType, is_mobile, vehicle_of
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

OFFER, LEADER, PAATC, CC, CC2 = "ovr_react", "ovr_leader", "ovr_paatc", "ovr_cc", "ovr_cc2"
ALONE = "alone"  # the answer to the leader question: the MMC attacks without one
REACTED = "cc_reacted"  # the CC counter of D7.21: no Non-CC Reaction Fire this phase
PHASE_END = (REACTED, "ovr_fp", "ncr")  # markers that last the MPh at most (D7.21, D6.5, D7.22)
MMC = ("squad", "hs", "crew")


def _game(state: State) -> Any:
    return state.game  # AslState (game.py imports this module)


def _vt(vehicle: UnitState) -> VehicleType:
    return vehicle_of(vehicle.values)


def due(position: Position) -> tuple[UnitState, Hex] | None:
    """The overrunning vehicle and the OVR hex whose Reaction Fire is still due, if any."""
    pending = getattr(position.state.game, "ovr_react", None)
    if pending is None:
        return None
    vehicle = position.units.get(pending[0])
    if vehicle is None or vehicle.has("wreck") or vehicle.hex != pending[1]:
        return None
    return vehicle, pending[1]


def clear(state: State) -> State:
    for unit in [u for u in state.units.values() if u.has(ncreact.MARK)]:  # D7.22: this OVR's reactions
        state = state.with_unit(unit.mark(remove=(ncreact.MARK,)))
    game = _game(state)
    return state.replace(game=game.replace(ovr_react=None)) if getattr(game, "ovr_react", None) else state


def phase_over(state: State) -> State:
    """The end of the MPh: no OVR due, no PAATC remembered (D7.21: per phase)."""
    game = _game(state)
    return state.replace(game=game.replace(ovr_react=None, paatc=()))


def must_react(vehicle: UnitState, unit: UnitState, position: Position) -> bool:
    """D7.212: a unit with a Final Fire counter, overrun by any vehicle but an unarmored one without PRC."""
    carries = any(u.carrier == vehicle.id for u in position.units.values())
    return unit.has("final_fire") and (_vt(vehicle).armored or carries)


def eligible(position: Position, vehicle: UnitState, h: Hex) -> list[UnitState]:
    """D7.21, D7.213: who may react now."""
    out = []
    for u in position.units_at(h):
        if u.side == vehicle.side or u.type not in (*MMC, "leader") or u.carrier:
            continue
        if u.has("broken") or u.has("melee") or au.is_unarmed(u) or u.has(REACTED) \
                or u.has(ncreact.MARK):  # D7.22: once for this OVR
            continue
        if u.has("pinned") and not must_react(vehicle, u, position):
            continue
        out.append(u)
    return sorted(out, key=lambda u: u.id)


def offer(position: Position) -> State:
    """Ask the defender for the next Reaction Fire, or settle that none is left (D7.2): tap the unit that
    attacks (an MMC, or a leader alone), or done to pass; an FPF unit must be chosen (D7.212)."""
    state = position.state
    found = due(position)
    if found is None:
        return clear(state)
    vehicle, h = found
    units = eligible(position, vehicle, h)
    guns = ncrord.choices(position, vehicle, h)  # D7.22: a gun in the Location at an overrunning AFV
    if not units and not guns:
        return clear(state)
    obliged = tuple(u.id for u in units if must_react(vehicle, u, position))
    side = position.enemy_of(vehicle.side)
    if obliged:
        prompt = T("{units} must attack {vehicle} in CC Reaction Fire (FPF): choose the attacker (D7.212)",
                   units=", ".join(obliged), vehicle=vehicle.id)
        fpf = [u for u in units if u.id in obliged]  # D7.221: or by FPF TPBF at an unarmored vehicle
        return state.push(Decision("units", side, prompt, "D7.212", OFFER, units=obliged,
                                   choices=ncreact.choices(vehicle, fpf), subject=(vehicle.id,), target=h))
    prompt = T("{vehicle} overran {hex}: choose a unit to attack it in CC Reaction Fire, or pass (D7.21)",
               vehicle=vehicle.id, hex=position.label(h))
    return state.push(Decision("units", side, prompt, "D7.21", OFFER, units=tuple(u.id for u in units),
                               choices=("pass", *ncreact.choices(vehicle, units), *guns),  # D7.22: or TPBF
                               subject=(vehicle.id,), target=h))


def _exempt(unit: UnitState) -> bool:
    """A11.6: SMC, fanatic and berserk units take no PAATC."""
    return unit.type == "leader" or unit.has("fanatic") or unit.has("berserk")


def resume_offer(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The attacker chosen: a leader of the Location may attack beside an MMC (A11.5), asked next."""
    state = position.state
    if answer.choice == "pass":
        return clear(state)
    vehicle = state.units[decision.subject[0]]
    if answer.choice and answer.choice.startswith(ncreact.PREFIX):  # D7.22: Non-CC Reaction Fire, TPBF
        return ncreact.declare(position, vehicle, answer.choice[len(ncreact.PREFIX):])
    if answer.choice and answer.choice.startswith(ncrord.PREFIX):  # D7.22: a gun at an overrunning AFV
        return ncrord.declare(position, vehicle, answer.choice[len(ncrord.PREFIX):])
    unit = state.units[answer.units[0]]
    assert vehicle.hex is not None
    leaders = tuple(u.id for u in eligible(position, vehicle, vehicle.hex)
                    if u.type == "leader" and not u.has("pinned"))
    if unit.type in MMC and leaders:
        prompt = T("a leader may attack beside {unit}: tap him, or press done to attack alone (A11.5)",
                   unit=unit.id)
        return state.push(Decision("units", unit.side, prompt, "A11.5", LEADER, units=leaders,
                                   choices=(ALONE,), subject=(vehicle.id, unit.id), target=decision.target))
    return attack(position, vehicle, (unit.id,))


def resume_leader(position: Position, decision: Decision, answer: act.Answer) -> State:
    vehicle = position.units[decision.subject[0]]
    ids = (decision.subject[1],) if answer.choice == ALONE else (decision.subject[1], answer.units[0])
    return attack(position, vehicle, ids)


def attack(position: Position, vehicle: UnitState, ids: tuple[str, ...], *, street: bool = False,
           stopped: bool = False) -> State:
    """Against an AFV an MMC passes a PAATC first, once per vehicle and phase (A11.6, D7.21); then the CC
    DR. ``street``: by Street Fighting from an adjacent building (street.py, A11.8, D7.211); ``stopped``: the
    vehicle spent its MP stopped (ccreact.py: no +2 of A11.51)."""
    state = position.state
    first = state.units[ids[0]]
    key = f"{first.id}>{vehicle.id}"
    if _vt(vehicle).armored and not _exempt(first) and key not in _game(state).paatc:
        n = nations.paatc_tc(position, first)  # A19.34, A19.3, A25.65, A25.81, A25.91
        prompt = T("{unit} takes a PAATC ({n}TC) before attacking {vehicle} (A11.6, D7.21)", unit=first.id,
                   n=n or "N", vehicle=vehicle.id)
        args = (("target", vehicle.id), ("street", "1" if street else ""),
                ("stopped", "1" if stopped else ""))
        return state.push(Decision("roll", first.side, prompt, "A11.6", PAATC, dice="DR", subject=ids,
                                   target=vehicle.hex, args=args))
    if street:  # D7.211: the Residual FP on the way into the street and back
        return streetrfp.around(position, state, cc_decision(position, vehicle, ids, street=True))
    return state.push(cc_decision(position, vehicle, ids, street=street, stopped=stopped))


def resume_paatc(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A11.6: passed, the CC DR; failed, pinned, and no attack unless it is FPF (D7.212)."""
    assert answer.dice is not None
    state = position.state
    vehicle = state.units[decision.arg("target")]
    unit = state.units[decision.subject[0]]
    n = nations.paatc_tc(position, unit)  # A19.34, A19.3, A25.65, A25.81, A25.91
    drm = am.leader_drm_for(unit, position.units_at(unit.hex) if unit.hex is not None else [], position)
    plus = commissar.bonus(state.units.values(), unit)  # A25.221: a commissar's +1 morale
    ok = am.task_check(unit, (answer.dice[0], answer.dice[1]), n=n, drm=drm, bonus=plus)
    morale = min(10, au.unit_morale(unit) + plus)
    total = sum(answer.dice)
    lines = (Line(T("PAATC"), T("DR {dr} {drm:+d} against morale {morale}: {outcome}", dr=total, drm=n + drm,
                                morale=morale, outcome=T("passed") if ok else T("failed")),
                  "A11.6"),)
    pins = am.pinnable(unit)  # A13.52: cavalry is never pinned; its failed PAATC only ends its attack
    failed = T("failed: pinned") if pins else T("failed")
    summary = T("{unit} PAATC: {outcome}", unit=unit.id, outcome=T("passed") if ok else failed)
    outcome = "pass" if ok else "pinned" if pins else "fail"
    res = Resolution(act.Fire(decision.subject, decision.target or Hex(0, 0), answer.dice), "task-check",
                     "A11.6", False, lines, {unit.id: outcome}, summary)
    state = state.replace(resolution=res)
    if ok:
        game = _game(state)
        state = state.replace(game=game.replace(paatc=(*game.paatc, f"{unit.id}>{vehicle.id}")))
    else:
        fpf = must_react(vehicle, unit, position)
        if pins:
            state = state.with_unit(unit.mark("pinned"))
        if not fpf:  # D7.21: no CC Reaction Fire after a failed PAATC (and pinned, no other, D7.213)
            return state
    street, stopped = bool(decision.arg("street", "")), bool(decision.arg("stopped", ""))
    if street:  # D7.211: the Residual FP on the way into the street and back
        return streetrfp.around(position.at(state), state, cc_decision(position.at(state), vehicle,
                                                                        decision.subject, street=True))
    return state.push(cc_decision(position.at(state), vehicle, decision.subject, street=street,
                                  stopped=stopped))


def cc_decision(
    position: Position, vehicle: UnitState, ids: tuple[str, ...], *, street: bool = False,
    stopped: bool = False,
) -> Decision:
    ccv, drm, _ = vfire.cc_vehicle(position, vehicle, ids, moving=not stopped, street=street)
    # A8.31, D7.2: any attack by a unit with a Final Fire counter is FPF, its DR also its NMC (D7.212 only
    # makes it a duty against an OVR); outside an OVR and at an unarmored vehicle without PRC too
    fpf = [u for u in ids if position.units[u].has("final_fire")]
    prompt = T("{units} attack {target} in CC Reaction Fire: CCV {ccv}, DRM {drm:+d}; roll the CC DR (D7.21)",
               units=", ".join(ids), target=vehicle.id, ccv=ccv, drm=drm)
    return Decision("roll", position.units[ids[0]].side, prompt, "D7.21", CC, dice="DR", subject=ids,
                    target=vehicle.hex, args=(("ccv", str(ccv)), ("drm", str(drm)), ("fpf", ",".join(fpf)),
                                              ("target", vehicle.id), ("street", "1" if street else ""),
                                              ("stopped", "1" if stopped else "")))


def resume_cc(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A11.5: below the CCV destroys (burns at half or less), equal immobilizes; an original 2 rolls a further
    dr (A11.501)."""
    assert answer.dice is not None
    if sum(answer.dice) == 2:
        return position.state.push(Decision(
            "roll", decision.side, T("an original 2: roll a further dr for a chance kill (A11.501)"),
            "A11.501", CC2, dice="dr", subject=decision.subject, target=decision.target, args=decision.args))
    result = od.cc_result(sum(answer.dice), int(decision.arg("drm")), int(decision.arg("ccv")))
    return _finish(position, decision, result, answer.dice)


def resume_cc2(position: Position, decision: Decision, answer: act.Answer) -> State:
    assert answer.dice is not None
    result = od.cc_result(2, int(decision.arg("drm")), int(decision.arg("ccv")), extra_dr=answer.dice[0])
    return _finish(position, decision, result, (1, 1, answer.dice[0]))


def _finish(position: Position, decision: Decision, result: str, dice: tuple[int, ...]) -> State:
    """The result on the vehicle (vfire's CC), the attackers' counters (D7.21) and an FPF's NMC (D7.212)."""
    vehicle = position.units[decision.arg("target")]
    still = bool(decision.arg("stopped", ""))  # ccreact.py: a stopped vehicle (A11.51)
    _, _, parts = vfire.cc_vehicle(position, vehicle, decision.subject, moving=not still,
                                   street=bool(decision.arg("street", "")))
    state = vfire._cc_apply(position, decision, result, dice)
    res = state.resolution
    if res is not None:
        lines = (*parts, *(line for line in res.lines if line.rule != "A11.51" and str(line.label) !=
                           "Close Combat Value"))
        summary = T("CC Reaction Fire: {summary}", summary=res.summary)
        state = state.replace(resolution=Resolution(res.action, res.chart, res.chart_label, res.demo, lines,
                                                    res.results, summary))
    survived = not state.units[vehicle.id].has("wreck")
    for uid in decision.subject:  # D7.21: First or Final Fire counter; the CC counter if the vehicle survived
        unit = state.units[uid]
        fire = "final_fire" if unit.has("first_fire") or unit.has("final_fire") else "first_fire"
        gone = ("first_fire",) if fire == "final_fire" else ()
        marks = (fire, *((REACTED,) if survived else ()))
        state = state.with_unit(unit.mark(*marks, remove=gone))
        for sw in au.possessed(state, uid):  # D7.21: and all the SW they possess
            state = state.with_unit(sw.mark(*marks, remove=gone))
    fpf = [state.units[u] for u in decision.arg("fpf").split(",") if u and u in state.units]
    if fpf:  # D7.212, A8.31: the original DR is also the NMC of the FPF attackers (and a leader with them)
        leaders = [state.units[u] for u in decision.subject if state.units[u].type == "leader"
                   and state.units[u] not in fpf]
        state = fpf_self_check(position.at(state), state, [*fpf, *leaders], ASL_DR.from_values(dice[:2]))
    after = state.units[vehicle.id]
    if after.has("wreck"):
        return clear(state)
    moving = state.moving
    if not is_mobile(after.markers) and moving is not None and vehicle.id in moving.units:
        why = T("immobilized by CC Reaction Fire (D7.21)")
        state = state.replace(moving=dataclasses.replace(moving, stopped=why))
    return state


__all__ = ["ALONE", "CC", "CC2", "LEADER", "OFFER", "PAATC", "PHASE_END", "REACTED", "attack", "clear", "due",
           "eligible", "must_react", "offer", "phase_over", "resume_cc", "resume_cc2", "resume_leader",
           "resume_offer", "resume_paatc"]
