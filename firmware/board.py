# Board definition loader for the firmware: reads hardware/boards/*.json into compact arrays.
#
# The CPython loader (hexmate.hardware.boards) validates every key; this one trusts the file (it was checked
# on the host before deploy) and keeps only what the firmware needs. The cells are parsed one object at a
# time while the file is read line by line, so a 346-cell board never exists as a tree of dicts: the peak is
# one cell, and the result is a few kB of arrays (an RP2040 cannot afford json.load of the whole file).

import json
from array import array


class BoardFileError(ValueError):
    pass


class Board:
    def __init__(self, d, cells):
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
        self.button_names = [b["name"] for b in d["buttons"]]  # "dice-a", "dice-b", "done"
        self.n_cells = cells.n
        # switched coils (hardware/SENSING.md): one reader per tile, the hex's coil chosen by the RF switch.
        # The select address of cell i is then reader_cs * channels + channel (rfmux.MuxSelect splits it).
        m = d.get("rf_mux")
        self.mux = None
        if m is not None:
            self.mux = (list(m["address_pins"]), m["enable_pin"], m["channels"], m["settle_us"])
            nch = m["channels"]
            for i in range(cells.n):
                cells.cs[i] = cells.cs[i] * nch + cells.ch[i]
            self.n_readers = len(d.get("tiles", ())) or (max(cells.cs) // nch + 1 if cells.n else 0)
        self.cs = cells.cs
        self.x = cells.x
        self.y = cells.y
        # LED indices of cell i: led_list[led_first[i]:led_first[i + 1]]
        self.led_first = cells.led_first
        self.led_list = cells.led_list

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


class _Cells:
    def __init__(self):
        self.n = 0
        self.cs = array("H")
        self.ch = array("B")  # RF switch channel (boards with rf_mux; else 0)
        self.x = array("f")
        self.y = array("f")
        self.led_first = array("H", [0])
        self.led_list = array("H")

    def add(self, text, path):
        cell = json.loads(text)
        if cell["id"] != self.n:
            raise BoardFileError(path + ": cell " + str(self.n) + " has id " + str(cell["id"]))
        self.n += 1
        r = cell["reader"]
        self.cs.append(r["cs"])
        self.ch.append(r.get("channel", 0))
        self.x.append(cell["x_mm"])
        self.y.append(cell["y_mm"])
        for li in cell["leds"]:
            self.led_list.append(li)
        self.led_first.append(len(self.led_list))


def load(path):
    header = []  # the file's text outside the cells array (which becomes [])
    cells = _Cells()
    depth = 0
    in_str = False
    esc = False
    in_cells = False
    cur = None  # pieces of the cell object being read (generic path)
    with open(path) as f:
        while True:
            line = f.readline()
            if not line:
                break
            if in_cells and depth == 2 and cur is None:
                s = line.strip()
                if s.endswith(","):
                    s = s[:-1]
                if s.startswith("{") and s.endswith("}") and s.count("{") == s.count("}"):
                    cells.add(s, path)  # fast path: one cell per line, as generate.py writes them
                    continue
            for ch in line:
                if in_str:
                    if esc:
                        esc = False
                    elif ch == "\\":
                        esc = True
                    elif ch == '"':
                        in_str = False
                elif ch == '"':
                    in_str = True
                elif ch in "{[":
                    if depth == 1 and ch == "[" and "".join(header).rstrip().endswith('"cells":'):
                        in_cells = True
                        header.append("[]")
                        depth += 1
                        continue
                    depth += 1
                elif ch in "}]":
                    depth -= 1
                    if in_cells and depth == 1:
                        in_cells = False
                        continue
                if in_cells:
                    if depth >= 3 or (depth == 2 and ch == "}"):
                        if cur is None:
                            cur = []
                        cur.append(ch)
                        if depth == 2:
                            cells.add("".join(cur), path)
                            cur = None
                else:
                    header.append(ch)
    try:
        d = json.loads("".join(header))
    except ValueError as e:
        raise BoardFileError(path + ": " + str(e)) from None
    return Board(d, cells)
