"""ASL D5.33: an AFV's crew goes Crew Exposed or buttons up, at will, in its own MPh or APh.

What the text asks and how it is kept here (``move VEHICLE HEX as ce`` / ``as bu``, its own hex; on the page
with the vehicle's actions):

- only in the owner's MPh or APh (combat results change it at other times: vcrew.py, mounted.py);
- not both a voluntary placing and a removing of the CE counter in one phase (``ce_placed``/``ce_removed``,
  taken off at the end of that phase);
- not in an MPh after the vehicle (or its passengers, D3.3) made Prep Fire or Bounding First Fire;
- a change alone counts as having moved for moving-target and firer penalties: in the MPh it takes the
  ``entered`` marker (Case J against it to the end of the DFPh, Case B for its own AFPh, D2.1, D3.32). In
  the APh the Player Turn's fire is over; what the status does after it is chapter C's (C.8), not here;
- the crew and the passengers of an AFV are CE or BU together (``ce`` and ``bu`` are the two faces: an
  open-topped halftrack's passengers are CE unless it is marked BU, mounted.py).

Only armored vehicles (D5.31: an unarmored vehicle's crew is always exposed). A change is no MP expenditure
(D5.33 names none): no Defensive First Fire window opens for it.
"""

from __future__ import annotations

from collections.abc import Iterator

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl.armour import is_vehicle, vtype
from hexmate.rules.games.base import Position, State
from hexmate.rules.text import T

MODES = ("ce", "bu")
PLACED, REMOVED = "ce_placed", "ce_removed"  # this phase's voluntary changes (D5.33)
FIRED = ("prep_fire", "bounding_fire")


def is_change(position: Position, move: act.Move) -> bool:
    uid = move.units[0] if move.units else ""
    return move.mode in MODES and uid in position.units and is_vehicle(position.units[uid])


def check(position: Position, move: act.Move) -> act.Move:
    if len(move.units) != 1 or len(move.path) != 1:
        raise IllegalAction(
            T("a CE change names one vehicle and its own hex: move VEHICLE HEX as ce (or bu)"), "D5.33")
    vehicle = position.units[move.units[0]]
    if position.phase.id not in ("MPh", "APh") or vehicle.side != position.phasing:
        raise IllegalAction(T("a vehicle's crew goes CE or buttons up only in its own MPh or APh"), "D5.33")
    if move.path[0] != vehicle.hex:
        raise IllegalAction(T("{unit} changes CE status where it is, in {hex}", unit=vehicle.id,
                              hex=position.label(vehicle.hex)), "D5.33")
    if not vtype(vehicle).armored or any(vehicle.has(m) for m in ("wreck", "abandoned")):
        raise IllegalAction(T("{unit} has no AFV crew to go CE or button up", unit=vehicle.id), "D5.33")
    if vehicle.has("cupola"):
        raise IllegalAction(T("{unit} is an armored cupola: never CE", unit=vehicle.id), "D9.51")
    if vtype(vehicle).carrier:
        raise IllegalAction(T("{unit} is a carrier: never buttoned up, always CE", unit=vehicle.id), "D6.84")
    exposed = vehicle.has("ce")
    if (move.mode == "ce") == exposed:
        raise IllegalAction(T("{unit} is already {status}", unit=vehicle.id,
                              status=T("CE") if exposed else T("BU")), "D5.33")
    if move.mode == "ce" and (vehicle.has("stunned") or vehicle.has("crew_pinned")):  # D5.34; A7.82
        raise IllegalAction(T("{unit}'s crew is stunned or pinned: it stays BU this Player Turn",
                              unit=vehicle.id), "D5.34")
    if vehicle.has(REMOVED if move.mode == "ce" else PLACED):
        raise IllegalAction(T("{unit} may not both place and remove its CE counter in one phase",
                              unit=vehicle.id), "D5.33")
    passengers = [u for u in position.units.values() if u.carrier == vehicle.id]
    if position.phase.id == "MPh" and any(u.has(m) for u in (vehicle, *passengers) for m in FIRED):
        raise IllegalAction(T("{unit} fired this Player Turn before its MPh ended: no CE change in this MPh",
                              unit=vehicle.id), "D5.33")
    return act.Move(move.units, move.path, 0, move.mode)


def apply(position: Position, move: act.Move) -> State:
    vehicle = position.units[move.units[0]]
    if move.mode == "ce":
        changed = vehicle.mark("ce", PLACED, remove=("bu",))
    else:
        changed = vehicle.mark("bu", REMOVED, remove=("ce",))
    if position.phase.id == "MPh":
        changed = changed.mark("entered")  # D5.33: counts as having moved (D2.1, D3.32)
    return position.state.with_unit(changed)


def generate(position: Position) -> Iterator[act.Action]:
    """The CE changes open now, for the page's buttons."""
    if position.phase.id not in ("MPh", "APh") or position.state.decision is not None:
        return
    if position.state.moving is not None:
        return
    for vehicle in sorted(position.units.values(), key=lambda u: u.id):
        if not is_vehicle(vehicle) or vehicle.side != position.phasing or vehicle.hex is None:
            continue
        mode = "bu" if vehicle.has("ce") else "ce"
        try:
            yield check(position, act.Move((vehicle.id,), (vehicle.hex,), None, mode))
        except IllegalAction:
            continue


__all__ = ["MODES", "PLACED", "REMOVED", "apply", "check", "generate", "is_change"]
