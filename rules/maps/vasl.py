"""Read VASL board archives (the LOS data, the hex grid, stairways, BoardMetadata.xml) and turn them into
hexmate map boards. The format, as far as hexmate reads it, and its sources are in rules/VASL.md.

An archive is a zip. ``LOSData`` is a gzip of a Java object stream holding only primitive block data: four
big-endian ints (width and height in hexes, grid width and height in pixels), then for every pixel column x
and every pixel y a signed elevation byte and an unsigned terrain-code byte, then one stairway byte per hex
(column by column; odd columns hold one hex more). Terrain codes are named by the ``terrainTypes`` of VASL's
``SharedBoardMetadata.xml`` (shipped in the VASL module, not in board archives). The hex grid is VASL's: hex
centres ``hexWidth`` apart across, ``hexHeight`` down, odd columns (B, D, ...) half a hex higher, A1's centre
at (A1CenterX, A1CenterY); geomorphic boards without those attributes use 1800/32 x 64.5 px and A1 at
(0, 32.25).

Conversion follows VASL's own reading of a hex (VASL/LOS/Map/Hex.java): the hex's terrain and level are
the pixel under its centre dot (a building touching a hexside point or an inherent terrain inside the hex
wins over open ground), a hexside feature is the terrain at the hexside's midpoint one pixel inside either
hex. Terrain without a hexmate name is written as open ground and listed in the report: nothing is dropped
silently.

Everything here works on bytes and strings except :func:`read_archive` and :func:`read_shared_metadata`,
which read files (like :func:`hexmate.rules.maps.load_map`).
"""

from __future__ import annotations

import gzip
import io
import re
import struct
import zipfile
import zlib
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from hexmate.rules.hexes import DIRECTION_NAMES
from hexmate.rules.labels import asl_column_letters

LOS_DATA = "LOSData"
BOARD_METADATA = "BoardMetadata.xml"
SHARED_METADATA = "SharedBoardMetadata.xml"

# Geomorphic board geometry (VASL BoardArchive.GEO_*): 33 x 10 hexes on an 1800 x 645 pixel image.
GEO_HEX_WIDTH = 1800 / 32
GEO_HEX_HEIGHT = 645 / 10

_STREAM_MAGIC = b"\xac\xed\x00\x05"
_TC_BLOCKDATA = 0x77
_TC_BLOCKDATALONG = 0x7A
_TC_RESET = 0x79


class VaslError(ValueError):
    """A VASL archive or metadata file hexmate cannot read: names the file and the place in it."""

    def __init__(self, source: str, message: str) -> None:
        super().__init__(f"{source}: {message}")
        self.source = source


def _xml(xml: bytes | str, source: str) -> ElementTree.Element:
    try:
        return ElementTree.fromstring(xml)
    except ElementTree.ParseError as exc:
        line, column = exc.position
        raise VaslError(source, f"not well-formed XML (line {line}, column {column})") from None


def _zip(data: bytes, source: str) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise VaslError(source, "not a zip archive (a VASL board archive is a zip file)") from None


def _member(z: zipfile.ZipFile, name: str, source: str) -> bytes:
    try:
        return z.read(name)
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError) as exc:
        raise VaslError(f"{source}:{name}", f"the zip entry cannot be read ({exc})") from None


def _attr_int(e: ElementTree.Element, key: str, source: str, where: str, default: int | None = None) -> int:
    text = e.get(key)
    if text is None:
        if default is not None:
            return default
        raise VaslError(source, f"{where}: attribute {key!r} is missing")
    try:
        return int(text.strip())
    except ValueError:
        raise VaslError(source, f"{where}: attribute {key}={text!r} is not an integer") from None


def _attr_float(e: ElementTree.Element, key: str, source: str) -> float | None:
    """An optional number; VASL writes -999 for "not given" (BoardMetadata.MISSING)."""
    text = e.get(key)
    try:
        return float(text) if text is not None and float(text) != -999 else None
    except ValueError:
        raise VaslError(source, f"boardMetadata: attribute {key}={text!r} is not a number") from None


# --- terrain types (SharedBoardMetadata.xml) ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TerrainType:
    """One VASL terrain type: the code stored per pixel, its name and the LOS attributes hexmate uses."""

    code: int
    name: str
    category: str  # VASL LOSCategory: OPEN, WOODS, BUILDING, FACTORY, HEXSIDE, ROAD, DEPRESSION, ...
    height: int = 0
    obstacle: bool = False
    hindrance: bool = False
    half_level: bool = False
    inherent: bool = False


@dataclass(frozen=True, slots=True)
class LosSsRule:
    """An SSR of SharedBoardMetadata.xml's LOSSSRules: how VASL changes the LOS data for it."""

    name: str
    type: str  # ignore, customCode, terrainMap, elevationMap, terrainToElevationMap, elevationToTerrainMap
    from_value: str
    to_value: str


@dataclass
class SharedMetadata:
    """What hexmate reads from VASL's SharedBoardMetadata.xml: terrain types and the LOS SSR rules."""

    source: str
    terrain: dict[int, TerrainType]
    rules: dict[str, LosSsRule]

    def by_name(self, name: str, where: str) -> TerrainType:
        for t in self.terrain.values():
            if t.name == name:
                return t
        raise VaslError(self.source, f"{where}: no terrain type named {name!r}")


def _bool(text: str | None) -> bool:
    return (text or "").strip().lower() == "true"


def parse_shared_metadata(xml: bytes | str, source: str = SHARED_METADATA) -> SharedMetadata:
    """Terrain types and LOS SSR rules from the text of a SharedBoardMetadata.xml."""
    root = _xml(xml, source)
    if root.tag != "sharedBoardMetadata":
        raise VaslError(source, f"root element is <{root.tag}>, expected <sharedBoardMetadata>")
    types = root.find("terrainTypes")
    if types is None:
        raise VaslError(source, "no <terrainTypes> element (hexmate needs it to name the terrain codes)")
    terrain: dict[int, TerrainType] = {}
    for i, e in enumerate(types.iter("terrainType")):
        where = f"terrainType #{i + 1}"
        name = e.get("name")
        code = _attr_int(e, "typeCode", source, where)
        if not name:
            raise VaslError(source, f"{where}: attribute 'name' is missing")
        if not 0 <= code <= 255:
            raise VaslError(source, f"{where} ({name}): typeCode {code} is outside 0..255")
        terrain[code] = TerrainType(
            code, name, (e.get("LOSCategory") or "OTHER").upper(),
            height=_attr_int(e, "height", source, where, default=0),
            obstacle=_bool(e.get("isLOSObstacle")), hindrance=_bool(e.get("isLOSHindrance")),
            half_level=_bool(e.get("isHalfLevelHeight")), inherent=_bool(e.get("isInherentTerrain")),
        )
    rules: dict[str, LosSsRule] = {}
    block = root.find("LOSSSRules")
    for e in block.iter("LOSSSRule") if block is not None else ():
        name = e.get("name") or ""
        rules[name] = LosSsRule(name, e.get("type") or "", e.get("fromValue") or "", e.get("toValue") or "")
    return SharedMetadata(source, terrain, rules)


def read_shared_metadata(path: str | Path) -> SharedMetadata:
    """SharedBoardMetadata.xml itself, or a VASL module (.vmod, a zip) that contains it."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise VaslError(str(p), f"cannot read the file ({exc.strerror})") from None
    if data[:2] == b"PK":
        with _zip(data, str(p)) as z:
            names = [n for n in z.namelist() if n.rsplit("/", 1)[-1] == SHARED_METADATA]
            if not names:
                raise VaslError(str(p), f"the zip holds no {SHARED_METADATA}")
            return parse_shared_metadata(z.read(names[0]), f"{p}:{names[0]}")
    return parse_shared_metadata(data, str(p))


# --- the board archive --------------------------------------------------------------------------------------


@dataclass
class BoardMeta:
    """BoardMetadata.xml as hexmate reads it."""

    name: str = ""
    version: str = ""
    width: int | None = None
    height: int | None = None
    # Optional geometry attributes; each missing one takes VASL's geomorphic value (BoardArchive.getA1CenterX
    # and friends).
    a1_x: float | None = None
    a1_y: float | None = None
    hex_width: float | None = None
    hex_height: float | None = None
    alt_hex_grain: bool = False
    building_types: dict[str, str] = field(default_factory=dict)  # hex name -> VASL terrain name
    slopes: dict[str, str] = field(default_factory=dict)  # hex name -> hexside digits
    overlays: list[tuple[str, str, int, int]] = field(default_factory=list)  # (SSR name, image, x, y)


@dataclass
class LosData:
    """The LOS data grids. Pixel (x, y) is at ``index = x * grid_height + y`` (VASL writes x-major)."""

    width: int
    height: int
    grid_width: int
    grid_height: int
    elevation: bytearray  # signed bytes stored as 0..255
    terrain: bytearray
    stairways: list[list[bool]]  # [column][row], VASL hex grid order

    def at(self, x: int, y: int) -> tuple[int, int]:
        """(terrain code, elevation) of the pixel, clamped onto the grid like VASL's map-edge fix."""
        x = min(max(x, 0), self.grid_width - 1)
        y = min(max(y, 0), self.grid_height - 1)
        i = x * self.grid_height + y
        e = self.elevation[i]
        return self.terrain[i], e - 256 if e > 127 else e


@dataclass
class Archive:
    source: str
    meta: BoardMeta
    los: LosData


def read_archive(path: str | Path) -> Archive:
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise VaslError(str(p), f"cannot read the file ({exc.strerror})") from None
    return parse_archive(data, str(p))


def parse_archive(data: bytes, source: str) -> Archive:
    with _zip(data, source) as z:
        names = set(z.namelist())
        if LOS_DATA not in names:
            raise VaslError(source, f"no {LOS_DATA} entry: this board has no LOS data (VASL boards without "
                            "it cannot be converted; entries: " + ", ".join(sorted(names)[:8]) + ")")
        meta = parse_board_metadata(_member(z, BOARD_METADATA, source), f"{source}:{BOARD_METADATA}") \
            if BOARD_METADATA in names else BoardMeta()
        los = parse_los_data(_member(z, LOS_DATA, source), f"{source}:{LOS_DATA}")
    if meta.width is not None and (meta.width, meta.height) != (los.width, los.height):
        raise VaslError(source, f"{BOARD_METADATA} says {meta.width} x {meta.height} hexes but {LOS_DATA} "
                        f"says {los.width} x {los.height}")
    return Archive(source, meta, los)


def parse_board_metadata(xml: bytes | str, source: str) -> BoardMeta:
    root = _xml(xml, source)
    if root.tag != "boardMetadata":
        raise VaslError(source, f"root element is <{root.tag}>, expected <boardMetadata>")
    m = BoardMeta(name=root.get("name") or "", version=root.get("version") or "")
    if root.get("width") is not None:
        m.width = _attr_int(root, "width", source, "boardMetadata")
        m.height = _attr_int(root, "height", source, "boardMetadata")
    m.a1_x, m.a1_y = _attr_float(root, "A1CenterX", source), _attr_float(root, "A1CenterY", source)
    m.hex_width, m.hex_height = _attr_float(root, "hexWidth", source), _attr_float(root, "hexHeight", source)
    for key, v in (("hexWidth", m.hex_width), ("hexHeight", m.hex_height)):
        if v is not None and not 1 <= v <= 1000:
            raise VaslError(source, f"boardMetadata: {key}={v} is not a plausible hex size in pixels")
    m.alt_hex_grain = _bool(root.get("altHexGrain"))
    for e in root.iter("buildingType"):
        hex_name, type_name = e.get("hexName"), e.get("buildingTypeName")
        if not hex_name or not type_name:
            raise VaslError(source, "buildingType needs hexName and buildingTypeName")
        m.building_types[hex_name.upper()] = type_name
    for e in root.iter("slope"):
        m.slopes[(e.get("hex") or "").upper()] = e.get("hexsides") or ""
    block = root.find("overlaySSRules")
    for rule in block if block is not None else ():
        name = rule.get("name") or ""
        images = [rule] if rule.tag == "overlaySSRule" else list(rule.iter("overlaySSRuleImage"))
        for e in images if rule.tag in ("overlaySSRule", "overlaySSRuleSet") else ():
            where = f"overlaySSRule {name}"
            m.overlays.append((name, e.get("image") or "", _attr_int(e, "x", source, where, 0),
                               _attr_int(e, "y", source, where, 0)))
    return m


class _BlockReader:
    """The primitive block data of a Java object stream (java.io.ObjectOutputStream in block-data mode)."""

    def __init__(self, raw: bytes, source: str) -> None:
        self.source = source
        if raw[:4] != _STREAM_MAGIC:
            raise VaslError(source, f"not a Java object stream (starts {raw[:4].hex()}, expected aced0005)")
        chunks: list[bytes] = []
        pos = 4
        while pos < len(raw):
            tag = raw[pos]
            if tag == _TC_BLOCKDATA and pos + 2 <= len(raw):
                n, pos = raw[pos + 1], pos + 2
            elif tag == _TC_BLOCKDATALONG and pos + 5 <= len(raw):
                n, pos = struct.unpack(">i", raw[pos + 1:pos + 5])[0], pos + 5
            elif tag == _TC_RESET:
                pos += 1
                continue
            else:
                raise VaslError(source, f"byte {pos}: unexpected stream element 0x{tag:02x} (hexmate reads "
                                "primitive block data only)")
            if n < 0 or pos + n > len(raw):
                raise VaslError(source, f"byte {pos}: block of {n} bytes runs past the end of the data")
            chunks.append(raw[pos:pos + n])
            pos += n
        self.data = b"".join(chunks)
        self.pos = 0

    def take(self, n: int, what: str) -> bytes:
        if self.pos + n > len(self.data):
            raise VaslError(self.source, f"data ends at byte {len(self.data)} while reading {what} "
                            f"(needs {self.pos + n})")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out


def parse_los_data(gz: bytes, source: str) -> LosData:
    try:
        raw = gzip.decompress(gz)
    except (OSError, EOFError, zlib.error) as exc:
        raise VaslError(source, f"not gzip data ({exc})") from None
    r = _BlockReader(raw, source)
    width, height, gw, gh = struct.unpack(">4i", r.take(16, "the header (four ints)"))
    if not (1 <= width <= 200 and 1 <= height <= 200 and 1 <= gw <= 40000 and 1 <= gh <= 40000):
        raise VaslError(source, f"implausible header: {width} x {height} hexes, {gw} x {gh} pixels")
    cells = r.take(2 * gw * gh, f"the {gw} x {gh} pixel grids")
    elevation = bytearray(cells[0::2])
    terrain = bytearray(cells[1::2])
    left = len(r.data) - r.pos
    geomorphic = sum(height + col % 2 for col in range(width))
    if left == width * height != geomorphic:
        raise VaslError(source, f"the stairway flags hold {left} hexes, as many in every column: VASL's "
                        "equal-row-count boards (e.g. RO) are not supported by hexmate's ASL grid")
    stairways: list[list[bool]] = []
    for col in range(width):
        rows = r.take(height + col % 2, f"the stairway flags of column {col + 1}")
        stairways.append([b == 1 for b in rows])
    if r.pos != len(r.data):
        raise VaslError(source, f"{len(r.data) - r.pos} unexpected bytes after the stairway flags")
    return LosData(width, height, gw, gh, elevation, terrain, stairways)


# --- SSR terrain changes (as VASL's VASLBoard applies LOSSSRules to the pixel grids) ------------------------


def apply_ssr(archive: Archive, shared: SharedMetadata, names: Iterable[str], report: list[str]) -> None:
    """Apply SSRs by their VASL names, in order, to the archive's pixel grids (changes ``archive``)."""
    los = archive.los
    for name in names:
        rule = shared.rules.get(name)
        if rule is None:
            raise VaslError(shared.source, f"no LOSSSRule named {name!r} (the SSR names are the VASL board "
                            "picker's, e.g. NoGrain, OrchardOutOfSeason)")
        where = f"LOSSSRule {name}"
        if rule.type == "ignore":
            report.append(f"SSR {name}: VASL marks it as not changing the LOS data; nothing to do")
        elif rule.type == "customCode" and name == "NoStairwells":
            for col in los.stairways:
                col[:] = [False] * len(col)
            report.append(f"SSR {name}: stairways removed")
        elif rule.type == "terrainMap":
            a = shared.by_name(rule.from_value, where).code
            b = shared.by_name(rule.to_value, where).code
            n = _recode(los.terrain, {a: b})
            report.append(f"SSR {name}: {rule.from_value} -> {rule.to_value} ({n} pixels)")
        elif rule.type == "elevationMap":
            a, b = _level(rule.from_value, shared, where), _level(rule.to_value, shared, where)
            n = _recode(los.elevation, {a & 0xFF: b & 0xFF})
            report.append(f"SSR {name}: level {a} -> level {b} ({n} pixels)")
        elif rule.type in ("terrainToElevationMap", "elevationToTerrainMap"):
            open_code = shared.by_name("Open Ground", where).code
            n = 0
            if rule.type == "terrainToElevationMap":
                src, level = shared.by_name(rule.from_value, where).code, _level(rule.to_value, shared, where)
                for i, t in enumerate(los.terrain):
                    if t == src:
                        los.terrain[i], los.elevation[i] = open_code, level & 0xFF
                        n += 1
            else:
                level, dst = _level(rule.from_value, shared, where), shared.by_name(rule.to_value, where).code
                for i, e in enumerate(los.elevation):
                    if e == level & 0xFF:
                        los.terrain[i], los.elevation[i] = dst, 0
                        n += 1
            report.append(f"SSR {name}: {rule.type} {rule.from_value} -> {rule.to_value} ({n} pixels)")
        else:
            raise VaslError(shared.source, f"{where}: type {rule.type!r} needs VASL's own code; hexmate does "
                            "not apply it (give the change as a hexmate overlay instead)")


def substitute(archive: Archive, shared: SharedMetadata, pairs: Iterable[tuple[str, str]],
               report: list[str]) -> None:
    """Terrain substitutions given by name (e.g. Orchard -> Grain for "orchards are grain")."""
    for a_name, b_name in pairs:
        a = shared.by_name(a_name, "--ssr-terrain").code
        b = shared.by_name(b_name, "--ssr-terrain").code
        n = _recode(archive.los.terrain, {a: b})
        report.append(f"terrain substitution {a_name} -> {b_name} ({n} pixels)")


def _recode(grid: bytearray, mapping: dict[int, int]) -> int:
    table = bytes(mapping.get(i, i) for i in range(256))
    changed = sum(grid.count(k) for k in mapping if mapping[k] != k)
    grid[:] = grid.translate(table)
    return changed


def _level(text: str, shared: SharedMetadata, where: str) -> int:
    try:
        return int(text.replace("_", "-"))
    except ValueError:
        raise VaslError(shared.source, f"{where}: {text!r} is not a level") from None


# --- geometry -----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Geometry:
    """VASL's hex grid over the pixels: hex (col, row) is 0-based, A1 = (0, 0), B0 = (1, 0)."""

    width: int
    height: int
    x0: float
    y0: float
    dx: float
    dy: float

    @classmethod
    def of(cls, archive: Archive) -> Geometry:
        m, los = archive.meta, archive.los
        if m.alt_hex_grain:
            raise VaslError(archive.source, f"{BOARD_METADATA}: altHexGrain boards (A0, B1 higher) are not "
                            "supported by hexmate's ASL grid")
        dx = m.hex_width if m.hex_width is not None else GEO_HEX_WIDTH
        dy = m.hex_height if m.hex_height is not None else GEO_HEX_HEIGHT
        x0 = m.a1_x if m.a1_x is not None else 0.0
        y0 = m.a1_y if m.a1_y is not None else GEO_HEX_HEIGHT / 2
        return cls(los.width, los.height, x0, y0, dx, dy)

    def hexes(self) -> Iterable[tuple[int, int]]:
        for col in range(self.width):
            for row in range(self.height + col % 2):
                yield col, row

    def center(self, col: int, row: int) -> tuple[float, float]:
        return self.x0 + col * self.dx, self.y0 + row * self.dy - (self.dy / 2 if col % 2 else 0.0)

    def neighbour(self, col: int, row: int, side: int) -> tuple[int, int] | None:
        """The hex beyond side 0..5 (N, NE, SE, S, SW, NW as VASL numbers them), or None off the board."""
        odd = col % 2
        dc, dr = ((0, -1), (1, -odd), (1, 1 - odd), (0, 1), (-1, 1 - odd), (-1, -odd))[side]
        c, r = col + dc, row + dr
        if 0 <= c < self.width and 0 <= r < self.height + c % 2:
            return c, r
        return None

    def label(self, col: int, row: int) -> str:
        """hexmate's ASL label (A2.2): odd VASL columns (B, D, ...) start at row 0."""
        return f"{asl_column_letters(col + 1)}{row + (0 if col % 2 else 1)}"

    def hex_of_pixel(self, x: float, y: float) -> tuple[int, int]:
        """The hex whose centre is nearest (ties go to the lower column, then row)."""
        col0 = int((x - self.x0) // self.dx)
        best: tuple[float, int, int] | None = None
        for col in (col0 - 1, col0, col0 + 1, col0 + 2):
            if not 0 <= col < self.width:
                continue
            shift = self.dy / 2 if col % 2 else 0.0
            row0 = int((y - self.y0 + shift) // self.dy)
            for row in (row0 - 1, row0, row0 + 1, row0 + 2):
                if 0 <= row < self.height + col % 2:
                    cx, cy = self.center(col, row)
                    d = (cx - x) ** 2 + (cy - y) ** 2
                    if best is None or d < best[0]:
                        best = (d, col, row)
        if best is None:
            raise ValueError(f"pixel ({x}, {y}) is beside the board")
        return best[1], best[2]


# --- conversion ---------------------------------------------------------------------------------------------

# VASL terrain names hexmate's ASL terrain table knows (rules/games/asl/terrain.json). Buildings go by LOS
# category and name (stone or wooden, levels from the name); hexside walls, hedges and cliffs by name.
HEX_TERRAIN = {"Open Ground": "open", "Woods": "woods", "Grain": "grain", "Orchard": "orchard",
               "Gully": "gully"}
HEXSIDE_FEATURE = {"Wall": "wall", "Hedge": "hedge", "Cliff": "cliff"}
_LEVELS_RE = re.compile(r"(\d+(?:\.\d+)?)\s*Level|Level\s*(\d+(?:\.\d+)?)", re.IGNORECASE)
_ROAD_CATEGORIES = {"ROAD"}
_INHERENT_STAIRWAY = {"Stone Building, 1 Level", "Wooden Building, 1 Level"}
_BUILDING_CATEGORIES = {"BUILDING", "FACTORY"}


@dataclass
class Conversion:
    """The hexmate board (a ``boards`` entry of a hexmate-map/1 file) and what could not be mapped."""

    board: dict[str, Any]
    report: list[str]
    unmapped: dict[str, list[str]]  # VASL terrain name -> hex labels where it was met and not mapped


def building_levels(t: TerrainType) -> int:
    """Upper levels of a VASL building terrain, as its name gives them: "Stone Building, 2 Level" and
    "Stone Building, Level 2" -> 2, "Wooden Building" -> 0 (ground level only)."""
    m = _LEVELS_RE.search(t.name)
    if not m:
        return 0
    return int(float(m.group(1) or m.group(2)))


def convert(archive: Archive, shared: SharedMetadata, board_id: str) -> Conversion:
    """Read every hex of the archive the way VASL does and write it as a hexmate board."""
    geo = Geometry.of(archive)
    los = archive.los
    terrain = shared.terrain
    report: list[str] = []
    unmapped: dict[str, list[str]] = {}

    def kind(code: int, where: str) -> TerrainType:
        t = terrain.get(code)
        if t is None:
            raise VaslError(archive.source, f"{where}: terrain code {code} is not in {shared.source}")
        return t

    def sample(x: float, y: float, where: str) -> tuple[TerrainType, int]:
        code, elev = los.at(int(x), int(y))
        return kind(code, where), elev

    hexes: dict[str, Any] = {}
    road_through: list[str] = []
    tall: list[str] = []
    sides: list[dict[str, Any]] = []
    road_exits: dict[tuple[int, int], list[int]] = {}
    for col, row in geo.hexes():
        label = geo.label(col, row)
        for side in range(6):
            other = geo.neighbour(col, row, side)
            if other is None or other < (col, row):
                continue  # each shared hexside once, from the lower (col, row)
            where = f"hexside {label} {DIRECTION_NAMES[side]}"
            feats, road = _hexside(geo, los, kind, (col, row), other, where)
            for vasl_name in feats:
                feat = HEXSIDE_FEATURE.get(vasl_name)
                if feat is None:
                    unmapped.setdefault(vasl_name, []).append(f"{label}/{geo.label(*other)}")
                else:
                    sides.append({"hex": label, "side": DIRECTION_NAMES[side], "features": [feat]})
            if road:
                road_exits.setdefault((col, row), []).append(side)
                road_exits.setdefault(other, []).append((side + 3) % 6)
    for col, row in geo.hexes():
        label = geo.label(col, row)
        cx, cy = geo.center(col, row)
        centre, level = sample(cx, cy, f"hex {label} centre")
        t = centre
        # Hex.java: a building touching a hexside point makes a building hex; inherent terrain inside wins.
        if t.category not in _BUILDING_CATEGORIES:
            for px, py in _side_points(geo, col, row):
                s, _ = sample(px, py, f"hex {label}")
                if s.category in _BUILDING_CATEGORIES:
                    t = s
                    break
        ring = [sample(px, py, f"hex {label}")[0] for px, py in _ring(geo, col, row)]
        if t.category not in _BUILDING_CATEGORIES and not t.inherent:
            inherent = [s for s in ring if s.inherent]
            if inherent:
                t = inherent[0]
        if t.category in _ROAD_CATEGORIES:
            # The centre dot is on the road: the hex's own terrain is what surrounds the road.
            around = Counter(s.name for s in ring if s.category not in _ROAD_CATEGORIES | {"HEXSIDE"})
            t = shared.by_name(around.most_common(1)[0][0], label) if around else shared.by_name(
                "Open Ground", label)
        typed = archive.meta.building_types.get(label.upper())
        if typed is not None and t.category in _BUILDING_CATEGORIES:
            t = shared.by_name(typed, f"{BOARD_METADATA} buildingType {label}")
        entry: dict[str, Any] = {}
        features: list[str] = []
        if t.category in _BUILDING_CATEGORIES:
            entry["terrain"] = "stone-building" if "stone" in t.name.lower() else "wooden-building"
            for lv in range(1, building_levels(t) + 1):
                features.append(f"building-level-{lv}")
            if "stone" not in t.name.lower() and "wood" not in t.name.lower():
                report.append(f"hex {label}: VASL building {t.name!r} written as wooden-building")
            if t.category == "FACTORY":
                report.append(f"hex {label}: factory {t.name!r}: hexmate has no factory rules; written as a "
                              "building")
        elif t.name in HEX_TERRAIN:
            if HEX_TERRAIN[t.name] != "open":
                entry["terrain"] = HEX_TERRAIN[t.name]
        else:
            unmapped.setdefault(t.name, []).append(label)
        # Hex.addbuildinglevels: a one-level building ("..., 1 Level") has its stairway by itself.
        if los.stairways[col][row] or t.name in _INHERENT_STAIRWAY:
            if t.category in _BUILDING_CATEGORIES:
                features.append("stairway")
            else:
                report.append(f"hex {label}: stairway flag on {t.name}, ignored")
        if level:
            entry["level"] = level
        if features:
            entry["features"] = features
        exits = road_exits.get((col, row))
        if exits:
            entry["road"] = [DIRECTION_NAMES[s] for s in sorted(set(exits))]
            if entry.get("terrain", "open") != "open":
                road_through.append(label)
        if entry:
            hexes[label] = entry
        if building_levels(t) and t.category in _BUILDING_CATEGORIES:
            tall.append(label)
    if road_through:
        report.append(f"road through other terrain in {', '.join(road_through)} (e.g. a woods-road): written "
                      "as that terrain with road exits; hexmate has no woods-road, so LOS treats the whole "
                      "hex as its terrain")
    if tall:
        report.append(f"multi-level buildings in {', '.join(tall)}: upper Locations written as "
                      "building-level-N features; hexmate's ASL LOS makes a building with N upper levels an "
                      "N 1/2-level obstacle (demo, B23)")
    for hex_name, digits in archive.meta.slopes.items():
        report.append(f"hex {hex_name}: slope hexsides {digits} (slopes are not in hexmate's terrain table; "
                      "not mapped)")
    for name, image, x, y in archive.meta.overlays:
        report.append(f"overlay SSR {name!r} ({image} at pixel {x},{y}) is an image; hexmate cannot read "
                      "terrain from images: give it as a hexmate overlay (--overlay)")
    for name, places in sorted(unmapped.items()):
        written = "hexsides left without a feature" if "/" in places[0] else "written as open ground"
        report.append(f"unmapped VASL terrain {name!r} in {len(places)} place(s): {', '.join(places[:12])}"
                      + (" ..." if len(places) > 12 else "") + f" ({written})")
    board = {
        "id": board_id,
        "grid": {"kind": "asl", "columns": geo.width, "rows": geo.height},
        "hexes": hexes,
        "hexsides": sides,
        "notes": f"imported from VASL board archive {Path(archive.source).name}"
                 + (f" (board {archive.meta.name} v{archive.meta.version})" if archive.meta.name else ""),
    }
    return Conversion(board, report, unmapped)


def _side_points(geo: Geometry, col: int, row: int) -> list[tuple[float, float]]:
    """Each hexside's midpoint, one pixel toward the hex centre (VASL's hexside Location points)."""
    cx, cy = geo.center(col, row)
    out = []
    for side in range(6):
        mx, my = _midpoint(geo, cx, cy, side)
        ux, uy = cx - mx, cy - my
        n = max((ux * ux + uy * uy) ** 0.5, 1e-9)
        out.append((mx + ux / n * 1.5, my + uy / n * 1.5))
    return out


def _midpoint(geo: Geometry, cx: float, cy: float, side: int) -> tuple[float, float]:
    ox, oy = ((0, -1), (1, -0.5), (1, 0.5), (0, 1), (-1, 0.5), (-1, -0.5))[side]
    return cx + ox * geo.dx / 2, cy + oy * geo.dy / 2


def _ring(geo: Geometry, col: int, row: int) -> list[tuple[float, float]]:
    """Twelve points half way between the centre and the hexsides: what surrounds the centre dot."""
    cx, cy = geo.center(col, row)
    pts = []
    for side in range(6):
        mx, my = _midpoint(geo, cx, cy, side)
        nx, ny = _midpoint(geo, cx, cy, (side + 1) % 6)
        pts.append((cx + (mx - cx) * 0.55, cy + (my - cy) * 0.55))
        pts.append((cx + ((mx + nx) / 2 - cx) * 0.55, cy + ((my + ny) / 2 - cy) * 0.55))
    return pts


def _hexside(geo: Geometry, los: LosData, kind: Callable[[int, str], TerrainType], a: tuple[int, int],
             b: tuple[int, int], where: str) -> tuple[list[str], bool]:
    """Hexside terrain names met at the shared midpoint (one pixel inside either hex), and whether a road
    crosses it there."""
    ax, ay = geo.center(*a)
    bx, by = geo.center(*b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    names: list[str] = []
    road = False
    for fx, fy in ((ax, ay), (bx, by)):
        ux, uy = fx - mx, fy - my
        n = max((ux * ux + uy * uy) ** 0.5, 1e-9)
        code, _ = los.at(int(mx + ux / n * 1.5), int(my + uy / n * 1.5))
        t = kind(code, where)
        if t.category == "HEXSIDE" and t.name not in names:
            names.append(t.name)
        road = road or t.category in _ROAD_CATEGORIES
    return names, road
