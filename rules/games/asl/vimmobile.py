"""ASL D8.5: what a bogged or immobilized vehicle still does.

D8.5: while its inherent crew is not broken, stunned or shocked, a bogged or immobile vehicle may still spend
MP not for movement (its TCA, loading and unloading, firing its smoke dispenser: ``vsmoke`` asks no
mobility, ``transport`` none either) and fires as usual but for the VCA it cannot change. Its forward-mounted
weapons (here: the BMG, ``vmgfire``, and a bow FT, ``vft``) fire at a target in its own hex only as Defensive
First Fire, only at a unit that entered that hex from inside its VCA, and no more times than the MF/MP that
unit spent entering (each of these weapons fires once a player turn here, D3.5, A22.3).

D8.1's last sentence (``left_behind``): an immobilized unarmed unarmored vehicle becomes a wreck once it has
unloaded everyone and everything aboard and unhooked what it towed (a vehicle without a wreck side then goes,
vwreck.no_wreck_side).

The text limits this to phases after the one in which the vehicle became immobile; the table does not
record that phase, so the limit applies from the moment it is bogged or immobilized (a difference only in
the phase of the bog itself). C2.6, which D8.5 also points to, is chapter C's and not among the texts.
"""

from __future__ import annotations

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl.armour import facing_of, is_vehicle, vtype
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

STUCK = ("bogged", "mired", "immobilized")


def check_bow_same_hex(position: Position, unit: UnitState, target: Hex) -> None:
    """D8.5: IllegalAction when an immobile vehicle's forward-mounted weapon may not fire at its own hex."""
    if target != unit.hex or not any(unit.has(m) for m in STUCK):
        return
    moving = position.state.moving
    dff = position.phase.id == "MPh" and unit.side != position.phasing and moving is not None \
        and moving.at > 0 and moving.here == target
    if not dff:
        raise IllegalAction(T("{unit} is immobile: its forward-mounted weapons fire into its own hex only as "
                              "Defensive First Fire", unit=unit.id), "D8.5")
    assert moving is not None
    before = moving.path[moving.at - 1]
    if not fc.in_arc(target, before, facing_of(unit)):
        raise IllegalAction(T("{unit} is immobile: its forward-mounted weapons fire only at a unit that "
                              "entered its hex from inside its VCA", unit=unit.id), "D8.5")


__all__ = ["STUCK", "check_bow_same_hex", "left_behind"]


def _unarmed(unit: UnitState) -> bool:
    vt = vtype(unit)
    return vt.ma is None and vt.ft is None and not (vt.bmg or vt.cmg or vt.aamg or vt.rmg or vt.trmg)


def left_behind(state: State) -> State:
    """D8.1: an immobilized unarmed unarmored vehicle with nobody and nothing aboard, towing nothing, is
    flipped to its wreck side (once the open questions are answered)."""
    if state.decisions:
        return state
    for unit in list(state.units.values()):
        if not is_vehicle(unit) or not unit.has("immobilized") or unit.has("wreck") or unit.has("towing"):
            continue
        aboard = any(u.carrier == unit.id for u in state.units.values())
        if vtype(unit).armored or not _unarmed(unit) or aboard:
            continue
        state = state.with_unit(unit.mark("wreck", remove=("motion",)))
    return state
