"""Supply traced as graph searches (8.0-8.9), from each side's sources: short legs of at most 2 hexes from a
unit to an HQ (8.3-8.6; French and German rail hexes count half, 8.3 and 8.6), then along the rail net to a
map edge, a port or a depot. A line never enters an enemy-occupied hex, and passes through an enemy zone of
control only where a friendly unit stands (7.2, 7.5, 8.2); the German depot's rail line avoids enemy zones
outright (8.6, digest A-21). Heavy fortresses give HF supply (8.3, 8.4, 8.9).

``status`` gives ``in``, ``hf`` or ``oos`` for one unit; the Administrative Phase marks the phasing side's
units with it (8.1) and nothing else ever changes it."""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.games.sw.theatre import Theatre
from hexmate.rules.hexes import Hex

IN, HF, OOS = "in", "hf", "oos"
HALF = Fraction(1, 2)


@dataclass(frozen=True)
class Lines:
    """Everything a side's supply search needs, worked out once per side and position."""

    position: Position
    theatre: Theatre
    side: str
    ezoc: frozenset[Hex]
    friends: frozenset[Hex]
    enemies: frozenset[Hex]
    controlled: Callable[[Hex], bool]
    strict_depot_ezoc: bool = True

    def passable(self, h: Hex) -> bool:
        return h in self.position.map and self.theatre.nation(h) != "NEU" and h not in self.enemies

    def through(self, h: Hex) -> bool:
        """7.2, 7.5: a line may end in an enemy zone but passes through it only where a friend stands."""
        return h not in self.ezoc or h in self.friends

    def short(self, start: Hex, budget: Fraction, rail_half: Callable[[Hex, Hex], bool] | None = None,
              controlled_only: bool = False) -> dict[Hex, Fraction]:
        """Hexes within ``budget`` of ``start`` by a line of passable hexes (8.3-8.6: 2 hexes, rail
        halves)."""
        best: dict[Hex, Fraction] = {start: Fraction(0)}
        heap: list[tuple[Fraction, int, int, Hex]] = [(Fraction(0), start.q, start.r, start)]
        while heap:
            d, _, _, h = heapq.heappop(heap)
            if d > best.get(h, d):
                continue
            if h != start and not self.through(h):
                continue  # reached, but no further
            for n in self.position.map.neighbors(h):
                if not self.passable(n) or (controlled_only and not self.controlled(n)):
                    continue
                step = HALF if rail_half is not None and rail_half(h, n) else Fraction(1)
                nd = d + step
                if nd <= budget and nd < best.get(n, budget + 1):
                    best[n] = nd
                    heapq.heappush(heap, (nd, n.q, n.r, n))
        return best

    def rail(self, start: Hex, goal: Callable[[Hex], bool], strict: bool = False) -> bool:
        """Along connected rail links, any length, free of enemy units (and of enemy zones: through only where
        friends stand, or never when ``strict``, 8.6), to a hex ``goal`` accepts."""
        def ok(h: Hex) -> bool:
            if not self.passable(h):
                return False
            return h not in self.ezoc if strict else (h == start or self.through(h))

        if not ok(start):
            return False
        seen = {start}
        todo = deque([start])
        while todo:
            h = todo.popleft()
            if goal(h):
                return True
            for n in self.theatre.rail_neighbours(h):
                if n not in seen and ok(n):
                    seen.add(n)
                    todo.append(n)
        return False


def nation(unit: UnitState) -> str:
    return str(unit.values.get("nation", ""))


def lines_for(position: Position, theatre: Theatre, side: str, ezoc: frozenset[Hex],
              controlled: Callable[[Hex], bool], strict: bool = True) -> Lines:
    friends = frozenset(u.hex for u in position.units.values() if u.side == side and u.hex is not None)
    enemies = frozenset(u.hex for u in position.units.values() if u.side != side and u.hex is not None)
    return Lines(position, theatre, side, ezoc, friends, enemies, controlled, strict)


def status(lines: Lines, unit: UnitState, german: bool, hf_for_all: bool = True) -> str:
    """8.3-8.6 by nation, then 8.9: normal supply if any line is open, else HF supply in a heavy fortress,
    else out of supply."""
    if unit.hex is None:
        return IN
    if unit.type == "fort":
        return IN  # 8.0: forts are not units that need supply (they never move or attack)
    if traced(lines, unit, german):
        return IN
    t = lines.theatre
    h = unit.hex
    if "heavy-fortress" in lines.position.map.features(h):
        n = nation(unit)
        if n == "BRI":  # 8.4: only Liège or Maubeuge
            name = t.names.get(h, "")
            return HF if name.split(" ")[0] in ("Liège", "Liege", "Maubeuge") else OOS
        if n == "FRA":
            return HF if t.nation(h) == "FRA" else OOS  # 8.3: a French heavy fortress
        return HF if hf_for_all else OOS  # 8.9's general wording (digest A-16)
    return OOS


def traced(lines: Lines, unit: UnitState, german: bool) -> bool:
    assert unit.hex is not None
    t = lines.theatre
    pos = lines.position
    n = nation(unit)
    if unit.type == "depot":
        return lines.rail(unit.hex, lambda h: _german_source(t, h), strict=lines.strict_depot_ezoc)
    if n == "BEL" and t.nation(unit.hex) == "BEL":
        return True  # 8.5: always in supply in Belgium
    entente_source = _entente_source(t)
    hqs = [u for u in pos.units.values() if u.type == "hq" and u.side == unit.side and u.hex is not None]
    if german:
        return _german(lines, unit, hqs)
    if n == "FRA":
        usable = [u for u in hqs if nation(u) == "FRA"]

        def half(a: Hex, b: Hex) -> bool:  # 8.3: each French rail hex counts half
            return t.rail_link(a, b) and t.nation(b) == "FRA"
        near = lines.short(unit.hex, Fraction(2), half)
    elif n == "BRI":
        usable = [u for u in hqs if nation(u) in ("BRI", "FRA")]
        near = lines.short(unit.hex, Fraction(2))
    else:  # Belgian (8.5), and any other Entente nation alike
        usable = [u for u in hqs if nation(u) == n]
        near = lines.short(unit.hex, Fraction(2))
    for hq in usable:
        assert hq.hex is not None
        if hq.hex not in near:
            continue
        if t.on_rail(hq.hex) and lines.rail(hq.hex, entente_source):
            return True
        if n == "BRI" and nation(hq) == "BRI":  # 8.4: through the BEF HQ, a friendly port will do
            def port(h: Hex) -> bool:
                return h in t.ports and lines.controlled(h)
            if port(hq.hex) or (t.on_rail(hq.hex) and lines.rail(hq.hex, port)):
                return True
    return False


def _entente_source(t: Theatre) -> Callable[[Hex], bool]:
    edge = t.edge("south") | t.edge("west")
    return lambda h: h in edge and t.nation(h) != "NEU"  # 8.3: grid-numbered south or west edge hexes


def _german_source(t: Theatre, h: Hex) -> bool:
    return h in t.edge("east") and t.nation(h) == "GER"  # 8.6: a German hex on the east edge


def _german(lines: Lines, unit: UnitState, hqs: Iterable[UnitState]) -> bool:
    """8.6: unit -> HQ (2 hexes) -> depot (2 hexes of friendly-controlled hexes, rail halves) -> rail to the
    east edge, clear of enemy units and zones; or HQ -> a German rail hex within 2 hexes that traces so; or
    any unit within 2 hexes of a German city that traces so."""
    assert unit.hex is not None
    t = lines.theatre
    pos = lines.position
    strict = lines.strict_depot_ezoc

    def east(h: Hex) -> bool:
        return lines.rail(h, lambda x: _german_source(t, x), strict=strict)

    near = lines.short(unit.hex, Fraction(2))
    depots = [u for u in pos.units.values()
              if u.type == "depot" and u.side == unit.side and u.hex is not None]
    for hq in hqs:
        if nation(hq) not in ("GER", "") or hq.hex not in near:
            continue
        reach = lines.short(hq.hex, Fraction(2), t.rail_link, controlled_only=True)
        for depot in depots:
            if depot.hex in reach and east(depot.hex):
                return True
        hq_reach = lines.short(hq.hex, Fraction(2))
        for h in hq_reach:
            if t.nation(h) == "GER" and t.on_rail(h) and east(h):
                return True
    for h in near:
        if pos.map.terrain(h) == "city" and t.nation(h) == "GER" and lines.controlled(h) and t.on_rail(h) \
                and east(h):
            return True
    return False
