"""PG firing from higher ground (8.31, 8.34).

8.31: units on higher ground get a favourable modifier in combat, which the text leaves to the fire table
(not printed). Read here for direct fire (the digest's reading too): when every firer stands on a higher
level than the target hex, the DFT column shifts by the chart pack's ``higher_ground`` value (the demo pack's
+1 is invented and labelled so). 8.34: a town's 20 m are for spotting only, never for fire, so the levels
compared are the map's, without the town.
"""

from __future__ import annotations

from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T


def shift(position: Position, firers: list[UnitState], target: Hex) -> tuple[T, int, str] | None:
    """The DFT shift for firing down from higher ground (8.31), or None."""
    m = position.map
    below = m.level(target)
    hexes = {u.hex for u in firers if u.hex is not None}
    if not hexes or not all(m.level(h) > below for h in hexes):
        return None
    value = int(position.charts.chart("higher_ground").lookup(table="dft"))
    if not value:
        return None
    return T("firing from higher ground"), value, "8.31"


__all__ = ["shift"]
