"""The few shapes hexmate.host.table needs from boards, maps and the rules (structural types only).

The table code never computes on hexes: it uses them as keys and asks the map for centres and labels (so
tests may hand it any hashable hex). Boards and maps are read through these Protocols so the table package
needs nothing of rules/ and hardware/ but their public shapes.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Any, Protocol

from hexmate.rules.hexes import Hex

__all__ = ["BoardLike", "CellLike", "Hex", "MapLike", "MoveLike"]


class MapLike(Protocol):
    """What the table reads from hexmate.rules.maps.HexMap."""

    @property
    def hexes(self) -> AbstractSet[Any]: ...

    def center(self, h: Any) -> tuple[float, float]: ...

    def label(self, h: Any) -> str: ...

    def parse_label(self, s: str) -> Any: ...


class CellLike(Protocol):
    """One sensor cell of a board definition (hexmate.hardware.boards.CellDef)."""

    @property
    def id(self) -> int: ...

    @property
    def label(self) -> str: ...

    @property
    def x_mm(self) -> float: ...

    @property
    def y_mm(self) -> float: ...


class BoardLike(Protocol):
    """A board definition (hexmate.hardware.boards.BoardDef)."""

    @property
    def name(self) -> str: ...

    @property
    def cells(self) -> Sequence[CellLike]: ...


class MoveLike(Protocol):
    """A legal move of a group as the rules give it: the hexes entered (start first) and the points spent."""

    @property
    def path(self) -> Sequence[Any]: ...

    @property
    def cost(self) -> Any: ...
