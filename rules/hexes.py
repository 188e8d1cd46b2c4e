"""Hex geometry after Red Blob Games: axial storage, cube maths, distance, rings and exact line traces.

Hexes are flat-topped. ``Hex(q, r)`` is axial; the third cube coordinate is ``s = -q - r``. Directions are
named by compass with y growing downwards (the printed map's "down" is south)::

    N = (0, -1)   NE = (1, -1)   SE = (1, 0)   S = (0, 1)   SW = (-1, 1)   NW = (-1, 0)

Centres are measured in hex pitches (the distance between adjacent centres is 1.0).

Two line traces are offered:

* :func:`line_sampled` is Red Blob's published algorithm: N+1 points along the segment, each rounded to a hex,
  once nudged by +epsilon and once by -epsilon. Where the two roundings disagree the point lies on a hexside
  and the step reports the pair. It is kept as the reference for Red Blob's published vectors.
* :func:`line` is what LOS uses: an exact walk (integer arithmetic) through every hex whose interior the
  centre-to-centre segment crosses. It also reports where the segment runs exactly along a hexside (the
  "hexspine" case ASL rules specially, A6.1) and where it only touches a hex at a vertex. N+1 sampling
  misses hexes that the segment clips at a corner: from Hex(0, 0) to Hex(-7, 1) the segment crosses 10 hexes'
  interiors, the 8 samples find 8 of them and skip (-4, 0) and (-3, 1). A LOS obstacle in a clipped hex
  blocks, so LOS uses the exact walk.

>>> distance(Hex(0, 0), Hex(3, -7))
7
>>> [str(h) for h in line(Hex(0, 0), Hex(2, -1)).hexes]
['(0,0)', '(1,-1)', '(1,0)', '(2,-1)']
>>> line(Hex(0, 0), Hex(2, -1)).steps[1].kind
<StepKind.HEXSIDE: 'hexside'>
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from hexmate.rules.text import T


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """One hex in axial coordinates (q = column axis, r = the 'down-right' axis); s is derived."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __str__(self) -> str:
        return f"({self.q},{self.r})"


DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
DIRECTIONS: tuple[Hex, ...] = (Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0))
_DIRECTION_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}
SQRT3_2 = math.sqrt(3.0) / 2.0


def direction_index(name: str) -> int:
    """Index 0..5 of a compass direction name (N, NE, SE, S, SW, NW); ValueError for anything else."""
    try:
        return DIRECTION_NAMES.index(name.upper())
    except ValueError:
        names = ", ".join(DIRECTION_NAMES)
        raise ValueError(T("unknown hex direction {name}: expected one of {names}", name=repr(name),
                           names=names)) from None


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def direction_between(a: Hex, b: Hex) -> int:
    """The direction index from a to an adjacent hex b; ValueError when they are not adjacent."""
    try:
        return _DIRECTION_INDEX[b - a]
    except KeyError:
        raise ValueError(T("{a} and {b} are not adjacent", a=a, b=b)) from None


def neighbor(h: Hex, direction: int) -> Hex:
    return h + DIRECTIONS[direction]


def neighbors(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around h, in direction order N, NE, SE, S, SW, NW."""
    q, r = h.q, h.r
    return (Hex(q, r - 1), Hex(q + 1, r - 1), Hex(q + 1, r), Hex(q, r + 1), Hex(q - 1, r + 1), Hex(q - 1, r))


def distance(a: Hex, b: Hex) -> int:
    """Hex distance: the largest of the three cube-coordinate differences."""
    dq = a.q - b.q
    dr = a.r - b.r
    return max(abs(dq), abs(dr), abs(dq + dr))


def rotate(h: Hex, sixths: int) -> Hex:
    """Rotate h about the origin clockwise (on a y-down map) by ``sixths`` x 60 degrees (Red Blob's right)."""
    x, y, z = h.q, h.r, h.s
    for _ in range(sixths % 6):
        x, y, z = -y, -z, -x
    return Hex(x, y)


def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes at exactly ``radius`` from center, clockwise from the SW corner (radius 0: the centre)."""
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    out: list[Hex] = []
    h = center + Hex(DIRECTIONS[4].q * radius, DIRECTIONS[4].r * radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = neighbor(h, side)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """The centre, then ring 1, ring 2, ... up to ``radius``: every hex within ``radius``."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


def center(h: Hex) -> tuple[float, float]:
    """Centre of h in hex pitches (x right, y down), for flat-topped hexes."""
    return (h.q * SQRT3_2, h.r + h.q / 2.0)


def cube_round(fq: float, fr: float, fs: float) -> Hex:
    """Round fractional cube coordinates to the hex that contains the point (Red Blob's hex_round)."""
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def pixel_to_hex(x: float, y: float) -> Hex:
    """The hex containing the point (x, y) given in hex pitches (inverse of :func:`center`)."""
    fq = x / SQRT3_2
    fr = y - fq / 2.0
    return cube_round(fq, fr, -fq - fr)


class StepKind(enum.Enum):
    """What a trace step says about the segment and its hexes."""

    HEX = "hex"  # the segment crosses the interior of the one hex given
    HEXSIDE = "hexside"  # the segment runs exactly along the hexside shared by the two hexes given
    VERTEX = "vertex"  # the segment only touches the hex given at one of its corners (a graze)


@dataclass(frozen=True, slots=True)
class LineStep:
    kind: StepKind
    hexes: tuple[Hex, ...]


@dataclass(frozen=True, slots=True)
class LineTrace:
    """A traced line from a to b: steps in order from a (included) to b (included)."""

    a: Hex
    b: Hex
    steps: tuple[LineStep, ...]

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """Every hex the segment crosses or runs alongside, in order (vertex grazes excluded)."""
        out: list[Hex] = []
        for step in self.steps:
            if step.kind is not StepKind.VERTEX:
                out.extend(step.hexes)
        return tuple(out)

    @property
    def crossed_hexsides(self) -> tuple[tuple[Hex, Hex], ...]:
        """Hexsides the segment crosses from one side to the other (consecutive HEX steps)."""
        out: list[tuple[Hex, Hex]] = []
        prev: LineStep | None = None
        for step in self.steps:
            if prev is not None and prev.kind is StepKind.HEX and step.kind is StepKind.HEX:
                out.append((prev.hexes[0], step.hexes[0]))
            prev = step
        return tuple(out)

    @property
    def along_hexsides(self) -> tuple[tuple[Hex, Hex], ...]:
        """Hexsides the segment runs exactly along (hexspine case, A6.1)."""
        return tuple((s.hexes[0], s.hexes[1]) for s in self.steps if s.kind is StepKind.HEXSIDE)

    def __iter__(self) -> Iterator[LineStep]:
        return iter(self.steps)


# --- Red Blob's sampled trace ------------------------------------------------------------------------------

_NUDGE = (1e-6, 2e-6, -3e-6)


def line_sampled(a: Hex, b: Hex) -> LineTrace:
    """Red Blob's line: N+1 samples, each rounded with a +epsilon and a -epsilon nudge.

    A step is one hex where both roundings agree and a HEXSIDE pair where they differ (the sample lies on a
    hexside). It can miss hexes the segment clips at a corner; LOS uses :func:`line`.
    """
    n = distance(a, b)
    if n == 0:
        return LineTrace(a, b, (LineStep(StepKind.HEX, (a,)),))
    steps: list[LineStep] = []
    aq, ar, as_ = float(a.q), float(a.r), float(a.s)
    dq, dr, ds = b.q - a.q, b.r - a.r, b.s - a.s
    for i in range(n + 1):
        t = i / n
        fq, fr, fs = aq + dq * t, ar + dr * t, as_ + ds * t
        plus = cube_round(fq + _NUDGE[0], fr + _NUDGE[1], fs + _NUDGE[2])
        minus = cube_round(fq - _NUDGE[0], fr - _NUDGE[1], fs - _NUDGE[2])
        if plus == minus:
            steps.append(LineStep(StepKind.HEX, (plus,)))
        else:
            steps.append(LineStep(StepKind.HEXSIDE, (plus, minus)))
    return LineTrace(a, b, tuple(steps))


# --- exact trace -------------------------------------------------------------------------------------------

_CUBE_DIRS: tuple[tuple[int, int, int], ...] = tuple((d.q, d.r, d.s) for d in DIRECTIONS)


def _dot(u: tuple[int, int, int], v: tuple[int, int, int]) -> int:
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]


@lru_cache(maxsize=65536)
def relative_trace(dq: int, dr: int) -> tuple[tuple[StepKind, tuple[tuple[int, int], ...]], ...]:
    """The exact trace from the origin to Hex(dq, dr), as (kind, ((q, r), ...)) steps; cached per delta.

    The cell of hex h is {p : (p - h) . d <= 1 for the six unit directions d} (cube dot product, |d|^2 = 2),
    so along p(t) = t * D the segment leaves h through side k at t_k = (1 + h . d_k) / (D . d_k) for every k
    with D . d_k > 0. The smallest t_k names the exit; two equal smallest values mean the exit is the vertex
    where sides k1 and k2 meet, and the sign of D . (d_k2 - d_k1) says whether the segment goes on into the
    neighbour across k2, across k1, or (zero) runs along the hexside between those two neighbours.
    """
    target = (dq, dr, -dq - dr)
    dots = [_dot(target, d) for d in _CUBE_DIRS]
    h = (0, 0, 0)
    steps: list[tuple[StepKind, tuple[tuple[int, int], ...]]] = [(StepKind.HEX, ((0, 0),))]
    while h != target:
        best_num, best_den = 0, 0
        ks: list[int] = []
        for k in range(6):
            den = dots[k]
            if den <= 0:
                continue
            num = 1 + _dot(h, _CUBE_DIRS[k])
            if not ks or num * best_den < best_num * den:
                best_num, best_den, ks = num, den, [k]
            elif num * best_den == best_num * den:
                ks.append(k)
        if len(ks) == 1:
            d = _CUBE_DIRS[ks[0]]
            h = (h[0] + d[0], h[1] + d[1], h[2] + d[2])
            steps.append((StepKind.HEX, ((h[0], h[1]),)))
            continue
        k1, k2 = ks
        d1, d2 = _CUBE_DIRS[k1], _CUBE_DIRS[k2]
        n1 = (h[0] + d1[0], h[1] + d1[1], h[2] + d1[2])
        n2 = (h[0] + d2[0], h[1] + d2[1], h[2] + d2[2])
        side = _dot(target, (d2[0] - d1[0], d2[1] - d1[1], d2[2] - d1[2]))
        if side > 0:
            steps.append((StepKind.VERTEX, ((n1[0], n1[1]),)))
            h = n2
        elif side < 0:
            steps.append((StepKind.VERTEX, ((n2[0], n2[1]),)))
            h = n1
        else:
            steps.append((StepKind.HEXSIDE, ((n1[0], n1[1]), (n2[0], n2[1]))))
            h = (n1[0] + d2[0], n1[1] + d2[1], n1[2] + d2[2])
        steps.append((StepKind.HEX, ((h[0], h[1]),)))
    return tuple(steps)


def line(a: Hex, b: Hex) -> LineTrace:
    """Exact trace of the centre-to-centre segment from a to b (see the module docstring)."""
    rel = relative_trace(b.q - a.q, b.r - a.r)
    q0, r0 = a.q, a.r
    return LineTrace(
        a, b, tuple(LineStep(kind, tuple(Hex(q0 + q, r0 + r) for q, r in hs)) for kind, hs in rel)
    )


# --- offset coordinates (printed column/row numbers) -------------------------------------------------------


def offset_to_axial(col: int, row: int, low: str) -> Hex:
    """Printed column/row to axial, for column-aligned (flat-topped) grids.

    ``low`` says which printed columns sit half a hex lower: "even" (ASL A2, Schlieffen's War 2.1) or "odd"
    (Fire Team 2.2). The column number is used as q unchanged.
    """
    if low == "even":
        return Hex(col, row - (col + (col & 1)) // 2)
    if low == "odd":
        return Hex(col, row - (col - (col & 1)) // 2)
    raise ValueError(f"column offset must be 'even' or 'odd', got {low!r}")


def axial_to_offset(h: Hex, low: str) -> tuple[int, int]:
    """Inverse of :func:`offset_to_axial`: (column, row)."""
    col = h.q
    if low == "even":
        return col, h.r + (col + (col & 1)) // 2
    if low == "odd":
        return col, h.r + (col - (col & 1)) // 2
    raise ValueError(f"column offset must be 'even' or 'odd', got {low!r}")
