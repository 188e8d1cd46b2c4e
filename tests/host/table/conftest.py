"""Fixtures for the table tests: boards and maps shaped like the ASL geomorphic board (BRIEF-INTERFACES).

``geo_board`` builds a board definition from the published layout (33 columns, 346 cells, 25.4 mm pitch) and
``geo_map`` a map object with the HexMap methods the table uses, so calibration tests can shift, rotate and
rescale them freely. Stream replays use the real loaders (hexmate.hardware.boards, hexmate.rules.maps).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

PITCH_MM = 25.4
SQ = math.sqrt(3) / 2


def column_letters(c: int) -> str:
    return chr(ord("A") + (c - 1) % 26) * (1 if c <= 26 else 2)


def geo_hexes(columns: int = 33) -> Iterator[tuple[int, int, str]]:
    """(column 1.., hex number, label) in board order: odd columns 1..10, even columns 0..10."""
    for c in range(1, columns + 1):
        for n in range(1, 11) if c % 2 else range(0, 11):
            yield c, n, f"{column_letters(c)}{n}"


@dataclass(frozen=True)
class Cell:
    id: int
    label: str
    x_mm: float
    y_mm: float
    leds: tuple[int, ...] = ()


@dataclass(frozen=True)
class Board:
    name: str
    cells: tuple[Cell, ...]


def make_board(columns: int = 33, *, angle_deg: float = 0.0, dx: float = 0.0, dy: float = 0.0) -> Board:
    cells = []
    a = math.radians(angle_deg)
    for i, (c, n, label) in enumerate(geo_hexes(columns)):
        x = (c - 1) * PITCH_MM * SQ
        y = (n if c % 2 else n + 0.5) * PITCH_MM
        xr, yr = x * math.cos(a) - y * math.sin(a) + dx, x * math.sin(a) + y * math.cos(a) + dy
        cells.append(Cell(i, label, xr, yr, (i,)))
    return Board("emu-geo" if columns == 33 else f"emu-geo{columns}", tuple(cells))


class GeoMap:
    """Axial flat-topped hexes (q, r) labelled like an ASL board with a board prefix ('DA1')."""

    def __init__(self, columns: int = 33, prefix: str = "D", scale: float = 1.0) -> None:
        self.scale = scale  # >1: the map's centres are further apart relative to the board (smaller print)
        self._label: dict[tuple[int, int], str] = {}
        for c, n, label in geo_hexes(columns):
            q = c - 1
            r = n - (q - (q & 1)) // 2
            self._label[(q, r)] = prefix + label
        self._index = {v: k for k, v in self._label.items()}
        self.hexes = frozenset(self._label)

    def center(self, h: Any) -> tuple[float, float]:
        q, r = h
        return q * SQ * self.scale, (r + q / 2) * self.scale

    def label(self, h: Any) -> str:
        return self._label[h]

    def parse_label(self, s: str) -> Any:
        try:
            return self._index[s.upper()]
        except KeyError:
            raise ValueError(f"no hex is labelled {s!r}") from None

    def neighbors(self, h: Any) -> tuple[Any, ...]:
        q, r = h
        around = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
        return tuple((q + a, r + b) for a, b in around if (q + a, r + b) in self._label)


@pytest.fixture
def geo_board() -> Board:
    return make_board()


@pytest.fixture
def geo_map() -> GeoMap:
    return GeoMap()


@pytest.fixture
def board_factory() -> Any:
    """make_board(columns=33, angle_deg=0, dx=0, dy=0) -> Board."""
    return make_board


@pytest.fixture
def map_factory() -> Any:
    """GeoMap(columns=33, prefix='D', scale=1.0)."""
    return GeoMap
