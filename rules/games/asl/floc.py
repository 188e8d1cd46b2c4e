"""The Location a fire attacks (A7.4, A2.8, A23.6). Pure.

A fire attacks a Location, not a hex: every enemy infantry unit, unarmored vehicle and exposed PRC in the
target Location is affected, and no unit of another Location of the same hex (A7.4; A2.8: the levels of a
building hex are Locations of their own). So where the enemy units of the target hex stand at more than one
level, the firer names the Location before the DR (``fire_level``: ``h0`` the ground level, ``h1`` level 1),
and its roll decision keeps the answer as its ``level`` argument. Where they stand at one level that is the
target Location, with no question. In the MPh, Defensive First Fire is at the moving units (A8.1), whose
Location is known, so nothing is asked. Vehicles and the units aboard them stand at ground level.

A thrown DC has its own Locations (A23.6: the thrower's own level, the ground level dropped from higher up,
the next lower level of its own building): the question lists those of them holding enemy units
(demolition.py).

A fire given with its dice at once ("fire ... dice N,N") cannot answer the question: it is refused with a
word to fire first and name the Location.
"""

from __future__ import annotations

from collections.abc import Callable

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour
from hexmate.rules.games.asl import demolition as dc
from hexmate.rules.games.asl import locations as loc
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

LEVEL = "fire_level"


def level_of_unit(position: Position, unit: UnitState) -> int:
    """The level of a unit's Location: a vehicle's and those aboard it are at ground level."""
    if armour.is_vehicle(unit) or (unit.carrier is not None and unit.carrier in position.units \
            and armour.is_vehicle(position.units[unit.carrier])):
        return 0
    return unit.level


def enemy_levels(position: Position, side: str, h: Hex) -> tuple[int, ...]:
    """The levels of h holding units of the side other than ``side`` (SW apart: they go with their owner)."""
    return tuple(sorted({level_of_unit(position, u) for u in position.units_at(h)
                         if u.side != side and u.type != au.SW}))


def choices(position: Position, fire: act.Fire) -> tuple[int, ...]:
    """The levels the firer must choose between before the DR: () when the target Location is plain."""
    if not fire.firers or any(u not in position.units for u in fire.firers):
        return ()
    if dc.thrown(position, fire):
        return dc.ambiguous(position, fire)
    if position.phase.id == "MPh":
        return ()  # A8.1: at the movers' Location
    levels = enemy_levels(position, position.units[fire.firers[0]].side, fire.target)
    return levels if len(levels) > 1 else ()


def ask(position: Position, fire: act.Fire, levels: tuple[int, ...]) -> State:
    """A7.4: the firer names the target Location of the hex."""
    side = position.units[fire.firers[0]].side
    where = ", ".join(f"h{lv} ({loc.label(position.map, loc.Location(fire.target, lv))})" for lv in levels)
    return position.state.push(Decision(
        "confirm", side, T("{hex} has enemy units at more than one level: fire at which Location? {where}",
                           hex=position.label(fire.target), where=where),
        "A23.6" if dc.thrown(position, fire) else "A7.4", LEVEL, choices=tuple(f"h{lv}" for lv in levels),
        subject=fire.firers, target=fire.target))


def resume(position: Position, decision: Decision, answer: act.Answer,
           declare: Callable[[Position, act.Fire], State]) -> State:
    """The firer's answer: the fire is declared as any (``declare``: the game's own declaration of a fire),
    its roll decision keeping the Location as its ``level`` argument."""
    assert decision.target is not None
    choice = answer.choice or ""
    if choice not in decision.choices:
        raise IllegalAction(T("answer one of {choices}", choices=", ".join(decision.choices)), "A7.4")
    return _with_level(declare(position, act.Fire(decision.subject, decision.target)), choice[1:])


def _with_level(state: State, level: str) -> State:
    for i in range(len(state.decisions) - 1, -1, -1):
        top = state.decisions[i]
        if top.then == "ift":
            decisions = (*state.decisions[:i], top.with_args(level=level), *state.decisions[i + 1:])
            return state.replace(decisions=decisions)
    return state


def chosen(decision: Decision) -> int | None:
    """The level the roll decision keeps (None: no question was asked)."""
    level = decision.arg("level")
    return int(level) if level else None


def refuse_dice_at_once(position: Position, state: State) -> None:
    """A fire with its dice at once cannot name the Location: refused with the way to do it (A7.4)."""
    top = state.decision
    if top is not None and top.then == LEVEL and top.target is not None:
        raise IllegalAction(T("{hex} has enemy units at more than one level: fire without the dice, then "
                              "name the Location", hex=position.label(top.target)), "A7.4")


__all__ = ["LEVEL", "ask", "choices", "chosen", "enemy_levels", "level_of_unit", "refuse_dice_at_once",
           "resume"]
