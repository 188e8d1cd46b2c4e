"""A vehicle interdicting a routing unit (A10.532, with chapter D's MGs). Pure.

A10.532: every weapon interdicts within its normal range, 16 hexes at most; an AFV does not when it would
have to change its VCA or TCA to fire there, nor with armament now under the +1 DRM of BU or stun, and no
unit does with FP that would be halved (in Motion or not stopped, D2.42; an open-topped AFV's pinned crew,
A7.82). Here the vehicle's MGs and an MG MA (D1.81-D1.83, D3.5), each taken as firing in a fire phase at the
rout hex (vmg.mg_attack): none whose shot would take Case A (the CA change, D3.52), the +1 of a stun's
reverse (D5.34), or a halving; a shocked or stunned AFV fires nothing (D5.34), an AAMG needs a CE crew
(D1.83), a rear MG fires only to the rear (D1.81, D1.82). An MG that fired this Player Turn still interdicts
(interdiction is no attack). The +1 of BU falls on an ordnance MA's To Hit (D5.3): a gun's interdiction (its
To Hit and HE, and the CA of a Gun, A10.532) is chapter C's, not built here. An abandoned vehicle or a wreck
interdicts nothing (D5.41).
"""

from __future__ import annotations

from hexmate.rules.errors import IllegalAction, RulesError
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import vmg
from hexmate.rules.games.asl.vehicles import tca_of, vehicle_of
from hexmate.rules.games.base import UnitState
from hexmate.rules.hexes import Hex, distance

MAX_REACH = 16  # A10.532: never beyond 16 hexes
BARRED_STEPS = frozenset({"case_a", "ca_kept", "plus1", "motion", "crew_pinned"})  # A10.532


def weapons(vehicle: UnitState, h: Hex) -> tuple[str, ...]:
    """The vehicle's MGs that interdict a rout into ``h`` (A10.532); the caller checks LOS and hindrance."""
    if vehicle.hex is None or vehicle.has("wreck") or vehicle.has("abandoned"):
        return ()
    try:
        vt = vehicle_of(vehicle.values)
    except RulesError:  # a counter the catalogue refuses is reported where it is set up
        return ()
    markers = frozenset(m for m in vehicle.markers if not m.startswith("mg_fired:"))
    vca = vehicle.facing if vehicle.facing is not None else 0
    tca = tca_of(markers, vca)
    reach = distance(vehicle.hex, h)
    pack = od.load_pack()
    out: list[str] = []
    for w in vmg.WEAPONS:
        if not vmg.fp_of(vt, w) or reach > min(vmg.normal_range(vt, w), MAX_REACH):
            continue
        try:
            shot = vmg.mg_attack(pack, vt, markers, vehicle.hex, vca, tca, h, [w], phase="RtPh",
                                 bounding=False, moving=vehicle.has("motion"))
        except IllegalAction:
            continue
        if not any(s.name in BARRED_STEPS for s in shot.steps):
            out.append(w)
    return tuple(out)


__all__ = ["weapons"]
