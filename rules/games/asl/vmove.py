"""ASL vehicular movement arithmetic: MP, turns, reverse, bypass, ESB, bog, loading, OVR (D2, D4.22, D6-D8).

Pure functions of printed values and dice, each citing its rule; ``game.py`` and ``armour.py`` compose them
into moves. MP are kept exact (``Fraction``): road rates and unloading work in halves and quarters. The
terrain costs themselves are chapter B's Terrain Chart, not among the texts: they come from the chart pack
(``charts/ordnance-demo.json``, "vehicle_terrain", demo values except the cells chapter D's examples fix).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl.vehicles import MANUFACTURERS, VehicleType
from hexmate.rules.text import T

MP = Fraction

START_MP = 1  # D2.12
STOP_MP = 1  # D2.13
HD_MP = 2  # D4.22


def turn_mp(hexspines: int, *, obstacle: bool = False) -> int:
    """D2.11: 1 MP per hexspine of VCA change, 2 inside a woods, building or rubble obstacle."""
    return hexspines * (2 if obstacle else 1)


def road_mp(*, buttoned: bool) -> Fraction:
    """D2.16, D5.2: along a road hexside at road rate, 1/2 MP; an AFV that is BU pays 1 MP."""
    return Fraction(1) if buttoned else Fraction(1, 2)


def entry_mp(
    cot: Fraction | int,
    *,
    wall: bool = False,
    higher: bool = False,
    others: int = 0,
    road_rate: bool = False,
    towing: bool = False,
) -> Fraction:
    """The MP to enter a hex forward: its cost of terrain, +1 for a wall hexside (D2.11 example), +4 for
    higher elevation (D2.24 example), +1 per wreck or vehicle already there (+2 entering at road rate,
    D2.14), +1 towing (C10.1)."""
    out = Fraction(cot) + (1 if wall else 0) + (4 if higher else 0) + others * (2 if road_rate else 1)
    return out + (1 if towing else 0)


def reverse_mp(entry: Fraction | int, rev: int) -> Fraction:
    """D2.21: reverse costs the whole entry cost (bypass doubling included) times the reverse multiplier."""
    return Fraction(entry) * rev


def bypass_mp(open_cost: Fraction | int, extra: Fraction | int = 0) -> Fraction:
    """D2.3: bypass costs twice the hex's non-obstacle cost, every other cost there doubled too."""
    return 2 * (Fraction(open_cost) + Fraction(extra))


def bypass_allowed(
    terrain: str,
    hexside: frozenset[object],
    bypassed: set[frozenset[object]] | frozenset[frozenset[object]],
    *,
    burning: bool = False,
    roadblock: bool = False,
) -> T | None:
    """D2.31: why a vehicle may not bypass this hex along this hexside (None: it may). Bypass is only for a
    woods or building hex, never in rubble or a hex burning at ground level, nor across a hexside joined to
    a roadblock hexside, nor along a hexside another vehicle or wreck is bypassing. ``hexside``: the two
    hexes it lies between; ``bypassed``: the hexsides vehicles or wrecks are bypassing now."""
    if terrain == "rubble":
        return T("no bypass in a rubble hex (D2.31)")
    if terrain not in ("woods", "wooden-building", "stone-building", "building"):
        return T("bypass is only around a woods or building obstacle (D2.31)")
    if burning:
        return T("no bypass in a hex burning at ground level (D2.31)")
    if roadblock:
        return T("no bypass across a hexside joined to a roadblock (D2.31)")
    if hexside in bypassed:
        return T("another vehicle or wreck is bypassing along that hexside (D2.31)")
    return None


def armored_assault_left(mf: int | Fraction, spent: int | Fraction) -> Fraction:
    """D9.31: an AFV moving with infantry under Armored Assault may go no farther than it could had the
    infantry gone with it all the way: the MF the infantry still had when they parted (their allowance,
    with Double Time or a leader's bonus, less what they had spent), as infantry MF along the AFV's path.
    The one place this is counted (aa.py asks it); MF may come in halves, so a Fraction."""
    return max(Fraction(0), Fraction(mf) - Fraction(spent))


def double_time_mf(*, after_moving: bool) -> int:
    """A4.5: Double Time adds 2 MF, declared at the start of the unit's MPh; declared after it has spent MF,
    only 1 (the D9.31 example's last case)."""
    return 1 if after_moving else 2


def obstacle_mp(mpa: int) -> Fraction:
    """Woods and buildings cost half the MP allowance (D8.21's "1/2 MP allowance"; D7.2 example: 7 of 14)."""
    return Fraction(mpa, 2)


def ovr_mp(mpa: int) -> int:
    """D7.1: an Overrun costs a quarter of the printed MP allowance, fractions rounded up."""
    return math.ceil(Fraction(mpa, 4))


def esb_limit(vehicle: VehicleType) -> int:
    """D2.5: at most a quarter of the printed MP allowance (FRD) by ESB."""
    return math.floor(Fraction(vehicle.mp, 4))


def esb_drm(vehicle: VehicleType, requested: Fraction | int) -> int:
    """D2.5: +1 per extra MP asked (FRD; FRU for a red-MP vehicle) + the manufacturer's DRM. At most a
    quarter of the printed MP (FRD) may be asked, and only by a fully tracked vehicle (D1.13; not a half
    track, D1.14, an armored car, D1.12, or a truck, D1.15)."""
    if not vehicle.tracked:
        raise IllegalAction(T("only tracked vehicles may attempt Excessive Speed Breakdown"), "D2.5")
    limit = esb_limit(vehicle)
    asked = Fraction(requested)
    if asked <= 0 or asked > limit:
        raise IllegalAction(
            T("{vehicle} may ask 1 to {limit} extra MP by ESB", vehicle=vehicle.name, limit=limit),
            "D2.5",
        )
    per_mp = math.ceil(asked) if vehicle.red_mp else math.floor(asked)
    return per_mp + MANUFACTURERS[vehicle.manufacturer]


def esb_ok(dr: int, drm: int) -> bool:
    """D2.5: a final ESB DR of 11 or less gives the MP; 12 or more immobilizes the vehicle where it is."""
    return dr + drm <= 11


def mechanical_failure(dr: int) -> bool:
    """D2.51: a red-MP vehicle rolls at each start; a DR of 12 immobilizes it."""
    return dr == 12


def motion_attempt(dr: int, mp_in_los: Fraction | int) -> bool:
    """D2.401: a non-phasing vehicle enters Motion on a dr no more than the MF/MP an enemy unit that began
    out of its LOS has spent in its LOS this phase."""
    return dr <= mp_in_los


@dataclass(frozen=True)
class BogCase:
    """What a bog check depends on besides the vehicle (D8.21)."""

    towing: bool = False
    soft: bool = False  # soft ground, mud or snow
    deep_snow: bool = False
    multiple_elevation: bool = False
    deep_stream_exit: bool = False
    higher_woods: bool = False
    wire: bool = False
    entering: str = ""  # "woods" (also graveyard, wooden building, rubble) or "stone" by 1/2 MPA; "" else
    factory: bool = False
    minimum_move: bool = False


def bog_drm(vehicle: VehicleType, case: BogCase) -> int:
    """D8.21's cumulative DRM. The text's "+1 not fully armored" is read as written (the digest suspects
    "tracked"; see docs)."""
    drm = {"low": 0, "normal": 1, "high": 2}[vehicle.ground_pressure]  # D1.41, D1.42, D1.43
    drm += case.towing + case.soft + case.deep_snow + case.multiple_elevation + case.deep_stream_exit
    drm += (not vehicle.armored or bool(vehicle.rear_unarmored)) + (vehicle.movement == "truck")  # D1.15
    drm += case.higher_woods + 2 * case.wire
    if case.entering and not case.minimum_move:
        drm += 1 if case.factory else (3 if case.entering == "woods" else 4)
    return int(drm)


def bogged(dr: int, drm: int) -> bool:
    """D8.21: a final bog DR of 12 or more bogs the vehicle and ends its MPh."""
    return dr + drm >= 12


def bog_removal(
    coloured: int,
    white: int,
    vehicle: VehicleType,
    *,
    mired: bool = False,
    assist: bool = False,
    leadership: int = 0,
) -> tuple[str, int]:
    """D8.3: the result (``freed``, ``mired``, ``immobilized``) and the start MP a freed vehicle pays: the
    unmodified colored dr times the white dr, doubled for a vehicle that is not armored (as the text says).
    The colored dr takes the AL's leadership, -1 for a pushing assist, +1 once Mired."""
    final = coloured + leadership - (1 if assist else 0) + (1 if mired else 0)
    if final <= 4:
        return "freed", coloured * white * (1 if vehicle.armored else 2)
    return ("mired", 0) if final == 5 else ("immobilized", 0)


def hd_drm(*, soviet_ct: bool, buttoned: bool, leadership: int = 0, setup: bool = False) -> int:
    """D4.22: HD maneuver dr +2 Soviet CT AFV, +1 BU, + the AL's leadership, -1 at setup."""
    return 2 * soviet_ct + buttoned + leadership - setup


def hd_hexsides(dr: int, drm: int) -> int:
    """D4.22's table: a final dr of 1 or less gives up to 3 crest hexsides, 2 gives 2, 3 gives 1, 4+ none."""
    final = dr + drm
    return 3 if final <= 1 else {2: 2, 3: 1}.get(final, 0)


def smoke_dispenser(
    dr: int, usage: int, *, buttoned: bool = False, moving_sm: bool = False, case_a: int = 0
) -> bool:
    """D13.3: the dispenser fires on a final DR no more than its usage number: +1 BU; an sM takes +2 if the
    AFV is moving or non-stopped, and the Case A of its CA change (D13.32)."""
    return dr + buttoned + 2 * moving_sm + case_a <= usage


def smoke_grenades(dr: int, *, ce_afv: bool) -> bool:
    """D13.35: smoke grenades are placed on a dr of 2 or less by a CE AFV, on a 1 by an armed unarmored
    vehicle or a BU OT AFV (a CT AFV's crew must be CE to try)."""
    return dr <= (2 if ce_afv else 1)


def boarding(action: str, *, shaken: bool) -> bool:
    """D5.43: infantry getting on or off a vehicle are Infantry for the Defensive Fire at that MF/MP.
    Entering as crew or loading succeeds only if they stay unpinned and in good order (and the vehicle
    survives); abandoning or unloading always succeeds; a gun hook-up or unhooking needs them unshaken."""
    if action in ("enter", "load", "hook", "unhook"):
        return not shaken
    return True


def loading_mp_left(mpa: int, mf_left: int) -> Fraction:
    """D6.4: after loading, the vehicle may use a quarter of its MP allowance per MF the loading unit that
    spent the most has left."""
    return Fraction(mpa * max(0, mf_left), 4)


def unloading(mpa: int, spent: Fraction | int) -> tuple[int, int]:
    """D6.5: (MF the unloading unit counts as spent, including the 1 MF to unload; MP the vehicle pays).
    The unit counts 1 MF per quarter of the MP allowance (FRU) the vehicle has spent; beyond three
    quarters nobody may unload."""
    quarters = math.ceil(Fraction(spent) / Fraction(mpa, 4))
    if quarters > 3:
        raise IllegalAction(
            T("no unloading after the vehicle has spent more than three quarters of its MP"), "D6.5"
        )
    return quarters + 1, math.ceil(Fraction(mpa, 4))


__all__ = [
    "START_MP",
    "STOP_MP",
    "BogCase",
    "armored_assault_left",
    "boarding",
    "bog_drm",
    "bog_removal",
    "bogged",
    "bypass_allowed",
    "bypass_mp",
    "double_time_mf",
    "entry_mp",
    "esb_drm",
    "esb_limit",
    "esb_ok",
    "hd_drm",
    "hd_hexsides",
    "loading_mp_left",
    "mechanical_failure",
    "motion_attempt",
    "obstacle_mp",
    "ovr_mp",
    "reverse_mp",
    "road_mp",
    "smoke_dispenser",
    "smoke_grenades",
    "turn_mp",
    "unloading",
]
