# Switched-coil sensing: one PN5180 per tile reads the hex coil its RF switch tree connects
# (hardware/SENSING.md).
#
# RfMux drives the switch address lines (shared by every tile, bit 0 first) and the active-low enable, and
# remembers when the channel last changed; MuxReader is the reader the scanner sees (init/read, like
# Mfrc522/Pn5180): it splits the select address into reader (tile) and channel, selects both, waits until the
# switch, the field and the tags on the new coil have settled, then runs the PN5180 inventory. Cells are
# numbered channel-major, so a scan pass changes the channel once per channel for all tiles and waits once.

from time import ticks_diff, ticks_us

from micropython import const

DEAD = const(3)
_COLLIDED = const(4)


class RfMux:
    def __init__(self, address_pins, enable_pin, settle_us):
        self._pins = address_pins
        self._en = enable_pin
        self.settle_us = settle_us
        self.channel = -1
        self._since = ticks_us()
        self.changes = 0
        self.settle_waits_us = 0  # total time spent waiting for channels to settle (bench)
        enable_pin.value(1)

    def select(self, channel):
        """Connect `channel` on every tile; only the address lines whose bit changed are written."""
        if channel == self.channel:
            return
        old = self.channel
        changed = channel ^ old if old >= 0 else (1 << len(self._pins)) - 1
        pins = self._pins
        if old < 0:
            self._en.value(1)  # break before make while the first address is set up
        for bit in range(len(pins)):
            if changed & (1 << bit):
                pins[bit].value((channel >> bit) & 1)
        self._en.value(0)
        self.channel = channel
        self._since = ticks_us()
        self.changes += 1

    def settle(self):
        """Wait until settle_us have passed since the last channel change (a busy wait: it is short)."""
        t0 = ticks_us()
        while ticks_diff(ticks_us(), self._since) < self.settle_us:
            pass
        self.settle_waits_us += ticks_diff(ticks_us(), t0)

    def off(self):
        """Disconnect every coil (enable high); the next select sets all address lines again."""
        self._en.value(1)
        self.channel = -1


class MuxSelect:
    """The chip-select object the scanner addresses (`.address = cell's select`, see board.py)."""

    def __init__(self):
        self.address = 0


class MuxReader:
    def __init__(self, pn5180, reader_cs, mux, channels, lockstep=True):
        self._pn = pn5180
        self._dec = reader_cs  # csdecoder.DecoderCS over the readers' chip selects
        self._mux = mux
        self._nch = channels
        self.sel = MuxSelect()
        self.versions = {}  # reader -> product version read by the last init() (bring-up report)
        self.lockstep = lockstep  # the scanner reads a channel's cells on all tiles together
        self._states = []
        self._started = []

    def _select(self):
        a = self.sel.address
        reader = a // self._nch
        self._dec.address = reader
        self._mux.select(a % self._nch)
        return reader

    def init(self):
        """Initialise the reader of the selected cell's tile and connect the cell's coil; False if the
        reader does not answer (the firmware's self-test)."""
        reader = self._select()
        ok = self._pn.init()
        self.versions[reader] = self._pn.version() if ok else 0
        return ok

    def read(self, uids):
        """Inventory every tag on the selected cell's coil into `uids`: EMPTY, TAGS, UNCERTAIN or DEAD."""
        self._select()
        self._mux.settle()
        return self._pn.read(uids)

    def channel_of(self, sel):
        return sel % self._nch

    def read_group(self, sels, bufs):
        """Read cells that share a channel, one per tile, together: settle once, start every tile's
        1-slot probe, then collect each; a hex whose probe collided (a stack) is inventoried alone after.
        On a board the probes' air times overlap. Returns the states (a list reused between calls)."""
        nch = self._nch
        pn = self._pn
        dec = self._dec
        states = self._states
        started = self._started
        n = len(sels)
        while len(states) < n:
            states.append(0)
            started.append(False)
        self._mux.select(sels[0] % nch)
        self._mux.settle()
        for k in range(n):
            dec.address = sels[k] // nch
            started[k] = pn.probe_start()
        for k in range(n):
            dec.address = sels[k] // nch
            st = pn.probe_finish(bufs[k]) if started[k] else DEAD
            if st == _COLLIDED:
                st = pn.read(bufs[k])
            states[k] = st
        return states

    @property
    def collisions(self):
        return self._pn.collisions
