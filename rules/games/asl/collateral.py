"""ASL General Collateral attack on the units aboard an unarmored vehicle (A7.308, D6.7, D.8, D.8B). Pure.

An infantry attack on a Location that holds an unarmored vehicle also attacks the units aboard it (their
passengers are always exposed, D6.7): a General Collateral attack with the attack's FP and its Original DR
(D.8), modified as if they were the only target (D.8B), but without FFNAM or FFMO (D.6) and without a TEM the
terrain gives infantry only (the A7.308 example: the shellhole's +1 counts for the squad, not for the truck or
the HS aboard it). There is none when the same DR destroys the vehicle (D.8, D5.6): a burning wreck takes its
passengers with it, a destroyed one leaves each to its Survival DR (D6.9), and a survivor is not hit by that
attack again (A7.308). fire.py asks ``aboard`` and ``doomed`` while it works out the attack; unarmored.py
applies the vehicle's result after it.

D.8A (``specific``): an attack that names the vehicle as its target (an MG's AFV Kill attack, mgafv.py; a
gun's To Kill DR, vfire.py) and leaves it undestroyed attacks its exposed PRC after it, at the weapon's full
IFT FP (a gun's HE equivalent, C8.31) and the same Original DR plus only the CE DRM; no other unit of the
Location is affected, and once its crew is shocked or stunned only its riders are (D.8). A collateral attack
leaves no Residual FP (D.8): none is placed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import armour, iift, unarmored, vmgveh
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl.aftermath import decisions_for
from hexmate.rules.games.base import Line, Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

CE_DRM = 2  # D5.31: the only DRM of a Specific Collateral attack on a CE crew or CE passengers (D.8A)


def trucks(position: Position, target: Hex, side: str) -> list[UnitState]:
    """The enemy unarmored vehicles in the target Location, not wrecks, in the order the vehicle line takes
    them (A7.308); an infantry view keeps them aside (armour.infantry_view)."""
    pool = {u.id: u for u in getattr(position.state.game, "aside", ())}
    pool.update(position.units)
    return sorted((u for u in pool.values() if u.hex == target and u.side != side and armour.is_vehicle(u)
                   and not armour.vtype(u).armored and not u.has("wreck")
                   and armour.vtype(u).movement != "motorcycle"),  # D15.5: fire is at the riders
                  key=lambda u: u.id)


def aboard(position: Position, targets: Sequence[UnitState], side: str) -> dict[str, list[UnitState]]:
    """D6.7, D.8B: the targets aboard each unarmored vehicle of the Location, by vehicle id."""
    if not targets or targets[0].hex is None:
        return {}
    ids = {t.id for t in trucks(position, targets[0].hex, side)}
    out: dict[str, list[UnitState]] = {}
    for unit in targets:
        if unit.carrier in ids:
            out.setdefault(unit.carrier or "", []).append(unit)
    return out


def doomed(position: Position, target: Hex, side: str, column: int, final: int,
           among: set[str] | None = None) -> dict[str, str]:
    """A7.308: the vehicles the attack's DR destroys or burns on the vehicle line (no more of them than the
    column's largest KIA), by id: their passengers take no collateral attack (D.8). ``among``: in Defensive
    First Fire, the moving units, the only ones attacked (A8.1)."""
    kill = unarmored.kill_number(position.charts.chart("ift_vehicle"), column)
    cap = unarmored.most_vehicles(position.charts.chart("ift"), column)
    hit = [t for t in trucks(position, target, side) if among is None or t.id in among]
    got = {t.id: unarmored.result(final, kill) for t in hit[:cap]}
    return {tid: r for tid, r in got.items() if r in ("destroyed", "burning")}


def general_aboard(position: Position, state: State, truck: UnitState, column: int | Fraction, final: int
                   ) -> tuple[list[Line], dict[str, str], list[Decision]]:
    """D6.7, D.8B: the units aboard an unarmored vehicle the attack did not destroy take the General
    Collateral attack on the attack's column at ``final`` (its DR as if they were the only target): lines,
    results by unit, their checks. Call it only when the vehicle survived the same DR (D.8)."""
    prc = sorted((u for u in state.units.values() if u.carrier == truck.id and u.type != "sw"),
                 key=lambda u: u.id)
    if not prc:
        return [], {}, []
    result = iift.cell(position, column, final)  # A7.37: the attack's column on the table in use
    said = T("General Collateral attack on {units}: {column} column, Final DR {final} -> {result}",
             units=", ".join(u.id for u in prc), column=fpw.fmt(column), final=final, result=result)
    checks = decisions_for(position.at(state), result, [u.id for u in prc], fpw.fmt(column))
    line = Line(T("units aboard {vehicle}", vehicle=truck.id), said, "D.8B")
    return [line], {u.id: result for u in prc}, checks


def specific(position: Position, state: State, vehicle: UnitState, column: int | Fraction, dr: int
             ) -> tuple[State, list[Line], dict[str, str], list[Decision]]:
    """D.8A: the Specific Collateral attack on the vehicle's exposed PRC: the weapon's IFT FP column, the
    Original DR plus only the CE DRM; the AFV's own CE crew through vmgveh.crew_collateral (Recall on K/KIA,
    MC and stun, D5.34, D5.341; none when stunned or shocked, D.8); riders without a CE DRM (D6.23), a
    truck's passengers too (always exposed, D6.7). Call it only when the vehicle was not destroyed (D.8)."""
    lines: list[Line] = []
    results: dict[str, str] = {}
    asks: list[Decision] = []
    shown = fpw.fmt(column)
    state, crew_lines, crew_asks = vmgveh.crew_collateral(position, state, vehicle, column, dr, dr + CE_DRM)
    if crew_lines:
        said = T("Specific Collateral attack on {vehicle}'s CE crew: {column} column, Original TK DR {dr} "
                 "+2 CE DRM = {final}", vehicle=vehicle.id, column=shown, dr=dr, final=dr + CE_DRM)
        lines.append(Line(T("{vehicle}'s crew", vehicle=vehicle.id), said, "D.8A"))
        lines += crew_lines[1:]
        asks += crew_asks
    for unit, ce in vmgveh.exposed_prc(state, vehicle):
        final = dr + ce
        result = iift.cell(position, column, final)  # A7.37: the weapon's column on the table in use
        said = T("Specific Collateral attack on {units}: {column} column, Final DR {final} -> {result}",
                 units=unit.id, column=shown, final=final, result=result)
        lines.append(Line(T("units aboard {vehicle}", vehicle=vehicle.id), said, "D.8A"))
        results[unit.id] = result
        asks.extend(decisions_for(position.at(state), result, [unit.id], shown))
    return state, lines, results, asks


__all__ = ["CE_DRM", "aboard", "doomed", "general_aboard", "specific", "trucks"]
