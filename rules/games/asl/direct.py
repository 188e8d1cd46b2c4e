"""ASL A7.53: what a leader who has directed fire may direct again in the same Player Turn.

A leader directs one unit, weapon or fire group a phase (his fire counter bars him from a second), with two
exceptions the text gives:

* a MG he directed may be directed again each time it may fire again (its multiple ROF), even when it was
  one of a fire group he directed;
* a leader who directed Defensive First Fire may direct again, as Subsequent First Fire, FPF or Final Fire,
  only the unit, weapon or fire group he directed in First Fire: no new group, no other SW.

What he directed is kept on him as the marker ``led:<turn>:<ids>`` (the directed units and weapons of this
Player Turn, joined by "+"); a marker of another turn means nothing, so none needs removing.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

PREFIX = "led:"


def directed(position: Position, leader: UnitState) -> frozenset[str] | None:
    """The units and weapons ``leader`` has directed this Player Turn, or None."""
    for m in leader.markers:
        if m.startswith(PREFIX) and m.count(":") == 2:
            _, turn, ids = m.split(":")
            if turn == f"{position.turn}{position.phasing}":
                return frozenset(i for i in ids.split("+") if i)
    return None


def why_not(position: Position, leader: UnitState, others: Sequence[UnitState], again: bool) -> T | None:
    """Why ``leader`` may not direct ``others`` now (A7.53), or None. ``again``: he bears the fire counter of
    this phase (or, after Defensive First Fire, the First or Final Fire counter)."""
    from hexmate.rules.games.asl import fire as asl_fire

    before = directed(position, leader)
    if not again or before is None:
        return None
    ids = {u.id for u in others}
    if position.phase.id in ("MPh", "DFPh") and ids == set(before):
        return None  # the same unit, weapon or group as in his First Fire
    if ids <= before and all(asl_fire.shot_of(u).kind == "mg" for u in others):
        return None  # a MG he directed, firing again
    return T("{leader} has directed {units} this Player Turn: he directs again only them, or a MG of theirs "
             "firing again", leader=leader.id, units=", ".join(sorted(before)))


def record(position: Position, state: State, leaders: Sequence[str], others: Sequence[str]) -> State:
    """The leaders who directed this fire keep what they directed (added to this turn's)."""
    for lid in leaders:
        leader = state.units.get(lid)
        if leader is None:
            continue
        ids = set(directed(position, leader) or ()) | set(others)
        old = tuple(m for m in leader.markers if m.startswith(PREFIX))
        mark = f"{PREFIX}{position.turn}{position.phasing}:{'+'.join(sorted(ids))}"
        state = state.with_unit(leader.mark(mark, remove=old))
    return state
