"""ASL Vehicle Minimum Move in play (D2.15, D2.24, D2.7, D8.21).

A mobile vehicle may always enter one hex, even one whose entry cost is more than its MP allowance, by
declaring a Minimum Move and spending its whole allowance on it (the start MP in the hex it leaves and
towing MP are not counted against it, D2.15). At the table it is a move of one hex declared ``as minimum``
(``move ger-pz C5-D5 as minimum``); ``as minimum+reverse`` is the reverse Minimum Move of D2.24 into one of
the two rear hexes (D2.22).

What the text asks, and how it is kept here:

- never into NA terrain, nor into a hex of enemy units (entering one is an Overrun or refused, D2.6, D7.1;
  the text does not combine them and this subset refuses it);
- no VCA change in that MP: the hex entered is one of the two VCA hexes (forward) or the two rear hexes
  (reverse), entered with the facing the vehicle has (D2.15, D2.22); no bypass;
- the whole allowance is spent: the vehicle must not have spent MP this MPh before the move, except the
  start MP of the hex it leaves (paid within the move) and towing MP (D2.15: a hook-up of this MPh, vtow.py;
  the towing MP of the hex entered are not added either), and it is declared only where the hex cannot be
  entered normally (otherwise the vehicle simply enters it);
- the bog DR normal entry would call for is rolled, without the +3/+4 of entering woods or a building for
  half the MP allowance (D8.21 and its example: that DRM is not for a Minimum Move);
- it ends in Motion unless immobilized or bogged (D2.15, D2.7), and fires with the Motion cases (D2.42).

Not built: the blocked one-lane bridge and narrow cut road of D2.15 (the maps carry neither), the vehicle
notes' stall (no Minimum Move after stalling), and platoon movement (D14.21: no Minimum Move in a platoon).
"""

from __future__ import annotations

from fractions import Fraction

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import overrun as ovr
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

WORD = "minimum"


def split(mode: str) -> tuple[bool, str]:
    """(Minimum Move declared, the rest of the mode) from a vehicle move's ``+``-joined mode words."""
    words = [w for w in mode.split("+") if w] if mode else []
    return WORD in words, "+".join(w for w in words if w != WORD)


def check(
    position: Position,
    unit: UnitState,
    path: tuple[Hex, ...],
    *,
    reverse: bool,
    bypass: bool,
    normal: Fraction | None,
    budget: Fraction,
    spent: Fraction,
    towing_mp: Fraction = Fraction(0),
) -> Fraction:
    """The MP a declared Minimum Move costs: what is left of the whole allowance (D2.15), or IllegalAction
    naming the rule. ``normal``: what entering the hex normally would cost (None where it cannot, e.g. only
    with a turn); ``towing_mp``: the towing MP already spent this MPh (a hook-up), which D2.15 leaves out."""
    assert unit.hex is not None
    if bypass:
        raise IllegalAction(T("a Minimum Move enters one hex: no bypass with it (D2.15)"), "D2.15")
    if len(path) != 2:
        raise IllegalAction(
            T("{unit} may enter only one hex by Minimum Move (D2.15)", unit=unit.id), "D2.15"
        )
    if spent > towing_mp:
        raise IllegalAction(
            T("{unit} has spent {spent} MP this phase: a Minimum Move spends the whole MP allowance (D2.15)",
              unit=unit.id, spent=spent),
            "D2.15",
        )
    b = path[1]
    label = position.label(b)
    if ovr.is_overrun(position, unit.side, b) or ovr.closed(position, unit.side, b):
        raise IllegalAction(
            T("no Minimum Move into {hex}: enemy units are there (D2.15, D7.1)", hex=label), "D2.15"
        )
    f = unit.facing or 0
    ahead = fc.rear_hexes(unit.hex, f) if reverse else fc.front_hexes(unit.hex, f)
    if b not in ahead:
        why = (T("a reverse Minimum Move enters one of the two rear hexes without turning (D2.15, D2.24)")
               if reverse else
               T("a Minimum Move enters one of the two VCA hexes without turning (D2.15)"))
        raise IllegalAction(why, "D2.15")
    if normal is not None and normal <= budget - spent:
        raise IllegalAction(
            T("{unit} can enter {hex} for {cost} MP: no Minimum Move is needed (D2.15)",
              unit=unit.id, hex=label, cost=normal),
            "D2.15",
        )
    return budget - spent


def na(position: Position, unit: UnitState, b: Hex) -> IllegalAction:
    return IllegalAction(
        T("{unit} may not enter {hex} even by Minimum Move: the terrain is NA to it (D2.15)",
          unit=unit.id, hex=position.label(b)),
        "D2.15",
    )


__all__ = ["WORD", "check", "na", "split"]
