"""PG the commissar's required move (6.61, 6.66).

- 6.61: a commissar moves to the nearest friendly demoralized unit (nearest in MP), by the shortest route
  possible: every step of his move lies on a shortest route to it, and he goes on while the next step of
  such a route fits in what is left of his MA; reaching it he stops there (the 6.66 example stacks him
  with it). One already stacked with a demoralized unit is there: he stays to help it (6.65, and the 6.66
  example after a failed attempt).
- 6.66: with two commissars and one demoralized unit only the nearer one (in MP) must go to it. Built as: a
  commissar is bound to the demoralized units no other commissar is strictly nearer to; one bound to none
  moves freely (the text does not say which of two equally near commissars goes: both are bound).
Commissars help only demoralized units, not leaders (6.6), so only units count as targets.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex
from hexmate.rules.movement import distances_to
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

Cost = int | Fraction


def is_commissar(unit: UnitState) -> bool:
    return pu.is_leader(unit) and pu.leader_kind(unit) == "commissar"


def _distances(game: PgGame, position: Position, mover: UnitState, goal: set[Hex]) -> dict[Hex, Cost]:
    """MP from each hex to the nearest goal hex, by the mover's own costs (stepping toward the goal)."""
    return distances_to(position.map, goal, game.cost_fn(position, [mover], approach=False))


def bound_targets(game: PgGame, position: Position, commissar: UnitState,
                  moving: frozenset[str] = frozenset()) -> list[UnitState]:
    """6.61, 6.66: the demoralized units this commissar must go to (none: he moves freely)."""
    here = commissar.hex
    if here is None:
        return []
    demoralized = [u for u in position.units.values() if u.side == commissar.side and u.hex is not None
                   and u.has("demoralized") and not pu.is_leader(u) and u.id not in moving]
    others = [u for u in position.units.values() if u.side == commissar.side and u.hex is not None
              and is_commissar(u) and u.id != commissar.id]
    bound = []
    for d in demoralized:
        assert d.hex is not None
        mine = _distances(game, position, commissar, {d.hex}).get(here)
        if mine is None:
            continue
        theirs = [_distances(game, position, o, {d.hex}).get(o.hex) for o in others if o.hex is not None]
        if any(t is not None and t < mine for t in theirs):
            continue  # 6.66: a nearer commissar goes
        bound.append((mine, d))
    if not bound:
        return []
    nearest = min(m for m, _ in bound)
    return [d for m, d in bound if m == nearest]


def move_problem(game: PgGame, position: Position, units: list[UnitState], move: act.Move,
                 budget: Cost) -> T | None:
    """Is this move a commissar's required one (6.61)? None if so, or if no commissar moves."""
    for c in units:
        if not is_commissar(c) or c.hex is None:
            continue
        targets = bound_targets(game, position, c, frozenset(u.id for u in units))
        if not targets:
            continue
        goal = {d.hex for d in targets if d.hex is not None}
        names = ", ".join(sorted(d.id for d in targets))
        if c.hex in goal:
            return T("commissar {leader} is with the demoralized {units}: he stays to help it (6.61, 6.65)",
                     leader=c.id, units=names)
        dist = _distances(game, position, c, goal)
        cost = game.cost_fn(position, [c], approach=False)
        path = tuple(move.path)
        spent: Cost = 0
        for a, b in itertools.pairwise(path):
            step = cost(position.map, a, b)
            if step is None or a not in dist or b not in dist or dist[a] != step + dist[b]:
                return T("commissar {leader} moves only along a shortest route to the nearest demoralized "
                         "unit, {units} (6.61)", leader=c.id, units=names)
            spent += step
        last = path[-1]
        if dist[last] == 0 or c.has("disrupted"):  # 14.2: disrupted, one hex
            continue
        for n in position.map.neighbors(last):
            step = cost(position.map, last, n)
            if step is not None and n in dist and dist[last] == step + dist[n] and spent + step <= budget:
                return T("commissar {leader} goes on toward the demoralized {units} as far as his MA allows "
                         "(6.61)", leader=c.id, units=names)
    return None


def check_done(game: PgGame, position: Position) -> None:
    """6.61: an activated commissar who has not moved or acted, is not with a demoralized unit and has a
    required move open, makes it before the activation ends."""
    from hexmate.rules.errors import IllegalAction

    gs = game.gstate(position.state)
    for uid in gs.act_leaders:
        c = position.units.get(uid)
        if c is None or not is_commissar(c) or c.has("moved_fired") or c.hex is None:
            continue
        targets = bound_targets(game, position, c)
        if not targets or any(d.hex == c.hex for d in targets):
            continue
        if game.moves_for(position, frozenset({c.id})):
            raise IllegalAction(T("commissar {leader} must first move toward the demoralized {units}",
                                  leader=c.id, units=", ".join(sorted(d.id for d in targets))), "6.61")


__all__ = ["bound_targets", "check_done", "is_commissar", "move_problem"]
