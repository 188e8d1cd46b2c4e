"""Printed hex labels per game: ASL board letters+numbers and the four-digit CCRR numbers, both ways.

A grid describes one printed board: which (column, row) pairs exist, which columns sit half a hex lower, and
how a (column, row) pair is printed. Boards are board-local: :mod:`hexmate.rules.maps` places them on a map.

ASL (A2.2, digest A1 section 2.7): columns A..Z, AA..GG (1..33); hexes are numbered down each column; even
columns sit half a hex lower, hold 0..10 where 0 and 10 are the edge half hexes, odd columns hold 1..10.
CCRR (Panzer Grenadier 2.2, Fire Team 2.2, Schlieffen's War 2.1): two digits of column then two of row.

>>> asl = Grid.asl()
>>> asl.format(2, 0), asl.parse("GG10")
('B0', (33, 10))
>>> Grid.ccrr(1, 40, 1, 30, low="even").format(8, 12)
'0812'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from hexmate.rules.hexes import Hex, axial_to_offset, offset_to_axial
from hexmate.rules.text import T


class LabelError(ValueError):
    """A printed label that does not name a hex of the grid."""


def asl_column_letters(column: int) -> str:
    """1 -> A ... 26 -> Z, 27 -> AA ... 52 -> ZZ (ASL doubles the letter past Z: A2.2, GG = 33)."""
    if not 1 <= column <= 52:
        raise LabelError(T("ASL column number {column} is outside 1..52", column=column))
    letter = chr(ord("A") + (column - 1) % 26)
    return letter if column <= 26 else letter * 2


def asl_column_number(letters: str) -> int:
    """Inverse of :func:`asl_column_letters` ("A" -> 1, "GG" -> 33)."""
    if re.fullmatch(r"[A-Z]", letters):
        return ord(letters) - ord("A") + 1
    if re.fullmatch(r"([A-Z])\1", letters):
        return ord(letters[0]) - ord("A") + 27
    raise LabelError(T("{letters} is not an ASL column (A..Z, AA..ZZ)", letters=repr(letters)))


_ASL_RE = re.compile(r"([A-Z]{1,2})(\d{1,2})")
_CCRR_RE = re.compile(r"(\d{2})(\d{2})")


@dataclass(frozen=True, slots=True)
class Grid:
    """One printed board's numbering.

    kind: "asl" or "ccrr"; columns first..last; ``low`` = "even" or "odd" (the columns that sit half a hex
    lower); rows_high = (first, last) row of the higher columns, rows_low = (first, last) of the lower ones.
    """

    kind: str
    first_column: int
    last_column: int
    low: str
    rows_high: tuple[int, int]
    rows_low: tuple[int, int]

    @classmethod
    def asl(cls, columns: int = 33, rows: int = 10) -> Grid:
        # A2.2/A2.3: even columns are lower and carry the 0 and 10 half hexes (digest A1 section 2.7).
        return cls("asl", 1, columns, "even", (1, rows), (0, rows))

    @classmethod
    def ccrr(cls, first_column: int, last_column: int, first_row: int, last_row: int, low: str) -> Grid:
        return cls("ccrr", first_column, last_column, low, (first_row, last_row), (first_row, last_row))

    def rows(self, column: int) -> tuple[int, int]:
        is_low = (column % 2 == 0) == (self.low == "even")
        return self.rows_low if is_low else self.rows_high

    def contains(self, column: int, row: int) -> bool:
        if not self.first_column <= column <= self.last_column:
            return False
        lo, hi = self.rows(column)
        return lo <= row <= hi

    def cells(self) -> Iterator[tuple[int, int]]:
        """Every (column, row) of the board, column-major (A1..A10, B0..B10, ...)."""
        for column in range(self.first_column, self.last_column + 1):
            lo, hi = self.rows(column)
            for row in range(lo, hi + 1):
                yield column, row

    def to_hex(self, column: int, row: int) -> Hex:
        """Board-local axial hex of a printed (column, row)."""
        return offset_to_axial(column, row, self.low)

    def from_hex(self, h: Hex) -> tuple[int, int]:
        return axial_to_offset(h, self.low)

    def format(self, column: int, row: int) -> str:
        if not self.contains(column, row):
            raise LabelError(T("column {column}, row {row} is not on this {kind} board",
                               column=column, row=row, kind=self.kind))
        if self.kind == "asl":
            return f"{asl_column_letters(column)}{row}"
        return f"{column:02d}{row:02d}"

    def parse(self, text: str) -> tuple[int, int]:
        """Printed label (without board prefix) -> (column, row); LabelError if malformed or off the board."""
        pattern = _ASL_RE if self.kind == "asl" else _CCRR_RE
        m = pattern.fullmatch(text.strip().upper())
        if m is None:
            if self.kind == "asl":
                raise LabelError(T("{text} is not a hex label (letters then a row, e.g. B0 or GG10)",
                                   text=repr(text)))
            raise LabelError(T("{text} is not a hex label (CCRR, e.g. 0812)", text=repr(text)))
        if self.kind == "asl":
            column, row = asl_column_number(m.group(1)), int(m.group(2))
        else:
            column, row = int(m.group(1)), int(m.group(2))
        if not self.contains(column, row):
            raise LabelError(T("{text} is not on this board", text=repr(text)))
        return column, row
