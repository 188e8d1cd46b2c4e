"""A Heat of Battle surrender given at once (A15.5, with A20.21 and A20.3).

A15.5: a final HoB DR of 12 or more breaks a unit and makes it Disrupted, and it at once surrenders to an
ADJACENT Known, Good Order enemy infantry unit, as though that enemy were in its Location; with none beside
it, it is only Disrupted (and, Disrupted, surrenders in the RtPh to such an enemy even with a safe rout open,
A20.21: prisoners.py). Those that never surrender go Berserk instead (morale.heat_of_battle). The captor's
side names the guard or refuses: a Disrupted unit's surrender may be refused (A20.3), with No Quarter's
penalties. The surrender is prisoners.py's (``resume_surrender``: the SW left, A20.24; the captive goes to
his guard's Location).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import prisoners
from hexmate.rules.games.base import Position, State
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame


def after_hob(game: AslGame, position: Position, decision: Decision, state: State) -> State:
    """After the HoB DR of ``decision``: a unit it made surrender (broken and Disrupted now, not before) with
    an ADJACENT captor is offered to him at once (A15.5)."""
    uid = decision.subject[0] if decision.subject else ""
    before, after = position.units.get(uid), state.units.get(uid)
    if before is None or after is None or before.has("disrupted") or not after.has("disrupted"):
        return state
    view = position.at(state)
    captors = prisoners.captors(view, after) if after.hex is not None else []
    if not captors or not prisoners.may_surrender(game, view, after):
        return state
    return state.push(Decision(
        "units", view.enemy_of(after.side),
        T("{units} surrender on a Heat of Battle DR: name the guard, or refuse (No Quarter)", units=uid),
        "A15.5", "surrender", units=tuple(c.id for c in captors), choices=("refuse",), subject=(uid,),
        target=after.hex))


__all__ = ["after_hob"]
