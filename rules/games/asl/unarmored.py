"""ASL IFT attacks on unarmored vehicles: the IFT's vehicle line (A7.308), the Unlikely Kill (A7.309). Pure.

A7.308: a non-ordnance attack on an unarmored vehicle is read on the IFT's vehicle line with the attack's IFT
DR (as modified for the vehicle: a TEM that only infantry gets does not count). The attack's FP column gives a
Kill number (the pack's ``ift_vehicle`` chart): a Final DR below it destroys the vehicle, equal to it
immobilizes it, at most half of it makes it a burning wreck (its PRC eliminated); a destroyed vehicle's PRC
takes Survival rolls (D5.6). No more vehicles are affected by one DR than the column's largest KIA number.
A7.309: an Original DR of 2 may always hurt the vehicle, even when the DRMs lift the Final DR above the Kill
number: a dr follows, 1 burning wreck, 2 destroyed, 3 immobilized, 4-6 no effect; when the Original 2 already
destroyed or immobilized it, only a better result of that dr (destroyed, or burning) counts.

Not in play yet: the attack's own results are worked out here and checked against the A7.308 example; the
infantry fire of fire.py still sets vehicles aside (armour.infantry_view).

>>> result(7, 7), result(3, 7), result(6, 7), result(8, 7)
('immobilized', 'burning', 'destroyed', 'none')
"""

from __future__ import annotations

from fractions import Fraction

from hexmate.rules.charts import Chart

ORDER = ("none", "immobilized", "destroyed", "burning")  # worse to the right
UNLIKELY = {1: "burning", 2: "destroyed", 3: "immobilized"}  # A7.309: 4-6 no effect


def kill_number(vehicle_line: Chart, column: int | Fraction) -> int:
    """A7.308: the Kill number of the attack's IFT column on the vehicle line."""
    return int(vehicle_line.lookup(fp=int(column)))


def result(final: int, kill: int) -> str:
    """A7.308: 'burning' at most half the Kill number, 'destroyed' below it, 'immobilized' equal to it."""
    if Fraction(final) <= Fraction(kill, 2):
        return "burning"
    if final < kill:
        return "destroyed"
    return "immobilized" if final == kill else "none"


def unlikely_kill(original: int, first: str, dr: int | None) -> str:
    """A7.309: after an Original DR of 2, the dr's result replaces the line's only if it is worse for the
    vehicle (a dr that would do less than the Original 2 already did is ignored)."""
    if original != 2 or dr is None:
        return first
    second = UNLIKELY.get(dr, "none")
    return second if ORDER.index(second) > ORDER.index(first) else first


def needs_dr(original: int, first: str) -> bool:
    """A7.309: the Unlikely Kill dr is rolled after an Original DR of 2 unless the vehicle already burns."""
    return original == 2 and first != "burning"


def most_vehicles(ift: Chart, column: int | Fraction) -> int:
    """A7.308: one DR affects no more vehicles than the largest KIA number in the attack's column."""
    best = 0
    for dr in ift.axis("final_dr").keys:
        cell = str(ift.lookup(fp=int(column), final_dr=dr))
        if cell.endswith("KIA"):
            best = max(best, int(cell[:-3] or 1))
    return best
