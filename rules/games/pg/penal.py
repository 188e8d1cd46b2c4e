"""Penal units (15.4), ``penal: 1`` on the counter.

- Each turn a penal unit that is not demoralized must move with its whole MA along a route shortest in MP
  toward the nearest enemy unit it spots; spotting none, toward the nearest enemy unit on the board; with no
  enemy on the board yet, toward the nearest hex the enemy enters by (the scenario's ``options.entry``
  hexes of the enemy's units; without those no route is required). It goes on assaulting until the enemy is
  destroyed: an assault into an enemy hex is always open to it (with the leader 12.11 asks for).
- The one exception: a disrupted or demoralized penal unit next to the enemy must try to recover instead.
- Penal units must be activated every turn: their side may not pass while one has not been (the fog of war
  still ends the turn).
- Leaders and commissars support them as any unit.

Here a penal move is checked against the MP distance to the nearest such enemy (a hex next to it counts as
reached): each step of the move must lie on a shortest route, and the move must end next to the enemy or
where the next step of every shortest route is beyond what is left of its MA. Its own activation is that
move: it does not fire instead while such a move is open to it.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex
from hexmate.rules.movement import distances_to
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

MARK = "moved_fired"
Cost = int | Fraction


def is_penal(unit: UnitState) -> bool:
    return pu.value(unit, "penal") == 1


def targets(game: PgGame, position: Position, unit: UnitState) -> list[UnitState]:
    """15.4: the enemy units it spots; if none, every enemy unit on the board."""
    enemies = [u for u in position.units.values() if u.side != unit.side and u.hex is not None
               and not pu.is_leader(u)]
    seen = [e for e in enemies if pg_spot.sees_unit(game, position, unit, e)]
    return seen or enemies


def distances(game: PgGame, position: Position, unit: UnitState) -> dict[Hex, Cost]:
    """MP from each hex to a hex next to the nearest target (0 there), by the unit's own costs."""
    goal = {n for e in targets(game, position, unit) if e.hex is not None
            for n in position.map.neighbors(e.hex)}
    if not goal:  # 15.4: no enemy on the board: toward the nearest hex it enters by
        entry = position.scenario.options.get("entry", {})
        goal = {position.map.parse_label(str(h)) for uid, plan in entry.items()
                if uid in position.units and position.units[uid].side != unit.side
                for h in plan.get("hexes", [])}
    return distances_to(position.map, goal, game.cost_fn(position, [unit], approach=False))


def must_recover(position: Position, unit: UnitState) -> bool:
    """15.4: disrupted or demoralized and next to an enemy unit."""
    if unit.hex is None or not (unit.has("disrupted") or unit.has("demoralized")):
        return False
    return any(u.side != unit.side and not pu.is_leader(u)
               for n in position.map.neighbors(unit.hex) for u in position.units_at(n))


def move_problem(game: PgGame, position: Position, units: list[UnitState], unit: UnitState, move: act.Move,
                 budget: Cost) -> T | None:
    """Is this move (of ``units``, ``unit`` among them) a penal unit's required approach (15.4)? None if so
    (or if no rule binds it). Going on is judged by the move's own costs (5.4 may stop it short)."""
    if not is_penal(unit) or unit.has("demoralized") or unit.hex is None:
        return None
    if must_recover(position, unit):
        return T("{unit} is a penal unit next to the enemy and not in good order: it tries to recover "
                 "(15.4)", unit=unit.id)
    path = tuple(move.path)
    last = path[-1]
    if any(u.side != unit.side and not pu.is_leader(u) for u in position.units_at(last)):
        return None  # 15.4: the assault it is driven to
    dist = distances(game, position, unit)
    if path[0] not in dist:
        return None  # no enemy it can reach: nothing to approach
    cost = game.cost_fn(position, [unit], approach=False)
    spent: Cost = 0
    for a, b in itertools.pairwise(path):
        step = cost(position.map, a, b)
        if step is None or b not in dist or a not in dist or dist[a] != step + dist[b]:
            return T("{unit} is a penal unit: it moves only along a shortest route toward the nearest enemy "
                     "(15.4)", unit=unit.id)
        spent = spent + step
    if dist[last] == 0 or unit.has("disrupted"):  # 14.2: a disrupted unit moves one hex
        return None
    left = budget - spent
    real = game.cost_fn(position, units, approach=not game.combat_moves(position, units))
    for n in position.map.neighbors(last):
        step = real(position.map, last, n)
        if step is not None and n in dist and dist[last] == step + dist[n] and step <= left:
            return T("{unit} is a penal unit: it goes on toward the enemy with its whole MA (15.4)",
                     unit=unit.id)
    return None


def pass_problem(game: PgGame, position: Position, side: str) -> T | None:
    """15.4: no passing while a penal unit of the side has not been activated this turn (one with nothing it
    may do, no move open and no recovery to try, does not hold the turn up)."""
    waiting = sorted(u.id for u in position.units.values()
                     if u.side == side and is_penal(u) and u.hex is not None and not u.has(MARK)
                     and (u.has("disrupted") or u.has("demoralized")
                          or any(True for _ in game.moves_for(position, frozenset([u.id])).values())))
    if waiting:
        return T("penal units must be activated every turn: {units} (15.4)", units=", ".join(waiting))
    return None


def fire_problem(game: PgGame, position: Position, unit: UnitState) -> T | None:
    """15.4: its activation is its approach: no fire instead while such a move is open to it."""
    if not is_penal(unit) or unit.has("demoralized"):
        return None
    if must_recover(position, unit):
        return T("{unit} is a penal unit next to the enemy and not in good order: it tries to recover "
                 "(15.4)", unit=unit.id)
    if any(True for _ in game.moves_for(position, frozenset([unit.id])).values()):
        return T("{unit} is a penal unit: it must move on the enemy, not fire (15.4)", unit=unit.id)
    return None


def check_pass(game: PgGame, position: Position, side: str) -> None:
    why = pass_problem(game, position, side)
    if why is not None:
        raise IllegalAction(why, "15.4")


__all__ = ["check_pass", "distances", "fire_problem", "is_penal", "move_problem", "must_recover", "targets"]
