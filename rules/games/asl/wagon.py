"""ASL D12 (with D.2): horse-drawn transport ("wagons") as vehicles that spend MF.

D12.1 (and D.2): a wagon is a vehicle (catalogue ``movement: "wagon"``; its ``mp`` is its printed MF) but it
spends MF at infantry rates: the Terrain Chart's MF column (the game's infantry costs, terrain.json: the
chart itself is chapter B's, not among the texts, so prohibited terrain is what that table prohibits), 1 MF
across a road hexside (never 1/2), double the MF to enter a higher level (A4.133; not the vehicles' extra MP),
no MF to start or stop, and 1 MF for each hexspine of VCA change. Every other rule that speaks of MP applies
to its MF (D12.1), so the +1 for other vehicles and wrecks in the hex entered (D2.14, D10.2) applies too. A
wagon destroyed leaves no wreck, burning or not (D12.1: catalogue ``wreck`` defaults to false for it, and
vwreck.no_wreck_side takes it off the map). D12.3: an unarmored vehicle target (catalogue ``armor: null``),
of average size (``size: 0``) alone. D12.2: it transports as a truck does (D6.7: its ``passengers`` PP,
transport.py). Reverse: chapter D gives no multiplier for a wagon (D2.21 names tracked vehicles, trucks and
armored cars), so a wagon reverses only when its catalogue entry gives ``rev``.

Not built (said in the report): Gallop (D12.4: x1.5 MF, CX, the Wreck Check dr), two wagons towing one Gun
as T2 and a large target (D12.2), sledges (D12.5, the same counter's back: a catalogue entry of its own
serves), and a wagon's bypass of buildings and woods (D12.1 lets it bypass them as a vehicle does).
"""

from __future__ import annotations

from fractions import Fraction

from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.games.terrain_view import table_for
from hexmate.rules.hexes import Hex

WAGON = "wagon"
TURN_MF = 1  # D12.1: each hexspine of VCA change


def is_wagon(movement: str) -> bool:
    return movement == WAGON


def step_mf(position: Position, unit: UnitState, a: Hex, b: Hex) -> Fraction | None:
    """MF to enter b from a (D12.1): the infantry cost (road 1, a higher level doubled), plus 1 for each
    other vehicle or wreck there (D2.14, D10.2); None where the MF column prohibits it."""
    base = table_for("asl", None).cost_fn("infantry")(position.map, a, b)
    if base is None:
        return None
    others = sum(1 for u in position.units_at(b) if u.type == "vehicle" and u.id != unit.id)
    return Fraction(base) + others


__all__ = ["TURN_MF", "WAGON", "is_wagon", "step_mf"]
