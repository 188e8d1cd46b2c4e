"""Moving between building levels in the MPh (A2.8, A4.13, A10.5 example): what game.py asks of a move.

A move names its last Location's level with a mode word ``hN`` (A2.2 notation; ``as h1``, or with another
mode ``as cx+h1``); a repeated hex in the path (``M2-M2-N1 as h2``) climbs there and walks on at that level.
At the table a lift and a placement cannot say which level the counter went to (an RFID cell reads a tag,
not a height): when a move ends in a building hex with stairs and upper levels and names no level, the
mover is asked on the page which level it ends at, among those its MF still pay for (1 MF per level).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import locations as loc
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.terrain_view import table_for
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

Cost = int | Fraction


def check_setup(scenario: Scenario, m: HexMap) -> None:
    """A2.8: every unit set up at a level stands in a Location its hex has; else a DataError naming it."""
    for n, unit in enumerate(scenario.units):
        if not unit.level:
            continue
        h = m.parse_label(unit.hex)
        if unit.level == -1 and m.terrain(h) in table_for("asl").table.los_rules().depression:
            continue  # A.6: IN a depression (the gully bottom of the A7.21 and A6.8 examples)
        if unit.level not in loc.levels(m, h):
            raise DataError(f"{scenario.source}: units[{n}] ({unit.id}): level {unit.level}: "
                            + str(T("{hex} has no level {level} (A2.8)", hex=unit.hex, level=unit.level)))


def repriced(m: HexMap, units: Sequence[UnitState], moves: dict[Hex, act.Move],
             cost_fn: Callable[[HexMap, Hex, Hex], Cost | None], budget: Cost) -> dict[Hex, act.Move]:
    """The moves of units at an upper level with their stairs (to the ground of the last hex), those
    still within the budget (A4.11; a Minimum Move is the game's to add)."""
    out: dict[Hex, act.Move] = {}
    for h, move in moves.items():
        try:
            total = path_total(m, units, move, cost_fn)
        except IllegalAction:
            continue
        if total <= budget:
            out[h] = dataclasses.replace(move, cost=total)
    return out


def split_mode(mode: str) -> tuple[str, int | None]:
    """``cx+h1`` -> (``cx``, 1); ``h2`` -> ("", 2); ``cx`` -> (``cx``, None)."""
    words = [w for w in mode.split("+") if w]
    level = [w for w in words if w[:1] == "h" and w[1:].isdigit()]
    rest = "+".join(w for w in words if w not in level)
    if len(level) > 1:
        raise IllegalAction(T("a move ends at one level: {mode}", mode=mode), "A2.8")
    return rest, int(level[0][1:]) if level else None


def levelled(units: Sequence[UnitState], move: act.Move) -> bool:
    """Does this move involve levels (an upper-level start, a named level, a change in place)?"""
    _, end = split_mode(move.mode)
    return end is not None or any(u.level for u in units) or len(set(move.path)) < len(move.path)


def start_level(units: Sequence[UnitState]) -> int:
    found = {u.level for u in units}
    if len(found) != 1:
        raise IllegalAction(T("units at different levels are in different Locations and move apart"), "A2.8")
    return found.pop()


def path_total(m: HexMap, units: Sequence[UnitState], move: act.Move,
               cost_fn: Callable[[HexMap, Hex, Hex], Cost | None]) -> Cost:
    """The MF of a move through building levels (A4.13, A4.133, 1 MF a level by the stairs)."""
    _, end = split_mode(move.mode)
    for h in move.path:
        if h not in m.hexes:
            raise IllegalAction(T("{hex} is not on the map", hex=str(h)), "A2.6")
    costs = loc.path_cost(m, move.path, start_level(units), 0 if end is None else end, cost_fn)
    total: Cost = 0
    for c in costs:
        total += c
    return total


def levels_of(m: HexMap, units: Sequence[UnitState], move: act.Move) -> tuple[int, ...]:
    _, end = split_mode(move.mode)
    return loc.path_levels(m, move.path, start_level(units) if units else 0, 0 if end is None else end)


def set_level(state: State, units: Sequence[str], level: int) -> State:
    for uid in units:
        if uid in state.units and state.units[uid].level != level:
            state = state.with_unit(dataclasses.replace(state.units[uid], level=level))
    return state


def ask_level(position: Position, units: Sequence[str], h: Hex, mf_left: Cost) -> Decision | None:
    """The page decision after a placement in a multi-level building hex with stairs (A2.8): which level,
    among those the remaining MF pay for at 1 MF a level (A10.5 example)."""
    m = position.map
    if not units or not loc.has_stairs(m, h) or mf_left < loc.STAIR_MF:
        return None  # gone (exited, eliminated), no stairs, or no MF left for them
    top = min(loc.upper_levels(m, h), int(mf_left // loc.STAIR_MF))
    side = position.units[units[0]].side
    return Decision(
        "confirm", side,
        T("{units} in {hex}: which level? h0 ground, h1 level 1 ... (1 MF a level by the stairs; the board "
          "cannot tell levels)", units=", ".join(units), hex=m.label(h)),
        "A2.8", "level", choices=tuple(f"h{n}" for n in range(top + 1)), subject=tuple(units), target=h,
        private=any(position.units[u].concealed for u in units),  # a "?" stack's level is its owner's (A12)
    )


def resume_level(position: Position, decision: Decision, answer: act.Answer) -> State:
    level = int(answer.choice[1:]) if answer.choice[:1] == "h" and answer.choice[1:].isdigit() else -1
    if f"h{level}" not in decision.choices:
        raise IllegalAction(T("answer one of {choices}", choices=", ".join(decision.choices)), "A2.8")
    return set_level(position.state, decision.subject, level)


__all__ = ["ask_level", "check_setup", "levelled", "levels_of", "path_total", "repriced", "resume_level",
           "set_level", "split_mode", "start_level"]
