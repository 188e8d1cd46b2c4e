"""The state a road is in (paved or not, plowed or not), where the texts read it. Pure.

The texts read a road's state in a few places: D8.23 spares a vehicle the mud and deep-snow bog DR along a
paved or plowed road hexside (vmud.py), D8.21's +1 for mud or snow is not for a paved road, D15.81 keeps a
bicycle off the half rate on an unpaved road in mud or an unplowed one in snow (bicycle.py), D17.2 prices an
aerosan's plowed road (aerosan.py), and A2.51 gives the off-board roads the state most of the adjacent
board's roads are in (offboard.py, ``majority``).

hexmate's maps draw one kind of road (chapter B's road kinds are not among the texts), so each map road's
state is the scenario's: paved unless ``options.unpaved_roads`` is true (the bicycles' option), plowed when
``options.plowed_roads`` is true (the aerosan's SSR option). ``of_hex`` is the one place that says so, so a
map that one day names its road kinds hex by hex changes only it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from hexmate.rules.games.base import Position
from hexmate.rules.hexes import Hex

UNPAVED = "unpaved_roads"  # the scenario's roads are unpaved (bicycle.py, D15.81)
PLOWED = "plowed_roads"  # the scenario's roads are plowed (aerosan.py, D17.2)


@dataclass(frozen=True)
class RoadState:
    """A road's state: ``paved`` (else a dirt road), ``plowed`` (matters in snow only)."""

    paved: bool = True
    plowed: bool = False

    @property
    def spares_bog(self) -> bool:
        """D8.23: a paved or plowed road hexside spares the mud and deep-snow bog DR."""
        return self.paved or self.plowed


def of_map(position: Position) -> RoadState:
    """The state of the map's roads, from the scenario (see the module docstring)."""
    options = position.scenario.options
    return RoadState(paved=options.get(UNPAVED, False) is not True, plowed=options.get(PLOWED, False) is True)


def of_hex(position: Position, h: Hex) -> RoadState | None:
    """The state of the road in map hex ``h``; None where no road runs."""
    return of_map(position) if "road" in position.map.features(h) else None


def majority(position: Position, hexes: Iterable[Hex]) -> RoadState | None:
    """A2.51: the state most of these hexes' roads are in; None when none of them has a road, or when two
    states tie for most (the text names no state then: the caller says what it takes)."""
    counts = Counter(s for h in hexes if (s := of_hex(position, h)) is not None)
    if not counts:
        return None
    ranked = counts.most_common()
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


__all__ = ["PLOWED", "UNPAVED", "RoadState", "majority", "of_hex", "of_map"]
