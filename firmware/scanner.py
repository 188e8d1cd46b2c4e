# Board scanning: full passes over every reader, fast re-scans around the last change, debounce, reader
# faults.
#
# A change is reported only after it has been read the same way for debounce_ms, so a counter slid across
# several hexes reports where it stops, not every hex it touched. Cells near a pending change are re-read
# between every few cells of the full pass, so a change is confirmed about debounce_ms after it happens even
# though a full pass takes longer. A reader that stops answering is retried, then declared failed (FAULT,
# red LED, cell UNCERTAIN) and probed again every retry_ms until it answers.

import asyncio
from time import ticks_add, ticks_diff, ticks_ms

from micropython import const

EMPTY = const(0)
TAGS = const(1)
UNCERTAIN = const(2)
DEAD = const(3)
_NONE = const(255)
_CHUNK = const(16)  # cells read between yields / hot re-scans
_FAILS_TO_FAULT = const(3)
_HOT_MS = const(1500)  # how long the neighbourhood of a change stays hot
_HOT_EVERY_MS = const(3)  # at most this often during a pass, so a hot area cannot starve the rest
_HOT_MAX = const(64)  # beyond this many hot cells (a whole setup being laid out) the full pass covers them
_RADIUS = 1.6  # hex pitches: the cell and its six neighbours

FAULT_RECOVERED = const(0)
FAULT_SELFTEST = const(1)
FAULT_NO_ANSWER = const(2)


class Scanner:
    def __init__(self, board, reader, cs, on_change, on_fault, debounce_ms=40, scan_period_ms=30):
        self.board = board
        self._reader = reader
        self._csobj = cs
        self._cs = board.cs
        n = board.n_cells
        self.n = n
        self.on_change = on_change  # (cell, state, uids, t_ms)
        self.on_fault = on_fault  # (cell, code)
        self.debounce_ms = debounce_ms
        self.scan_period_ms = scan_period_ms
        self.retry_ms = 2000
        self.state = bytearray(n)
        self.uids = [None] * n
        self._cand = bytearray(b"\xff" * n)
        self._cand_uids = [None] * n
        self._since = [0] * n
        self.fails = bytearray(n)
        self.failed = bytearray(n)
        self._retry_at = [0] * n
        self._buf = []
        self._hot = []  # cells re-read between chunks of the full pass
        self._centres = []  # the changed cells whose neighbourhoods make up _hot
        self._hot_until = 0
        # cells read together: consecutive cells on one switch channel (MuxReader.read_group); else one each
        self.groups = []
        self._bufs = []
        self._todo = []
        self._sels = []
        if getattr(reader, "lockstep", False):
            start = 0
            for i in range(1, n + 1):
                if i == n or reader.channel_of(self._cs[i]) != reader.channel_of(self._cs[start]):
                    self.groups.append((start, i))
                    start = i
            self._bufs = [[] for _ in range(max(b - a for a, b in self.groups) if self.groups else 0)]
        self.hot_cost_ms = 0
        self.scans = 0
        self.reads = 0
        self.reader_errors = 0
        self.uncertain_reads = 0
        self.last_pass_us = 0

    def failed_count(self):
        n = 0
        for f in self.failed:
            n += f
        return n

    # --- self-test -------------------------------------------------------------------------------------
    def selftest(self):
        """Initialise every reader; report and mark the ones that do not answer. Returns the failed cells."""
        bad = []
        for i in range(self.n):
            self._csobj.address = self._cs[i]
            if self._reader.init():
                if self.failed[i]:
                    self.failed[i] = 0
                    self.on_fault(i, FAULT_RECOVERED)
                self.fails[i] = 0
            else:
                bad.append(i)
                if not self.failed[i]:
                    self.failed[i] = 1
                    self.on_fault(i, FAULT_SELFTEST)
                    self._report(i, UNCERTAIN, None, ticks_ms())
                self._retry_at[i] = ticks_add(ticks_ms(), self.retry_ms)
        return bad

    # --- one cell --------------------------------------------------------------------------------------
    def _report(self, i, st, uids, t):
        self.state[i] = st
        self.uids[i] = uids
        self._cand[i] = _NONE
        self._cand_uids[i] = None
        self.on_change(i, st, uids or (), t)

    def read_cell(self, i, now):
        if self.failed[i] and ticks_diff(now, self._retry_at[i]) < 0:
            return
        self._csobj.address = self._cs[i]
        buf = self._buf
        self._apply(i, self._reader.read(buf), buf, now)

    def read_group(self, a, b, now):
        """Read cells a..b-1 (one switch channel, one cell per tile) together; a failed cell keeps its own
        retry path."""
        todo = self._todo
        sels = self._sels
        todo.clear()
        sels.clear()
        for i in range(a, b):
            if self.failed[i]:
                self.read_cell(i, now)
            else:
                todo.append(i)
                sels.append(self._cs[i])
        if not todo:
            return
        bufs = self._bufs
        states = self._reader.read_group(sels, bufs)
        for k in range(len(todo)):
            self._apply(todo[k], states[k], bufs[k], now)

    def read_span(self, a, b, now):
        """Read cells a..b-1: as a group when the reader reads groups, else one by one."""
        if b - a > 1 and self.groups:
            self.read_group(a, b, now)
        else:
            for i in range(a, b):
                self.read_cell(i, now)

    def spans(self):
        """The scan pass as (start, end) spans: the groups, or every cell alone."""
        return self.groups or [(i, i + 1) for i in range(self.n)]

    def _apply(self, i, st, buf, now):
        self.reads += 1
        if st == DEAD:
            self.reader_errors += 1
            if self.failed[i]:
                self._retry_at[i] = ticks_add(now, self.retry_ms)
                return
            self.fails[i] += 1
            if self.fails[i] >= _FAILS_TO_FAULT:
                self.failed[i] = 1
                self._retry_at[i] = ticks_add(now, self.retry_ms)
                self.on_fault(i, FAULT_NO_ANSWER)
                self._report(i, UNCERTAIN, None, now)
            return
        self.fails[i] = 0
        if self.failed[i]:
            self._csobj.address = self._cs[i]
            if not self._reader.init():
                self._retry_at[i] = ticks_add(now, self.retry_ms)
                return
            self.failed[i] = 0
            self.on_fault(i, FAULT_RECOVERED)
            st = self._reader.read(buf)
            if st == DEAD:
                return
        if st == UNCERTAIN:
            self.uncertain_reads += 1
        if st == self.state[i] and (st != TAGS or buf == self.uids[i]):
            if self._cand[i] != _NONE:
                self._cand[i] = _NONE
                self._cand_uids[i] = None
            return
        if self._cand[i] == st and (st != TAGS or buf == self._cand_uids[i]):
            if ticks_diff(now, self._since[i]) >= self.debounce_ms:
                self._report(i, st, list(buf) if st == TAGS else None, self._since[i])
            return
        self._cand[i] = st
        self._cand_uids[i] = list(buf) if st == TAGS else None
        self._since[i] = now
        self._heat(i, now)
        if self.debounce_ms <= 0:
            self._report(i, st, self._cand_uids[i], now)

    def _heat(self, i, now):
        hot = self._hot
        centres = self._centres
        if ticks_diff(self._hot_until, now) <= 0:
            hot.clear()
            centres.clear()
        if i not in centres and len(hot) < _HOT_MAX:
            centres.append(i)
            for c in self.board.neighbourhood(i, _RADIUS, []):
                if c not in hot:
                    hot.append(c)
        self._hot_until = ticks_add(now, _HOT_MS)

    def pending(self):
        for c in self._cand:
            if c != _NONE:
                return True
        return False

    def rescan_hot(self):
        """Re-read the cells around recent changes (and every cell with a change waiting for its debounce)."""
        now = ticks_ms()
        hot = self._hot
        if hot and ticks_diff(self._hot_until, now) <= 0 and not self.pending():
            hot.clear()
            self._centres.clear()
        for c in hot:
            self.read_cell(c, now)
        # what the re-scan cost: the next one during a pass waits at least as long, so slow hot cells (a
        # stack on ISO 15693: ~46 ms) take at most half of the pass's time (firmware/TIMING.md)
        self.hot_cost_ms = ticks_diff(ticks_ms(), now)
        return len(hot)

    # --- the task --------------------------------------------------------------------------------------
    async def run(self, alive):
        from time import ticks_us

        spans = self.spans()
        last_hot = ticks_ms()
        while True:
            t0 = ticks_us()
            done = 0
            for a, b in spans:
                self.read_span(a, b, ticks_ms())
                done += b - a
                if done >= _CHUNK:
                    done = 0
                    now = ticks_ms()
                    if self._hot and ticks_diff(now, last_hot) >= max(_HOT_EVERY_MS, self.hot_cost_ms):
                        self.rescan_hot()
                        last_hot = ticks_ms()  # the next waits from the end of this one
                    await asyncio.sleep_ms(0)
            self.last_pass_us = ticks_diff(ticks_us(), t0)
            self.scans += 1
            alive[0] += 1
            # pause between passes, but keep the neighbourhood of a change fresh
            end = ticks_add(ticks_ms(), self.scan_period_ms)
            while True:
                self.rescan_hot()
                left = ticks_diff(end, ticks_ms())
                if left <= 0:
                    break
                await asyncio.sleep_ms(2 if self._hot else min(left, 10))
