"""ASL D6.64, D6.65 with A7.5-A7.55: vehicles' MGs in one fire group with infantry, and who directs it.

D6.64: of all vehicles only a carrier or an armored halftrack joins a multi-unit fire group, and only while
CE, with its vehicular non-ordnance weapons (not a FT or IFE): here its MGs. The group may mix several such
vehicles with infantry (and their SW) and the CE passengers of any armored halftrack. Riders of an AFV join
only a group of that AFV's riders and its AAMG; a carrier's riders also a group that includes the carrier's
MGs. A7.5: every member is in the same Location as, or adjacent to, another member; A7.52: every member sees
the target, and the worst hindrance any member's LOS suffers, like any adverse DRM of a part (each vehicle's
Case A, D3.52, its fixed BMG's +1, D1.81, the "+1" of D5.34), applies to the whole group once.

Who directs it (D3.4's exception, D3.44, D6.65, A7.53, A7.531):

- the Armor Leader of a carrier or halftrack of the group (his leadership modifies "a halftrack FG",
  D3.44; never that vehicle's MGs alone); an Inexperienced crew's 6+1 must be used where his could (D3.45).
  D3.41: one still hidden is left out of the declared group (its prompt and DRM) and asked about at the IFT
  DR in the private question of alhide.ask_rerun, about every carrier and halftrack of the group alike
  (``ask``); brought in, he directs the roll just made (``directed``, ``resolve``);
- a CE infantry leader aboard an armored halftrack of the group, named with it; he directs no group that is
  the vehicles' attack alone (D6.65), none at a target outside his own LOS (D6.65), and, once his halftrack
  entered a new hex this phase or is in Motion, no group with units outside it (D6.65, mounted.may_direct);
- an infantry leader on foot directs no vehicle's weapons (D3.4): naming him with the vehicle is refused.
- A7.531: a leader must be in every Location of the group (the worst of the Locations' best applies); a
  leader directs one attack a phase (A7.53: he takes the phase's fire counter).

At the table: ``fire <vehicle>.bmg,<vehicle2>.aamg,<unit>,<sw>,<leader>,... at <hex>``. Each part is first
checked as it would fire alone (vmgfire.check for each vehicle's MGs, fire.check for the units and SW); the
FP is the MGs' FP plus each unit's and SW's FP as fire.py works it (PBF, Long Range, the AFPh, pinned,
mounted-fire halvings: firepower.shot_fp, mounted.halvings), and the IFT DR is resolved as the first
vehicle's MG attack (vmgfire.resume: the target's TEM, FFNAM/FFMO, concealment, results). At a Location of
enemy vehicles the group makes no To Kill attempt (A7.51: no ordnance joins a FG; D3.54: a vehicle's MG
other than its MA never uses the TK table): an unarmored vehicle is attacked on the IFT's vehicle line
(A7.308, D6.7) and an AFV's exposed PRC take the General Collateral attack (D.8 note 3), vmgveh.resolve.
The SW's ROF and breakdown follow the same Original DR (A9.2, A9.7: ``after``).

An aboard leader's LOS from a bypassing halftrack is traced to its CAFP (D6.65, D2.37: vbypass.sight).

A7.9: vehicle fire never cowers, but a group with infantry in it does on undirected doubles unless each unit
is exempt (one column left, two with Inexperienced units; its SW then keep no ROF).

A7.51: vehicles of one hex, either bypassing its obstacle, form a group only with a LOS between their CAFPs.

A8.2: the group's Defensive First Fire leaves Residual FP (``after``).

A8.3, A8.31: in the MPh, a unit already marked First Fire joins the group as Subsequent First Fire, one
marked Final Fire as Final Protective Fire (``modes_of``; fire.check holds them to A8.3's range and A8.31's
adjacency): its FP (and its SW's) is Area Fire, its MG's Sustained Fire (B# lowered, A9.3), its counter
flips to Final Fire with all its SW; after a FPF the Original DR is a NMC for its FPF units and the leader
directing (A8.31). The vehicles' MGs fire once a player turn (D3.5): they make no SFF. A8.23: when a SW of
the group kept its ROF, the Residual is the rest's, and its owner is asked (``rof_residual``, as for an
infantry group: residual.resume_rof) whether to give the ROF up for the whole group's Residual.

Not built: Final Fire after First Fire in the DFPh by a member already marked First Fire (A8.4).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import (
    alhide,
    armorldr,
    fire_groups,
    mounted,
    vbypass,
    vcover,
    vfire,
    vmg,
    vmgfire,
    vmgveh,
)
from hexmate.rules.games.asl import concealment as asl_concealment
from hexmate.rules.games.asl import fire as asl_fire
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl import residual as rfp
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.aftermath import _side_nationality, _weapon_fate, fpf_self_check
from hexmate.rules.games.asl.armour import FIRE_MARKERS, is_vehicle, vtype
from hexmate.rules.games.base import Line, Position, State, UnitState
from hexmate.rules.hexes import Hex, center, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MMC = ("squad", "hs", "crew")
LEADER = "leader"
CA_KINDS = ("case_a", "ca_kept")  # one CA DRM for the group: the largest (D3.5, A7.52)


@dataclass(frozen=True)
class Group:
    """A fire group naming vehicles' MGs: each vehicle with its MGs (the first is the one whose attack
    resolves), the units and SW beside them, and the leaders named to direct it."""

    vehicles: tuple[tuple[UnitState, tuple[str, ...]], ...]
    units: tuple[UnitState, ...]
    leaders: tuple[UnitState, ...]

    def mg_fire(self, i: int, target: Hex) -> act.Fire:
        vehicle, weapons = self.vehicles[i]
        return act.Fire(tuple(f"{vehicle.id}.{w}" for w in weapons), target)


def split(position: Position, fire: act.Fire) -> Group | None:
    """The group when the firers name a vehicle's MGs (``V.bmg``) with other units, leaders or another
    vehicle's MGs; else None (one vehicle's MGs alone are vmgfire's)."""
    by_vehicle: dict[str, list[str]] = {}
    units: list[UnitState] = []
    leaders: list[UnitState] = []
    for token in fire.firers:
        if token in position.units:
            unit = position.units[token]
            if is_vehicle(unit):
                return None
            (leaders if unit.type == LEADER else units).append(unit)
            continue
        vid, dot, weapon = token.rpartition(".")
        vehicle = position.units.get(vid)
        if not dot or vehicle is None or not is_vehicle(vehicle) or weapon not in vmg.WEAPONS:
            return None
        by_vehicle.setdefault(vid, []).append(weapon)
    if not by_vehicle or (len(by_vehicle) == 1 and not units and not leaders):
        return None
    vehicles = tuple((position.units[v], tuple(ws)) for v, ws in by_vehicle.items())
    return Group(vehicles, tuple(units), tuple(leaders))


def claims(position: Position, fire: act.Fire) -> bool:
    return split(position, fire) is not None


def fg_vehicle(vehicle: UnitState) -> bool:
    """D6.64: a carrier or an armored halftrack (the vehicles that join a multi-unit fire group)."""
    vt = vtype(vehicle)
    return vt.carrier or (vt.armored and vt.movement == "halftrack")


may_join = fire_groups.joins_groups  # D6.64: such a vehicle, CE, joins a fire group with its MGs


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


def _owner(position: Position, unit: UnitState) -> UnitState:
    """The unit behind a member: a SW's possessor (A7.35), else the unit itself."""
    return position.units.get(unit.carrier or "", unit) if unit.type == au.SW else unit


def _check_vehicles(group: Group) -> None:
    """D6.64: CE carriers and armored halftracks; or one AFV's AAMG alone with its own riders."""
    for vehicle, weapons in group.vehicles:
        if fg_vehicle(vehicle):
            if not mounted.exposed(vehicle):
                raise IllegalAction(T("{unit} is buttoned up: its MGs join a fire group only while it is CE",
                                      unit=vehicle.id), "D6.64")
            continue
        if weapons == ("aamg",) and len(group.vehicles) == 1 and not group.leaders:
            continue  # D6.64: an AFV's AAMG with its riders (checked with the units)
        raise IllegalAction(T("{unit} is neither a carrier nor an armored halftrack: its MGs fire alone",
                              unit=vehicle.id), "D6.64")


def _check_units(position: Position, group: Group) -> None:
    """D6.64: who may stand beside the vehicles' MGs: infantry on foot and their SW, CE passengers of an
    armored halftrack, a carrier's riders with that carrier's MGs, an AFV's riders with its AAMG."""
    ids = {v.id for v, _ in group.vehicles}
    aamg_only = not fg_vehicle(group.vehicles[0][0])
    if not group.units:
        if aamg_only:
            raise IllegalAction(T("an AFV's AAMG joins a fire group only with its own riders"), "D6.64")
        return
    for unit in group.units:
        owner = _owner(position, unit)
        if unit.type == au.SW and owner.type not in (*MMC, LEADER):
            raise IllegalAction(T("{unit}: no unit here to fire it", unit=unit.id), "A7.35")
        if unit.type != au.SW and (unit.type not in MMC or is_vehicle(unit)):
            raise IllegalAction(T("{unit}: only squads, half-squads and crews and their SW join a vehicle's "
                                  "MGs here", unit=unit.id), "D6.64")
        if owner.has("final_fire") and position.phase.id != "MPh":  # A8.4: a Final Fire counter ends it
            raise IllegalAction(T("{unit} has fired already: it joins no fire group with a vehicle's MGs "
                                  "here", unit=unit.id), "A8.4")  # (its First Fire counter: fire.check)
        carrier = mounted.carrier_of(position, unit)
        if aamg_only:
            if carrier is None or carrier.id not in ids or mounted.role(carrier) != mounted.RIDER:
                raise IllegalAction(T("an AFV's AAMG joins a fire group only with its own riders"), "D6.64")
            continue
        if carrier is None or mounted.role(carrier) == mounted.HT_PASSENGER:
            continue
        if carrier.id in ids and vtype(carrier).carrier:
            continue  # D6.64: a carrier's riders with a group holding its MGs
        raise IllegalAction(T("{unit} rides {vehicle}: riders and other passengers form no fire group "
                              "with another vehicle's MGs", unit=unit.id, vehicle=carrier.id), "D6.64")


def check(game: AslGame, position: Position, fire: act.Fire) -> act.Fire:
    group = split(position, fire)
    assert group is not None
    _check_vehicles(group)
    _check_units(position, group)
    side = group.vehicles[0][0].side
    at_vehicles = bool(vmgveh.vehicle_targets(position, fire.target, side))
    if not vmgfire.infantry_targets(position, fire.target, side) and not at_vehicles:
        raise IllegalAction(T("no enemy unit at {hex}", hex=position.label(fire.target)), "A7.3")
    for i in range(len(group.vehicles)):
        vmgfire.check(position, group.mg_fire(i, fire.target))  # as they would fire alone (D3.5, A8.1)
    if group.units:  # and the units with their SW (A7.35, A7.5, A7.55, A8)
        asl_fire.check(game, position, act.Fire(tuple(u.id for u in group.units), fire.target))
    for i, (a, _) in enumerate(group.vehicles):
        for b, _ in group.vehicles[i + 1:]:
            if not _see_each_other(position, a, b):
                raise IllegalAction(T("{unit} and {other} bypass in one hex without a line of sight to each "
                                      "other: they form no fire group", unit=a.id, other=b.id), "A7.51")
    hexes = [h for h in (*(v.hex for v, _ in group.vehicles),
                         *(asl_fire.where(position, u) for u in group.units)) if h is not None]
    if not _connected(hexes):
        raise IllegalAction(T("a fire group's Locations must each be adjacent to another member's"), "A7.5")
    leadership(position, group, fire.target)  # D3.4, D6.65, A7.531: refuses a leader who may not direct
    return fire


def _see_each_other(position: Position, a: UnitState, b: UnitState) -> bool:
    """A7.51: two vehicles of one obstacle hex, either of them bypassing: each stands at its CAFP (D2.36; the
    hex centre when not bypassing). The thread between two different points crosses the hex's interior,
    which stands for the obstacle (the maps carry no artwork outline: vbypass.sight's convention), unless
    both are the ends of one hexside (the thread runs along it)."""
    if a.hex is None or a.hex != b.hex or not vbypass.is_obstacle(position, a.hex):
        return True
    if vbypass.across_of(a) is None and vbypass.across_of(b) is None:
        return True
    pa, pb = vbypass.cafp(a), vbypass.cafp(b)
    if pa is None or pb is None:
        return False
    cx, cy = center(a.hex)
    side = math.dist((cx, cy), pa)  # a regular hexagon's side is its circumradius
    gap = math.dist(pa, pb)
    return gap < 1e-6 or abs(gap - side) < 1e-6


def _director_ok(position: Position, group: Group, leader: UnitState, target: Hex) -> None:
    """D3.4, D6.65, A7.53: may this named infantry leader direct the group? Raises IllegalAction if not."""
    marker = FIRE_MARKERS[position.phase.id]
    if not au.can_direct(leader):
        raise IllegalAction(T("{unit} is not a Good Order, unpinned leader: he directs no fire",
                              unit=leader.id), "A7.53")
    if leader.has(marker):
        raise IllegalAction(T("{unit} has directed fire this phase already", unit=leader.id), "A7.53")
    vehicle = mounted.carrier_of(position, leader)
    ids = {v.id for v, _ in group.vehicles}
    if vehicle is None or vehicle.id not in ids or mounted.role(vehicle) != mounted.HT_PASSENGER:
        raise IllegalAction(T("{unit} is an infantry leader not aboard the group's halftrack: only its Armor "
                              "Leader or an infantry leader aboard it directs a fire group with its MGs",
                              unit=leader.id), "D3.4")
    if mounted.bu_passenger(position, leader):  # BU, or his halftrack shocked or stunned
        raise IllegalAction(T("{unit} is not CE aboard {vehicle}: he directs no fire", unit=leader.id,
                              vehicle=vehicle.id), "D6.62")
    if not group.units:
        raise IllegalAction(T("{unit} directs the fire of units aboard with {vehicle}, not the vehicle's own "
                              "attack alone", unit=leader.id, vehicle=vehicle.id), "D6.65")
    if not mounted.may_direct(position, leader, group.units):
        raise IllegalAction(T("{vehicle} entered a new hex this phase or is in Motion: {unit} directs only "
                              "units aboard it", unit=leader.id, vehicle=vehicle.id), "D6.65")
    assert vehicle.hex is not None
    sight = vbypass.sight(position, target, vehicle)  # D6.65, D2.37: from a bypassing halftrack's CAFP
    blocked = sight.blocked if sight is not None else (
        vehicle.hex != target and asl_terrain.line_of_sight(position, vehicle.hex, target).blocked)
    if blocked:
        raise IllegalAction(T("{unit} has no line of sight to {hex}: he directs no fire there",
                              unit=leader.id, hex=position.label(target)), "D6.65")


def leadership(position: Position, group: Group, target: Hex, *, withhold: bool = False,
               verify: bool = True) -> tuple[int, list[Line], tuple[str, ...]]:
    """The group's leadership DRM (0 if none), the lines naming who directs it, and the vehicles whose Armor
    Leader it uses (D3.41). A leader in every Location of the group is needed (A7.531), the worst of each
    Location's best applying; an Inexperienced crew's 6+1 is used in its Location (D3.45). ``withhold``: an
    Armor Leader still hidden at his owner's choice counts for nothing (D3.41, alhide.py), and a Location
    left without a leader then gives the group no leadership instead of refusing it; ``verify``: the named
    leaders are checked as directors (not once they have fired, at the roll)."""
    for leader in group.leaders if verify else ():
        _director_ok(position, group, leader, target)
    hexes = {h for h in (*(v.hex for v, _ in group.vehicles), *(asl_fire.where(position, u)
                                                               for u in group.units)) if h is not None}
    best: dict[Hex, tuple[int, str, str]] = {}
    forced: dict[Hex, tuple[int, str, str]] = {}
    for vehicle, _ in group.vehicles:
        if not fg_vehicle(vehicle) or vehicle.hex is None:
            continue  # D3.44: an Armor Leader directs "a halftrack FG" only
        got = armorldr.leader(vehicle)
        drm = armorldr.leadership(vehicle, "ht_fg")
        if got is None or (drm == 0 and vehicle.has("cupola")) or (withhold and alhide.withheld(vehicle)):
            continue
        said = f"{vehicle.id} ({got[0]}{got[1]:+d})"
        if vehicle.values.get("inexperienced_crew"):
            forced[vehicle.hex] = (drm, said, vehicle.id)
        elif vehicle.hex not in best or drm < best[vehicle.hex][0]:
            best[vehicle.hex] = (drm, said, vehicle.id)
    for leader in group.leaders:
        h = leader.hex
        drm = au.leadership_of(leader)
        if h is not None and (h not in best or drm < best[h][0]):
            best[h] = (drm, leader.id, "")
    best.update(forced)  # D3.45: must be used wherever an Armor Leader's modifier could be
    if not hexes or any(h not in best for h in hexes):
        if group.leaders and not withhold:
            raise IllegalAction(T("a leader directs a fire group of several Locations only with a leader in "
                                  "each of them"), "A7.531")
        return 0, [], ()
    worst = max(best[h][0] for h in hexes)
    lines = []
    used = tuple(sorted({best[h][2] for h in hexes if best[h][2]}))
    for h in sorted(hexes, key=lambda h: (h.q, h.r)):
        drm, who, vid = best[h]
        rule = "D3.44" if vid else "D6.65"
        what = T("Armor Leader of {who}", who=who) if vid else T("{who}, aboard", who=who)
        lines.append(Line(T("directs the fire group"), what, rule))
    return worst, lines, used


def modes_of(position: Position, units: tuple[UnitState, ...]) -> dict[str, str]:
    """How each unit and SW of the group fires (fire.fire_modes, before its fire counters change): in the MPh
    a member already marked First Fire makes Subsequent First Fire (A8.3), one marked Final Fire Final
    Protective Fire (A8.31); in the DFPh one marked First Fire fires again only at an adjacent or its own
    Location, as Area Fire (A8.4, fire.check); a SW as its possessor does. The vehicles' MGs fire once a
    player turn (D3.5)."""
    modes = asl_fire.fire_modes(position, [_owner(position, u) for u in units])
    return {u.id: modes.get(_owner(position, u).id, "") for u in units}


def _modes(decision: Decision) -> dict[str, str]:
    return dict(m.split(":") for m in decision.arg("fg_modes").split(",") if m)


def _fp(position: Position, unit: UnitState, target: Hex, mode: str = "") -> Fraction:
    h = asl_fire.where(position, unit)
    assert h is not None
    owner = _owner(position, unit) if unit.type == au.SW else None
    mg = asl_fire.shot_of(unit).kind == "mg"
    # A8.3, A8.31, A8.4: Area Fire; a MG's Final Fire after First Fire is its Sustained Fire instead (A9.3)
    area = [asl_fire.MODE_AREA[mode]] if mode in asl_fire.MODE_AREA and not (mode == "after_first" and mg) \
        else []
    fp, _ = fpw.shot_fp(asl_fire.shot_of(unit, owner), distance(h, target), phase=position.phase.id,
                        area=area, sustained=mode == "after_first" and mg,
                        aboard=mounted.halvings(position, unit))
    return fp


def _hindrance(position: Position, h: Hex, target: Hex) -> int:
    return (asl_terrain.line_of_sight(position, h, target).hindrance
            + vcover.hindrance(position, h, target)[0])


def _merge(mods: list[str]) -> dict[str, int]:
    """A7.52: each adverse DRM of a part applies to the whole group once; of the CA DRMs the largest
    (D3.5)."""
    out: dict[str, int] = {}
    for mod in mods:
        name, value = mod.split(":")
        out[name] = max(out.get(name, int(value)), int(value))
    ca = [(out.pop(k), k) for k in CA_KINDS if k in out]
    if ca:
        drm, kind = max(ca)
        out[kind] = drm
    return out


def declare(position: Position, fire: act.Fire) -> State:
    """Each vehicle's MGs are declared as vmgfire does (marked fired, its fire counter); the first one's IFT
    roll is asked with the whole group's FP and DRMs; the units, SW and leaders get their fire counters."""
    group = split(position, fire)
    assert group is not None
    first = group.vehicles[0][0]
    assert first.hex is not None
    state = position.state
    fp = Fraction(0)
    mods: list[str] = []
    args: dict[str, str] = {}
    for i in range(len(group.vehicles)):
        state = vmgfire.declare(position.at(state), group.mg_fire(i, fire.target))
        top = state.decision
        assert top is not None and top.then == vmgfire.VMG
        fp += Fraction(top.arg("fp", "0"))
        mods += [m for m in top.arg("mods", "").split(",") if m]
        if i == 0:
            args = dict(top.args)
        else:
            state = state.pop()
        vehicle = group.vehicles[i][0]
        state = fire_groups.record_vehicle(position, state, state.units[vehicle.id], fire.target)
    state = state.pop()
    modes = modes_of(position, group.units)
    fp += sum((_fp(position, u, fire.target, modes[u.id]) for u in group.units), Fraction(0))
    merged = _merge(mods)
    members = {h for h in (*(v.hex for v, _ in group.vehicles),
                           *(asl_fire.where(position, u) for u in group.units)) if h is not None}
    more = max(_hindrance(position, h, fire.target) for h in members) - _hindrance(position, first.hex,
                                                                                     fire.target)
    if more > 0:
        merged["fg_hindrance"] = more
    over = max(vmgfire.overstacked(position, h, first.side, vehicles=True) for h in members)
    over -= vmgfire.overstacked(position, first.hex, first.side, vehicles=True)
    if over > 0:
        merged["fg_overstack"] = over
    drm, led_lines, used = leadership(position, group, fire.target, withhold=True)  # D3.41: asked at the DR
    if led_lines:
        merged["armor_leader" if used else "leadership"] = drm
    marker = FIRE_MARKERS[position.phase.id]
    for u in (*group.units, *group.leaders):
        unit, mark = state.units[u.id], marker
        if modes.get(u.id) in ("sff", "fpf", "after_first"):  # A8.3, A8.31, A8.4: First Fire flips to Final
            unit, mark = unit.mark(remove=("first_fire",)), "final_fire"
        h = asl_fire.where(position, unit)
        seen = h is not None and asl_concealment.seen_by_good_order(position, unit.side, h)  # A12.14
        state = state.with_unit(unit.mark(mark).revealed() if seen else unit.mark(mark))
        if modes.get(u.id) in ("sff", "fpf") and unit.type != au.SW:  # A8.3: and all its SW
            for sw in au.possessed(state, u.id):
                state = state.with_unit(sw.mark("final_fire", remove=("first_fire",)))
    for oid in {w.carrier for w in group.units if w.type == au.SW and w.carrier}:
        owner = state.units[oid]
        fired = sum(1 for w in au.possessed(state, oid) if w.has(marker))
        if not au.keeps_inherent_fp(owner, fired):  # A7.35
            state = state.with_unit(owner.mark("no_fire"))
    for vid in used:  # D3.41: a shown leader, or the public 6+1 (D3.45)
        state = state.with_unit(state.units[vid].mark(armorldr.SHOWN))
    named = act.Fire(tuple(u.id for u in (*group.units, *group.leaders)), fire.target)
    state = fire_groups.record(position, state, named)  # A7.55
    state = asl_fire._count_shots(position, state, named)  # A8.14, A9.2: in the MPh's window
    total = sum(merged.values())
    # A7.9: all vehicle fire is exempt from Cowering, but a group holding infantry cowers on undirected
    # doubles unless each of its units is exempt (fire.cowering_shift: SMC, berserk, the exempt classes)
    people = [_owner(position, u) for u in group.units]
    free = 0 if not people else asl_fire.cowering_shift(
        people, _side_nationality(position, first.side), position.units.values())
    cower = 0 if led_lines else free
    names = [f"{v.id}.{w}" for v, ws in group.vehicles for w in ws]
    args.update(fp=str(fp), drm=str(total), mods=",".join(f"{k}:{v}" for k, v in merged.items()),
                fg=",".join(u.id for u in (*group.units, *group.leaders)),
                fg_sw=",".join(u.id for u in group.units if u.type == au.SW), cower=str(cower),
                vehicles=",".join(v.id for v, _ in group.vehicles), cower_free=str(free),
                fg_modes=",".join(f"{k}:{m}" for k, m in modes.items() if m in ("sff", "fpf")),
                al_group=",".join(v.id for v, _ in group.vehicles if fg_vehicle(v)))
    units = ", ".join(u.id for u in group.units) or "-"
    if led_lines:
        who = "; ".join(str(line.value) for line in led_lines)
        prompt = T("{weapons} and {units} fire as one fire group at {hex}, directed by {leaders} "
                   "({lead:+d}): {fp} FP, DRM {drm:+d}; roll the IFT DR (D6.64, D6.65, A7.53)",
                   weapons=", ".join(n.upper() for n in names), units=units, leaders=who, lead=drm,
                   hex=position.label(fire.target), fp=str(fp), drm=total)
    else:
        prompt = T("{weapons} and {units} fire as one fire group at {hex}: {fp} FP, DRM {drm:+d}; roll the "
                   "IFT DR (D6.64, A7.5)", weapons=", ".join(n.upper() for n in names), units=units,
                   hex=position.label(fire.target), fp=str(fp), drm=total)
    roll = Decision("roll", first.side, prompt, "D6.64", vmgfire.VMG, dice="DR", subject=(first.id,),
                    target=fire.target, args=tuple(args.items()))
    return state.push(roll)


LED_MODS = ("armor_leader", "leadership")


def directed(position: Position, decision: Decision) -> Decision:
    """The group's IFT roll with its leadership worked now (D3.41): an Armor Leader his owner brought in at
    this DR (alhide.ask_rerun shows him) directs it, a hidden one does not; with a leader directing, the group
    does not cower (A7.9). Other rolls are returned as they are."""
    if not decision.arg("fg") or not decision.arg("al_group") or decision.target is None:
        return decision
    named = [position.units[u] for u in decision.arg("fg").split(",") if u in position.units]
    vehicles = tuple((position.units[v], ()) for v in decision.arg("vehicles").split(",")
                     if v in position.units)
    group = Group(vehicles, tuple(u for u in named if u.type != LEADER),
                  tuple(u for u in named if u.type == LEADER))
    drm, lines, used = leadership(position, group, decision.target, withhold=True, verify=False)
    first = position.units.get(decision.subject[0]) if decision.subject else None
    # armorldr.reveal shows the firer's own leader when a D3.44 line is in its resolution: when the leader
    # directing is another AFV's, the firer's still hidden, the line is the group's leadership (D6.65)
    other = first is not None and first.id not in used and alhide.withheld(first)
    parts = [m.split(":") for m in decision.arg("mods").split(",") if m]
    total = int(decision.arg("drm", "0")) - sum(int(v) for k, v in parts if k in LED_MODS)
    mods = [f"{k}:{v}" for k, v in parts if k not in LED_MODS]
    if lines:
        armor = any(line.rule == "D3.44" for line in lines) and not other
        mods.append(f"{'armor_leader' if armor else 'leadership'}:{drm}")
        total += drm
    cower = "0" if lines else decision.arg("cower_free", decision.arg("cower", "0"))
    return decision.with_args(mods=",".join(mods), drm=str(total), cower=cower)


def resolve(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The group's IFT DR worked with the leadership it has now (``directed``): pure, for alhide.ask_rerun."""
    return vmgfire.resume(position, directed(position, decision), answer)


def ask(position: Position, decision: Decision, answer: act.Answer) -> State | None:
    """D3.41, D3.44: before a group's IFT DR is worked, the private question about the hidden Armor Leaders
    of its carriers and halftracks (alhide.ask_rerun over all of them), or None to go on."""
    ids = tuple(v for v in decision.arg("al_group").split(",") if v)
    if not decision.arg("fg") or not ids:
        return None
    return alhide.ask_rerun(position, decision, answer, resolve, units=ids)


def after(position: Position, decision: Decision, answer: act.Answer, state: State) -> State:
    """The group's SW after the Original DR (A9.2 ROF, A9.7 breakdown, A9.71 Random Selection), as fire.py
    works them for an infantry attack, and the Residual FP a group's Defensive First Fire leaves (A8.2);
    added to the resolution vmgfire.resume made."""
    if not decision.arg("fg") or answer.dice is None:
        return state
    sws = tuple(s for s in decision.arg("fg_sw", "").split(",") if s and s in position.units)
    roll = ASL_DR.from_values(answer.dice)
    fire = act.Fire(sws, decision.target or Hex(0, 0))
    modes = {s: position.phase.id for s in sws} | {k: m for k, m in _modes(decision).items() if k in sws}
    cowered = roll.doubles and int(decision.arg("cower", "0")) > 0  # A7.9: no multiple ROF then
    fates, keep = asl_fire._weapon_fates(position, fire, roll.total, roll.coloured, cowered, modes)
    lines = asl_fire._weapon_lines(position, fire, roll.total, roll.coloured, cowered, modes)
    marker = FIRE_MARKERS[position.phase.id]
    for sid in keep:
        if sid in state.units:
            state = state.with_unit(state.units[sid].mark(remove=(marker,)))
    if cowered:  # A7.9: the group's infantry (and each cowered SW's possessor) take the phase's counter
        group = [position.units[u] for u in decision.arg("fg", "").split(",") if u in position.units]
        state, marks = asl_fire.cowered_marks(position, state, group)
        lines = [*lines, *marks]
    more: list[Decision] = []
    if len(fates) == 1:
        ((sid, fate),) = fates.items()
        state = _weapon_fate(state, sid, fate)
    elif fates:
        more.append(Decision("units", position.units[next(iter(fates))].side,
                             T("name the SW Random Selection picks to suffer the breakdown among {weapons}",
                               weapons=", ".join(sorted(fates))),
                             "A9.71", "malfunction", units=tuple(sorted(fates)),
                             args=tuple(sorted(fates.items()))))
    state, left, whole = _residual(position, decision, state, keep, bool(fates), roll.doubles)
    res = state.resolution
    if res is not None and (lines or left):
        state = state.replace(resolution=dataclasses.replace(res, lines=(*res.lines, *lines, *left)))
    fpf = [position.units[u] for u, m in _modes(decision).items()
           if m == "fpf" and u in position.units and position.units[u].type != au.SW]
    if fpf:  # A8.31: the Original DR, leadership only, a NMC for each FPF firer and the leader directing
        named = [position.units[u] for u in decision.arg("fg").split(",") if u in position.units]
        state = fpf_self_check(position, state, fpf + [u for u in named if u.type == LEADER], roll)
    if whole is not None and decision.subject:  # A8.23: or give the kept ROF up for the whole Residual
        more.append(Decision(
            "confirm", position.units[decision.subject[0]].side,
            T("{mgs} kept the rate of fire, so leave Residual FP {now} at {hex}: keep-rof, or give it up to "
              "leave {whole} (residual)", mgs=", ".join(keep), now=whole[0],
              hex=position.label(decision.target or Hex(0, 0)), whole=whole[1]),
            "A8.23", "rof_residual", choices=("keep-rof", "residual"), subject=tuple(keep),
            target=decision.target, args=(("whole", str(whole[1])),)))
    return state.push(*more) if more else state


OUTSIDE = ("A6.7", "D9.4", "A5.12", "D3.52", "D3.51", "D1.81", "D5.34", "A7.52", "D3.44", "D6.65")


def _residual(position: Position, decision: Decision, state: State, keep: list[str], broke: bool,
              doubles: bool) -> tuple[State, list[Line], tuple[int, int] | None]:
    """A8.2: a group's Defensive First Fire (or SFF, FPF: A8.3, A8.31) in the MPh leaves Residual FP in the
    target Location: half the FP column used (the rest's, when a SW kept its ROF and leaves none yet, A8.23),
    one column lower for each +1 DRM from outside the target hex (A8.26: hindrances, Case A, the firers' own
    DRMs); none after a malfunction (A8.221). Also, when a SW kept its ROF, the Residual left now and the
    whole group's, if more (A8.23: its owner may give the ROF up for it), else None."""
    vehicle = position.units.get(decision.subject[0]) if decision.subject else None
    target = decision.target
    if (position.phase.id != "MPh" or vehicle is None or target is None or broke
            or vfire.bounding(position, vehicle)):
        return state, [], None
    res = state.resolution
    if res is None:
        return state, [], None
    axis = position.charts.chart("ift").axis("fp")
    plus = sum(int(str(line.value)) for line in res.lines
               if line.rule in OUTSIDE and str(line.value).startswith("+"))
    modes = _modes(decision)

    def value_of(fp: Fraction) -> int:
        col = axis.locate(fp)
        if col is None:
            return 0
        col -= int(decision.arg("cower", "0")) if doubles else 0  # A7.9: the column the cowering group used
        return rfp.residual_value(axis, int(axis.keys[col]), plus) if col >= 0 else 0

    total = Fraction(decision.arg("fp", "0"))
    value = value_of(total - sum((_fp(position, position.units[k], target, modes.get(k, "")) for k in keep),
                                 Fraction(0)))
    whole = value_of(total) if keep else 0
    asked = (value, whole) if whole > value else None
    if value <= 0:
        return state, [], asked
    state = rfp.place(position, state, target, value, vehicle.side)
    said = T("{fp} Residual FP left in {hex}", fp=value, hex=position.label(target))
    return state, [Line(T("Residual FP"), said, "A8.2")], asked


def generate(game: AslGame, position: Position) -> Iterator[act.Fire]:
    """Offered: each MG attack vmgfire offers from a CE carrier or armored halftrack, with each one unit of
    its side in its own Location that may join it, then with a CE leader aboard directing it (D6.65), and
    the MGs of two such vehicles of one Location together (larger groups are typed)."""
    for offered in vmgfire.generate(position):
        if not isinstance(offered, act.Fire):
            continue
        mg: act.Fire = offered
        got = vmgfire.named(position, mg)
        if got is None:
            continue
        vehicle = got[0]
        if not may_join(vehicle):
            yield from _aamg_with_riders(game, position, vehicle, mg.target)
            continue
        if not got[1]:  # the plain form: the MGs vmgfire picks, named (D3.5)
            steps = vmgfire.attack(position, vehicle, mg.target).steps
            used = [s.name for s in steps if s.name in vmg.WEAPONS]
            mg = act.Fire(tuple(f"{vehicle.id}.{w}" for w in used), mg.target)
        here = sorted((u for u in position.units.values() if u.side == vehicle.side and u.hex == vehicle.hex
                       and u.id != vehicle.id), key=lambda u: u.id)
        leaders = [u for u in here if u.type == LEADER and mounted.carrier_of(position, u) == vehicle]
        for u in here:
            if u.type not in MMC:
                continue
            for extra in ((), *((ldr.id,) for ldr in leaders)):
                fire = act.Fire((*mg.firers, u.id, *extra), mg.target)
                if _ok(game, position, fire):
                    yield fire
        for other in here:
            if is_vehicle(other) and other.id > vehicle.id and may_join(other):
                fire = act.Fire((*mg.firers, *(f"{other.id}.{w}" for w in vmg.WEAPONS
                                               if vmg.fp_of(vtype(other), w))), mg.target)
                if _ok(game, position, fire):
                    yield fire


def _aamg_with_riders(game: AslGame, position: Position, vehicle: UnitState,
                      target: Hex) -> Iterator[act.Fire]:
    """D6.64: an AFV's AAMG with all its riders, offered once for the target."""
    riding = sorted(u.id for u in position.units.values() if u.carrier == vehicle.id and u.type in MMC)
    if riding and vtype(vehicle).aamg and mounted.role(vehicle) == mounted.RIDER:
        fire = act.Fire((f"{vehicle.id}.aamg", *riding), target)
        if _ok(game, position, fire):
            yield fire


def _ok(game: AslGame, position: Position, fire: act.Fire) -> bool:
    try:
        check(game, position, fire)
    except (IllegalAction, InvalidAction):
        return False
    return True
