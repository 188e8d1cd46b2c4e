"""ASL D6.64 with A7.5-A7.52: a carrier's or armored halftrack's MGs in one fire group with infantry.

D6.64: of all vehicles only a carrier or an armored halftrack joins a multi-unit fire group, and only while
CE, with its vehicular non-ordnance weapons (not a FT or IFE): here its MGs. The group may mix such vehicles
with infantry. A7.5: every member is in the same Location as, or adjacent to, another member; A7.52: every
member sees the target, and the worst hindrance any member's LOS suffers, like any adverse DRM of a part
(the MGs' Case A, D3.52), applies to the whole group.

At the table: ``fire <vehicle>.bmg,<vehicle>.cmg,<unit>,... at <hex>``: the vehicle's named MGs with
infantry of the side (on foot, or CE passengers of an armored halftrack, D6.64) at a hex of enemy infantry.
Each part is first checked as it would fire alone (vmgfire.check for the MGs, fire.check for the units);
then the group's FP is the MGs' FP plus each unit's inherent FP as fire.py works it (PBF, Long Range, the
AFPh, pinned, mounted-fire halvings: firepower.shot_fp, mounted.halvings), and the IFT DR is resolved as the
MGs' attack (vmgfire.resume: the target's TEM, FFNAM/FFMO, concealment, results), with the group's worse
hindrance added. The units get their fire phase counter (A7.55's record of the phase's attacks too).

Not built: more than one vehicle in a group; SW and leaders in the group, and leadership over it (A7.53; the
Armor Leader directing a fire group with his halftrack's FP, D6.65); members already marked First Fire
(Subsequent First Fire, FPF); riders (D6.64: only with their own AFV's riders and AAMG); A7.55's obligation
to fire together (each part may still fire alone).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import fire as asl_fire
from hexmate.rules.games.asl import fire_groups, mounted, vcover, vmg, vmgfire
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl.armour import FIRE_MARKERS, is_vehicle
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MMC = ("squad", "hs", "crew")


def split(position: Position, fire: act.Fire) -> tuple[UnitState, act.Fire, tuple[UnitState, ...]] | None:
    """(the vehicle, its MGs' own fire, the units beside it) when the firers are one vehicle's named MGs and
    units; else None."""
    mgs = tuple(t for t in fire.firers if t not in position.units and "." in t)
    others = tuple(t for t in fire.firers if t in position.units)
    if not mgs or not others or len(mgs) + len(others) != len(fire.firers):
        return None
    mg_fire = act.Fire(mgs, fire.target)
    got = vmgfire.named(position, mg_fire)
    if got is None or not got[1]:
        return None
    return got[0], mg_fire, tuple(position.units[o] for o in others)


def claims(position: Position, fire: act.Fire) -> bool:
    return split(position, fire) is not None


def _connected(hexes: list[Hex]) -> bool:
    """A7.5: each member's Location is the same as or adjacent to another member's, all linked."""
    seen, todo = {hexes[0]}, [hexes[0]]
    while todo:
        h = todo.pop()
        for o in hexes:
            if o not in seen and distance(h, o) <= 1:
                seen.add(o)
                todo.append(o)
    return len(seen) == len(set(hexes))


def check(game: AslGame, position: Position, fire: act.Fire) -> act.Fire:
    found = split(position, fire)
    assert found is not None
    vehicle, mg_fire, units = found
    if mounted.role(vehicle) != mounted.HT_PASSENGER:
        raise IllegalAction(T("{unit} is neither a carrier nor an armored halftrack: its MGs fire alone",
                              unit=vehicle.id), "D6.64")
    if not mounted.exposed(vehicle):
        raise IllegalAction(T("{unit} is buttoned up: its MGs join a fire group only while it is CE",
                              unit=vehicle.id), "D6.64")
    for u in units:
        if u.type not in MMC or is_vehicle(u):
            raise IllegalAction(T("{unit}: only squads, half-squads and crews join a vehicle's MGs here",
                                  unit=u.id), "D6.64")
        if u.has("first_fire") or u.has("final_fire"):
            raise IllegalAction(T("{unit} has fired already: it joins no fire group with a vehicle's MGs "
                                  "here", unit=u.id), "A8.3")
        carrier = mounted.carrier_of(position, u)
        if carrier is not None and mounted.role(carrier) != mounted.HT_PASSENGER:
            raise IllegalAction(T("{unit} rides {vehicle}: riders and other passengers form no fire group "
                                  "with another vehicle's MGs", unit=u.id, vehicle=carrier.id), "D6.64")
    if not vmgfire.infantry_targets(position, fire.target, vehicle.side):
        raise IllegalAction(T("no enemy infantry at {hex} for the MGs", hex=position.label(fire.target)),
                            "D3.5")
    vmgfire.check(position, mg_fire)  # the MGs as they would fire alone (D3.5, D3.52, A8.1)
    asl_fire.check(game, position, act.Fire(tuple(u.id for u in units), fire.target))  # and the units
    hexes = [h for h in (vehicle.hex, *(asl_fire.where(position, u) for u in units)) if h is not None]
    if not _connected(hexes):
        raise IllegalAction(T("a fire group's Locations must each be adjacent to another member's"), "A7.5")
    return fire


def _fp(position: Position, unit: UnitState, target: Hex) -> Fraction:
    h = asl_fire.where(position, unit)
    assert h is not None
    fp, _ = fpw.shot_fp(asl_fire.shot_of(unit), distance(h, target), phase=position.phase.id,
                        aboard=mounted.halvings(position, unit))
    return fp


def _hindrance(position: Position, h: Hex, target: Hex) -> int:
    return (asl_terrain.line_of_sight(position, h, target).hindrance
            + vcover.hindrance(position, h, target)[0])


def declare(position: Position, fire: act.Fire) -> State:
    """The MGs are declared as vmgfire does; the units join: their FP added, their counters placed, the
    worse hindrance of the group noted (A7.52)."""
    found = split(position, fire)
    assert found is not None
    vehicle, mg_fire, units = found
    assert vehicle.hex is not None
    state = vmgfire.declare(position, mg_fire)
    top = state.decision
    assert top is not None and top.then == vmgfire.VMG
    extra = sum((_fp(position, u, fire.target) for u in units), Fraction(0))
    own = _hindrance(position, vehicle.hex, fire.target)
    worst = max(_hindrance(position, h, fire.target) for h in
                {asl_fire.where(position, u) for u in units} if h is not None)
    more = max(0, worst - own)
    marker = FIRE_MARKERS[position.phase.id]
    for u in units:
        state = state.with_unit(state.units[u.id].mark(marker))
    state = fire_groups.record(position, state, act.Fire(tuple(u.id for u in units), fire.target))
    args = dict(top.args)
    fp = Fraction(args["fp"]) + extra
    drm = int(args["drm"]) + more
    mods = [m for m in args.get("mods", "").split(",") if m]
    if more:
        mods.append(f"fg_hindrance:{more}")
    args.update(fp=str(fp), drm=str(drm), mods=",".join(mods), fg=",".join(u.id for u in units))
    prompt = T("{unit}'s MGs ({weapons}) and {units} fire as one fire group at {hex}: {fp} FP, DRM {drm:+d}; "
               "roll the IFT DR (D6.64, A7.5)", unit=vehicle.id, weapons=args["weapons"].upper(),
               units=", ".join(u.id for u in units), hex=position.label(fire.target), fp=str(fp), drm=drm)
    new = dataclasses.replace(top, prompt=prompt, rule="D6.64", args=tuple(args.items()))
    return state.pop().push(new)


def generate(game: AslGame, position: Position) -> Iterator[act.Fire]:
    """Offered: each MG attack vmgfire offers from a CE carrier or armored halftrack, with each one unit of
    its side in its own Location that may join it (larger groups are typed)."""
    for offered in vmgfire.generate(position):
        if not isinstance(offered, act.Fire):
            continue
        mg: act.Fire = offered
        got = vmgfire.named(position, mg)
        if got is None:
            continue
        vehicle = got[0]
        if mounted.role(vehicle) != mounted.HT_PASSENGER or not mounted.exposed(vehicle):
            continue
        if not got[1]:  # the plain form: the MGs vmgfire picks, named (D3.5)
            steps = vmgfire.attack(position, vehicle, mg.target).steps
            used = [s.name for s in steps if s.name in vmg.WEAPONS]
            mg = act.Fire(tuple(f"{vehicle.id}.{w}" for w in used), mg.target)
        for u in sorted(position.units.values(), key=lambda u: u.id):
            if u.side != vehicle.side or u.type not in MMC or asl_fire.where(position, u) != vehicle.hex:
                continue
            fire = act.Fire((*mg.firers, u.id), mg.target)
            try:
                check(game, position, fire)
            except IllegalAction:
                continue
            yield fire
