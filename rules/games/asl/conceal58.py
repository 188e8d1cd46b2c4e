"""A12.2's loss of a 5/8" counter's "?" by moving (the Concealment Table's Cases B and D). Pure.

A12.2: a concealed vehicle (with its PRC) loses its "?", whatever the terrain, when it moves, or goes into
Motion, in the LOS of a Good Order enemy ground unit within 16 hexes, even if it only changes its CA in its
hex (Cases B and D); when a vehicle loses its "?" its PRC lose theirs too, and the other way round. Case H
(out of concealment terrain and in such a LOS at any range) is concealment.case_h's.

``moved`` is called for every hex a moving vehicle enters (game.enter: the hex it left and the hex it entered
are both where it moved) and as a vehicle goes into Motion (vmotion.into_motion). The other 5/8" counters of
A12.2 (cavalry, horses, bicycles, unemplaced Guns) are not units of this game (chapter A's cavalry rules,
A13, need the cavalry counters of its scenarios; Guns are chapter C), so only vehicles and what they carry
are covered.
"""

from __future__ import annotations

from collections.abc import Iterable

from hexmate.rules.games.asl import armour
from hexmate.rules.games.asl.concealment import seen_by_good_order
from hexmate.rules.games.base import Position, State
from hexmate.rules.hexes import Hex


def moved(position: Position, state: State, uids: Iterable[str], where: Iterable[Hex]) -> State:
    """A12.2 (Cases B, D): each concealed vehicle among ``uids`` that moved in ``where`` (a hex left, a hex
    entered, or its own hex for a CA change or going into Motion) in the LOS of a Good Order enemy ground
    unit within 16 hexes loses its "?", and its PRC with it."""
    view = position.at(state)
    hexes = tuple(where)
    for uid in uids:
        unit = state.units.get(uid)
        if unit is None or not armour.is_vehicle(unit):
            continue
        aboard = [u for u in state.units.values() if u.carrier == uid and u.concealed]
        if not unit.concealed and not aboard:
            continue
        if any(seen_by_good_order(view, unit.side, h, within=16) for h in hexes):
            if unit.concealed:
                state = state.with_unit(unit.revealed())
            for prc in aboard:  # A12.2: the PRC lose it with their vehicle
                state = state.with_unit(prc.revealed())
    return state
