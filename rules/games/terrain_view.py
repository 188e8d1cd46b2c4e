"""What the game modules ask of terrain: a movement cost function per mover, a target's TEM or fire shift,
and a line of sight. Backed by rules-geo's terrain tables and LOS when they are present
(``hexmate.rules.terrain``, ``hexmate.rules.los``); until then by the interim tables below, which hold only
numbers the digests state (each cited) and a plain obstacle LOS.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hexmate.rules.hexes import Hex, StepKind, line
from hexmate.rules.maps import HexMap, road_between

Cost = int | Fraction
CostFn = Callable[[HexMap, Hex, Hex], Cost | None]


@dataclass(frozen=True)
class Sight:
    blocked: bool
    hindrance: int
    reason: str


@dataclass(frozen=True)
class InterimTable:
    """Per terrain: entry cost per mover (None = prohibited), TEM, obstacle (blocks LOS), hindrance."""

    game: str
    cost: Mapping[str, Mapping[str, Cost | None]]
    hexside_cost: Mapping[str, Cost]
    road_cost: Mapping[str, Cost]
    tem_by_terrain: Mapping[str, int]
    obstacles: frozenset[str]
    hindrances: frozenset[str]
    rule: str
    double_uphill: bool = False
    climb: Cost = 0
    free_on_city: frozenset[str] = frozenset()

    def cost_fn(self, mover: str) -> CostFn:
        table = self.cost[mover]

        def fn(m: HexMap, a: Hex, b: Hex) -> Cost | None:
            terrain = m.terrain(b)
            if terrain not in table:
                return None
            base = table[terrain]
            if base is None:
                return None
            side = m.hexside(a, b)
            if mover in self.road_cost and road_between(m, a, b):
                base = self.road_cost[mover]
            if self.double_uphill and m.level(b) > m.level(a):
                base = base * 2  # ASL A4.133: one level up doubles the cost
            if self.climb and m.level(b) > m.level(a):
                base = base + self.climb * (m.level(b) - m.level(a))  # Fire Team [5.14]
            extra: Cost = 0
            for feature in side:
                if feature in self.free_on_city and ("city" in (m.terrain(a), m.terrain(b))):
                    continue  # SW [10.5]: no river cost entering or leaving a city
                extra += self.hexside_cost.get(feature, 0)
            return base + extra

        return fn

    def tem(self, m: HexMap, h: Hex) -> int:
        return self.tem_by_terrain.get(m.terrain(h), 0)

    def fire_shift(self, m: HexMap, h: Hex) -> int:
        return -self.tem(m, h)

    def line_of_sight(self, m: HexMap, a: Hex, b: Hex) -> Sight:
        """A plain LOS: blocked by an obstacle or higher ground strictly between; hindrance hexes add +1."""
        top = max(m.level(a), m.level(b))
        hindrance = 0
        for step in line(a, b).steps:
            if step.kind is StepKind.VERTEX:
                continue
            inner = [h for h in step.hexes if h not in (a, b)]
            if not inner:
                continue
            blocking = [
                h
                for h in inner
                if m.terrain(h) in self.obstacles
                and m.level(h) + 1 > top - 0
                and m.level(h) >= min(m.level(a), m.level(b))
            ]
            higher = [h for h in inner if m.level(h) > top]
            # along a hexside (hexspine) both hexes must block (A6.1's inherent-terrain reading)
            need = len(inner) if step.kind is StepKind.HEXSIDE else 1
            if len(blocking) >= need or len(higher) >= need:
                what = higher[0] if len(higher) >= need else blocking[0]
                return Sight(
                    True,
                    0,
                    f"{m.label(what)} ({m.terrain(what)}, level {m.level(what)}) is in the way ({self.rule})",
                )
            if any(m.terrain(h) in self.hindrances for h in inner):
                hindrance += 1
        return Sight(False, hindrance, "clear" if not hindrance else f"{hindrance} hindrance hex(es)")


ASL = InterimTable(
    game="asl",
    # A4.4 digest table: open 1, woods 2, buildings 2; grain and orchard are entered as open ground here.
    cost={
        "infantry": {
            "open": 1,
            "grain": 1,
            "orchard": 1,
            "woods": 2,
            "wooden-building": 2,
            "stone-building": 2,
        }
    },
    hexside_cost={"wall": 1, "hedge": 1},  # A4.131 / A4.31 example: a wall adds 1 MF
    road_cost={"infantry": 1},  # A4.132
    # A7.6: woods +1, wall +2, building +2 (stone +3 per the A8.41 example)
    tem_by_terrain={"woods": 1, "wooden-building": 2, "stone-building": 3},
    obstacles=frozenset({"woods", "wooden-building", "stone-building"}),
    hindrances=frozenset({"grain", "orchard"}),
    rule="A6.2",
    double_uphill=True,
)
PG = InterimTable(
    game="pg",
    cost={
        "foot": {
            "open": 1,
            "clear": 1,
            "grain": 1,
            "orchard": 1,
            "woods": 2,
            "wooden-building": 2,
            "stone-building": 2,
        }
    },
    hexside_cost={},
    road_cost={},
    tem_by_terrain={"woods": 1, "wooden-building": 1, "stone-building": 2},
    obstacles=frozenset({"woods", "wooden-building", "stone-building"}),
    hindrances=frozenset(),
    rule="8.4",
)
FIRETEAM = InterimTable(
    game="fireteam",
    # [5.14] open 1, [6.65] woods 1.5; climb +1 per level [5.14]
    cost={
        "infantry": {
            "open": 1,
            "grain": 1,
            "orchard": 1,
            "woods": Fraction(3, 2),
            "wooden-building": 2,
            "stone-building": 2,
        }
    },
    hexside_cost={},
    road_cost={},
    tem_by_terrain={"wooden-building": 3, "stone-building": 4},  # [17.2]
    obstacles=frozenset({"woods", "wooden-building", "stone-building"}),
    hindrances=frozenset(),
    rule="6.1",
    climb=1,
)
SW = InterimTable(
    game="sw",
    # [10.4]/[10.5]: clear 1 (likely), forest 2; river hexside +1 except into or out of a city
    cost={"corps": {"clear": 1, "forest": 2, "rough": 2, "marsh": 3, "city": 1}},
    hexside_cost={"river": 1},
    road_cost={},
    tem_by_terrain={},
    obstacles=frozenset(),
    hindrances=frozenset(),
    rule="",
    free_on_city=frozenset({"river"}),
)
INTERIM: Mapping[str, InterimTable] = {"asl": ASL, "pg": PG, "fireteam": FIRETEAM, "sw": SW}


def table_for(game: str, data_dir: Any) -> InterimTable:
    return INTERIM[game]
