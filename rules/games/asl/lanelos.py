"""ASL Residual and Fire Lane attacks: which hindrances are DRMs and which only cancel FFMO (A8.2, A9.222).

A8.2: a Residual FP attack takes the target Location's TEM (not a hexside's) and its SMOKE hindrance as DRMs.
A9.222: a Fire Lane's residual is always traced from its MG, so the hindrances along that LOS are DRMs of its
attacks, except SMOKE, grain, brush and marsh (and FFE, heavy dust and huts, none of which this game has):
these are not DRMs, but they cancel FFMO. Brush and marsh are chapter B terrain the maps here do not have; the
names are listed so a map that has them is read right.
"""

from __future__ import annotations

import dataclasses

from hexmate.rules.games.asl import los as asl_los
from hexmate.rules.games.asl import special as sp
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl.locations import Location
from hexmate.rules.games.base import Position
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap

NO_DRM = frozenset({"grain", "brush", "marsh"})  # A9.222, with SMOKE
_CLEARED: dict[int, tuple[HexMap, HexMap]] = {}


def _cleared(m: HexMap) -> HexMap:
    """The map with its grain, brush and marsh read as Open Ground (once per map)."""
    hit = _CLEARED.get(id(m))
    if hit is not None and hit[0] is m:
        return hit[1]
    data = {h: dataclasses.replace(m.data(h), terrain="open") if m.terrain(h) in NO_DRM else m.data(h)
            for h in m.hexes}
    out = dataclasses.replace(m, _data=data)
    if len(_CLEARED) > 8:
        _CLEARED.clear()
    _CLEARED[id(m)] = (m, out)
    return out


def lane(position: Position, origin: Hex, here: Hex) -> tuple[int, int]:
    """A9.222: (the hindrance DRM of the lane's attack in ``here``, the hindrance that only cancels FFMO)."""
    a = Location(origin, asl_terrain.level_at(position, origin))
    b = Location(here, asl_terrain.level_at(position, here))
    full = asl_los.location_los(position.map, a, b, asl_terrain.smoke_at(position)).hindrance
    rest = asl_los.location_los(_cleared(position.map), a, b, None).hindrance
    return rest, full - rest


def location_smoke(position: Position, here: Hex) -> int:
    """A8.2: the SMOKE hindrance of the Residual's own Location, a DRM of its attack."""
    return sp.location_smoke_drm(asl_terrain.smoke_at(position).get(here, ()))


__all__ = ["NO_DRM", "lane", "location_smoke"]
