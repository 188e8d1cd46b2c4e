"""ASL chapter D in play: a vehicle's MGs fired at a Location holding enemy vehicles (D3.54, D.8, A7.308).

The owner names the MGs (``fire <vehicle>.bmg at <hex>``, vmgfire.py) at a Location that holds enemy
vehicles; the one IFT DR then works out:

- each **unarmored** vehicle there (not more of them than the column's largest KIA number) on the IFT's
  vehicle line (A7.308, D6.7): the Kill number of the attack's column against the Final DR made without the
  DRMs that are for infantry only (a TEM for infantry only, the D9.3 AFV cover, the target's overstacking,
  FFNAM/FFMO); an Original DR of 2 asks for the Unlikely Kill dr (A7.309). The units aboard it, always exposed
  (D6.7), take the General Collateral attack (D.8B) on the same column and Final DR, unless the same DR
  destroys or burns the vehicle (D.8: its survivors roll the Survival DR instead, D6.9);
- each **armored** vehicle there: a vehicle MG that is not its MA makes no To Kill attempt (D3.54), so the
  AFV itself is unharmed; MG fire on the IFT at an AFV's exposed PRC is a General Collateral attack (the D.8
  table, its notes 2 and 3: "G" for MG/IFE/small arms against an AFV): each exposed PRC is attacked as if the
  only target, with the range, hindrance and TEM or CE DRMs (D.8B): riders (always exposed, the TEM, no CE
  DRM, D6.23), the CE passengers of an armored halftrack and the AFV's own CE crew (+2 in place of a lower
  positive TEM, D5.31, D6.62); only the riders when its crew is shocked or stunned (D.8).

  For its own CE crew a K or KIA recalls it (D5.341), an MC result is the crew's MC, failed it is stunned
  (D5.34, D5.342): both through vcrewhit.py, as infantry fire at the crew does, so the stun's and the
  Recall's effects and the end of the Player Turn's "+1" are one rule.

Defensive First Fire (A8.1, vmgfire.moving_vehicles): when a vehicle is among the units moving now, the
MGs named at the hex it has just entered attack only the moving vehicles (and those aboard them), the fixed
BMG at +1 (D1.81); FFNAM and FFMO stay infantry-only DRMs (A7.308).
"""

from __future__ import annotations

from fractions import Fraction

from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl import iift, mounted, unarmored, vcrewhit, vmg
from hexmate.rules.games.asl.aftermath import decisions_for
from hexmate.rules.games.asl.armour import is_vehicle, vtype
from hexmate.rules.games.base import Line, Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T


def vehicle_targets(position: Position, h: Hex, side: str) -> list[UnitState]:
    """The enemy vehicles in h that are not wrecks, by id."""
    return sorted((u for u in position.units_at(h)
                   if u.side != side and is_vehicle(u) and not u.has("wreck")), key=lambda u: u.id)


def aboard(state: State, vehicle: UnitState) -> list[UnitState]:
    return sorted((u for u in state.units.values() if u.carrier == vehicle.id and u.type != "sw"),
                  key=lambda u: u.id)


def exposed_prc(state: State, vehicle: UnitState) -> list[tuple[UnitState, int]]:
    """D.8, D.8A: the exposed PRC of a vehicle and the CE DRM of each: riders 0 (D6.23), the CE passengers of
    an armored halftrack +2 (D5.31, D6.62), a truck's passengers 0 (always exposed, D6.7); only riders when
    its crew is shocked or stunned (D.8)."""
    out: list[tuple[UnitState, int]] = []
    for unit in aboard(state, vehicle):
        vt = vtype(vehicle)  # D6.81: a carrier's MMC ride outside it
        kind = mounted.RIDER if vt.carrier and vt.passengers and unit.type not in ("leader", "hero") \
            else mounted.role(vehicle)
        if kind == mounted.RIDER or (kind == mounted.PASSENGER and not vt.armored):  # D6.23, D6.7
            out.append((unit, 0))
        elif (kind == mounted.HT_PASSENGER and mounted.exposed(vehicle) and not unit.has("broken")
              and not (vehicle.has("shocked") or vehicle.has("stunned"))):
            out.append((unit, vmg.CE_DRM))
    return out


def resolve(position: Position, state: State, side: str, h: Hex, fp: Fraction, original: int,
            vehicle_drm: int, *, tem: int, only: frozenset[str] | None = None,
            ) -> tuple[State, list[Line], dict[str, str], list[Decision]]:
    """The vehicles of Location h under one vehicle-MG attack of ``fp`` with this Original DR; ``vehicle_drm``
    is the attack's DRM without those for infantry only, ``tem`` the part of it that is the Location's TEM
    (which a CE DRM replaces when larger, D5.31). Returns the state, the lines, the results by unit and the
    decisions that follow (checks, Unlikely Kill and Survival DRs). ``only``: Defensive First Fire attacks
    just the vehicles moving now (A8.1)."""
    lines: list[Line] = []
    results: dict[str, str] = {}
    asks: list[Decision] = []
    column = iift.at(position, fp)  # A7.3, A7.37: the column on the table in use
    line = iift.vehicle_column(position, column)  # A7.308: the vehicle line's standard column
    targets = [v for v in vehicle_targets(position, h, side) if only is None or v.id in only]
    if column is None or line is None:
        if targets:
            lines.append(Line(T("Vehicle line"), T("{fp} FP: no column left, no effect", fp=str(fp)), "A7.9"))
        return state, lines, results, asks
    shown = fpw.fmt(column)
    final = original + vehicle_drm
    trucks = [v for v in targets if not vtype(v).armored][:unarmored.most_vehicles(
        position.charts.chart("ift"), line)]
    for truck in trucks:
        kill = unarmored.kill_number(position.charts.chart("ift_vehicle"), line)
        got = unarmored.result(final, kill)
        said = T("{vehicle}: Final DR {final}, Kill number {kill}: {result}", vehicle=truck.id, final=final,
                 kill=kill, result=unarmored.SAID[got])
        lines.append(Line(T("Vehicle line"), said, "A7.308"))
        results[truck.id] = got
        prc = aboard(state, truck)
        state, more = unarmored._apply(state, truck, got)  # a wreck: D6.9 survival, or gone with it burning
        asks.extend(more)
        if got in ("destroyed", "burning"):  # D.8: no collateral attack then
            continue
        if unarmored.needs_dr(original, got):
            asks.append(Decision("roll", side, T("{vehicle}: Original DR 2 on the vehicle line: roll the "
                                                 "Unlikely Kill dr", vehicle=truck.id),
                                 "A7.309", "unlikely_kill", dice="dr", subject=(truck.id,), target=h,
                                 args=(("first", got),)))
        if prc:
            result = iift.cell(position, column, final)  # D.8B: the attack's column, A7.37
            said = T("General Collateral attack on {units}: {column} column, Final DR {final} -> {result}",
                     units=", ".join(u.id for u in prc), column=shown, final=final, result=result)
            lines.append(Line(T("units aboard {vehicle}", vehicle=truck.id), said, "D.8B"))
            results.update({u.id: result for u in prc})
            asks.extend(decisions_for(position.at(state), result, [u.id for u in prc], shown))
    for afv in (v for v in targets if vtype(v).armored):
        lines.append(Line(T("{vehicle}: no To Kill attempt", vehicle=afv.id),
                          T("a vehicle MG that is not its MA does not attack an AFV on the To Kill table"),
                          "D3.54"))
        results[afv.id] = "-"
        ce_final = final - tem + max(vmg.CE_DRM, tem)  # D5.31: the CE DRM in place of a lower positive TEM
        state, more_lines, more_asks = crew_collateral(position, state, afv, column, original, ce_final)
        lines += more_lines
        asks += more_asks
        for unit, ce in exposed_prc(state, afv):
            own = ce_final if ce else final
            result = iift.cell(position, column, own)
            said = T("General Collateral attack on {units}: {column} column, Final DR {final} -> {result}",
                     units=unit.id, column=shown, final=own, result=result)
            lines.append(Line(T("units aboard {vehicle}", vehicle=afv.id), said, "D.8B"))
            results[unit.id] = result
            asks.extend(decisions_for(position.at(state), result, [unit.id], shown))
    return state, lines, results, asks


CREW_MC = "vcrew_mc"


def crew_target(afv: UnitState) -> bool:
    """D.8: the AFV's own crew takes a General Collateral attack: exposed (D5.3), still in it (not abandoned
    nor recalled), and neither shocked nor stunned (D.8) but a carrier's, CE and attacked all the same
    (D6.84)."""
    vt = vtype(afv)
    if not vmg.crew_exposed(vt, afv.markers) or afv.has("abandoned") or afv.has(vcrewhit.RECALLED):
        return False
    return vt.carrier or not (afv.has("shocked") or afv.has("stunned"))


def crew_collateral(position: Position, state: State, afv: UnitState, column: int | Fraction, original: int,
                    final: int) -> tuple[State, list[Line], list[Decision]]:
    """D.8, D.8B, D5.31: the AFV's own CE crew (not shocked or stunned, D.8) takes the General Collateral
    attack at this Final DR (its +2 CE DRM in place of a lower TEM): a K or KIA result recalls it (D5.341);
    an MC result is its MC (D5.1: its morale, D3.42), failed it is stunned (D5.34, a second stun recalls,
    D5.342); a PTC does not button it up (D5.33)."""
    if not crew_target(afv):
        return state, [], []
    result = iift.cell(position, column, final)  # D.8B on the attack's column, A7.37: the IIFT's with it
    said = T("General Collateral attack on {vehicle}'s CE crew: {column} column, Original DR {dr}, Final DR "
             "{final} with the CE DRM -> {result}", vehicle=afv.id, column=fpw.fmt(column), dr=original,
             final=final, result=result)
    lines = [Line(T("{vehicle}'s crew", vehicle=afv.id), said, "D.8B")]
    if result.startswith("K/") or result.endswith("KIA"):
        state = vcrewhit.recall(position.at(state), afv)
        lines.append(Line(T("{vehicle}'s crew", vehicle=afv.id),
                          T("a K or KIA on a CE crew with the normal CE DRM: Recall"), "D5.341"))
        return state, lines, []
    if result.endswith("MC"):
        from hexmate.rules.games.asl import vcrew

        got = vcrew.crew_morale_of(position, afv, withhold=True)  # D3.41: a hidden AL only if brought in
        morale = got.value
        drm = (0 if result == "NMC" else int(result[:-2])) + (1 if afv.has("plus1") else 0)  # D5.34: +1
        prompt = T("{vehicle}'s CE crew takes a {result}: roll the DR; {need} or less passes, more stuns it "
                   "(morale {morale}{note}, DRM {drm:+d}; D5.34)", vehicle=afv.id, result=result,
                   need=morale - drm, morale=morale, drm=drm, note=vcrew.morale_note(got))
        ask = Decision("roll", afv.side, prompt, "D5.34", CREW_MC, dice="DR", subject=(afv.id,),
                       target=afv.hex, args=(("need", str(morale - drm)),))
        return state, lines, [ask]
    return state, lines, []


def resume_crew_mc(position: Position, decision: Decision, dice: tuple[int, ...]) -> State:
    """D5.34: a CE crew that fails its MC is stunned (vcrewhit.stun: BU and stopped at once; a second stun,
    or one in a one-man turret, recalls it)."""
    state = position.state
    afv = state.units.get(decision.subject[0])
    if afv is None or sum(dice) <= int(decision.arg("need", "0")):
        return state
    return vcrewhit.stun(position, afv)


__all__ = ["CREW_MC", "aboard", "crew_collateral", "crew_target", "exposed_prc", "resolve", "resume_crew_mc",
           "vehicle_targets"]
