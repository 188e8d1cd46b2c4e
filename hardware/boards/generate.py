"""Regenerate the shipped board definitions (emu-346, pico-346, esp32-346, pico-pn5180-346, emu-sw-1408).

Run `python -m hexmate.hardware.boards.generate` after changing pins or layout; the JSON files are committed
so that a board needs no Python tooling to be described. Geometry follows BRIEF-INTERFACES: an ASL-size
geomorphic board, 33 columns A..GG, flat-topped hexes, odd columns 1..10, even columns 0..10 (half hexes at
0 and 10), cells numbered column-major.
"""

from __future__ import annotations

import json
import math
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
    }


def main() -> None:
    for name, data in boards().items():
        path = HERE / f"{name}.json"
        with path.open("w") as f:
            f.write("{\n")
            items = [(k, v) for k, v in data.items() if k != "cells"]
            for k, v in items:
                f.write(f"  {json.dumps(k)}: {json.dumps(v)},\n")
            f.write('  "cells": [\n')
            lines = [f"    {json.dumps(c)}" for c in data["cells"]]
            f.write(",\n".join(lines))
            f.write("\n  ]\n}\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
