"""ASL vehicles and wrecks as terrain: the +1 TEM they give infantry in their Location (D9.3, D10.3), the +1
LOS hindrance of an AFV or wreck in a hex the LOS crosses (D9.4, D10.3), and the wall or hedge hexside that
makes a vehicle hull-down to direct fire through it (D4.21).

Pure functions of a position, each citing its rule; the fire paths call them (``vfire.py`` for ordnance,
``fire.py`` for infantry fire, which works on the position without its vehicles: ``armour.infantry_view``
keeps them aside in ``AslState.aside`` for these functions).

What the text excludes, as built: a burning wreck (D10.3), an AFV that moved or is in Motion this Player
Turn until its AFPh is over (Case J, D9.3/D9.4: hexmate's ``entered`` marker lasts exactly that long), an
unarmored vehicle until it is a wreck (D9.3), fire from the same Location (D9.3), a target that has another
positive TEM (D9.3), a hindrance hex whose centre the firer or the target cannot see (D9.4 example), and
LOS at another level than the hindrance (D9.4), a bypassing AFV or wreck whose hexside the LOS does not touch
(D9.4, vbypass.touches). Armored Assault's own TEM despite Case J (D9.31) is ``aa.covers``. Not built:
entrenched and gully cases (B27.52; dug-in is dugin.py's, D9.54). D9.3's exception to Case J: units
marked ``bailed`` for the phase (bailed out, survived, abandoned: D5.4, D5.6, D6.24, D6.9; an abandoning
crew is a ``bailed`` crew counter, crew.bail_out) or ``unloaded`` (D6.5, transport.apply_unload) keep the
TEM of an AFV that moved. The markers do not name the vehicle: such a unit keeps the exception for any AFV
in its Location until the phase ends (it could only differ if it walked on into another moving AFV's hex).
"""

from __future__ import annotations

from collections.abc import Iterable

from hexmate.rules.games.asl import aa, vbypass
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl.vehicles import vehicle_of
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex, distance, line
from hexmate.rules.text import T

UNLOADED = "unloaded"  # D6.5: unloaded this phase (D9.3's exception to Case J); cleared as the phase ends
WALLS = ("wall", "hedge", "bocage", "roadblock")  # D4.21: hexsides a vehicle is HD behind
WALL_WORDS = {"wall": T("wall"), "hedge": T("hedge"), "bocage": T("bocage"), "roadblock": T("roadblock")}


def vehicles(position: Position) -> list[UnitState]:
    """The vehicles of the position, those ``infantry_view`` set aside included."""
    here = [u for u in position.units.values() if u.type == "vehicle"]
    aside = getattr(position.state.game, "aside", ())
    return here + [u for u in aside if u.id not in position.units]


def _armored(unit: UnitState) -> bool:
    try:
        return vehicle_of(unit.values).armored
    except Exception:  # a counter the catalogue refuses is reported where it is set up (armour.check_counter)
        return False


def moving_this_turn(position: Position, unit: UnitState) -> bool:
    """Case J would apply to it (D9.3, D9.4): it is moving now, in Motion, or moved in this Player Turn's MPh
    and the AFPh is not over (``entered``)."""
    moving = position.state.moving
    return unit.has("motion") or unit.has("entered") or (moving is not None and unit.id in moving.units)


def _cover(position: Position, unit: UnitState, *, despite_j: bool = False) -> bool:
    """Does this vehicle or wreck give cover (D9.3) or hinder (D9.4) at all? ``despite_j``: for units that
    just left it, whom its Case J does not deny the TEM (D9.3's exception)."""
    if unit.hex is None or unit.has("burning"):
        return False  # D10.3: a burning wreck does not
    if unit.has("dug_in"):
        return False  # D9.3, D9.54: a dug-in AFV (or its wreck) gives no TEM and never hinders
    if unit.has("wreck"):
        return True  # D10.3: a wreck, armored or not (D9.3: an unarmored vehicle once it is a wreck)
    return _armored(unit) and (despite_j or not moving_this_turn(position, unit))


def tem(
    position: Position,
    target: Hex,
    firers: Iterable[Hex | None],
    *,
    other_tem: int,
    side: str,
    units: Iterable[UnitState] = (),
) -> tuple[int, T | None]:
    """D9.3: +1 TEM for infantry of ``side`` in the Location of a wreck, a friendly AFV or an abandoned enemy
    AFV, only if they have no other positive TEM and the fire does not come from that Location. D9.3's
    exception (with Armored Assault): units that have just abandoned, survived, unloaded or bailed out of a
    vehicle (``bailed`` for the phase) keep the TEM of an AFV that moved or is in Motion (Case J), when
    every target is such a unit."""
    targets = list(units)
    just_out = bool(targets) and all(u.has("bailed") or u.has(UNLOADED) for u in targets)
    if other_tem > 0 or any(h == target for h in firers):
        return 0, None
    for unit in vehicles(position):
        if unit.hex == target and unit.side == side and aa.covers(position, unit, targets):
            return 1, T("Armored Assault with {unit} (D9.31)", unit=unit.id)  # despite Case J
    for unit in vehicles(position):
        if unit.hex != target or not _cover(position, unit, despite_j=just_out):
            continue
        if unit.has("wreck"):
            return 1, T("wreck in the target's hex (D9.3, D10.3)")
        if unit.side == side or unit.has("abandoned"):
            return 1, T("{unit} in the target's hex (D9.3)", unit=unit.id)
    return 0, None


def hindrance(position: Position, a: Hex, b: Hex) -> tuple[int, list[Hex]]:
    """D9.4: +1 for each hex the LOS from a to b passes through (not a's or b's) holding a stopped AFV or
    an unburnt wreck, at the firer's level, if both a and b can see that hex's centre (D9.4 example)."""
    drm = 0
    where: list[Hex] = []
    level = position.map.level(a)
    crossed = line(a, b).hexes[1:-1]
    # D9.4: a bypassing AFV or wreck hinders only a LOS that touches the hexside it bypasses along
    astride = [u for u in vehicles(position) if vbypass.across_of(u) is not None and _cover(position, u)]
    touched: set[Hex] = {
        u.hex for u in astride if u.hex is not None and u.hex not in (a, b) and vbypass.touches(u, a, b)
    }
    for h in [*crossed, *sorted(touched - set(crossed), key=lambda x: (x.q, x.r))]:
        if position.map.level(h) != level:
            continue
        if not any(u.hex == h and _cover(position, u) and (vbypass.across_of(u) is None or h in touched)
                   for u in vehicles(position)):
            continue
        seen = not asl_terrain.line_of_sight(position, a, h).blocked and not asl_terrain.line_of_sight(
            position, b, h
        ).blocked
        if seen:
            drm += 1
            where.append(h)
    return drm, where


def wall_hull_down(position: Position, firer: Hex, target: Hex) -> str | None:
    """D4.21: direct fire that enters the target vehicle's hex across a wall, hedge, bocage or roadblock
    hexside finds it hull-down (instead of the hexside's TEM); the hexside's name, else None."""
    if firer == target:
        return None
    trace = line(firer, target).hexes
    for h in trace[:-1]:
        if distance(h, target) != 1:
            continue
        for feature in sorted(position.map.hexside(h, target)):
            if feature in WALLS:
                return feature
    return None


__all__ = ["UNLOADED", "WALLS", "WALL_WORDS", "hindrance", "moving_this_turn", "tem", "vehicles",
           "wall_hull_down"]
