"""PG declaring the activated units' actions before any acts (3.13).

3.13: an activated group of units and leaders may act in any order, but every action is declared before any
is carried out: which units will move and which will fire (not where to, nor at what). Move actions are
moving (5.0), digging foxholes (16.2), hooking up or unhooking (5.63) and trying to recover (14.4); fire
actions are direct fire, bombardment, AT fire and assault (12.0: starting or joining one is a fire action
though it takes a one-hex move).

Played: when an activation opens with two or more units that could do either (not demoralized: those can
only try to recover, a move action; nor carried units: they may not fire, 5.67, and alight as a move
action), its owner answers one decision naming the units that will fire
("none": all move). Then a unit declared to fire may only fire or move into an assault (or a charge or an
overrun, which are assaults); one declared to move may not fire, assault, or start an assault. A lone
unit's declaration is its first action (it may take only one). Armoured trains and flotillas move and then
fire by 15.2, so they are not asked. Leaders are not asked: they lead whichever
action their units take (6.42, 6.43).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State
from hexmate.rules.games.pg import assault as pg_assault
from hexmate.rules.games.pg import units as pu
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

NONE = "none"
ALL = "all"


def candidates(position: Position, ids: tuple[str, ...]) -> tuple[str, ...]:
    """The activated units that choose between moving and firing (leaders and demoralized units aside)."""
    from hexmate.rules.games.pg import trains as pg_trains

    return tuple(sorted(u for u in ids if u in position.units and not pu.is_leader(position.units[u])
                        and not position.units[u].has("demoralized") and position.units[u].carrier is None
                        and not pg_trains.is_special(position.units[u])))  # 15.2: trains move, then fire


def ask(position: Position, state: State, ids: tuple[str, ...]) -> State:
    """3.13: with two or more such units, the owner declares the firers before any acts."""
    who = candidates(position, ids)
    if len(who) < 2:
        return state
    side = position.units[who[0]].side
    return state.push(Decision(
        "units", side, T("declare which of the activated units will fire (3.13; an assault is a fire "
                         "action), the rest moving: {units}", units=", ".join(who)),
        "3.13", "declare", units=who, count=0, choices=(NONE, ALL)))


def resume(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    firers = (() if answer.choice == NONE else decision.units if answer.choice == ALL
              else tuple(sorted(answer.units)))
    gs = game.gstate(position.state)
    return position.state.replace(game=gs.replace(declared=decision.units, to_fire=firers))


def _bound(game: PgGame, position: Position, uid: str) -> str | None:
    """"fire" or "move" when the unit's action was declared this segment, else None."""
    gs = game.gstate(position.state)
    if uid not in gs.declared:
        return None
    return "fire" if uid in gs.to_fire else "move"


def check(game: PgGame, position: Position, action: act.Action) -> None:
    """Refuse an action against the declaration (3.13)."""
    if isinstance(action, act.Fire):
        for uid in action.firers:
            if _bound(game, position, uid) == "move":
                raise IllegalAction(T("{unit} was declared to move this segment, not to fire", unit=uid),
                                    "3.13")
        return
    if isinstance(action, act.Rally):
        if _bound(game, position, action.unit) == "fire":
            raise IllegalAction(T("{unit} was declared to fire this segment: recovery is a move action",
                                  unit=action.unit), "3.13")
        return
    if isinstance(action, act.Load | act.Unload):
        for uid in (action.carrier, *getattr(action, "units", ())):
            if _bound(game, position, uid) == "fire":
                raise IllegalAction(T("{unit} was declared to fire this segment: loading, unloading, "
                                      "hooking up and unhooking are move actions", unit=uid), "3.13")
        return
    if isinstance(action, act.Move) and action.path:
        troops = [u for u in action.units if u in position.units and not pu.is_leader(position.units[u])]
        side = position.units[troops[0]].side if troops else ""
        assault = bool(troops) and bool(pg_assault.enemy_combat_units(position, action.path[-1], side))
        for uid in troops:
            bound = _bound(game, position, uid)
            if bound == "fire" and not assault:
                raise IllegalAction(T("{unit} was declared to fire this segment: it moves only into an "
                                      "assault", unit=uid), "3.13")
            if bound == "move" and assault:
                raise IllegalAction(T("{unit} was declared to move this segment: an assault is a fire "
                                      "action", unit=uid), "3.13, 12.0")


__all__ = ["ALL", "NONE", "ask", "candidates", "check", "resume"]
