"""Loss of direction (5.8), as a tested rule function: where a scenario calls for it, a unit about to enter a
hex (not one beginning an assault) first names the hex, then rolls 2d6 for the hex it really enters. A 7:
it stays and pays the cost of the hex it is in, and may try again with the MP left. A result that would
break a movement rule (off the map, overstacked...) leaves it where it is with a MOVED/FIRED marker.

The text's diagram (2d6 to a hex) is missing from the transcription: ``movement.json``'s
``loss_of_direction`` holds demo values (hexsides turned from the named one), labelled so; only the 7 is the
text's. Not yet played at the table: the hex-by-hex move has no 5.8 roll.
"""

from __future__ import annotations

from dataclasses import dataclass

from hexmate.rules.games.pg import moves as pg_moves
from hexmate.rules.hexes import Hex, direction_between, neighbor


@dataclass(frozen=True)
class Lost:
    hex: Hex  # the hex the unit really tries to enter (its own hex on a 7)
    stays: bool  # 5.8: a 7, pay the current hex's cost without moving


def lost_way(here: Hex, named: Hex, roll: int) -> Lost:
    """5.8: the hex entered for a 2d6 ``roll`` when the unit in ``here`` named the adjacent ``named``."""
    data = pg_moves.table()["loss_of_direction"]
    if not 2 <= roll <= 12:
        raise ValueError(f"a 2d6 roll is 2 to 12, not {roll}")
    if roll == int(data["stay"]):
        return Lost(here, True)
    turn = int(data["turn"][str(roll)])
    return Lost(neighbor(here, (direction_between(here, named) + turn) % 6), False)


__all__ = ["Lost", "lost_way"]
