"""ASL chapter D in play: a vehicle's MGs fire on the IFT at enemy infantry (D3.5, D3.52, D3.53, D3.3.1).

``fire <vehicle> at <hex>`` where the hex holds enemy infantry and no enemy vehicle: the vehicle fires, as one
attack (D3.5 allows it), every MG that may fire there now (vmg.mg_attack: arcs, range, CE for the AAMG) and
needs no Case A; only when none does, those that may with the largest Case A DRM (D3.5, D3.52). In the PFPh,
DFPh and AFPh, as Bounding First Fire between its own moves (D3.3, D3.3.1: FP halved, a Bounding Fire counter
that bars its AFPh) and as Defensive First Fire at infantry that have just entered a hex (A8.1). Each MG
so used is marked fired for the player turn (D3.5). The DR: the target's TEM and the LOS hindrance;
FFNAM and FFMO at moving infantry (A4.6). The IFT result turns into the targets' checks
as any attack's (aftermath.py).

The owner may instead name the MGs that fire (D3.5): ``fire <vehicle>.bmg,<vehicle>.cmg at <hex>`` fires
those together, taking the largest CA DRM of them (D3.5); the others stay free for another target. MGs of one
vehicle that fire at the same target in one phase must fire together (D3.5 and A7.55's Mandatory Fire Group):
a second attack at a hex the vehicle's MGs already fired at this phase is refused. Each named MG is offered
alone and in every combination that may fire.

Not built: fire at the exposed PRC of a vehicle (infantry aboard are not targets here).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import (
    armorldr,
    fire_groups,
    hulldown,
    iift,
    prcfire,
    riders,
    vcapture,
    vcover,
    vfire,
    vimmobile,
    vmg,
    vmgbreak,
    vmgveh,
    vsmccrew,
)
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl.aftermath import decisions_for
from hexmate.rules.games.asl.armour import FIRE_MARKERS, _remark, facing_of, is_vehicle, vtype
from hexmate.rules.games.asl.vehicles import tca_of, with_tca
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

VMG = "vmg"
MARKERS = tuple(vmg.fired_marker(w) for w in vmg.WEAPONS)
MG_ONLY = "mg_only"  # D3.5: the fire counter came from its MGs: its gun may still fire this phase
AT = "mgat:"  # D3.5, A7.55: ``mgat:<phase>@q,r``, the hexes its MGs fired at this phase


MODS = {  # the attack's own DRMs, as the resolution shows them
    "case_a": (T("target outside the CA: Case A on the IFT DR"), "D3.52"),
    "ca_kept": (T("the turret turned this phase: the same Case A DRM"), "D3.51"),
    "fixed_bmg": (T("fixed BMG at a moving target"), "D1.81"),
    "plus1": (T("recalled or stunned before"), "D5.34"),
    "fg_hindrance": (T("a fire group member's worse LOS hindrance"), "A7.52"),  # vfg.py
    "fg_overstack": (T("a fire group member's Location over the stacking limit"), "A5.12"),  # vfg.py
    "armor_leader": (T("leadership: the halftrack's Armor Leader directs its fire group"), "D3.44"),  # vfg.py
    "leadership": (T("leadership of the fire group"), "D6.65"),  # vfg.py
    "armor_leader_ma": (T("leadership: the Armor Leader directs the MG MA"), "D3.44"),
}


def at_marker(phase: str, h: Hex) -> str:
    return f"{AT}{phase}@{h.q},{h.r}"


def turn_over(state: State) -> State:
    """The end of the player turn: the hexes each vehicle's MGs fired at (D3.5, A7.55) and from (D3.51), the
    phases its MA fired in (D1.82) and its turret's Case A (D3.51) are forgotten."""
    gone = (AT, vmg.MA_FIRED, vmg.PENALTY, vmg.FROM)
    units = {uid: u.mark(remove=tuple(m for m in u.markers if m.startswith(gone))) if any(
        m.startswith(gone) for m in u.markers) else u for uid, u in state.units.items()}
    return state.replace(units=units)


def named(position: Position, fire: act.Fire) -> tuple[UnitState, tuple[str, ...]] | None:
    """The vehicle and the MGs the owner named (D3.5): ``V`` alone (none named: this module picks them) or
    ``V.bmg,V.cmg`` (each MG of one vehicle). None when the firers are not that."""
    if len(fire.firers) == 1 and fire.firers[0] in position.units:
        unit = position.units[fire.firers[0]]
        return (unit, ()) if is_vehicle(unit) else None
    vid = ""
    weapons: list[str] = []
    for token in fire.firers:
        if token in position.units or "." not in token:
            return None
        v, w = token.rsplit(".", 1)
        if w not in vmg.WEAPONS or (vid and v != vid):
            return None
        vid = v
        weapons.append(w)
    vehicle = position.units.get(vid)
    if vehicle is None or not is_vehicle(vehicle):
        return None
    return vehicle, tuple(weapons)


def infantry_targets(position: Position, h: Hex, side: str) -> list[UnitState]:
    """The enemy infantry on the ground in h (not aboard a vehicle, not SW)."""
    return [u for u in position.units_at(h) if u.side != side and not is_vehicle(u) and u.type != "sw"
            and u.carrier is None]


def claims(position: Position, fire: act.Fire) -> bool:
    """A vehicle firing at a hex with enemy infantry and no enemy vehicle: its MGs (else vfire's gun); or
    MGs named one by one (D3.5)."""
    got = named(position, fire)
    if got is None:
        return False
    unit, weapons = got
    side = unit.side
    if weapons:
        return True
    return bool(infantry_targets(position, fire.target, side)) and not any(
        u.side != side and is_vehicle(u) and not u.has("wreck") for u in position.units_at(fire.target))


def _moving(unit: UnitState) -> bool:
    return unit.has("motion")


def _at_vehicles(position: Position, unit: UnitState) -> bool:
    """May its MGs take the vehicles of a Location as targets now? As Defensive First Fire only when a
    vehicle is among the units moving now (A8.1, D3.5: the MGs named at the moving vehicle)."""
    if not (position.phase.id == "MPh" and not vfire.bounding(position, unit)):
        return True
    return bool(moving_vehicles(position))


def moving_vehicles(position: Position) -> frozenset[str]:
    """The vehicles moving now, in the hex just entered: Defensive First Fire's only vehicle targets
    (A8.1)."""
    moving, top = position.state.moving, position.state.decision
    if position.phase.id != "MPh" or moving is None or top is None or top.kind != "react":
        return frozenset()
    return frozenset(u for u in moving.units if u in position.units and is_vehicle(position.units[u]))


def moving_target(position: Position, unit: UnitState, target: Hex) -> bool:
    """D1.81 (the fixed BMG's +1): the target is a moving unit: Defensive First Fire at the units moving into
    ``target`` now (A8.1), or an enemy vehicle there in Motion (D2.4)."""
    moving = position.state.moving
    if (position.phase.id == "MPh" and moving is not None and target == moving.here
            and not vfire.bounding(position, unit)):
        return True
    return any(u.side != unit.side and is_vehicle(u) and u.has("motion") for u in position.units_at(target))


def attack(position: Position, unit: UnitState, target: Hex, weapons: tuple[str, ...] = ()) -> vmg.MgAttack:
    """The MGs that fire and their numbers: those the owner named (D3.5); else those needing no Case A,
    else all that may (D3.5, D3.52)."""
    vt = vtype(unit)
    assert unit.hex is not None
    f = facing_of(unit)
    tca = tca_of(unit.markers, f)
    bff = vfire.bounding(position, unit)
    pack = od.load_pack()
    mover = moving_target(position, unit, target)
    lead = armorldr.leadership(unit, "ma", withhold=True)  # D3.44: an MG MA's IFT DR (vmg.mg_attack)
    if weapons:
        return vmg.mg_attack(pack, vt, unit.markers, unit.hex, f, tca, target, weapons,
                             phase=position.phase.id, bounding=bff, moving=_moving(unit), moving_target=mover,
                             leadership=lead)
    ok: list[tuple[str, vmg.MgAttack]] = []
    first: IllegalAction | None = None
    for w in vmg.WEAPONS:
        if not vmg.fp_of(vt, w):
            continue
        if w == "bmg":
            try:
                vimmobile.check_bow_same_hex(position, unit, target)  # D8.5
            except IllegalAction as e:
                first = first or e
                continue
        if w == "bmg" and hulldown.firer_hd(position, unit, target):
            why = T("{unit} is hull down to {hex}: no forward-mounted weapon but its MA fires there",
                    unit=unit.id, hex=position.label(target))
            first = first or IllegalAction(why, "D4.223")  # its BMG
            continue
        try:
            ok.append((w, vmg.mg_attack(pack, vt, unit.markers, unit.hex, f, tca, target, [w],
                                        phase=position.phase.id, bounding=bff, moving=_moving(unit),
                                        moving_target=mover)))
        except IllegalAction as e:
            first = first or e
    if not ok:
        raise first or IllegalAction(T("this vehicle has no MG that may fire there"), "D3.5")
    free = [w for w, a in ok if not any(s.name in ("case_a", "ca_kept") for s in a.steps)]
    use = free or [w for w, _ in ok]
    return vmg.mg_attack(pack, vt, unit.markers, unit.hex, f, tca, target, use, phase=position.phase.id,
                         bounding=bff, moving=_moving(unit), moving_target=mover,
                         stabilized=vfire.stabilized(position, unit), leadership=lead)


def check(position: Position, fire: act.Fire) -> act.Fire:
    got = named(position, fire)
    assert got is not None
    unit, weapons = got
    if weapons and not infantry_targets(position, fire.target, unit.side) and not (
            vmgveh.vehicle_targets(position, fire.target, unit.side) and _at_vehicles(position, unit)):
        raise IllegalAction(T("no enemy infantry at {hex} for the MGs", hex=position.label(fire.target)),
                            "D3.5")
    phase = position.phase.id
    bff = vfire.bounding(position, unit)
    side = unit.side if bff else vfire.firing_side(position)
    if unit.side != side:
        raise IllegalAction(T("{unit} is not {side}'s; only {side} fires now", unit=unit.id, side=side),
                            position.phase.rule)
    if phase not in FIRE_MARKERS:
        raise IllegalAction(T("vehicles fire only in the fire phases and as Defensive First Fire"), "D3.3")
    if unit.has("wreck") or unit.has("abandoned"):
        raise IllegalAction(T("{unit} is abandoned: nobody inside fires it", unit=unit.id), "D5.41")
    if bff and (position.state.moving is not None or position.state.decision is not None):
        raise IllegalAction(T("{unit} fires between moves, not while one is under way", unit=unit.id), "D3.3")
    if phase == "PFPh" and unit.has("motion"):
        raise IllegalAction(T("{unit} began its player turn in Motion and may not Prep Fire", unit=unit.id),
                            "D2.4")
    prcfire.afph_bar(position, fire)  # D3.3, D3.5: nor after its PRC's Bounding First Fire
    if bff and prcfire.vehicle_fired(position, unit, "prep_fire"):  # D3.5: one fire phase for them all
        raise IllegalAction(T("{vehicle} or a unit aboard it Prep Fired: no fire from it in the MPh",
                              vehicle=unit.id), "D.3")
    if phase == "AFPh" and unit.has("prep_fire"):  # D3.3, D3.5: one fire phase for all its weapons
        raise IllegalAction(T("{unit} Prep Fired: no fire from it in the AFPh", unit=unit.id), "D3.3")
    if phase == "AFPh" and vfire.refiring(unit) and tuple(weapons) != ("ma",):  # D3.3.2: an MG MA alone
        raise IllegalAction(T("{unit}'s gun made Bounding First Fire keeping its ROF: in the AFPh only that "
                              "gun fires again, not its MGs (D3.3.2)", unit=unit.id), "D3.3.2")
    if phase == "AFPh" and unit.has(vfire.BOUNDING):
        raise IllegalAction(T("{unit} made Bounding First Fire: no fire in the AFPh", unit=unit.id), "D3.3.1")
    if phase == "MPh" and not bff:
        moving, top = position.state.moving, position.state.decision
        if moving is None or top is None or top.kind != "react" or fire.target != moving.here:
            raise IllegalAction(T("Defensive First Fire is at a moving unit in the hex it has just entered"),
                                "A8.1")
    assert unit.hex is not None
    if vmg.fired_elsewhere(unit.markers, phase, unit.hex) is not None:  # D3.51
        raise IllegalAction(T("{unit}'s weapons fired from another hex this phase: the others fire only from "
                              "that hex", unit=unit.id), "D3.51")
    sight = asl_terrain.line_of_sight(position, unit.hex, fire.target)
    if sight.blocked:
        raise IllegalAction(T("{unit} has no line of sight to {hex}", unit=unit.id,
                              hex=position.label(fire.target)), "A6.1")
    shot = attack(position, unit, fire.target, weapons)
    vsmccrew.check_mg(position, unit, weapons or (s.name for s in shot.steps if s.name in vmg.WEAPONS))
    if at_marker(phase, fire.target) in unit.markers:  # D3.5: mandatory FG (A7.55)
        raise IllegalAction(T("{unit}'s MGs have fired at {hex} this phase: MGs firing at one target in a "
                              "phase fire together as one fire group", unit=unit.id,
                              hex=position.label(fire.target)), "A7.55")
    used = tuple(s.name for s in shot.steps if s.name in vmg.WEAPONS)
    fire_groups.check_vehicle(position, unit, fire.target, used)  # A7.55, D6.64: and with the units beside it
    return fire


def declare(position: Position, fire: act.Fire) -> State:
    state = position.state
    found = named(position, fire)
    assert found is not None
    unit, weapons = found
    got = attack(position, unit, fire.target, weapons)
    used = [s.name for s in got.steps if s.name in vmg.WEAPONS]
    assert unit.hex is not None
    marks = [vmg.fired_marker(w) for w in used] + [at_marker(position.phase.id, fire.target),
                                                    vmg.from_marker(position.phase.id, unit.hex)]
    counter = vfire.fire_marker(position, unit)
    # D3.3.1: a Bounding Fire counter; D3.3, D.3: a Prep Fire counter: no fire from it or its PRC in the
    # AFPh (D3.5: one fire phase for all its weapons), no move in the MPh; the gun may still fire now
    if (vfire.bounding(position, unit) or position.phase.id == "PFPh") and not unit.has(counter):
        marks += [counter, MG_ONLY]
    if "ma" in used:
        marks.append(vmg.ma_fired_marker(position.phase.id))  # D1.82: no turret RMG in this phase
        unit, state = _cmg_after(position, state, unit, fire.target, "ma")  # a turret MG MA turns it (D3.51)
    if "cmg" in used:
        unit, state = _cmg_after(position, state, unit, fire.target)
    state = state.with_unit(unit.mark(*marks))
    state = fire_groups.record_vehicle(position, state, state.units[unit.id], fire.target, used)  # A7.55
    prompt = T("{unit} fires its MGs ({weapons}) at {hex}: {fp} FP, DRM {drm:+d}; roll the IFT DR (D3.5)",
               unit=unit.id, weapons=", ".join(w.upper() for w in used), hex=position.label(fire.target),
               fp=str(got.fp), drm=got.drm)
    mods = ",".join(f"{s.name}:{s.value}" for s in got.steps if s.name in MODS)
    args = (("fp", str(got.fp)), ("drm", str(got.drm)), ("weapons", ",".join(used)), ("mods", mods),
            ("named", "1" if weapons else ""))
    return state.push(Decision("roll", unit.side, prompt, "D3.5", VMG, dice="DR", subject=(unit.id,),
                               target=fire.target, args=args))


def _cmg_after(position: Position, state: State, unit: UnitState, target: Hex,
               weapon: str = "cmg") -> tuple[UnitState, State]:
    """What the CMG's shot does to the turret: fired at anything but the MA's acquired target it costs the MA
    that acquisition (D1.82); fired outside the TCA it turns the turret to the target (D3.12) and leaves its
    Case A DRM for the MA's shots inside the new TCA this phase (D3.51); a turret that turns throws its
    riders off (D6.21)."""
    if weapon == "cmg":
        ids = [u.id for u in position.units_at(target)]
        unit = unit.mark(remove=vmg.lost_acquisition(unit.markers, ids))
    vt = vtype(unit)
    home = unit.hex
    assert home is not None
    if vfire.bounding(position, unit) or vt.ma is None or vt.ma.mount == "NT":
        return unit, state
    f = facing_of(unit)
    tca = tca_of(unit.markers, f)
    k = fc.hexspines_to(home, target, tca)
    if k == 0:
        return unit, state
    drm = od.load_pack().case_a_drm(vt.ma.mount, k)
    unit = _remark(unit, with_tca(unit.markers, f, fc.facing_to(home, target, tca)))
    penalty = vmg.penalty_marker(position.phase.id, weapon, drm)
    unit = unit.mark(penalty)
    state = state.with_unit(unit)
    on_top = riders.carried_riders(state, unit, vt.passengers)
    if on_top:  # D6.21
        state = riders.bail_out(position.at(state), on_top, home, "D6.21")
        unit = state.units[unit.id]
    return unit, state


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The IFT DR is in: the target's TEM and hindrance, FFNAM/FFMO at movers (A4.6), the result."""
    assert answer.dice is not None and decision.target is not None
    state = position.state
    unit = state.units[decision.subject[0]]
    h = decision.target
    assert unit.hex is not None
    roll = ASL_DR.from_values(answer.dice)
    fp = Fraction(decision.arg("fp", "0"))
    drm = int(decision.arg("drm", "0"))
    lines = [Line(T("vehicle MG FP ({weapons})", weapons=decision.arg("weapons")), str(fp), "D3.5")]
    if decision.arg("fg"):  # vfg.py: a fire group's FP, the MGs' and the units' (D6.64, A7.5)
        lines = [Line(T("fire group FP ({weapons} with {units})", weapons=decision.arg("vehicles"),
                        units=decision.arg("fg")), str(fp), "A7.5")]
    for mod in filter(None, decision.arg("mods", "").split(",")):
        name, value = mod.split(":")
        text, rule = MODS[name]
        lines.append(Line(text, f"{int(value):+d}", rule))
    targets = infantry_targets(position, h, unit.side)
    tem = asl_terrain.tem(position, h)
    hindrance = asl_terrain.line_of_sight(position, unit.hex, h).hindrance
    if tem:
        lines.append(Line(T("target terrain ({terrain})", terrain=position.map.terrain(h)), f"{tem:+d}", "B"))
    if hindrance:
        lines.append(Line(T("LOS hindrance"), f"{hindrance:+d}", "A6.7"))
    afv_hind, where = vcover.hindrance(position, unit.hex, h)
    if afv_hind:  # D9.4: AFVs and wrecks on the way
        lines.append(Line(T("of the hindrance, AFVs or wrecks in {hexes}",
                            hexes=", ".join(position.label(x) for x in where)), f"{afv_hind:+d}", "D9.4"))
    drm += tem + hindrance + afv_hind
    vehicle_drm = drm - asl_terrain.infantry_only_tem(position, h)  # A7.308: not a TEM for infantry only
    moving = position.state.moving
    if position.phase.id == "MPh" and moving is not None and not vfire.bounding(position, unit):
        targets = [u for u in targets if u.id in moving.units]  # A8.1: First Fire hits the movers
    cover, why = vcover.tem(position, h, [unit.hex], other_tem=tem,
                            side=targets[0].side if targets else "", units=targets)
    if cover and why is not None:  # D9.3: a wreck, friendly AFV or abandoned enemy AFV in their Location
        lines.append(Line(why, f"{cover:+d}", "D9.3"))
        drm += cover
    over = overstacked(position, unit.hex, unit.side, vehicles=True)
    if over:  # A5.12: the firing Location is overstacked
        lines.append(Line(T("firing Location over the stacking limit by {n} (vehicles, squad-equivalents)",
                            n=over), f"{over:+d}", "A5.12"))
        drm += over
        vehicle_drm += over
    # A5.13: in the MPh only a moving target suffers it (Bounding First Fire at units not moving does not)
    still = position.phase.id == "MPh" and not any(moving is not None and u.id in moving.units
                                                   for u in targets)
    under = overstacked(position, h, targets[0].side) if targets and not still else 0
    if under:  # A5.131: the target Location is overstacked
        lines.append(Line(T("target overstacked by {n} squad-equivalent(s)", n=under), f"{-under:+d}",
                          "A5.131"))
        drm -= under
    at_movers = moving is not None and position.phase.id == "MPh" and not vfire.bounding(position, unit)
    if at_movers and targets and not any(u.has("pinned") for u in targets):
        drm -= 1
        lines.append(Line(T("First Fire at a moving unit (FFNAM)"), "-1", "A4.6"))
        if position.map.terrain(h) == "open" and not tem and not hindrance and not cover:
            drm -= 1
            lines.append(Line(T("moving in Open Ground (FFMO)"), "-1", "A4.6"))
    final = roll.total + drm
    lines.append(Line(T("Original DR"), str(roll.total), "A.1"))
    results: dict[str, str] = {}
    pushed: list[Decision] = []
    summary_parts: list[str] = []
    cower = int(decision.arg("cower", "0")) if roll.doubles else 0  # A7.9: no vehicle fire cowers alone
    if cower:
        lines.append(Line(T("Cowering"), T("doubles, undirected: {n} column(s) left", n=cower), "A7.9"))
    groups = [(T("known targets"), [u for u in targets if not u.concealed], fp),
              (T("concealed targets"), [u for u in targets if u.concealed], fp / 2)]  # A7.23: Area Fire
    for i, (label, group, group_fp) in enumerate(groups):
        if not group and (i or targets):  # no targets at all: the known line still shows the shot
            continue
        if group_fp != fp:
            lines.append(Line(T("FP vs {group}", group=label), T("{fp} halved: Area Fire at concealed units",
                                                                  fp=str(fp)), "A7.23"))
        if any(u.has("broken") for u in group) and iift.could_nmc(  # A10.62: FP that could give a NMC
                position, group_fp, drm, int(decision.arg("cower", "0"))):
            for u in group:
                if u.has("broken") and u.id in state.units:
                    state = state.with_unit(state.units[u.id].mark("dm"))
        # A7.3, A7.37: the table in use; A7.9, A7.371: a fire group with infantry in it cowers (vfg.py)
        reading = iift.read(position, group_fp, final, cower)
        column = "" if reading.column is None else reading.shown
        result = reading.result if group else "-"
        lines.append(Line(reading.label(), T("{fp} FP -> {column} column, final DR {final} -> {result}",
                                             fp=fpw.fmt(group_fp), column=reading.key, final=final,
                                             result=result), reading.rule))
        results.update({u.id: result for u in group})
        summary_parts.append(result)
        if group:
            pushed += decisions_for(position.at(state), result, [u.id for u in group], column)
    if _at_vehicles(position, unit) and decision.arg("named") == "1":  # D3.54, D.8, A7.308
        dff = position.phase.id == "MPh" and not vfire.bounding(position, unit)
        state, more, got, asks = vmgveh.resolve(position, state, unit.side, h, fp, roll.total, vehicle_drm,
                                                tem=tem - asl_terrain.infantry_only_tem(position, h),
                                                only=moving_vehicles(position) if dff else None)  # A8.1
        lines += more
        results.update(got)
        pushed += asks
        summary_parts += [f"{vid} {r}" for vid, r in got.items()]
    broken, more = vmgbreak.apply(state.units[unit.id], filter(None, decision.arg("weapons").split(",")),
                                  roll.total)  # D3.7, A21.11: B# 12, captured 10 (X# 12)
    if more:
        state = state.with_unit(broken)
        lines += more
    state, more = _ma_rof(position, state, unit.id, decision, answer.dice)  # D3.5, D3.3, D3.3.2
    lines += more
    result = " / ".join(summary_parts)
    summary = T("{unit} fires its MGs at {hex}: {result}", unit=unit.id, hex=position.label(h), result=result)
    res = Resolution(act.Fire((unit.id,), h, answer.dice), "ift", position.charts.label, position.charts.demo,
                     tuple(lines), results, summary)
    state = state.replace(resolution=res)
    return state.push(*pushed) if pushed else state


def _ma_rof(position: Position, state: State, uid: str, decision: Decision,
            dice: tuple[int, ...]) -> tuple[State, list[Line]]:
    """D3.5: an MG MA with multiple ROF that fired alone and still works keeps it on a colored dr at most its
    ROF (one lower a captured vehicle's, A21.12): it may fire again this player turn, at the same target too.
    In the MPh, the only weapon that fired, it takes no Bounding Fire counter (D3.3) and so may fire once
    more in the AFPh (D3.3.2, vfire.refiring); that AFPh shot keeps nothing."""
    unit = state.units[uid]
    vt = vtype(unit)
    if decision.arg("weapons") != "ma" or vt.ma is None or unit.has("ma_malf") or decision.target is None:
        return state, []
    rof = max(0, vt.ma.rof - vcapture.penalty(unit)) if vt.ma.rof else 0
    phase = position.phase.id
    if not rof or len(dice) < 2 or dice[1] > rof or (phase == "AFPh" and vfire.refiring(unit)):
        return state, []
    again = (vmg.fired_marker("ma"), at_marker(phase, decision.target))  # free to fire again (D3.5)
    unit = unit.mark(remove=again)
    others = any(m.startswith("mg_fired:") for m in unit.markers) or unit.has("rof_kept")
    if vfire.bounding(position, unit) and not others:  # D3.3: the sole weapon kept its ROF: no counter
        unit = unit.mark(remove=(vfire.BOUNDING, MG_ONLY))
    return state.with_unit(unit), [Line(T("the MG MA keeps its rate of fire"), str(dice[1]), "D3.5")]


def overstacked(position: Position, h: Hex, side: str, *, vehicles: bool = False) -> int:
    """A5.12, A5.131: ``side``'s squad-equivalents of personnel on the ground in h beyond three (A5.1), and
    with ``vehicles`` (the firer's Location, A5.12) its vehicles beyond one, wrecks apart (A5.2)."""
    from hexmate.rules.games.asl.fire import _overstack

    here = [u for u in position.units_at(h) if u.side == side]
    over = _overstack([u for u in here if not is_vehicle(u) and u.carrier is None])
    if vehicles:
        over += max(0, sum(1 for u in here if is_vehicle(u) and not u.has("wreck")) - 1)
    return over


def generate(position: Position) -> Iterator[act.Action]:
    """The MG attacks open now: each vehicle of the side that may fire, at each hex of enemy infantry."""
    phase = position.phase.id
    if phase not in FIRE_MARKERS:
        return
    moving = position.state.moving
    side = position.phasing if phase == "MPh" and moving is None else vfire.firing_side(position)
    if phase == "MPh" and moving is not None:
        hexes = [moving.here]
    else:
        hexes = sorted({u.hex for u in position.units.values() if u.side != side and u.hex is not None
                        and not is_vehicle(u) and u.carrier is None}, key=lambda h: (h.q, h.r))
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != side or not is_vehicle(unit):
            continue
        for h in hexes:
            fire = act.Fire((unit.id,), h)
            if not claims(position, fire):
                continue
            try:
                check(position, fire)
            except (IllegalAction, InvalidAction):
                if phase == "AFPh" and vfire.refiring(unit) and vmg.fp_of(vtype(unit), "ma"):
                    yield from _alone(position, act.Fire((f"{unit.id}.ma",), h))  # D3.3.2: the MG MA again
                continue
            yield fire
            yield from _choices(position, unit, h)
        if not _at_vehicles(position, unit):
            continue
        # offered where they may do harm: a truck, an AFV's exposed PRC or CE crew (D3.5: the rest if typed)
        parked = {v.hex for v in position.units.values() if v.side != side and is_vehicle(v)
                  and v.hex is not None and not v.has("wreck")
                  and (not vtype(v).armored or vmgveh.exposed_prc(position.state, v)
                       or vmg.crew_exposed(vtype(v), v.markers))}
        at = parked - set(hexes)
        if phase == "MPh" and moving is not None:  # A8.1: Defensive First Fire at the moving vehicle
            movers = moving_vehicles(position)
            at = {v.hex for v in position.units.values() if v.id in movers and v.hex in parked}
        for h in sorted(at, key=lambda h: (h.q, h.r)):
            yield from _named_at_vehicles(position, unit, h)


def _alone(position: Position, fire: act.Fire) -> Iterator[act.Fire]:
    try:
        yield check(position, fire)
    except (IllegalAction, InvalidAction):
        return


def _named_at_vehicles(position: Position, unit: UnitState, h: Hex) -> Iterator[act.Fire]:
    """D3.5, D.8, A7.308: the MGs named at a Location of enemy vehicles without infantry on the ground."""
    able = [w for w in vmg.WEAPONS if vmg.fp_of(vtype(unit), w)]
    for n in range(1, len(able) + 1):
        for ws in combinations(able, n):
            fire = act.Fire(tuple(f"{unit.id}.{w}" for w in ws), h)
            try:
                check(position, fire)
            except (IllegalAction, InvalidAction):
                continue
            yield fire


def _choices(position: Position, unit: UnitState, h: Hex) -> Iterator[act.Fire]:
    """D3.5: each MG alone and each combination of them that may fire at h, once the vehicle may fire
    there at all (the plain form's checks passed)."""
    able = [w for w in vmg.WEAPONS if vmg.fp_of(vtype(unit), w)]
    if len(able) < 2:
        return
    for n in range(1, len(able) + 1):
        for ws in combinations(able, n):
            try:
                attack(position, unit, h, ws)
            except IllegalAction:
                continue
            yield act.Fire(tuple(f"{unit.id}.{w}" for w in ws), h)

