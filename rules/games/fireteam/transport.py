"""Fire Team transport [5.4]-[5.48]: infantry board a transport (a vehicle with ``transport``) in their hex
and ride in it as one vehicle unit [5.43]; unloading is itself a moment for opportunity fire [5.46], [7.14].

Loading needs both the riders and the carrier activated (an observer may be picked up unactivated, 5.48);
the carrier pays 2 MP and, if the riders had moved, its remaining MP are halved, rounded up [5.44].
Unloading costs the carrier 2 MP; the riders, activated by the carrier, move at half their MA (leader bonus
included), rounded up, for no CP [5.45]. Support weapons are not modelled.
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.fireteam import command as cmd
from hexmate.rules.games.fireteam import sw
from hexmate.rules.games.fireteam.fire import VEHICLE
from hexmate.rules.games.fireteam.why import T, Why

if TYPE_CHECKING:
    from hexmate.rules.games.fireteam.game import FireTeamGame

LOAD_MP = 2  # [5.44], [5.45] paid by the carrier


def _carrier(game: FireTeamGame, position: Position, cid: str, rule: str) -> UnitState:
    carrier = position.units.get(cid)
    if carrier is None:
        raise InvalidAction(T("no unit {cid!r} in this game", cid=cid))
    command = game.cp(position.state)
    if carrier.type != VEHICLE or not carrier.values.get("transport"):
        raise IllegalAction(T("{cid} carries no infantry (no T by its MA)", cid=cid), "5.4")
    if position.state.decision is not None or carrier.side != command.active:
        raise IllegalAction(T("the active side loads and unloads, in its impulse"), rule)
    if command.activated.get(cid) not in ("move", "cautious", "any") or cid in command.used:
        raise IllegalAction(T("{cid} must be activated to move, and still moving", cid=cid), rule)
    if game.mp_left(position, [carrier]) < LOAD_MP:
        raise IllegalAction(T("{cid} needs {load_mp} MP to do it", cid=cid, load_mp=LOAD_MP), rule)
    return carrier


def riders_of(position: Position, cid: str) -> list[UnitState]:
    return sorted((u for u in position.units.values() if u.carrier == cid), key=lambda u: u.id)


def fits(carrier: UnitState, riders: list[UnitState]) -> Why | None:
    """[5.41], [5.42] Leaders without limit, two light teams and a squad; or one heavy team alone. Squads and
    teams of the carrier's platoon only; observers and leaders ride any carrier."""
    heavy = [u for u in riders if u.type == "team" and u.values.get("heavy")]
    if heavy and len(riders) > 1:
        return Why(T("a heavy team rides alone"), "5.41")
    if sum(1 for u in riders if u.type == "squad") > 1 or sum(
            1 for u in riders if u.type == "team" and not u.values.get("heavy")) > 2:
        return Why(T("a carrier takes one squad and two light teams besides leaders"), "5.41")
    for u in riders:
        if u.type in ("squad", "team") and u.values.get("platoon") != carrier.values.get("platoon"):
            return Why(T("{unit} is not of {vehicle}'s platoon", unit=u.id, vehicle=carrier.id), "5.42")
    return None


def check_load(game: FireTeamGame, position: Position, load: act.Load) -> act.Load:
    carrier = _carrier(game, position, load.carrier, "5.44")
    command = game.cp(position.state)
    new: list[UnitState] = []
    for uid in load.units:
        unit = position.units.get(uid)
        if unit is None:
            raise InvalidAction(T("no unit {uid!r} in this game", uid=uid))
        if unit.type == VEHICLE or unit.carrier is not None or unit.side != carrier.side:
            raise IllegalAction(T("{uid} cannot board {carrier}", uid=uid, carrier=carrier.id), "5.4")
        if unit.hex != carrier.hex:
            raise IllegalAction(T("{uid} must be in {carrier}'s hex to board it",
                                  uid=uid, carrier=carrier.id), "5.44")
        if unit.type != "observer" and command.activated.get(uid) not in ("move", "cautious", "any"):
            raise IllegalAction(T("{uid} must be activated to move to board (an observer need not)",
                                  uid=uid), "5.44")
        new.append(unit)
    why = fits(carrier, riders_of(position, carrier.id) + new)
    if why:
        raise why.illegal()
    return act.Load(tuple(sorted(load.units)), carrier.id)


def apply_load(game: FireTeamGame, position: Position, load: act.Load) -> State:
    """[5.44] The riders board (their activation is over); the carrier pays 2 MP, and if any rider had moved
    its remaining MP are halved, rounded up."""
    state = position.state
    command = game.cp(state).switch_mover((load.carrier,))
    carrier = state.units[load.carrier]
    budget = Fraction(game.budget([carrier], game.night(position)))
    left = budget - command.spent.get(carrier.id, cmd.ZERO) - LOAD_MP
    if any(command.spent.get(u, cmd.ZERO) for u in load.units):
        left = Fraction(math.ceil(left / 2))
    spent = {**command.spent, carrier.id: budget - left}
    command = command.replace(mover=(carrier.id,), spent=spent, used=command.used | set(load.units))
    for uid in load.units:
        state = state.with_unit(dataclasses.replace(state.units[uid], carrier=carrier.id))
    return game.with_cp(state, command)


def check_unload(game: FireTeamGame, position: Position, unload: act.Unload) -> act.Unload:
    holder = position.units.get(unload.carrier)
    if holder is not None and holder.type in sw.CARRY:  # [5.15] 'unload SQUAD': it drops its SWs
        command = game.cp(position.state)
        if position.state.decision is not None or holder.side != command.active:
            raise IllegalAction(T("the active side drops SWs, in its impulse"), "5.15")
        if holder.carrier is not None:
            raise IllegalAction(T("{unit} rides in {vehicle}: mounted infantry drop no SW",
                                  unit=holder.id, vehicle=holder.carrier), "5.15")
        if command.activated.get(holder.id) not in ("move", "cautious", "any") or holder.id in command.used:
            raise IllegalAction(T("{unit} drops SWs while it moves", unit=holder.id), "5.15")
        if not sw.carried_by(position.state, holder.id):
            raise IllegalAction(T("{unit} carries no SW", unit=holder.id), "5.15")
        return unload
    _carrier(game, position, unload.carrier, "5.45")
    if not riders_of(position, unload.carrier):
        raise IllegalAction(T("{carrier} carries no one", carrier=unload.carrier), "5.45")
    return unload


def apply_unload(game: FireTeamGame, position: Position, unload: act.Unload) -> State:
    """[5.45] The carrier pays 2 MP; the riders step out activated, with half their MA (leader bonus
    included) rounded up, for no CP; [5.46], [7.14] the enemy may fire at the unloading at once."""
    state = position.state
    if state.units[unload.carrier].type in sw.CARRY:  # [5.15] the SWs stay in the hex, unattended
        for weapon in sw.carried_by(state, unload.carrier):
            state = state.with_unit(dataclasses.replace(weapon, carrier=None))
        return state
    command = game.cp(state).switch_mover((unload.carrier,))
    carrier = state.units[unload.carrier]
    riders = riders_of(position, carrier.id)
    ids = tuple(u.id for u in riders)
    half = Fraction(math.ceil(Fraction(game.budget(riders, game.night(position))) / 2))
    spent = {**command.spent, carrier.id: command.spent.get(carrier.id, cmd.ZERO) + LOAD_MP,
             **{u: Fraction(game.budget(riders, game.night(position))) - half for u in ids}}
    activated = {**command.activated, **{u: "move" for u in ids}}
    used = command.used - set(ids)
    state = game.with_cp(state, command.replace(mover=(carrier.id,), spent=spent, activated=activated,
                                                used=used))
    for rider in riders:
        state = state.with_unit(dataclasses.replace(rider, carrier=None, hex=carrier.hex))
    enemy = position.enemy_of(carrier.side)
    assert carrier.hex is not None
    return state.push(Decision(
        "react", enemy, T("{units} unload from {vehicle} at {hex}: fire at them now or pass",
                          units=", ".join(ids), vehicle=carrier.id, hex=position.label(carrier.hex)),
        "7.14", "move_on", subject=(*ids, carrier.id), target=carrier.hex,
    ))


__all__ = ["apply_load", "apply_unload", "check_load", "check_unload", "fits", "riders_of"]

