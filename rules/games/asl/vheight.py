"""ASL D6.61 (with D5.31): fire from a height advantage greater than the range at an armored halftrack's
passengers. Pure.

D6.61: a BU armored halftrack's passengers are attacked only through the halftrack itself (A7.211 aside),
unless the firer's height advantage over the halftrack is greater than the range to it. Then the +2 CE DRM
applies to them, reduced by one for each full level of that advantage beyond the range (D5.31 reduces an OT
AFV's CE DRM the same way), never below 0; and those BU passengers may fire at such a firer.

``excess``: the full levels by which a firing unit's height advantage exceeds the range (0 when it does not);
a fire group counts the least of its members (each firer must have the advantage, as the text speaks of "the
firer"). Levels: the ground level of a hex plus the unit's own level (a building's upper level, A6.1); units
aboard a vehicle are at its ground level (floc.level_of_unit).

Used by fire.py (infantry IFT attacks): ``reached`` adds the BU passengers a height advantage reaches as a
group of their own at ``ce_drm``; the CE passengers of an OT AFV take the same reduced CE DRM (D5.31).
mounted.py asks ``fires_back`` before refusing a BU passenger's fire (D6.61), and ``bu_passenger`` bars them
from attacking in CC (cc.attackers). The crew of an OT AFV is exposed to such fire even when BU, takes
the reduced CE DRM and its results as infantry (D5.311, D5.31: vcrewhit.from_above). Not built: airbursts
(B13.3, chapter B), and the bar on spotting for indirect fire (no spotter or observer rule is built: those
are chapter C's, C9.3 and C1.6).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hexmate.rules.games.asl import floc
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex, distance

CE_DRM = 2  # D5.31


def _height(position: Position, unit: UnitState, h: Hex) -> int:
    holder = position.units.get(unit.carrier or "")
    if unit.type == "sw" and holder is not None:  # a SW fires from its holder's Location
        unit = holder
    return position.map.level(h) + floc.level_of_unit(position, unit)


def excess_of(position: Position, unit: UnitState, h: Hex, vehicle: UnitState) -> int:
    """D6.61: full levels by which this unit's height advantage over the vehicle exceeds the range (>= 0)."""
    if vehicle.hex is None:
        return 0
    advantage = _height(position, unit, h) - position.map.level(vehicle.hex)
    return max(advantage - distance(h, vehicle.hex), 0)


def excess(position: Position, firers: Iterable[tuple[UnitState, Hex]], vehicle: UnitState) -> int:
    """D6.61: the least excess among the firers (0 if any firer has none, or there are none)."""
    values = [excess_of(position, u, h, vehicle) for u, h in firers]
    return min(values) if values else 0


def ce_drm(over: int) -> int:
    """D6.61, D5.31: the +2 CE DRM less one per full level of height advantage beyond the range (min 0)."""
    return max(CE_DRM - over, 0)


def reached(position: Position, firers: Sequence[tuple[UnitState, Hex]],
            unreached: set[str]) -> dict[str, tuple[list[UnitState], int]]:
    """D6.61: the BU armored-halftrack passengers among ``unreached`` that these firers reach from a height
    advantage greater than the range, by halftrack, each with its CE DRM. Broken passengers stay with D6.66
    (vcrewhit.broken_ht_passengers); passengers of a closed-top AFV (D9.1) are not D6.61's."""
    from hexmate.rules.games.asl import mounted

    out: dict[str, tuple[list[UnitState], int]] = {}
    for uid in sorted(unreached):
        unit = position.units[uid]
        vehicle = mounted.carrier_of(position, unit)
        if vehicle is None or unit.has("broken") \
                or mounted.role_of(position, unit, vehicle) != mounted.HT_PASSENGER:
            continue
        over = excess(position, firers, vehicle)
        if over > 0:
            units, _ = out.setdefault(vehicle.id, ([], ce_drm(over)))
            units.append(unit)
    return out


def reaches_crew(position: Position, firers: Sequence[str], target: Hex, side: str) -> bool:
    """D5.311, D6.61: do these firers reach an enemy OT AFV's crew in ``target`` from a height advantage
    beyond the range (BU or not)?"""
    from hexmate.rules.games.asl import vcrewhit

    spots = [(u, u.hex) for uid in firers if (u := position.units.get(uid)) is not None and u.hex is not None]
    return bool(vcrewhit.from_above(position, target, side, lambda v: excess(position, spots, v)))


def fires_back(position: Position, vehicle: UnitState, target: Hex) -> bool:
    """D6.61: may the BU passengers of this halftrack fire at ``target``? Only at an enemy there with a height
    advantage over the halftrack greater than the range."""
    return any(u.side != vehicle.side and u.type != "sw" and excess_of(position, u, target, vehicle) > 0
               for u in position.units_at(target))


__all__ = ["CE_DRM", "ce_drm", "excess", "excess_of", "fires_back", "reached", "reaches_crew"]
