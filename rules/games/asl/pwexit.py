"""A guard taking his prisoners off his side's friendly board edge (A20.53).

A20.53: a guard may take his prisoners off the map by his friendly board edge, and he is then not counted
as eliminated for the Victory Conditions. The friendly board edge is the one the side's units enter by,
unless an SSR says otherwise; for a side set up on the map with no reinforcements to come, it is an edge
with no enemy unit between it and the side's units at set-up and that no enemy unit will enter. Which edge
that is depends on the scenario's set-up and reinforcements, so the scenario says it: ``options.
friendly_edge`` maps a side to the board-edge hexes of its friendly edge (checked when the scenario loads:
each is a hex of the map on its edge). Without it, a side has no friendly edge to leave by.

At the table a guard leaves as any unit does, ``move ... as exit`` ending on an edge hex (A2.6, any edge
hex: edgeexit.py). His prisoners go with him (guards.py's ``exit_with``). Leaving by the friendly edge with
prisoners scores no Exit VP (A26.23 counts the exit hexes only) and he is no casualty (A20.53, A26.221); a
unit guarding none that leaves there counts as eliminated (edgeexit.kind).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hexmate.rules.errors import DataError
from hexmate.rules.games.asl import prisoners
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex

if TYPE_CHECKING:
    from hexmate.rules.maps import HexMap
    from hexmate.rules.scenario import Scenario

KEY = "friendly_edge"


def check(scenario: Scenario, hex_map: HexMap) -> None:
    """A clear error naming the scenario and key for a malformed ``options.friendly_edge``."""
    raw = scenario.options.get(KEY)
    if raw is None:
        return
    where = f"scenario {scenario.name!r}: options.{KEY}"
    if not isinstance(raw, dict):
        raise DataError(f"{where} must be an object: side -> its friendly board-edge hexes (A20.53)")
    sides = {s.id for s in scenario.sides}
    for side, cells in raw.items():
        if side not in sides:
            raise DataError(f"{where}: {side!r} is not a side of the scenario ({', '.join(sorted(sides))})")
        if not isinstance(cells, list) or not cells or not all(isinstance(c, str) for c in cells):
            raise DataError(f"{where}.{side}: a list of hex labels")
        for label in cells:
            try:
                h = hex_map.parse_label(label)
            except Exception:  # the map's own error names nothing of the scenario
                raise DataError(f"{where}.{side}: {label!r} is not a hex label of the map") from None
            if h not in hex_map.hexes:
                raise DataError(f"{where}.{side}: {label!r} is not a hex of the map")
            if len(hex_map.neighbors(h)) >= 6:
                raise DataError(f"{where}.{side}: {label!r} is not on the board's edge (A20.53)")


def edge(position: Position, side: str) -> frozenset[Hex]:
    """The hexes of ``side``'s friendly board edge, as the scenario gives them (A20.53)."""
    cells = position.scenario.options.get(KEY, {}).get(side, [])
    return frozenset(position.map.parse_label(c) for c in cells)


def guards_all(position: Position, units: Sequence[UnitState]) -> bool:
    return bool(units) and all(prisoners.prisoners_of(position, u.id) for u in units)


def allowed(position: Position, units: Sequence[UnitState], last: Hex) -> bool:
    """A20.53: a move off the map by the friendly board edge, every unit of it a guard of prisoners."""
    return bool(units) and last in edge(position, units[0].side) and guards_all(position, units)


def by_friendly_edge(position: Position, unit: UnitState, exit_hexes: frozenset[Hex]) -> bool:
    """Did ``unit`` leave by its friendly edge rather than by an exit hex (no Exit VP, A26.23)?"""
    return unit.hex is not None and unit.hex in edge(position, unit.side) and unit.hex not in exit_hexes


__all__ = ["KEY", "allowed", "by_friendly_edge", "check", "edge", "guards_all"]
