"""Firmware costs under the real MicroPython unix port, link transfer times, and the scan-timing model.

1. wire codec: encode / decode of one CELL frame and of the full snapshot of the demo table (346 cells,
   60 counters with 7-byte UIDs, some stacked), CRC-16 and COBS cost per byte (medians of many runs);
2. the snapshot's size on the wire and its transfer time over USB CDC and BLE (assumptions printed);
3. the scanner loop's own per-cell cost (a reader that answers at once) and the MFRC522 driver's SPI
   transactions per empty / occupied cell (counted on the simulated bus);
4. the scan-timing model of firmware/TIMING.md: time to notice a lift anywhere on the board with N readers
   working in parallel, and the N needed for < 100 ms.

Run: `python -m bench` (all benches) or `python -m bench.bench_firmware`.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import subprocess
from dataclasses import dataclass
from pathlib import Path

from hexmate.host.commands.firmware import FIRMWARE_DIR, find_tool

ROOT = FIRMWARE_DIR.parent
BOARD = ROOT / "hardware" / "boards" / "emu-346.json"
N_CELLS = 346

# --- air interface constants (ISO/IEC 14443-2/-3 type A at 106 kbit/s; ISO/IEC 15693-2/-3) ---------------
FC_HZ = 13.56e6
BIT_A_US = 128 / FC_HZ * 1e6  # 9.44 µs per bit at 106 kbit/s


def _frame_a_us(n_bytes: int) -> float:
    """A standard type-A frame: start bit, 8 data bits + parity per byte, end bit."""
    return (1 + 9 * n_bytes + 1) * BIT_A_US


REQA_US = (1 + 7 + 1) * BIT_A_US  # short frame, 7 data bits: 85 µs
FDT_A_US = 1236 / FC_HZ * 1e6  # PICC answer delay after a frame ending in 0: 91 µs
ATQA_US = _frame_a_us(2)  # 189 µs
ANTICOLL_US = _frame_a_us(2) + FDT_A_US + _frame_a_us(5)  # SEL+NVB, then 4 UID bytes + BCC
SELECT_US = _frame_a_us(9) + FDT_A_US + _frame_a_us(3)  # SEL NVB UID BCC CRC, then SAK + CRC
HLTA_US = _frame_a_us(4)
NO_CARD_TIMEOUT_US = 500  # our choice: an ATQA has ended by REQA + 91 + 189 = 365 µs; 0.5 ms keeps margin

# ISO 15693 high data rate: VCD 1-out-of-4 coding 26.48 kbit/s (37.76 µs per bit), VICC single subcarrier
# 26.48 kbit/s; SOF/EOF lengths from part 2; t1 = 4352/fc between request and response.
BIT_V_US = 512 / FC_HZ * 1e6  # 37.76 µs
T1_US = 4352 / FC_HZ * 1e6  # 321 µs
INVENTORY_REQ_US = 75.52 + 5 * 8 * BIT_V_US + 37.76  # flags, cmd, mask length, CRC16: 1.62 ms
INVENTORY_RESP_US = 56.64 + 12 * 8 * BIT_V_US + 56.64  # flags, DSFID, UID(8), CRC16: 3.74 ms
EMPTY_SLOT_US = 37.76 + T1_US + 75  # EOF to the next slot after t1 plus an SOF detection margin (~0.43 ms)

# --- link assumptions -------------------------------------------------------------------------------------
USB_BYTES_PER_S = 1_000_000  # USB full-speed CDC, practical (RP2040 ~7 Mbit/s measured upstream)
BLE_CASES = [  # (label, bytes per notification, notifications per connection interval, interval ms)
    ("BLE, MTU 23, 15 ms interval, 4 packets/interval", 20, 4, 15.0),
    ("BLE, MTU 23, 7.5 ms interval, 6 packets/interval", 20, 6, 7.5),
    ("BLE, MTU 247 (DLE), 15 ms interval, 2 packets/interval", 244, 2, 15.0),
]

# --- device CPU assumptions -------------------------------------------------------------------------------
SPI_TXN_US = 25.0  # one register access from MicroPython on an RP2040: call, 2 B at 10 MHz, CS via decoder
SPI_WIRE_US = 2.0  # the same access on the wire alone: 16 bits at 10 MHz plus CS set-up
SLOWDOWN = (10, 30, 100)  # how much slower the RP2040 runs MicroPython bytecode than this host: unmeasured
PARALLEL = (1, 4, 8, 16, 24)
TARGET_MS = 100.0


def _pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


def run_micropython() -> dict[str, object]:
    env = dict(os.environ, MICROPYPATH=f"{FIRMWARE_DIR}:.frozen")
    proc = subprocess.run(
        [str(find_tool("micropython")), str(Path(__file__).with_name("firmware_mp.py")), str(BOARD)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=True,
    )
    line = next(x for x in proc.stdout.splitlines() if x.startswith("RESULT "))
    data: dict[str, object] = json.loads(line[len("RESULT "):])
    return data


@dataclass(frozen=True)
class Reader:
    """Per-cell air time and SPI transactions of one reader type, for the cells of the demo table."""

    name: str
    empty_us: float  # air time + waits for a cell with no tag
    occupied_us: float  # ... for a cell with one tag
    stack_us: float  # ... for a cell with a stack of two
    spi_empty: int  # SPI transactions around the air time (setup and read-out)
    spi_occupied: int
    spi_stack: int


def readers(spi_counts: dict[str, list[int]]) -> list[Reader]:
    e, o, s = (spi_counts[k][0] for k in ("empty", "one_tag", "stack_of_2"))
    full_a = REQA_US + FDT_A_US + ATQA_US + 2 * (ANTICOLL_US + SELECT_US) + HLTA_US + NO_CARD_TIMEOUT_US
    # a 2-tag stack: the CL1 collision costs one more anticollision round, then each tag is selected
    stack_a = full_a + ANTICOLL_US + 2 * (ANTICOLL_US + SELECT_US) + HLTA_US + NO_CARD_TIMEOUT_US
    presence_a = REQA_US + FDT_A_US + ATQA_US + ANTICOLL_US  # ATQA plus the CL1 UID bytes, no select
    one_slot = INVENTORY_REQ_US + T1_US + INVENTORY_RESP_US
    return [
        Reader("MFRC522, full UID read every pass", REQA_US + NO_CARD_TIMEOUT_US, full_a, stack_a, e, o, s),
        Reader("MFRC522, CL1 presence check, full read on change", REQA_US + NO_CARD_TIMEOUT_US, presence_a,
               presence_a + ANTICOLL_US, e, e + 10, e + 20),
        Reader("PN5180 ISO 15693, 1-slot inventory, 16 slots on collision", INVENTORY_REQ_US + T1_US + 200,
               one_slot, one_slot + INVENTORY_REQ_US + 14 * EMPTY_SLOT_US + 2 * (T1_US + INVENTORY_RESP_US),
               10, 14, 40),
    ]


def air_ms(reader: Reader, n_parallel: int, n_empty: int, n_one: int, n_stack: int) -> float:
    """One full pass when the CPU keeps up: every cell's air time plus its SPI wire time, spread over
    n_parallel readers working at once (chip-select groups started back to back, or separate buses)."""
    air = n_empty * reader.empty_us + n_one * reader.occupied_us + n_stack * reader.stack_us
    txns = n_empty * reader.spi_empty + n_one * reader.spi_occupied + n_stack * reader.spi_stack
    wire_us = txns * SPI_WIRE_US
    return math.ceil(N_CELLS / n_parallel) / N_CELLS * (air + wire_us) / 1000


def cpu_floor_ms(reader: Reader, cpu_cell_us: float, n_empty: int, n_one: int, n_stack: int) -> float:
    """The CPU time of one pass on one core: the scanner loop for every cell plus every SPI transaction
    issued from MicroPython. No number of parallel readers brings a pass below this."""
    txns = n_empty * reader.spi_empty + n_one * reader.spi_occupied + n_stack * reader.spi_stack
    return (N_CELLS * cpu_cell_us + txns * SPI_TXN_US) / 1000


def model_table(scanner_cell_us: float, spi_counts: dict[str, list[int]], n_empty: int, n_one: int,
                n_stack: int) -> list[str]:
    lines = ["  pass time in ms when the CPU keeps up (air time + SPI wire time), N readers in parallel:"]
    lines.append("    " + f"{'reader':60}" + "".join(f"N={n:<7}" for n in PARALLEL) + "N for <100 ms")
    for reader in readers(spi_counts):
        times = [air_ms(reader, n, n_empty, n_one, n_stack) for n in PARALLEL]
        need = next(
            (n for n in range(1, N_CELLS + 1) if air_ms(reader, n, n_empty, n_one, n_stack) < TARGET_MS), None
        )
        lines.append("    " + f"{reader.name:60}" + "".join(f"{t:<9.0f}" for t in times) + str(need))
    lines.append(f"  CPU floor in ms per pass on one core ({SPI_TXN_US:.0f} µs per SPI transaction from "
                 f"MicroPython; scanner loop = {scanner_cell_us:.1f} µs/cell on this host × slowdown):")
    lines.append("    " + f"{'reader':60}" + "".join(f"x{f:<8}" for f in SLOWDOWN))
    for reader in readers(spi_counts):
        floors = [cpu_floor_ms(reader, scanner_cell_us * f, n_empty, n_one, n_stack) for f in SLOWDOWN]
        lines.append("    " + f"{reader.name:60}" + "".join(f"{t:<9.0f}" for t in floors))
    budget = TARGET_MS * 1000 / N_CELLS
    lines.append(f"  => {TARGET_MS:.0f} ms needs <= {budget:.0f} µs of CPU per cell on average, SPI included")
    return lines


def main() -> None:
    d = run_micropython()
    med = statistics.median

    def us(key: str) -> list[float]:
        return [float(x) for x in d[key]]  # type: ignore[attr-defined]

    print("firmware (MicroPython unix port, x86 host; medians of batched runs)")
    print(f"  CELL frame ({d['cell_frame_bytes']} B, one 7-byte UID): encode "
          f"{med(us('cell_encode_us')):.1f} µs, decode {med(us('cell_decode_us')):.1f} µs "
          f"(p99 {_pct(us('cell_decode_us'), 99):.1f})")
    snap_bytes = int(d["snapshot_bytes"])  # type: ignore[call-overload]
    print(f"  snapshot of {N_CELLS} cells / 60 counters ({d['snapshot_cells']} occupied cells, "
          f"{d['snapshot_parts']} part(s), {snap_bytes} B on the wire): encode "
          f"{med(us('snapshot_encode_us')):.0f} µs, decode {med(us('snapshot_decode_us')):.0f} µs")
    print(f"  CRC-16 {med(us('crc_1024_us')) / 1024 * 1000:.0f} ns/byte, "
          f"COBS encode {med(us('cobs_encode_1024_us')) / 1024 * 1000:.0f} ns/byte")
    print("snapshot transfer")
    print(f"  USB CDC at {USB_BYTES_PER_S / 1e6:.0f} MB/s: {snap_bytes / USB_BYTES_PER_S * 1000:.2f} ms")
    for label, per_packet, packets, interval_ms in BLE_CASES:
        rate = per_packet * packets / (interval_ms / 1000)
        t = math.ceil(snap_bytes / (per_packet * packets)) * interval_ms
        print(f"  {label}: {rate / 1000:.1f} kB/s, {t:.0f} ms (whole connection intervals)")
    passes = us("scanner_pass_us")
    n_cells = int(d["n_cells"])  # type: ignore[call-overload]
    # The fastest pass is the best estimate of the loop's own cost on a shared machine (other processes
    # only ever add time); the median shows how noisy the host was.
    scanner_cell_us = min(passes) / n_cells
    print(f"scanner loop (instant reader, no change): {n_cells}-cell pass min {min(passes) / 1000:.2f} ms = "
          f"{scanner_cell_us:.1f} µs per cell, median {med(passes) / 1000:.2f} ms, "
          f"p99 {_pct(passes, 99) / 1000:.2f} ms")
    spi_counts: dict[str, list[int]] = d["mfrc522_spi_per_cell"]  # type: ignore[assignment]
    print("MFRC522 driver SPI transactions per cell (simulated bus): "
          + ", ".join(f"{k} {v[0]} ({v[1]} B)" for k, v in spi_counts.items()))
    occupied = int(d["snapshot_cells"])  # type: ignore[call-overload]
    n_stack = int(d["snapshot_stacks"])  # type: ignore[call-overload]
    print(f"scan-timing model (firmware/TIMING.md): worst-case time to notice a lift = one full pass; "
          f"{N_CELLS - occupied} empty, {occupied - n_stack} single, {n_stack} stacked cells")
    mfrc, _, pn = readers(spi_counts)
    print(f"  air time per cell: MFRC522 empty {REQA_US + NO_CARD_TIMEOUT_US:.0f} µs (timeout "
          f"{NO_CARD_TIMEOUT_US} µs), 7-byte UID full read {mfrc.occupied_us / 1000:.2f} ms; "
          f"PN5180 empty {pn.empty_us / 1000:.2f} ms, one tag {pn.occupied_us / 1000:.2f} ms")
    for line in model_table(scanner_cell_us, spi_counts, N_CELLS - occupied, occupied - n_stack, n_stack):
        print(line)


if __name__ == "__main__":
    main()
