"""Regenerate the shipped board definitions: the 25.4 mm reader-per-hex boards (emu-346, pico-346, esp32-346,
pico-pn5180-346, emu-sw-1408) and the switched-coil boards at each game's real hex pitch
(hardware/SENSING.md).

Run `python -m hexmate.hardware.boards.generate` after changing pins or layout; the JSON files are committed
so that a board needs no Python tooling to be described. Geometry follows BRIEF-INTERFACES: an ASL-size
geomorphic board, 33 columns A..GG, flat-topped hexes, odd columns 1..10, even columns 0..10 (half hexes at
0 and 10), cells numbered column-major.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PITCH_MM = 25.4
COLUMNS = 33


def column_letters(c: int) -> str:
    """1 -> A, 26 -> Z, 27 -> AA, 33 -> GG (ASL doubles the letter after Z)."""
    letter = chr(ord("A") + (c - 1) % 26)
    return letter * (1 + (c - 1) // 26)


def asl_cells() -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = []
    for c in range(1, COLUMNS + 1):
        rows = range(1, 11) if c % 2 else range(0, 11)
        for n in rows:
            x = (c - 1) * PITCH_MM * math.sqrt(3) / 2
            y = n * PITCH_MM if c % 2 else (n + 0.5) * PITCH_MM
            cid = len(cells)
            cells.append(
                {
                    "id": cid,
                    "label": f"{column_letters(c)}{n}",
                    "x_mm": round(x, 3),
                    "y_mm": round(y, 3),
                    "leds": [cid],
                    "reader": {"cs": cid},
                }
            )
    return cells


# Raspberry Pi Pico: SPI0 on GP16 (MISO) / GP18 (SCK) / GP19 (MOSI); nine address lines GP2..GP10 drive the
# 74HC154 decoders (low four bits to A0..A3 of every decoder, high five bits to a bank decoder whose outputs
# enable one 74HC154 each); GP11 strobes the bank decoder (chip select active while low).
PICO = {
    "spi": [{"id": 0, "sck": 18, "mosi": 19, "miso": 16, "baudrate": 8_000_000}],
    "chip_select": {
        "type": "decoder",
        "part": "74HC154",
        "address_pins": [2, 3, 4, 5, 6, 7, 8, 9, 10],
        "enable_pin": 11,
        "outputs_per_chip": 16,
    },
    "leds": {"type": "ws2812", "pin": 22, "count": 346, "order": "GRB", "brightness": 96},
    "buttons": [
        {"id": 0, "name": "dice-a", "pin": 14, "active_low": True},
        {"id": 1, "name": "dice-b", "pin": 15, "active_low": True},
        # "done" (end the phase, pass): GP20 is free on every Pico board (GP17, SPI0's default CSn, is left
        # unused because the decoders select the readers; GP0/GP1 stay free for a UART console)
        {"id": 2, "name": "done", "pin": 20, "active_low": True},
    ],
}

ESP32 = {
    # VSPI (SPI id 2) on its IO-matrix default pins; strapping pins 0, 2, 12 and 15 are left alone; 34/35 are
    # input-only and need the external pull-ups drawn in the wiring notes.
    "spi": [{"id": 2, "sck": 18, "mosi": 23, "miso": 19, "baudrate": 8_000_000}],
    "chip_select": {
        "type": "decoder",
        "part": "74HC154",
        "address_pins": [13, 14, 16, 17, 21, 22, 25, 26, 27],
        "enable_pin": 32,
        "outputs_per_chip": 16,
    },
    "leds": {"type": "ws2812", "pin": 4, "count": 346, "order": "GRB", "brightness": 96},
    "buttons": [
        {"id": 0, "name": "dice-a", "pin": 34, "active_low": True},
        {"id": 1, "name": "dice-b", "pin": 35, "active_low": True},
        # "done" on IO36 (SENSOR_VP): input-only, not a strapping pin, no internal pull-up (external 10 k as
        # for IO34/IO35). Every output-capable GPIO that is neither flash (6-11), strapping (0, 2, 5, 12, 15)
        # nor UART0 (1, 3) is taken already. IO36/IO39 may see a spurious edge while the ADC or Wi-Fi power
        # save runs (an ESP32 erratum): harmless here, the IRQ only wakes the debounced sampler.
        {"id": 2, "name": "done", "pin": 36, "active_low": True},
    ],
}


# Schlieffen's War demo map (rules/maps/demo-sw.json): a ccrr grid of 44 columns x 32 rows, labels CCRR,
# even columns half a hex lower ("low": "even"), as the ASL geometry. The whole map is one board.
SW_COLUMNS = 44
SW_ROWS = 32


def sw_cells() -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = []
    for c in range(1, SW_COLUMNS + 1):
        for r in range(1, SW_ROWS + 1):
            cid = len(cells)
            cells.append(
                {
                    "id": cid,
                    "label": f"{c:02d}{r:02d}",
                    "x_mm": round((c - 1) * PITCH_MM * math.sqrt(3) / 2, 3),
                    "y_mm": round(r * PITCH_MM if c % 2 else (r + 0.5) * PITCH_MM, 3),
                    "leds": [cid],
                    "reader": {"cs": cid},
                }
            )
    return cells


# 1408 readers need 11 address lines (2048 chip selects): the Pico pinout's nine plus GP26/GP27. This board is
# emulated only: 88 banks of 16 would need a second level of bank decoders that the format does not describe.
EMU_SW = {
    **PICO,
    "chip_select": {
        "type": "decoder",
        "part": "74HC154",
        "address_pins": [2, 3, 4, 5, 6, 7, 8, 9, 10, 26, 27],
        "enable_pin": 11,
        "outputs_per_chip": 16,
    },
    "leds": {"type": "ws2812", "pin": 22, "count": SW_COLUMNS * SW_ROWS, "order": "GRB", "brightness": 96},
}


def board(
    name: str, mcu: str, description: str, io: dict[str, Any], readers: dict[str, Any],
    cells: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "format": 1,
        "name": name,
        "mcu": mcu,
        "description": description,
        "pitch_mm": PITCH_MM,
        "readers": readers,
        **io,
        "cells": asl_cells() if cells is None else cells,
    }


def boards() -> dict[str, dict[str, Any]]:
    mfrc = {"type": "mfrc522", "spi": 0, "reset_pin": 12, "timeout_us": 700}
    return {
        "emu-346": board(
            "emu-346",
            "emulated",
            "Emulated ASL-size geomorphic board: Pico pinout, one simulated MFRC522 per hex behind 74HC154 "
            "chip-select decoders, one WS2812 per hex, two dice buttons and a done button.",
            PICO,
            mfrc,
        ),
        "pico-346": board(
            "pico-346",
            "rp2040",
            "Raspberry Pi Pico, one MFRC522 per hex on SPI0 selected through 74HC154 decoders, WS2812 chain "
            "on GP22, dice buttons on GP14/GP15, done button on GP20.",
            PICO,
            mfrc,
        ),
        "esp32-346": board(
            "esp32-346",
            "esp32",
            "ESP32 DevKit, one MFRC522 per hex on VSPI selected through 74HC154 decoders, WS2812 chain on "
            "IO4, dice buttons on IO34/IO35, done button on IO36.",
            ESP32,
            {"type": "mfrc522", "spi": 2, "reset_pin": 33, "timeout_us": 700},
        ),
        "pico-pn5180-346": board(
            "pico-pn5180-346",
            "rp2040",
            "Raspberry Pi Pico with one PN5180 (ISO 15693) per hex, so every tag of a stack is read; BUSY "
            "lines multiplexed by 74HC4067s on the same address lines as the chip selects, read on GP13.",
            PICO,
            {"type": "pn5180", "spi": 0, "reset_pin": 12, "busy_pin": 13, "timeout_us": 2000},
        ),
        "emu-sw-1408": board(
            "emu-sw-1408",
            "emulated",
            "Emulated board for the whole Schlieffen's War demo map (44 x 32 hexes, CCRR labels): Pico "
            "pinout with two more address lines, one simulated MFRC522 and one WS2812 per hex, two dice "
            "buttons and a done button.",
            EMU_SW,
            mfrc,
            sw_cells(),
        ),
        **mux_boards(),
    }


# --- switched-coil boards at the maps' real pitch (issue 17; hardware/SENSING.md, hardware/BUILD.md) ------
# One PN5180 per tile drives up to 64 hex coils through a tree of ADG1408 8:1 switches (one root, eight
# leaves). The six channel address lines and the switch enable are shared by every tile, so all tiles have
# the same channel selected: the coils live at the same time are one tile apart. The readers are selected
# through the same 74HC154 chip-select scheme as the reader-per-hex boards, BUSY through 74HC4067s.
INCH_MM = 25.4
SQRT3 = math.sqrt(3)
MUX_CHANNELS = 64
MUX_SETTLE_US = 1000  # switch + field build-up + tag power-up after a channel change (firmware/TIMING.md)


@dataclass(frozen=True)
class Grid:
    """A map's hex grid, flat-topped hexes in columns: which rows each column has, how it is labelled and
    which columns sit half a hex lower."""

    columns: int
    rows: Callable[[int], range]  # column (1-based) -> its row numbers
    label: Callable[[int, int], str]
    low_even: bool  # even columns half a hex lower (True) or higher (False)
    pitch_mm: float

    def centre(self, c: int, r: int) -> tuple[float, float]:
        p = self.pitch_mm
        x = (c - 1) * p * SQRT3 / 2 + p / SQRT3  # a whole hex's left vertex at x = 0
        shift = 0.5 if (c % 2 == 0) == self.low_even else 0.0
        return x, (r + shift) * p


def fit_pitch(columns: int, rows: float, width_mm: float, height_mm: float) -> float:
    """The largest pitch (0.1 mm steps) at which `columns` x `rows` flat-topped hexes fit the sheet."""
    by_width = width_mm / ((columns - 1) * SQRT3 / 2 + 2 / SQRT3)
    by_height = height_mm / (rows + 0.5)
    return math.floor(min(by_width, by_height) * 10) / 10


# ASL: a geomorphic board is 8 x 22 in with 33 hex columns (A..GG) of 10 hexes (odd columns) or 9 whole + 2
# half hexes (even columns, rows 0 and 10): 8 in / 10 rows = 20.32 mm (the 22 in length then gives 20.16 mm:
# the print is not exactly regular; the rows are what a counter sits in). Source: issue 17 / the brief (8 x 22
# in, 33 x 10); ASL A2.1-A2.3 give hex numbering, half hexes and 40 m per hex but no inches.
ASL_GRID = Grid(33, lambda c: range(1, 11) if c % 2 else range(0, 11),
                lambda c, r: f"{column_letters(c)}{r}", True, round(8 * INCH_MM / 10, 2))
# Schlieffen's War: one 22 x 34 in map and 5/8 in counters (SW 2.0). The text gives no hex count or size;
# the grid is the demo map's 44 x 32 (rules/maps/demo-sw.json, CCRR, even columns lower), fitted to the
# sheet: 17.1 mm, which holds a 5/8 in (15.9 mm) counter flat to flat (17.1 mm).
SW_GRID = Grid(44, lambda c: range(1, 33), lambda c, r: f"{c:02d}{r:02d}", True,
               fit_pitch(44, 32, 34 * INCH_MM, 22 * INCH_MM))
# Fire Team: four geomorphic maps A-D, hexes CCRR, edge half hexes not playable (FT 2.2, 2.26). The text
# gives no map size; its hex references reach column 50 (C5021) and row 26 (A1426), so a map has at least
# 50 x 26 hexes. Assumption: exactly that, on a 22 x 34 in sheet like SW's: 19.8 mm (1300 hexes a map).
FT_GRID = Grid(50, lambda c: range(1, 27), lambda c, r: f"{c:02d}{r:02d}", True,
               fit_pitch(50, 26, 34 * INCH_MM, 22 * INCH_MM))
# Panzer Grenadier: hexes CCRR, edge half hexes playable, boards joined edge to edge (PG 2.2). The text gives
# neither board size nor hex size; its worked examples name hexes up to column 12 and row 10 (1205, 0510).
# Assumption: a board of 22 columns (two tiles) by 10 rows, half hexes as ASL's (even columns rows 0..10,
# labelled CC00 and CC10), at the ASL pitch of 20.32 mm.
PG_GRID = Grid(22, lambda c: range(1, 11) if c % 2 else range(0, 11),
               lambda c, r: f"{c:02d}{r:02d}", True, round(8 * INCH_MM / 10, 2))


def _split(first: int, last: int, most: int) -> list[range]:
    """first..last in as few blocks of at most `most` as possible, sizes differing by at most one."""
    n = last - first + 1
    k = -(-n // most)
    sizes = [n // k + (1 if i < n % k else 0) for i in range(k)]
    out, start = [], first
    for size in sizes:
        out.append(range(start, start + size))
        start += size
    return out


Json = dict[str, Any]


def tiled_cells(grid: Grid, tile_cols: int, tile_rows: int) -> tuple[list[Json], list[Json]]:
    """Cells and tiles of a switched-coil board. Tiles are blocks of `tile_cols` columns by `tile_rows`
    rows. Inside a tile the coils are numbered (channel) and the LEDs chained in a serpentine, down one
    column and up the next, so neighbouring LEDs are neighbouring hexes; the LED chain runs through the
    tiles in the same serpentine. Cells are numbered channel-major (channel 0 of every tile, then channel 1,
    ...), the scan order, so the switches change once per channel for all tiles."""
    p = grid.pitch_mm
    all_rows = sorted({r for c in range(1, grid.columns + 1) for r in grid.rows(c)})
    first_row, last_row = all_rows[0], all_rows[-1]
    col_blocks = _split(1, grid.columns, tile_cols)
    row_blocks = _split(first_row, last_row, tile_rows)
    tiles: list[dict[str, Any]] = []
    members: list[list[tuple[int, int]]] = []
    for bi, cols in enumerate(col_blocks):
        rows_order = row_blocks if bi % 2 == 0 else row_blocks[::-1]
        for rows in rows_order:
            hexes = []
            for k, c in enumerate(cols):
                rs = [r for r in grid.rows(c) if r in rows]
                hexes += [(c, r) for r in (rs if k % 2 == 0 else rs[::-1])]
            if not hexes:
                continue
            if len(hexes) > MUX_CHANNELS:
                raise ValueError(f"a tile of {len(hexes)} hexes exceeds {MUX_CHANNELS} switch channels")
            xs = [grid.centre(c, r)[0] for c, r in hexes]
            ys = [grid.centre(c, r)[1] for c, r in hexes]
            x0, y0 = min(xs) - p / SQRT3, min(ys) - p / 2
            tiles.append({"id": len(tiles), "reader_cs": len(tiles),
                          "x_mm": round(x0, 3), "y_mm": round(y0, 3),
                          "width_mm": round(max(xs) + p / SQRT3 - x0, 3),
                          "height_mm": round(max(ys) + p / 2 - y0, 3)})
            members.append(hexes)
    led_base = [0]
    for hexes in members:
        led_base.append(led_base[-1] + len(hexes))
    cells: list[dict[str, Any]] = []
    for ch in range(MUX_CHANNELS):
        for t, hexes in enumerate(members):
            if ch < len(hexes):
                c, r = hexes[ch]
                x, y = grid.centre(c, r)
                cells.append({"id": len(cells), "label": grid.label(c, r), "x_mm": round(x, 3),
                              "y_mm": round(y, 3), "leds": [led_base[t] + ch],
                              "reader": {"cs": t, "channel": ch}})
    return cells, tiles


# Pico pinout of the switched-coil boards: SPI0 as before; reader selects on GP2..GP6 (up to 32 readers,
# 74HC154s strobed by GP11), BUSY through 74HC4067s onto GP13, shared reset GP12; the switch address on
# GP7..GP10, GP26, GP27 (64 channels) and the switch enable on GP21; LEDs GP22; buttons GP14/GP15/GP20.
def pico_mux_io(n_readers: int, n_leds: int) -> dict[str, Any]:
    bits = max(4, (n_readers - 1).bit_length())
    return {
        "spi": [{"id": 0, "sck": 18, "mosi": 19, "miso": 16, "baudrate": 8_000_000}],
        "chip_select": {"type": "decoder", "part": "74HC154", "address_pins": [2, 3, 4, 5, 6][:bits],
                        "enable_pin": 11, "outputs_per_chip": 16},
        "rf_mux": {"part": "ADG1408 (2-level tree: 1 root + 8 leaves per tile)",
                   "address_pins": [7, 8, 9, 10, 26, 27], "enable_pin": 21, "channels": MUX_CHANNELS,
                   "settle_us": MUX_SETTLE_US},
        "leds": {"type": "ws2812", "pin": 22, "count": n_leds, "order": "GRB", "brightness": 96},
        "buttons": PICO["buttons"],
    }


def mux_board(name: str, mcu: str, description: str, grid: Grid, tile_cols: int, tile_rows: int) -> Json:
    cells, tiles = tiled_cells(grid, tile_cols, tile_rows)
    io = pico_mux_io(len(tiles), len(cells))
    pn = {"type": "pn5180", "spi": 0, "reset_pin": 12, "busy_pin": 13, "timeout_us": 2000}
    return {"format": 1, "name": name, "mcu": mcu, "description": description, "pitch_mm": grid.pitch_mm,
            "readers": pn, **io, "tiles": tiles, "cells": cells}


def mux_boards() -> dict[str, dict[str, Any]]:
    asl = ("ASL geomorphic board at its real size (8 x 22 in, 33 x 10 hexes, 20.32 mm pitch): six tiles of "
           "up to 64 hex coils, one PN5180 (ISO 15693, reads stacks) per tile switching its coils through "
           "ADG1408s; one WS2812 per hex; dice and done buttons.")
    return {
        "emu-asl-mux": mux_board("emu-asl-mux", "emulated", "Emulated " + asl, ASL_GRID, 11, 6),
        "pico-asl-mux": mux_board("pico-asl-mux", "rp2040", "Raspberry Pi Pico, " + asl, ASL_GRID, 11, 6),
        "pico-sw-mux": mux_board(
            "pico-sw-mux", "rp2040",
            "Schlieffen's War map (22 x 34 in, SW 2.0) as the 44 x 32 demo grid at 17.1 mm: 24 tiles of "
            "up to 64 coils, one PN5180 each; one WS2812 per hex.", SW_GRID, 8, 8),
        "pico-ft-mux": mux_board(
            "pico-ft-mux", "rp2040",
            "One Fire Team map, assumed 50 x 26 hexes on 22 x 34 in (19.8 mm): 28 tiles of up to 56 coils, "
            "one PN5180 each; one WS2812 per hex.", FT_GRID, 8, 8),
        "pico-pg-mux": mux_board(
            "pico-pg-mux", "rp2040",
            "One Panzer Grenadier board, assumed 22 x 10 hexes with edge half hexes at 20.32 mm: 4 tiles "
            "of up to 64 coils, one PN5180 each; one WS2812 per hex.", PG_GRID, 11, 6),
    }


def main() -> None:
    for name, data in boards().items():
        path = HERE / f"{name}.json"
        with path.open("w") as f:
            f.write("{\n")
            items = [(k, v) for k, v in data.items() if k not in ("cells", "tiles")]
            for k, v in items:
                f.write(f"  {json.dumps(k)}: {json.dumps(v)},\n")
            if "tiles" in data:
                tiles = ",\n".join(f"    {json.dumps(t)}" for t in data["tiles"])
                f.write('  "tiles": [\n' + tiles + "\n  ],\n")
            f.write('  "cells": [\n')
            lines = [f"    {json.dumps(c)}" for c in data["cells"]]
            f.write(",\n".join(lines))
            f.write("\n  ]\n}\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
