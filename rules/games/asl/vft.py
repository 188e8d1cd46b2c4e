"""ASL D3.6 (with D1.8, A22.1-A22.5, D3.3.1, D2.42, D4.223): a vehicle's inherent FT fires on the IFT.

``fire VEHICLE at HEX``: when the vehicle's FT (catalogue key ``ft``: mount B or T, FP, X#, and ``range2``
for an underlined FP) may attack the enemy infantry in HEX, it does; when its MGs may fire there too, the
owner answers which (``ft`` or ``mg``: A22.31, they never fire together). The text:

- D1.8: a bow FT (B) is forward-mounted like the BMG (its arc is the VCA, NT); a turret FT (T) follows the
  TCA. The side mount (S) needs its Vehicle Note and is not in the catalogue.
- A22.1: normal range 1 hex (2 when the FP is underlined), Long Range only one hex beyond it, at half FP; no
  PBF/TPBF increase and no other increase; halved as Area Fire; not halved in the AFPh; hindrances apply.
- A22.2: no leadership, and the target's TEM does not apply; but D3.44: when the FT is the vehicle's MA
  (the catalogue's ``ma.kind`` "FT"), its Armor Leader's leadership modifies its IFT DR, as that of any MA
  fired on the IFT (D3.44 names the MA DR, "else the IFT", and excepts the MA from the MG/FT it bars; the
  chapter's own rule is taken over A22.2's). One still hidden is asked about at the DR (D3.41, alhide.py).
- A22.31: a FT never combines its FP with another weapon's: the vehicle's MGs fire apart (``vmgfire``).
- A22.3: one FT use per player turn (the marker ``mg_fired:ft``).
- D3.6: its FP, range and X# are the counter's; the rest is A22's, except Motion Fire (D2.42: halved in
  Motion or not stopped). Unless it is Bounding First Fire, a target outside its CA adds the Case A TH DRM of
  that CA change to the IFT DR (the table is the ordnance pack's, C5.13). D3.3.1: Bounding First Fire does
  not halve a FT. D3.3: it is Bounding First Fire in its own MPh (the Bounding Fire counter bars its AFPh).
- D3.7, A.11: an Original IFT DR at or above the printed X# disables the FT for good (``ft_disabled``); the
  attack itself is resolved first. A DR of 12 below the X# would malfunction it (B12), which no X# <= 12
  leaves room for.
- D4.223: a vehicle hull down to the target does not fire a forward-mounted weapon other than its MA there:
  its bow FT.

Not built: FT attacks on vehicles (A22.2's armored targets are chapter C's), the side mount, and concealment
and FFNAM/FFMO (a FT attack takes the hindrance only, as A22.2 says; FFMO and FFNAM are IFT DRMs the text of
A22.2 does not exclude: they apply at moving infantry, as with the MGs).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import armorldr, hulldown, iift, vfire, vimmobile, vmg, vmgfire
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl.aftermath import decisions_for
from hexmate.rules.games.asl.armour import FIRE_MARKERS, facing_of, is_vehicle, vtype
from hexmate.rules.games.asl.vehicles import VehicleFT, VehicleType, tca_of
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

THEN = "vft"
PICK = "vft_pick"
FIRED = "ft_fired"  # A22.3: once per player turn
DISABLED = "ft_disabled"  # A.11, D3.7: X# reached


def ft_attack(
    pack: od.OrdnancePack,
    ft: VehicleFT,
    firer: Hex,
    vca: int,
    tca: int,
    target: Hex,
    *,
    bounding: bool,
    moving: bool,
    area: bool = False,
) -> tuple[Fraction, int, tuple[od.Step, ...]]:
    """The FT's FP and IFT DRM at ``target`` (D3.6, A22.1, D3.3.1, D2.42); IllegalAction beyond its reach."""
    rng = distance(firer, target)
    normal = ft.normal_range
    if rng > normal + 1:
        raise IllegalAction(T("this FT reaches {range} hexes, and one more at Long Range", range=normal),
                            "A22.1")
    fp = Fraction(ft.fp)
    steps = [od.Step("ft", ft.fp, "D3.6", T("vehicle FT FP"))]
    if rng > normal:
        fp /= 2
        steps.append(od.Step("long", 0, "A22.1", T("FT at Long Range: FP halved")))
    if area:
        fp /= 2
        steps.append(od.Step("area", 0, "A22.1", T("Area Fire: FP halved")))
    if moving:
        fp /= 2
        steps.append(od.Step("motion", 0, "D2.42", T("in Motion or not stopped: FP halved")))
    drm = 0
    if not bounding:  # D3.6: Case A as an IFT DRM unless Bounding First Fire (C5.13)
        if ft.mount == "B":
            drm = pack.case_a_drm("NT", fc.hexspines_to(firer, target, vca))
        else:
            drm = pack.case_a_drm("T", fc.hexspines_to(firer, target, tca))
        if drm:
            steps.append(od.Step("case_a", drm, "D3.6",
                                 T("target outside the FT's CA: Case A on the IFT DR")))
    return fp, drm, tuple(steps)


def disabled_by(dr: int, ft: VehicleFT) -> bool:
    """A.11, D3.7: an Original DR at or above the X# puts the FT out for good."""
    return dr >= ft.x


def _vehicle_of(position: Position, fire: act.Fire) -> UnitState | None:
    if len(fire.firers) != 1:
        return None
    unit = position.units.get(fire.firers[0])
    return unit if unit is not None and is_vehicle(unit) and vtype(unit).ft is not None else None


def claims(position: Position, fire: act.Fire) -> bool:
    """The vehicle's FT may make this attack now (its MGs may too: ``mg_too``)."""
    if _vehicle_of(position, fire) is None:
        return False
    try:
        check(position, fire)
    except IllegalAction:
        return False
    return True


def mg_too(position: Position, fire: act.Fire) -> bool:
    """May its MGs fire there now instead (D3.5)?"""
    if not vmgfire.claims(position, fire):
        return False
    try:
        vmgfire.check(position, fire)
    except (IllegalAction, InvalidAction):
        return False
    return True


def ask(position: Position, fire: act.Fire) -> State:
    """FT or MGs: never both in one attack (A22.31)."""
    unit = position.units[fire.firers[0]]
    prompt = T("{unit} at {hex}: its FT or its MGs? (they never fire together, A22.31)", unit=unit.id,
               hex=position.label(fire.target))
    return position.state.push(Decision("confirm", unit.side, prompt, "A22.31", PICK, choices=("ft", "mg"),
                                        subject=(unit.id,), target=fire.target))


def _ft(unit: UnitState) -> tuple[VehicleType, VehicleFT]:
    vt = vtype(unit)
    if vt.ft is None:
        raise IllegalAction(T("{unit} has no FT", unit=unit.id), "D1.8")
    return vt, vt.ft


def _attack(position: Position, unit: UnitState, target: Hex) -> tuple[Fraction, int, tuple[od.Step, ...]]:
    _, ft = _ft(unit)
    assert unit.hex is not None
    f = facing_of(unit)
    if ft.mount == "B":
        vimmobile.check_bow_same_hex(position, unit, target)  # D8.5
    if ft.mount == "B" and hulldown.firer_hd(position, unit, target):
        raise IllegalAction(T("{unit} is hull down to {hex}: no forward-mounted weapon but its MA fires "
                              "there", unit=unit.id, hex=position.label(target)), "D4.223")
    return ft_attack(od.load_pack(), ft, unit.hex, f, tca_of(unit.markers, f), target,
                     bounding=vfire.bounding(position, unit), moving=unit.has("motion"))


def check(position: Position, fire: act.Fire) -> act.Fire:
    unit = _vehicle_of(position, fire)
    assert unit is not None
    _ft(unit)
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
    if unit.has("shocked") or unit.has("stunned"):
        raise IllegalAction(T("a shocked or stunned AFV does not fire"), "D5.34")
    if unit.has(DISABLED):
        raise IllegalAction(T("{unit}'s FT is out for good", unit=unit.id), "A.11")
    if unit.has(FIRED):
        raise IllegalAction(T("{unit}'s FT has fired this player turn", unit=unit.id), "A22.3")
    if phase == "PFPh" and unit.has("motion"):
        raise IllegalAction(T("{unit} began its player turn in Motion and may not Prep Fire", unit=unit.id),
                            "D2.4")
    if phase == "AFPh" and (unit.has(vfire.BOUNDING) or unit.has("prep_fire")):
        raise IllegalAction(T("{unit} made Bounding First Fire: no fire in the AFPh", unit=unit.id), "D3.3.1")
    if phase == "AFPh" and vfire.refiring(unit):
        raise IllegalAction(T("{unit}'s gun made Bounding First Fire keeping its ROF: in the AFPh only that "
                              "gun fires again, not its FT (D3.3.2)", unit=unit.id), "D3.3.2")
    vt, ft = _ft(unit)
    if ft.mount != "B":
        vmg.buttoned_ot(vt, unit.markers, "FT")  # D5.3: only a bow FT fires BU
    if bff and (position.state.moving is not None or position.state.decision is not None):
        raise IllegalAction(T("{unit} fires between moves, not while one is under way", unit=unit.id), "D3.3")
    if phase == "MPh" and not bff:
        moving, top = position.state.moving, position.state.decision
        if moving is None or top is None or top.kind != "react" or fire.target != moving.here:
            raise IllegalAction(T("Defensive First Fire is at a moving unit in the hex it has just entered"),
                                "A8.1")
    if not vmgfire.infantry_targets(position, fire.target, unit.side):
        raise IllegalAction(T("a vehicle's FT attacks enemy infantry here; against vehicles it is chapter "
                              "C's"), "A22.2")
    assert unit.hex is not None
    if asl_terrain.line_of_sight(position, unit.hex, fire.target).blocked:
        raise IllegalAction(T("{unit} has no line of sight to {hex}", unit=unit.id,
                              hex=position.label(fire.target)), "A6.1")
    _attack(position, unit, fire.target)
    return fire


def declare(position: Position, fire: act.Fire) -> State:
    unit = _vehicle_of(position, fire)
    assert unit is not None
    fp, drm, _ = _attack(position, unit, fire.target)
    marks = [FIRED] + ([vfire.BOUNDING] if vfire.bounding(position, unit) else [])
    state = position.state.with_unit(unit.mark(*marks))
    prompt = T("{unit} fires its FT at {hex}: {fp} FP, DRM {drm:+d}, no TEM; roll the IFT DR (D3.6, A22.2)",
               unit=unit.id, hex=position.label(fire.target), fp=str(fp), drm=drm)
    return state.push(Decision("roll", unit.side, prompt, "D3.6", THEN, dice="DR", subject=(unit.id,),
                               target=fire.target, args=(("fp", str(fp)), ("drm", str(drm)))))


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The IFT DR: hindrance (no TEM, A22.2), FFNAM/FFMO at movers (A4.6), the result; X# (A.11)."""
    assert answer.dice is not None and decision.target is not None
    state = position.state
    unit = state.units[decision.subject[0]]
    h = decision.target
    assert unit.hex is not None
    _, ft = _ft(unit)
    roll = ASL_DR.from_values(answer.dice)
    fp = Fraction(decision.arg("fp", "0"))
    drm = int(decision.arg("drm", "0"))
    lines = [Line(T("vehicle FT FP"), str(fp), "D3.6")]
    if drm:
        lines.append(Line(T("Case A of the FT"), f"{drm:+d}", "D3.6"))
    lead = leadership(unit)
    if lead:
        lines.append(Line(T("leadership: the Armor Leader of the AFV whose MA is this FT"), f"{lead:+d}",
                          "D3.44"))
        drm += lead
    hindrance = asl_terrain.line_of_sight(position, unit.hex, h).hindrance
    if hindrance:
        lines.append(Line(T("LOS hindrance"), f"{hindrance:+d}", "A22.2"))
    drm += hindrance
    targets = vmgfire.infantry_targets(position, h, unit.side)
    moving = position.state.moving
    if position.phase.id == "MPh" and moving is not None and not vfire.bounding(position, unit):
        targets = [u for u in targets if u.id in moving.units]  # A8.1: First Fire hits the movers
        if targets and not any(u.has("pinned") for u in targets):
            drm -= 1
            lines.append(Line(T("First Fire at a moving unit (FFNAM)"), "-1", "A4.6"))
    final = roll.total + drm
    got = iift.read(position, fp, final)  # A22, A7.37: the FT's attack on the table in use
    result = got.result if targets else "-"
    lines.append(Line(T("Original DR"), str(roll.total), "A.1"))
    lines.append(Line(got.label(), T("{fp} FP -> {column} column, final DR {final} -> {result}",
                                     fp=fpw.fmt(fp), column=got.key, final=final, result=result), got.rule))
    if disabled_by(roll.total, ft):
        state = state.with_unit(unit.mark(DISABLED))
        lines.append(Line(T("FT X#"), T("Original DR {dr} >= X{x}: the FT is out for good", dr=roll.total,
                                         x=ft.x), "A.11"))
    summary = T("{unit} fires its FT at {hex}: {result}", unit=unit.id, hex=position.label(h), result=result)
    res = Resolution(act.Fire((unit.id,), h, answer.dice), "ift", position.charts.label,
                     position.charts.demo, tuple(lines), {u.id: result for u in targets}, summary)
    state = state.replace(resolution=res)
    if not targets:
        return state
    return state.push(*decisions_for(position.at(state), result, [u.id for u in targets], got.shown))


def leadership(unit: UnitState) -> int:
    """D3.44: the Armor Leader's DRM on the IFT DR of a FT that is the MA (0 for any other FT, A22.2); D3.41:
    not one still hidden at his owner's choice (alhide.ask_rerun asks him at the DR)."""
    ma = vtype(unit).ma
    if ma is None or ma.kind != "FT":
        return 0
    return armorldr.leadership(unit, "ma", withhold=True)


def generate(position: Position) -> Iterator[act.Action]:
    """The FT attacks open now: each vehicle with a FT of the side that may fire, at infantry in reach."""
    phase = position.phase.id
    if phase not in FIRE_MARKERS:
        return
    moving = position.state.moving
    side = position.phasing if phase == "MPh" and moving is None else vfire.firing_side(position)
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != side or not is_vehicle(unit) or unit.hex is None or vtype(unit).ft is None:
            continue
        hexes = [moving.here] if phase == "MPh" and moving is not None else sorted(
            {u.hex for u in position.units.values() if u.side != side and u.hex is not None
             and distance(unit.hex, u.hex) <= 3}, key=lambda h: (h.q, h.r))
        for h in hexes:
            fire = act.Fire((unit.id,), h)
            if claims(position, fire) and not mg_too(position, fire):  # else vmgfire lists it already
                yield fire


__all__ = ["DISABLED", "FIRED", "PICK", "THEN", "ask", "check", "claims", "declare", "disabled_by",
           "ft_attack",
           "generate", "leadership", "mg_too", "resume"]
