"""ASL vehicle facing on hexspines: covered arcs, Case A hexspine counts, target aspect (D2.11, D3.1-D3.2).

A vehicle's front points at one vertex of its hex. Facing ``f`` (0..5) is the vertex at 60*f degrees,
counter-clockwise from "east" on the printed map (x right, y up), so f=0 points between the NE and SE
neighbours and f=2 between N and NW. The covered arc of facing ``f`` is the 60-degree wedge about 60*f:
the two hexes at that vertex (the hexes the rules name the arc by, "VCA L2-M2") and every hex between the
two hex rows that run outward through them, boundary rows included (D3.1; the C3.2 picture is not among
the texts, the width is fixed by the D3.51 example: Z5 is outside TCA t=300 from X5, Z3 inside VCA f=60).
This module is pure geometry on ``Hex`` values: no state, no rules data.
"""

from __future__ import annotations

import math

from hexmate.rules.hexes import Hex, center, neighbor
from hexmate.rules.text import T

EPS = 1e-6
# hexmate's neighbour directions (N, NE, SE, S, SW, NW) as bearings, counter-clockwise from east
SIDE_BEARING = (90.0, 30.0, 330.0, 270.0, 210.0, 150.0)
_SIDE_AT = {round(b): d for d, b in enumerate(SIDE_BEARING)}
ASPECTS = ("front", "side", "rear")


def wrap(deg: float) -> float:
    """An angle folded into (-180, 180]."""
    out = (deg + 180.0) % 360.0 - 180.0
    return 180.0 if out == -180.0 else out


def bearing(a: Hex, b: Hex) -> float:
    """Degrees from a's centre to b's centre, counter-clockwise from east (y up)."""
    ax, ay = center(a)
    bx, by = center(b)
    return math.degrees(math.atan2(-(by - ay), bx - ax)) % 360.0


def side_toward(deg: float) -> int:
    """The neighbour direction (index into hexmate's N..NW) at a hexside bearing (30, 90, ... 330)."""
    return _SIDE_AT[round(deg) % 360]


def front_hexes(h: Hex, f: int) -> tuple[Hex, Hex]:
    """The two hexes of the VCA at facing f: the only ones forward movement may enter (D2.11)."""
    return (neighbor(h, side_toward(60 * f - 30)), neighbor(h, side_toward(60 * f + 30)))


def rear_hexes(h: Hex, f: int) -> tuple[Hex, Hex]:
    """The two hexes across the rear hexsides: the only ones reverse movement may enter (D2.22)."""
    return (neighbor(h, side_toward(60 * f + 150)), neighbor(h, side_toward(60 * f + 210)))


def facings_entering(h: Hex, n: Hex) -> tuple[int, int]:
    """The two facings whose VCA holds the neighbour n (n is at hexside bearing b: facings b-30, b+30)."""
    b = round(bearing(h, n))
    return (((b - 30) // 60) % 6, ((b + 30) // 60) % 6)


def turns(f: int, g: int) -> int:
    """Hexspines between two facings, the short way (each costs MP, D2.11)."""
    d = (g - f) % 6
    return min(d, 6 - d)


def turn_toward(f: int, h: Hex, n: Hex) -> int:
    """The facing with n in its VCA reached from f by the fewest hexspines (never a tie: see module)."""
    return min(facings_entering(h, n), key=lambda g: turns(f, g))


def in_arc(firer: Hex, target: Hex, f: int) -> bool:
    """Is target inside the covered arc of facing f from firer (inclusive boundary rows, D3.1)? A target
    in the firer's own hex is in every arc."""
    if firer == target:
        return True
    return abs(wrap(bearing(firer, target) - 60.0 * f)) <= 30.0 + EPS


def in_rear_arc(firer: Hex, target: Hex, f: int) -> bool:
    """The rear VCA: the same wedge about the opposite hexspine (rear MGs, D1.81; aerosan AAMG, D17.25)."""
    return in_arc(firer, target, (f + 3) % 6)


def hexspines_to(firer: Hex, target: Hex, f: int) -> int:
    """The fewest hexspines the arc must turn to hold target (the Case A count, D3.51/C5.1). On a boundary
    row the target is in two arcs and the smaller turn counts."""
    return min(k for k in range(4) for g in ((f + k) % 6, (f - k) % 6) if in_arc(firer, target, g))


def facing_to(firer: Hex, target: Hex, f: int) -> int:
    """The facing reached by the fewest hexspines that holds target (ties: counter-clockwise first)."""
    for k in range(4):
        for g in ((f + k) % 6, (f - k) % 6):
            if in_arc(firer, target, g):
                return g
    raise AssertionError("every hex is in some arc")


def aspect(target: Hex, f: int, firer: Hex) -> str:
    """Which aspect of a vehicle in ``target`` facing f a shot from ``firer`` hits (D3.2).

    The LOS crosses one hexside: the two hexsides flanking the faced vertex are Front, the two opposite
    are Rear, the single ones between are Side. A LOS exactly along a hexspine that parts two aspects takes
    the one less favourable to the firer: Front against Side, Side against Rear (D3.2).
    """
    if firer == target:
        raise ValueError("a same-hex shot takes its aspect from the colored die (D3.2): use same_hex_aspect")
    delta = abs(wrap(bearing(target, firer) - 60.0 * f))
    if delta <= 60.0 + EPS:
        return "front"
    if delta <= 120.0 + EPS:
        return "side"
    return "rear"


def same_hex_aspect(coloured: int, *, placed: bool = False, bypass_hull: bool = False) -> str:
    """Same-hex fire (Case E): the colored die of the TH DR picks the aspect, 1-2 Rear, 3-4 Side, 5-6 Front;
    a FT, MOL or DC placed in the same hex always hits the Rear (D3.2); a hull hit on a bypassing vehicle
    from its own hex hits the Side (D2.32)."""
    if placed:
        return "rear"
    if bypass_hull:
        return "side"
    if not 1 <= coloured <= 6:
        raise ValueError(T("a die shows 1..6, not {pips}", pips=coloured))
    return ("rear", "side", "front")[(coloured - 1) // 2]


# --- bypass (D2.32-D2.34): a vehicle straddling hexside ``side`` of obstacle hex h, heading to one end ---
def bypass_heading(side: int, toward: int) -> float:
    """The heading of a bypassing vehicle along hexside ``side`` (a hexmate direction) toward its end vertex
    on the ``toward`` = +1 (counter-clockwise) or -1 side: at right angles to the hexside (D2.32)."""
    return (SIDE_BEARING[side] + 90.0 * toward) % 360.0


def bypass_focus(h: Hex, side: int, toward: int) -> Hex:
    """F: the third hex at the CAFP (the vertex it points to); the bypass VCA is based on it (D2.32)."""
    return neighbor(h, side_toward(SIDE_BEARING[side] + 60.0 * toward))


def _wedge(origin: Hex, heading: float, x: Hex) -> bool:
    return x == origin or abs(wrap(bearing(origin, x) - heading)) <= 30.0 + EPS


def bypass_aspect(h: Hex, side: int, toward: int, firer: Hex) -> str:
    """The target facing of a bypassing vehicle, decided by the firer's hex (D2.32): Front is F and the
    60-degree wedge from F about the heading; Rear the same from the hex at the other end, reversed; Side
    the rest."""
    heading = bypass_heading(side, toward)
    if _wedge(bypass_focus(h, side, toward), heading, firer):
        return "front"
    if _wedge(bypass_focus(h, side, -toward), (heading + 180.0) % 360.0, firer):
        return "rear"
    return "side"


def spine_hexes(h: Hex, f: int) -> tuple[Hex, Hex]:
    """The two hexes that name a hexspine ("VCA X6-Y6"): the ones meeting at the faced vertex."""
    return front_hexes(h, f)


__all__ = [
    "ASPECTS",
    "aspect",
    "bearing",
    "bypass_aspect",
    "bypass_focus",
    "bypass_heading",
    "facing_to",
    "facings_entering",
    "front_hexes",
    "hexspines_to",
    "in_arc",
    "in_rear_arc",
    "rear_hexes",
    "same_hex_aspect",
    "spine_hexes",
    "turn_toward",
    "turns",
    "wrap",
]
