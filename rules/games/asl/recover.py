"""ASL recovery of an unpossessed SW in the MPh (A4.44) as its own 1-MF expenditure (A8.1, the T-8.1 example).

A unit recovers an unpossessed SW of its Location in the MPh by spending 1 MF more, then rolling the recovery
dr (below 6, +1 CX: rphase.resume_recover). At the table it is the last step of its move, written by naming
the hex where it ends twice: ``move ger-sq1 C1-C2-C2 as recover``. The core carries the move out step by step,
so the expenditure in place is a step of its own: the defender's First Fire window after entering C2 and
another after the recovery MF (A8.1: each expenditure may be fired at, once per MF, A9.2); a Residual FP there
attacks the recovery MF first (A8.2, A8.22). A unit pinned or broken by the first never makes the second (the
core stops a move that may not go on), nor recovers if the Residual's attack pins or breaks it. One unit
recovers at a time; A4.2 makes it one attempt per MPh. Recovering is an action: in the sight of a Good Order
enemy within 16 hexes it costs the unit's "?" (A12.141).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Moving
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import concealment as asl_concealment
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MODE = "recover"


def unpossessed(position: Position, h: Hex) -> list[UnitState]:
    lying = (u for u in position.units.values() if u.type == au.SW and u.carrier is None and u.hex == h
             and not u.has("set_dc"))  # A23.72: a Set DC is never recovered (setdc.SET)
    return sorted(lying, key=lambda u: u.id)


def check(position: Position, units: list[UnitState], move: act.Move) -> None:
    """A4.44: one Good Order, unpinned unit; the move ends with its hex named twice, where a SW lies."""
    if len(move.path) < 2 or move.path[-1] != move.path[-2]:
        raise IllegalAction(T("a recovery in the MPh is the last step of the move: name its hex twice"),
                            "A4.44")
    if len(units) != 1 or units[0].type in (au.SW, "dummy"):
        raise IllegalAction(T("one unit at a time recovers a SW: move it alone"), "A4.44")
    if not unpossessed(position, move.path[-1]):
        raise IllegalAction(T("no unpossessed SW lies in {hex}", hex=position.label(move.path[-1])), "A4.44")


def in_place(moving: Moving) -> bool:
    """Is the step under way the expenditure in place (the hex named twice)?"""
    return moving.at > 0 and moving.path[moving.at - 1] == moving.here


def step(game: AslGame, position: Position) -> State:
    """The 1 MF is spent: the recovery dr (rphase's), the unit's "?" lost if seen (A12.141)."""
    state = position.state
    moving = state.moving
    assert moving is not None
    unit = state.units[moving.units[0]]
    sws = unpossessed(position, moving.here)
    if not sws or unit.has("broken") or unit.has("pinned"):
        return state
    if unit.concealed and asl_concealment.seen_by_good_order(position, unit.side, moving.here):
        state = state.with_unit(unit.revealed())
    sw = sws[0]
    return state.push(Decision(
        "roll", unit.side,
        T("{unit} tries to recover {sw}: roll the recovery dr (below 6 succeeds)", unit=unit.id, sw=sw.id),
        "A4.44", "recover_mph", dice="dr", subject=(sw.id, unit.id), target=moving.here))


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The dr, once the Residual FP's attack on that MF is over (A8.22: it comes first): only a unit still
    Good Order and unpinned recovers (the T-8.1 example)."""
    from hexmate.rules.games.asl import rphase

    unit = position.units.get(decision.subject[1])
    if unit is None or unit.has("broken") or unit.has("pinned"):
        return position.state
    return rphase.resume_recover(game, position, decision, answer)
