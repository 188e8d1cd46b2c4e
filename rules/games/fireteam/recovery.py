"""Fire Team recovery [8]: a leader's rally attempt for the feared infantry of his stack for 1 CP [8.1],
[8.11], one d10 per unit rolled by their owner; a vehicle's own attempt for 1 CP, 1-7 recovers [8.3]; and the
automatic recovery of the End Phase for units not fired at this turn [8.2], [8.3]."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import FT_D10
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.fireteam import command as cmd
from hexmate.rules.games.fireteam.fire import LEADER, VEHICLE, VEHICLE_FEAR, fear, with_fear
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.fireteam.game import FireTeamGame

RECOVERY_CP = 1  # [8.1], [8.3] a recovery attempt costs 1 CP, never modified
VEHICLE_RALLY = 7  # [8.3] a vehicle recovers on 1-7


def feared_with(position: Position, leader: UnitState) -> list[UnitState]:
    return sorted(
        (u for u in position.units.values()
         if u.hex == leader.hex and u.side == leader.side and u.type != LEADER and fear(u)),
        key=lambda u: u.id,
    )


def check(game: FireTeamGame, position: Position, rally: act.Rally) -> act.Rally:
    if position.phase.id != "action":
        raise IllegalAction(T("recovery attempts are made in one's impulse of the Action Phase"), "8.0")
    unit = position.units.get(rally.unit)
    if unit is None:
        raise InvalidAction(T("no unit {unit!r} in this game", unit=rally.unit))
    command = game.cp(position.state)
    if unit.side != command.active or position.state.decision is not None:
        raise IllegalAction(T("{unit} is not the active side's", unit=unit.id), "8.0")
    if unit.type == VEHICLE:
        if not unit.has(VEHICLE_FEAR):
            raise IllegalAction(T("{unit} has no Vehicle Fear to recover from", unit=unit.id), "8.3")
        if unit.id in command.rallied:
            raise IllegalAction(T("{unit} has already tried to recover this impulse", unit=unit.id), "8.12")
        savers = [unit.id]
    else:
        if unit.type != LEADER:
            raise IllegalAction(T("{unit} is not a leader: only a leader rallies feared infantry",
                                  unit=unit.id), "8.1")
        if unit.carrier is not None:
            raise IllegalAction(T("{unit} rides in a vehicle: he cannot rally dismounted infantry",
                                  unit=unit.id), "8.12")
        if not feared_with(position, unit):
            raise IllegalAction(T("no feared infantry is stacked with {unit}", unit=unit.id), "8.1")
        if all(u.id in command.rallied for u in feared_with(position, unit)):
            raise IllegalAction(T("the feared units with {unit} have tried to recover this impulse",
                                  unit=unit.id), "8.12")
        savers = [u.id for u in feared_with(position, unit)]
    if cmd.pay(command, Fraction(RECOVERY_CP), savers) is None:
        raise IllegalAction(T("a recovery attempt costs 1 CP"), "8.1")
    return act.Rally(unit.id)


def declare(game: FireTeamGame, position: Position, rally: act.Rally) -> State:
    """[8.1] One attempt (1 CP) covers every feared unit of the stack; each rolls its own d10 [8.11]; a
    vehicle rolls for itself [8.3]."""
    state = position.state
    unit = state.units[rally.unit]
    command = game.cp(state)
    if unit.type == VEHICLE:
        paid = cmd.pay(command, Fraction(RECOVERY_CP), [unit.id])
        assert paid is not None
        state = game.with_cp(state, paid.replace(rallied=paid.rallied | {unit.id}))
        return state.push(Decision(
            "roll", unit.side, T("{unit} tries to shake off Vehicle Fear: 1-7 recovers",
                                 unit=unit.id), "8.3", "vrally",
            dice="d10", subject=(unit.id,), target=unit.hex,
        ))
    feared = [u for u in feared_with(position, unit) if u.id not in command.rallied]
    paid = cmd.pay(command, Fraction(RECOVERY_CP), [u.id for u in feared_with(position, unit)])
    assert paid is not None
    state = game.with_cp(state, paid.replace(rallied=paid.rallied | {u.id for u in feared}))
    leader = unit
    return state.push(*(
        Decision(
            "roll", u.side,
            T("{unit} (Fear {fear}) rallies under {leader}: d10 + Fear at most {recovery}", unit=u.id,
              fear=fear(u), leader=leader.id, recovery=leader.values["recovery"]),
            "8.11", "rally", dice="d10", subject=(u.id,), target=u.hex, args=(("leader", leader.id),),
        )
        for u in feared
    ))


def resume_vehicle(game: FireTeamGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """[8.3] 1-7: the Vehicle Fear marker comes off; 8-10: it stays. No leader; no modifier but night's +1,
    which [15.2] puts on every recovery roll."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None:
        return state
    night = 1 if game.night(position) else 0
    if FT_D10.from_values(answer.dice or ()).total + night <= VEHICLE_RALLY:
        state = state.with_unit(unit.mark(remove=(VEHICLE_FEAR,)))
    return state


def resume(game: FireTeamGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """[8.11] d10 + the unit's Fear not above the leader's recovery value removes all its Fear."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    leader = state.units.get(decision.arg("leader"))
    if unit is None or leader is None:
        return state
    roll = FT_D10.from_values(answer.dice or ()).total
    night = 1 if game.night(position) else 0  # [15.2] +1 to recovery at night
    if roll + fear(unit) + night <= int(leader.values["recovery"]):
        state = state.with_unit(with_fear(unit, 0))
    return state


def automatic(position: Position, fired_at: frozenset[str]) -> State:
    """[8.2] At the end of the turn, infantry that took no AP fire this turn drop one Fear level; Fear 1
    stays (only a leader removes it). [8.3] A vehicle not fired at this turn loses its Vehicle Fear."""
    state = position.state
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.id in fired_at:
            continue
        level = fear(unit)
        if level >= 2:
            state = state.with_unit(with_fear(unit, level - 1))
        if unit.type == VEHICLE and unit.has(VEHICLE_FEAR):
            state = state.with_unit(unit.mark(remove=(VEHICLE_FEAR,)))
    return state
