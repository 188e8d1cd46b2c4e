"""PG overstacking's consequences (4.1, 5.66) and the stacking limit on the 12.1 exits.

4.1: the limit (3 combat units, 3 transports or APCs with what they carry, leaders without limit, a side per
hex; the same a side in an assault hex) holds at every moment, and no unit may enter a hex over it. When a
hex is over it anyway (5.66: passengers thrown out of a disrupted transport), at once every unit of the
offending stack is disrupted (leaders are not units here; a demoralized unit stays demoralized); then the
opponent moves the excess units to adjacent hexes until the hex is within the limit; when no adjacent hex
can take an excess unit (the enemy all around), its owner picks the units to eliminate instead.
Played as decisions: the opponent picks an excess unit, then its hex; one at a time, checked again after
each. An adjacent hex can take a unit if it holds no enemy unit, the unit could enter it (terrain, 5.3) and
the limit there holds with it.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.pg import special as pg_special
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

STEPS = ("overstack_pick", "overstack_place", "overstack_kill")


def stack(position: Position, h: Hex, side: str) -> list[UnitState]:
    """The side's units in the hex that count for the limit (carried units ride in their transport)."""
    return [u for u in position.units_at(h) if u.side == side and u.carrier is None]


def excess(units: list[UnitState], river: bool = False) -> list[UnitState]:
    """The units of the kind over the limit (combat units first, then transports), or none; in a river hex
    one engineer more is allowed (5.74)."""
    combat = [u for u in units if pu.counts_for_stack(u)]
    if len(combat) > 3 + (river and any(pu.branch(u) == "ENG" for u in combat)):
        return combat
    carriers = [u for u in units if pu.is_apc(u) or pu.is_transport(u)]
    return carriers if len(carriers) > 3 else []


def on_river(game: PgGame, position: Position, h: Hex) -> bool:
    from hexmate.rules.games.pg import moves as pg_moves

    return bool(pg_moves.river(game, position.map, h))


def fits(game: PgGame, position: Position, unit: UnitState, h: Hex) -> bool:
    """4.1: the side's stack in ``h`` stays within the limit with ``unit`` (and what it carries) added."""
    return pg_special.stacking_problem([*stack(position, h, unit.side), unit],
                                       river=on_river(game, position, h)) is None


def destinations(game: PgGame, position: Position, unit: UnitState) -> list[Hex]:
    """Adjacent hexes free of the enemy that the unit could enter and that stay within the limit."""
    assert unit.hex is not None
    cost = game.cost_fn(position, [unit], approach=False)
    enemy = position.enemy_of(unit.side)
    return sorted((n for n in position.map.neighbors(unit.hex) if n in position.map.hexes
                   and not any(u.side == enemy for u in position.units_at(n))
                   and cost(position.map, unit.hex, n) is not None and fits(game, position, unit, n)),
                  key=lambda x: (x.q, x.r))


def settle(game: PgGame, position: Position) -> State:
    """After a change: the first overstacked hex is disrupted and its excess handed to the opponent."""
    state = position.state
    if state.moving is not None or any(d.then in STEPS for d in state.decisions):
        return state
    for h in sorted({u.hex for u in state.units.values() if u.hex is not None}, key=lambda x: (x.q, x.r)):
        for side in sorted({u.side for u in position.units_at(h)}):
            river = on_river(game, position, h)
            over = excess(stack(position, h, side), river)
            if not over:
                continue
            for u in stack(position, h, side):  # 4.1: the whole offending stack, at once
                if not pu.is_leader(u) and not u.has("disrupted") and not u.has("demoralized"):
                    state = state.with_unit(u.mark("disrupted"))
            here = position.at(state)
            problem = pg_special.stacking_problem(stack(here, h, side), river=river) or ""
            movable = [u.id for u in over if destinations(game, here, here.units[u.id])]
            if movable:
                return state.push(Decision(
                    "units", here.enemy_of(side),
                    T("{hex} is overstacked ({problem}): its units are disrupted; choose an excess unit to "
                      "move to an adjacent hex (4.1)", hex=position.label(h), problem=problem),
                    "4.1", "overstack_pick", units=tuple(sorted(movable)), target=h))
            return state.push(Decision(
                "units", side,
                T("{hex} is overstacked ({problem}) and no adjacent hex can take the excess: choose a unit "
                  "to eliminate (4.1)", hex=position.label(h), problem=problem),
                "4.1", "overstack_kill", units=tuple(sorted(u.id for u in over)), target=h))
    return state


def resume_pick(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The opponent picked the excess unit: now its adjacent hex."""
    if len(answer.units) != 1 or answer.units[0] not in decision.units:
        raise IllegalAction(T("choose one of the excess units offered"), "4.1")
    unit = position.units[answer.units[0]]
    return position.state.push(Decision(
        "hexes", decision.side, T("move {unit} out of the overstacked hex to an adjacent one (4.1)",
                                  unit=unit.id),
        "4.1", "overstack_place", hexes=tuple(destinations(game, position, unit)), subject=(unit.id,),
        target=decision.target))


def resume_place(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The excess unit (with what it carries) goes to the chosen hex; the hex is checked again."""
    if len(answer.hexes) != 1 or answer.hexes[0] not in decision.hexes:
        raise IllegalAction(T("choose one of the lit hexes"), "4.1")
    state = position.state
    uid, to = decision.subject[0], answer.hexes[0]
    for u in list(state.units.values()):
        if u.id == uid or u.carrier == uid:
            state = state.with_unit(dataclasses.replace(u, hex=to))
    return state


def resume_kill(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The owner eliminated one excess unit (with what it carries); the hex is checked again."""
    if len(answer.units) != 1 or answer.units[0] not in decision.units:
        raise IllegalAction(T("choose one of the excess units offered"), "4.1")
    uid = answer.units[0]
    state = position.state
    for u in list(state.units.values()):
        if u.carrier == uid:
            state = state.without_unit(u.id)
    return state.without_unit(uid)


__all__ = ["destinations", "excess", "fits", "resume_kill", "resume_pick", "resume_place", "settle"]
