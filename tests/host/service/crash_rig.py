"""The crash rig: the real host service in a forked child process, killed with SIGKILL at random moments, and
a board played by this process at the honest boundary, the bytes of the link.

Why this shape: a crash test needs hundreds of kills, and a host that must boot MicroPython, a web server
and a fresh interpreter for each would take seconds a run. Here the parent imports everything once and forks
the host (a fork costs about a millisecond), so a run costs what the host does: build the service (or fold
its record on resume), answer the SYNC, handle a dozen button presses and rolls. The child runs the real
Service, TableConnection, Record, tracker and Panzer Grenadier rules; only the board is played here, with
the firmware's own reliable.Channel and wire modules and the firmware's SYNC handling (HELLO, resend every
unacknowledged frame, a full SNAPSHOT; firmware/main.py), so what the host sees on the socket is what a board
sends. The board keeps its unacknowledged events across a host's death, as a real board does.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import os
import random
import select
import signal
import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hexmate.firmware import reliable, wire
from hexmate.host.game import GameSession
from hexmate.host.link.base import Link, LinkError
from hexmate.host.record import Record
from hexmate.host.service import Service
from hexmate.host.service.build import demo_scenario, open_resume
from hexmate.host.table.calibration import Calibration
from hexmate.host.table.mapboard import MapBoard, board_for
from hexmate.host.table.registry import load_demo
from hexmate.host.table.tracker import Tracker

GAME = "pg"  # its demo alternates rolls (initiative) and done presses (ends of phases)
DONE = 2


def make_board(session: GameSession) -> MapBoard:
    """A board made for the demo map (a cell on every hex) with two dice buttons and a done button."""
    return board_for(session.map, "crash-board", ("dice-a", "dice-b", "done"), dice=2)


class SocketLink(Link):
    """The host's end of a socketpair, read with the event loop's reader like SerialLink reads a port."""

    def __init__(self, sock: socket.socket) -> None:
        super().__init__()
        self.sock = sock
        self.lost = asyncio.Event()

    @property
    def name(self) -> str:
        return "crash-rig socket"

    async def connect(self) -> None:
        self.sock.setblocking(False)
        asyncio.get_running_loop().add_reader(self.sock.fileno(), self._readable)

    def _readable(self) -> None:
        try:
            data = self.sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.sock.fileno())
            self.lost.set()
            self.on_lost("the board hung up")
            return
        self.on_bytes(data)

    async def send(self, data: bytes) -> None:
        try:
            self.sock.sendall(data)
        except OSError as e:
            raise LinkError(f"crash-rig socket: {e}") from None

    async def close(self) -> None:
        pass


def host_main(sock: socket.socket, record_path: Path, resume: bool) -> None:
    """The child: build the service (new record, or fold the record it resumes), run until the board hangs
    up, close the record."""

    async def run() -> None:
        owed = None
        if resume:
            record, session, owed, _header = open_resume(record_path)
        else:
            session = GameSession.load(GAME, demo_scenario(GAME))
            record = Record.create(record_path, {"game": GAME, "scenario_path": str(demo_scenario(GAME)),
                                                 "board": "crash-board"})
        board = make_board(session)
        registry = load_demo(GAME)
        tracker = Tracker(Calibration.default_for(board, session.map), registry, session, quiet_ms=50)
        link = SocketLink(sock)
        service = Service(link, board=board, session=session, tracker=tracker, registry=registry,
                          record=record, connection_options={"resend_ms": 60_000, "silence_ms": 60_000})
        if owed is not None:
            service.resumed(owed)
        task = asyncio.create_task(service.run())
        await link.lost.wait()
        service.stop()
        await task

    asyncio.run(run())


@functools.cache
def demo_cells() -> dict[int, list[bytes]]:
    """The demo's counters on their hexes: cell -> tag UIDs."""
    session = GameSession.load(GAME, demo_scenario(GAME))
    cal = Calibration.default_for(make_board(session), session.map)
    registry = load_demo(GAME)
    cells: dict[int, list[bytes]] = {}
    for unit, h in session.expected().items():
        uid, cell = registry.uid_of_unit(unit), cal.cell_of(h)
        if uid is not None and cell is not None:
            cells.setdefault(cell, []).append(bytes.fromhex(uid))
    return cells


class FakeBoard:
    """The board: the firmware's Channel, its SYNC handling, the demo's counters lying on their hexes, and
    a script of presses (a roll when the host has armed the dice, else done)."""

    def __init__(self, seed: int, steps: int, script: list[str] | None = None) -> None:
        self.rng = random.Random(seed)
        self.ch = reliable.Channel(wire, resend_ms=150, window=reliable.EVENT_WINDOW)  # as main.py
        self.deframer = wire.Deframer()
        self.t_ms = 1000
        self.steps = steps
        self.step = 0
        self.armed: tuple[int, int] | None = None  # (request, count) of the latest DICE_ARM
        self.unacked: list[tuple[int, tuple[str, int, int]]] = []  # seq -> (kind, seq, t_ms), oldest first
        self.acked: list[tuple[str, int, int]] = []
        self.sent = 0
        self.scan = 1
        self.cells = demo_cells()
        self.sock: socket.socket | None = None
        self.killed_at: int | None = None  # the step the host was killed at
        self.duration_s = 0.0
        # what the player does at each step: "roll" or "done". The first run decides from the lights (the
        # dice armed); later runs of the same game replay those decisions, as the player would repeat them
        # (a board may still hold an arm for a roll the resumed host has just answered with a resent roll).
        self.script = script
        self.did: list[str] = []
        self.sent_at: list[float] = []

    # --- the wire -----------------------------------------------------------------------------------------
    def _now(self) -> int:
        return int(time.monotonic() * 1000)

    def _write(self) -> None:
        frames = self.ch.take()
        if frames and self.sock is not None:
            with contextlib.suppress(OSError):  # the host died: the unacknowledged is resent to the next one
                self.sock.sendall(b"".join(frames))

    def _event(self, kind: int, name: str, payload_for: Any) -> None:
        self.t_ms += 7
        payload = payload_for(self.t_ms)
        before = self.ch._tx_seq
        self.ch.send(kind, payload, self._now())
        seq = wire.next_seq(before)
        self.unacked.append((seq, (name, seq, self.t_ms)))
        self.sent += 1
        self.sent_at.append(time.monotonic())
        self._write()

    def _on_frame(self, kind: int, seq: int, payload: bytes) -> None:
        if kind == wire.SYNC:
            self.ch.anchor(wire.unpack_sync(payload))
            announce = self.ch.announce()
            hello = wire.pack_hello(len(self.cells), 0, wire.CAP_DICE, announce, "crash-board", "rig")
            self.ch.send_now(wire.HELLO, hello)
            self.ch.resend_all(self._now())
            self.scan += 1
            entries = [(c, wire.TAGS, uids) for c, uids in sorted(self.cells.items())]
            self.ch.send(wire.SNAPSHOT, wire.pack_snapshot(self.scan, 0, 1, entries), self._now())
            self._write()
            return
        if kind == wire.ACK:
            # cumulative, as the channel takes it: ACK(n) acknowledges every frame in flight up to n (the host
            # sends one per batch, for its last frame, which may be a SNAPSHOT this list does not hold)
            acked = wire.unpack_ack(payload)
            flight = [s for s, _ in self.ch._in_flight]
            if acked in flight:
                done = set(flight[: flight.index(acked) + 1])
                self.acked += [e for s, e in self.unacked if s in done]
                self.unacked = [(s, e) for s, e in self.unacked if s not in done]
        deliver = self.ch.receive(kind, seq, payload, self._now())
        if deliver and kind == wire.DICE_ARM:
            request, _button, count, _sides = wire.unpack_dice_arm(payload)
            self.armed = (request, count)
        self._write()

    def pump(self, until: float) -> None:
        """Read and answer what the host sends until ``until`` (monotonic seconds)."""
        assert self.sock is not None
        while True:
            left = until - time.monotonic()
            if left <= 0:
                return
            ready, _, _ = select.select([self.sock], [], [], left)
            if not ready:
                return
            try:
                data = self.sock.recv(65536)
            except OSError:
                data = b""
            if not data:
                return
            for kind, seq, payload in self.deframer.feed(data):
                self._on_frame(kind, seq, payload)
            self.ch.poll(self._now())
            self._write()

    def settle(self, quiet_s: float = 0.004, limit_s: float = 10.0) -> None:
        """Wait until every event is acknowledged and the host has been quiet a moment (a player looks at
        the lights before pressing the next button)."""
        end = time.monotonic() + limit_s
        while time.monotonic() < end:
            before = (len(self.unacked), self.armed, self.sent)
            self.pump(time.monotonic() + quiet_s)
            if not self.unacked and (len(self.unacked), self.armed, self.sent) == before:
                return

    def act(self) -> None:
        """One step of the script: a few cells re-read as they are, then a roll or the done button."""
        for _ in range(2):
            cell = self.rng.choice(sorted(self.cells))
            self._event(wire.CELL, "cell", lambda t, c=cell: wire.pack_cell(self.scan, c, wire.TAGS, t,
                                                                              self.cells[c]))
        if self.script is not None:
            roll = self.script[self.step] == "roll"
            end = time.monotonic() + 10.0
            while roll and self.armed is None and time.monotonic() < end:
                self.pump(time.monotonic() + 0.005)
            assert not roll or self.armed is not None, f"step {self.step}: no roll armed"
        else:
            roll = self.armed is not None
        self.did.append("roll" if roll else "done")
        if roll:
            assert self.armed is not None
            request, count = self.armed
            self.armed = None
            values = [self.rng.randint(1, 6) for _ in range(count)]
            self._event(wire.DICE, "rolled", lambda t: wire.pack_dice(request, 0, t, values))
        else:
            self._event(wire.BUTTON, "button", lambda t: wire.pack_button(DONE, 1, t))
        self.step += 1


@dataclasses.dataclass(frozen=True)
class Kill:
    """When to SIGKILL the host: ``after_s`` after it was forked, or ``delay_s`` after the board sent its
    event number ``event`` (1-based), which aims the kill inside the handling of that event."""

    after_s: float | None = None
    event: int | None = None
    delay_s: float = 0.0


def play(record: Path, seed: int, steps: int, kill: Kill | None,
         on_kill: Callable[[Path, FakeBoard], None] = lambda record, board: None,
         script: list[str] | None = None) -> FakeBoard:
    """Play ``steps`` steps against a forked host; with ``kill``, SIGKILL the host once (then check what is
    on disk with ``on_kill``), resume it from the record and play on to the end."""
    board = FakeBoard(seed, steps, script)
    started = time.monotonic()
    resume = False
    while True:
        ours, theirs = socket.socketpair()
        pid = os.fork()
        if pid == 0:  # the host
            ours.close()
            code = 0
            try:
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                host_main(theirs, record, resume)
            except BaseException:
                import traceback

                traceback.print_exc()
                code = 1
            os._exit(code)
        theirs.close()
        board.sock = ours
        forked = time.monotonic()
        deadline = None
        while board.step < steps:
            board.settle()
            if kill is not None and kill.after_s is not None and time.monotonic() >= forked + kill.after_s:
                deadline = forked + kill.after_s
                break
            board.act()
            if kill is not None and kill.event is not None and board.sent >= kill.event:
                deadline = board.sent_at[kill.event - 1] + kill.delay_s
                break
            if kill is not None and kill.after_s is not None and time.monotonic() >= forked + kill.after_s:
                deadline = forked + kill.after_s
                break
        if kill is not None and deadline is not None:
            while time.monotonic() < deadline:
                pass  # the kill lands within microseconds of its aim
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            ours.close()
            board.sock = None
            board.killed_at = board.step
            kill = None
            resume = record.exists()  # a host killed before its record existed starts afresh
            on_kill(record, board)
            continue
        board.settle()
        ours.close()
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0, "the host failed (see its traceback above)"
        board.duration_s = time.monotonic() - started
        return board
