"""ASL terrain access for the game module: movement cost, TEM and LOS through the game's terrain view."""

from __future__ import annotations

from hexmate.rules.games.asl import los as asl_los
from hexmate.rules.games.base import Position
from hexmate.rules.games.terrain_view import CostFn, Sight, table_for
from hexmate.rules.hexes import Hex
from hexmate.rules.los import LosResult
from hexmate.rules.maps import HexMap
from hexmate.rules.movement import Cost
from hexmate.rules.text import T

__all__ = ["CostFn", "Sight", "infantry_cost_fn", "infantry_only_tem", "level_at", "line_of_sight",
           "location_los", "smoke_at", "tem"]


def infantry_cost_fn(position: Position) -> CostFn:
    """MF for infantry to step between adjacent hexes (A4.13-A4.133: a hexside's own MF, a wall's say, on top
    of the COT of the hex entered, A4.131), None where entry is prohibited; in the MPh and the RtPh one more
    to enter a hex with SMOKE (A24.7; a hex's SMOKE counts for its Locations)."""
    base = table_for("asl", None).cost_fn("infantry")
    smoky = {h for h, _ in getattr(position.state.game, "smoke", ())}
    if not smoky or position.phase.id not in ("MPh", "RtPh"):
        return base

    def cost(hex_map: HexMap, a: Hex, b: Hex) -> Cost | None:
        step = base(hex_map, a, b)
        return step + 1 if step is not None and a != b and b in smoky else step  # A24.7

    return cost


def tem(position: Position, h: Hex) -> int:
    """The target Location's Terrain Effects Modifier (A7.6)."""
    return table_for("asl", None).tem(position.map, h)


def infantry_only_tem(position: Position, h: Hex) -> int:
    """The part of h's TEM that protects infantry only (a shellhole's, per the A7.308 example): a vehicle
    there, and the units aboard it, are attacked without it."""
    entry = table_for("asl", None).table.entry(position.map.terrain(h))
    only = entry.tem_infantry_only
    return tem(position, h) if only is not None and only.value else 0


def level_at(position: Position, h: Hex, *, seen_only: bool = False) -> int:
    """The level of the Location the units in h stand in (A2.8): their common level, ground level when the
    hex is empty or its units stand at different levels (then pass the level you mean). ``seen_only``: only
    units not concealed count (a check shown on a shared page must not tell where a hidden unit is, A12)."""
    found = {u.level for u in position.units.values() if u.hex == h and not (seen_only and u.concealed)}
    return found.pop() if len(found) == 1 else 0


def smoke_at(position: Position) -> asl_los.SmokeMap:
    """The SMOKE counters on the map (A24), from the game state."""
    return asl_los.smoke_map(getattr(position.state.game, "smoke", ()))


def location_los(position: Position, a: Hex, b: Hex, a_level: int | None = None,
                 b_level: int | None = None) -> LosResult:
    """The full verdict between the Locations at a and b (levels as ``line_of_sight``), for the pages."""
    la = level_at(position, a) if a_level is None else a_level
    lb = level_at(position, b) if b_level is None else b_level
    ends = asl_los.Location(a, la), asl_los.Location(b, lb)
    return asl_los.location_los(position.map, *ends, smoke_at(position))


def line_of_sight(position: Position, a: Hex, b: Hex, a_level: int | None = None,
                  b_level: int | None = None) -> Sight:
    """LOS from the Location at a to the one at b (A6): blocked or not, the hindrance DRM (A6.7, SMOKE A24.2)
    and the reason with its rule. Levels default to those of the units standing there (``level_at``)."""
    r = location_los(position, a, b, a_level, b_level)
    reason = T("{reason} ({rule})", reason=r.reason, rule=r.rule) if r.rule and r.rule not in r.reason \
        else r.reason
    return Sight(bool(r.blocked), int(r.hindrance), reason)
