"""ASL chapter D: a vehicle's MGs fire on the IFT at infantry, and exposed crews as targets. Pure.

The attack's numbers, each with its rule (the caller rolls the IFT DR and applies the result as fire.py does):

- which MG may fire where (D1.81: the BMG inside the VCA, normal range 8; D1.82: the CMG inside the TCA,
  normal range 12; D1.83: the AAMG anywhere without Case A, normal range 8, and only by a CE crew of an AFV:
  a BU closed-top AFV cannot use it, an unarmored vehicle's MG needs no CE);
- a target outside a weapon's present CA: the Case A TH DRM of that CA change on the IFT DR (D3.52: the BMG at
  the NT rate, the CMG at its turret's rate); several MGs in one attack take the largest (D3.5);
- in moving fire (Bounding First Fire, D3.3) there is no Case A: the FP is halved instead (D3.3.1, D3.52);
- in the AFPh every MG's FP is halved instead of Case B (D3.53); in Motion or not stopped the FP is halved
  again (D2.42: it accumulates with the other halvings);
- a shocked or stunned AFV does not fire (D5.34); the +1 of a stun's reverse adds to its IFT DR (D5.34);
- each MG fires once per player turn outside CC (D3.5): the caller marks ``mg_fired:<weapon>``.

Exposed crews and passengers (D5.31, D5.311, D6.23, D.8): a CE crew takes +2 for the AFV's partial cover, a
crew hit at an unarmored aspect (D5.311) or a rider (D6.23) takes none, and the CE DRM does not accumulate
with another positive TEM (D5.31).

Not built here: the vehicle notes' other CE DRMs by aspect, height advantage and airbursts (D5.31, D6.61),
rear MGs (D1.81, D1.82), fixed-mount BMGs (+1 at moving targets, D1.81), gyrostabilized CMGs (D11.13),
long-range fire (A9.4), and IFE (D3.5: its FP and range are chapter C's/the vehicle's, not in the catalogue).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl.vehicles import VehicleType, vehicle_of
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

WEAPONS = ("bmg", "cmg", "aamg")
NORMAL_RANGE = {"bmg": 8, "cmg": 12, "aamg": 8}  # D1.81, D1.82, D1.83
RULE = {"bmg": "D1.81", "cmg": "D1.82", "aamg": "D1.83"}
CE_DRM = 2  # D5.31: the AFV's partial cover of a CE crew


@dataclass(frozen=True)
class MgAttack:
    fp: Fraction
    drm: int
    steps: tuple[od.Step, ...]


def fired_marker(weapon: str) -> str:
    """D3.5: the marker of an MG that has fired this player turn (outside CC)."""
    return f"mg_fired:{weapon}"


def crew_exposed(vt: VehicleType, markers: frozenset[str]) -> bool:
    """D5.3: an OT AFV is CE unless marked BU, shocked or stunned; a CT AFV only under a CE counter; a carrier
    always, shocked or stunned too (D6.84)."""
    if vt.carrier:
        return True
    if {"bu", "shocked", "stunned"} & markers:
        return False
    return vt.open_topped or "ce" in markers


def mg_attack(
    pack: od.OrdnancePack,
    vt: VehicleType,
    markers: frozenset[str],
    firer: Hex,
    vca: int,
    tca: int,
    target: Hex,
    weapons: Sequence[str],
    *,
    phase: str,
    bounding: bool,
    moving: bool,
    stabilized: bool = False,
) -> MgAttack:
    """The FP and the IFT DRM of the vehicle's named MGs firing together at ``target`` (D3.5, D3.52, D3.53,
    D3.3.1, D2.42, D1.81-D1.83). Raises IllegalAction naming the rule for a shot the text forbids."""
    if not weapons or len(set(weapons)) != len(weapons) or any(w not in WEAPONS for w in weapons):
        raise IllegalAction(T("name each of the vehicle's MGs once: bmg, cmg or aamg"), "D3.5")
    if "shocked" in markers or "stunned" in markers:
        raise IllegalAction(T("a shocked or stunned AFV does not fire"), "D5.34")
    rng = distance(firer, target)
    steps: list[od.Step] = []
    fp = Fraction(0)
    ca_drm = 0
    for w in weapons:
        value = int(getattr(vt, w))
        if value <= 0 or f"{w}_malf" in markers:
            raise IllegalAction(T("this vehicle has no working {weapon}", weapon=w.upper()), RULE[w])
        if fired_marker(w) in markers:
            raise IllegalAction(T("its {weapon} has fired this player turn", weapon=w.upper()), "D3.5")
        if rng > NORMAL_RANGE[w]:
            raise IllegalAction(T("the {weapon} reaches {range} hexes", weapon=w.upper(),
                                  range=NORMAL_RANGE[w]), RULE[w])
        if w == "aamg" and vt.armored and not crew_exposed(vt, markers):
            raise IllegalAction(T("the AAMG of an AFV fires only with its crew CE"), "D1.83")
        drm = 0
        if w == "bmg":
            k = fc.hexspines_to(firer, target, vca)
            drm = pack.case_a_drm("NT", k)
        elif w == "cmg":
            k = fc.hexspines_to(firer, target, tca)
            mount = vt.ma.mount if vt.ma is not None else "NT"
            drm = pack.case_a_drm(mount, k)
        if drm and bounding:
            drm = 0  # D3.52: moving fire is always inside the CA (C5.13); halved instead (D3.3.1)
        ca_drm = max(ca_drm, drm)  # D3.5: the largest CA DRM of the MGs used
        fp += value
        steps.append(od.Step(w, value, RULE[w], T("{weapon} FP", weapon=w.upper())))
    if ca_drm:
        steps.append(od.Step("case_a", ca_drm, "D3.52", T("target outside the CA: Case A on the IFT DR")))
    # D11.13: a stabilized gun's CMG firing at the gun's acquired target is not halved for moving fire, fire
    # after moving or Motion fire; the other MGs with it are
    acquired = any(m.startswith("acq:") and m.endswith(f"@{target.q},{target.r}") for m in markers)
    kept = Fraction(vt.cmg) if stabilized and "cmg" in weapons and acquired else Fraction(0)
    if kept and (bounding or phase == "AFPh" or moving):
        steps.append(od.Step("stabilized_cmg", 0, "D11.13", T("stabilized CMG at the gun's acquired target: "
                                                              "not halved")))
    fp -= kept
    if bounding:
        fp /= 2
        steps.append(od.Step("moving_fire", 0, "D3.3.1", T("moving fire: FP halved")))
    if phase == "AFPh":
        fp /= 2
        steps.append(od.Step("afph", 0, "D3.53", T("MG fire in the AFPh: FP halved")))
    if moving:
        fp /= 2
        steps.append(od.Step("motion", 0, "D2.42", T("in Motion or not stopped: FP halved")))
    fp += kept
    drm = ca_drm
    if "plus1" in markers:
        drm += 1
        steps.append(od.Step("plus1", 1, "D5.34", T("recalled or stunned before")))
    return MgAttack(fp, drm, tuple(steps))


def exposed_drm(vt: VehicleType, markers: frozenset[str], *, rider: bool, unarmored_aspect: bool,
                tem: int) -> tuple[int, str]:
    """The DRM an infantry attack's IFT DR takes against a vehicle's exposed crew or passengers, and its rule:
    a rider is always exposed and gets nothing (D6.23); a crew hit at an unarmored aspect gets nothing
    (D5.311); a CE crew gets +2 (D5.31), which does not add to another positive TEM (the larger counts).
    A BU crew of an AFV is not exposed: raises IllegalAction (D5.2)."""
    if rider:
        return max(tem, 0), "D6.23"
    if unarmored_aspect:
        return max(tem, 0), "D5.311"
    if vt.armored and not crew_exposed(vt, markers):
        raise IllegalAction(T("a BU crew is not exposed to this attack"), "D5.2")
    return max(CE_DRM, tem), "D5.31"


def afv_aboard(position: Position,
               targets: Sequence[UnitState]) -> tuple[set[str], dict[str, list[UnitState]]]:
    """The infantry aboard armored vehicles among an attack's targets: the ids an infantry attack cannot
    reach (BU armored-halftrack passengers, D6.61), and the CE passengers by vehicle, who take the +2 CE DRM
    in place of a lower positive TEM (D5.31, D6.62). Riders are neither: always exposed, no CE DRM (D6.23),
    they stay with the other targets."""
    from hexmate.rules.games.asl import mounted

    hidden: set[str] = set()
    ce: dict[str, list[UnitState]] = {}
    for unit in targets:
        vehicle = mounted.carrier_of(position, unit)
        if vehicle is None or unit.type == "sw" or not vehicle_of(vehicle.values).armored:
            continue
        kind = mounted.role(vehicle)
        if kind == mounted.RIDER:
            continue  # D6.23
        if kind == mounted.HT_PASSENGER and mounted.exposed(vehicle) and not unit.has("broken"):
            ce.setdefault(vehicle.id, []).append(unit)  # D6.62: CE, +2 (D5.31)
        else:
            hidden.add(unit.id)  # D6.61: reached only through the vehicle (A7.211 aside)
    return hidden, ce
