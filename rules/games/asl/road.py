"""ASL road movement into an obstacle hex and the First Fire at it (A4.132).

A unit that enters a woods or building hex across a road hexside pays the road's MF, not the terrain's, and
is on the road, not in the terrain: the hex's TEM does not protect it from Defensive First Fire there. FFMO
(A4.6) applies against a firer whose LOS reaches the point where the road crosses the hexside it came in by
without crossing the hex's artwork or any other obstacle, and with no LOS hindrance (A4.132 b). The centre-dot
case (A4.132 a) needs the artwork of the hex, which hexmate's maps do not draw: a hex's obstacle is read as
filling it, so only the crossing point is traced (bypass.point_view, the same swappable trace as A4.34).
"""

from __future__ import annotations

from hexmate.rules.games.asl import bypass
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.base import Position
from hexmate.rules.hexes import Hex, center
from hexmate.rules.maps import road_between


def entered_by_road(position: Position, target: Hex) -> Hex | None:
    """The hex the units moving in ``target`` now came from, when they came along a road into an obstacle
    hex for the road's cost (A4.132); else None."""
    moving = position.state.moving
    if moving is None or moving.at == 0 or moving.here != target:
        return None
    came = moving.path[moving.at - 1]
    m = position.map
    if not road_between(m, came, target) or m.terrain(target) not in bypass.OBSTACLES:
        return None
    step = asl_terrain.infantry_cost_fn(position)(m, came, target)
    terrain_only = asl_terrain.infantry_cost_fn(position)(m, target, target)
    return came if step is not None and terrain_only is not None and step < terrain_only else None


def ffmo(position: Position, firer: Hex, came: Hex, target: Hex) -> bool:
    """A4.132 b: does this firer see the road's hexside crossing point clear of artwork and hindrance?"""
    (x1, y1), (x2, y2) = center(came), center(target)
    point = ((x1 + x2) / 2, (y1 + y2) / 2)
    views = [bypass.point_view(position, firer, target, point, (came,), nudge) for nudge in (1e-6, -1e-6)]
    return any(v.seen and v.ffmo for v in views)
