# MicroPython side of bench_firmware.py: wire codec costs, scanner per-cell overhead and the MFRC522
# driver's SPI traffic per cell, timed with ticks_us under the unix port. Prints one "RESULT <json>" line
# with raw samples; bench_firmware.py computes medians and percentiles.
import json
import sys
from time import ticks_diff, ticks_ms, ticks_us

import board as boardmod
import boardio
import wire
from scanner import Scanner

BOARD = sys.argv[1]
RUNS = 60
BATCH = 50


def timed(fn, runs=RUNS, batch=BATCH):
    """Per-call µs of fn(), one sample per batch of calls."""
    out = []
    for _ in range(runs):
        t0 = ticks_us()
        for _ in range(batch):
            fn()
        out.append(ticks_diff(ticks_us(), t0) / batch)
    return out


def table(n_cells, n_counters):
    """The demo table: n_counters tags with 7-byte UIDs in cells spread over the board, some stacked."""
    cells = {}
    k = 0
    cell = 0
    while k < n_counters:
        size = 3 if k % 15 == 0 else (2 if k % 7 == 0 else 1)
        uids = []
        for _ in range(size):
            if k < n_counters:
                uids.append(bytes([0x04, k + 1, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5]))
                k += 1
        cells[cell] = uids
        cell = (cell + 37) % n_cells
        while cell in cells:
            cell = (cell + 1) % n_cells
    return cells


def snapshot_frames(cells, scan):
    """Split like firmware/main.py's send_snapshot: parts under MAX_BODY, every non-empty cell."""
    budget = wire.MAX_BODY - 4 - 6
    parts = []
    cur = []
    size = 0
    for i in sorted(cells):
        uids = cells[i]
        n = 4 + sum([1 + len(u) for u in uids])
        if cur and size + n > budget:
            parts.append(cur)
            cur = []
            size = 0
        cur.append((i, wire.TAGS, uids))
        size += n
    parts.append(cur)
    return [wire.encode_frame(wire.SNAPSHOT, 1 + k, wire.pack_snapshot(scan, k, len(parts), parts[k]))
            for k in range(len(parts))]


result = {}
uid = bytes([0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6])
cell_frame = wire.encode_frame(wire.CELL, 7, wire.pack_cell(12, 300, wire.TAGS, 99, [uid]))
result["cell_frame_bytes"] = len(cell_frame)
result["cell_encode_us"] = timed(
    lambda: wire.encode_frame(wire.CELL, 7, wire.pack_cell(12, 300, wire.TAGS, 99, [uid]))
)


def decode_cell():
    for frame in wire.Deframer().feed(cell_frame):
        wire.unpack_cell(frame[2])


result["cell_decode_us"] = timed(decode_cell)

board = boardmod.load(BOARD)
cells = table(board.n_cells, 60)
frames = snapshot_frames(cells, 1234)
stream = b"".join(frames)
result["snapshot_cells"] = len(cells)
result["snapshot_stacks"] = len([1 for u in cells.values() if len(u) > 1])
result["snapshot_parts"] = len(frames)
result["snapshot_bytes"] = len(stream)
result["snapshot_encode_us"] = timed(lambda: snapshot_frames(cells, 1234), runs=30, batch=5)


def decode_snapshot():
    for frame in wire.Deframer().feed(stream):
        wire.unpack_snapshot(frame[2])


result["snapshot_decode_us"] = timed(decode_snapshot, runs=30, batch=5)
block = bytes(range(256)) * 4
result["crc_1024_us"] = timed(lambda: wire.crc16(block), runs=40, batch=10)
result["cobs_encode_1024_us"] = timed(lambda: wire.cobs_encode(block), runs=40, batch=10)


# --- scanner loop overhead with a reader that answers at once --------------------------------------------
class InstantReader:
    """Answers read() from a table at once: what is left is the scanner's own per-cell work."""

    def __init__(self, cells):
        self.cells = cells
        self.cs = None

    def init(self):
        return True

    def read(self, buf):
        uids = self.cells.get(self.cs.address)
        buf.clear()
        if uids is None:
            return 0
        for u in uids:
            buf.append(u)
        return 1


class Cs:
    address = 0

    def value(self, v):
        pass


cs = Cs()
reader = InstantReader({board.cs[i]: u for i, u in cells.items()})
reader.cs = cs
sc = Scanner(board, reader, cs, lambda *a: None, lambda *a: None, debounce_ms=0)
sc.selftest()
now = ticks_ms()
for i in range(board.n_cells):  # first pass reports every occupied cell; later passes see no change
    sc.read_cell(i, now)
passes = []
for _ in range(30):
    t0 = ticks_us()
    now = ticks_ms()
    for i in range(board.n_cells):
        sc.read_cell(i, now)
    passes.append(ticks_diff(ticks_us(), t0))
result["scanner_pass_us"] = passes
result["scanner_reads"] = sc.reads  # 31 passes of every cell: the reader really was asked each time
result["n_cells"] = board.n_cells


# --- SPI traffic of the real MFRC522 driver per cell, on the simulated bus --------------------------------
class CountingSpi:
    def __init__(self, spi):
        self.spi = spi
        self.transactions = 0
        self.bytes = 0

    def write(self, buf):
        self.transactions += 1
        self.bytes += len(buf)
        return self.spi.write(buf)

    def write_readinto(self, tx, rx):
        self.transactions += 1
        self.bytes += len(tx)
        return self.spi.write_readinto(tx, rx)

    def readinto(self, buf, write=0):
        self.transactions += 1
        self.bytes += len(buf)
        return self.spi.readinto(buf, write)


io = boardio.build(board)
if board.reader_type == "mfrc522":
    counting = CountingSpi(io.reader._spi)
    io.reader._spi = counting
    for i in range(3):
        io.cs.address = board.cs[i]
        io.reader.init()
    io.world.command("place 1 04a1b2c3d4e5f6")
    io.world.command("place 2 04a1b2c3d4e5f7")
    io.world.command("place 2 04a1b2c3d4e5f8")  # same CL1 bytes: the collision is at cascade level 2
    spi = {}
    for name, cell in (("empty", 0), ("one_tag", 1), ("stack_of_2", 2)):
        counting.transactions = counting.bytes = 0
        io.cs.address = board.cs[cell]
        buf = []
        state = io.reader.read(buf)
        spi[name] = [counting.transactions, counting.bytes, state, len(buf)]
    result["mfrc522_spi_per_cell"] = spi
print("RESULT " + json.dumps(result))
