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
- an MG MA (weapon ``ma``, the catalogue's ``ma.fp``, D3.5) fires as these do: a bow one at the BMG's VCA
  and NT rate, a turret one at the CMG's TCA and its turret's rate, turning the turret (D3.51, D3.52); its
  normal range is not in the texts (here the matching MG's, D1.81/D1.82); its Armor Leader's DRM modifies its
  IFT DR when it fires alone (D3.44: no other MG's); multiple ROF and the AFPh re-fire (D3.5, D3.3.2) are
  vmgfire's;
- a shocked or stunned AFV does not fire (D5.34); the +1 of a stun's reverse adds to its IFT DR (D5.34);
- each MG fires once per player turn outside CC (D3.5): the caller marks ``mg_fired:<weapon>``;
- rear MGs (D1.81, D1.82): the hull RMG like the BMG but only at its own hex or the hull's rear target facing
  (D3.2); the turret RMG, range 8, only at its own hex or the turret's rear target facing, and not in a phase
  the MA fired (``ma_fired:<phase>``); neither changes its CA for a shot (no Case A: the text allows them only
  those targets); neither is used in an OVR (vehicles.ovr_fp leaves them out);
- a fixed BMG (D1.81, its FP on a white dot) adds +1 to an attack it takes part in at a moving unit;
- Long Range (A7.22): each MG fires up to twice its normal range with its own FP halved. A9.4's 16-hex limit
  never bites (twice 8 is 16) but for the CMG (24), which D1.82 and A9.4 exempt: it needs no leader beyond
  16 hexes and does not make its target concealed there.

Exposed crews and passengers (D5.31, D5.311, D6.23, D.8): a CE crew takes +2 for the AFV's partial cover, a
crew hit at an unarmored aspect (D5.311) or a rider (D6.23) takes none, and the CE DRM does not accumulate
with another positive TEM (D5.31).

Not built here: the vehicle notes' other CE DRMs by aspect, height advantage and airbursts (D5.31, D6.61),
gyrostabilized CMGs (D11.13), and IFE (D3.5: its FP and range are chapter C's/the vehicle's, not in the
catalogue).
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

WEAPONS = ("bmg", "cmg", "aamg", "rmg", "trmg", "ma")  # "ma": an MG MA (D3.5), fired on the IFT like these
NORMAL_RANGE = {"bmg": 8, "cmg": 12, "aamg": 8, "rmg": 8, "trmg": 8}  # D1.81, D1.82, D1.83
RULE = {"bmg": "D1.81", "cmg": "D1.82", "aamg": "D1.83", "rmg": "D1.81", "trmg": "D1.82", "ma": "D3.5"}
NAMES = {"bmg": "BMG", "cmg": "CMG", "aamg": "AAMG", "rmg": "hull RMG", "trmg": "turret RMG", "ma": "MG MA"}


def fp_of(vt: VehicleType, weapon: str) -> int:
    """The printed FP of one of the vehicle's MGs: an MG MA's is the MA's own (D3.5), 0 when it has none."""
    if weapon == "ma":
        return vt.ma.fp if vt.ma is not None and vt.ma.kind == "MG" else 0
    return int(getattr(vt, weapon))


def normal_range(vt: VehicleType, weapon: str) -> int:
    """A7.22's normal range of the MG: an MG MA's is not printed in the texts (chapter C and the counter):
    here that of the MG its mount matches, a bow MA the BMG's 8 (D1.81), a turret MA the CMG's 12 (D1.82)."""
    if weapon == "ma":
        return NORMAL_RANGE["bmg"] if vt.ma is None or vt.ma.mount == "NT" else NORMAL_RANGE["cmg"]
    return NORMAL_RANGE[weapon]
MA_FIRED = "ma_fired:"  # ``ma_fired:<phase>``: the MA fired in that phase (D1.82: no turret RMG then)


def ma_fired_marker(phase: str) -> str:
    return f"{MA_FIRED}{phase}"


FROM = "vfrom:"  # ``vfrom:<phase>@q,r``: the hex its weapons fired from this phase (D3.51)


def from_marker(phase: str, h: Hex) -> str:
    return f"{FROM}{phase}@{h.q},{h.r}"


def fired_elsewhere(markers: frozenset[str], phase: str, h: Hex) -> str | None:
    """D3.51: once a weapon of the vehicle fired this phase, the others fire that phase only from the same
    hex: the other hex's ``q,r`` it fired from, or None."""
    for m in markers:
        if m.startswith(f"{FROM}{phase}@") and m != from_marker(phase, h):
            return m.rsplit("@", 1)[1]
    return None


PENALTY = "capen:"  # ``capen:<phase>:<weapon>:<drm>``: a turret weapon turned the TCA this phase at that DRM


def penalty_marker(phase: str, weapon: str, drm: int) -> str:
    """D3.51: the CA-change DRM a turret weapon (``ma`` or ``cmg``) paid turning the TCA this phase."""
    return f"{PENALTY}{phase}:{weapon}:{drm}"


def carried_penalty(markers: frozenset[str], phase: str, weapon: str) -> int:
    """D3.51: another turret weapon that fires inside the current TCA in the phase a turret weapon turned it
    pays the same CA-change DRM (the largest such, if both turned it)."""
    best = 0
    for m in markers:
        if m.startswith(PENALTY):
            ph, w, drm = m[len(PENALTY):].split(":")
            if ph == phase and w != weapon:
                best = max(best, int(drm))
    return best


def lost_acquisition(markers: frozenset[str], target_ids: Sequence[str]) -> tuple[str, ...]:
    """D1.82: the MA's acquisition markers a CMG shot removes: all of them unless the shot is at the acquired
    target (one of ``target_ids``)."""
    acq = tuple(m for m in markers if m.startswith("acq:"))
    if any(m[4:].rsplit("@", 1)[0] in target_ids for m in acq):
        return ()
    return acq


def in_rear(firer: Hex, target: Hex, f: int) -> bool:
    """D1.81, D1.82: a rear MG fires only at a target in its own hex or in the rear target facing (D3.2) of
    the hull (VCA f) or of the turret (TCA f)."""
    return firer == target or fc.aspect(firer, f, target) == "rear"
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


def restricted_turret(vt: VehicleType, markers: frozenset[str], weapon: str) -> None:
    """D1.321, D1.322: an RST or a one-man turret (1MT) AFV fires neither its MA nor its CMG while its crew
    is CE (``weapon``: the name told, "MA" or "CMG")."""
    ma = vt.ma
    if ma is None or ma.mount not in ("RST", "1MT") or not crew_exposed(vt, markers):
        return
    rule = "D1.321" if ma.mount == "RST" else "D1.322"
    raise IllegalAction(T("its {weapon} does not fire while the crew is CE: an {mount} turret ({rule})",
                          weapon=weapon, mount=ma.mount, rule=rule), rule)


def buttoned_ot(vt: VehicleType, markers: frozenset[str], weapon: str) -> None:
    """D5.3: an open-topped AFV fires any weapon but its forward-mounted MG or FT (the BMG, a bow FT; the hull
    RMG is treated as the BMG, D1.81) only while CE: BU, it fires only those (``weapon``: the name told)."""
    if not (vt.armored and vt.open_topped) or crew_exposed(vt, markers):
        return
    raise IllegalAction(T("an open-topped AFV fires its {weapon} only while CE; BU, only its BMG or bow FT "
                          "(D5.3)", weapon=weapon), "D5.3")


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
    moving_target: bool = False,
    stabilized: bool = False,
    leadership: int = 0,
) -> MgAttack:
    """The FP and the IFT DRM of the vehicle's named MGs firing together at ``target`` (D3.5, D3.52, D3.53,
    D3.3.1, D2.42, D1.81-D1.83). Raises IllegalAction naming the rule for a shot the text forbids.
    ``moving_target``: the target is a moving unit (the fixed BMG's +1, D1.81). ``leadership``: the Armor
    Leader's DRM, which D3.44 lets modify only the MA's IFT DR: it counts only when the MG MA fires alone."""
    if not weapons or len(set(weapons)) != len(weapons) or any(w not in WEAPONS for w in weapons):
        raise IllegalAction(T("name each of the vehicle's MGs once: bmg, cmg, aamg, rmg, trmg or ma"), "D3.5")
    if "shocked" in markers or "stunned" in markers:
        raise IllegalAction(T("a shocked or stunned AFV does not fire"), "D5.34")
    rng = distance(firer, target)
    steps: list[od.Step] = []
    fp = Fraction(0)
    fps: dict[str, Fraction] = {}  # each MG's FP after Long Range (A7.22)
    drms: list[tuple[int, bool]] = [(0, False)]  # each MG's CA DRM; True: the one the MA's turn left (D3.51)
    for w in weapons:
        value = fp_of(vt, w)
        if value <= 0 or f"{w}_malf" in markers or f"{w}_removed" in markers:  # D6.631: taken out
            raise IllegalAction(T("this vehicle has no working {weapon}", weapon=NAMES[w]), RULE[w])
        if fired_marker(w) in markers:
            raise IllegalAction(T("its {weapon} has fired this player turn", weapon=NAMES[w]), "D3.5")
        if rng > 2 * normal_range(vt, w):  # A7.22: Long Range reaches twice the normal range
            said = T("the {weapon} reaches {range} hexes, twice its normal range {normal} (A7.22)",
                     weapon=NAMES[w], range=2 * normal_range(vt, w), normal=normal_range(vt, w))
            raise IllegalAction(said, "A7.22")
        if w == "aamg" and vt.armored and not crew_exposed(vt, markers):
            raise IllegalAction(T("the AAMG of an AFV fires only with its crew CE"), "D1.83")
        if w == "cmg":
            restricted_turret(vt, markers, "CMG")  # D1.321, D1.322
        if w == "ma":
            restricted_turret(vt, markers, "MA")  # D1.321, D1.322
        bow_ma = w == "ma" and vt.ma is not None and vt.ma.mount == "NT"
        if w in ("cmg", "trmg") or (w == "ma" and not bow_ma):
            buttoned_ot(vt, markers, NAMES[w])  # D5.3 (the AAMG's own D1.83 below says the same)
        if w == "rmg" and not in_rear(firer, target, vca):
            raise IllegalAction(T("the hull rear MG fires only at its own hex or the vehicle's rear target "
                                  "facing"), "D1.81")
        if w == "trmg" and not in_rear(firer, target, tca):
            raise IllegalAction(T("the turret rear MG fires only at its own hex or the turret's rear target "
                                  "facing"), "D1.82")
        if w == "trmg" and ma_fired_marker(phase) in markers:
            raise IllegalAction(T("the turret rear MG does not fire in a phase its MA fired"), "D1.82")
        drm, kept = 0, False
        if w == "bmg" or bow_ma:  # D3.52: the BMG (and a bow MG MA, D1.33) at the NT rate
            k = fc.hexspines_to(firer, target, vca)
            drm = pack.case_a_drm("NT", k)
        elif w in ("cmg", "ma"):  # a turret MG MA turns the turret as the CMG does (D3.51, D3.52)
            k = fc.hexspines_to(firer, target, tca)
            mount = vt.ma.mount if vt.ma is not None else "NT"
            drm = pack.case_a_drm(mount, k)
            if k == 0 and not bounding:  # D3.51: inside the TCA another turret weapon turned this phase
                drm = carried_penalty(markers, phase, w)
                kept = drm > 0
        if drm and bounding:
            drm = 0  # D3.52: moving fire is always inside the CA (C5.13); halved instead (D3.3.1)
        drms.append((drm, kept))
        steps.append(od.Step(w, value, RULE[w], T("{weapon} FP", weapon=NAMES[w])))
        if rng > normal_range(vt, w):  # A7.22: beyond its normal range, this MG's FP halved
            fps[w] = Fraction(value, 2)
            steps.append(od.Step(f"long_range:{w}", 0, "A7.22",
                                 T("{weapon} at Long Range: its FP halved", weapon=NAMES[w])))
        else:
            fps[w] = Fraction(value)
        fp += fps[w]
    ca_drm, kept = max(drms)  # D3.5: the largest CA DRM of the MGs used
    if ca_drm and kept:
        said = T("the turret turned this phase: the same Case A DRM")
        steps.append(od.Step("ca_kept", ca_drm, "D3.51", said))
    elif ca_drm:
        steps.append(od.Step("case_a", ca_drm, "D3.52", T("target outside the CA: Case A on the IFT DR")))
    # D11.13: a stabilized gun's CMG firing at the gun's acquired target is not halved for moving fire, fire
    # after moving or Motion fire; the other MGs with it are
    acquired = any(m.startswith("acq:") and m.endswith(f"@{target.q},{target.r}") for m in markers)
    steady = fps["cmg"] if stabilized and "cmg" in weapons and acquired else Fraction(0)
    if steady and (bounding or phase == "AFPh" or moving):
        steps.append(od.Step("stabilized_cmg", 0, "D11.13", T("stabilized CMG at the gun's acquired target: "
                                                              "not halved")))
    fp -= steady
    if bounding:
        fp /= 2
        steps.append(od.Step("moving_fire", 0, "D3.3.1", T("moving fire: FP halved")))
    if phase == "AFPh":
        fp /= 2
        steps.append(od.Step("afph", 0, "D3.53", T("MG fire in the AFPh: FP halved")))
    if moving:
        fp /= 2
        steps.append(od.Step("motion", 0, "D2.42", T("in Motion or not stopped: FP halved")))
    fp += steady
    if "crew_pinned" in markers and vt.open_topped:  # A7.82: an OT AFV's pinned crew stays CE, FP halved
        fp /= 2
        steps.append(od.Step("crew_pinned", 0, "A7.82", T("its crew is pinned: MG FP halved")))
    drm = ca_drm
    if "bmg" in weapons and vt.bmg_fixed and moving_target:
        drm += 1
        steps.append(od.Step("fixed_bmg", 1, "D1.81", T("fixed BMG at a moving target")))
    if "plus1" in markers:
        drm += 1
        steps.append(od.Step("plus1", 1, "D5.34", T("recalled or stunned before")))
    if leadership and list(weapons) == ["ma"]:  # D3.44: the MA's own IFT DR; an attack with other MGs is not
        drm += leadership
        steps.append(od.Step("armor_leader_ma", leadership, "D3.44",
                             T("leadership: the Armor Leader directs the MG MA")))
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
    reach (BU passengers of an OT AFV, and those of a CT AFV, D6.61, D9.1), and the CE passengers of an OT
    AFV by vehicle, who take the +2 CE DRM in place of a lower positive TEM (D5.31, D6.62, D9.1). Riders
    are neither: always exposed, no CE DRM (D6.23), they stay with the other targets."""
    from hexmate.rules.games.asl import mounted

    hidden: set[str] = set()
    ce: dict[str, list[UnitState]] = {}
    for unit in targets:
        vehicle = mounted.carrier_of(position, unit)
        if vehicle is None or unit.type == "sw" or not vehicle_of(vehicle.values).armored:
            continue
        kind = mounted.role_of(position, unit, vehicle)  # D6.81: a carrier's riders outside
        if kind == mounted.RIDER:
            continue  # D6.23
        # D9.1: the passengers of an OT AFV go CE or BU (D6.62 for an armored halftrack): CE, +2 (D5.31)
        open_topped = kind == mounted.HT_PASSENGER or vehicle_of(vehicle.values).open_topped
        shaken = any(vehicle.has(m) for m in ("shocked", "stunned"))  # D5.34: BU at once
        pinned = kind == mounted.HT_PASSENGER and unit.has("pinned")  # D6.62: pinned, it is BU
        if open_topped and mounted.exposed(vehicle) and not shaken and not unit.has("broken") and not pinned:
            ce.setdefault(vehicle.id, []).append(unit)
        else:
            hidden.add(unit.id)  # D6.61, D9.1: reached only through the vehicle (A7.211 aside)
    return hidden, ce
