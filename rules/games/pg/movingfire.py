"""PG's optional moving fire of superior units (17.0 "Moving fire by superior units",
``options.superior_moving_fire``: true for a scenario of 1944 or later, ``{"before_1944": true}`` for an
earlier one, where only units of morale 8 or more may).

A superior AFV (tank superiority, 11.2) may, instead of its two AT shots, be activated for moving fire
(``activate T for moving-fire``): in that activation it moves up to half its printed MA (rounded up, 1.2) and
fires AT once at -1, in either order, and is then marked MOVED/FIRED.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.pg import antitank as pg_at
from hexmate.rules.games.pg import units as pu
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"
MODE = "moving-fire"
EARLY_MORALE = 8


def enabled(position: Position) -> bool:
    return bool(position.scenario.options.get("superior_moving_fire"))


def _early(position: Position) -> bool:
    spec = position.scenario.options.get("superior_moving_fire")
    return isinstance(spec, dict) and bool(spec.get("before_1944"))


def check(game: PgGame, position: Position, ids: tuple[str, ...]) -> None:
    if not enabled(position):
        raise IllegalAction(T("moving fire is an optional rule this scenario does not use (17.0)"), RULE)
    if len(ids) != 1 or ids[0] not in position.units:
        raise InvalidAction(T("moving fire names one superior AFV: 'activate UNIT for moving-fire'"))
    unit = position.units[ids[0]]
    why = game.can_act(position, unit)
    if why:
        raise IllegalAction(why)
    if game.gstate(position.state).active:
        raise IllegalAction(T("an activation is open: its units act, or say done to end it"), "3.1")
    if not pg_at.superior(position, unit) or unit.has("disrupted") or unit.has("demoralized"):
        raise IllegalAction(T("{unit}: only a superior AFV in good order fires on the move (17.0, 11.2)",
                              unit=unit.id), RULE)
    if _early(position) and pu.value(unit, "morale") < EARLY_MORALE:
        raise IllegalAction(T("{unit}: before 1944 only units of morale 8 or more fire on the move (17.0)",
                              unit=unit.id), RULE)


def declare(game: PgGame, position: Position, uid: str) -> State:
    gs = game.gstate(position.state)
    return position.state.replace(game=gs.replace(active=(uid,), combat=(uid,), moving_fire=(uid, "", "")))


def of(game: PgGame, position: Position, uid: str) -> tuple[str, ...] | None:
    mf = game.gstate(position.state).moving_fire
    return mf if mf and mf[0] == uid else None


def budget(game: PgGame, position: Position, unit: UnitState) -> int | None:
    """Half the printed MA, rounded up, in a moving-fire activation."""
    return math.ceil(pu.value(unit, "ma") / 2) if of(game, position, unit.id) else None


def after_move(game: PgGame, position: Position, state: State, uid: str) -> State:
    return _note(game, state, uid, moved=True)


def after_fire(game: PgGame, position: Position, state: State, uid: str) -> State:
    return _note(game, state, uid, fired=True)


def _note(game: PgGame, state: State, uid: str, moved: bool = False, fired: bool = False) -> State:
    gs = game.gstate(state)
    mf = gs.moving_fire
    if not mf or mf[0] != uid:
        return state
    now = (uid, "moved" if moved or mf[1] else "", "fired" if fired or mf[2] else "")
    return state.replace(game=gs.replace(moving_fire=now))


__all__ = ["MODE", "after_fire", "after_move", "budget", "check", "declare", "enabled", "of"]
