"""Rearming when an armed enemy surrenders (A20.551, its last sentence).

A20.551: when an armed enemy unit surrenders to an armed friendly unit, the Unarmed friendly units in its
Location rearm at once "as per the preceding sentence". The preceding sentence is the one that says how a
rearmed unit is replaced (a Green or Conscript squad/HS of its size and original nationality, with its
inherent SW), not the one before it ("one of them" rearms after a CC kill of an enemy at least its size).
So every Unarmed unit there rearms, each as that replacement. A20.22 reads the same way where every
non-prisoner in a Location goes at once ("all prisoners there rearm"), and no example in the text has a
surrender with Unarmed units present to say otherwise. Here the Unarmed units are those of the side taking
the surrender in the surrendering units' Location: the surrendering guards' own prisoners (freed at once,
no longer guarded) and any Unarmed unit of that side already free there.

An MMC rearms as the scenario's (else the demo catalogue's) Green or Conscript counter of its type and
nationality (``escape._rearmed``); with none it stays Unarmed, freed. An SMC keeps its own counter and is
armed again (A20.5 keeps its morale and leadership; A20.551: an escaped SMC is always armed).
"""

from __future__ import annotations

import dataclasses

from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import prisoners
from hexmate.rules.games.base import Position, State, UnitState

SMC = ("leader", "hero")


def after_surrender(position: Position, before: State, state: State, decision: Decision) -> State:
    """``decision``: the surrender accepted by ``decision.side``; ``before``: the state it was offered in."""
    side = decision.side
    gone = [before.units[u] for u in decision.subject if u in before.units]
    if not any(prisoners.armed(u) for u in gone):
        return state  # A20.551: an armed enemy surrendering
    ids = {u.id for u in gone}
    places = {(u.hex, u.level) for u in gone if u.hex is not None}
    for unit in before.units.values():
        if unit.side != side or unit.id not in state.units or (unit.hex, unit.level) not in places:
            continue
        held = unit.has(prisoners.PRISONER) and unit.carrier in ids
        if held or (unit.has(prisoners.UNARMED) and unit.carrier is None):
            here = dataclasses.replace(state.units[unit.id], hex=unit.hex, level=unit.level)
            state = state.with_unit(_rearmed(position, here))
    return state


def _rearmed(position: Position, unit: UnitState) -> UnitState:
    """Freed where it stands and armed again (A20.551)."""
    from hexmate.rules.games.asl import escape

    freed = dataclasses.replace(unit.mark(prisoners.UNARMED, remove=(prisoners.PRISONER,)), carrier=None)
    if unit.type in SMC:
        return freed.mark(remove=(prisoners.UNARMED,))
    counter = escape._rearmed(position, unit)
    if counter is None:
        return freed
    return freed.as_counter(counter).mark(remove=(prisoners.UNARMED,))
