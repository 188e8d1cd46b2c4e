# hexmate firmware entry point: scan the board, roll dice, drive LEDs, talk to the host over the wire
# protocol.
#
# One asyncio task per concern under asyncio.gather: scan, buttons/dice, LED animation, link rx, link
# tx/resend,
# heartbeat, watchdog (and the world channel on the emulated board). Reliability follows firmware/PROTOCOL.md:
# sequenced events go through reliable.Channel; SYNC -> HELLO, resend pending, full SNAPSHOT; HELLO + SNAPSHOT
# at boot; a full queue folds CELL events into "snapshot owed" and never drops DICE/FAULT/BUTTON.
#
# Board: env HEXMATE_BOARD (path to a board JSON) on the unix port, board.json next to main.py on a device.

import asyncio
import gc
import os
import sys
from time import sleep_ms, ticks_diff, ticks_ms

import board as boardmod
import boardio
import micropython
import wire
from buttons import Buttons
from dice import Dice
from leds import Leds
from reliable import EVENT_WINDOW, Channel
from rollauth import KEY_FILE, Signer, read_key
from scanner import Scanner

VERSION = "0.2.0"
_CELL_LIMIT = micropython.const(192)  # pending frames above which CELL events are folded into a snapshot
_SNAP_RESUME = micropython.const(32)  # pending frames below which an owed snapshot goes out
_RX_CHUNK = micropython.const(512)


class Reboot(Exception):
    pass


class StdioLink:
    """USB serial on a board, the pty master on the unix port: stdin/stdout in binary. Reads never block."""

    def __init__(self, inp, out, gate_writes=True):
        import select

        self._inp = inp
        self._out = out
        self._poll = select.poll()
        self._poll.register(inp, select.POLLIN)
        self._out_poll = select.poll()
        self._out_poll.register(out, select.POLLOUT)
        # verified on the unix port (pty); on a board USB CDC has its own flow control and timeouts
        self._gate = gate_writes
        self.dropped = 0  # frames not written because the port was full
        self._buf = bytearray(_RX_CHUNK)
        self._b1 = bytearray(1)
        self._views = [memoryview(self._buf)[:k] for k in range(65)]  # the common short reads, made once
        self.lost = 0  # reads/writes that failed because the other end was gone
        self.down = False  # the last read failed that way

    def read(self):
        """Bytes available now (possibly empty), as a memoryview valid until the next call. A port with
        nobody on the other end (pty slave closed: EIO) reads as empty; the host resyncs when it returns."""
        try:
            data = self._read()
        except OSError:
            self.lost += 1
            self.down = True
            return b""
        self.down = False
        return data

    def _read(self):
        # byte by byte while poll() says more is there: a blocking readinto of n bytes waits for all n, and
        # a garbled length would stall the board (about 1.5 us per byte on the unix port)
        buf = self._buf
        b1 = self._b1
        poll = self._poll.poll
        readinto = self._inp.readinto
        n = 0
        while n < _RX_CHUNK and poll(0):
            if not readinto(b1):
                break
            buf[n] = b1[0]
            n += 1
        return self._views[n] if n < len(self._views) else memoryview(buf)[:n]

    def write(self, data):
        # a host that stops reading must not stall the board: when the port cannot take more, the frame is
        # dropped (sequenced frames are resent until acknowledged; heartbeats and logs are moot by then)
        if self._gate and not self._out_poll.poll(0):
            self.dropped += 1
            return
        try:
            self._out.write(data)
        except OSError:
            self.lost += 1  # nobody on the other end


class Firmware:
    def __init__(self, board, io, link):
        self.board = board
        self.io = io
        self.link = link
        self.world = io.world
        self.ch = Channel(wire, window=EVENT_WINDOW)  # events: larger groups per host sync (RECORD.md)
        self.deframer = wire.Deframer()
        self.t0 = ticks_ms()
        self.counters = [0] * wire.N_COUNTERS
        self.heartbeat_ms = 1000
        self.button_events = True
        self.snapshot_owed = False
        self.backlog = []  # DICE/FAULT/BUTTON waiting for room in the channel: never dropped
        self.alive = [0]
        self.leds = Leds(io.np, board.n_cells, board.led_first, board.led_list, board.brightness)
        if self.world is not None:
            self.world.watch_leds(self.leds)
        self.buttons = Buttons(io.buttons, [b[2] for b in board.buttons])
        names = board.button_names
        self.dice = Dice(io.randbytes, [i for i in range(len(names)) if names[i].startswith("dice")])
        if self.world is not None:
            self.dice.on_roll = self.world.rolling  # dice-next refuses a pip the rolled die does not have
        self.scanner = Scanner(board, io.reader, io.cs, self.on_cell, self.on_fault)
        self.scan_thread = None  # scanthread.ThreadedScan when core 1 scans (scan_on_core1)
        self.bus_lock = None
        if scan_on_core1(board):
            import _thread

            from scanthread import ThreadedScan

            self.bus_lock = _thread.allocate_lock()
            self.scan_thread = ThreadedScan(self.scanner, self.bus_lock)
        self.signer = None
        try:
            keyed = read_key(key_path())
        except ValueError as e:
            keyed = None
            self.key_error = str(e)
        else:
            self.key_error = ""
        if keyed is not None:
            self.signer = Signer(keyed[0], keyed[1])  # epoch from os.urandom, never the emulated dice queue
        caps = wire.CAP_DICE | wire.CAP_LEDS
        if board.reader_type == "pn5180":
            caps |= wire.CAP_RFID_STACKS
        if boardio.EMULATED:
            caps |= wire.CAP_EMULATED
        self.caps = caps | getattr(link, "caps", 0)

    # --- outgoing -------------------------------------------------------------------------------------
    def now(self):
        return ticks_diff(ticks_ms(), self.t0)

    def flush(self):
        frames = self.ch.take()
        for f in frames:
            self.link.write(f)

    def log(self, level, text):
        self.ch.send_now(wire.LOG, wire.pack_log(level, text))

    def hello(self):
        self.ch.send_now(wire.HELLO, wire.pack_hello(self.board.n_cells, self.board.n_leds, self.caps,
                                                     self.ch.announce(), self.board.name, VERSION))

    def send_critical(self, kind, payload):
        if self.backlog or not self.ch.send(kind, payload, ticks_ms()):
            self.backlog.append((kind, payload))

    def on_cell(self, cell, state, uids, t):
        if self.world is not None:
            self.world.trace("detect", cell)
        if self.snapshot_owed or self.ch.pending() >= _CELL_LIMIT:
            self.snapshot_owed = True
            self.counters[wire.CTR_COALESCED] += 1
            return
        payload = wire.pack_cell(self.scanner.scans, cell, state, ticks_diff(t, self.t0), uids)
        if not self.ch.send(wire.CELL, payload, ticks_ms()):
            self.snapshot_owed = True
            self.counters[wire.CTR_COALESCED] += 1
        self.flush()

    def on_fault(self, cell, code):
        self.leds.set_fault(cell, code != wire.FAULT_RECOVERED)
        self.send_critical(wire.FAULT, wire.pack_fault(cell, code))

    def send_snapshot(self):
        """The full reported state, in parts that fit MAX_BODY (sequenced, so it is resent until ACKed)."""
        sc = self.scanner
        budget = wire.MAX_BODY - 4 - 6
        parts = []
        cur = []
        size = 0
        for i in range(sc.n):
            st = sc.state[i]
            if st == wire.EMPTY:
                continue
            uids = sc.uids[i] or ()
            n = 4 + sum(1 + len(u) for u in uids)
            if cur and size + n > budget:
                parts.append(cur)
                cur = []
                size = 0
            cur.append((i, st, uids))
            size += n
        parts.append(cur)
        for k in range(len(parts)):
            self.send_critical(wire.SNAPSHOT, wire.pack_snapshot(sc.scans, k, len(parts), parts[k]))
        self.snapshot_owed = False
        self.flush()

    # --- incoming -------------------------------------------------------------------------------------
    def on_frame(self, kind, seq, payload):
        now = ticks_ms()
        ch = self.ch
        if kind == wire.SYNC:
            try:
                ch.anchor(wire.unpack_sync(payload))
            except wire.WireError:
                ch.unanchor()
                self.counters[wire.CTR_BAD_PAYLOADS] += 1
            self.hello()
            ch.resend_all(now)
            self.send_snapshot()
            return
        deliver = ch.receive(kind, seq, payload, now)
        if not deliver and seq and ch.wants_anchor:
            ch.anchor(seq)  # no SYNC since boot: the next sequenced frame from the host sets the expectation
            deliver = ch.receive(kind, seq, payload, now)
        if not deliver:
            return
        try:
            self.dispatch(kind, payload)
        except wire.WireError as e:
            self.counters[wire.CTR_BAD_PAYLOADS] += 1
            self.log(wire.LOG_WARNING, "bad " + wire.NAMES.get(kind, "?") + " payload: " + str(e))

    def dispatch(self, kind, payload):
        if kind == wire.LEDS:
            bad = self.leds.apply(wire.unpack_leds(payload))
            if bad:
                self.log(wire.LOG_WARNING, "LEDS: " + str(bad) + " entries for unknown cells ignored")
            if self.world is not None:
                self.world.trace("leds")
        elif kind == wire.LEDS_CLEAR:
            self.leds.clear()
            if self.world is not None:
                self.world.trace("leds")
        elif kind == wire.DICE_ARM:
            request, button, count, sides = wire.unpack_dice_arm(payload)
            self.dice.arm(request, button, count, sides, wire.unpack_dice_arm_context(payload))
        elif kind == wire.SELFTEST:
            if self.bus_lock is not None:
                self.bus_lock.acquire()  # core 1 finishes its cell first
            try:
                bad = self.scanner.selftest()
            finally:
                if self.bus_lock is not None:
                    self.bus_lock.release()
            text = "self-test: " + str(len(bad)) + " of " + str(self.board.n_cells) + " readers failed"
            versions = getattr(self.io.reader, "versions", None)  # switched coils: one reader per tile
            if versions:
                text += "; reader versions"
                for r in sorted(versions):
                    text += " " + str(r) + "=" + f"{versions[r]:04x}"
            self.log(wire.LOG_INFO, text)
        elif kind == wire.SET:
            key, value = wire.unpack_set(payload)
            if key == wire.SET_SCAN_PERIOD_MS:
                self.scanner.scan_period_ms = value
            elif key == wire.SET_DEBOUNCE_MS:
                self.scanner.debounce_ms = value
            elif key == wire.SET_HEARTBEAT_MS:
                self.heartbeat_ms = max(100, value)
            elif key == wire.SET_BUTTON_EVENTS:
                self.button_events = bool(value)
            else:
                self.log(wire.LOG_WARNING, "SET: unknown key " + str(key))
        elif kind == wire.PING:
            self.ch.send_now(wire.PONG, payload)
        else:
            self.counters[wire.CTR_UNKNOWN_KINDS] += 1
            self.log(wire.LOG_WARNING, "unknown message kind " + str(kind))
        self.flush()

    # --- tasks ----------------------------------------------------------------------------------------
    async def rx_task(self):
        link = self.link
        deframer = self.deframer
        while True:
            data = link.read()
            if data:
                for kind, seq, payload in deframer.feed(data):
                    try:
                        self.on_frame(kind, seq, payload)
                    except Exception as e:  # a bad frame must never stop the board
                        self.counters[wire.CTR_BAD_PAYLOADS] += 1
                        self.log(wire.LOG_ERROR, "frame " + str(kind) + " failed: " + repr(e))
                self.counters[wire.CTR_RX_BAD_FRAMES] = deframer.errors
                self.flush()
                self.alive[0] += 1
            else:
                await asyncio.sleep_ms(5 if getattr(link, "down", False) else 1)

    def tx_step(self):
        """Move backlog into the channel as room appears, send an owed snapshot, resend on timeout."""
        ch = self.ch
        now = ticks_ms()
        while self.backlog and ch.send(self.backlog[0][0], self.backlog[0][1], now):
            self.backlog.pop(0)
        if self.snapshot_owed and not self.backlog and ch.pending() < _SNAP_RESUME:
            self.send_snapshot()
        ch.poll(now)
        self.flush()

    async def tx_task(self):
        while True:
            self.tx_step()
            await asyncio.sleep_ms(10)

    async def heartbeat_task(self):
        while True:
            await asyncio.sleep_ms(self.heartbeat_ms)
            c = self.counters
            sc = self.scanner
            c[wire.CTR_READER_ERRORS] = sc.reader_errors
            c[wire.CTR_UNCERTAIN_READS] = sc.uncertain_reads
            c[wire.CTR_RESENDS] = self.ch.resends
            c[wire.CTR_DUPLICATES] = self.ch.duplicates
            c[wire.CTR_FAILED_READERS] = sc.failed_count()
            self.ch.send_now(wire.HEARTBEAT, wire.pack_heartbeat(self.now(), sc.scans, c))
            self.flush()

    async def button_task(self):
        events = []
        while True:
            events.clear()
            self.buttons.poll(ticks_ms(), events)
            for button, pressed in events:
                if not pressed:
                    continue
                rolled = self.dice.press(button)
                if rolled is not None:
                    request, values = rolled
                    auth = b""
                    if self.signer is not None:
                        auth = self.signer.sign(request, button, values, self.dice.context)
                    self.send_critical(wire.DICE, wire.pack_dice(request, button, self.now(), values, auth))
                elif self.button_events:
                    self.send_critical(wire.BUTTON, wire.pack_button(button, 1, self.now()))
                self.flush()
            await asyncio.sleep_ms(5)

    async def led_task(self):
        world = self.world
        while True:
            self.leds.render()
            if world is not None:
                world.report_leds()
            await asyncio.sleep_ms(20)

    async def watchdog_task(self):
        # Feed four times per timeout (at most once a second): a stopped loop misses every feed.
        period_ms = min(1000, max(25, self.io.wdt_timeout_ms // 4))
        last = -1
        while True:
            await asyncio.sleep_ms(period_ms)
            if self.alive[0] != last:  # the scanner finished a pass since the last feed
                last = self.alive[0]
                self.io.wdt.feed()

    async def world_task(self, stream):
        import select

        world = self.world
        p = select.poll()
        p.register(stream, select.POLLIN)
        while True:
            if p.poll(0):
                line = stream.readline()
                if not line:
                    world.out = None
                    return
                lock = self.bus_lock  # the simulated chips core 1 is reading see the world change whole
                if lock is not None:
                    lock.acquire()
                try:
                    err = world.command(line.decode())
                finally:
                    if lock is not None:
                        lock.release()
                if err:
                    world.errors += 1
                    world.write("error " + err + "\n")
                if world.reboot_requested:
                    world.reboot_requested = False
                    raise Reboot()
                if world.want_full:
                    world.report_leds()
            else:
                await asyncio.sleep_ms(2)

    def boot(self):
        """Self-test every reader, read the whole board once, then HELLO + SNAPSHOT."""
        self.io.np.write()
        sc = self.scanner
        self.hello()
        if self.key_error:
            self.log(wire.LOG_WARNING, self.key_error)
        sc.selftest()
        quiet = sc.on_change
        sc.on_change = lambda *a: None
        debounce = sc.debounce_ms
        sc.debounce_ms = 0
        now = ticks_ms()
        for i in range(sc.n):
            sc.read_cell(i, now)
        sc.on_change = quiet
        sc.debounce_ms = debounce
        sc.scans = 1
        self.send_snapshot()
        self.io.wdt.feed()
        if self.world is not None:
            self.world.trace("boot")

    async def run(self, world_stream=None):
        scanning = self.scan_thread if self.scan_thread is not None else self.scanner
        scan = scanning.run(self.alive)
        tasks = [scan, self.rx_task(), self.tx_task(), self.heartbeat_task(),
                 self.button_task(), self.led_task(), self.watchdog_task()]
        if world_stream is not None:
            tasks.append(self.world_task(world_stream))
        await asyncio.gather(*tasks)


def scan_on_core1(board):
    """Scan on the second core: on an RP2040 with switched coils (long radio waits; the rp2 port runs
    _thread on core 1 without a GIL); on the emulated board when HEXMATE_SCAN_THREAD=1 (tests, bench)."""
    if boardio.EMULATED:
        return os.getenv("HEXMATE_SCAN_THREAD") == "1"
    return sys.platform == "rp2" and board.mux is not None


def key_path():
    """The roll key file: HEXMATE_BOARD_KEY on the unix port (the emulated board's filesystem), else
    hexmate.key next to main.py, written by `hexmate firmware provision`."""
    if boardio.EMULATED:
        return os.getenv("HEXMATE_BOARD_KEY") or KEY_FILE
    return KEY_FILE


def board_path():
    if boardio.EMULATED:
        path = os.getenv("HEXMATE_BOARD")
        if not path:
            sys.stderr.write("hexmate firmware: set HEXMATE_BOARD to a board JSON (hardware/boards/*.json)\n")
            sys.exit(2)
        return path
    return "board.json"


def main(link=None):
    """Run the firmware. `link` is any object with read() -> bytes-like (what is available now, possibly
    empty; never blocks) and write(data); it may carry `caps` (e.g. wire.CAP_BLE) for HELLO. Default: USB
    serial (stdin/stdout)."""
    board = boardmod.load(board_path())
    if link is None:
        micropython.kbd_intr(-1)  # 0x03 is data on the link, not Ctrl-C
        link = StdioLink(sys.stdin.buffer, sys.stdout.buffer, gate_writes=boardio.EMULATED)
    world_stream = None
    fd = os.getenv("HEXMATE_WORLD_FD") if boardio.EMULATED else None
    if fd:
        world_stream = open(int(fd), "r+b")  # noqa: SIM115 (lives as long as the firmware)
    cards = None
    while True:
        io = boardio.build(board, world_stream)
        if io.world is not None:
            if cards is not None:  # the table survives a reboot of the board
                for i in range(board.n_cells):
                    io.world.cards[i].extend(cards[i])
            elif world_stream is not None:
                # power-up: the counters already lie on the board before the first scan (EMULATION.md)
                wait_ms = 1000 if os.getenv("HEXMATE_WORLD_READY") else 0
                if not io.world.preload(world_stream, wait_ms) and wait_ms:
                    io.world.write("error no ready line within 1000 ms; booting\n")
            cards = io.world.cards
        if not boardio.EMULATED:
            from mfrc522 import reset_all

            reset_all(io.reset)
        fw = Firmware(board, io, link)
        fw.boot()
        gc.collect()
        try:
            asyncio.run(fw.run(world_stream))
        except Reboot:
            if fw.scan_thread is not None:
                fw.scan_thread.stop()
            asyncio.new_event_loop()
            sleep_ms(50)
            continue
        break


if __name__ == "__main__":
    main()
