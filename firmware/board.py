# Board definition loader for the firmware: reads hardware/boards/*.json into compact arrays.
#
# The CPython loader (hexmate.hardware.boards) validates every key; this one trusts the file (it was checked
# on the host before deploy), keeps only what the firmware needs and drops the parsed JSON at once, so a
# 346-cell board costs a few kB of arrays instead of a few hundred dicts.

import gc
import json
from array import array


class Board:
    def __init__(self, d):
        self.name = d["name"]
        self.mcu = d["mcu"]
        self.pitch_mm = float(d["pitch_mm"])
        r = d["readers"]
        self.reader_type = r["type"]
        self.reader_spi = r["spi"]
        self.reset_pin = r["reset_pin"]
        self.busy_pin = r.get("busy_pin", -1)
        self.timeout_us = r["timeout_us"]
        self.spi = [(s["id"], s["sck"], s["mosi"], s["miso"], s["baudrate"]) for s in d["spi"]]
        c = d["chip_select"]
        self.address_pins = list(c["address_pins"])
        self.enable_pin = c["enable_pin"]
        led = d["leds"]
        self.led_pin = led["pin"]
        self.n_leds = led["count"]
        self.led_order = led["order"]
        self.brightness = led["brightness"]
        self.buttons = [(b["id"], b["pin"], b["active_low"]) for b in d["buttons"]]
        cells = d["cells"]
        n = len(cells)
        self.n_cells = n
        self.cs = array("H", bytes(2 * n))
        self.x = array("f", bytes(4 * n))
        self.y = array("f", bytes(4 * n))
        # LED indices of cell i: led_list[led_first[i]:led_first[i + 1]]
        self.led_first = array("H", bytes(2 * (n + 1)))
        total = 0
        for cell in cells:
            total += len(cell["leds"])
        self.led_list = array("H", bytes(2 * total))
        k = 0
        for i in range(n):
            cell = cells[i]
            self.cs[i] = cell["reader"]["cs"]
            self.x[i] = cell["x_mm"]
            self.y[i] = cell["y_mm"]
            self.led_first[i] = k
            for li in cell["leds"]:
                self.led_list[k] = li
                k += 1
        self.led_first[n] = k

    def neighbourhood(self, cell, radius_pitches, out):
        """Append to out every cell within radius_pitches hex pitches of cell (the cell itself too)."""
        r = self.pitch_mm * radius_pitches
        r2 = r * r
        x0 = self.x[cell]
        y0 = self.y[cell]
        xs = self.x
        ys = self.y
        for i in range(self.n_cells):
            dx = xs[i] - x0
            dy = ys[i] - y0
            if dx * dx + dy * dy <= r2:
                out.append(i)
        return out


def load(path):
    with open(path) as f:
        d = json.load(f)
    b = Board(d)
    del d
    gc.collect()
    return b
