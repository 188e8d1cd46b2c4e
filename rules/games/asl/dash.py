"""ASL Dash (A4.63): across a road from a Location beside it to the one facing it, at half the fire.

A move ``as dash`` is declared before the unit spends any MF: exactly three hexes, the start, a road hex and a
hex across the road (A4.63: straight from beside the road into it and on into the Location facing it), whose
two entries together cost no more than the unit's MF allowance. Nothing else is spent: the unit ends its MPh
in the destination. While it stands in the road hex, Defensive First Fire from a non-ordnance weapon is Area
Fire (FP halved) for each firer that sees neither the start nor the destination as Open Ground: a Location
out of that firer's LOS counts as not open. FFNAM and FFMO apply as usual. A unit pinned or broken in the
road hex stops there and loses the Dash (``can_continue`` in game.py stops it; the marker goes with the move).

Open Ground for one firer (A10.531, as the Dash needs it): the Location is in its LOS with no TEM and no LOS
hindrance. The same swappable LOS the rest of ASL uses (terrain.line_of_sight) decides it.
"""

from __future__ import annotations

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

MARKER = "dash"


def check(position: Position, units: list[UnitState], path: tuple[Hex, ...]) -> None:
    """IllegalAction unless ``path`` is a Dash: start, road hex, the hex across the road (A4.63)."""
    m = position.map
    if len(path) != 3:
        raise IllegalAction(T("a Dash is two hexes: into the road hex and across it"), "A4.63")
    start, road, to = path
    if "road" not in m.features(road) and not m.road_exits(road):
        raise IllegalAction(T("{hex} is not a road hex: a Dash crosses a road", hex=m.label(road)), "A4.63")
    if to - road != road - start:  # straight on: the Location facing the start across the road
        raise IllegalAction(
            T("{hex} does not face {start} across the road", hex=m.label(to), start=m.label(start)), "A4.63")
    if any(u.has(MARKER) for u in units):
        raise IllegalAction(T("a unit Dashes once, and spends nothing else that MPh"), "A4.63")


def open_for(position: Position, firer: Hex, h: Hex) -> bool:
    """Is ``h`` Open Ground as this firer sees it (A10.531)? Out of its LOS it is not (A4.63)."""
    if firer == h:
        return False
    sight = asl_terrain.line_of_sight(position, firer, h)
    return not sight.blocked and not sight.hindrance and asl_terrain.tem(position, h) <= 0


def dashing(position: Position, target: Hex) -> tuple[Hex, Hex] | None:
    """(start, destination) of the Dash of the units moving through the road hex ``target`` now, if any."""
    moving = position.state.moving
    if moving is None or moving.at != 1 or moving.here != target or len(moving.path) != 3:
        return None
    movers = [position.units[u] for u in moving.units if u in position.units]
    if not movers or not all(u.has(MARKER) for u in movers):
        return None
    if any(u.has("pinned") or u.has("broken") or u.has("berserk") or u.has("wounded") for u in movers):
        return None  # A4.63: the Dash is lost at once
    return moving.path[0], moving.path[2]


def halves(position: Position, firer: Hex, target: Hex) -> bool:
    """Is this firer's (non-ordnance) First Fire at the Dashing units in ``target`` Area Fire (A4.63)?"""
    ends = dashing(position, target)
    if ends is None:
        return False
    return not any(open_for(position, firer, h) for h in ends)
