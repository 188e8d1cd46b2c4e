"""A wall or hedge on the target's hexside that the fire crosses (A4.61 example 3, A8.15): its TEM.

Chapter A does not hold the wall and hedge rules (B9 is chapter B); what it says is enough for ordinary fire:
the HS Assault Moving in Open Ground behind a hedge has a TEM of +1 from the hedge, and 0 without Assault
Movement (+1 hedge, -1 FFNAM) (A4.61 example 3), so the hexside's TEM protects a unit in the hex when the
fire enters the hex across it; a wall is +2 (the A8.15 example), a hedge +1 (terrain.json). Its TEM then
stands in for the hex's own when higher (not added to it), and, being TEM, it also rules out FFMO (A4.6).

Which hexside the fire crosses into the target hex is read off the exact centre-to-centre trace
(hexes.line): the hexside of the hex it comes from; along a hexspine or through a vertex, both hexsides that
meet there (a wall along the line counts, the A4.34 example). A fire group's members each see their own line;
the wall counts if it is crossed by any of them (like the worst hindrance of A7.52). Only a ground-level
target is behind a wall.
"""

from __future__ import annotations

from collections.abc import Iterable

from hexmate.rules.games.base import Position
from hexmate.rules.games.terrain_view import table_for
from hexmate.rules.hexes import Hex, StepKind, line

FEATURES = ("wall", "hedge")


def entry_sides(firer: Hex, target: Hex) -> tuple[Hex, ...]:
    """The hexes across the target's hexsides that the line from ``firer`` enters it by."""
    steps = line(firer, target).steps
    if len(steps) < 2:
        return ()
    last = steps[-2]
    if last.kind is StepKind.HEX:
        return (last.hexes[0],)
    if last.kind is StepKind.HEXSIDE:
        return tuple(last.hexes)
    return (steps[-3].hexes[0], last.hexes[0]) if len(steps) >= 3 else (last.hexes[0],)  # a vertex


def crossed(position: Position, firers: Iterable[Hex | None], target: Hex) -> tuple[int, str] | None:
    """The best (TEM, feature) of a wall or hedge on a hexside of ``target`` the fire crosses, or None."""
    m = position.map
    table = table_for("asl").table
    best: tuple[int, str] | None = None
    for firer in firers:
        if firer is None or firer == target:
            continue
        for side in entry_sides(firer, target):
            if side not in m.hexes:
                continue
            for feature, value in table.hexside_tem(m, side, target):
                if feature in FEATURES and (best is None or int(value.value) > best[0]):
                    best = (int(value.value), feature)
    return best


__all__ = ["FEATURES", "crossed", "entry_sides"]
