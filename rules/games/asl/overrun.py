"""ASL Overrun in play (D7.1-D7.17): a vehicle moving into a hex of enemy infantry overruns it.

At the table the move is the same lift and placement: a path into a hex holding enemy infantry (and no
enemy AFV, which stays closed to vehicles here) is an Overrun of that hex. It costs the hex's entry plus a
quarter of the printed MP allowance (FRU), paid with the entry (D7.1); never in reverse (D7.13). After the
entry's own rolls (a bog DR) and the defender's reaction window (Defensive First Fire, D7.1), the mover's
owner rolls the OVR's IFT DR:

- FP: the vehicle's OVR FP (D7.11: base 1, 2 or 4, its working MGs tripled then halved) plus the share of the
  infantry aboard (D7.11: a quarter of their printed FP, half for CE armored-halftrack passengers, tripled;
  mounted.py), halved if the vehicle was immobilized or destroyed before the attack (D7.11); units that add
  FP may not unload this phase (D6.5);
- DRM: the target hex's TEM (D7.15), or FFMO -1 in open ground without TEM (D7.15); the exposed PRC of an
  enemy vehicle in Motion are a group of their own at +2 (D7.12), BU halftrack passengers no target (D6.61);
- the result on the IFT applies to every enemy infantry unit there as any fire's does (aftermath.py);
- an original DR at or above the breakdown number of the MA or a MG in it malfunctions that weapon
  (several: Random Selection, A9.71); a 12 that breaks no weapon immobilizes the vehicle instead (D7.17,
  ovrbreak.py);
- then the defender's Reaction Fire is due (D7.2, reaction.py).

Non-CC Reaction Fire by TPBF at an unarmored vehicle is ncreact.py's (D7.22); street fighting street.py's
(D7.211). An exposed infantry leader aboard directs an OVR to which other units aboard add FP (D6.65, D7.16:
the better of his and the Armor Leader's modifier, one of them; an Inexperienced crew's 6+1 stands, D3.45).
A vehicle that (or whose PRC) has a Bounding Fire counter makes no OVR and pays no OVR MP (D7.1, D7.13,
``may_overrun``); an OVR puts no such counter on it, so it may overrun again (D7.14: each entry of a hex).
Not built: the rest of Non-CC Reaction Fire (D7.22: ordnance, FT, DC, MOL are chapter C's), a FT's OVR
(D7.15), an OVR of an unarmored vehicle (D7.12), the OVR as the mover's choice (D7.1 "may": here every
entry into enemy infantry overruns), a choice to keep the infantry aboard out of it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.games.asl import armorldr, mounted, vmg
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.asl.aftermath import decisions_for
from hexmate.rules.games.asl.vehicles import is_mobile, vehicle_of
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

OVR = "vovr"
OVR_FIRED = "ovr_fp"  # D6.5: added its FP to an OVR: no unloading this phase


def _vehicle(u: UnitState) -> bool:
    return u.type == "vehicle"


def targets(position: Position, side: str, h: Hex) -> list[UnitState]:
    """The enemy infantry an Overrun of h attacks (D7.12: not an AFV, but its exposed PRC; not the BU
    passengers of an armored halftrack, D6.61; their SW go with their owners)."""
    out = []
    for u in position.units_at(h):
        if u.side == side or _vehicle(u) or u.type == "sw":
            continue
        carrier = position.units.get(u.carrier or "")
        if carrier is not None and _vehicle(carrier) and mounted.role(carrier) == mounted.HT_PASSENGER and (
                not mounted.exposed(carrier) or u.has("broken")):
            continue  # D6.61: attacked only through the halftrack itself
        out.append(u)
    return out


def _in_motion_prc(position: Position, unit: UnitState) -> bool:
    """D7.12: the exposed PRC of a vehicle in Motion (the OVR against them is at +2)."""
    carrier = position.units.get(unit.carrier or "")
    return carrier is not None and _vehicle(carrier) and carrier.has("motion")


def aboard(position: Position, vehicle: UnitState) -> list[UnitState]:
    """Its passengers or riders (D6.1, D6.2)."""
    return sorted((u for u in position.units.values() if u.carrier == vehicle.id), key=lambda u: u.id)


def _aboard_leader(position: Position, vehicle: UnitState, riding: list[UnitState]) -> tuple[str, int] | None:
    """D6.65, D7.16: an exposed infantry leader aboard (a CE halftrack passenger, a rider, any passenger the
    OVR's infantry FP comes from) directs an OVR to which other units aboard add FP: his id and modifier."""
    from hexmate.rules.games.asl import units as au

    if mounted.role(vehicle) == mounted.HT_PASSENGER and not mounted.exposed(vehicle):
        return None
    leaders = [u for u in riding if au.can_direct(u)]
    best = min(leaders, key=lambda u: (au.leadership_of(u), u.id), default=None)
    return (best.id, au.leadership_of(best)) if best is not None else None


def closed(position: Position, side: str, h: Hex) -> bool:
    """A hex a vehicle of ``side`` may pass through but not stop in, nor end its MPh in Motion in: one holding
    an enemy AFV that is not a wreck (D2.6), unless one of D2.6's exceptions lets it stay (vstay.py)."""
    return any(u.side != side and _vehicle(u) and not u.has("wreck") and vehicle_of(u.values).armored
               for u in position.units_at(h))


def is_overrun(position: Position, side: str, h: Hex) -> bool:
    return bool(targets(position, side, h))


BOUNDING = "bounding_fire"  # D3.3's Bounding Fire counter (vfire.BOUNDING)


def may_overrun(position: Position, vehicle: UnitState) -> bool:
    """D7.1, D7.13: no OVR by a vehicle that (or whose PRC) already has a Bounding Fire counter; an earlier
    OVR puts none on it here, so multiple OVRs stay open (D7.14). Without the OVR it may still enter the
    hex, paying no OVR MP."""
    return not vehicle.has(BOUNDING) and not any(
        u.carrier == vehicle.id and u.has(BOUNDING) for u in position.units.values())


def extra_mp(mpa: int) -> int:
    """D7.1: a quarter of the printed MP allowance (FRU), paid with the entry."""
    return vm.ovr_mp(mpa)


def declare(position: Position, vehicle: UnitState, h: Hex) -> Decision:
    """The OVR's IFT DR, asked of the mover's owner (D7.1), with its FP: the vehicle's and the share of the
    infantry aboard (D7.11, mounted.ovr_share); their combat results after this do not change it (D7.11)."""
    vt = vehicle_of(vehicle.values)
    base = vt.ovr_fp(ma_working=not vehicle.has("ma_malf"), mg_working=False)
    working = sum(vmg.fp_of(vt, w) for w in ("bmg", "cmg", "aamg", "ma")  # D7.11: the working MGs, an MG MA
                  if not vehicle.has(f"{w}_malf") and not vehicle.has(f"{w}_removed"))
    base += Fraction(working * 3, 2)
    share, _ = mounted.ovr_share(vehicle, aboard(position, vehicle))
    fp = base + share
    prompt = T(
        "{unit} overruns {hex} with {fp} FP: roll the IFT DR (D7.1)", unit=vehicle.id, hex=position.label(h),
        fp=fp,
    )
    return Decision("roll", vehicle.side, prompt, "D7.1", OVR, dice="DR", subject=(vehicle.id,), target=h,
                    args=(("base", str(base)), ("fp", str(fp))))


def resolve(position: Position, decision: Decision, answer: act.Answer) -> State:
    """Work out the OVR on the IFT and turn its result into the targets' checks (D7.11, D7.12, D7.15,
    D7.17); then the defender's Reaction Fire is due (D7.2, reaction.py)."""
    assert answer.dice is not None and decision.target is not None
    state = position.state
    h = decision.target
    vehicle = state.units[decision.subject[0]]
    roll = ASL_DR.from_values(answer.dice)
    fp = Fraction(decision.arg("fp", "0"))
    base = Fraction(decision.arg("base", str(fp)))
    lines: list[Line] = [Line(T("OVR FP"), str(base), "D7.11")]
    riding = aboard(position, vehicle)
    _, steps = mounted.ovr_share(vehicle, riding)
    if fp != base:
        lines += [Line(T("infantry aboard add"), said, rule) for said, rule in steps]
        lines.append(Line(T("OVR FP with the infantry aboard"), str(fp), "D7.11"))
        for unit in riding:  # D6.5: a unit that added FP to an OVR may not unload this phase
            if unit.type != "sw" and not unit.has("broken"):
                state = state.with_unit(state.units[unit.id].mark(OVR_FIRED))
    if vehicle.has("wreck") or not is_mobile(vehicle.markers):  # bogged too: immobile (D.7)
        fp /= 2
        lines.append(Line(T("immobilized or destroyed before the OVR: FP halved"), str(fp), "D7.11"))
    tem = asl_terrain.tem(position, h)
    drm = tem
    if tem:
        said = T("target terrain ({terrain})", terrain=position.map.terrain(h))
        lines.append(Line(said, f"{tem:+d}", "D7.15"))
    elif position.map.terrain(h) == "open":
        drm -= 1
        lines.append(Line(T("FFMO: an Overrun in open ground"), "-1", "D7.15"))
    lead = armorldr.leadership(vehicle, "ovr", withhold=True)  # D3.44 (D3.41: not while hidden, alhide.py)
    aboard_lead = _aboard_leader(position, vehicle, riding) if fp != base else None
    if aboard_lead is not None and (not lead or aboard_lead[1] < lead) and not vehicle.values.get(
            "inexperienced_crew"):  # D7.16: one of the two; D3.45: the 6+1 must be used
        lead = aboard_lead[1]
        lines.append(Line(T("leadership of {unit}, aboard", unit=aboard_lead[0]), f"{lead:+d}", "D7.16"))
    elif lead:
        lines.append(Line(T("Armor Leader"), f"{lead:+d}", "D3.44"))
    drm += lead
    chart = position.charts.chart("ift")
    axis = chart.axis("fp")
    col = axis.locate(fp)
    hit = targets(position, vehicle.side, h)
    column = "" if col is None else str(axis.keys[col])
    lines.append(Line(T("Original DR"), str(roll.total), "A.1"))
    moving_prc = [u for u in hit if _in_motion_prc(position, u)]
    ground = [u for u in hit if u not in moving_prc and not u.concealed]
    hidden = [u for u in hit if u not in moving_prc and u.concealed]  # A12.41, A7.23: Area Fire at a "?"
    groups = [(ground, drm, False, fp), (hidden, drm, False, fp / 2),
              (moving_prc, tem + 2 + lead, True, fp)]  # PRC: the TEM, no FFMO; +2 in Motion
    results: dict[str, str] = {}
    outcomes: list[tuple[str, list[str]]] = []
    for group, group_drm, prc, group_fp in groups:
        if not group:
            continue
        final = roll.total + group_drm
        if group_fp != fp:
            lines.append(Line(T("concealed targets: Area Fire, FP halved"), str(group_fp), "A12.41"))
            col = axis.locate(group_fp)
            column = "" if col is None else str(axis.keys[col])
        result = "-" if col is None else str(chart.lookup(fp=axis.keys[col], final_dr=final))
        if prc:
            lines.append(Line(T("the exposed PRC of a vehicle in Motion"), "+2", "D7.12"))
        lines.append(Line(T("IFT"), T("{fp} FP -> {column} column, final DR {final} -> {result}", fp=group_fp,
                                       column=column or "-", final=final, result=result), "A7.3"))
        if group_fp != fp:
            col = axis.locate(fp)
            column = "" if col is None else str(axis.keys[col])
        results.update({u.id: result for u in group})
        outcomes.append((result, [u.id for u in group]))
    if not hit:
        lines.append(Line(T("IFT"), T("nobody left to attack: no effect"), "D7.12"))
    from hexmate.rules.games.asl import ovrbreak  # D7.17, A9.71: the MA and MGs in it, or immobilized

    state, broke, pick = ovrbreak.after_ovr(state, state.units[vehicle.id], roll.total)
    lines += broke
    result = outcomes[0][0] if outcomes else "-"
    summary = T("{unit} overruns {hex}: {result}", unit=vehicle.id, hex=position.label(h), result=result)
    res = Resolution(act.Fire((vehicle.id,), h, answer.dice), "ift", position.charts.label,
                     position.charts.demo, tuple(lines), results, summary)
    state = state.replace(resolution=res)
    game: Any = state.game  # AslState: the Reaction Fire now due (D7.2: right after the OVR)
    if hasattr(game, "ovr_react"):
        state = state.replace(game=game.replace(ovr_react=(vehicle.id, h)))
    decisions: list[Decision] = []
    for outcome, ids in outcomes:
        decisions += decisions_for(position.at(state), outcome, ids, column)
    return state.push(*decisions, *pick)


__all__ = ["BOUNDING", "OVR", "OVR_FIRED", "aboard", "closed", "declare", "extra_mp", "is_overrun",
           "may_overrun", "resolve", "targets"]
