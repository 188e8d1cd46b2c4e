"""PG naval and amphibious movement (5.1), beyond the river flotillas of 15.2 (``trains.py``).

What the text gives (5.1 "naval units"): a naval unit moves on water; a unit that moves on both water and
land ("amphibious") counts as a naval unit in a water hex and as a land vehicle in a land hex; a naval unit
that is not amphibious may not enter a hex that is part land and part water. The text gives no naval MP
costs (the Terrain Effects Chart is not printed), no naval combat and no landing procedure.

Built so: a counter with ``naval: 1`` moves in the ``naval`` class, whose only hexes are all-water ones; an
``amphibious: 1`` vehicle keeps its land class (motorized or mechanized, 1.2) on land and moves at the naval
rate into all-water hexes, where no river rule of a land vehicle binds it (5.71-5.73 are for land units
crossing; as a naval unit there it needs no bridge, ford or engineer). On these boards the all-water hexes
are the major-river hexes (the map's terrain, as for flotillas, 15.2); every other hex, a minor river's
included, is land or part land. The naval rate is movement.json's demo value (one MP a hex), labelled so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules.games.base import UnitState
from hexmate.rules.games.pg import moves as pg_moves
from hexmate.rules.games.pg import units as pu
from hexmate.rules.games.terrain_view import CostFn
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame


def is_naval(unit: UnitState) -> bool:
    """5.1: a naval unit that is not amphibious (water only)."""
    return pu.value(unit, "naval") == 1 and not is_amphibious(unit)


def is_amphibious(unit: UnitState) -> bool:
    """5.1: a vehicle that moves on water and on land."""
    return pu.value(unit, "amphibious") == 1


def water(game: PgGame, m: HexMap, h: Hex) -> bool:
    """5.1: an all-water hex (on these boards the major-river hexes, as 15.2's flotillas use)."""
    return pg_moves.river(game, m, h) == "major"


def amphibious_fn(game: PgGame, units: list[UnitState], land: CostFn) -> CostFn:
    """5.1: movers that are all amphibious enter water hexes as naval units (the naval rate), land hexes as
    land vehicles (their own class's cost); any other movers keep ``land``."""
    troops = [u for u in units if not pu.is_leader(u)]
    if not troops or not all(is_amphibious(u) for u in troops):
        return land
    naval = pg_moves.cost_fn(game, "naval")
    assert naval is not None  # movement.json has the naval class

    def fn(m: HexMap, a: Hex, b: Hex) -> int | object | None:
        return naval(m, a, b) if water(game, m, b) else land(m, a, b)

    return fn  # type: ignore[return-value]


def floats(units: list[UnitState]) -> bool:
    """Movers that are all amphibious: no land river-crossing rule binds them (5.1, 5.7)."""
    troops = [u for u in units if not pu.is_leader(u)]
    return bool(troops) and all(is_amphibious(u) for u in troops)


__all__ = ["amphibious_fn", "floats", "is_amphibious", "is_naval", "water"]
