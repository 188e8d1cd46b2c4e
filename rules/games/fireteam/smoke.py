"""Fire Team smoke laid by moving squads and vehicles [10.1]-[10.13], its effects [10.32] and its dispersal in
the End Phase [10.31]. Smoke fired by artillery [10.2] is in ``artillery.py``.

The Smoke Dispersal Table is not printed in the text: its one cited cell is the example (a 1 clears smoke in
hexes whose number ends in 1, 3, 5, 7, 9 or 0); the other rows are demo values.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import FT_D10
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Position, State
from hexmate.rules.games.fireteam import command as cmd
from hexmate.rules.games.fireteam.fire import VEHICLE
from hexmate.rules.hexes import Hex, StepKind, distance, line
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.fireteam.game import FireTeamGame

SMOKE_CP = Fraction(1, 2)  # [10.11] per smoke action, never raised by Fear
OUT_OF_SMOKE = "smoke_depleted"  # [10.12] a squad's smoke grenades are gone
GRENADES_OUT_AT = 5  # [10.12] a squad rolls after laying smoke: 1-5 uses its grenades up
VEHICLE_HEXES = 3  # [10.1] a vehicle lays smoke in up to three consecutive hexes an impulse
ENTER_COST = 1  # [10.32] +1 MP to enter a smoke hex
SMOKE_HEIGHT = 1  # [6.16] smoke obstructs one level above its hex
GM_SHIFT = 1  # [10.32] G/M fire through smoke takes an adverse shift (value not printed: demo value)
# [10.31] d10 -> the last digits of hex numbers whose smoke disperses (1: the text's example; rest demo)
DISPERSAL: dict[int, frozenset[int]] = {
    1: frozenset({1, 3, 5, 7, 9, 0}), 2: frozenset({0, 2, 4, 6, 8}), 3: frozenset({1, 3, 5, 7, 9}),
    4: frozenset({0, 2, 4, 6, 8}), 5: frozenset({1, 2, 3}), 6: frozenset({4, 5, 6}), 7: frozenset({7, 8, 9}),
    8: frozenset({0}), 9: frozenset(), 10: frozenset(),
}


def last_digit(label: str) -> int:
    digits = re.findall(r"\d", label)
    return int(digits[-1]) if digits else 0


def blocks(smoke: frozenset[Hex], a: Hex, b: Hex, level: Callable[[Hex], int] | None = None) -> bool:
    """[10.32], [6.13] Smoke between two hexes blocks LOS; a line along a hexside only if both sides smoke.
    [6.16] Smoke is an obstacle one level above its hex: between units on different levels it blocks if it
    reaches the higher one, not if it is no higher than the lower one, and between those only when it is
    nearer the lower unit (the digest's reading of the LOS Check Chart, which is not printed)."""
    if not smoke:
        return False
    for step in line(a, b).steps:
        hexes = [h for h in step.hexes if h not in (a, b)]
        if step.kind is StepKind.HEX and hexes and hexes[0] in smoke and _high_enough(hexes[0], a, b, level):
            return True
        along = step.kind is StepKind.HEXSIDE and len(step.hexes) == 2
        if along and all(h in smoke and h not in (a, b) and _high_enough(h, a, b, level) for h in step.hexes):
            return True
    return False


def _high_enough(h: Hex, a: Hex, b: Hex, level: Callable[[Hex], int] | None) -> bool:
    if level is None:
        return True
    top = level(h) + SMOKE_HEIGHT
    high, low = (a, b) if level(a) >= level(b) else (b, a)
    if level(high) == level(low):
        return top > level(low)  # [6.15] same level: smoke at or above them blocks
    if top >= level(high):
        return True
    if top <= level(low):
        return False
    return 2 * distance(high, h) >= distance(high, low)  # nearer the lower unit, or halfway


def check(game: FireTeamGame, position: Position, smoke: act.Smoke) -> act.Smoke:
    unit = position.units.get(smoke.unit)
    if unit is None:
        raise InvalidAction(T("no unit {unit!r} in this game", unit=smoke.unit))
    if unit.values.get("smoke_pattern"):  # [10.2] artillery smoke rounds
        from hexmate.rules.games.fireteam import artillery

        artillery.smoke_check(game, position, unit, smoke.hex)
        game.activation_due(position, (unit.id,), "fire")
        return act.Smoke(unit.id, smoke.hex)
    command = game.cp(position.state)
    if position.state.decision is not None or unit.side != command.active:
        raise IllegalAction(T("smoke is laid by the active side's moving units"), "10.1")
    if unit.type not in ("squad", VEHICLE):
        raise IllegalAction(T("only squads and vehicles lay smoke (not teams, observers or leaders)"), "10.1")
    if unit.id not in command.mover or command.activated.get(unit.id) not in ("move", "cautious", "any"):
        raise IllegalAction(T("{unit} lays smoke as part of its move, where it stands",
                              unit=unit.id), "10.13")
    if smoke.hex != unit.hex:
        raise IllegalAction(T("smoke goes in the hex the unit started from or has just entered"), "10.1")
    laid = game.gstate(position.state).smoke_by.get(unit.id, 0)
    if unit.type == "squad":
        if unit.has(OUT_OF_SMOKE):
            raise IllegalAction(T("{unit} has used up its smoke grenades", unit=unit.id), "10.12")
        if laid:
            raise IllegalAction(T("a squad lays smoke in one hex an impulse"), "10.1")
        if unit.id in command.moving_fired:
            raise IllegalAction(T("a squad that made Moving Fire lays no smoke"), "10.1")
    elif laid >= VEHICLE_HEXES:
        raise IllegalAction(T("a vehicle lays smoke in three hexes an impulse at most"), "10.1")
    if cmd.pay(command, SMOKE_CP, [unit.id]) is None:
        raise IllegalAction(T("smoke costs 0.5 CP"), "10.11")
    return act.Smoke(unit.id, smoke.hex)


def declare(game: FireTeamGame, position: Position, smoke: act.Smoke) -> State:
    """The marker goes down at once; a squad then rolls for its grenades [10.12]."""
    if position.units[smoke.unit].values.get("smoke_pattern"):
        from hexmate.rules.games.fireteam import artillery

        return artillery.smoke_fired(game, position, position.units[smoke.unit], smoke.hex)
    state = position.state
    command = cmd.pay(game.cp(state), SMOKE_CP, [smoke.unit])
    assert command is not None
    gs = game.gstate(state)
    laid = {**gs.smoke_by, smoke.unit: gs.smoke_by.get(smoke.unit, 0) + 1}
    state = state.replace(game=gs.replace(command=command, smoke=gs.smoke | {smoke.hex}, smoke_by=laid))
    unit = state.units[smoke.unit].revealed()  # [11.31] laying smoke gives a hidden unit away
    state = state.with_unit(unit)
    if unit.type == VEHICLE:
        return state  # [10.12] a vehicle's smoke never runs out
    return state.push(Decision(
        "roll", unit.side, T("{unit} laid smoke: 1-5 and its smoke grenades are used up",
                             unit=unit.id), "10.12",
        "smokeroll", dice="d10", subject=(unit.id,), target=smoke.hex,
    ))


def resume_roll(game: FireTeamGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is not None and FT_D10.from_values(answer.dice or ()).total <= GRENADES_OUT_AT:
        state = state.with_unit(unit.mark(OUT_OF_SMOKE))
    return state


def dispersal_decision(position: Position, side: str) -> Decision:
    return Decision("roll", side, T("roll for smoke dispersal: smoke in the hexes the table names lifts"),
                    "10.31", "disperse", dice="d10")


def resume_disperse(game: FireTeamGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """[10.31] One d10 for the map: smoke in hexes whose number ends in a digit the table gives lifts."""
    state = position.state
    digits = DISPERSAL[FT_D10.from_values(answer.dice or ()).total]
    gs = game.gstate(state)
    kept = frozenset(h for h in gs.smoke if last_digit(position.label(h)) not in digits)
    return state.replace(game=gs.replace(smoke=kept))


__all__ = ["DISPERSAL", "blocks", "check", "declare", "last_digit", "resume_disperse", "resume_roll"]
