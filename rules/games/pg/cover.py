"""The defender's own column on the DFT and the Bombardment Table for units in prepared positions (7.52).

16.2: a unit with DUG IN on top gets the foxhole's defensive column shift, and only that unit: in a hex of
dug-in and other targets the one roll is read on two columns (7.52). A leader in a hex with friendly dug-in
units counts as dug in (16.2 note). 16.1: a strongpoint counts as a permanent foxhole for combat (it
gives nothing to others in its hex). 16.4: an entrenchment gives its occupants a favourable shift against
direct fire and bombardment; AFVs, cavalry and transports in it get no benefit.

The text gives these rules but not the numbers, which are on the Terrain Effects Chart: they are read from the
chart pack's ``works`` chart (the demo pack's are invented and labelled so; an owner's pack gives the real
ones). AT fire uses DRMs, not columns (7.5), and the text gives foxholes none there, so nothing applies to it.
"""

from __future__ import annotations

from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.games.pg import units as pu
from hexmate.rules.games.pg import works as pg_works
from hexmate.rules.text import T


def position_of(position: Position, unit: UnitState) -> str:
    """"foxholes", "entrenchment" or "" for one target (16.1, 16.2, 16.4)."""
    if pg_works.in_foxhole(position, unit) or pu.value(unit, "strongpoint") == 1:
        return "foxholes"
    if unit.has("entrenched") and not (unit.type == "vehicle" or pu.branch(unit) == "CAV"):
        return "entrenchment"
    return ""


def shift(position: Position, unit: UnitState, table: str) -> tuple[T, int, str] | None:
    """The target's own shift on ``table`` ("dft" or "bombardment"), with its label and rule, or None."""
    where = position_of(position, unit)
    if not where:
        return None
    chart = position.charts.chart("works")
    value = int(chart.lookup(position=where, table=table))
    rule = "16.2, 7.52" if where == "foxholes" else "16.4, 7.52"
    if where == "foxholes":
        return T("{unit} in foxholes", unit=unit.id), value, rule
    return T("{unit} in an entrenchment", unit=unit.id), value, rule


__all__ = ["position_of", "shift"]
