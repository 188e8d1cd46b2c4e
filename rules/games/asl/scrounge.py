"""Scrounging small arms (A20.552).

A20.552, paraphrased: an Unarmed unit may scrounge small arms to rearm an infantry counter in any hex that is
not water or marsh: it spends all its MF entering that hex (not necessarily all in that hex), ends its MPh
there and makes a Scrounge DR: an Original 2 succeeds, and the unit is replaced by a Green or Conscript
squad/HS of its size and original nationality, as A20.551 rearms. One Scrounge DR per hex per MPh, however
many units are there. (Scrounging a wreck, D10.5, is chapter D's: an infantry MMC in the RPh; not this.)

At the table: ``move UNIT PATH as scrounge`` by one Unarmed unit, no longer a prisoner (A20.5), its path
costing all its MF (3, A19.31: an Unarmed unit is Inexperienced) and ending in a hex no Scrounge DR was made
in this MPh, whose terrain is not water or marsh. At the end of the move (if the unit is still there, not
stopped by Defensive First Fire) its owner rolls the Scrounge DR; on a 2 it rearms (``rearm._rearmed``: an
SMC simply is armed again; an MMC takes the Green or Conscript counter of its size and nationality, from the
scenario's counters or the demo catalogue). The unit and its hex carry ``scrounging`` to the end of the MPh.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import prisoners
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MODE = "scrounge"
MARKER = "scrounging"
NO_SCROUNGE = frozenset({"water", "marsh", "river", "stream", "pond", "ocean"})  # A20.552: water or marsh


def check(position: Position, units: Sequence[UnitState], path: Sequence[Hex], cost: int | Fraction,
          budget: int | Fraction) -> None:
    """A20.552: who may scrounge, where, and for what MF."""
    if len(units) != 1 or not units[0].has(prisoners.UNARMED) or prisoners.is_prisoner(units[0]):
        raise IllegalAction(T("only one Unarmed unit, no prisoner, scrounges in a move"), "A20.552")
    end = path[-1]
    if len(path) < 2:
        raise IllegalAction(T("a scrounging unit spends its MF entering the hex it scrounges in"), "A20.552")
    if position.map.terrain(end) in NO_SCROUNGE:
        raise IllegalAction(T("no scrounging in water or marsh ({hex})", hex=position.label(end)), "A20.552")
    if any(u.has(MARKER) for u in position.units_at(end)):
        raise IllegalAction(T("a Scrounge DR has been made in {hex} this MPh: one per hex",
                              hex=position.label(end)), "A20.552")
    if cost != budget:
        raise IllegalAction(T("a scrounging unit spends all its MF: the path costs {cost} of its {budget} MF",
                              cost=str(cost), budget=str(budget)), "A20.552")


def after_move(position: Position, state: State, unit_ids: Sequence[str], finished: bool,
               stopped: str) -> State:
    """The move is over: the Scrounge DR, if the unit ended its move where it meant to (A20.552)."""
    units = [state.units[u] for u in unit_ids if u in state.units and state.units[u].has(MARKER)]
    if not units or not finished or stopped:
        return state
    unit = units[0]
    if not unit.has(prisoners.UNARMED) or unit.hex is None:
        return state
    return state.push(Decision(
        "roll", unit.side, T("{unit} scrounges for small arms in {hex}: roll the Scrounge DR (a 2 rearms it)",
                             unit=unit.id, hex=position.label(unit.hex)),
        "A20.552", "scrounge", dice="DR", subject=(unit.id,), target=unit.hex))


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A20.552: an Original 2 rearms the unit (A20.551)."""
    from hexmate.rules.games.asl import rearm

    state = position.state
    unit = state.units.get(decision.subject[0])
    roll = ASL_DR.from_values(answer.dice or ())
    if unit is None or decision.target is None:
        return state
    found = roll.total == 2
    if found:
        state = state.with_unit(rearm._rearmed(position, unit))
    now = state.units[unit.id]
    result = T("rearmed as {counter}", counter=now.name) if found and not now.has(prisoners.UNARMED) else (
        T("small arms found, but no Green or Conscript counter of its size and nationality") if found
        else T("nothing found"))
    lines = (Line(T("Scrounge DR"), str(roll.total), "A20.552"),
             Line(T("needed"), "2", "A20.552"), Line(unit.id, result, "A20.551" if found else "A20.552"))
    summary = T("{unit} scrounges: {result}", unit=unit.id, result=result)
    res = Resolution(act.Fire((unit.id,), decision.target, answer.dice), "scrounge", "", False, lines,
                     {unit.id: "rearmed" if found else "-"}, summary)
    return state.replace(resolution=res)


__all__ = ["MARKER", "MODE", "NO_SCROUNGE", "after_move", "check", "resume"]
