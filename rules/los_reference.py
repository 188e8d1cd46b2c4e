"""A slow reference LOS that walks the pixels of a rasterised map, to check and time the fast engine against.

The map is rasterised once into a grid of ``px_per_hex`` pixels per hex pitch. A pixel wholly inside one hex
stores that hex; a pixel a hex boundary passes through stores the few hexes it overlaps (found from 9 sample
points, plus the hex that completes a vertex). The line from centre to centre is walked pixel by pixel (a grid
traversal, Amanatides & Woo); whole pixels answer by lookup, and in boundary pixels each candidate hex clips
the piece of the line inside the pixel (Cyrus-Beck against the hex's six half-planes) to tell a crossing from
a run along a hexside or a touch at a corner. The crossing list then goes through the same rule evaluation as
the engine (:func:`hexmate.rules.los.evaluate`), so a disagreement points at the geometry.

It is independent of :func:`hexmate.rules.hexes.line` (no exit-edge walk, no cached traces) and deliberately
unoptimised: it is the speed yardstick of bench/bench_rules_geo.py.
"""

from __future__ import annotations

import itertools
import math

from hexmate.rules.hexes import DIRECTIONS, Hex, center, pixel_to_hex
from hexmate.rules.los import Cell, Element, LosResult, LosRules, evaluate, prepare
from hexmate.rules.maps import HexMap

_DIRS = tuple((d.q, d.r, -d.q - d.r) for d in DIRECTIONS)
_EPS = 1e-12


class PixelLos:
    """Rasterise once, then answer LOS queries by walking pixels."""

    def __init__(self, m: HexMap, rules: LosRules, px_per_hex: int = 16) -> None:
        self.m = m
        self.rules = rules
        self.res = px_per_hex
        xs, ys = zip(*(center(h) for h in m.hexes), strict=True)
        # Offset the grid by odd fractions of a pixel so no hex edge or centre lies on a pixel boundary (a
        # horizontal hexside would otherwise run between two rows of whole pixels and read as a crossing).
        self.x0 = min(xs) - 1.0 - 0.3183 / px_per_hex
        self.y0 = min(ys) - 1.0 - 0.2718 / px_per_hex
        self.w = math.ceil((max(xs) + 1.0 - self.x0) * px_per_hex)
        self.h = math.ceil((max(ys) + 1.0 - self.y0) * px_per_hex)
        self.cells: list[Cell] = []
        index: dict[Cell, int] = {}
        self.mixed: list[tuple[Cell, ...]] = []
        mixed_index: dict[tuple[Cell, ...], int] = {}
        self.grid: list[int] = [0] * (self.w * self.h)
        s = 1.0 / px_per_hex
        offsets = [(dx * s / 2, dy * s / 2) for dx in (0, 1, 2) for dy in (0, 1, 2)]
        for iy in range(self.h):
            py = self.y0 + iy * s
            for ix in range(self.w):
                px = self.x0 + ix * s
                found = {_cell(pixel_to_hex(px + ox, py + oy)) for ox, oy in offsets}
                if len(found) == 1:
                    c = found.pop()
                    if c not in index:
                        index[c] = len(self.cells)
                        self.cells.append(c)
                    self.grid[iy * self.w + ix] = index[c]
                    continue
                # A vertex inside the pixel: its third hex is adjacent to two found ones.
                extra = {n for c in found for n in _neighbours(c)
                         if sum(1 for f in found if _adjacent(n, f)) >= 2}
                key = tuple(sorted(found | extra))
                if key not in mixed_index:
                    mixed_index[key] = len(self.mixed)
                    self.mixed.append(key)
                self.grid[iy * self.w + ix] = -1 - mixed_index[key]

    # --- the pixel walk -----------------------------------------------------------------------------------

    def elements(self, a: Hex, b: Hex) -> list[Element]:
        """Crossing elements (absolute cells) found by walking the pixels from a's centre to b's."""
        ax, ay = center(a)
        bx, by = center(b)
        res = self.res
        fx, fy = (ax - self.x0) * res, (ay - self.y0) * res
        gx, gy = (bx - self.x0) * res, (by - self.y0) * res
        dx, dy = gx - fx, gy - fy
        ix, iy = int(fx), int(fy)
        step_x = 1 if dx > 0 else -1
        step_y = 1 if dy > 0 else -1
        t_max_x = ((ix + (step_x > 0)) - fx) / dx if dx else math.inf
        t_max_y = ((iy + (step_y > 0)) - fy) / dy if dy else math.inf
        t_dx = abs(1.0 / dx) if dx else math.inf
        t_dy = abs(1.0 / dy) if dy else math.inf
        a3 = (a.q, a.r, -a.q - a.r)
        d3 = (b.q - a.q, b.r - a.r, a.q + a.r - b.q - b.r)
        chords: dict[Cell, list[float]] = {}
        along: dict[tuple[Cell, Cell], float] = {}
        touched: dict[Cell, float] = {}
        t0 = 0.0
        while True:
            t1 = min(t_max_x, t_max_y, 1.0)
            v = self.grid[iy * self.w + ix]
            if v >= 0:
                c = self.cells[v]
                span = chords.setdefault(c, [t0, t1])
                span[0], span[1] = min(span[0], t0), max(span[1], t1)
            else:
                for c in self.mixed[-1 - v]:
                    _clip(c, a3, d3, t0, t1, chords, along, touched)
            if t1 >= 1.0:
                break
            if t_max_x < t_max_y:
                ix += step_x
                t0, t_max_x = t_max_x, t_max_x + t_dx
            else:
                iy += step_y
                t0, t_max_y = t_max_y, t_max_y + t_dy
        return self._assemble(a, a3, d3, chords, along, touched)

    def _assemble(
        self,
        a: Hex,
        a3: tuple[int, int, int],
        d3: tuple[int, int, int],
        chords: dict[Cell, list[float]],
        along: dict[tuple[Cell, Cell], float],
        touched: dict[Cell, float],
    ) -> list[Element]:
        items: list[tuple[float, Element]] = []
        ca = (a.q, a.r)
        on_side = {c for pair in along for c in pair}
        for c, (t_in, t_out) in chords.items():
            if c in on_side and t_out - t_in < 1e-9:
                continue
            items.append((t_in, ("hex", (c,), _dist(ca, c))))
        for (c1, c2), t in along.items():
            items.append((t, ("along", (c1, c2), _dist(ca, c1))))
        for c, t in touched.items():
            if c not in chords and c not in on_side:
                items.append((t, ("graze", (c,), _dist(ca, c))))
        # Hexsides crossed: between two crossed hexes that meet where one leaves and the other enters, unless
        # that point is a vertex (a third hex touches it there).
        ordered = sorted(chords.items(), key=lambda kv: kv[1][0])
        for (c1, s1), (c2, s2) in itertools.pairwise(ordered):
            if not _adjacent(c1, c2) or abs(s1[1] - s2[0]) > 1e-9:
                continue
            t = s1[1]
            p = (a3[0] + d3[0] * t, a3[1] + d3[1] * t, a3[2] + d3[2] * t)
            third = [n for n in _neighbours(c1) if _adjacent(n, c2) and _margin(p, n) > -1e-9]
            if not third:
                items.append((t, ("side", (c1, c2), 0)))
        items.sort(key=lambda it: it[0])
        return [e for _, e in items]

    def check(self, a: Hex, b: Hex, *, a_height: int = 0, b_height: int = 0) -> LosResult:
        p = prepare(self.m, self.rules)
        return evaluate(p, self.rules, a, b, self.elements(a, b), a_height, b_height)


def _clip(
    c: Cell,
    a3: tuple[int, int, int],
    d3: tuple[int, int, int],
    t0: float,
    t1: float,
    chords: dict[Cell, list[float]],
    along: dict[tuple[Cell, Cell], float],
    touched: dict[Cell, float],
) -> None:
    """Cyrus-Beck: the part of the line (within [t0, t1]) inside hex c's closed cell {p: (p - c).d <= 1}."""
    h = (c[0], c[1], -c[0] - c[1])
    rel = (a3[0] - h[0], a3[1] - h[1], a3[2] - h[2])
    t_in, t_out = t0, t1
    side: int | None = None
    for k, d in enumerate(_DIRS):
        ck = rel[0] * d[0] + rel[1] * d[1] + rel[2] * d[2]
        ek = d3[0] * d[0] + d3[1] * d[1] + d3[2] * d[2]
        if ek == 0:
            if ck > 1:
                return
            if ck == 1:
                side = k  # the line lies on this side's line
            continue
        t = (1 - ck) / ek
        if ek > 0:
            t_out = min(t_out, t)
        else:
            t_in = max(t_in, t)
    if t_out - t_in < -_EPS:
        return
    if t_out - t_in <= _EPS:
        touched.setdefault(c, t_in)
        return
    if side is not None:
        other = (c[0] + DIRECTIONS[side].q, c[1] + DIRECTIONS[side].r)
        key = (c, other) if c < other else (other, c)
        along.setdefault(key, t_in)
        return
    span = chords.setdefault(c, [t_in, t_out])
    span[0], span[1] = min(span[0], t_in), max(span[1], t_out)


def _cell(h: Hex) -> Cell:
    return (h.q, h.r)


def _neighbours(c: Cell) -> list[Cell]:
    return [(c[0] + d.q, c[1] + d.r) for d in DIRECTIONS]


def _adjacent(c1: Cell, c2: Cell) -> bool:
    return _dist(c1, c2) == 1


def _dist(c1: Cell, c2: Cell) -> int:
    dq, dr = c1[0] - c2[0], c1[1] - c2[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def _margin(p: tuple[float, float, float], c: Cell) -> float:
    h = (c[0], c[1], -c[0] - c[1])
    return min(1 - sum((p[i] - h[i]) * d[i] for i in range(3)) for d in _DIRS)
