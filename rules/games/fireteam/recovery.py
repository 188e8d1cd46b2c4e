"""Fire Team recovery [8]: a leader's rally attempt for the feared infantry of his stack [8.1], [8.11], one
d10 per unit rolled by their owner, and the automatic recovery of the End Phase [8.2]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import FT_D10
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.fireteam.fire import LEADER, fear, with_fear

if TYPE_CHECKING:
    from hexmate.rules.games.fireteam.game import FireTeamGame

RALLIED = "rallied"  # the leader has made his rally attempt this Action Phase (the stand-in for its CP, 8.1)


def feared_with(position: Position, leader: UnitState) -> list[UnitState]:
    return sorted(
        (u for u in position.units.values()
         if u.hex == leader.hex and u.side == leader.side and u.type != LEADER and fear(u)),
        key=lambda u: u.id,
    )


def check(game: FireTeamGame, position: Position, rally: act.Rally) -> act.Rally:
    if position.phase.id != "action":
        raise IllegalAction("rally attempts are made in one's impulse of the Action Phase", "8.0")
    leader = position.units.get(rally.unit)
    if leader is None:
        raise InvalidAction(f"no unit {rally.unit!r} in this game")
    if leader.type != LEADER:
        raise IllegalAction(f"{leader.id} is not a leader: only a leader rallies feared infantry", "8.1")
    if leader.side != position.to_act:
        raise IllegalAction(f"{leader.id} is not the active side's", "8.0")
    if leader.has(RALLIED):
        raise IllegalAction(f"{leader.id} has already made a rally attempt this Action Phase", "8.12")
    if not feared_with(position, leader):
        raise IllegalAction(f"no feared infantry is stacked with {leader.id}", "8.1")
    return act.Rally(leader.id)


def declare(game: FireTeamGame, position: Position, rally: act.Rally) -> State:
    """[8.1] One attempt covers every feared unit of the stack; each rolls its own d10 [8.11]."""
    state = position.state
    leader = state.units[rally.unit]
    state = state.with_unit(leader.mark(RALLIED))
    return state.push(*(
        Decision(
            "roll", unit.side,
            f"{unit.id} (Fear {fear(unit)}) rallies under {leader.id}: "
            f"d10 + Fear at most {leader.values['recovery']}",
            "8.11", "rally", dice="d10", subject=(unit.id,), target=unit.hex, args=(("leader", leader.id),),
        )
        for unit in feared_with(position, leader)
    ))


def resume(game: FireTeamGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """[8.11] d10 + the unit's Fear not above the leader's recovery value removes all its Fear."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    leader = state.units.get(decision.arg("leader"))
    if unit is None or leader is None:
        return state
    roll = FT_D10.from_values(answer.dice or ()).total
    if roll + fear(unit) <= int(leader.values["recovery"]):
        state = state.with_unit(with_fear(unit, 0))
    return state


def automatic(position: Position, fired_at: frozenset[str]) -> State:
    """[8.2] At the end of the turn, infantry that took no AP fire this turn drop one Fear level; Fear 1
    stays (only a leader removes it)."""
    state = position.state
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        level = fear(unit)
        if level >= 2 and unit.id not in fired_at:
            state = state.with_unit(with_fear(unit, level - 1))
    return state
