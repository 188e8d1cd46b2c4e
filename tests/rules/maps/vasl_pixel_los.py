"""A pixel-level LOS reference over a synthetic VASL archive's own pixels (the painter's grids, not the
converted map): the thread from centre dot to centre dot is sampled every half pixel, and every sample is
judged by the terrain and ground level painted there, with the ASL rules as far as obstacles and levels go:

* higher ground (A6.2): ground above both ends blocks; ground between them may hide the lower end behind a
  crest (A6.4-A6.43, the same blind-hex count as hexmate's engine, :func:`hexmate.rules.los._blind_count`);
* obstacle artwork (woods, buildings; height from the terrain type): as tall as the higher end blocks, lower
  ones may leave the lower end in their blind hexes (A6.4); A6.1's "artwork on both sides of a hexside" is
  not coded: the painted artwork decides, as on the printed board;
* half-level hexside obstacles (walls, hedges, A6.21) as tall as the higher end block, unless they are a
  side of either end's hex (A6.2, B9.2);
* hindrances (grain, orchards: +1 each, A6.7) count only between ends at the same level, once per range.

The hex a sample lies in (for ranges and the blind-hex count) is the nearest centre dot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hexmate.rules.los import _blind_count

Cell = tuple[int, int]


@dataclass(frozen=True)
class PixelVerdict:
    status: str  # "clear", "hindered", "blocked"
    hindrance: int
    blocked_in: Cell | None
    why: str


class PixelLos:
    def __init__(
        self, board: Any, grids: tuple[bytearray, bytearray], terrain: list[tuple[Any, ...]]
    ) -> None:
        self.board = board
        self.elev, self.terr = grids
        self.gw, self.gh = board.grid_size
        self.types = {code: (name, cat, height, obstacle, hindrance)
                      for code, name, cat, height, obstacle, hindrance, _ in terrain}
        self.half = {code for code, name, *_ in terrain if name in ("Wall", "Hedge")}
        self.axial = {c: _axial(c) for c in board.cells()}
        # The hex of every pixel (the painter's nearest centre dot), computed once.
        self.owner = [board.hex_at(x + 0.5, y + 0.5) for x in range(self.gw) for y in range(self.gh)]

    def pixel(self, x: float, y: float) -> tuple[int, int]:
        ix = min(max(int(x), 0), self.gw - 1)
        iy = min(max(int(y), 0), self.gh - 1)
        i = ix * self.gh + iy
        e = self.elev[i]
        return self.terr[i], e - 256 if e > 127 else e

    def dist(self, a: Cell, b: Cell) -> int:
        (q1, r1), (q2, r2) = self.axial[a], self.axial[b]
        return max(abs(q1 - q2), abs(r1 - r2), abs(q1 + r1 - q2 - r2))

    def samples(self, a: Cell, b: Cell) -> list[tuple[float, float, Cell]]:
        """Every half pixel of the thread: the centre of the pixel it falls in, and that pixel's hex (the
        painter's nearest centre dot)."""
        ax, ay = self.board.center(*a)
        bx, by = self.board.center(*b)
        n = max(1, math.ceil(math.hypot(bx - ax, by - ay) * 2))
        out = []
        last = (-1, -1)
        for i in range(n + 1):
            ix = min(max(int(ax + (bx - ax) * i / n), 0), self.gw - 1)
            iy = min(max(int(ay + (by - ay) * i / n), 0), self.gh - 1)
            if (ix, iy) != last:
                last = (ix, iy)
                out.append((ix + 0.5, iy + 0.5, self.owner[ix * self.gh + iy]))
        return out

    def check(self, a: Cell, b: Cell) -> PixelVerdict:
        ea = self.pixel(*self.board.center(*a))[1]
        eb = self.pixel(*self.board.center(*b))[1]
        lo, hi = min(ea, eb), max(ea, eb)
        low_end, high_end = (a, b) if ea <= eb else (b, a)
        per_range: dict[int, int] = {}
        for x, y, cell in self.samples(a, b):
            if cell in (a, b):
                continue
            code, g = self.pixel(x, y)
            name, _cat, height, obstacle, hindrance = self.types[code]
            if g > lo:
                why = self._ground(cell, g, lo, hi, low_end, high_end)
                if why:
                    return PixelVerdict("blocked", 0, cell, why)
            if code in self.half:
                _, a1, b1 = self.board.boundary_distance(x, y)
                if a1 in (a, b) or b1 in (a, b):
                    continue  # the wall is a side of an end's hex (A6.2, B9.2)
                if g + Fraction(1, 2) >= hi:
                    return PixelVerdict("blocked", 0, cell, f"{name} (A6.21)")
                continue
            if obstacle and height:
                top = g + height
                if top > lo:
                    if top >= hi:
                        return PixelVerdict("blocked", 0, cell, f"{name}, level {top} obstacle")
                    count = _blind_count(height, self.dist(cell, high_end), hi - top, g - lo, crest=False)
                    if self.dist(cell, low_end) <= count:
                        return PixelVerdict("blocked", 0, cell, f"{name}: blind hex (A6.4)")
            if hindrance and ea == eb and g == ea:
                rng = self.dist(a, cell)
                per_range[rng] = max(per_range.get(rng, 0), 1)
        total = sum(per_range.values())
        if total >= 6:
            return PixelVerdict("blocked", total, None, "hindrance +6")
        return PixelVerdict("hindered" if total else "clear", total, None, "")

    def _ground(self, cell: Cell, g: int, lo: int, hi: int, low_end: Cell, high_end: Cell) -> str | None:
        if g > hi:
            return f"higher ground, level {g}"
        advantage = 0 if g == hi else hi - g
        count = _blind_count(0, self.dist(cell, high_end), advantage, g - lo, crest=True)
        if self.dist(cell, low_end) <= count:
            return f"crest at level {g}: blind hex"
        return None

    def depth(self, a: Cell, b: Cell, cell: Cell) -> float:
        """How far (pixels) the thread reaches into ``cell`` from its hexsides: small means it only clips a
        corner, where the printed artwork does not reach (the painter's margin)."""
        best = 0.0
        for x, y, c in self.samples(a, b):
            if c == cell:
                best = max(best, self.board.boundary_distance(x, y)[0])
        return best


def _axial(cell: Cell) -> tuple[int, int]:
    """hexmate's axial coordinates of a VASL (col, row): column number c = col + 1, printed row n; even c
    (B, D, ...) sit lower (rules/MAPS.md)."""
    col, row = cell
    c = col + 1
    n = row + (0 if col % 2 else 1)
    return c, n - (c + (c & 1)) // 2
