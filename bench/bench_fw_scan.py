"""Firmware scan cost under the MicroPython unix port; lift -> LED-frame latency through the emulated board.

1. Full scan pass over every simulated reader (346 cells, 60 counters) and the fast re-scan of a change's
   neighbourhood, for the MFRC522 board (emu-346) and the PN5180 board (pico-pn5180-346). Target: a full
   pass < 100 ms, a re-scan a few ms. (Simulated chips answer at once: this is the firmware's own cost.)
2. firmware/main.py on a real pty with a minimal host that answers every CELL with a LEDS frame at once;
   latency = `trace leds` - `trace detect` on the firmware's own clock. Target: p99 < 30 ms.
"""

from __future__ import annotations

import contextlib
import os
import socket
import statistics
import subprocess
import time
from pathlib import Path

import serial
from hexmate.firmware import reliable, wire

ROOT = Path(__file__).resolve().parents[1]
MICROPYTHON = ROOT / ".venv" / "bin" / "micropython"


def _pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p / 100 * (len(s) - 1)))]


def scan_passes() -> None:
    env = dict(os.environ, MICROPYPATH=f".frozen:{ROOT / 'firmware'}")
    for name in ("emu-346", "pico-pn5180-346"):
        out = subprocess.run([str(MICROPYTHON), str(ROOT / "bench" / "fw_scan_mp.py"), name], cwd=ROOT,
                             env=env, capture_output=True, text=True, timeout=300)
        line = next(x for x in out.stdout.splitlines() if x.startswith("RESULT"))
        head, hot_text = line.split("|")
        _, _, n_hot, *passes_text = head.split()
        passes = [int(x) / 1000 for x in passes_text]
        hot = [int(x) / 1000 for x in hot_text.split()]
        print(f"{name}: full pass p50 {statistics.median(passes):.1f} ms p99 {_pct(passes, 99):.1f} ms "
              f"({len(passes)} passes); re-scan of {n_hot} hot cells p50 {statistics.median(hot):.2f} ms "
              f"p99 {_pct(hot, 99):.2f} ms")


def lift_to_leds(n: int = 120) -> None:
    master, slave = os.openpty()
    world, theirs = socket.socketpair()
    env = dict(os.environ, HEXMATE_BOARD=str(ROOT / "hardware/boards/emu-346.json"),
               HEXMATE_WORLD_FD=str(theirs.fileno()))
    proc = subprocess.Popen([str(MICROPYTHON), str(ROOT / "firmware/main.py")], stdin=master, stdout=master,
                            pass_fds=[theirs.fileno()], env=env)
    os.close(master)
    theirs.close()
    port = serial.Serial(os.ttyname(slave), timeout=0)
    ch = reliable.Channel(wire)
    deframer = wire.Deframer()
    buf = b""
    detect: dict[int, int] = {}
    applied: list[int] = []
    pairs: list[float] = []
    try:
        port.write(wire.encode_frame(wire.SYNC, 0, wire.pack_sync(ch.announce())))
        uid = "04a1b2c3d4e5f6"
        cell = 0
        placed = False
        next_move = time.monotonic() + 0.5
        end = time.monotonic() + 60
        while len(pairs) < n and time.monotonic() < end:
            now_ms = int(time.monotonic() * 1000)
            for kind, seq, payload in deframer.feed(port.read(4096)):
                if kind == wire.HELLO:
                    ch.anchor(wire.unpack_hello(payload)[4])
                if ch.receive(kind, seq, payload, now_ms) and kind == wire.CELL:
                    c = wire.unpack_cell(payload)[1]
                    ch.send(wire.LEDS, wire.pack_leds([(c, 255, 255, 255, wire.BLINK, 20),
                                                       ((c + 1) % 346, 0, 255, 0, wire.SOLID, 0)]), now_ms)
            ch.poll(now_ms)
            for f in ch.take():
                port.write(f)
            world.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                buf += world.recv(65536)
            *lines, buf = buf.split(b"\n")
            for line in lines:
                parts = line.decode().split()
                if parts[:2] == ["trace", "detect"]:
                    detect[len(applied)] = int(parts[3])
                elif parts[:2] == ["trace", "leds"]:
                    t = int(parts[2])
                    k = len(applied)
                    applied.append(t)
                    if k in detect:
                        pairs.append((t - detect[k]) / 1000)
            if time.monotonic() >= next_move:
                world.sendall(f"{'lift' if placed else 'place'} {cell} {uid}\n".encode())
                if placed:
                    cell = (cell + 17) % 346
                placed = not placed
                next_move = time.monotonic() + 0.12
            time.sleep(0.0005)
    finally:
        proc.kill()
        proc.wait()
        port.close()
        os.close(slave)
        world.close()
    pairs = [p for p in pairs if p >= 0]
    print(f"emulated lift/place detected -> LEDS applied in firmware: p50 {statistics.median(pairs):.1f} ms "
          f"p99 {_pct(pairs, 99):.1f} ms over {len(pairs)} changes, "
          f"{ch.resends} host resends (trivial host answering at once)")


def main() -> None:
    scan_passes()
    lift_to_leds()


if __name__ == "__main__":
    main()
