"""Dice statistics from a record: the faces each side's rolls showed (and the whole game's), a chi-square
test of fit against fair dice and a bar chart as inline SVG, the fairness check players ask for.

The p-value is the chi-square distribution's upper tail, computed here in closed form (degrees of freedom
= faces - 1: 5 for a d6, 9 for a d10) rather than through scipy: for integer or half-integer shape the
regularised upper incomplete gamma function is a finite sum (with erfc for the half-integer case).

>>> round(chi_square_p(11.07, 5), 3)  # the textbook 5% critical value of 5 degrees of freedom
0.05
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from typing import Any

from hexmate.host.sealed import is_sealed


def chi_square_p(x: float, df: int) -> float:
    """P(X >= x) for X chi-square distributed with ``df`` degrees of freedom."""
    if x <= 0:
        return 1.0
    y = x / 2
    if df % 2 == 0:  # Q(k, y) = e^-y * sum_{i<k} y^i / i!
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= y / i
            total += term
        return min(1.0, math.exp(-y) * total)
    # Q(n + 1/2, y) = erfc(sqrt y) + e^-y * sum_{i<n} y^(i+1/2) / Gamma(i + 3/2)
    total = math.erfc(math.sqrt(y))
    term = math.sqrt(y) / math.gamma(1.5)
    for i in range(df // 2):
        total += math.exp(-y) * term
        term *= y / (i + 1.5)
    return min(1.0, total)


@dataclass(frozen=True)
class FaceCounts:
    """How often each face of one kind of die came up, for one side (or the whole game)."""

    who: str
    sides: int
    counts: tuple[int, ...]  # counts[0] is face 1

    @property
    def n(self) -> int:
        return sum(self.counts)

    @property
    def chi_square(self) -> float:
        expected = self.n / self.sides
        return sum((c - expected) ** 2 / expected for c in self.counts) if self.n else 0.0

    @property
    def p_value(self) -> float:
        return chi_square_p(self.chi_square, self.sides - 1)

    @property
    def mean(self) -> float:
        return sum((i + 1) * c for i, c in enumerate(self.counts)) / self.n if self.n else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"who": self.who, "sides": self.sides, "n": self.n, "counts": list(self.counts),
                "chi_square": round(self.chi_square, 3), "p_value": round(self.p_value, 4),
                "mean": round(self.mean, 3), "enough": self.n >= 5 * self.sides}

    def svg(self, width: int = 240, height: int = 120) -> str:
        """Bars per face, with the fair expectation as a dashed line."""
        pad, top = 18, 8
        bar_w = (width - 2 * pad) / self.sides
        peak = max([*self.counts, self.n / self.sides, 1])
        scale = (height - pad - top) / peak
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="dice-chart" width="{width}" '
                 f'height="{height}" role="img" '
                 f'aria-label="{escape(self.who)}: faces of {self.n} d{self.sides}">']
        for i, c in enumerate(self.counts):
            x = pad + i * bar_w
            h = c * scale
            parts.append(f'<rect x="{x + 2:.1f}" y="{height - pad - h:.1f}" width="{bar_w - 4:.1f}" '
                         f'height="{h:.1f}" fill="#4a7"><title>{i + 1}: {c}</title></rect>')
            parts.append(f'<text x="{x + bar_w / 2:.1f}" y="{height - 4}" font-size="10" '
                         f'text-anchor="middle">{i + 1}</text>')
        ey = height - pad - self.n / self.sides * scale
        parts.append(f'<line x1="{pad}" x2="{width - pad}" y1="{ey:.1f}" y2="{ey:.1f}" stroke="#c33" '
                     f'stroke-dasharray="4 3"><title>fair: {self.n / self.sides:.1f} each</title></line>')
        parts.append("</svg>")
        return "".join(parts)


def dice_stats(entries: Iterable[Any]) -> list[FaceCounts]:
    """Per side (the side whose roll it was) and for the whole game, every die the board rolled for a roll
    the game used, by kind of die (d6, d10). Record entries as ``record.read`` gives them."""
    counts: dict[tuple[str, int], list[int]] = {}
    sides_of: dict[int, int] = {}
    for e in entries:
        if is_sealed(e.data):
            continue  # sealed until the game ends (host/sealed.py): counted once the reveal opens it
        if e.kind == "armed":
            sides_of[int(e.data["request"])] = int(e.data["sides"])
        elif e.kind == "dice" and e.data.get("used"):
            values = [int(v) for v in e.data["values"]]
            sides = sides_of.get(int(e.data["request"]), 10 if max(values) > 6 else 6)
            for who in (str(e.data.get("side") or "?"), "game"):
                bucket = counts.setdefault((who, sides), [0] * sides)
                for v in values:
                    if 1 <= v <= sides:
                        bucket[v - 1] += 1
    order = sorted(counts, key=lambda k: (k[0] == "game", k[0], k[1]))
    return [FaceCounts(who, sides, tuple(counts[(who, sides)])) for who, sides in order]
