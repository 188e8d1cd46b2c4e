"""PG spotting (8.0-8.34): who sees whom, from ``spotting.json`` (ranges) and the map's LOS (8.4).

Every unit sees its own and the adjacent hexes (1.2). Beyond, a clear line of sight and the range: 12 hexes by
day (8.1), less at dawn and dusk (8.11), 1 or 2 at night from a die rolled at the start (8.12); a target in
restrictive terrain only from its TEC range (default 3, 8.21; a recce spotter +1, 8.23) unless it carries a
SPOTTED marker (8.22: it fired in sight of the enemy). A spotter higher than the target hex sees 6 hexes
farther per level, never when night or the light already cut the range (8.33); a spotter in a town looks
from 20 m higher, for spotting only (8.34).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.pg import smoke as pg_smoke
from hexmate.rules.games.pg import units as pu
from hexmate.rules.games.pg import vertex as pg_vertex
from hexmate.rules.hexes import Hex, distance

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

SPOTTED = "spotted"


@cache
def table() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((Path(__file__).parent / "spotting.json").read_text(encoding="utf-8"))
    return data


def night_range(die: int) -> int:
    """8.12: at the start of a night scenario one die sets the night range: 1-4 one hex, 5-6 two."""
    return int(table()["night_roll"][str(die)])


def light_range(light: str, night: int) -> int:
    """8.1, 8.11: the range the light allows (``night``: the range rolled under 8.12)."""
    entry = table()["light"].get(light)
    if entry is None:
        raise KeyError(f"light {light!r}: one of {', '.join(table()['light'])} (8.11)")
    return night if entry["range"] is None else int(entry["range"])


def night_rules(light: str) -> bool:
    return bool(table()["light"][light]["night_rules"])


def height_bonus(spotter_level: int, target_level: int, base: int) -> int:
    """8.33: +6 hexes per level the spotter stands above the target hex, only at the full day range."""
    if base < int(table()["day_range"]) or spotter_level <= target_level:
        return 0
    return int(table()["per_level"]) * (spotter_level - target_level)


def restrictive_range(terrain: str) -> int | None:
    """8.21: the range at which units in this terrain are seen (None: not restrictive)."""
    value = table()["restrictive"].get(terrain)
    return None if value is None else int(value)


def spotting_level(game: PgGame, position: Position, h: Hex, town: bool = True) -> int:
    """8.34: a town (not a village) counts 20 m (one level) higher for its units' spotting (``town``
    False: not for this look, ``own_fire``)."""
    level = position.map.level(h)
    return level + (int(table()["town_height"]) if town and _terrain(game, position, h) == "town" else 0)


def town_lift(spotter: UnitState, fire: bool) -> bool:
    """8.34: the town's 20 m are for spotting, not for fire: a unit spotting for its own direct or AT fire
    looks from the ground, save artillery and mortars (bombardment units), which may use them."""
    return not fire or pu.value(spotter, "bombard") > 0


def _terrain(game: PgGame, position: Position, h: Hex) -> str:
    return str(game.terrain_table().table.canonical(position.map.terrain(h)))


def spot_range(
    game: PgGame, position: Position, spotter: UnitState, h: Hex, target: UnitState | None = None,
    fire: bool = False,
) -> int:
    """How far ``spotter`` sees a unit in ``h`` (``target``: the unit, for its SPOTTED marker; ``fire``:
    for the spotter's own fire, 8.34)."""
    assert spotter.hex is not None
    base = light_range(game.light(position), game.night_spotting(position))
    lit = pg_smoke.illumination_range(game, position, h) if game.night(position) else None
    if lit is not None:  # optional illumination (17.0): day rules near the marker, at most 8 (or 4)
        base = max(base, lit)
    rng = base + height_bonus(spotting_level(game, position, spotter.hex, town_lift(spotter, fire)),
                              position.map.level(h), base)
    concealing = restrictive_range(_terrain(game, position, h))
    if pg_smoke.in_smoke(game, position, h):  # optional smoke (17.0): its hex is restrictive terrain (8.2)
        default = int(table()["default_restrictive"])
        concealing = min(concealing or default, default)
    if concealing is not None and not (target is not None and target.has(SPOTTED)):
        rng = min(rng, concealing + (int(table()["recce_bonus"]) if pu.is_recce(spotter) else 0))
    return rng


def sees(
    game: PgGame, position: Position, spotter: UnitState, h: Hex, target: UnitState | None = None,
    fire: bool = False,
) -> bool:
    """Does ``spotter`` spot (a unit in) hex ``h``? (1.2, 8.0-8.4; ``fire``: for its own fire, 8.34)"""
    assert spotter.hex is not None
    d = distance(spotter.hex, h)
    if d <= 1:
        return True
    if d > spot_range(game, position, spotter, h, target, fire):
        return False
    lift = spotting_level(game, position, spotter.hex, town_lift(spotter, fire)) - position.map.level(
        spotter.hex)
    if pg_smoke.blocks(game, position, spotter.hex, h):
        return False  # optional smoke (17.0): it blocks LOS at every elevation
    return not pg_vertex.sight(game, position, spotter.hex, h, lift).blocked  # 8.4: the vertex choice


def sees_unit(game: PgGame, position: Position, spotter: UnitState, target: UnitState,
              fire: bool = False) -> bool:
    assert target.hex is not None
    return sees(game, position, spotter, target.hex, target, fire)


def reveals(game: PgGame, position: Position, firer: UnitState) -> bool:
    """8.22: a unit in restrictive terrain that fires in an enemy combat unit's line of sight is SPOTTED."""
    if firer.hex is None or (restrictive_range(_terrain(game, position, firer.hex)) is None
                             and not pg_smoke.in_smoke(game, position, firer.hex)):
        return False
    return any(
        e.side != firer.side
        and e.hex is not None
        and pu.is_combat(e)
        and not pg_vertex.sight(game, position, e.hex, firer.hex).blocked
        and not pg_smoke.blocks(game, position, e.hex, firer.hex)
        for e in position.units.values()
    )


def still_spotted(game: PgGame, position: Position, unit: UnitState) -> bool:
    """8.22: the marker stays while some enemy combat unit would still see the unit without it."""
    plain = unit.mark(remove=(SPOTTED,))
    return any(
        e.side != unit.side and e.hex is not None and pu.is_combat(e) and sees_unit(game, position, e, plain)
        for e in position.units.values()
    )


def drop_unseen(game: PgGame, position: Position, ids: tuple[str, ...]) -> State:
    """8.22: a SPOTTED unit that moves into restrictive terrain farther from every enemy than that terrain's
    range, or out of their sight, loses the marker there and then, hex by hex, so it draws no opportunity fire
    unless spotted again on its way."""
    state = position.state
    for uid in ids:
        unit = state.units.get(uid)
        if unit is not None and unit.hex is not None and unit.has(SPOTTED) and not still_spotted(
                game, position, unit):
            state = state.with_unit(unit.mark(remove=(SPOTTED,)))
    return state


__all__ = ["SPOTTED", "drop_unseen", "height_bonus", "light_range", "night_range", "sees", "sees_unit",
           "spot_range"]
