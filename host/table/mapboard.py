"""A board laid out from a map: one reader cell under the centre of every hex, a hex one inch across, and the
buttons the caller names. It is not a board anyone builds (those are ``hardware/boards/*.json``); it is the
host's view of a table whose wiring does not matter, for benches and tests that drive the host with frames
(``Calibration.default_for`` reads only a board's name, cells and buttons)."""

from __future__ import annotations

from dataclasses import dataclass

from hexmate.rules.maps import HexMap

INCH_MM = 25.4


@dataclass(frozen=True)
class MapCell:
    id: int
    label: str  # the hex's label without the board letter ("K4" for DK4), as board files write it
    x_mm: float
    y_mm: float


@dataclass(frozen=True)
class MapButton:
    id: int
    name: str


@dataclass(frozen=True)
class MapBoard:
    name: str
    cells: tuple[MapCell, ...]
    buttons: tuple[MapButton, ...] = ()
    dice: int = 0  # how many of the first buttons roll dice

    @property
    def dice_buttons(self) -> tuple[MapButton, ...]:
        return self.buttons[:self.dice]


def board_for(game_map: HexMap, name: str, buttons: tuple[str, ...] = (), dice: int = 0) -> MapBoard:
    """Cells numbered in (q, r) order of the map's hexes; buttons numbered from 0 in the order given, the
    first ``dice`` of them dice buttons."""
    hexes = sorted(game_map.hexes, key=lambda h: (h.q, h.r))
    cells = tuple(MapCell(i, game_map.label(h)[1:], game_map.center(h)[0] * INCH_MM,
                          game_map.center(h)[1] * INCH_MM) for i, h in enumerate(hexes))
    return MapBoard(name, cells, tuple(MapButton(i, b) for i, b in enumerate(buttons)), dice)
