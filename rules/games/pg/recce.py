"""PG recce units' second spotting ability (8.23).

8.23: a recce unit (foot or vehicle, 1.2) sees units in restrictive terrain one hex farther than others
(``spotting.spot_range``), and once a turn it may put a SPOTTED marker on one enemy unit it can spot, as
though that unit had lost its cover by firing (8.22); the marker then goes as 8.22's do (moving out of the
enemy's sight or farther than the TEC range into other restrictive terrain). The text does not make this an
activation, so it is a declaration of the side to act, ``activate RECCE,ENEMY for spot``, that opens no
segment and marks no one MOVED/FIRED; each recce unit uses it once a turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import units as pu
from hexmate.rules.games.pg import vertex as pg_vertex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

MODE = "spot"


def check(game: PgGame, position: Position, ids: tuple[str, ...]) -> None:
    """``activate RECCE,ENEMY for spot``: the recce unit is the side to act's, on the board, has not spotted
    this way this turn, and spots the enemy unit now (8.0-8.4, 8.23)."""
    if len(ids) != 2:
        raise InvalidAction(T("a recce unit spots one enemy unit: 'activate RECCE,ENEMY for spot' (8.23)"))
    recce = position.units.get(ids[0])
    if recce is None:
        raise InvalidAction(T("no unit {unit} in this game", unit=repr(ids[0])))
    if recce.side != position.to_act or recce.hex is None or not pu.is_recce(recce):
        raise IllegalAction(T("{unit} is not a recce unit of the side to act on the board", unit=recce.id),
                            "8.23")
    if recce.id in game.gstate(position.state).recce_spots:
        raise IllegalAction(T("{unit} has already put its SPOTTED marker this turn", unit=recce.id), "8.23")
    target = position.units.get(ids[1])
    if (target is None or target.side == recce.side or target.hex is None or target.concealed
            or not pg_spot.sees_unit(game, position, recce, target)):
        raise IllegalAction(T("{unit} spots no such enemy unit now", unit=recce.id), "8.0, 8.23")
    if target.has(pg_spot.SPOTTED):
        raise IllegalAction(T("{unit} is SPOTTED already", unit=target.id), "8.22, 8.23")


def apply(game: PgGame, position: Position, ids: tuple[str, ...]) -> State:
    """The enemy unit takes a SPOTTED marker (8.22, 8.23); the recce has used its marker for the turn."""
    state = position.state
    recce, target = state.units[ids[0]], state.units[ids[1]]
    if recce.hex is not None and target.hex is not None:  # 8.4: the side it looked along holds for the turn
        lift = pg_spot.spotting_level(game, position, recce.hex) - position.map.level(recce.hex)
        state = pg_vertex.record(game, position, state, recce.hex, target.hex, lift)
    state = state.with_unit(state.units[ids[1]].mark(pg_spot.SPOTTED))
    gs = game.gstate(state)
    return state.replace(game=gs.replace(recce_spots=(*gs.recce_spots, ids[0])))


def offers(game: PgGame, position: Position, mine: list[UnitState]) -> list[act.Activate]:
    """Each recce unit of the side that has its marker still, at each enemy unit it spots now and that the
    side may see (never a concealed one)."""
    out: list[act.Activate] = []
    enemies = sorted((u for u in position.units.values() if u.side != position.to_act and u.hex is not None
                      and not u.concealed and not u.has(pg_spot.SPOTTED)), key=lambda u: u.id)
    for unit in mine:
        if not pu.is_recce(unit) or unit.id in game.gstate(position.state).recce_spots:
            continue
        out += [act.Activate((unit.id, e.id), MODE) for e in enemies
                if pg_spot.sees_unit(game, position, unit, e)]
    return out


__all__ = ["MODE", "apply", "check", "offers"]
