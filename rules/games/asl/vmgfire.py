"""ASL chapter D in play: a vehicle's MGs fire on the IFT at enemy infantry (D3.5, D3.52, D3.53, D3.3.1).

``fire <vehicle> at <hex>`` where the hex holds enemy infantry and no enemy vehicle: the vehicle fires, as one
attack (D3.5 allows it), every MG that may fire there now (vmg.mg_attack: arcs, range, CE for the AAMG) and
needs no Case A; only when none does, those that may with the largest Case A DRM (D3.5, D3.52). In the PFPh,
DFPh and AFPh, as Bounding First Fire between its own moves (D3.3, D3.3.1: FP halved, a Bounding Fire counter
that bars its AFPh) and as Defensive First Fire at infantry that have just entered a hex (A8.1). Each MG
so used is marked fired for the player turn (D3.5). The DR: the target's TEM and the LOS hindrance;
FFNAM and FFMO at moving infantry (A4.6). The IFT result turns into the targets' checks
as any attack's (aftermath.py).

Not built: the player choosing which MGs fire and splitting them among targets (D3.5), fire at the exposed PRC
of a vehicle (infantry aboard are not targets here), and at vehicles (D.8's special collateral attack).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import hulldown, prcfire, vfire, vimmobile, vmg
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl.aftermath import decisions_for
from hexmate.rules.games.asl.armour import FIRE_MARKERS, facing_of, is_vehicle, vtype
from hexmate.rules.games.asl.vehicles import tca_of
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

VMG = "vmg"
MARKERS = tuple(vmg.fired_marker(w) for w in vmg.WEAPONS)


def infantry_targets(position: Position, h: Hex, side: str) -> list[UnitState]:
    """The enemy infantry on the ground in h (not aboard a vehicle, not SW)."""
    return [u for u in position.units_at(h) if u.side != side and not is_vehicle(u) and u.type != "sw"
            and u.carrier is None]


def claims(position: Position, fire: act.Fire) -> bool:
    """A vehicle firing at a hex with enemy infantry and no enemy vehicle: its MGs (else vfire's gun)."""
    if len(fire.firers) != 1 or fire.firers[0] not in position.units:
        return False
    unit = position.units[fire.firers[0]]
    if not is_vehicle(unit):
        return False
    side = unit.side
    return bool(infantry_targets(position, fire.target, side)) and not any(
        u.side != side and is_vehicle(u) and not u.has("wreck") for u in position.units_at(fire.target))


def _moving(unit: UnitState) -> bool:
    return unit.has("motion")


def attack(position: Position, unit: UnitState, target: Hex) -> vmg.MgAttack:
    """The MGs that fire and their numbers: those needing no Case A, else all that may (D3.5, D3.52)."""
    vt = vtype(unit)
    assert unit.hex is not None
    f = facing_of(unit)
    tca = tca_of(unit.markers, f)
    bff = vfire.bounding(position, unit)
    pack = od.load_pack()
    ok: list[tuple[str, vmg.MgAttack]] = []
    first: IllegalAction | None = None
    for w in vmg.WEAPONS:
        if not getattr(vt, w):
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
                                        phase=position.phase.id, bounding=bff, moving=_moving(unit))))
        except IllegalAction as e:
            first = first or e
    if not ok:
        raise first or IllegalAction(T("this vehicle has no MG that may fire there"), "D3.5")
    free = [w for w, a in ok if a.drm == ("plus1" in unit.markers)]
    use = free or [w for w, _ in ok]
    return vmg.mg_attack(pack, vt, unit.markers, unit.hex, f, tca, target, use, phase=position.phase.id,
                         bounding=bff, moving=_moving(unit))


def check(position: Position, fire: act.Fire) -> act.Fire:
    unit = position.units[fire.firers[0]]
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
    if phase == "AFPh" and (unit.has(vfire.BOUNDING) or unit.has("prep_fire")):
        raise IllegalAction(T("{unit} made Bounding First Fire: no fire in the AFPh", unit=unit.id), "D3.3.1")
    if phase == "MPh" and not bff:
        moving, top = position.state.moving, position.state.decision
        if moving is None or top is None or top.kind != "react" or fire.target != moving.here:
            raise IllegalAction(T("Defensive First Fire is at a moving unit in the hex it has just entered"),
                                "A8.1")
    assert unit.hex is not None
    sight = asl_terrain.line_of_sight(position, unit.hex, fire.target)
    if sight.blocked:
        raise IllegalAction(T("{unit} has no line of sight to {hex}", unit=unit.id,
                              hex=position.label(fire.target)), "A6.1")
    attack(position, unit, fire.target)
    return fire


def declare(position: Position, fire: act.Fire) -> State:
    state = position.state
    unit = state.units[fire.firers[0]]
    got = attack(position, unit, fire.target)
    used = [s.name for s in got.steps if s.name in vmg.WEAPONS]
    marks = [vmg.fired_marker(w) for w in used]
    if vfire.bounding(position, unit):
        marks.append(vfire.BOUNDING)  # D3.3.1: no fire from it or its PRC in the AFPh
    state = state.with_unit(unit.mark(*marks))
    prompt = T("{unit} fires its MGs ({weapons}) at {hex}: {fp} FP, DRM {drm:+d}; roll the IFT DR (D3.5)",
               unit=unit.id, weapons=", ".join(w.upper() for w in used), hex=position.label(fire.target),
               fp=str(got.fp), drm=got.drm)
    args = (("fp", str(got.fp)), ("drm", str(got.drm)), ("weapons", ",".join(used)))
    return state.push(Decision("roll", unit.side, prompt, "D3.5", VMG, dice="DR", subject=(unit.id,),
                               target=fire.target, args=args))


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
    if drm:
        lines.append(Line(T("Case A or stun DRM of the MGs"), f"{drm:+d}", "D3.52"))
    targets = infantry_targets(position, h, unit.side)
    tem = asl_terrain.tem(position, h)
    hindrance = asl_terrain.line_of_sight(position, unit.hex, h).hindrance
    if tem:
        lines.append(Line(T("target terrain ({terrain})", terrain=position.map.terrain(h)), f"{tem:+d}", "B"))
    if hindrance:
        lines.append(Line(T("LOS hindrance"), f"{hindrance:+d}", "A6.7"))
    drm += tem + hindrance
    moving = position.state.moving
    if position.phase.id == "MPh" and moving is not None and not vfire.bounding(position, unit):
        targets = [u for u in targets if u.id in moving.units]  # A8.1: First Fire hits the movers
        if targets and not any(u.has("pinned") for u in targets):
            drm -= 1
            lines.append(Line(T("First Fire at a moving unit (FFNAM)"), "-1", "A4.6"))
            if position.map.terrain(h) == "open" and not tem and not hindrance:
                drm -= 1
                lines.append(Line(T("moving in Open Ground (FFMO)"), "-1", "A4.6"))
    final = roll.total + drm
    chart = position.charts.chart("ift")
    axis = chart.axis("fp")
    col = axis.locate(fp)
    column = "" if col is None else str(axis.keys[col])
    result = "-" if col is None or not targets else str(chart.lookup(fp=axis.keys[col], final_dr=final))
    lines.append(Line(T("Original DR"), str(roll.total), "A.1"))
    lines.append(Line(T("IFT"), T("{fp} FP -> {column} column, final DR {final} -> {result}", fp=fp,
                                  column=column or "-", final=final, result=result), "A7.3"))
    summary = T("{unit} fires its MGs at {hex}: {result}", unit=unit.id, hex=position.label(h), result=result)
    res = Resolution(act.Fire((unit.id,), h, answer.dice), "ift", position.charts.label, position.charts.demo,
                     tuple(lines), {u.id: result for u in targets}, summary)
    state = state.replace(resolution=res)
    if not targets:
        return state
    return state.push(*decisions_for(position.at(state), result, [u.id for u in targets], column))


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
                continue
            yield fire

