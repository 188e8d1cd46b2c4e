"""TableConnection: the host end of the wire protocol over any Link (serial, BLE, emulated pty).

It owns one reliable.Channel (shared with the firmware) and a wire.Deframer, and implements the host side of
the resync rules in firmware/PROTOCOL.md: SYNC on connect, reconnect and silence; anchor on HELLO; SYNC again
for an unsolicited HELLO (the board rebooted) and, rate-limited, whenever a sequenced frame arrives before an
anchor; after a solicited HELLO resend everything unacknowledged and then the complete LED state. Decoded
messages go to one callback, in order; the connection state is always published as a StateChanged message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import struct
import time
from collections.abc import Callable, Mapping

from hexmate.firmware import reliable, wire
from hexmate.host.link.base import Link, LinkError, LinkUnavailable
from hexmate.host.protocol.events import (
    OFF,
    ButtonEdge,
    CellChanged,
    ConnState,
    Counters,
    DiceRolled,
    Fault,
    FirmwareLog,
    Heartbeat,
    Hello,
    Led,
    Snapshot,
    SnapshotEntry,
    StateChanged,
    TableMessage,
    uid_hex,
)
from hexmate.host.protocol.framing import Deframer
from hexmate.rules.text import T

LOGGER = logging.getLogger(__name__)

LEDS_PER_FRAME = (wire.MAX_BODY - 4) // 7  # kind + seq + CRC around 7-byte entries
_TICK_S = 0.02


def _now_ms() -> int:
    return int(time.monotonic() * 1000)


class TableConnection:
    """Keeps one table connected for as long as ``run()`` runs; reconnects with backoff.

    ``on_message`` is called from the event loop for every delivered message (in order) and for every
    connection state change. Commands (``set_leds``, ``arm_dice``, ``command``) may be called at any time;
    sequenced commands are queued and resent until acknowledged, across reconnects.
    """

    def __init__(
        self,
        link: Link,
        on_message: Callable[[TableMessage], None],
        *,
        silence_ms: int = 3000,
        sync_retry_ms: int = 1000,
        anchor_sync_ms: int = 500,
        solicited_window_ms: int = 1500,
        retry_initial_s: float = 0.25,
        retry_max_s: float = 5.0,
        resend_ms: int = 150,
        before_send: Callable[[], None] | None = None,
    ) -> None:
        self.link = link
        # called before any frame leaves (the record's commit): an ACK never precedes the durable entry
        self.before_send = before_send
        self.last_seq = 0  # the sequence number of the message being delivered (0: unsequenced)
        self.on_message = on_message
        self.silence_ms = silence_ms
        self.sync_retry_ms = sync_retry_ms
        self.anchor_sync_ms = anchor_sync_ms
        self.solicited_window_ms = solicited_window_ms
        self.retry_initial_s = retry_initial_s
        self.retry_max_s = retry_max_s
        self.channel = reliable.Channel(wire, resend_ms=resend_ms)
        self.counters = Counters()
        self.state = ConnState.CONNECTING
        self.detail: str = T("connecting to {link}", link=link.name)
        self.hello: Hello | None = None
        self._deframer = Deframer()
        self._rx_partial = bytearray()
        self._desired: dict[int, Led] = {}
        self._sent: dict[int, Led] = {}
        self._backlog: list[tuple[int, bytes]] = []
        self._snapshot_scan = -1
        self._snapshot_parts: dict[int, list[tuple[int, int, list[bytes]]]] = {}
        self._last_rx_ms = 0
        self._last_sync_ms = -(10**9)
        self._last_logged: tuple[ConnState, str] = (ConnState.CONNECTING, "")
        self._syncs_unanswered = 0
        # per SYNC not yet answered: the frames in flight when it went out (its announcement is the first)
        self._sync_in_flight: list[list[bytes]] = []
        self._out = bytearray()
        self._out_ready = asyncio.Event()
        self._lost: asyncio.Event | None = None
        self._lost_reason = ""
        self._stopping = False
        self._connected = False
        self._batching = False  # inside _on_bytes: flushes wait for the end of the read

    # --- public commands ---------------------------------------------------------------------------------
    def set_leds(self, frame: Mapping[int, Led]) -> None:
        """Make the table show ``frame`` (cell -> Led; absent cells dark). Only the difference is sent."""
        self._desired = {cell: led for cell, led in frame.items() if led != OFF}
        if self.state is ConnState.LIVE:
            self._send_led_diff()
            self._flush()

    def arm_dice(self, request: int, button: int, count: int, sides: int = 6, context: bytes = b"") -> None:
        """The next press of ``button`` (255: any dice button) rolls ``count`` dice of ``sides`` faces (6 or
        10) on the board; the DICE that answers carries ``request`` (and, from a keyed board, an
        authenticator over the roll and ``context``). A count or die the protocol has no code
        for raises wire.WireError here, before anything is queued."""
        self.command(wire.DICE_ARM, wire.pack_dice_arm(request, button, count, sides, context))

    def command(self, kind: int, payload: bytes = b"") -> None:
        """Queue a sequenced host->device command (resent until acknowledged, never dropped)."""
        self._queue(kind, payload)
        self._flush()

    def sync(self) -> None:
        """Ask the board for HELLO, its pending events and a full snapshot."""
        self._send_sync()
        self._flush()

    @property
    def leds(self) -> dict[int, Led]:
        """The LED state the host wants the table to show now."""
        return dict(self._desired)

    def pending(self) -> int:
        return self.channel.pending() + len(self._backlog)

    # --- the connection loop -----------------------------------------------------------------------------
    async def run(self) -> None:
        """Connect, keep the link alive, reconnect on loss with backoff; returns after ``stop()``."""
        backoff = self.retry_initial_s
        first = True
        while not self._stopping:
            self._publish(ConnState.CONNECTING, T("opening {link}", link=self.link.name))
            try:
                await self.link.connect()
            except LinkUnavailable as e:
                self.counters.last_error = str(e)
                self._publish(ConnState.LOST, T("{why}; retrying in {seconds} s", why=str(e),
                                                  seconds=f"{backoff:.1f}"))
                await self._sleep(backoff)
                backoff = min(backoff * 2, self.retry_max_s)
                continue
            if not first:
                self.counters.reconnects += 1
            first = False
            backoff = self.retry_initial_s
            await self._serve_connection()
            if self._stopping:
                break
            self._publish(ConnState.LOST, T("{why}; reconnecting", why=self._lost_reason))
            await self._sleep(self.retry_initial_s)

    async def stop(self) -> None:
        self._stopping = True
        if self._lost is not None:
            self._lost.set()
        await self.link.close()

    async def _sleep(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while not self._stopping and time.monotonic() < end:
            await asyncio.sleep(min(0.05, end - time.monotonic()))

    async def _serve_connection(self) -> None:
        lost = asyncio.Event()
        self._lost = lost
        self._lost_reason = T("{link} closed", link=self.link.name)

        def on_lost(reason: str) -> None:
            self._lost_reason = reason
            lost.set()

        self.link.on_lost = on_lost
        self.link.on_bytes = self._on_bytes
        self._deframer = Deframer()
        self._rx_partial = bytearray()
        self._out = bytearray()
        self.channel.unanchor()
        self._sync_in_flight = []  # a new link: the SYNC below announces the first unacknowledged frame
        self._connected = True
        self._last_rx_ms = _now_ms()
        self._publish(ConnState.SYNCING, T("{link} open; waiting for the table to answer",
                                           link=self.link.name))
        self._send_sync()
        self._flush()
        writer = asyncio.create_task(self._writer(lost))
        try:
            while not lost.is_set():
                self._tick()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(lost.wait(), _TICK_S)
        finally:
            self._connected = False
            writer.cancel()
            self.channel.unanchor()
            self.link.on_bytes = lambda data: None
            if not self._stopping:
                await self.link.close()

    async def _writer(self, lost: asyncio.Event) -> None:
        while not lost.is_set():
            await self._out_ready.wait()
            self._out_ready.clear()
            if not self._out:
                continue
            data = bytes(self._out)
            self._out.clear()
            try:
                await self.link.send(data)
            except LinkError as e:
                self._lost_reason = str(e)
                lost.set()

    def _tick(self) -> None:
        now = _now_ms()
        quiet = now - self._last_rx_ms
        if self.state is ConnState.LIVE and quiet >= self.silence_ms:
            self._publish(ConnState.SILENT, T("the table on {link} has been silent for {seconds} s; "
                                              "asking it to resync",
                                              link=self.link.name, seconds=f"{quiet / 1000:.0f}"))
            self._send_sync()
        elif self.state is ConnState.SYNCING and now - self._last_sync_ms >= self.sync_retry_ms:
            self._publish(ConnState.SYNCING,
                          T("{link} open but the table does not answer; asked {count} times",
                            link=self.link.name, count=self.counters.syncs_sent))
            self._send_sync()
        elif self.state is ConnState.SILENT and now - self._last_sync_ms >= self.silence_ms:
            self._send_sync()
        self.channel.poll(now)
        self._flush()

    # --- receiving ---------------------------------------------------------------------------------------
    def _on_bytes(self, data: bytes) -> None:
        # Feed the deframer one delimited segment at a time, so each error is counted under its own cause.
        # Group commit: whatever the frames of this read cause is written out (and the record synced) once,
        # after the last of them, so the ACKs of a burst share one sync of the record.
        self._batching = True
        try:
            start = 0
            while True:
                end = data.find(b"\x00", start)
                if end < 0:
                    if start < len(data):
                        self._feed(data[start:])
                    break
                self._feed(data[start : end + 1])
                start = end + 1
        finally:
            self._batching = False
        self._flush()

    def _feed(self, segment: bytes) -> None:
        before = self._deframer.errors
        frames = self._deframer.feed(segment)
        if self._deframer.errors != before:
            self.counters.last_error = self._deframer.last_error or "bad frame"
            if self._deframer.last_error == "bad CRC":
                self.counters.crc_errors += 1
            else:
                self.counters.malformed += 1
        for kind, seq, payload in frames:
            self._on_frame(kind, seq, payload)

    def _on_frame(self, kind: int, seq: int, payload: bytes) -> None:
        now = _now_ms()
        self._last_rx_ms = now
        self.counters.frames_in += 1
        if self.state is ConnState.SILENT:
            self._publish(ConnState.LIVE, T("the table on {link} answers again", link=self.link.name))
        try:
            deliver = self.channel.receive(kind, seq, payload, now)
        except wire.WireError as e:
            self._malformed(kind, e)
            return
        self._sync_counters()
        if self.channel.wants_anchor and now - self._last_sync_ms >= self.anchor_sync_ms:
            self._send_sync()
        if not deliver:
            return
        self.last_seq = seq
        try:
            self._decode(kind, payload, now)
        except (wire.WireError, struct.error, UnicodeError) as e:
            self._malformed(kind, e)

    def _malformed(self, kind: int, err: Exception) -> None:
        self.counters.malformed += 1
        self.counters.last_error = f"{wire.NAMES.get(kind, hex(kind))}: {err}"
        LOGGER.warning("undecodable %s frame from %s: %s", wire.NAMES.get(kind, kind), self.link.name, err)

    def _decode(self, kind: int, payload: bytes, now: int) -> None:
        if kind == wire.HELLO:
            self._on_hello(payload, now)
        elif kind == wire.CELL:
            scan, cell, state, t_ms, uids = wire.unpack_cell(payload)
            self.on_message(CellChanged(scan, cell, state, t_ms, tuple(uid_hex(u) for u in uids)))
        elif kind == wire.SNAPSHOT:
            self._on_snapshot_part(payload)
        elif kind == wire.DICE:
            request, button, t_ms, values = wire.unpack_dice(payload)
            self.on_message(DiceRolled(request, button, t_ms, tuple(values), wire.unpack_dice_auth(payload)))
        elif kind == wire.HEARTBEAT:
            uptime_ms, scans = struct.unpack_from("<II", payload, 0)
            n = (len(payload) - 8) // 2
            counters = struct.unpack_from(f"<{n}H", payload, 8) if n else ()
            self.on_message(Heartbeat(uptime_ms, scans, tuple(counters)))
        elif kind == wire.LOG:
            level, text = wire.unpack_log(payload)
            self.on_message(FirmwareLog(level, text))
        elif kind == wire.FAULT:
            cell, code = wire.unpack_fault(payload)
            self.on_message(Fault(cell, code))
        elif kind == wire.BUTTON:
            button, pressed, t_ms = struct.unpack("<BBI", payload)
            self.on_message(ButtonEdge(button, bool(pressed), t_ms))
        elif kind == wire.PING:
            self.channel.send_now(wire.PONG, payload)
        elif kind in (wire.PONG, wire.SYNC):
            pass
        else:
            raise wire.WireError(f"unexpected message kind {kind:#x} from the table")

    def _on_hello(self, payload: bytes, now: int) -> None:
        _proto, n_cells, n_leds, caps, next_seq, board, version = wire.unpack_hello(payload)
        hello = Hello(board, version, n_cells, n_leds, caps, next_seq)
        self.hello = hello
        self.counters.hellos += 1
        self.channel.anchor(next_seq)
        if self._syncs_unanswered:
            # The answer to one of our SYNCs (each SYNC is answered by its own HELLO: under load a retry
            # may go out before the first answer is read, and its answer may come late). Counting them one
            # by one matters: a late answer once taken for a board restart sent another SYNC while our
            # frames were in flight; the board, having already taken those frames, went back to expecting
            # the first of them, which would never come again, and dropped every later command as out of
            # order (the crash test's "no roll armed": the DICE_ARM never reached the board).
            self._syncs_unanswered -= 1
            # The board now expects the first frame that was in flight when that SYNC went out; those it
            # took before the SYNC (acknowledged since) come again first, in order, then our unacknowledged
            # frames, then the whole LED picture, because the board may have rebooted and lost both.
            taken = self._sync_in_flight.pop(0) if self._sync_in_flight else []
            unacked = self.channel.unacked()
            self.channel.write_again([f for f in taken if f not in unacked])
            self.channel.resend_all(now)
            self._send_full_leds()
            self._publish(ConnState.LIVE, T("table {board} ({version}) live on {link}", board=board,
                                             version=version, link=self.link.name))
        elif now - self._last_sync_ms <= self.solicited_window_ms:
            pass  # a second answer to a SYNC already answered (the boot HELLO crossed our SYNC): anchor only
        else:
            # The board restarted on its own: ask it formally, its reply is handled above.
            LOGGER.info("unsolicited HELLO from %s: the table restarted", self.link.name)
            self._send_sync()
        self.on_message(hello)

    def _on_snapshot_part(self, payload: bytes) -> None:
        scan, part, parts, entries = wire.unpack_snapshot(payload)
        if scan != self._snapshot_scan:
            self._snapshot_scan = scan
            self._snapshot_parts = {}
        self._snapshot_parts[part] = entries
        if len(self._snapshot_parts) < parts:
            return
        merged = tuple(
            SnapshotEntry(cell, state, tuple(uid_hex(u) for u in uids))
            for i in range(parts)
            for cell, state, uids in self._snapshot_parts.get(i, [])
        )
        self._snapshot_parts = {}
        self._snapshot_scan = -1
        self.on_message(Snapshot(scan, merged))

    # --- sending -----------------------------------------------------------------------------------------
    def _send_sync(self) -> None:
        self._last_sync_ms = _now_ms()
        self._syncs_unanswered += 1
        self._sync_in_flight = [*self._sync_in_flight[-3:], self.channel.unacked()]
        self.counters.syncs_sent += 1
        self.channel.send_now(wire.SYNC, wire.pack_sync(self.channel.announce()))

    def _queue(self, kind: int, payload: bytes) -> None:
        self._backlog.append((kind, payload))
        self._drain_backlog()

    def _drain_backlog(self) -> None:
        now = _now_ms()
        while self._backlog and self.channel.send(self._backlog[0][0], self._backlog[0][1], now):
            self._backlog.pop(0)

    def _send_led_entries(self, entries: list[tuple[int, int, int, int, int, int]]) -> None:
        for i in range(0, len(entries), LEDS_PER_FRAME):
            self._queue(wire.LEDS, wire.pack_leds(entries[i : i + LEDS_PER_FRAME]))

    def _send_led_diff(self) -> None:
        changed = [(c, *led) for c, led in sorted(self._desired.items()) if self._sent.get(c) != led]
        dark = [(c, *OFF) for c in sorted(self._sent) if c not in self._desired]
        if not self._desired and self._sent:
            self._queue(wire.LEDS_CLEAR, b"")
        elif changed or dark:
            self._send_led_entries(dark + changed)
        self._sent = dict(self._desired)

    def _send_full_leds(self) -> None:
        self._queue(wire.LEDS_CLEAR, b"")
        self._send_led_entries([(c, *led) for c, led in sorted(self._desired.items())])
        self._sent = dict(self._desired)

    def _flush(self) -> None:
        if not self._connected or self._batching:
            return
        self._drain_backlog()
        if self.before_send is not None:
            self.before_send()  # raises (the frames stay queued) if the record cannot be written
        frames = self.channel.take()
        if frames:
            data = b"".join(frames)
            self.counters.frames_out += len(frames)
            write_now: Callable[[bytes], int] | None = getattr(self.link, "write_now", None)
            if write_now is not None and not self._out:
                # Fast path: an LED frame leaves now, not after the loop has rendered the pages.
                try:
                    data = data[write_now(data) :]
                except LinkError as e:
                    self._lost_reason = str(e)
                    if self._lost is not None:
                        self._lost.set()
                    return
            if data:
                self._out += data
                self._out_ready.set()
        self._sync_counters()

    def _sync_counters(self) -> None:
        self.counters.resends = self.channel.resends
        self.counters.duplicates = self.channel.duplicates
        self.counters.out_of_order = self.channel.out_of_order

    def _publish(self, state: ConnState, detail: str) -> None:
        if state is self.state and detail == self.detail:
            return
        if state is not self.state:
            # The console shows each new situation once: not every retry of the same missing port.
            core = detail.split("; retrying")[0]
            if state is ConnState.CONNECTING or (state, core) == self._last_logged:
                LOGGER.debug("%s: %s", state.value, detail)
            else:
                LOGGER.info("%s: %s", state.value, detail)
                self._last_logged = (state, core)
        self.state = state
        self.detail = detail
        self.on_message(StateChanged(state, detail))
