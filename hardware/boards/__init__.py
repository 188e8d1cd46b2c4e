"""Board definitions: where every cell, reader, LED and button of a sensor board is (hardware/boards/*.json).

The host reads them through :func:`load_board`; the firmware has its own small loader (firmware/board.py).
Every key is checked: an unknown or missing key is a :class:`BoardError` naming the file and the key.

>>> board = load_board("emu-346")
>>> len(board.cells), board.cells[10].label, board.mcu
(346, 'B0', 'emulated')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
FORMAT = 1
MCUS = ("emulated", "rp2040", "esp32")
READER_TYPES = ("mfrc522", "pn5180")


class BoardError(ValueError):
    """A board definition that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class ReaderRef:
    cs: int  # chip-select address on the decoders (decoder = cs // outputs_per_chip, output = cs % ...)
    channel: int | None = None  # RF switch channel (the hex's coil) on boards with an ``rf_mux``; else None


@dataclass(frozen=True)
class CellDef:
    id: int
    label: str
    x_mm: float
    y_mm: float
    leds: tuple[int, ...]
    reader: ReaderRef


@dataclass(frozen=True)
class ButtonDef:
    id: int
    name: str
    pin: int
    active_low: bool


@dataclass(frozen=True)
class SpiDef:
    id: int
    sck: int
    mosi: int
    miso: int
    baudrate: int


@dataclass(frozen=True)
class ChipSelectDef:
    type: str
    part: str
    address_pins: tuple[int, ...]
    enable_pin: int
    outputs_per_chip: int


@dataclass(frozen=True)
class ReadersDef:
    type: str
    spi: int
    reset_pin: int
    timeout_us: int
    busy_pin: int | None


@dataclass(frozen=True)
class RfMuxDef:
    """Per-hex antenna coils behind analog switches: ``address_pins`` (bit 0 first) choose the channel on
    every tile at once, ``enable_pin`` (active low) connects it; ``settle_us`` is waited after a change."""

    part: str
    address_pins: tuple[int, ...]
    enable_pin: int
    channels: int
    settle_us: int


@dataclass(frozen=True)
class TileDef:
    """One sensor tile: a PCB with one reader (``reader_cs``) and the coils of its cells; the rectangle it
    covers on the board, in mm."""

    id: int
    reader_cs: int
    x_mm: float
    y_mm: float
    width_mm: float
    height_mm: float


@dataclass(frozen=True)
class LedsDef:
    type: str
    pin: int
    count: int
    order: str
    brightness: int


@dataclass(frozen=True)
class BoardDef:
    name: str
    mcu: str
    description: str
    pitch_mm: float
    readers: ReadersDef
    spi: tuple[SpiDef, ...]
    chip_select: ChipSelectDef
    leds: LedsDef
    buttons: tuple[ButtonDef, ...]
    cells: tuple[CellDef, ...]
    source: str
    rf_mux: RfMuxDef | None = None
    tiles: tuple[TileDef, ...] = ()

    @property
    def n_leds(self) -> int:
        return self.leds.count

    @property
    def dice_buttons(self) -> tuple[ButtonDef, ...]:
        """The buttons that roll dice when armed (named ``dice-...``); ``done`` only reports its presses."""
        return tuple(b for b in self.buttons if b.name.startswith("dice"))

    def button(self, ref: str | int) -> ButtonDef:
        """A button by name (``done``, ``dice-a``) or id; KeyError naming the board's buttons otherwise."""
        for b in self.buttons:
            if ref in (b.name, b.id, str(b.id)):
                return b
        names = ", ".join(f"{b.name} ({b.id})" for b in self.buttons) or "none"
        raise KeyError(f"{self.name}: no button {ref!r} (buttons: {names})")

    def cell_by_label(self, label: str) -> CellDef:
        for cell in self.cells:
            if cell.label == label:
                return cell
        raise KeyError(f"{self.name}: no cell labelled {label!r}")


class _Obj:
    """Reads one JSON object, tracking which keys were used so that leftovers are reported."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise BoardError(f"{where}: expected an object")
        self.data: dict[str, Any] = data
        self.where = where
        self.used: set[str] = set()

    def _get(self, key: str, default: Any = ...) -> Any:
        self.used.add(key)
        if key not in self.data:
            if default is ...:
                raise BoardError(f"{self.where}: missing key {key!r}")
            return default
        return self.data[key]

    def integer(self, key: str, lo: int = 0, hi: int = 1 << 31, default: Any = ...) -> Any:
        v = self._get(key, default)
        if v is None and default is None:
            return None
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise BoardError(f"{self.where}: key {key!r} must be an integer in {lo}..{hi}, not {v!r}")
        return v

    def number(self, key: str) -> float:
        v = self._get(key)
        if not isinstance(v, int | float) or isinstance(v, bool):
            raise BoardError(f"{self.where}: key {key!r} must be a number, not {v!r}")
        return float(v)

    def text(self, key: str, choices: tuple[str, ...] = ()) -> str:
        v = self._get(key)
        if not isinstance(v, str) or (choices and v not in choices):
            want = " or ".join(repr(c) for c in choices) if choices else "a string"
            raise BoardError(f"{self.where}: key {key!r} must be {want}, not {v!r}")
        return v

    def flag(self, key: str) -> bool:
        v = self._get(key)
        if not isinstance(v, bool):
            raise BoardError(f"{self.where}: key {key!r} must be true or false, not {v!r}")
        return v

    def array(self, key: str) -> list[Any]:
        v = self._get(key)
        if not isinstance(v, list):
            raise BoardError(f"{self.where}: key {key!r} must be a list")
        return v

    def child(self, key: str) -> _Obj:
        return _Obj(self._get(key), f"{self.where}: {key}")

    def integers(self, key: str, lo: int = 0, hi: int = 1 << 31) -> tuple[int, ...]:
        out = []
        for i, v in enumerate(self.array(key)):
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                raise BoardError(f"{self.where}: {key}[{i}] must be an integer in {lo}..{hi}, not {v!r}")
            out.append(v)
        return tuple(out)

    def done(self) -> None:
        extra = sorted(set(self.data) - self.used)
        if extra:
            raise BoardError(f"{self.where}: unknown key {extra[0]!r}")


def resolve(name_or_path: str | Path) -> Path:
    """A bare name ("emu-346") means hardware/boards/<name>.json; a slash or .json suffix means a path."""
    text = str(name_or_path)
    if "/" in text or text.endswith(".json"):
        return Path(text)
    return HERE / f"{text}.json"


def available() -> list[str]:
    return sorted(p.stem for p in HERE.glob("*.json"))


def load_board(name_or_path: str | Path) -> BoardDef:
    path = resolve(name_or_path)
    try:
        raw = json.loads(path.read_text())
    except FileNotFoundError:
        raise BoardError(f"{path}: no such board (known: {', '.join(available())})") from None
    except json.JSONDecodeError as e:
        raise BoardError(f"{path}: not valid JSON: {e}") from None
    return parse_board(raw, str(path))


def parse_board(raw: Any, source: str) -> BoardDef:
    top = _Obj(raw, source)
    if top.integer("format") != FORMAT:
        raise BoardError(f"{source}: key 'format' must be {FORMAT}")
    name = top.text("name")
    mcu = top.text("mcu", MCUS)
    description = top.text("description")
    pitch = top.number("pitch_mm")

    r = top.child("readers")
    rtype = r.text("type", READER_TYPES)
    readers = ReadersDef(
        rtype,
        r.integer("spi", 0, 7),
        r.integer("reset_pin", 0, 63),
        r.integer("timeout_us", 50, 100_000),
        r.integer("busy_pin", 0, 63, default=None) if rtype == "pn5180" else None,
    )
    if rtype == "pn5180" and readers.busy_pin is None:
        raise BoardError(f"{source}: readers: a pn5180 board needs 'busy_pin'")
    r.done()

    spis = []
    for i, s in enumerate(top.array("spi")):
        o = _Obj(s, f"{source}: spi[{i}]")
        sid, sck = o.integer("id", 0, 7), o.integer("sck", 0, 63)
        mosi, miso = o.integer("mosi", 0, 63), o.integer("miso", 0, 63)
        spis.append(SpiDef(sid, sck, mosi, miso, o.integer("baudrate", 100_000, 80_000_000)))
        o.done()
    if readers.spi not in {s.id for s in spis}:
        raise BoardError(f"{source}: readers: spi {readers.spi} is not defined under 'spi'")

    c = top.child("chip_select")
    cs = ChipSelectDef(c.text("type", ("decoder",)), c.text("part"), c.integers("address_pins", 0, 63),
                       c.integer("enable_pin", 0, 63), c.integer("outputs_per_chip", 2, 64))
    c.done()

    mux = None
    if "rf_mux" in top.data:
        m = top.child("rf_mux")
        mux = RfMuxDef(m.text("part"), m.integers("address_pins", 0, 63), m.integer("enable_pin", 0, 63),
                       m.integer("channels", 2, 256), m.integer("settle_us", 0, 100_000))
        m.done()
        if mux.channels > 1 << len(mux.address_pins):
            raise BoardError(f"{source}: rf_mux: {mux.channels} channels need more than "
                             f"{len(mux.address_pins)} address pins")
        if rtype != "pn5180":
            raise BoardError(f"{source}: rf_mux: switched coils need an ISO 15693 reader ('pn5180')")

    led = top.child("leds")
    leds = LedsDef(led.text("type", ("ws2812",)), led.integer("pin", 0, 63), led.integer("count", 0, 65535),
                   led.text("order", ("GRB", "RGB")), led.integer("brightness", 1, 255))
    led.done()

    buttons = []
    for i, b in enumerate(top.array("buttons")):
        o = _Obj(b, f"{source}: buttons[{i}]")
        bid, bname = o.integer("id", 0, 254), o.text("name")
        buttons.append(ButtonDef(bid, bname, o.integer("pin", 0, 63), o.flag("active_low")))
        o.done()
    if [b.id for b in buttons] != list(range(len(buttons))):
        raise BoardError(f"{source}: buttons: ids must be 0..{len(buttons) - 1} in order")
    named: dict[str, int] = {}
    for b in buttons:
        if b.name in named:
            raise BoardError(f"{source}: buttons[{b.id}]: name {b.name!r} is already "
                             f"buttons[{named[b.name]}]")
        named[b.name] = b.id
        if b.name.isdigit():
            raise BoardError(f"{source}: buttons[{b.id}]: name {b.name!r} would read as a button id")
    _check_pins(source, readers, spis, cs, leds, buttons, mux)

    cells = []
    n_addr = 1 << len(cs.address_pins)
    for i, cell in enumerate(top.array("cells")):
        o = _Obj(cell, f"{source}: cells[{i}]")
        cid = o.integer("id")
        if cid != i:
            raise BoardError(f"{source}: cells[{i}]: key 'id' must be {i} (cells are numbered in order)")
        ro = o.child("reader")
        if mux is not None:
            ref = ReaderRef(ro.integer("cs", 0, n_addr - 1), ro.integer("channel", 0, mux.channels - 1))
        else:
            ref = ReaderRef(ro.integer("cs", 0, n_addr - 1))
        ro.done()
        cell_leds = o.integers("leds", 0, max(leds.count - 1, 0))
        cells.append(CellDef(cid, o.text("label"), o.number("x_mm"), o.number("y_mm"), cell_leds, ref))
        o.done()
    tiles = _tiles(top, source) if "tiles" in top.data else ()
    top.done()
    seen: dict[tuple[int, int | None], int] = {}
    for cd in cells:
        key = (cd.reader.cs, cd.reader.channel)
        if key in seen:
            what = f"reader cs {cd.reader.cs}" + ("" if mux is None else f" channel {cd.reader.channel}")
            raise BoardError(f"{source}: cells[{cd.id}]: {what} already used by cell {seen[key]}")
        seen[key] = cd.id
    if mux is not None:
        _check_tiles(source, tiles, cells)
    return BoardDef(name, mcu, description, pitch, readers, tuple(spis), cs, leds, tuple(buttons),
                    tuple(cells), source, mux, tiles)


def _tiles(top: _Obj, source: str) -> tuple[TileDef, ...]:
    tiles = []
    for i, t in enumerate(top.array("tiles")):
        o = _Obj(t, f"{source}: tiles[{i}]")
        tid = o.integer("id")
        if tid != i:
            raise BoardError(f"{source}: tiles[{i}]: key 'id' must be {i} (tiles are numbered in order)")
        tiles.append(TileDef(tid, o.integer("reader_cs", 0, 4095), o.number("x_mm"), o.number("y_mm"),
                             o.number("width_mm"), o.number("height_mm")))
        o.done()
    return tuple(tiles)


def _check_tiles(source: str, tiles: tuple[TileDef, ...], cells: list[CellDef]) -> None:
    """A switched-coil board says which tile (reader) carries each cell, and each cell lies on its tile."""
    by_reader = {t.reader_cs: t for t in tiles}
    if len(by_reader) != len(tiles):
        raise BoardError(f"{source}: tiles: two tiles name the same reader_cs")
    for cd in cells:
        tile = by_reader.get(cd.reader.cs)
        if tile is None:
            raise BoardError(f"{source}: cells[{cd.id}]: reader cs {cd.reader.cs} is on no tile")
        if not (tile.x_mm <= cd.x_mm <= tile.x_mm + tile.width_mm
                and tile.y_mm <= cd.y_mm <= tile.y_mm + tile.height_mm):
            raise BoardError(f"{source}: cells[{cd.id}] ({cd.label}) lies outside tiles[{tile.id}]")


def _check_pins(source: str, readers: ReadersDef, spis: list[SpiDef], cs: ChipSelectDef, leds: LedsDef,
                buttons: list[ButtonDef], mux: RfMuxDef | None = None) -> None:
    """Every GPIO has one job: a pin given to two functions is a BoardError naming both."""
    uses: list[tuple[int, str]] = [(readers.reset_pin, "readers.reset_pin")]
    if readers.busy_pin is not None:
        uses.append((readers.busy_pin, "readers.busy_pin"))
    for s in spis:
        uses += [(s.sck, f"spi {s.id} sck"), (s.mosi, f"spi {s.id} mosi"), (s.miso, f"spi {s.id} miso")]
    uses += [(p, f"chip_select.address_pins[{k}]") for k, p in enumerate(cs.address_pins)]
    uses += [(cs.enable_pin, "chip_select.enable_pin"), (leds.pin, "leds.pin")]
    uses += [(b.pin, f"buttons[{b.id}] ({b.name})") for b in buttons]
    if mux is not None:
        uses += [(p, f"rf_mux.address_pins[{k}]") for k, p in enumerate(mux.address_pins)]
        uses.append((mux.enable_pin, "rf_mux.enable_pin"))
    owner: dict[int, str] = {}
    for pin, use in uses:
        if pin in owner:
            raise BoardError(f"{source}: pin {pin} is both {owner[pin]} and {use}")
        owner[pin] = use
