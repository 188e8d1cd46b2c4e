"""ASL IFT attacks on unarmored vehicles: the IFT's vehicle line (A7.308), the Unlikely Kill (A7.309). Pure.

A7.308: a non-ordnance attack on an unarmored vehicle is read on the IFT's vehicle line with the attack's IFT
DR (as modified for the vehicle: a TEM that only infantry gets does not count). The attack's FP column gives a
Kill number (the pack's ``ift_vehicle`` chart): a Final DR below it destroys the vehicle, equal to it
immobilizes it, at most half of it makes it a burning wreck (its PRC eliminated); a destroyed vehicle's PRC
takes Survival rolls (D5.6). No more vehicles are affected by one DR than the column's largest KIA number.
A7.309: an Original DR of 2 may always hurt the vehicle, even when the DRMs lift the Final DR above the Kill
number: a dr follows, 1 burning wreck, 2 destroyed, 3 immobilized, 4-6 no effect; when the Original 2 already
destroyed or immobilized it, only a better result of that dr (destroyed, or burning) counts.

In play (``after_ift``): once an infantry attack at a Location holding infantry and unarmored vehicles is
worked out (fire.py sets vehicles aside), each vehicle's result is added to the resolution; the units aboard
took the General Collateral attack there, or none when the same DR destroys their vehicle (collateral.py,
D.8). A TEM for infantry only (the example's shellhole) is not applied to the vehicle. In Defensive First
Fire only the moving vehicle is read on the vehicle line (A7.308, A8.1), without the FFNAM/FFMO that are for
moving infantry (A4.6); its passengers take no FFNAM/FFMO either (D.6).

>>> result(7, 7), result(3, 7), result(6, 7), result(8, 7)
('immobilized', 'burning', 'destroyed', 'none')
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.charts import Chart
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import armour, iift, riders
from hexmate.rules.games.asl.aftermath import column_of
from hexmate.rules.games.asl.terrain import infantry_only_tem
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

ORDER = ("none", "immobilized", "destroyed", "burning")  # worse to the right
UNLIKELY = {1: "burning", 2: "destroyed", 3: "immobilized"}  # A7.309: 4-6 no effect
SAID = {"none": T("no effect"), "immobilized": T("immobilized"), "destroyed": T("destroyed"),
        "burning": T("a burning wreck")}


def kill_number(vehicle_line: Chart, column: int | Fraction) -> int:
    """A7.308: the Kill number of the attack's IFT column on the vehicle line."""
    return int(vehicle_line.lookup(fp=int(column)))


def result(final: int, kill: int) -> str:
    """A7.308: 'burning' at most half the Kill number, 'destroyed' below it, 'immobilized' equal to it."""
    if Fraction(final) <= Fraction(kill, 2):
        return "burning"
    if final < kill:
        return "destroyed"
    return "immobilized" if final == kill else "none"


def unlikely_kill(original: int, first: str, dr: int | None) -> str:
    """A7.309: after an Original DR of 2, the dr's result replaces the line's only if it is worse for the
    vehicle (a dr that would do less than the Original 2 already did is ignored)."""
    if original != 2 or dr is None:
        return first
    second = UNLIKELY.get(dr, "none")
    return second if ORDER.index(second) > ORDER.index(first) else first


def needs_dr(original: int, first: str) -> bool:
    """A7.309: the Unlikely Kill dr is rolled after an Original DR of 2 unless the vehicle already burns."""
    return original == 2 and first != "burning"


def most_vehicles(ift: Chart, column: int | Fraction) -> int:
    """A7.308: one DR affects no more vehicles than the largest KIA number in the attack's column."""
    best = 0
    for dr in ift.axis("final_dr").keys:
        cell = str(ift.lookup(fp=int(column), final_dr=dr))
        if cell.endswith("KIA"):
            best = max(best, int(cell[:-3] or 1))
    return best


# --- in play: after an infantry attack on a Location holding unarmored vehicles ---


def _drm_and_tem(position: Position, target: Hex, resolution: Resolution) -> tuple[int, int] | None:
    """The attack's DRM total and the part of the target terrain's TEM that is for infantry only (the A7.308
    example's shellhole), from its worked lines (fire.resolve_attack)."""
    drm = tem = None
    for line in resolution.lines:
        facts = getattr(line.label, "msgid", "")
        if facts == "Final DR":
            drm = int(str(line.value).split()[1])
        if line.rule == "A7.6" and facts.startswith("target terrain"):
            tem = infantry_only_tem(position, target)
    return None if drm is None else (drm, tem or 0)


def _first_fire_drm(resolution: Resolution) -> int:
    """A4.6: the FFNAM and FFMO of a Defensive First Fire (-1 each, from its worked lines): for moving
    infantry only, never for the vehicle."""
    return sum(int(str(line.value)) for line in resolution.lines
               if line.rule in ("A4.6", "A4.34", "A4.132") and str(line.value) == "-1")


def _moving_vehicles(position: Position) -> set[str] | None:
    """A8.1: in the MPh, the ids of the vehicles moving now (Defensive First Fire attacks only them); None
    outside the MPh (A7.308: the attack affects every vehicle of the Location)."""
    if position.phase.id != "MPh":
        return None
    moving = position.state.moving
    return set(moving.units) if moving is not None else set()


def _column_for(resolution: Resolution, vehicle: str, column: str) -> str:
    """The column of the attack on the units aboard ``vehicle`` (fire.py's own group: no A9.4 halving, which
    is for infantry only, the T-12.14a example), else the attack's."""
    for line in resolution.lines:
        group = getattr(line.label, "facts", {}).get("group")
        facts = getattr(line.value, "facts", {})
        if getattr(group, "facts", {}).get("vehicle") == vehicle and "column" in facts:
            return str(facts["column"])
    return column


def target_of_small_arms(unit: UnitState) -> bool:
    """A7.308: an unarmored vehicle (not a wreck; a motorcycle's fire is at its riders, D15.5) is a target of
    small arms and MG fire by itself, read on the vehicle line."""
    return armour.is_vehicle(unit) and not armour.vtype(unit).armored and not unit.has("wreck") \
        and armour.vtype(unit).movement != "motorcycle"
def _locations(decision: Decision, resolution: Resolution) -> list[tuple[Hex, Resolution]]:
    """The attack's Locations, each with its own worked lines: a Spraying Fire (A9.5) attacks two, each
    block of lines opening with its "Spraying Fire" line, and A9.51 puts the second Location's unarmored
    vehicles under the attack as the first's."""
    from hexmate.rules.games.asl import spray

    assert decision.target is not None
    other = spray.second(decision.argmap)
    heads = [i for i, line in enumerate(resolution.lines)
             if line.rule == "A9.5" and getattr(line.label, "msgid", "") == "Spraying Fire"]
    if other is None or len(heads) != 2:
        return [(decision.target, resolution)]
    first, second = heads
    return [(decision.target, dataclasses.replace(resolution, lines=resolution.lines[first:second])),
            (other, dataclasses.replace(resolution, lines=resolution.lines[second:]))]


def _mg_hexes(position: Position, decision: Decision) -> list[Hex]:
    """The firers' hexes when the attack includes a SW MG (A9.6), else []; none when a MG of it fires at
    Long Range or beyond 16 hexes, which has no effect on an armored target (A9.4)."""
    from hexmate.rules.games.asl.fire import MG_UNDIRECTED, where

    firers = [position.units[u] for u in decision.subject if u in position.units]
    mgs = [u for u in firers if u.type == "sw" and u.values.get("sw") == "mg"]
    if not mgs or decision.target is None:
        return []
    for mg in mgs:
        h = where(position, mg)
        reach = min(int(mg.values.get("range", 0) or 0), MG_UNDIRECTED)
        if h is None or distance(h, decision.target) > reach:
            return []
    return [h for u in firers if u.type != "leader" and (h := where(position, u)) is not None]


def _bare(vehicle: UnitState, hexes: list[Hex], coloured: int) -> bool:
    """A9.6: MG fire at a vehicle whose target facing is unarmored (to every firer) is read on the IFT's
    vehicle line, with no To Hit DR."""
    from hexmate.rules.games.asl import vcrewhit

    return bool(hexes) and all(vcrewhit.unarmored_aspect(vehicle, h, coloured) for h in hexes)


def after_ift(game: AslGame, position: Position, decision: Decision, answer: act.Answer,
              state: State) -> State:
    """A7.308: the attack's DR is read on the vehicle line for each unarmored vehicle in the target Location
    (in Defensive First Fire, the moving one only, A8.1; at most the column's largest KIA number of them),
    without a TEM for infantry only (the A7.308 example's shellhole); A7.309: an Original 2 asks for the
    Unlikely Kill dr. A9.51: a Spraying Fire does so in each of its two Locations, with that Location's own
    DRM and column. A9.6: a MG's fire reads an AFV on the vehicle line too when its target facing is
    unarmored."""
    resolution = state.resolution
    if decision.target is None or answer.dice is None or resolution is None:
        return state
    moving = _moving_vehicles(position)
    firer = position.units.get(decision.subject[0])
    side = firer.side if firer is not None else position.phasing
    original = sum(answer.dice)
    lines: list[Line] = []
    asks: list[Decision] = []
    bare_at = _mg_hexes(position, decision)
    for target, worked_lines in _locations(decision, resolution):
        trucks = sorted((u for u in state.units.values() if u.hex == target and u.side != side
                         and armour.is_vehicle(u) and not u.has("wreck")
                         and (not armour.vtype(u).armored or _bare(u, bare_at, answer.dice[1]))
                         and armour.vtype(u).movement != "motorcycle"  # D15.5: fire is at the riders
                         and (moving is None or u.id in moving)),  # A8.1: DFF is at the moving vehicle
                        key=lambda u: u.id)
        column = column_of(worked_lines)
        worked = _drm_and_tem(position, target, worked_lines)
        if not trucks or not column or worked is None:
            continue
        final = original + worked[0] - worked[1] - _first_fire_drm(worked_lines)
        for truck in trucks[:most_vehicles(position.charts.chart("ift"), iift.ift_column(position, column))]:
            own = _column_for(worked_lines, truck.id, column)  # A7.308: the vehicle line's are IFT columns
            kill = kill_number(position.charts.chart("ift_vehicle"), iift.ift_column(position, own))
            got = result(final, kill)
            said = T("{vehicle}: Final DR {final}, Kill number {kill}: {result}", vehicle=truck.id,
                     final=final, kill=kill, result=SAID[got])
            lines.append(Line(T("Vehicle line"), said, "A7.308"))
            state, more = _apply(state, truck, got)
            asks.extend(more)
            if needs_dr(original, got):
                asks.append(Decision("roll", side, T("{vehicle}: Original DR 2 on the vehicle line: roll the "
                                                     "Unlikely Kill dr", vehicle=truck.id),
                                     "A7.309", "unlikely_kill", dice="dr", subject=(truck.id,), target=target,
                                     args=(("first", got),)))
    if not lines:
        return state
    state = state.replace(resolution=dataclasses.replace(resolution, lines=resolution.lines + tuple(lines)))
    return state.push(*asks)


def _apply(state: State, truck: UnitState, got: str) -> tuple[State, list[Decision]]:
    """A7.308: immobilized; destroyed (a wreck, its PRC roll to survive, D5.6); burning (its PRC die)."""
    if got == "immobilized":
        return state.with_unit(truck.mark("immobilized")), []
    if got == "destroyed":
        state = state.with_unit(truck.mark("wreck"))
        return state, riders.survival_checks(state, truck, armour.vtype(truck).cs)
    if got == "burning":
        for unit in [u for u in state.units.values() if u.carrier == truck.id]:
            state = state.without_unit(unit.id)
        return state.with_unit(truck.mark("wreck", "burning")), []
    return state, []


def resume_unlikely(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A7.309: the dr's result, if worse for the vehicle than the Original 2's own."""
    state = position.state
    truck = state.units.get(decision.subject[0])
    first = decision.arg("first", "none")
    got = unlikely_kill(2, first, (answer.dice or (None,))[0])
    if truck is None or got == first:
        return state
    if got in ("destroyed", "burning"):  # D.8: no collateral attack on the units aboard after all
        state = drop_pending(state, {u.id for u in state.units.values() if u.carrier == truck.id})
    state, asks = _apply(state, truck, got)
    return state.push(*asks)


def drop_pending(state: State, ids: set[str]) -> State:
    """D.8: a vehicle the Unlikely Kill dr destroys after all (A7.309) takes the units aboard out of the
    collateral attack: their checks still to be rolled are withdrawn."""
    kept = tuple(d for d in state.decisions if not (d.subject and set(d.subject) <= ids
                                                    and d.then in ("mc", "ptc", "casualty")))
    return state.replace(decisions=kept) if len(kept) != len(state.decisions) else state
