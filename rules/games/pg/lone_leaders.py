"""PG harmless enemies an enemy combat unit moves in with (5.31, 6.71): empty unarmed transports (trucks,
wagons, sleds) there alone are eliminated (5.31); leaders alone each roll 2d6: 9 or more he is eliminated,
less he is set down in an adjacent hex free of the enemy (his owner picks it), and eliminated if every
adjacent hex holds enemy units (6.71). The step-loss half of 6.71 (one leader per step) is in ``losses.py``.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_2D6
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.pg import special as special_rules
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame


def harmless_transports(position: Position, movers: tuple[str, ...], h: Hex) -> State:
    """5.31: a combat unit entering a hex where the enemy has only empty unarmed transports (and leaders)
    eliminates the transports (a loaded one is not harmless, the translator's note)."""
    state = position.state
    moving = [position.units[u] for u in movers if u in position.units]
    if not any(pu.is_combat(u) for u in moving):
        return state
    side = moving[0].side
    enemy = [u for u in position.units_at(h) if u.side != side and not pu.is_leader(u)]

    def empty_truck(u: UnitState) -> bool:
        return pu.is_transport(u) and not any(o.carrier == u.id for o in position.units.values())

    if enemy and all(empty_truck(u) for u in enemy):
        for u in enemy:
            state = state.without_unit(u.id)
    return state


def rolls(position: Position, movers: tuple[str, ...], h: Hex) -> list[Decision]:
    """6.71: the rolls when an enemy combat unit (not an unarmed transport or a leader) enters ``h``
    holding enemy leaders alone."""
    moving = [position.units[u] for u in movers if u in position.units]
    if not any(pu.is_combat(u) for u in moving):
        return []
    side = moving[0].side
    here = [u for u in position.units_at(h) if u.side != side]
    if not here or not all(pu.is_leader(u) for u in here):
        return []
    return [Decision("roll", u.side, T("{leader} is alone as enemy units enter {hex}: roll 2d6, 9 or more "
                                       "he is eliminated, else he moves to an adjacent hex",
                                       leader=u.id, hex=position.label(h)),
                     "6.71", "lone_leader", dice="2d6", subject=(u.id,), target=h)
            for u in sorted(here, key=lambda u: u.id)]


def _havens(position: Position, leader: UnitState, h: Hex) -> tuple[Hex, ...]:
    """Adjacent hexes holding no enemy unit (6.71: friendly-controlled or enemy-free; a hex with the enemy in
    it is neither safe to set him down in)."""
    return tuple(sorted((n for n in position.map.neighbors(h)
                         if not any(u.side != leader.side for u in position.units_at(n))),
                        key=lambda x: (x.q, x.r)))


def resume_roll(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    assert decision.target is not None
    state = position.state
    leader = state.units.get(decision.subject[0])
    if leader is None:
        return state
    total = PG_2D6.from_values(answer.dice or ()).total
    havens = _havens(position, leader, decision.target)
    if special_rules.leader_overrun(total):
        outcome = T("eliminated")
    elif not havens:
        outcome = T("every adjacent hex holds the enemy: eliminated")
    else:
        outcome = T("he moves to an adjacent hex")
    line = Line(T("{leader} alone", leader=leader.id), T("{total}: {outcome}", total=total, outcome=outcome),
                "6.71")
    state = state.replace(resolution=Resolution(
        act.Answer(dice=tuple(answer.dice or ())), "leader", T("leaders alone (6.71)"), False, (line,), {},
        T("{leader}: {outcome}", leader=leader.id, outcome=outcome)))
    if special_rules.leader_overrun(total) or not havens:
        return game.leader_lost(position.at(state), leader.id)
    if len(havens) == 1:
        return state.with_unit(dataclasses.replace(leader, hex=havens[0]))
    return state.push(Decision("hexes", leader.side, T("{leader}: choose the adjacent hex he moves to",
                                                       leader=leader.id),
                               "6.71", "lone_leader_hex", hexes=havens, subject=(leader.id,),
                               target=decision.target))


def resume_hex(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    leader = state.units.get(decision.subject[0])
    if leader is None:
        return state
    if not answer.hexes or answer.hexes[0] not in decision.hexes:
        raise IllegalAction(T("choose one of the lit hexes"), "6.71")
    return state.with_unit(dataclasses.replace(leader, hex=answer.hexes[0]))


__all__ = ["harmless_transports", "resume_hex", "resume_roll", "rolls"]
