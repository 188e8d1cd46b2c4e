"""Synthetic VASL board archives for the tests: hexmate ships no VASL data, so the tests paint small boards
pixel by pixel and write them the way VASL's BoardArchive.writeLOSData does (rules/VASL.md).

The painter is independent of hexmate.rules.maps.vasl: it keeps its own hex geometry (VASL's: hex centres
``dx`` apart across, ``dy`` down, odd columns half a hex higher, A1 at (x0, y0)) and nearest-centre pixel
ownership. Obstacle artwork (woods, buildings) is drawn like printed boards draw it: inside the hex, clear of
its hexsides by ``margin`` pixels, and across a hexside only where the neighbour holds the same obstacle
(A6.1: the artwork decides). Walls and hedges are strips along their hexside; roads are strips from the hex
centre to the middle of each exit side.
"""

from __future__ import annotations

import gzip
import io
import itertools
import math
import struct
import zipfile
from dataclasses import dataclass, field

# Terrain types of the synthetic SharedBoardMetadata.xml: (code, name, LOSCategory, height, obstacle,
# hindrance, inherent). Codes are this test's own; real VASL codes come from the user's VASL module.
TERRAIN = [
    (0, "Open Ground", "OPEN", 0, False, False, False),
    (1, "Woods", "WOODS", 1, True, False, False),
    (2, "Grain", "OPEN", 0, False, True, True),
    (3, "Orchard", "OPEN", 0, False, True, True),
    (4, "Stone Building", "BUILDING", 1, True, False, False),
    (5, "Wooden Building", "BUILDING", 1, True, False, False),
    (6, "Stone Building, 2 Level", "BUILDING", 3, True, False, False),
    (7, "Wall", "HEXSIDE", 0, True, False, False),  # half-level obstacles (isHalfLevelHeight)
    (8, "Hedge", "HEXSIDE", 0, True, False, False),
    (9, "Cliff", "HEXSIDE", 0, True, False, False),
    (10, "Dirt Road", "ROAD", 0, False, False, False),
    (11, "Brush", "OPEN", 0, False, True, True),
    (12, "Gully", "DEPRESSION", 0, False, False, False),
    (13, "Bocage", "HEXSIDE", 1, True, False, False),
    (14, "Wooden Building, 1 Level", "BUILDING", 2, True, False, False),
]
CODE = {name: code for code, name, *_ in TERRAIN}
OBSTACLE = {"Woods", "Stone Building", "Wooden Building", "Stone Building, 2 Level",
            "Wooden Building, 1 Level"}
HEXSIDE = {"Wall", "Hedge", "Cliff", "Bocage"}
HALF_LEVEL = {"Wall", "Hedge"}

SSR_RULES = [
    ("NoGrain", "terrainMap", "Grain", "Open Ground"),
    ("OrchardsToGrain", "terrainMap", "Orchard", "Grain"),
    ("NoWalls", "terrainMap", "Wall", "Open Ground"),
    ("Level2ToLevel1", "elevationMap", "2", "1"),
    ("WoodsToLevel1", "terrainToElevationMap", "Woods", "1"),
    ("Level1ToWoods", "elevationToTerrainMap", "1", "Woods"),
    ("NoStairwells", "customCode", "", ""),
    ("BridgeToFord", "customCode", "", ""),
    ("WallsOnly", "ignore", "", ""),
]


def shared_metadata_xml() -> str:
    types = "\n".join(
        f'    <terrainType name="{n}" typeCode="{c}" isLOSObstacle="{str(o).upper()}" '
        f'isLOSHindrance="{str(h).upper()}" isHalfLevelHeight="{str(n in HALF_LEVEL).upper()}" '
        f'isInherentTerrain="{str(i).upper()}" '
        f'split="0" isLowerLOSObstacle="FALSE" isLowerLOSHindrance="FALSE" height="{ht}" '
        f'mapColorRed="0" mapColorGreen="0" mapColorBlue="0" LOSCategory="{cat}"/>'
        for c, n, cat, ht, o, h, i in TERRAIN)
    rules = "\n".join(f'    <LOSSSRule name="{n}" type="{t}" fromValue="{a}" toValue="{b}" />'
                      for n, t, a, b in SSR_RULES)
    return (f'<?xml version="1.0"?>\n<sharedBoardMetadata>\n  <terrainTypes>\n{types}\n  </terrainTypes>\n'
            f"  <LOSSSRules>\n{rules}\n  </LOSSSRules>\n</sharedBoardMetadata>\n")


@dataclass
class Board:
    """A synthetic board: per hex (VASL col, row) terrain name and level; hexside features; road exits."""

    width: int = 9
    height: int = 5
    dx: float = 1800 / 32  # VASL's geomorphic hex width and height (BoardArchive.GEO_*)
    dy: float = 64.5
    geo: bool = True  # no geometry attributes in BoardMetadata.xml (VASL then uses the GEO constants)
    margin: float = 4.0  # obstacle artwork keeps this far from a hexside it does not cross
    wall_half: float = 2.6
    road_half: float = 3.0
    hexes: dict[tuple[int, int], tuple[str, int]] = field(default_factory=dict)
    sides: dict[tuple[tuple[int, int], int], str] = field(default_factory=dict)  # ((col,row), side) -> name
    roads: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    stairways: set[tuple[int, int]] = field(default_factory=set)
    name: str = "synth"
    building_types: dict[str, str] = field(default_factory=dict)
    overlays: list[tuple[str, str, int, int]] = field(default_factory=list)
    overlay_sets: list[tuple[str, list[tuple[str, int, int]]]] = field(default_factory=list)
    slopes: dict[str, str] = field(default_factory=dict)

    @property
    def x0(self) -> float:
        return 0.0

    @property
    def y0(self) -> float:
        return self.dy / 2

    @property
    def grid_size(self) -> tuple[int, int]:
        return int((self.width - 1) * self.dx), int(self.height * self.dy)

    def cells(self) -> list[tuple[int, int]]:
        return [(c, r) for c in range(self.width) for r in range(self.height + c % 2)]

    def center(self, c: int, r: int) -> tuple[float, float]:
        return self.x0 + c * self.dx, self.y0 + r * self.dy - (self.dy / 2 if c % 2 else 0.0)

    def neighbour(self, c: int, r: int, side: int) -> tuple[int, int] | None:
        odd = c % 2
        dc, dr = [(0, -1), (1, -odd), (1, 1 - odd), (0, 1), (-1, 1 - odd), (-1, -odd)][side]
        n = (c + dc, r + dr)
        return n if 0 <= n[0] < self.width and 0 <= n[1] < self.height + n[0] % 2 else None

    def cell(self, label: str) -> tuple[int, int]:
        """VASL (col, row) of a printed label such as "C3" (odd VASL columns B, D, ... start at row 0)."""
        letters = label.rstrip("0123456789")
        c = (ord(letters[0]) - ord("A")) + 26 * (len(letters) - 1)
        return c, int(label[len(letters):]) - (0 if c % 2 else 1)

    def set(self, labels: str, terrain: str, level: int = 0) -> None:
        for label in labels.split():
            self.hexes[self.cell(label)] = (terrain, level)

    def road(self, labels: str) -> None:
        """A road through the listed adjacent hexes, in order."""
        cells = [self.cell(x) for x in labels.split()]
        for a, b in itertools.pairwise(cells):
            side = next(s for s in range(6) if self.neighbour(*a, s) == b)
            self.roads.setdefault(a, []).append(side)
            self.roads.setdefault(b, []).append((side + 3) % 6)

    def label(self, c: int, r: int) -> str:
        letters = chr(ord("A") + c % 26) * (1 + c // 26)
        return f"{letters}{r + (0 if c % 2 else 1)}"

    def terrain(self, cell: tuple[int, int]) -> str:
        return self.hexes.get(cell, ("Open Ground", 0))[0]

    def level(self, cell: tuple[int, int]) -> int:
        return self.hexes.get(cell, ("Open Ground", 0))[1]

    def side_feature(self, a: tuple[int, int], b: tuple[int, int]) -> str | None:
        for s in range(6):
            if self.neighbour(*a, s) == b and (a, s) in self.sides:
                return self.sides[(a, s)]
            if self.neighbour(*b, s) == a and (b, s) in self.sides:
                return self.sides[(b, s)]
        return None

    def nearest2(self, x: float, y: float) -> tuple[tuple[int, int], float, tuple[int, int], float]:
        """The two nearest hex centres and their squared distances. A pixel between two columns' centres
        belongs to one of them, between two rows' centres of each: four candidates."""
        col0 = math.floor((x - self.x0) / self.dx)
        best: tuple[float, tuple[int, int]] = (math.inf, (-1, -1))
        second: tuple[float, tuple[int, int]] = (math.inf, (-1, -1))
        for c in (col0, col0 + 1):
            if not 0 <= c < self.width:
                continue
            shift = self.dy / 2 if c % 2 else 0.0
            r0 = math.floor((y - self.y0 + shift) / self.dy)
            cx = self.x0 + c * self.dx
            for r in (r0, r0 + 1):
                if 0 <= r < self.height + c % 2:
                    cy = self.y0 + r * self.dy - shift
                    d = (cx - x) ** 2 + (cy - y) ** 2
                    if d < best[0]:
                        best, second = (d, (c, r)), best
                    elif d < second[0]:
                        second = (d, (c, r))
        return best[1], best[0], second[1], second[0]

    def hex_at(self, x: float, y: float) -> tuple[int, int]:
        return self.nearest2(x, y)[0]

    def boundary_distance(self, x: float, y: float) -> tuple[float, tuple[int, int], tuple[int, int]]:
        """Distance from the pixel to the hexside between its hex and the next nearest, and both hexes."""
        a, d1, b, d2 = self.nearest2(x, y)
        if d2 == math.inf:
            return math.inf, a, a
        ax, ay = self.center(*a)
        bx, by = self.center(*b)
        sep = math.hypot(bx - ax, by - ay)
        return (d2 - d1) / (2 * sep), a, b

    def paint(self) -> tuple[bytearray, bytearray]:
        """(elevation, terrain) grids, x-major like VASL's LOS data. Open ground at level 0 is code 0 and
        level 0, so only the pixels around hexes that hold something else are painted."""
        gw, gh = self.grid_size
        elev = bytearray(gw * gh)
        terr = bytearray(gw * gh)
        side_of: dict[tuple[tuple[int, int], tuple[int, int]], str] = {}
        for (cell, s), feature in self.sides.items():
            other = self.neighbour(*cell, s)
            if other is not None:
                side_of[(cell, other)] = side_of[(other, cell)] = feature
        busy = {c for c, (name, level) in self.hexes.items() if (name, level) != ("Open Ground", 0)}
        busy |= {c for c, _ in self.sides} | set(self.roads)
        pixels: set[tuple[int, int]] = set()
        for c in busy:
            cx, cy = self.center(*c)
            # The hex reaches 2/3 of a column pitch across and half a row pitch down; walls and roads on its
            # hexsides reach a few pixels beyond.
            for x in range(max(0, int(cx - self.dx * 0.75)), min(gw, int(cx + self.dx * 0.75) + 1)):
                for y in range(max(0, int(cy - self.dy * 0.6)), min(gh, int(cy + self.dy * 0.6) + 1)):
                    pixels.add((x, y))
        for x, y in sorted(pixels):
            px, py = x + 0.5, y + 0.5
            dist, a, b = self.boundary_distance(px, py)
            name, level = self.hexes.get(a, ("Open Ground", 0))
            code = CODE[name]
            if name in OBSTACLE and dist < self.margin and self.terrain(b) != name:
                code = CODE["Open Ground"]
            feature = side_of.get((a, b))
            if feature is not None and dist < self.wall_half:
                code = CODE[feature]
            elif a in self.roads and self._on_road(a, px, py):
                code = CODE["Dirt Road"]
            i = x * gh + y
            elev[i] = level & 0xFF
            terr[i] = code
        return elev, terr

    def _on_road(self, cell: tuple[int, int], px: float, py: float) -> bool:
        cx, cy = self.center(*cell)
        for side in self.roads.get(cell, []):
            ox, oy = [(0, -1), (1, -0.5), (1, 0.5), (0, 1), (-1, 0.5), (-1, -0.5)][side]
            mx, my = cx + ox * self.dx / 2, cy + oy * self.dy / 2
            vx, vy = mx - cx, my - cy
            t = max(0.0, min(1.0, ((px - cx) * vx + (py - cy) * vy) / (vx * vx + vy * vy)))
            if math.hypot(px - (cx + t * vx), py - (cy + t * vy)) <= self.road_half:
                return True
        return False

    def metadata_xml(self) -> str:
        geo = "" if self.geo else (f' A1CenterX="{self.x0}" A1CenterY="{self.y0}" hexWidth="{self.dx}" '
                                   f'hexHeight="{self.dy}"')
        buildings = "".join(f'<buildingType hexName="{h}" buildingTypeName="{t}"/>'
                            for h, t in self.building_types.items())
        overlays = "".join(f'<overlaySSRule name="{n}" image="{i}" x="{x}" y="{y}"/>'
                           for n, i, x, y in self.overlays)
        for n, images in self.overlay_sets:
            inner = "".join(f'<overlaySSRuleImage image="{i}" x="{x}" y="{y}"/>' for i, x, y in images)
            overlays += f'<overlaySSRuleSet name="{n}">{inner}</overlaySSRuleSet>'
        slopes = "".join(f'<slope hex="{h}" hexsides="{s}"/>' for h, s in self.slopes.items())
        return (f'<?xml version="1.0"?>\n<boardMetadata name="{self.name}" version="1.0" versionDate="" '
                f'author="hexmate tests" boardImageFileName="bd{self.name}.gif" hasHills="TRUE" '
                f'width="{self.width}" height="{self.height}"{geo}>\n'
                f"<buildingTypes>{buildings}</buildingTypes>\n<colors/>\n<colorSSRules/>\n"
                f"<overlaySSRules>{overlays}</overlaySSRules>\n<slopes>{slopes}</slopes>\n</boardMetadata>\n")


def main_board() -> Board:
    """The 9 x 5 geomorphic-geometry board the conversion and LOS tests share."""
    b = Board(name="T1")
    b.set("D3 E2 E3 F4", "Open Ground", 1)
    b.set("E4", "Woods", 1)
    b.set("F3", "Open Ground", 2)
    b.set("C2 C3 G4", "Woods")
    b.set("G2", "Stone Building")
    b.set("B4", "Wooden Building")
    b.set("H2 H3", "Grain")
    b.set("C5", "Orchard")
    b.sides[(b.cell("B3"), 2)] = "Wall"  # B3 SE (B3/C4)
    b.sides[(b.cell("G3"), 3)] = "Hedge"  # G3 S (G3/G4)
    b.sides[(b.cell("D3"), 0)] = "Wall"  # on the hill's edge: D3 N (D3/D2)
    b.sides[(b.cell("F4"), 3)] = "Cliff"  # F4 S (F4/F5)
    b.road("A2 B2 C3 D3 E4 F4")
    b.stairways.add(b.cell("G2"))
    return b


def object_stream(payload: bytes) -> bytes:
    """java.io.ObjectOutputStream in block-data mode: the stream header, then the primitive data in blocks of
    at most 1024 bytes (TC_BLOCKDATALONG for blocks over 255 bytes, TC_BLOCKDATA otherwise)."""
    out = bytearray(b"\xac\xed\x00\x05")
    for i in range(0, len(payload), 1024):
        chunk = payload[i:i + 1024]
        out += (struct.pack(">Bi", 0x7A, len(chunk)) if len(chunk) > 255 else bytes([0x77, len(chunk)]))
        out += chunk
    return bytes(out)


def los_data(board: Board, grids: tuple[bytearray, bytearray] | None = None) -> bytes:
    """The LOSData entry: gzip(object stream(width, height, gridWidth, gridHeight, pixels, stairways))."""
    elev, terr = grids if grids is not None else board.paint()
    gw, gh = board.grid_size
    body = bytearray(struct.pack(">4i", board.width, board.height, gw, gh))
    pairs = bytearray(2 * gw * gh)
    pairs[0::2] = elev
    pairs[1::2] = terr
    body += pairs
    for c in range(board.width):
        body += bytes(1 if (c, r) in board.stairways else 0 for r in range(board.height + c % 2))
    return gzip.compress(object_stream(bytes(body)), compresslevel=6)  # java.util.zip's default level


def archive(
    board: Board, grids: tuple[bytearray, bytearray] | None = None, *, metadata: bool = True
) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        if metadata:
            z.writestr("BoardMetadata.xml", board.metadata_xml())
        z.writestr("LOSData", los_data(board, grids))
        z.writestr(f"bd{board.name}.gif", b"GIF89a")
    return buf.getvalue()
