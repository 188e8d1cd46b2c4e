"""ASL leader creation (A18) at the table: the self-rally of A18.11.

A18.11: the first MMC rally attempt of a friendly RPh may be made as a self-rally even by a unit without that
ability, if no Good Order leader is in its Location and it is not Disrupted (A19.12). Its Original DR of 2
rallies it whatever the DRMs, and its owner then rolls a dr on the Leader Creation Table (A18.2), +1 for the
unit having been broken. A new leader (a counter of the scenario, else of the demo catalogue: demo values) is
placed in its Location. A18.12 (a leader created in Close Combat, changing the CC being resolved) is not here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame


def creates(position: Position, unit: UnitState, original: int, self_rally: bool) -> bool:
    """A18.11: a friendly-RPh MMC self-rally with an Original DR of 2, not Disrupted."""
    return (self_rally and original == 2 and unit.type in au.MMC and unit.side == position.phasing
            and not unit.has("disrupted"))


def inherit(creator: UnitState, smc: UnitState) -> UnitState:
    """A10.8: an SMC born of a fanatic MMC (a hero, A15.21; a created leader, A18.2) is fanatic too."""
    return smc.mark("fanatic") if creator.has("fanatic") else smc


def decision(unit: UnitState) -> Decision:
    return Decision("roll", unit.side,
                    T("{unit} rallied on an Original 2: roll the Leader Creation dr", unit=unit.id),
                    "A18.11", "leader_creation", dice="dr", subject=(unit.id,), target=unit.hex)


def _nationality(position: Position, side: str) -> str | None:
    return next((s.nationality or None for s in position.scenario.sides if s.id == side), None)


def _counter(position: Position, name: str) -> CounterType | None:
    if name in position.scenario.counters:
        return position.scenario.counters[name]
    demo = au.demo_catalogue().get(name)
    if demo is None:
        return None
    values = {k: v for k, v in demo.items() if k != "type"}
    return CounterType(name, str(demo["type"]), values)


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A18.2: the final dr picks the leader created (or none); he is placed in the unit's Location."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None or unit.hex is None:
        return state
    dr = (answer.dice or (0,))[0]
    nat = _nationality(position, unit.side)
    was = unit.mark("broken")  # the drm counts the unit as it rolled: broken (A18.11)
    got, final = am.created_leader(was, dr, default_nationality=nat)
    lines = [Line(T("Leader Creation dr"), str(dr), "A18.2")]
    lines += [Line(label, f"{value:+d}", rule) for label, value, rule in
              am.leader_creation_drm(was, default_nationality=nat)]
    counter = _counter(position, got) if got else None
    if got and counter is not None:
        n = sum(1 for u in state.units if u.startswith(f"{unit.side}-created"))
        leader = inherit(unit, UnitState(f"{unit.side}-created{n + 1}", unit.side, counter, unit.hex))
        state = state.with_unit(leader)
        said = T("a {leader} leader appears with {unit}", leader=got, unit=unit.id)
    elif got:
        said = T("a {leader} leader would appear, but the scenario has no such counter", leader=got)
    else:
        said = T("no leader appears")
    lines.append(Line(T("final dr"), str(final), "A18.2"))
    summary = T("Leader Creation for {unit}: final dr {final}: {result}", unit=unit.id, final=final,
                result=said)
    return state.replace(resolution=Resolution(act.Rally(unit.id), "leader_creation", "", False,
                                               tuple(lines), {unit.id: got or "-"}, summary))
