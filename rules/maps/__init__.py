"""Game maps as data: boards placed and joined, per-hex terrain/level/features, hexside features, overlays.

The JSON format is documented in rules/MAPS.md. :func:`load_map` is the only function here that reads a file;
everything else works on dicts, so the rules core stays pure.

>>> m = HexMap.from_dict({"format": "hexmate-map/1", "name": "tiny", "game": "asl", "boards": [
...     {"id": "T", "grid": {"kind": "asl", "columns": 3, "rows": 3},
...      "hexes": {"B2": {"terrain": "woods", "level": 1}},
...      "hexsides": [{"hex": "A1", "side": "SE", "features": ["wall"]}]}]})
>>> len(m.hexes), m.terrain(m.parse_label("TB2")), m.level(m.parse_label("TB2"))
(10, 'woods', 1)
>>> sorted(m.hexside(m.parse_label("TA1"), m.parse_label("TB1")))
['wall']
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexmate.rules.hexes import (
    DIRECTION_NAMES,
    DIRECTIONS,
    Hex,
    center,
    direction_index,
    opposite,
)
from hexmate.rules.labels import Grid, LabelError

FORMAT = "hexmate-map/1"
OPEN = "open"  # the terrain a hex has when a board's "default" does not say otherwise


class MapError(ValueError):
    """A malformed map: names the file, the hex (printed label) and the JSON key where known."""

    def __init__(self, source: str, message: str, *, hex_label: str | None = None, key: str | None = None):
        where = [source]
        if hex_label is not None:
            where.append(f"hex {hex_label}")
        if key is not None:
            where.append(f"key {key!r}")
        super().__init__(": ".join([*where, message]))
        self.source = source
        self.hex_label = hex_label
        self.key = key


@dataclass(frozen=True, slots=True)
class HexData:
    """What a map says about one hex. ``road_exits`` are map (global) direction indices 0..5."""

    terrain: str
    level: int
    features: frozenset[str] = frozenset()
    road_exits: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Board:
    """One printed board placed on the map: its grid, where its local origin goes, and its rotation."""

    id: str
    grid: Grid
    at: Hex
    rotation: int  # 0 or 180 degrees

    def to_map(self, column: int, row: int) -> Hex:
        h = self.grid.to_hex(column, row)
        if self.rotation == 180:
            h = Hex(-h.q, -h.r)
        return h + self.at

    def from_map(self, h: Hex) -> tuple[int, int] | None:
        local = h - self.at
        if self.rotation == 180:
            local = Hex(-local.q, -local.r)
        column, row = self.grid.from_hex(local)
        return (column, row) if self.grid.contains(column, row) else None

    def direction_to_map(self, local_direction: int) -> int:
        return local_direction if self.rotation == 0 else opposite(local_direction)

    def label(self, column: int, row: int) -> str:
        return f"{self.id}{self.grid.format(column, row)}"

    def half_hex(self, h: Hex) -> bool:
        """Is map hex ``h`` one of this board's edge half hexes? ASL boards (A2.2, A2.3): the first and last
        columns and the 0 and last rows of the lower (even) columns. A four-digit board has none here."""
        cell = self.from_map(h)
        if cell is None or self.grid.kind != "asl":
            return False
        column, row = cell
        lo, hi = self.grid.rows_low
        return column in (self.grid.first_column, self.grid.last_column) or (
            column % 2 == 0 and row in (lo, hi))


_NONE: frozenset[str] = frozenset()


def _side_key(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    return (a, b) if a <= b else (b, a)


@dataclass
class HexMap:
    """A playable map. Build it with :meth:`from_dict` or :func:`load_map`."""

    name: str
    game: str
    source: str
    boards: tuple[Board, ...]
    _data: dict[Hex, HexData]
    _hexsides: dict[tuple[Hex, Hex], frozenset[str]]
    _labels: dict[Hex, str]
    _index: dict[str, Hex]
    hexes: frozenset[Hex] = field(init=False)
    _neighbors: dict[Hex, tuple[Hex, ...]] = field(init=False)
    _boards_at: dict[Hex, tuple[Board, ...]] = field(init=False)
    _either: dict[tuple[Hex, Hex], frozenset[str]] = field(init=False)

    def __post_init__(self) -> None:
        self.hexes = frozenset(self._data)
        # Both orders of every hexside, so a lookup needs no canonical ordering (movement asks per step).
        self._either = {**self._hexsides, **{(b, a): f for (a, b), f in self._hexsides.items()}}
        # Precomputed at load time: movement and LOS ask for neighbours constantly.
        self._neighbors = {
            h: tuple(n for n in (h + d for d in DIRECTIONS) if n in self._data) for h in self._data
        }
        # A2.2: a hex where two boards' half hexes join belongs to both.
        self._boards_at = {h: tuple(b for b in self.boards if b.from_map(h) is not None) for h in self._data}

    # --- queries ---------------------------------------------------------------------------------------

    def _get(self, h: Hex) -> HexData:
        try:
            return self._data[h]
        except KeyError:
            raise MapError(self.source, f"{h} is not a hex of this map") from None

    def data(self, h: Hex) -> HexData:
        return self._get(h)

    def terrain(self, h: Hex) -> str:
        return self._get(h).terrain

    def level(self, h: Hex) -> int:
        return self._get(h).level

    def features(self, h: Hex) -> frozenset[str]:
        return self._get(h).features

    def road_exits(self, h: Hex) -> frozenset[int]:
        return self._get(h).road_exits

    def hexside(self, a: Hex, b: Hex) -> frozenset[str]:
        """Features of the hexside between adjacent hexes a and b ("road" when a road crosses it)."""
        return self._either.get((a, b), _NONE)

    def hexsides(self) -> Mapping[tuple[Hex, Hex], frozenset[str]]:
        return self._hexsides

    def neighbors(self, h: Hex) -> tuple[Hex, ...]:
        """On-map neighbours of h, in direction order."""
        return self._neighbors[h]

    def boards_at(self, h: Hex) -> tuple[Board, ...]:
        """The boards ``h`` lies on, in map order: two where half hexes join (A2.2), else one."""
        self._get(h)
        return self._boards_at[h]

    def board(self, board_id: str) -> Board:
        """The board with this id (as printed, case-insensitive); MapError naming the map's boards if none."""
        for b in self.boards:
            if b.id.upper() == board_id.strip().upper():
                return b
        raise MapError(self.source, f"no board {board_id!r} on this map (boards: "
                                    f"{', '.join(b.id for b in self.boards)})")

    def __contains__(self, h: object) -> bool:
        return h in self._data

    def label(self, h: Hex) -> str:
        try:
            return self._labels[h]
        except KeyError:
            raise MapError(self.source, f"{h} is not a hex of this map") from None

    def parse_label(self, text: str) -> Hex:
        """A printed label (with board prefix, e.g. "DA1" or "0812") -> Hex; MapError if no such hex."""
        try:
            return self._index[text.strip().upper()]
        except KeyError:
            raise MapError(self.source, f"no hex is labelled {text!r}") from None

    def center(self, h: Hex) -> tuple[float, float]:
        """Centre in hex pitches (adjacent centres are 1.0 apart), x right, y down."""
        self._get(h)
        return center(h)

    # --- construction ----------------------------------------------------------------------------------

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any], source: str = "<map>") -> HexMap:
        return _Builder(source).build(doc)


def load_map(path: str | Path) -> HexMap:
    """Read and validate a map file; every problem is a MapError naming the file."""
    p = Path(path)
    try:
        doc = json.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MapError(str(p), f"cannot read the file ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise MapError(str(p), f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    if not isinstance(doc, dict):
        raise MapError(str(p), "the top level must be a JSON object")
    return HexMap.from_dict(doc, source=str(p))


# --- the builder -----------------------------------------------------------------------------------------

_TOP_KEYS = {"format", "name", "game", "boards", "overlays", "notes"}
_BOARD_KEYS = {"id", "grid", "at", "rotation", "default", "hexes", "hexsides", "notes"}
_GRID_KEYS = {"kind", "columns", "rows", "low"}
_HEX_KEYS = {"terrain", "level", "features", "road"}
_SIDE_KEYS = {"hex", "side", "features"}
_OVERLAY_KEYS = {"id", "hexes", "hexsides", "notes"}


@dataclass
class _Cell:
    data: HexData
    explicit: bool
    label: str


class _Builder:
    def __init__(self, source: str) -> None:
        self.source = source
        self.cells: dict[Hex, _Cell] = {}
        self.index: dict[str, Hex] = {}
        self.hexsides: dict[tuple[Hex, Hex], set[str]] = {}

    def error(self, message: str, *, hex_label: str | None = None, key: str | None = None) -> MapError:
        return MapError(self.source, message, hex_label=hex_label, key=key)

    def _keys(self, obj: Any, allowed: set[str], what: str, hex_label: str | None = None) -> dict[str, Any]:
        if not isinstance(obj, dict):
            raise self.error(f"{what} must be a JSON object", hex_label=hex_label)
        for k in obj:
            if k not in allowed:
                raise self.error(f"unknown key in {what} (allowed: {', '.join(sorted(allowed))})",
                                 hex_label=hex_label, key=k)
        return obj

    def build(self, doc: Mapping[str, Any]) -> HexMap:
        top = self._keys(dict(doc), _TOP_KEYS, "the map")
        if top.get("format") != FORMAT:
            raise self.error(f"expected \"format\": \"{FORMAT}\"", key="format")
        name = top.get("name", "")
        game = top.get("game", "")
        if not isinstance(name, str) or not isinstance(game, str) or not game:
            raise self.error("\"name\" and \"game\" must be strings (game: asl, pg, fireteam, sw)",
                             key="game")
        boards_doc = top.get("boards")
        if not isinstance(boards_doc, list) or not boards_doc:
            raise self.error("\"boards\" must be a non-empty list", key="boards")
        boards = tuple(self._board(b, i) for i, b in enumerate(boards_doc))
        for i, ov in enumerate(top.get("overlays", [])):
            self._overlay(ov, i)
        self._check_roads()
        data = {h: c.data for h, c in self.cells.items()}
        labels = {h: c.label for h, c in self.cells.items()}
        sides = {k: frozenset(v) for k, v in self.hexsides.items() if v}
        return HexMap(name, game, self.source, boards, data, sides, labels, dict(self.index))

    # --- boards

    def _grid(self, doc: Any, where: str) -> Grid:
        g = self._keys(doc, _GRID_KEYS, f"{where} grid")
        kind = g.get("kind")
        low = g.get("low", "even")
        if low not in ("even", "odd"):
            raise self.error(f"{where}: grid 'low' must be 'even' or 'odd'", key="low")
        if kind == "asl":
            columns, rows = g.get("columns", 33), g.get("rows", 10)
            if not (isinstance(columns, int) and isinstance(rows, int) and 1 <= columns <= 52 and rows >= 1):
                raise self.error(f"{where}: asl grid needs integer columns 1..52 and rows >= 1",
                                 key="columns")
            return Grid.asl(columns, rows)
        if kind == "ccrr":
            cols, rows_ = g.get("columns"), g.get("rows")
            if not (_int_pair(cols) and _int_pair(rows_)):
                raise self.error(f"{where}: ccrr grid needs \"columns\" and \"rows\" as [first, last]",
                                 key="columns")
            assert isinstance(cols, list) and isinstance(rows_, list)
            if not (0 <= cols[0] <= cols[1] <= 99 and 0 <= rows_[0] <= rows_[1] <= 99):
                raise self.error(f"{where}: ccrr columns and rows must lie in 0..99", key="columns")
            return Grid.ccrr(cols[0], cols[1], rows_[0], rows_[1], low)
        raise self.error(f"{where}: grid kind must be 'asl' or 'ccrr'", key="kind")

    def _board(self, doc: Any, i: int) -> Board:
        b = self._keys(doc, _BOARD_KEYS, f"board #{i + 1}")
        board_id = b.get("id")
        if not isinstance(board_id, str):
            raise self.error(f"board #{i + 1}: \"id\" must be a string (may be empty)", key="id")
        where = f"board {board_id!r}"
        grid = self._grid(b.get("grid"), where)
        at = b.get("at", [0, 0])
        if not _int_pair(at, ordered=False):
            raise self.error(f"{where}: \"at\" must be [q, r] integers", key="at")
        rotation = b.get("rotation", 0)
        if rotation not in (0, 180):
            raise self.error(f"{where}: rotation must be 0 or 180", key="rotation")
        board = Board(board_id, grid, Hex(at[0], at[1]), rotation)
        default = self._keys(b.get("default", {}), {"terrain", "level"}, f"{where} default")
        base = HexData(_str(default.get("terrain", OPEN), self, where, "terrain"),
                       _int(default.get("level", 0), self, where, "level"))
        given: dict[tuple[int, int], Any] = {}
        for text, hex_doc in self._keys(b.get("hexes", {}), _ANY_KEY, f"{where} hexes").items():
            try:
                given[grid.parse(text)] = hex_doc
            except LabelError as exc:
                raise self.error(str(exc), hex_label=f"{board_id}{text}", key="hexes") from None
        for column, row in grid.cells():
            h = board.to_map(column, row)
            label = board.label(column, row)
            hex_doc = given.get((column, row))
            data = self._hex_data(hex_doc, base, label, board) if hex_doc is not None else base
            self._place(h, _Cell(data, hex_doc is not None, label))
        for j, side_doc in enumerate(b.get("hexsides", [])):
            self._hexside(side_doc, f"{where} hexside #{j + 1}", lambda t: self._board_hex(board, t))
        return board

    def _board_hex(self, board: Board, text: Any) -> tuple[Hex, str, Board | None]:
        label = f"{board.id}{text}"
        if not isinstance(text, str):
            raise self.error("hexside \"hex\" must be a label string", key="hex")
        try:
            column, row = board.grid.parse(text)
        except LabelError as exc:
            raise self.error(str(exc), hex_label=label, key="hex") from None
        return board.to_map(column, row), label, board

    def _place(self, h: Hex, cell: _Cell) -> None:
        self.index[cell.label.upper()] = h
        old = self.cells.get(h)
        if old is None:
            self.cells[h] = cell
            return
        # A2.2: two half hexes where boards meet make one hex; the board listed first (list the more
        # north/east board first) gives its label, the other label still names it. A2.3: an Open Ground half
        # joined to other terrain makes a whole hex of the other terrain.
        if not cell.explicit:
            return
        if not old.explicit or old.data == cell.data:
            self.cells[h] = _Cell(cell.data, True, old.label)
            return
        a, b = old.data, cell.data
        if a.level != b.level or (a.terrain != b.terrain and OPEN not in (a.terrain, b.terrain)):
            raise self.error(f"joined halves disagree ({a.terrain} level {a.level} vs {b.terrain} level "
                             f"{b.level} in {cell.label}); give the whole hex in an overlay",
                             hex_label=old.label)
        terrain = b.terrain if a.terrain == OPEN else a.terrain
        merged = HexData(terrain, a.level, a.features | b.features, a.road_exits | b.road_exits)
        self.cells[h] = _Cell(merged, True, old.label)

    def _hex_data(self, doc: Any, base: HexData, label: str, board: Board | None) -> HexData:
        if isinstance(doc, str):
            return HexData(doc, base.level)
        d = self._keys(doc, _HEX_KEYS, "hex data", hex_label=label)
        terrain = _str(d.get("terrain", base.terrain), self, label, "terrain", hexed=True)
        level = _int(d.get("level", base.level), self, label, "level", hexed=True)
        features = d.get("features", [])
        if not (isinstance(features, list) and all(isinstance(f, str) and f for f in features)):
            raise self.error("features must be a list of names", hex_label=label, key="features")
        exits: set[int] = set()
        for name in d.get("road", []):
            try:
                local = direction_index(name) if isinstance(name, str) else -1
            except ValueError:
                local = -1
            if local < 0:
                raise self.error(f"road exit {name!r} is not one of {', '.join(DIRECTION_NAMES)}",
                                 hex_label=label, key="road")
            exits.add(board.direction_to_map(local) if board is not None else local)
        feats = frozenset(features) | ({"road"} if exits else frozenset())
        return HexData(terrain, level, feats, frozenset(exits))

    def _hexside(self, doc: Any, where: str, resolve: Any) -> None:
        s = self._keys(doc, _SIDE_KEYS, where)
        h, label, board = resolve(s.get("hex"))
        side = s.get("side")
        try:
            local = direction_index(side) if isinstance(side, str) else -1
        except ValueError:
            local = -1
        if local < 0:
            raise self.error(f"{where}: side must be one of {', '.join(DIRECTION_NAMES)}", hex_label=label,
                             key="side")
        direction = board.direction_to_map(local) if board is not None else local
        other = h + DIRECTIONS[direction]
        if other not in self.cells:
            raise self.error(f"{where}: there is no hex beyond side {side}", hex_label=label, key="side")
        features = s.get("features")
        if not (isinstance(features, list) and features and all(isinstance(f, str) and f for f in features)):
            raise self.error(f"{where}: features must be a non-empty list of names", hex_label=label,
                             key="features")
        self.hexsides.setdefault(_side_key(h, other), set()).update(features)

    # --- overlays (A2.7: placed in listed order; the topmost overlay's hexsides count, A2.74)

    def _map_hex(self, text: Any) -> tuple[Hex, str, Board | None]:
        if not isinstance(text, str) or text.strip().upper() not in self.index:
            raise self.error("overlay hexes are named by map labels (board prefix included)",
                             hex_label=str(text), key="hex")
        return self.index[text.strip().upper()], text, None

    def _overlay(self, doc: Any, i: int) -> None:
        o = self._keys(doc, _OVERLAY_KEYS, f"overlay #{i + 1}")
        where = f"overlay {o.get('id', i + 1)!r}"
        covered: set[Hex] = set()
        for text, hex_doc in self._keys(o.get("hexes", {}), _ANY_KEY, f"{where} hexes").items():
            h, label, _ = self._map_hex(text)
            old = self.cells[h]
            self.cells[h] = _Cell(self._hex_data(hex_doc, HexData(OPEN, old.data.level), label, None), True,
                                  old.label)
            covered.add(h)
        for key in list(self.hexsides):
            if key[0] in covered and key[1] in covered:
                del self.hexsides[key]
        for j, side_doc in enumerate(o.get("hexsides", [])):
            self._hexside(side_doc, f"{where} hexside #{j + 1}", self._map_hex)

    # --- roads: every exit must meet an exit of the neighbour (roads may run off the map edge)

    def _check_roads(self) -> None:
        for h, cell in self.cells.items():
            for d in sorted(cell.data.road_exits):
                other = h + DIRECTIONS[d]
                if other not in self.cells:
                    continue
                if opposite(d) not in self.cells[other].data.road_exits:
                    back = DIRECTION_NAMES[opposite(d)]
                    raise self.error(f"road leaves through side {DIRECTION_NAMES[d]} but "
                                     f"{self.cells[other].label} has no road exit {back}",
                                     hex_label=cell.label, key="road")
                self.hexsides.setdefault(_side_key(h, other), set()).add("road")


class _AnyKey(set[str]):
    """An 'allowed keys' set that admits every key (for label-keyed objects)."""

    def __contains__(self, item: object) -> bool:
        return True


_ANY_KEY = _AnyKey()


def _int_pair(v: Any, ordered: bool = True) -> bool:
    ok = isinstance(v, list) and len(v) == 2
    ok = ok and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
    return ok and (not ordered or v[0] <= v[1])


def _str(v: Any, b: _Builder, where: str, key: str, hexed: bool = False) -> str:
    if not isinstance(v, str) or not v:
        raise b.error("must be a non-empty string", hex_label=where if hexed else None, key=key)
    return v


def _int(v: Any, b: _Builder, where: str, key: str, hexed: bool = False) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise b.error(f"must be an integer, got {v!r}", hex_label=where if hexed else None, key=key)
    return v


def road_between(m: HexMap, a: Hex, b: Hex) -> bool:
    """True when a road leaves a through the hexside it shares with b (and so enters b)."""
    return "road" in m.hexside(a, b)


def labels_of(m: HexMap, hexes: Iterable[Hex]) -> list[str]:
    return [m.label(h) for h in hexes]
