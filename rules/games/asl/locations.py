"""ASL Locations inside a hex (A2.8): building levels and the stairs between them.

A Location is a hex and a level: ground level 0 everywhere, and levels 1..N in a building hex whose map entry
carries the features ``building-level-1`` .. ``building-level-N`` (rules/MAPS.md; the VASL importer writes
them). A unit's level is ``UnitState.level`` (ASL notation ``h1``: ``1E4h1`` is level 1 of 1E4, A2.2).

What the chapter A text fixes, and what it leaves to chapter B (not in the text, so marked here):

* A2.8: each Location has its own stacking limit, MF cost and space; a leader at one level does not affect
  units at another.
* Changing level inside a building is done by the stairs (A10 rout examples: "climbs the stairs to level 1 of
  M2", "down the stairs to the ground level of M2"; A23 and A24 name a building's stairs). It costs **1 MF per
  level**: the A10.5 rout example reaches L4 with 4 MF and climbs to L4's level 1 "with its 5th MF".
  Which hexes hold the stairs is the map's ``stairway`` feature (B23.22 is not in the text).
* Moving from one hex to the next at an upper level stays inside the building (A10.5 example: M2 level 2 on
  to N1 level 2); a unit may not go from the ground of one hex to an upper level of the next in one step
  (A10.5 example: an Advance cannot also move up a level, so upper levels of an adjacent hex are not
  ADJACENT, A.8).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.terrain_view import table_for
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.text import T

Cost = int | Fraction
LEVEL_FEATURE = "building-level-"
STAIRWAY = "stairway"
STAIR_MF = 1  # per level changed (A10.5 rout example: level 1 of L4 reached with the 5th MF)
BUILDINGS = frozenset({"wooden-building", "stone-building"})


@dataclass(frozen=True, slots=True)
class Location:
    """A hex and a level in it (A2.8): 0 is ground level, 1.. a building's upper levels."""

    hex: Hex
    level: int = 0


def upper_levels(m: HexMap, h: Hex) -> int:
    """How many upper levels the building in h has (0: ground level only, or not a building)."""
    if m.terrain(h) not in BUILDINGS:
        return 0
    top = 0
    for f in m.features(h):
        if f.startswith(LEVEL_FEATURE) and f[len(LEVEL_FEATURE):].isdigit():
            top = max(top, int(f[len(LEVEL_FEATURE):]))
    return top


def has_stairs(m: HexMap, h: Hex) -> bool:
    return STAIRWAY in m.features(h) and upper_levels(m, h) > 0


def levels(m: HexMap, h: Hex) -> tuple[int, ...]:
    """Every level a unit may occupy in h (A2.8)."""
    return tuple(range(upper_levels(m, h) + 1))


def label(m: HexMap, loc: Location) -> str:
    """``B5`` at ground level, ``B5 level 1`` above it (A2.2 writes it ``B5h1``)."""
    return m.label(loc.hex) if loc.level == 0 else T("{hex} level {level}", hex=m.label(loc.hex),
                                                      level=loc.level)


def parse_location(m: HexMap, text: str) -> Location:
    """A2.2 notation: ``1E4`` is ground level, ``1E4h1`` level 1 of 1E4, ``1E4h-1`` the level below it (a
    cellar or the bottom of a depression). The level must be one the hex has (A2.8; -1 only where the map
    has a depression, A.6)."""
    body, sep, lv = text.strip().rpartition("h")
    if not sep or not lv.lstrip("-").isdigit() or not body:
        body, lv = text.strip(), "0"
    try:
        h = m.parse_label(body)
    except Exception as e:  # MapError: not a hex of this map
        raise IllegalAction(T("{text} is not a Location of this map: {why}", text=text, why=str(e)), "A2.2") \
            from None
    loc = Location(h, int(lv))
    if loc.level == -1 and m.terrain(h) not in table_for("asl").table.los_rules().depression:
        raise IllegalAction(T("{hex} has no level -1: not a depression", hex=m.label(h)), "A.6")
    if loc.level != -1:
        check_level(m, loc)
    return loc


def notation(m: HexMap, loc: Location) -> str:
    """A2.2 notation of a Location: ``1E4``, ``1E4h1``."""
    return m.label(loc.hex) if loc.level == 0 else f"{m.label(loc.hex)}h{loc.level}"


def parse_bypass(m: HexMap, text: str) -> tuple[Hex, tuple[Hex, ...]]:
    """A2.2 Bypass notation: ``F3-E3`` Bypasses F3 along its hexside with E3 (the Bypassed hex first);
    ``F3-E3-E4`` along a vertex's two hexsides. Returns the Bypassed hex and the hexes across the sides."""
    parts = [p for p in text.strip().split("-") if p]
    if len(parts) not in (2, 3):
        raise IllegalAction(T("{text}: a Bypass is written HEX-HEX or HEX-HEX-HEX (A2.2)", text=text), "A2.2")
    bypassed = parse_location(m, parts[0]).hex
    sides: list[Hex] = []
    for part in parts[1:]:  # the board prefix may be left off after the first hex ("3F3-E3")
        near = [n for n in m.neighbors(bypassed) if m.label(n).endswith(part)]
        exact = [n for n in near if m.label(n) == part] or near
        if len(exact) != 1:
            raise IllegalAction(T("{text}: each hex after the first must be next to the Bypassed hex (A2.2)",
                                  text=text), "A2.2")
        sides.append(exact[0])
    return bypassed, tuple(sides)


def check_level(m: HexMap, loc: Location) -> None:
    """Refuse a Location the hex does not have (A2.8)."""
    if loc.level not in levels(m, loc.hex):
        top = upper_levels(m, loc.hex)
        raise IllegalAction(
            T("{hex} has no level {level}: its building has {top} upper level(s)", hex=m.label(loc.hex),
              level=loc.level, top=top) if top else
            T("{hex} has no level {level}: only ground level", hex=m.label(loc.hex), level=loc.level),
            "A2.8",
        )


def stairs_cost(m: HexMap, h: Hex, frm: int, to: int) -> int:
    """MF to go from level ``frm`` to level ``to`` of h by its stairs: 1 MF per level (A10.5 example)."""
    if frm == to:
        return 0
    check_level(m, Location(h, to))
    if not has_stairs(m, h):
        why = T("{hex} has no stairs: a unit changes level only where the building's stairs are (A10.5 "
                "example; the stairwell hexes are the map's)", hex=m.label(h))
        raise IllegalAction(why, "A2.8")
    return STAIR_MF * abs(to - frm)


def path_levels(m: HexMap, path: Sequence[Hex], start: int, end: int) -> tuple[int, ...]:
    """The level of each Location the path enters (index 0: the start), for a path from level ``start`` of
    path[0] ending at level ``end`` of path[-1]. A repeated hex (``M2-M2-N1``) is a change to level ``end``
    by that hex's stairs, after which the unit walks on at that level while the next hex's building has it
    (A10.5 example: M2 level 2 on to N1 level 2); otherwise it first goes down its hex's stairs. The last hex
    is entered at ``end`` (climbing its stairs if need be)."""
    out = [start]
    lv = start
    for i, (a, b) in enumerate(itertools.pairwise(path)):
        if a == b or i == len(path) - 2:
            lv = end
        elif lv and lv > upper_levels(m, b):
            lv = 0
        out.append(lv)
    return tuple(out)


def path_cost(m: HexMap, path: Sequence[Hex], start: int, end: int,
              step_cost: Callable[[HexMap, Hex, Hex], Cost | None]) -> tuple[Cost, ...]:
    """The MF each step of the path costs with its stairs (A4.13, A4.133 and 1 MF per level, A10.5
    example), following :func:`path_levels`. Raises IllegalAction for a level a hex lacks or stairs it has
    not."""
    check_level(m, Location(path[0], start))
    check_level(m, Location(path[-1], end))
    costs: list[Cost] = []
    lv = start
    for i, (a, b) in enumerate(itertools.pairwise(path)):
        last = i == len(path) - 2
        if a == b:
            costs.append(stairs_cost(m, b, lv, end))
            lv = end
            continue
        if distance(a, b) != 1:
            raise IllegalAction(T("{a} and {b} are not adjacent", a=m.label(a), b=m.label(b)), "A4.2")
        extra: Cost = 0
        if lv and lv > upper_levels(m, b):
            extra = stairs_cost(m, a, lv, 0)  # down to the ground of a before leaving it
            lv = 0
        step = step_cost(m, a, b)
        if step is None:
            raise IllegalAction(T("may not enter {hex}: prohibited terrain", hex=m.label(b)), "A4.14")
        if last and end != lv:
            extra += stairs_cost(m, b, lv, end)
            lv = end
        costs.append(step + extra)
    return tuple(costs)


__all__ = ["STAIR_MF", "Location", "check_level", "has_stairs", "label", "levels", "notation",
           "parse_bypass", "parse_location", "path_cost", "path_levels", "stairs_cost", "upper_levels"]
