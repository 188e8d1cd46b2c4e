"""ASL firepower arithmetic (A7.2-A7.36, A8.4, A9.3, A9.5, A22.1): the modified FP of one firing unit or
weapon against one target Location, each factor with its rule, and the IFT column after Cowering (A7.9). Pure:
the caller says the range, the phase and the causes of Area Fire; fire.py works them out from the position.

>>> fp, steps = shot_fp(Shot("a", 4, 6), 1, phase="PFPh")
>>> fp
Fraction(8, 1)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from hexmate.rules.charts import Axis
from hexmate.rules.hexes import Hex, center
from hexmate.rules.text import T

Step = tuple[T, str]  # a sentence and its rule


@dataclass(frozen=True)
class Shot:
    """One firing unit's inherent FP or one weapon it fires (A7.35). ``kind``: inherent, mg, ft or sw."""

    id: str
    fp: int
    range: int
    kind: str = "inherent"
    assault_fire: bool = False  # underlined FP (A7.36)
    spray: bool = False  # underlined range: the squad may spray (A7.34)
    pinned: bool = False
    opportunity: bool = False  # A7.25: marked for Opportunity Fire: no AFPh halving


def fmt(x: Fraction | int) -> str:
    """A FP as players write it: 10 1/2."""
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    whole, rest = divmod(x.numerator, x.denominator)
    return f"{whole} {rest}/{x.denominator}" if whole else f"{rest}/{x.denominator}"


def max_range(shot: Shot) -> int:
    """A7.22: Long Range reaches twice the normal range; a FT only one hex beyond it (A22.1)."""
    return shot.range + 1 if shot.kind == "ft" else 2 * shot.range


def shot_fp(shot: Shot, distance: int, *, phase: str, area: Sequence[Step] = (), sustained: bool = False,
            level_diff: int = 0, aboard: Sequence[Step] = ()) -> tuple[Fraction, list[Step]]:
    """The modified FP of one shot and its working. Fractions are kept (A7.2); doubling and halving combine.

    - TPBF x3 in the firer's own Location, PBF x2 adjacent (A7.21); not for a FT (A22.1)
    - Long Range x1/2 beyond normal range (A7.22)
    - Area Fire x1/2 for each cause given (A7.23: a concealed target, spraying, SFF/FPF, Final Fire after
      First Fire, A8.4), plus Sustained Fire for a MG (A9.3) and a MG fired by a pinned unit (A7.81)
    - the AFPh x1/2 (A7.24; not a FT, A22.1, nor a unit marked for Opportunity Fire, A7.25)
    - a pinned unit's inherent FP x1/2 (A7.8)
    - Assault Fire +1 to inherent FP in the AFPh, rounded up, not at Long Range (A7.36)
    - a FT at a target two levels up or down x1/2 (A22.32)
    - x1/2 for each cause of firing from aboard a vehicle given in ``aboard`` (D6.1, D6.22, D2.42: mounted.py)
    """
    fp = Fraction(shot.fp)
    steps: list[Step] = [(T("{fp} FP", fp=fmt(fp)), "A7.2")]
    ft = shot.kind == "ft"
    if not ft and distance == 0:
        fp *= 3
        steps.append((T("x3 Triple Point Blank Fire"), "A7.21"))
    elif not ft and distance == 1:
        fp *= 2
        steps.append((T("x2 Point Blank Fire"), "A7.21"))
    long_range = distance > shot.range
    if long_range:
        fp /= 2
        steps.append((T("x1/2 Long Range"), "A22.1" if ft else "A7.22"))
    if ft and abs(level_diff) == 2:
        fp /= 2
        steps.append((T("x1/2 flamethrower two levels up or down"), "A22.32"))
    causes = list(area)
    if shot.kind == "mg" and sustained:
        causes.append((T("Sustained Fire"), "A9.3"))
    if shot.kind == "mg" and shot.pinned:
        causes.append((T("MG fired by a pinned unit"), "A7.81"))
    for why, rule in causes:
        fp /= 2
        steps.append((T("x1/2 Area Fire: {why}", why=why), rule))
    for why, rule in aboard:
        fp /= 2
        steps.append((T("x1/2 {why}", why=why), rule))
    if phase == "AFPh" and not ft and shot.opportunity:
        steps.append((T("Opportunity Fire: not halved in the AFPh"), "A7.25"))
    elif phase == "AFPh" and not ft:
        fp /= 2
        steps.append((T("x1/2 Advancing Fire"), "A7.24"))
    if shot.kind == "inherent" and shot.pinned:
        fp /= 2
        steps.append((T("x1/2 pinned"), "A7.8"))
    if phase == "AFPh" and shot.kind == "inherent" and shot.assault_fire and not long_range:
        fp = Fraction(math.ceil(fp + 1))
        steps.append((T("+1 Assault Fire, rounded up"), "A7.36"))
    steps.append((T("= {fp} FP", fp=fmt(fp)), "A7.2"))
    return fp, steps


def join(parts: Sequence[T]) -> T:
    """Sentences one after another, still translatable: each pair is a template of its own."""
    if not parts:
        raise ValueError("nothing to join")
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = T("{first} {rest}", first=part, rest=out)
    return out


def listing(parts: Sequence[str]) -> str:
    """Items one after another with commas, still translatable ("known 1MC, concealed NMC")."""
    if not parts:
        return ""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = T("{first}, {rest}", first=part, rest=out)
    return out


def summary(action: str, results: Sequence[str]) -> T:
    """An attack's title as facts: the action's text form and each target group's result, "fire a-1 at C4
    dice 3,4: known 1MC" in English; a page says the action as its log does (host/service/views)."""
    return T("{action}: {results}", action=action, results=listing(results))


def working(unit: str, counter: str, steps: Sequence[Step]) -> T:
    """One shot's FP working as players read it: 'a-1 (4-6-7): 4 FP x2 Point Blank Fire (A7.21) = 8 FP'."""
    middle = [T("{step} ({rule})", step=s, rule=r) for s, r in steps[1:-1]]
    return T("{unit} ({counter}): {working}", unit=unit, counter=counter,
             working=join([steps[0][0], *middle, steps[-1][0]]))


def column(axis: Axis, total: Fraction, shift: int) -> int | None:
    """A7.3 step 4: the right-most FP column not above the total; Cowering moves it ``shift`` columns left
    (A7.9). None: below the first column, or shifted off the chart (no effect)."""
    col = axis.locate(total)
    if col is None:
        return None
    col -= shift
    return col if col >= 0 else None


def spraying_ok(shots: Sequence[Shot], distances: Sequence[int], targets_adjacent: bool) -> T | None:
    """Why this spraying fire is not allowed, or None: it attacks two adjacent Locations (A9.5); it needs a MG
    in the attack (A9.5) or a squad with underlined range, which sprays within three hexes (A7.34)."""
    if len(distances) != 2 or not targets_adjacent:
        return T("spraying fire attacks two adjacent Locations (A9.5)")
    if any(s.kind == "mg" for s in shots):
        return None
    if not all(s.kind == "inherent" and s.spray for s in shots):
        return T("only a MG or a squad with underlined range may spray (A7.34, A9.5)")
    if max(distances) > 3:
        return T("a squad sprays only within three hexes (A7.34)")
    return None


# --- Encirclement (A7.7) ---


def entry_position(target: Hex, firer: Hex) -> int:
    """Where a firer's LOS enters the target hex, as one of 12 positions round it at 30 degree steps: even
    positions are hexspines (vertices), odd ones hexsides. A LOS exactly along a hexspine enters at that
    vertex (A7.7 example: U2 fires at T3 along T3's hexspine)."""
    tx, ty = center(target)
    fx, fy = center(firer)
    angle = math.degrees(math.atan2(fy - ty, fx - tx)) % 360.0
    sixth = angle / 60.0  # flat-topped hexes: vertices every 60 degrees from east
    if abs(sixth - round(sixth)) < 1e-9:
        return (2 * round(sixth)) % 12
    return (2 * math.floor(sixth) + 1) % 12


def encircles(positions: Iterable[int]) -> bool:
    """A7.7: the qualifying attacks' LOS enter the target through opposite hexspines, opposite hexsides (three
    vertices between them both ways), or three non-adjacent hexsides. On the 12 positions round the hex this
    is: no gap of more than half the circle between consecutive entries. (The digest's formalisation,
    checked here against the text's three cases and both examples.)"""
    ps = sorted({p % 12 for p in positions})
    if len(ps) < 2:
        return False
    gaps = [(ps[(i + 1) % len(ps)] - ps[i]) % 12 or 12 for i in range(len(ps))]
    return max(gaps) <= 6
