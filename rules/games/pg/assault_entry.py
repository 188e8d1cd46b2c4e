"""PG 12.2: the assault is fought once every active unit due to enter the hex this segment has moved in.

When a unit of an open activation (3.1) enters a hex the enemy holds alone and other units of the same
activation could still enter it this segment (unmarked, good order, a leader of their type activated them,
adjacent to the hex, room under the 3 combat units a side, 4.1), its side chooses: fight now, or wait for
them. While it waits, the next of them to enter the hex joins the same assault (not a 12.3 reinforcement),
and the choice comes again while others could still follow; the assault is fought, with every unit of both
sides in the hex (12.2), when the side says so, when no other unit could follow, or when the activation
closes (done, or its last unit acted).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.base import Position, State
from hexmate.rules.games.pg import assault as pg_assault
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

MARK = "moved_fired"


def followers(game: PgGame, position: Position, h: Hex, side: str) -> list[str]:
    """The activation's units that could still enter ``h`` to assault this segment (12.2, 12.11, 4.1)."""
    gs = game.gstate(position.state)
    units = position.units
    there = sum(1 for u in position.units_at(h) if u.side == side and pu.counts_for_stack(u))
    out = []
    for uid in gs.active:
        u = units.get(uid)
        if (u is None or u.side != side or pu.is_leader(u) or u.has(MARK) or u.carrier is not None
                or u.hex is None or distance(u.hex, h) != 1):
            continue
        if pg_assault.may_assault([u], uid in gs.combat) is not None:
            continue
        if pu.counts_for_stack(u) and there >= 3:
            continue
        out.append(uid)
    return out


def entered(game: PgGame, position: Position, alive: tuple[str, ...], h: Hex,
            origin: Hex | None) -> State | None:
    """After a unit's entry into ``h``: the waiting assault it joins or starts, or None to fight it at once
    (the caller's 12.2 / 12.3 as before). Never with an overrun or a cavalry charge (their own timing)."""
    state = position.state
    gs = game.gstate(state)
    label = position.label(h)
    side = state.units[alive[0]].side
    waiting = bool(gs.assault_wait) and gs.assault_wait[0] == label
    if not waiting and (gs.overrun or gs.charge or not gs.active):
        return None
    if not waiting and any(u.side == side and u.id not in alive and not pu.is_leader(u) and u.carrier is None
                           for u in position.units_at(h)):
        return None  # friendly units already there: a 12.3 reinforcement
    o = position.label(origin) if origin is not None else ""
    if waiting:
        first_origin = gs.assault_wait[1]
        if origin is not None and not pg_assault.open_ground(position, origin):
            first_origin = o  # 12.43: an AFV's first fire needs every attacker to have come from the open
        attackers = tuple(dict.fromkeys((*gs.assault_wait[2:], *alive)))
        wait = (label, first_origin, *attackers)
    else:
        wait = (label, o, *alive)
    state = state.replace(game=gs.replace(assault_wait=wait))
    if not followers(game, position.at(state), h, side):
        return fight(game, position.at(state))
    return state.push(Decision(
        "confirm", side, T("{units} entered {hex}: fight the assault now, or wait for more units of this "
                           "activation to enter it (12.2)", units=", ".join(wait[2:]), hex=label),
        "12.2", "assault_wait", choices=("now", "wait"), subject=tuple(wait[2:]), target=h))


def fight(game: PgGame, position: Position) -> State:
    """12.2: the waiting assault is fought now, with every unit of both sides in the hex."""
    state = position.state
    gs = game.gstate(state)
    if not gs.assault_wait:
        return state
    label, origin, *ids = gs.assault_wait
    state = state.replace(game=gs.replace(assault_wait=()))
    h = position.map.parse_label(label)
    view = position.at(state)
    sides = [state.units[u].side for u in ids if u in state.units]
    if not sides or not pg_assault.enemy_combat_units(view, h, sides[0]):
        return state
    side = sides[0]
    attackers = tuple(u.id for u in view.units_at(h) if u.side == side)
    return pg_assault.begin(game, view, attackers, h,
                            origin=position.map.parse_label(origin) if origin else None)


def resume(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    if answer.choice == "now":
        return fight(game, position)
    return position.state


__all__ = ["entered", "fight", "followers", "resume"]
