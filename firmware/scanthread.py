# The scanner on the RP2040's second core (_thread): core 1 reads the board; core 0 keeps the link, the LEDs
# and the buttons.
#
# Why (firmware/TIMING.md, "Two cores"): a switched-coil board spends a pass busy-waiting on the radio
# (channel settling, ISO 15693 slots, BUSY), ~1 s on one reader at a time. In the single-core firmware that
# waiting happens inside the asyncio loop, between yields every 16 cells: up to ~60 ms during which no frame
# is read, no LED animated and no button sampled. On core 1 the waits block nothing. The RP2040 port of
# MicroPython runs _thread on core 1 without a GIL; the ESP32 port has a GIL and one MicroPython core, so
# there it would gain nothing and is not used.
#
# Shared state: `lock` guards the reader bus (SPI, chip selects, switch lines) and, on the emulated board, the
# world the simulated chips read; core 1 holds it for one cell at a time. Scanner callbacks run on core 1 and
# only append to `_events` (its own small lock); core 0 drains it into the firmware's handlers, so frames are
# built and sent by core 0 alone.

import _thread
import asyncio
from time import sleep_ms, ticks_add, ticks_diff, ticks_ms, ticks_us

from micropython import const

_CHUNK = const(16)
_HOT_EVERY_MS = const(3)
_DRAIN_MS = const(2)


class ThreadedScan:
    def __init__(self, scanner, lock):
        self.sc = scanner
        self.lock = lock
        self._on_change = scanner.on_change
        self._on_fault = scanner.on_fault
        scanner.on_change = self._queue_change
        scanner.on_fault = self._queue_fault
        self._events = []
        self._ev_lock = _thread.allocate_lock()
        self.passes = 0
        self.running = False
        self._stop = False

    # --- core 1 -------------------------------------------------------------------------------------
    def _queue_change(self, cell, state, uids, t):
        self._ev_lock.acquire()
        self._events.append((0, cell, state, uids, t))
        self._ev_lock.release()

    def _queue_fault(self, cell, code):
        self._ev_lock.acquire()
        self._events.append((1, cell, code, None, 0))
        self._ev_lock.release()

    def _read(self, a, b):
        lock = self.lock
        lock.acquire()
        try:
            self.sc.read_span(a, b, ticks_ms())
        finally:
            lock.release()

    def _rescan(self):
        lock = self.lock
        lock.acquire()
        try:
            self.sc.rescan_hot()
        finally:
            lock.release()

    def _loop(self):
        sc = self.sc
        try:
            last_hot = ticks_ms()
            spans = sc.spans()
            while not self._stop:
                t0 = ticks_us()
                done = 0
                for a, b in spans:
                    self._read(a, b)
                    done += b - a
                    if done >= _CHUNK and sc._hot:
                        done = 0
                        now = ticks_ms()
                        if ticks_diff(now, last_hot) >= max(_HOT_EVERY_MS, sc.hot_cost_ms):
                            self._rescan()
                            last_hot = ticks_ms()
                    if self._stop:
                        return
                sc.last_pass_us = ticks_diff(ticks_us(), t0)
                sc.scans += 1
                self.passes += 1
                end = ticks_add(ticks_ms(), sc.scan_period_ms)
                while not self._stop:
                    self._rescan()
                    left = ticks_diff(end, ticks_ms())
                    if left <= 0:
                        break
                    sleep_ms(2 if sc._hot else min(left, 10))
        finally:
            self.running = False

    # --- core 0 -------------------------------------------------------------------------------------
    def start(self):
        self._stop = False
        self.running = True
        _thread.start_new_thread(self._loop, ())

    def stop(self, timeout_ms=2000):
        """Ask core 1 to finish its cell and stop; True once it has."""
        self._stop = True
        t0 = ticks_ms()
        while self.running and ticks_diff(ticks_ms(), t0) < timeout_ms:
            sleep_ms(1)
        return not self.running

    def drain(self):
        """Hand the changes and faults core 1 found to the firmware's handlers, in order."""
        if not self._events:
            return 0
        self._ev_lock.acquire()
        events = self._events
        self._events = []
        self._ev_lock.release()
        for kind, cell, a, uids, t in events:
            if kind == 0:
                self._on_change(cell, a, uids, t)
            else:
                self._on_fault(cell, a)
        return len(events)

    async def run(self, alive):
        """The asyncio task on core 0: start core 1, pass its events on, count its passes for the
        watchdog (a core 1 that stops scanning stops the feeding)."""
        if not self.running:
            self.start()
        seen = self.passes
        while True:
            self.drain()
            if self.passes != seen:
                alive[0] += self.passes - seen
                seen = self.passes
            await asyncio.sleep_ms(_DRAIN_MS)
