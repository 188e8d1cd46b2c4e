"""ASL re-entering an abandoned vehicle (D5.42, D5.43): infantry become its inherent crew again.

At the table it is a load into the abandoned vehicle: ``load b-crew into b-t`` (the page's load button, or the
unit set on the vehicle). What the text asks (D5.42) and how it is kept here:

- an infantry unit (here an MMC: squad, half-squad or crew; a leader alone is not a crew) of the vehicle's
  own side (entering an enemy's abandoned vehicle is capture, A21.2: not built) in its own MPh;
- it was in the vehicle's Location at the start of that MPh: it has not moved this MPh (units move only in
  their MPh, so where it stands unmoved is where it began it), at the vehicle's level;
- it spends all its MF to enter: it counts as moved for the phase;
- not in the Player Turn in which the vehicle's previous crew left it (the marker ``crew_left``, set when
  a crew abandons or bails out and taken off at the end of the Player Turn);
- in Good Order and not pinned: D5.43 makes the entry succeed only for units that come through the
  Defensive Fire at them unpinned and in Good Order, so a unit already pinned or broken cannot enter.

The unit is taken off the map (it is inside now) and the vehicle loses its Abandoned counter. Not built: the
Defensive First Fire at the entering unit as FFNAM Infantry (D5.43: no reaction window opens for a load
here), a Gun hook-up with the entry (D5.42), entry in the CCPh (A21.2), and the entering unit's own morale as
the crew's (the vehicle keeps the crew morale of its counter, vcrew.py).
"""

from __future__ import annotations

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl.armour import is_vehicle, vtype
from hexmate.rules.games.base import Position, State
from hexmate.rules.text import T

LEFT = "crew_left"  # the vehicle's crew left it this Player Turn (D5.42)
MMC = ("squad", "hs", "crew")


def is_reentry(position: Position, load: act.Load) -> bool:
    vehicle = position.units.get(load.carrier)
    return vehicle is not None and is_vehicle(vehicle) and vehicle.has("abandoned")


def check(position: Position, load: act.Load) -> act.Load:
    """D5.42: who may enter the abandoned vehicle now, or IllegalAction naming the rule."""
    vehicle = position.units[load.carrier]
    if len(load.units) != 1:
        raise IllegalAction(T("one infantry unit enters an abandoned vehicle as its crew (D5.42)"), "D5.42")
    uid = load.units[0]
    unit = position.units.get(uid)
    if unit is None or unit.type not in MMC:
        raise IllegalAction(T("{unit} is not an infantry unit that can crew a vehicle (D5.42)", unit=uid),
                            "D5.42")
    if vehicle.has("wreck"):
        raise IllegalAction(T("{unit} is a wreck: nobody can crew it (D5.42)", unit=vehicle.id), "D5.42")
    if unit.side != vehicle.side:
        raise IllegalAction(T("entering an enemy vehicle is capture, not built here (D5.42, A21.2)"), "A21.2")
    if position.phase.id != "MPh" or unit.side != position.phasing:
        raise IllegalAction(T("infantry enter an abandoned vehicle only in their own MPh (D5.42)"), "D5.42")
    if unit.hex != vehicle.hex or unit.level != vehicle.level:
        raise IllegalAction(
            T("{unit} must be in the Location of {vehicle} to enter it (D5.42)", unit=uid,
              vehicle=vehicle.id),
            "D5.42",
        )
    if uid in position.state.moved or unit.has("bailed"):
        raise IllegalAction(
            T("{unit} must begin its MPh in the Location of {vehicle} and spend all its MF to enter it "
              "(D5.42)", unit=uid, vehicle=vehicle.id),
            "D5.42",
        )
    if vehicle.has(LEFT):
        raise IllegalAction(
            T("{vehicle}'s crew left it this Player Turn: nobody may enter it before the next (D5.42)",
              vehicle=vehicle.id),
            "D5.42",
        )
    if unit.has("broken") or unit.has("pinned") or unit.carrier:
        raise IllegalAction(
            T("{unit} must be in Good Order and unpinned to enter a vehicle (D5.43)", unit=uid), "D5.43"
        )
    vt = vtype(vehicle)
    if not (vt.ma is not None or vt.bmg or vt.cmg or vt.aamg):
        raise IllegalAction(T("{unit} is unarmed: its driver never left it (D5.1)", unit=vehicle.id), "D5.1")
    return load


def apply(position: Position, load: act.Load) -> State:
    """The unit is inside as the inherent crew: off the map, all its MF spent; the vehicle is no longer
    Abandoned (D5.42)."""
    state = position.state
    vehicle = state.units[load.carrier]
    uid = load.units[0]
    state = state.without_unit(uid).with_unit(vehicle.mark(remove=("abandoned",)))
    return state.replace(moved=(*state.moved, uid))


__all__ = ["LEFT", "apply", "check", "is_reentry"]
