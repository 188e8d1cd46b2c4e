"""The switched-coil board (hardware/SENSING.md): the firmware's cost, measured; the scan time, modelled.

Measured under the MicroPython unix port on emu-asl-mux (bench/mux_mp.py): SPI transactions per hex (empty,
one tag, a stack of five), switch channel changes per pass, and the CPU time of a pass with the channel
settling taken out (fastest of 15 passes: other processes only ever add time). Modelled from the ISO 15693
timings of bench_firmware.py (estimates, no hardware here): air time per hex, a stack of five (Monte Carlo
over random UIDs, the driver's 1-slot probe then 16-slot rounds with masks), and the pass time of the ASL
board read one tile at a time and with the six tiles in lockstep (what the firmware does). Measured in
emulation with the PN5180 model's air time on: lockstep against one tile at a time, and the scanner in the
asyncio loop against a second thread. The CPU floor on an RP2040 is the measured CPU time times an
unmeasured slowdown.

Run: `python -m bench bench_mux`.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
from pathlib import Path

from hexmate.hardware.boards import load_board
from hexmate.host.commands.firmware import FIRMWARE_DIR, find_tool

from bench.bench_firmware import (
    EMPTY_SLOT_US,
    INVENTORY_REQ_US,
    INVENTORY_RESP_US,
    SLOWDOWN,
    SPI_TXN_US,
    T1_US,
)

ROOT = FIRMWARE_DIR.parent
EOF_US = 37.76  # ISO 15693 VCD EOF that moves the tags to the next slot
NO_SOF_US = 200  # how long the driver waits past t1 to call a slot empty (the 1-slot probe)
DEMO = {"empty": 300, "one": 35, "two": 11}  # the demo table of firmware/TIMING.md (60 counters)


def run_micropython() -> dict[str, object]:
    env = dict(os.environ, MICROPYPATH=f"{FIRMWARE_DIR}:.frozen")
    proc = subprocess.run([str(find_tool("micropython")), str(Path(__file__).with_name("mux_mp.py"))],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=True)
    line = next(x for x in proc.stdout.splitlines() if x.startswith("RESULT "))
    data: dict[str, object] = json.loads(line[len("RESULT "):])
    return data


def slot_round_us(tags: list[int], mask_bits: int, collided: list[list[int]]) -> float:
    """One 16-slot inventory round over `tags` (UIDs already matching the mask): request, then each slot
    either empty or answered (a collision costs a whole answer's time too)."""
    t = INVENTORY_REQ_US
    slots: dict[int, list[int]] = {}
    for uid in tags:
        slots.setdefault((uid >> mask_bits) & 0xF, []).append(uid)
    for s in range(16):
        who = slots.get(s, [])
        t += EOF_US if s else 0.0
        t += (T1_US + INVENTORY_RESP_US) if who else EMPTY_SLOT_US
        if len(who) > 1:
            collided.append(who)
    return t


def stack_us(n: int, rng: random.Random) -> float:
    """Air time to read a stack of n tags: the 1-slot probe collides, then 16-slot rounds, each collided
    slot again with 4 more mask bits (firmware/pn5180.py)."""
    uids = [rng.getrandbits(48) for _ in range(n)]
    t = INVENTORY_REQ_US + T1_US + INVENTORY_RESP_US
    work: list[tuple[list[int], int]] = [(uids, 0)]
    while work:
        tags, bits = work.pop()
        collided: list[list[int]] = []
        t += slot_round_us(tags, bits, collided)
        work += [(c, bits + 4) for c in collided]
    return t


def two_cores() -> None:
    """firmware/main.py on emu-asl-mux, the PN5180 model answering only after each exchange's air time, with
    the scanner in the asyncio loop and on a second thread (HEXMATE_SCAN_THREAD=1): scan passes per second
    (heartbeat counts) and the PING -> PONG round trip while a stack of five lies on the board (how long
    the link task waits for the scanner to yield)."""
    import struct
    import sys
    import time

    sys.path.insert(0, str(ROOT / "tests" / "firmware"))
    from fwproc import FirmwareProcess  # the tests' launcher: real pty, world socket
    from hexmate.firmware import wire

    board = ROOT / "hardware" / "boards" / "emu-asl-mux.json"
    stack = [f"e0040100000000{k}1" for k in range(1, 6)]
    cases = [("one core (asyncio)", {"HEXMATE_SIM_AIRTIME": "1"}),
             ("scanner on a second thread", {"HEXMATE_SIM_AIRTIME": "1", "HEXMATE_SCAN_THREAD": "1"})]
    for label, env in cases:
        fw = FirmwareProcess(board, env=env)
        try:
            fw.wait_for(wire.SNAPSHOT, timeout=15)
            fw.tell(*[f"place 100 {u}" for u in stack])
            _up, s0, _c = wire.unpack_heartbeat(fw.wait_for(wire.HEARTBEAT, timeout=5)[2])
            t0 = time.monotonic()
            rtts = []
            for token in range(60):
                sent = time.monotonic()
                fw.send(wire.PING, struct.pack("<I", token))
                while True:
                    _kind, _seq, payload = fw.wait_for(wire.PONG, timeout=5)
                    if struct.unpack("<I", payload)[0] == token:
                        break
                rtts.append((time.monotonic() - sent) * 1000)
                time.sleep(0.03)
            _up, s1, _c = wire.unpack_heartbeat(fw.wait_for(wire.HEARTBEAT, timeout=5)[2])
            rate = (s1 - s0) / (time.monotonic() - t0)
            print(f"  {label}: {rate:.1f} passes/s; PING round trip p50 {statistics.median(rtts):.1f} ms, "
                  f"p99 {sorted(rtts)[int(0.99 * len(rtts))]:.1f} ms")
        finally:
            fw.close()


def lockstep() -> None:
    """Pass time of emu-asl-mux with the air time modelled and the demo table's 60 counters lying on the
    board from power-up (no hot neighbourhood): tiles read one at a time vs a channel on all tiles at once."""
    import sys
    import time

    sys.path.insert(0, str(ROOT / "tests" / "firmware"))
    from fwproc import FirmwareProcess
    from hexmate.firmware import wire

    board = ROOT / "hardware" / "boards" / "emu-asl-mux.json"
    placed = [f"place {(k * 37) % 346} e00401{k + 1:010x}" for k in range(60)]
    base = {"HEXMATE_SIM_AIRTIME": "1", "HEXMATE_SCAN_THREAD": "1"}
    cases = [("one tile at a time", {**base, "HEXMATE_LOCKSTEP": "0"}), ("tiles in lockstep", base)]
    for label, env in cases:
        fw = FirmwareProcess(board, env=env, world_before=placed)
        try:
            fw.wait_for(wire.SNAPSHOT, timeout=10)
            _up0, s0, _c = wire.unpack_heartbeat(fw.wait_for(wire.HEARTBEAT, timeout=5)[2])
            t0 = time.monotonic()
            s1 = s0
            while time.monotonic() - t0 < 6 or s1 - s0 < 3:
                _up1, s1, _c = wire.unpack_heartbeat(fw.wait_for(wire.HEARTBEAT, timeout=5)[2])
            print(f"  {label}: {(time.monotonic() - t0) / (s1 - s0) * 1000:.0f} ms per pass "
                  f"({s1 - s0} passes)")
        finally:
            fw.close()


def main() -> None:
    print("lockstep, measured on emu-asl-mux with the air time modelled (HEXMATE_SIM_AIRTIME=1), scanner "
          "on a second thread, the demo table's 60 counters on the board:")
    lockstep()
    print("two cores, measured on emu-asl-mux with the PN5180 model's ISO 15693 air time on "
          "(HEXMATE_SIM_AIRTIME=1) and a stack of five on a hex:")
    two_cores()
    d = run_micropython()
    settle_us = float(d["settle_us"])  # type: ignore[arg-type]
    n_cells = int(d["n_cells"])  # type: ignore[call-overload]
    readers = int(d["readers"])  # type: ignore[call-overload]
    cpu = [float(x) for x in d["pass_cpu_us"]]  # type: ignore[attr-defined]
    passes = [float(x) for x in d["pass_us"]]  # type: ignore[attr-defined]
    spi = {k: int(d[k]) for k in ("spi_empty", "spi_one_tag", "spi_stack_of_5")}  # type: ignore[call-overload]
    changes = statistics.median([float(x) for x in d["switch_changes_per_pass"]])  # type: ignore[attr-defined]
    print(f"emu-asl-mux firmware (MicroPython unix port, x86; simulated chips answer at once): {n_cells} "
          f"hexes, {readers} readers, settle {settle_us:.0f} µs per channel change")
    print(f"  switch channel changes per pass: {changes:.0f} (channel-major numbering: one per channel, "
          f"not one per hex)")
    print(f"  SPI transactions per hex: empty {spi['spi_empty']}, one tag {spi['spi_one_tag']}, stack of "
          f"five {spi['spi_stack_of_5']} ({d['collisions_stack_of_5']} collisions resolved)")
    cell_us = min(cpu) / n_cells
    print(f"  pass CPU time without settling: min {min(cpu) / 1000:.1f} ms = {cell_us:.0f} µs per hex "
          f"(the simulated chips' own work included: an upper bound), median "
          f"{statistics.median(cpu) / 1000:.0f} ms (noisy host); whole pass median "
          f"{statistics.median(passes) / 1000:.0f} ms")

    rng = random.Random(17)
    empty = INVENTORY_REQ_US + T1_US + NO_SOF_US
    one = INVENTORY_REQ_US + T1_US + INVENTORY_RESP_US
    two = sorted(stack_us(2, rng) for _ in range(2000))
    five = sorted(stack_us(5, rng) for _ in range(2000))
    print("model (estimates from the ISO 15693 timings; no hardware measured):")
    print(f"  air time per hex: empty {empty / 1000:.2f} ms, one tag {one / 1000:.2f} ms, stack of two "
          f"median {statistics.median(two) / 1000:.1f} ms, stack of five median "
          f"{statistics.median(five) / 1000:.1f} ms (p99 {five[int(0.99 * len(five))] / 1000:.1f} ms)")
    two_us = statistics.median(two)
    air = DEMO["empty"] * empty + DEMO["one"] * one + DEMO["two"] * two_us
    channel_of = [c.reader.channel for c in load_board("emu-asl-mux").cells]
    channels = len(set(channel_of))
    sequential = air + channels * settle_us
    lock = []
    for _ in range(200):  # the demo table's counters on random hexes; a channel lasts as its slowest tile
        cost = [empty] * len(channel_of)
        cells = rng.sample(range(len(channel_of)), DEMO["one"] + DEMO["two"])
        for k, cell in enumerate(cells):
            cost[cell] = one if k < DEMO["one"] else two_us
        slowest: dict[int, float] = {}
        for cell, ch in enumerate(channel_of):
            slowest[ch] = max(slowest.get(ch, 0.0), cost[cell])
        lock.append(sum(slowest.values()) + channels * settle_us)
    print(f"  ASL board, demo table: one reader at a time {sequential / 1000:.0f} ms per pass "
          f"({channels} settles = {channels * settle_us / 1000:.0f} ms of it); six tiles in lockstep "
          f"median {statistics.median(lock) / 1000:.0f} ms (each channel lasts as its slowest tile)")
    txns = DEMO["empty"] * spi["spi_empty"] + DEMO["one"] * spi["spi_one_tag"] + DEMO["two"] * 40
    print(f"  CPU floor per pass on one RP2040 core (measured x86 µs/hex x slowdown + {txns} SPI "
          f"transactions x {SPI_TXN_US:.0f} µs, assumed): " + ", ".join(
              f"x{f}: {(n_cells * cell_us * f + txns * SPI_TXN_US) / 1000:.0f} ms" for f in SLOWDOWN))


if __name__ == "__main__":
    main()
