"""PG's optional strategic movement (17.0 "Strategic movement", ``options.strategic_movement``).

A unit out of every enemy unit's line of sight may move with twice its movement allowance. Read here as: the
unit starts out of every enemy LOS and every hex of the path stays out of it; a path costing more than the
normal allowance is a strategic move, and one costing no more is an ordinary move (which may enter LOS).

"In LOS" is 8.4's line, with 8.21: a unit in restrictive terrain is seen only from within the TEC range (less
at night or in poor light), and from farther away the LOS into its hex counts as blocked (8.41). Adjacent
hexes are always in sight (1.2). Hidden enemy units (not placed on the board) do not count: the mover's side
cannot know of them; that is why the text gives them +2 when they opportunity-fire at a strategic mover
(``ambush``, with the optional hidden units of ``hidden.py``).

Not for a transport's boarding move, a manhandled gun, units that came on this activation (16.5), assaults,
charges or overruns: those pay their own fixed costs.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.games.pg import smoke as pg_smoke
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import units as pu
from hexmate.rules.games.pg import vertex as pg_vertex
from hexmate.rules.games.terrain_view import CostFn
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"
FACTOR = 2  # twice the movement allowance


def enabled(position: Position) -> bool:
    return bool(position.scenario.options.get("strategic_movement"))


def in_los(game: PgGame, position: Position, enemy: UnitState, h: Hex,
           mover: UnitState | None = None) -> bool:
    """Is hex ``h`` in ``enemy``'s line of sight (8.4, 8.21, 8.41)?"""
    assert enemy.hex is not None
    d = distance(enemy.hex, h)
    if d <= 1:
        return True
    terrain = pg_spot._terrain(game, position, h)
    concealing = pg_spot.restrictive_range(terrain)
    if concealing is not None and not (mover is not None and mover.has(pg_spot.SPOTTED)):
        light = pg_spot.light_range(game.light(position), game.night_spotting(position))
        reach = concealing + (int(pg_spot.table()["recce_bonus"]) if pu.is_recce(enemy) else 0)
        if d > min(light, reach):
            return False  # 8.21: beyond the range the LOS into the hex is blocked (8.41)
    if pg_smoke.blocks(game, position, enemy.hex, h):
        return False  # optional smoke (17.0): it blocks LOS at every elevation
    if pg_smoke.in_smoke(game, position, h) and d > int(pg_spot.table()["default_restrictive"]):
        return False  # its hex is restrictive terrain (8.2, 8.21)
    lift = pg_spot.spotting_level(game, position, enemy.hex) - position.map.level(enemy.hex)
    return not pg_vertex.sight(game, position, enemy.hex, h, lift).blocked  # 8.4: a side fixed this turn


def watchers(position: Position, side: str) -> list[UnitState]:
    return [u for u in position.units.values() if u.side != side and u.hex is not None and u.carrier is None]


def hidden_hex(game: PgGame, position: Position, units: list[UnitState], h: Hex) -> bool:
    """Out of every enemy unit's LOS?"""
    side = units[0].side
    return not any(in_los(game, position, e, h, u) for e in watchers(position, side) for u in units)


def allowed(game: PgGame, position: Position, units: list[UnitState]) -> bool:
    """The option is on and these units move by their own MA (not boarding, manhandled, just come on)."""
    if not enabled(position) or game.ride(units) is not None or game.manhandled(units) is not None:
        return False
    return not game.entered_now(position, units) and not any(u.has("disrupted") for u in units)  # 14.2


def eligible(game: PgGame, position: Position, units: list[UnitState], start: Hex) -> bool:
    return allowed(game, position, units) and hidden_hex(game, position, units, start)


def cost_fn(game: PgGame, position: Position, units: list[UnitState], cost: CostFn) -> CostFn:
    """``cost``, barred from every hex in an enemy unit's LOS."""
    seen: dict[Hex, bool] = {}

    def fn(m: HexMap, a: Hex, b: Hex) -> int | Fraction | None:
        if b not in seen:
            seen[b] = hidden_hex(game, position, units, b)
        return cost(m, a, b) if seen[b] else None

    return fn


def path_problem(game: PgGame, position: Position, units: list[UnitState],
                 path: tuple[Hex, ...]) -> str | None:
    """Why a path dearer than the normal allowance is not a strategic move (None: it is)."""
    if not allowed(game, position, units):
        return "off"
    if not hidden_hex(game, position, units, path[0]):
        return "start"
    return None if all(hidden_hex(game, position, units, h) for h in path[1:]) else "path"


def ambush(game: PgGame, position: Position, firers: list[UnitState]) -> bool:
    """A hidden unit (placed as it fires, ``hidden.py``) opportunity-firing at a unit on a strategic move
    (one whose path costs more than its normal MA): +2 columns, or +2 on the AT roll (17.0)."""
    moving = position.state.moving
    gs = game.gstate(position.state)
    if moving is None or not gs.ambush or not any(u.id in gs.ambush for u in firers):
        return False
    movers = [position.units[u] for u in moving.units if u in position.units]
    cost = moving.cost if isinstance(moving.cost, int | Fraction) else 0
    return bool(movers) and cost > game.budget(movers, position)


__all__ = [
    "FACTOR",
    "RULE",
    "allowed",
    "ambush",
    "cost_fn",
    "eligible",
    "enabled",
    "hidden_hex",
    "in_los",
    "path_problem",
]
