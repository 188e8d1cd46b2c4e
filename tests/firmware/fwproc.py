"""Runs firmware/main.py under the real MicroPython unix port on a real pty, with a world channel socket.

The firmware's stdin/stdout are the pty master; the test talks to the slave through pyserial, exactly as the
host's emulated link does. Frames are decoded with the shared wire module and acknowledged (or not) by a
reliable.Channel, so the tests exercise the protocol the way the host will.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import serial
from hexmate.firmware import reliable, wire

ROOT = Path(__file__).resolve().parents[2]
MICROPYTHON = ROOT / ".venv" / "bin" / "micropython"
EMU_BOARD = ROOT / "hardware" / "boards" / "emu-346.json"

Frame = tuple[int, int, bytes]


class FirmwareProcess:
    def __init__(self, board: Path = EMU_BOARD, *, env: Mapping[str, str] | None = None,
                 world_before: Sequence[str] = ()) -> None:
        """``env``: extra environment (HEXMATE_WDT_MS, HEXMATE_WORLD_READY); ``world_before``: world lines
        already waiting on the channel when the firmware starts (the board as it lies at power-up)."""
        master, slave = os.openpty()
        self.world, theirs = socket.socketpair()
        if world_before:
            self.world.sendall("".join(line + "\n" for line in world_before).encode())
        env = dict(os.environ, HEXMATE_BOARD=str(board), HEXMATE_WORLD_FD=str(theirs.fileno()), **(env or {}))
        self.proc = subprocess.Popen(
            [str(MICROPYTHON), str(ROOT / "firmware" / "main.py")],
            stdin=master, stdout=master, stderr=subprocess.PIPE, pass_fds=[theirs.fileno()], env=env,
        )
        os.close(master)
        theirs.close()
        self.port = serial.Serial(os.ttyname(slave), baudrate=115200, timeout=0)
        os.close(slave)
        self.deframer = wire.Deframer()
        self.channel = reliable.Channel(wire)
        self.ack = True
        self.world.setblocking(False)
        self._world_buf = b""
        self.world_lines: list[str] = []
        self.received: list[Frame] = []

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(5)
        self.port.close()
        self.world.close()

    def stderr(self) -> str:
        self.proc.kill()
        assert self.proc.stderr is not None
        return self.proc.stderr.read().decode(errors="replace")

    # --- link -------------------------------------------------------------------------------------------
    def send(self, kind: int, payload: bytes = b"", sequenced: bool = False) -> None:
        now = int(time.monotonic() * 1000)
        if sequenced:
            self.channel.send(kind, payload, now)
        else:
            self.channel.send_now(kind, payload)
        self._flush()

    def send_acked(self, kind: int, payload: bytes = b"", timeout: float = 3.0) -> None:
        """Send a sequenced frame and read until the firmware has acknowledged it: what it asks (a dice arm)
        is then in force before the test acts through the world channel, a separate path with no order
        against the link's."""
        self.send(kind, payload, sequenced=True)
        end = time.monotonic() + timeout
        while self.channel.pending():
            if time.monotonic() >= end:
                raise AssertionError(f"no ACK of {wire.NAMES[kind]} within {timeout}s; "
                                     f"stderr: {self.stderr()}")
            self.pump(0.02)

    def sync(self) -> None:
        self.send(wire.SYNC, wire.pack_sync(self.channel.announce()))

    def _flush(self) -> None:
        for frame in self.channel.take():
            self.port.write(frame)

    def pump(self, seconds: float = 0.05) -> list[Frame]:
        """Read for `seconds`; deliver frames through the channel (which ACKs when self.ack)."""
        got: list[Frame] = []
        end = time.monotonic() + seconds
        while True:
            data = self.port.read(4096)
            now = int(time.monotonic() * 1000)
            for kind, seq, payload in self.deframer.feed(data):
                if kind == wire.HELLO:
                    self.channel.anchor(wire.unpack_hello(payload)[4])
                if not self.ack and seq:
                    got.append((kind, seq, payload))
                    continue
                if self.channel.receive(kind, seq, payload, now) or kind == wire.ACK:
                    got.append((kind, seq, payload))
            self.channel.poll(now)
            self._flush()
            self._read_world()
            if time.monotonic() >= end:
                break
            if not data:
                time.sleep(0.002)
        self.received.extend(got)
        return got

    def wait_for(self, kind: int, timeout: float = 3.0) -> Frame:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for i, f in enumerate(self.received):
                if f[0] == kind:
                    del self.received[: i + 1]
                    return f
            self.pump(0.02)
        raise AssertionError(f"no {wire.NAMES[kind]} within {timeout}s; stderr: {self.stderr()}")

    # --- world ------------------------------------------------------------------------------------------
    def tell(self, *lines: str) -> None:
        self.world.sendall("".join(line + "\n" for line in lines).encode())

    def _read_world(self) -> None:
        try:
            data = self.world.recv(65536)
        except BlockingIOError:
            return
        self._world_buf += data
        *lines, self._world_buf = self._world_buf.split(b"\n")
        self.world_lines.extend(line.decode() for line in lines)

    def wait_world(self, prefix: str, timeout: float = 3.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for i, line in enumerate(self.world_lines):
                if line.startswith(prefix):
                    del self.world_lines[: i + 1]
                    return line
            self.pump(0.02)
        raise AssertionError(f"no world line {prefix!r} within {timeout}s; stderr: {self.stderr()}")
