"""Which sensor cell sits under which map hex: a similarity transform fitted from two calibration counters.

The board knows its cells in millimetres; the map knows its hexes in pitch units (adjacent centres 1.0
apart). Two counters on named hexes fix scale, rotation and translation (z' = m*z + t in complex numbers);
every cell then goes to the nearest hex centre within a tolerance, or is "off-map". One physical board thus
serves maps with other hex sizes or placements; a map printed for the board needs no counters at all
(``Calibration.default_for``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexmate.host.table.geometry import BoardLike, Hex, MapLike
from hexmate.host.table.registry import Registry

DEFAULT_TOLERANCE = 0.3  # in map pitch units: a cell farther than this from every hex centre is off-map
FORMAT = "hexmate-calibration"


class CalibrationError(Exception):
    """The calibration cannot be made or read; the message names the file, cells or hexes involved."""


@dataclass(frozen=True)
class Similarity:
    """z -> m*z + t on the complex plane (board mm -> map pitch units)."""

    m: complex
    t: complex

    @classmethod
    def fit(cls, a: complex, a_to: complex, b: complex, b_to: complex) -> Similarity:
        if abs(b - a) < 1e-9:
            raise CalibrationError("the two calibration cells are the same point")
        m = (b_to - a_to) / (b - a)
        return cls(m, a_to - m * a)

    def apply(self, x: float, y: float) -> tuple[float, float]:
        z = self.m * complex(x, y) + self.t
        return z.real, z.imag

    @property
    def scale(self) -> float:
        """Map pitch units per board millimetre."""
        return abs(self.m)

    @property
    def rotation_deg(self) -> float:
        return math.degrees(math.atan2(self.m.imag, self.m.real))


@dataclass(frozen=True)
class Anchor:
    """A calibration counter: ``cell`` (board cell id) sits on ``hex``."""

    cell: int
    hex: Hex


class Calibration:
    """The cell <-> hex assignment for one board on one map.

    >>> # cal = Calibration.fit(board, game_map, [Anchor(0, game_map.parse_label("DA1")), ...])
    >>> # cal.hex_of(17) -> the hex above cell 17, or None when off-map
    """

    def __init__(
        self,
        board: BoardLike,
        game_map: MapLike,
        transform: Similarity,
        anchors: Sequence[Anchor],
        tolerance: float = DEFAULT_TOLERANCE,
    ) -> None:
        self.board = board
        self.map = game_map
        self.transform = transform
        self.anchors = tuple(anchors)
        self.tolerance = tolerance
        self.cell_to_hex: dict[int, Hex] = {}
        self.hex_to_cell: dict[Hex, int] = {}
        self.off_map: frozenset[int] = frozenset()
        self._assign()

    # --- construction ---------------------------------------------------------------------------------

    @classmethod
    def fit(
        cls,
        board: BoardLike,
        game_map: MapLike,
        anchors: Sequence[Anchor],
        tolerance: float = DEFAULT_TOLERANCE,
    ) -> Calibration:
        """Fit from two anchors (calibration counters on named hexes)."""
        if len(anchors) != 2:
            raise CalibrationError(
                f"calibration needs exactly two counters on named hexes, got {len(anchors)}"
            )
        cells = {c.id: c for c in board.cells}
        points = []
        for anchor in anchors:
            if anchor.cell not in cells:
                raise CalibrationError(f"board {board.name} has no cell {anchor.cell}")
            if anchor.hex not in game_map.hexes:
                raise CalibrationError(f"hex {anchor.hex!r} is not on the map")
            cell = cells[anchor.cell]
            points.append((complex(cell.x_mm, cell.y_mm), complex(*game_map.center(anchor.hex))))
        (a, a_to), (b, b_to) = points
        return cls(board, game_map, Similarity.fit(a, a_to, b, b_to), anchors, tolerance)

    @classmethod
    def from_counters(
        cls,
        board: BoardLike,
        game_map: MapLike,
        readings: Iterable[tuple[int, int, Iterable[bytes | str]]],
        registry: Registry,
        placements: Mapping[str, Hex],
        tolerance: float = DEFAULT_TOLERANCE,
    ) -> Calibration:
        """Fit from a board read (snapshot entries) with two calibration counters on named hexes.

        ``placements`` maps the counters' ids to the hexes the player put them on ('calibration-1': DA1).
        """
        where: dict[str, list[int]] = {cid: [] for cid in placements}
        for cell, _state, uids in readings:
            for uid in uids:
                counter = registry.lookup(uid)
                if counter is not None and counter.counter_id in where:
                    where[counter.counter_id].append(cell)
        labels = {c.id: c.label for c in board.cells}
        anchors = []
        for cid, h in placements.items():
            cells = where[cid]
            if not cells:
                raise CalibrationError(
                    f"calibration counter {cid} is not on the board; put it on {game_map.label(h)}"
                )
            if len(cells) > 1:
                raise CalibrationError(
                    f"calibration counter {cid} is read on cells {', '.join(labels[c] for c in cells)}"
                )
            anchors.append(Anchor(cells[0], h))
        return cls.fit(board, game_map, anchors, tolerance)

    @classmethod
    def default_for(
        cls, board: BoardLike, game_map: MapLike, tolerance: float = DEFAULT_TOLERANCE
    ) -> Calibration:
        """For a board built for this map: cell labels name hexes (board 'A1' -> map 'A1' or 'DA1').

        Two far-apart matching cells are the anchors; every cell whose label names a hex must then land on it.
        """
        by_label = {game_map.label(h): h for h in game_map.hexes}
        prefix = _common_prefix(board, by_label)
        matched = [(c, by_label[prefix + c.label]) for c in board.cells if prefix + c.label in by_label]
        if len(matched) < 2:
            raise CalibrationError(
                f"board {board.name} was not built for this map: fewer than two cell labels name map hexes"
            )
        first = matched[0]
        far = max(matched, key=lambda m: math.hypot(m[0].x_mm - first[0].x_mm, m[0].y_mm - first[0].y_mm))
        cal = cls.fit(board, game_map, [Anchor(first[0].id, first[1]), Anchor(far[0].id, far[1])], tolerance)
        wrong = [c.label for c, h in matched if cal.cell_to_hex.get(c.id) != h]
        if wrong:
            raise CalibrationError(
                f"board {board.name} does not match the map's layout: cells {', '.join(wrong[:5])} "
                f"land on other hexes; calibrate with two counters instead"
            )
        return cal

    def _assign(self) -> None:
        centres = {h: self.map.center(h) for h in self.map.hexes}
        buckets: dict[tuple[int, int], list[Hex]] = {}
        for h, (x, y) in centres.items():
            buckets.setdefault((round(x), round(y)), []).append(h)
        claimed: dict[Hex, int] = {}
        off: set[int] = set()
        labels = {c.id: c.label for c in self.board.cells}
        for cell in self.board.cells:
            x, y = self.transform.apply(cell.x_mm, cell.y_mm)
            best: Hex | None = None
            best_d = self.tolerance
            bx, by = round(x), round(y)
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    for h in buckets.get((bx + dx, by + dy), ()):
                        hx, hy = centres[h]
                        d = math.hypot(hx - x, hy - y)
                        if d <= best_d:
                            best, best_d = h, d
            if best is None:
                off.add(cell.id)
                continue
            if best in claimed:
                raise CalibrationError(
                    f"cells {labels[claimed[best]]} and {cell.label} both lie on hex {self.map.label(best)}: "
                    "the map's hexes are smaller than the board's cells, or the calibration hexes are wrong"
                )
            claimed[best] = cell.id
        self.hex_to_cell = claimed
        self.cell_to_hex = {cell: h for h, cell in claimed.items()}
        self.off_map = frozenset(off)

    # --- queries ----------------------------------------------------------------------------------------

    def hex_of(self, cell: int) -> Hex | None:
        return self.cell_to_hex.get(cell)

    def cell_of(self, h: Hex) -> int | None:
        return self.hex_to_cell.get(h)

    def describe(self) -> str:
        return (
            f"board {self.board.name}: {len(self.cell_to_hex)} cells on map hexes, "
            f"{len(self.off_map)} off-map; scale {self.transform.scale * 25.4:.3f} hex pitch per inch, "
            f"rotation {self.transform.rotation_deg:.1f} deg"
        )

    # --- persistence ------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        cells = {c.id: c.label for c in self.board.cells}
        return {
            "format": FORMAT,
            "version": 1,
            "board": self.board.name,
            "tolerance": self.tolerance,
            "anchors": [{"cell": cells[a.cell], "hex": self.map.label(a.hex)} for a in self.anchors],
        }

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=2) + "\n", encoding="utf-8")

    @classmethod
    def from_json(
        cls, data: Mapping[str, Any], board: BoardLike, game_map: MapLike, source: str = "<calibration>"
    ) -> Calibration:
        """Rebuild from saved anchors (the assignment is recomputed, so a fixed map file stays consistent)."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise CalibrationError(f"{source}: not a hexmate calibration file")
        unknown = set(data) - {"format", "version", "board", "tolerance", "anchors"}
        if unknown:
            raise CalibrationError(f"{source}: unknown key(s) {', '.join(sorted(unknown))}")
        if data.get("board") != board.name:
            raise CalibrationError(f"{source}: made for board {data.get('board')!r}, not {board.name!r}")
        by_label = {c.label: c.id for c in board.cells}
        anchors = []
        for i, entry in enumerate(data.get("anchors") or []):
            try:
                cell = by_label[entry["cell"]]
                h = game_map.parse_label(entry["hex"])
            except Exception as exc:
                raise CalibrationError(
                    f"{source}: anchor {i + 1}: {exc!r} (need a board cell and a map hex)"
                ) from exc
            anchors.append(Anchor(cell, h))
        tolerance = data.get("tolerance", DEFAULT_TOLERANCE)
        if not isinstance(tolerance, int | float) or not 0 < tolerance < 0.5:
            raise CalibrationError(f"{source}: tolerance must be a number between 0 and 0.5 hex pitch")
        try:
            return cls.fit(board, game_map, anchors, float(tolerance))
        except CalibrationError as exc:
            raise CalibrationError(f"{source}: {exc}") from exc

    @classmethod
    def load(cls, path: str | Path, board: BoardLike, game_map: MapLike) -> Calibration:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise CalibrationError(f"{path}: cannot read calibration: {exc}") from exc
        return cls.from_json(data, board, game_map, str(path))


def _common_prefix(board: BoardLike, by_label: Mapping[str, Hex]) -> str:
    """'' when map labels equal cell labels; else the board letter(s) the map puts before them ('D')."""
    votes: dict[str, int] = {}
    for cell in board.cells[:50]:
        for label in by_label:
            if label.endswith(cell.label):
                votes[label[: len(label) - len(cell.label)]] = (
                    votes.get(label[: len(label) - len(cell.label)], 0) + 1
                )
    if not votes:
        return ""
    return max(votes, key=lambda p: (votes[p], -len(p)))
