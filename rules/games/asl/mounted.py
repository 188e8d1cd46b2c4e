"""ASL chapter D: the FP of infantry aboard a vehicle (D6.1, D6.22, D6.63, D6.72, D2.42) and what they add to
their vehicle's Overrun (D7.11).

Who is aboard: a unit whose ``carrier`` is a vehicle. A vehicle without passenger capacity carries riders
(D6.2); one with it carries passengers (D6.1), those of an armored halftrack under D6.6.

Their IFT fire (fire.py asks ``halvings`` for each shot):

- a rider's FP is halved (mounted fire), quartered if its AFV moved this phase or is in Motion (D6.22);
  riders use no SW (D6.22);
- a passenger's FP is halved (mounted fire, D6.1, D6.72) and halved again while the vehicle is in Motion or
  not stopped (Motion fire, D2.42); of SW a passenger uses only a LMG or a thrown DC (D6.1: demolition.py's
  A23.6 attack, +1 from a vehicle not stopped or in Motion; a DC is never placed from aboard, placedc.py).
  D6.1's third, the PIAT, has its To Hit in chapter C, not among the texts: a passenger's PIAT is refused;
- an armored halftrack's passengers fire without the mounted-fire halving (D6.63), only while CE (D6.62: an
  open-topped halftrack is CE unless marked BU, D5.3), and halved while it is in Motion or not stopped
  (D2.42; their fire after it moved in their own turn is the AFPh's halving, D6.63, D3.31);
- units aboard fire in a group only with units aboard the same vehicle, except that CE halftrack passengers
  may join infantry and the CE passengers of the same or another armored halftrack (D6.64).

Their part of an OVR (D7.11): CE armored-halftrack passengers add half their printed FP, other passengers and
riders a quarter, each then tripled (TPBF); the Motion/non-stopped halving does not apply to the OVR.

A leader aboard an armored halftrack directs its other passengers' fire; the units outside it in its hex only
while the halftrack has not entered a new hex this phase and is not in Motion (D6.65, ``may_direct``); a CC
only while he is CE and other units aboard take part (D6.65, ``may_direct_cc``). His
leadership on rallies, MCs and TCs, and whose checks his loss causes (D6.651): ``may_help``,
``lose_leader_to``. Who recovers or is passed a SW aboard (D6.31): ``sw_hands``.

Motorcycle riders (D15.6, ``_cycle_fire``): a cycle's riders never fire; sidecar riders fire halved as riders,
and of SW only a LMG with two SMC aboard.

Bounding First Fire by units aboard in their own MPh (D3.3) is prcfire.py's; a passenger's fire there after
its vehicle moved is halved as Bounding Fire (D6.63 for an armored halftrack; D6.1 adds the same to other
passengers' mounted-fire halving); truck passengers' collateral exposure (D6.7) is collateral.py's. D6.65's
bar on directing fire at a target outside the leader's own LOS from a bypassing vehicle's CAFP:
``sees_from_aboard``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.vehicles import VehicleType, vehicle_of
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

Step = tuple[T, str]
RIDER, PASSENGER, HT_PASSENGER = "rider", "passenger", "ht_passenger"


def _vt(vehicle: UnitState) -> VehicleType | None:
    try:
        return vehicle_of(vehicle.values)
    except Exception:  # a counter the catalogue refuses is reported where it is set up
        return None


def carrier_of(position: Position, unit: UnitState) -> UnitState | None:
    """The vehicle this unit (or the unit possessing this SW) is aboard, or None."""
    holder = position.units.get(unit.carrier or "") if unit.type == au.SW else unit
    if holder is None:
        return None
    vehicle = position.units.get(holder.carrier or "")
    if vehicle is None:  # an infantry view keeps the vehicles aside (armour.infantry_view)
        aside: tuple[UnitState, ...] = getattr(position.state.game, "aside", ())
        vehicle = next((v for v in aside if v.id == holder.carrier), None)
    return vehicle if vehicle is not None and vehicle.type == "vehicle" else None


def role(vehicle: UnitState, unit: UnitState | None = None) -> str:
    """How its infantry ride: riders outside (D6.2), passengers inside (D6.1), or an armored halftrack's
    passengers (D6.6); ``unit`` marked as riding outside a vehicle with passengers is a rider (D17.3)."""
    vt = _vt(vehicle)
    if unit is not None and unit.has("rider"):
        return RIDER
    if vt is None or not vt.passengers:
        return RIDER
    if vt.armored and (vt.movement == "halftrack" or vt.carrier):  # D6.8: a carrier as a halftrack
        return HT_PASSENGER
    return PASSENGER


def role_of(position: Position, unit: UnitState, vehicle: UnitState) -> str:
    """How this unit (a SW: its possessor) rides: D6.81, a carrier with passenger capacity carries its SMC and
    SW inside as passengers and its MMC outside as riders (8 PP, D6.2); other vehicles by ``role``."""
    who = position.units.get(unit.carrier or "", unit) if unit.type == au.SW else unit
    vt = _vt(vehicle)
    if vt is not None and vt.carrier and vt.passengers and who.type not in au.SMC and who.type != au.SW:
        return RIDER
    return role(vehicle, who)


def not_stopped(position: Position, vehicle: UnitState) -> bool:
    """In Motion or not stopped: Motion, or moving right now in its MPh (D2.4, D2.42)."""
    moving = position.state.moving
    return vehicle.has("motion") or (moving is not None and vehicle.id in moving.units)


def _moved(position: Position, vehicle: UnitState) -> bool:
    """Moved this phase (D6.22): it entered a hex this Player Turn, or is moving now, or is in Motion."""
    return not_stopped(position, vehicle) or vehicle.has("entered")


def may_direct(position: Position, leader: UnitState, directed: Sequence[UnitState]) -> bool:
    """D6.65: a CE infantry leader aboard a halftrack directs the fire of the other units aboard it; units
    outside it in its hex only if the halftrack neither entered a new hex this phase nor is in Motion. A BU
    one (``bu_passenger``: BU, pinned or broken, or his halftrack shocked or stunned) directs none (D6.65,
    D6.62). A leader on foot, or aboard another kind of vehicle, is left to the ordinary rule (A7.53)."""
    vehicle = carrier_of(position, leader)
    if vehicle is None or role(vehicle) != HT_PASSENGER:
        return True
    if bu_passenger(position, leader):
        return False  # D6.65, D6.62: only a CE passenger directs an attack
    entered = position.phase.id == "MPh" and vehicle.has("entered")  # "that phase": entries are MPh ones
    if not (entered or not_stopped(position, vehicle)):
        return True
    return all(carrier_of(position, u) == vehicle for u in directed if u.id != leader.id)


def may_direct_cc(position: Position, leader: UnitState, group: Sequence[UnitState]) -> bool:
    """D6.65: a leader aboard an armored halftrack directs a CC only while CE (D6.61: a BU passenger makes no
    CC attack) and only one in which other units aboard it take part (not the halftrack's attack alone);
    units outside it in its hex only while it has not entered a new hex this phase nor is in Motion, as for
    fire (``may_direct``). A leader on foot, or aboard another kind of vehicle, is left to A11.141."""
    vehicle = carrier_of(position, leader)
    if vehicle is None or role(vehicle) != HT_PASSENGER:
        return True
    others = [u for u in group if u.id != leader.id]
    if bu_passenger(position, leader) or not any(carrier_of(position, u) == vehicle for u in others):
        return False
    return may_direct(position, leader, others)


def sees_from_aboard(position: Position, leader: UnitState, target: Hex) -> bool:
    """D6.65: a leader aboard a bypassing vehicle directs no fire at a target he cannot see from its CAFP
    (D2.37), whatever the units in his hex see; True when not aboard or not bypassing."""
    from hexmate.rules.games.asl import vbypass

    vehicle = carrier_of(position, leader)
    sight = vbypass.sight(position, target, vehicle) if vehicle is not None else None
    return sight is None or not sight.blocked


def may_help(position: Position, leader: UnitState, unit: UnitState) -> bool:
    """D6.651: may this infantry leader's leadership modify the unit's rally, MC or TC? A leader aboard a
    vehicle helps only the other units aboard the same one, and only as the CE leader of an armored halftrack
    that has neither entered a new hex this phase nor is in Motion; a leader not aboard helps units aboard a
    vehicle only if it has not moved (C.8: not in Motion, no new hex this Player Turn), CE or not. Between
    units on foot the ordinary rules stand."""
    mine = carrier_of(position, leader)
    theirs = carrier_of(position, unit)
    if mine is None:
        return theirs is None or not _moved(position, theirs)
    if theirs is None or theirs.id != mine.id or role(mine) != HT_PASSENGER:
        return False
    entered = position.phase.id == "MPh" and mine.has("entered")
    return exposed(mine) and not leader.has("broken") and not entered and not not_stopped(position, mine)


def lose_leader_to(position: Position, leader: UnitState, others: Sequence[UnitState]) -> list[UnitState]:
    """D6.651: an aboard leader's loss or break makes only the other units aboard his vehicle check (A10.2),
    not the units in the Location outside it. D15.55: motorcycle riders neither take nor cause one."""
    from hexmate.rules.games.asl import moto

    mine = carrier_of(position, leader)
    if mine is not None and moto.is_moto_unit(mine):
        return []  # D15.55: a motorcycle rider broken or eliminated causes no LLMC/LLTC
    on_cycles = {u.id for u in others if (c := carrier_of(position, u)) is not None and moto.is_moto_unit(c)}
    others = [u for u in others if u.id not in on_cycles]  # D15.55: an LLMC/LLTC does nothing to riders
    if mine is None:
        return list(others)
    return [u for u in others if (c := carrier_of(position, u)) is not None and c.id == mine.id]


def sw_hands(position: Position, sw: UnitState, to: UnitState, holder: UnitState | None) -> UnitState | None:
    """D6.31: who may recover or be passed a SW where vehicles are: a unit aboard a vehicle recovers only a SW
    inside it (one left in a halftrack or carrier, D6.4, whose ``carrier`` is the vehicle: only the units
    aboard it recover that one, D6.5); units aboard pass possessions to friendly infantry of their Location
    or to others aboard the same vehicle, not to those aboard another. Returns the SW's possessor, None when
    this is a recovery (a SW left in the vehicle is unpossessed)."""
    mine = carrier_of(position, to)
    if holder is not None and holder.type == "vehicle":
        if mine is None or mine.id != holder.id:
            raise IllegalAction(T("{sw} is inside {vehicle}: only units aboard it recover it", sw=sw.id,
                                  vehicle=holder.id), "D6.31")
        return None
    if holder is None:
        if mine is not None:
            raise IllegalAction(T("{unit} is aboard {vehicle}: it recovers only a SW inside it", unit=to.id,
                                  vehicle=mine.id), "D6.31")
        return None
    theirs = carrier_of(position, holder)
    if mine is not None and theirs is not None and mine.id != theirs.id:
        raise IllegalAction(T("units aboard different vehicles do not pass SW to each other"), "D6.31")
    return holder


def exposed(vehicle: UnitState) -> bool:
    """Are its passengers CE? An open-topped halftrack's are unless it is marked BU (D5.3, D6.62); a
    carrier's always (D6.84)."""
    vt = _vt(vehicle)
    return not vehicle.has("bu") or (vt is not None and vt.carrier)


def bu_passenger(position: Position, unit: UnitState) -> bool:
    """D6.61, D6.62: is this unit a BU passenger of an armored halftrack (it BU, or the unit pinned, broken,
    or the vehicle shocked or stunned)? Such a unit does not attack in CC (D6.61). A7.821: a pinned CE
    passenger becomes BU and is pinned in every respect."""
    vehicle = carrier_of(position, unit)
    if vehicle is None or unit.type == au.SW or role_of(position, unit, vehicle) != HT_PASSENGER:
        return False
    return (not exposed(vehicle) or any(unit.has(m) for m in ("pinned", "broken"))
            or any(vehicle.has(m) for m in ("shocked", "stunned")))


def halvings(position: Position, unit: UnitState) -> list[Step]:
    """The halvings of this shot's FP for firing from aboard a vehicle, each with its rule (none on foot)."""
    vehicle = carrier_of(position, unit)
    if vehicle is None:
        return []
    kind = role_of(position, unit, vehicle)
    out: list[Step] = []
    if kind == RIDER:
        vt = _vt(vehicle)
        out.append((T("rider: mounted fire"), "D15.6" if vt is not None and vt.sidecar else "D6.22"))
        if _moved(position, vehicle):
            out.append((T("rider on an AFV that moved or is in Motion"), "D6.22"))
        return out
    if kind == PASSENGER:
        out.append((T("passenger: mounted fire"), "D6.1"))
    if position.phase.id != "AFPh" and vehicle.has("entered"):  # the AFPh's own halving stands for it there
        out.append((T("passenger firing as Bounding Fire after its vehicle moved"), "D6.63"))
    if not_stopped(position, vehicle):
        out.append((T("passenger of a vehicle in Motion or not stopped"), "D2.42"))
    return out


def check(position: Position, firers: Sequence[UnitState], target: Hex | None = None) -> None:
    """D6.1, D6.22, D6.62, D6.64: may these units fire from where they ride? BU armored-halftrack
    passengers fire only at a firer with a height advantage greater than the range (D6.61, vheight.py)."""
    from hexmate.rules.games.asl import vheight

    vehicles: set[str] = set()
    kinds: set[str] = set()
    ground = False
    for unit in firers:
        vehicle = carrier_of(position, unit)
        if vehicle is None:
            ground = ground or unit.type != au.SW
            continue
        vehicles.add(vehicle.id)
        kind = role_of(position, unit, vehicle)
        kinds.add(kind)
        if _cycle_fire(position, vehicle, unit):
            continue  # D15.6: a sidecar rider's fire (its halving is D6.22's, in ``halvings``)
        if unit.type == au.SW:
            if kind == RIDER:
                raise IllegalAction(T("{unit}: riders use no support weapons", unit=unit.id), "D6.22")
            lmg = str(unit.values.get("sw", "")) == "mg" and "lmg" in unit.name.lower()
            if not lmg and str(unit.values.get("sw", "")) != "dc":  # D6.1: a LMG, or a DC thrown (A23.6)
                raise IllegalAction(T("{unit}: of support weapons passengers use only a LMG or a thrown DC "
                                      "(a PIAT too, whose To Hit is chapter C's)", unit=unit.id), "D6.1")
        back = target is not None and kind == HT_PASSENGER and vheight.fires_back(position, vehicle, target)
        if kind == HT_PASSENGER and not exposed(vehicle) and not back:
            raise IllegalAction(T("{unit} rides a buttoned-up halftrack and may not fire", unit=unit.id),
                                "D6.61")
        holder = position.units.get(unit.carrier or "") if unit.type == au.SW else unit
        if kind == HT_PASSENGER and holder is not None and holder.has("pinned") and not back:
            raise IllegalAction(T("{unit} is pinned aboard a halftrack: it is BU and may not fire",
                                  unit=unit.id), "D6.62")
        if vehicle.has("wreck"):
            raise IllegalAction(T("{unit} is aboard a wreck", unit=unit.id), "D6.9")
    # D6.64: CE armored-halftrack (or carrier) passengers join those of the same or another such halftrack;
    # other units aboard group only with units aboard the same vehicle
    if RIDER in kinds and (len(kinds) > 1 or len(vehicles) > 1 or ground):
        raise IllegalAction(T("riders form a fire group only with other riders of their own AFV"), "D6.64")
    if len(vehicles) > 1 and kinds != {HT_PASSENGER}:
        raise IllegalAction(T("units aboard different vehicles do not form one fire group"), "D6.64")
    if vehicles and ground and kinds != {HT_PASSENGER}:
        raise IllegalAction(T("units aboard a vehicle form a fire group only with units aboard it"), "D6.64")


def _cycle_fire(position: Position, vehicle: UnitState, unit: UnitState) -> bool:
    """D15.6: motorcycle riders. Those of a cycle without sidecars never fire; sidecar riders fire, their FP
    halved as riding fire (D6.22; the AFPh and other halvings still apply), and of SW only a LMG or a DC
    thrown (A23.6: demolition.py's 30 FP), and only with two SMC aboard that sidecar. True when this is such
    fire; False when the vehicle is no motorcycle."""
    vt = _vt(vehicle)
    if vt is None or vt.movement != "motorcycle":
        return False
    if not vt.sidecar:
        raise IllegalAction(T("{unit} rides a motorcycle without sidecars: its riders do not fire",
                              unit=unit.id), "D15.6")
    if unit.type == au.SW:
        lmg = str(unit.values.get("sw", "")) == "mg" and "lmg" in unit.name.lower()
        if not lmg and str(unit.values.get("sw", "")) != "dc":  # D15.6: a LMG, or a DC thrown (A23.6)
            raise IllegalAction(T("{unit}: of support weapons a sidecar uses only a LMG or a thrown DC",
                                  unit=unit.id), "D15.6")
        smc = [u for u in position.units.values() if u.carrier == vehicle.id and u.type in au.SMC]
        if len(smc) < 2:
            raise IllegalAction(T("{unit}: a sidecar needs two SMC aboard to use a support weapon",
                                  unit=unit.id), "D15.6")
    return True


def ovr_share(vehicle: UnitState, units: Sequence[UnitState]) -> tuple[Fraction, list[Step]]:
    """D7.11: the FP the good-order infantry aboard add to their vehicle's OVR: half the printed FP of CE
    armored-halftrack passengers, a quarter for other passengers and riders, each tripled (TPBF); halved for a
    pinned unit (A7.8). Broken units add none (A1.4)."""
    total = Fraction(0)
    steps: list[Step] = []
    for unit in sorted(units, key=lambda u: u.id):
        kind = role(vehicle, unit)
        if unit.type == au.SW or unit.has("broken"):
            continue
        fp = int(unit.values.get("fp", 0) or 0)
        if not fp:
            continue
        vt = _vt(vehicle)  # D6.81: a carrier's MMC ride outside it
        kind = RIDER if vt is not None and vt.carrier and vt.passengers and unit.type not in au.SMC \
            else role(vehicle)
        if kind == HT_PASSENGER:
            if not exposed(vehicle):
                continue  # D6.61: BU passengers do not fire
            part = Fraction(fp, 2) * 3
            steps.append((T("{unit}: {fp} FP x1/2 (CE halftrack passenger) x3 TPBF = {part}", unit=unit.id,
                            fp=fp, part=_fmt(part)), "D7.11"))
        else:
            part = Fraction(fp, 4) * 3
            steps.append((T("{unit}: {fp} FP x1/4 (passenger or rider) x3 TPBF = {part}", unit=unit.id, fp=fp,
                            part=_fmt(part)), "D7.11"))
        if unit.has("pinned"):  # A7.8: a pinned unit's FP is halved
            part /= 2
            said = T("{unit} is pinned: its part halved, {part}", unit=unit.id, part=_fmt(part))
            steps.append((said, "A7.8"))
        total += part
    return total, steps


def _fmt(x: Fraction) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    whole, rest = divmod(x.numerator, x.denominator)
    return f"{whole} {rest}/{x.denominator}" if whole else f"{rest}/{x.denominator}"


__all__ = [
    "HT_PASSENGER",
    "PASSENGER",
    "RIDER",
    "carrier_of",
    "check",
    "exposed",
    "halvings",
    "lose_leader_to",
    "may_direct",
    "may_help",
    "not_stopped",
    "ovr_share",
    "role",
    "role_of",
    "sw_hands",
]
