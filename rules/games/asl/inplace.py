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
ends the expenditure. Unloading opens it at the units placed beneath the vehicle (D6.5). Loading (D6.4)
opens it before the loaders are aboard: D5.43 makes them Infantry under FFNAM for those attacks, and only
those that come through unpinned and in Good Order get in (``load``). SW recovery has its own step in a move
(recover.py). A unit setting a DC (A23.7) is fired at under Hazardous Movement before its dr (``set_dc``).
A DC placed (A23.3) opens it at the placer (placedc.py). Not here: the VCA change (a vehicle's; chapter
D's facing gestures keep their own timing), and entrenchments and kindling (chapter B, B27 and B25, not
among the texts).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Moving
from hexmate.rules.games.asl import residual, transport
from hexmate.rules.games.base import Position, State
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

THEN = "inplace"
LOAD = "inplace_load"  # D5.43: the window at units loading into a vehicle
SET_DC = "inplace_dc"  # A23.7: the window at a unit setting a DC


def window(game: AslGame, position: Position, state: State, units: Sequence[str], here: Hex,
           under: int | None = None, then: str = THEN, args: tuple[tuple[str, str], ...] = (),
           prompt: T | None = None) -> State:
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
    if game.can_react(view, reactor) or (then != THEN and attacks):  # a load waits on the attacks too
        said = prompt or T("{units} spent MF in {hex} without leaving it: fire at it now or pass",
                           units=names(view, alive), hex=view.label(here))
        react = (Decision("react", reactor, said, "A8.12", then, subject=alive, target=here, args=args),)
    attacks = tuple(_said(view, d, alive, here) for d in attacks)
    if not react:
        base = base.replace(moving=None)  # nothing waits on the expenditure but the Residual's rolls
    return base.replace(decisions=(*base.decisions, *react, *attacks, *own))


def names(view: Position, units: Sequence[str]) -> str:
    """The units as every page may read them: a concealed one is only a "?" (A12: its owner knows which)."""
    return ", ".join("?" if u in view.units and view.units[u].concealed else u for u in units)


def _said(view: Position, decision: Decision, units: Sequence[str], here: Hex) -> Decision:
    """The attack's prompt says the units spent MF there (they entered nothing)."""
    if decision.then != "residual":
        return decision
    who, where = names(view, units), view.label(here)
    if decision.arg("kind") == "lane":
        prompt = T("{units} spent MF in {hex}, in {mg}'s Fire Lane ({fp} FP): roll the IFT DR", units=who,
                   hex=where, mg=decision.arg("mg"), fp=decision.arg("fp"))
    else:
        prompt = T("{units} spent MF in {hex}, where Residual FP {fp} lies: roll the IFT DR", units=who,
                   hex=where, fp=decision.arg("fp"))
    return dataclasses.replace(decision, prompt=prompt)


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The window closed: the expenditure is over (the units may still move if they have MF left)."""
    return position.state.replace(moving=None)


def set_dc(game: AslGame, position: Position, state: State) -> State:
    """A23.7, A8.12: a unit setting a DC spends all its MF in its Location under Hazardous Movement (-2 on
    attacks on it, A4.62): the Residual there and the defender's First Fire come before its dr, which sets
    the DC only if it is still neither broken nor pinned (``resume_dc``)."""
    top = state.decision
    if top is None or top.then != "dc_set":
        return state  # a detonation: no MF spent
    setter = state.units[top.subject[1]]
    if setter.hex is None:
        return state
    state = state.with_unit(setter.mark("setting_dc"))
    said = T("{unit} is setting a DC in {hex} (Hazardous Movement): fire at it now or pass; it sets it only "
             "if still neither broken nor pinned (A23.7)", unit=names(position, (setter.id,)),
             hex=position.label(setter.hex))
    opened = window(game, position, state, (setter.id,), setter.hex, then=SET_DC, prompt=said)
    return opened if opened.moving is not None else state


def resume_dc(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A23.7: the window closed: a broken, pinned or eliminated setter sets nothing (its dr is not asked)."""
    state = position.state.replace(moving=None)
    setter = state.units.get(decision.subject[0])
    top = state.decision
    if top is not None and top.then == "dc_set" and (setter is None or setter.has("broken")
                                                      or setter.has("pinned")):
        state = state.pop()
    return state


def load(game: AslGame, position: Position, action: act.Load) -> State:
    """A8.12, D6.4, D5.43: loading spends 1 MF in the loaders' Location; when the enemy's Residual is there or
    the defender could fire at them, they get in only once that is over (``resume_load``); otherwise at
    once."""
    here = position.units[action.units[0]].hex
    if here is None:
        return transport.apply_load(position, action)
    said = T("{units} are loading into {vehicle} in {hex}: fire at them now (FFNAM) or pass; they get in "
             "only if still unpinned and in Good Order (D5.43)", units=names(position, action.units),
             vehicle=action.carrier, hex=position.label(here))
    opened = window(game, position, position.state, action.units, here, then=LOAD,
                    args=(("vehicle", action.carrier),), prompt=said)
    if opened.moving is None:
        return transport.apply_load(position, action)
    return opened


def resume_load(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """D5.43: the loaders that came through unpinned and in Good Order are aboard; the others spent their MF
    for nothing (their move is over)."""
    state = position.state.replace(moving=None)
    vehicle = state.units.get(decision.arg("vehicle"))
    alive = [state.units[u] for u in decision.subject if u in state.units]
    ok = tuple(u.id for u in alive
               if not u.has("pinned") and not u.has("broken") and u.hex == decision.target)
    failed = tuple(u.id for u in alive if u.id not in ok and u.id not in state.moved)
    state = state.replace(moved=(*state.moved, *failed))
    if not ok or vehicle is None or vehicle.has("wreck"):
        return state.replace(moved=(*state.moved, *(u for u in ok if u not in state.moved)))
    return transport.apply_load(position.at(state), act.Load(ok, vehicle.id))


__all__ = ["LOAD", "SET_DC", "THEN", "load", "resume", "resume_dc", "resume_load", "set_dc", "window"]
