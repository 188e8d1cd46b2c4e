"""ASL MF spent in a Location without entering it (A8.12): Residual FP and Defensive First Fire there. Pure.

A8.1 and A8.12: a unit that spends MF in its Location without leaving it (the text's cases: smoke grenades,
A24.1; SW recovery, A4.44; Search, A12.152; loading, unloading, a VCA change, leaving an entrenchment, placing
a DC) may be First Fired there like a unit that entered it, even if it entered no Location this MPh. A8.2:
the enemy's Residual FP and Fire Lanes in that Location attack it too (once per Location, A8.22), but only
once the action the MF paid for is complete (A8.22's second point: the smoke dr, the Search and its Search
Casualties come first).

``window`` opens both after such an action: it stands the units "in place" (a ``Moving`` of one step from
their hex to itself, so fire.py's First Fire limits apply: one shot per firer, A9.2, and FFNAM/FFMO as the
hex gives them) and pushes the Residual and lane attacks above a reaction window whose pass (``resume``)
ends the expenditure. SW recovery has its own step in a move (recover.py). Loading, unloading and the VCA
change are chapter D's gestures (transport.py, facing.py) and keep their own timing; entrenchments and their
MF are chapter B (B27), not among the texts.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Moving
from hexmate.rules.games.asl import residual
from hexmate.rules.games.base import Position, State
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

THEN = "inplace"


def window(game: AslGame, position: Position, state: State, units: Sequence[str], here: Hex,
           under: int | None = None) -> State:
    """A8.12, A8.2: after ``units`` spent MF in ``here`` without entering it, in the MPh: the Residual and
    lane attacks on them, then the defender's First Fire window. ``under``: how many of the state's
    decisions lie below the action's own (those above it, e.g. Search Casualties, come first, A8.22)."""
    alive = tuple(u for u in units if u in state.units and state.units[u].hex == here)
    if position.phase.id != "MPh" or not alive or state.moving is not None:
        return state
    below = len(state.decisions) if under is None else under
    own = state.decisions[below:]
    base = state.replace(decisions=state.decisions[:below],
                         moving=Moving(alive, (here, here), 0, at=1))
    view = position.at(base)
    attacks = residual.entered(position, base).decisions[below:]  # A8.2, A9.22, once per Location (A8.22)
    side = view.units[alive[0]].side
    reactor = view.enemy_of(side)
    react: tuple[Decision, ...] = ()
    if game.can_react(view, reactor):
        react = (Decision("react", reactor,
                          T("{units} spent MF in {hex} without leaving it: fire at it now or pass",
                            units=", ".join(alive), hex=view.label(here)),
                          "A8.12", THEN, subject=alive, target=here),)
    attacks = tuple(_said(view, d, alive, here) for d in attacks)
    if not react:
        base = base.replace(moving=None)  # nothing waits on the expenditure but the Residual's rolls
    return base.replace(decisions=(*base.decisions, *react, *attacks, *own))


def _said(view: Position, decision: Decision, units: Sequence[str], here: Hex) -> Decision:
    """The attack's prompt says the units spent MF there (they entered nothing)."""
    if decision.then != "residual":
        return decision
    names, where = ", ".join(units), view.label(here)
    if decision.arg("kind") == "lane":
        prompt = T("{units} spent MF in {hex}, in {mg}'s Fire Lane ({fp} FP): roll the IFT DR", units=names,
                   hex=where, mg=decision.arg("mg"), fp=decision.arg("fp"))
    else:
        prompt = T("{units} spent MF in {hex}, where Residual FP {fp} lies: roll the IFT DR", units=names,
                   hex=where, fp=decision.arg("fp"))
    return dataclasses.replace(decision, prompt=prompt)


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The window closed: the expenditure is over (the units may still move if they have MF left)."""
    return position.state.replace(moving=None)


__all__ = ["THEN", "resume", "window"]
