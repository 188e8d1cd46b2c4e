"""PG's optional tank riders (17.0 "Tank riders", ``options.tank_riders``).

A good-order tank (an AFV that is not an APC) carries one good-order personnel unit without its own means of
moving (not cavalry, motorcycles or bicycles) and up to three leaders; a reduced tank only a reduced unit.
Mounting (``load U into TANK``): the riders start the activation stacked with the tank, and both spend all
their MA (both are marked). Dismounting (``unload TANK``) costs half the MA of both (rounded up); in an open
activation (``activate TANK,U`` first) both may then move on with what is left, otherwise they are marked.
Riders share their tank's fate as passengers do (5.6, 5.65, ``transport.share_fate``), cannot fire (5.67),
and are not protected by its armour (7.25 is for APCs), so direct fire and bombardment hit them; the charts'
own rider line is not in the text. A tank with riders neither assaults nor overruns nor fires.

Dismounting may also come after the tank has moved: the text has the dismount cost half the MA of both and
lets them go on if enough MP are left, so the tank may move first (``move TANK PATH as dismount``): the path
and the dismount's half MA together fit in the tank's MA, the riders get off in the hex where it stops
(under 13.3's opportunity fire, as any dismount), and in an open activation (``activate TANK,U`` first) they
go on with the half their MA has left, and so may the tank, with what its path and the dismount's half left
of its MA (outside an open activation, or stopped short, its move ends in its marker).
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.pg import units as pu
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"
OWN_MOBILITY = ("CAV", "MTC", "BCY")  # cavalry, motorcycles, bicycles


def enabled(position: Position) -> bool:
    return bool(position.scenario.options.get("tank_riders"))


def is_tank(unit: UnitState | None) -> bool:
    return unit is not None and pu.is_afv(unit) and not pu.is_apc(unit)


def involved(position: Position, action: act.Load | act.Unload) -> bool:
    """Is this a tank rider's mount or dismount?"""
    return enabled(position) and is_tank(position.units.get(action.carrier))


def riders(position: Position, tank: str) -> list[UnitState]:
    return sorted((u for u in position.units.values() if u.carrier == tank), key=lambda u: u.id)


def loaded(position: Position, units: list[UnitState]) -> list[str]:
    """The tanks among ``units`` that carry riders."""
    return [u.id for u in units if is_tank(u) and riders(position, u.id)]


def check_mount(game: PgGame, position: Position, load: act.Load) -> act.Load:
    tank = position.units[load.carrier]
    for unit in [tank, *(position.units[u] for u in load.units if u in position.units)]:
        why = game.can_act(position, unit)
        if why:
            raise IllegalAction(why)
        if unit.has("disrupted") or unit.has("demoralized"):
            raise IllegalAction(T("tank riders and their tank must be in good order: {unit} is not",
                                  unit=unit.id), RULE)
    named = [position.units[u] for u in load.units if u in position.units]
    if len(named) != len(load.units):
        raise IllegalAction(T("no such unit to mount"), RULE)
    aboard = riders(position, tank.id) + named
    troops = [u for u in aboard if not pu.is_leader(u)]
    if len(troops) > 1 or len(aboard) - len(troops) > 3:
        raise IllegalAction(T("a tank carries one personnel unit and up to three leaders"), RULE)
    for unit in named:
        if unit.hex != tank.hex:
            raise IllegalAction(T("{unit} must start the activation stacked with {tank}", unit=unit.id,
                                  tank=tank.id), RULE)
        if not pu.is_leader(unit) and (unit.type != "personnel" or pu.branch(unit) in OWN_MOBILITY):
            raise IllegalAction(T("{unit} cannot ride a tank: only personnel without their own mobility",
                                  unit=unit.id), RULE)
        if not pu.is_leader(unit) and tank.has("reduced") and not unit.has("reduced"):
            raise IllegalAction(T("a reduced tank carries only a reduced unit"), RULE)
    if any(u.carrier is not None for u in named):
        raise IllegalAction(T("a unit already carried cannot mount"), RULE)
    return act.Load(tuple(sorted(load.units)), tank.id)


def mount(game: PgGame, position: Position, load: act.Load) -> State:
    """All the MA of both: both are marked."""
    from hexmate.rules.games.pg.game import MARK

    state = position.state
    for uid in load.units:
        state = state.with_unit(dataclasses.replace(state.units[uid], carrier=load.carrier).mark(MARK))
    return state.with_unit(state.units[load.carrier].mark(MARK))


def check_dismount(game: PgGame, position: Position, unload: act.Unload) -> act.Unload:
    tank = position.units[unload.carrier]
    why = game.can_act(position, tank)
    if why:
        raise IllegalAction(why)
    if not riders(position, tank.id):
        raise IllegalAction(T("{unit} carries no one", unit=tank.id), "5.6")
    return unload


def dismount(game: PgGame, position: Position, unload: act.Unload) -> State:
    """Half the MA of both, rounded up; in an open activation they move on with the rest."""
    from hexmate.rules.games.pg.game import MARK

    state = position.state
    tank = state.units[unload.carrier]
    gs = game.gstate(state)
    going_on = unload.carrier in gs.active
    spent = dict(gs.entry_spent)
    for unit in [*riders(position, tank.id), tank]:
        freed = dataclasses.replace(unit, carrier=None, hex=tank.hex)
        half = math.ceil(pu.value(unit, "ma") / 2)
        spent[unit.id] = spent.get(unit.id, 0) + half
        state = state.with_unit(freed if going_on else freed.mark(MARK))
    game_state = game.gstate(state).replace(entry_spent=tuple(sorted(spent.items())))
    if going_on:  # the riders (stacked with it when the activation began) move on in it too
        aboard = {u.id for u in riders(position, tank.id)}
        game_state = game_state.replace(active=tuple(sorted({*gs.active, *aboard})))
    return state.replace(game=game_state)


MODE = "dismount"  # ``move TANK PATH as dismount``


def check_move(game: PgGame, position: Position, units: list[UnitState], move: act.Move,
               cost: int | Fraction) -> int | Fraction:
    """``move TANK PATH as dismount``: a tank with riders moves, then they get off where it stops. Returns the
    move's cost with the dismount's half MA (rounded up) added; raises IllegalAction naming the rule."""
    tanks = [u for u in units if not pu.is_leader(u)]
    if not enabled(position) or len(tanks) != 1 or not is_tank(tanks[0]) or not riders(position, tanks[0].id):
        raise IllegalAction(T("only a tank carrying riders moves 'as dismount' (17.0)"), RULE)
    tank = tanks[0]
    half = math.ceil(pu.value(tank, "ma") / 2)
    budget = game.budget([tank], position)
    if cost + half > budget:
        raise IllegalAction(T("the riders' dismount takes half of {tank}'s MA, {half} MP: the path costs "
                              "{cost} of its {ma} MP (17.0)", tank=tank.id, half=half, cost=cost, ma=budget),
                            RULE)
    return cost + half


def after_move(game: PgGame, position: Position, tank_id: str,
               cost: int | Fraction | None = None) -> tuple[State, tuple[str, ...]]:
    """``as dismount``: where the tank stopped its riders get off, as ``dismount`` does. In an open activation
    they go on with what is left, and so does the tank (17.0: the dismount takes half the MA of both, then
    either may continue if enough MA is left): it has spent its path and the half (``cost``, the whole move
    as checked), and moves on with the rest. Outside an open activation, or when its move was stopped short,
    the tank's move ends in its marker. A tank shaken on the way has lost its riders already (5.66)."""
    from hexmate.rules.games.pg.game import MARK

    tank = position.units.get(tank_id)
    if tank is None or tank.hex is None or not riders(position, tank_id):
        return position.state, ()
    ids = (tank_id, *(u.id for u in riders(position, tank_id)))
    state = dismount(game, position, act.Unload(tank_id))
    gs = game.gstate(state)
    if cost is None or tank_id not in gs.active or tank.has("disrupted") or tank.has("demoralized"):
        return state.with_unit(state.units[tank_id].mark(MARK)), ids
    half = math.ceil(pu.value(tank, "ma") / 2)
    spent = dict(gs.entry_spent)
    spent[tank_id] = spent.get(tank_id, 0) + cost - half  # the path; dismount() counted the half
    state = state.replace(game=gs.replace(entry_spent=tuple(sorted(spent.items()))))
    return state.with_unit(state.units[tank_id].mark(remove=(MARK,))), ids


def fire_problem(position: Position, shooters: list[UnitState]) -> T | None:
    tanks = loaded(position, shooters) if enabled(position) else []
    return T("{units} carries riders and may not fire (17.0)", units=", ".join(tanks)) if tanks else None


def assault_problem(position: Position, units: list[UnitState]) -> T | None:
    tanks = loaded(position, units) if enabled(position) else []
    return T("{units} carries riders and may not assault (17.0)", units=", ".join(tanks)) if tanks else None


__all__ = ["MODE", "after_move", "assault_problem", "check_dismount", "check_mount", "check_move", "dismount",
           "enabled", "fire_problem", "involved", "is_tank", "mount", "riders"]
