# Simulated GPIO pins, SPI bus, 74HC154 chip-select decoders, WS2812 strip and watchdog for the emulated
# board.
#
# FAKE HARDWARE (none of this exists on the unix port): the classes mimic machine.Pin, machine.SPI,
# neopixel.NeoPixel and machine.WDT closely enough that the real drivers and firmware/csdecoder.py run on top
# of them unchanged. The SPI bus forwards each call (one chip-select assertion; the drivers never split a
# register transaction over several calls) to the chip whose decoder output is low.

from time import ticks_diff, ticks_ms

from micropython import const

_WDT_LINE_MS = const(100)  # at most one `wdt` feed line on the world channel per 100 ms


class SimPin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, pin_id, mode=-1, pull=-1, value=0):
        self.id = pin_id
        self._v = value
        self._listener = None
        self._irq = None
        self._clicks = []  # queued clicks: [pressed level, released level, hold ms]
        # the click under way: [stage (1 held, 2 let go), since, reads, released level, hold, last read]
        self._click = None

    def init(self, mode=-1, pull=-1, value=None):
        if value is not None:
            self._v = value

    def value(self, v=None):
        if v is None:
            if self._click is not None or self._clicks:
                self._clicking()
            return self._v
        v = 1 if v else 0
        if v != self._v:
            self._v = v
            if self._listener is not None:
                self._listener(v)

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def irq(self, handler=None, trigger=12):
        self._irq = handler

    def click(self, pressed, released, hold_ms):
        """A whole finger press, as the firmware samples it: the pin reads `pressed` for at least `hold_ms`
        and two reads, then `released` as long, whatever the load on the emulator (world `click`)."""
        self._clicks.append((pressed, released, hold_ms))

    def _clicking(self):
        # Each level lasts until it has been read at least twice, the later read `hold_ms` after the first:
        # the level changes on the read after that, so a sampler starved for any time still sees the press
        # held long enough to pass its debounce, and the release too.
        now = ticks_ms()
        c = self._click
        if c is not None and not (c[2] >= 2 and ticks_diff(c[5], c[1]) >= c[4]):
            c[2] += 1
            c[5] = now
            return
        if c is not None and c[0] == 1:
            self._click = [2, now, 1, c[3], c[4], now]
            self.drive(c[3])
            return
        self._click = None
        if self._clicks:
            pressed, released, hold_ms = self._clicks.pop(0)
            self._click = [1, now, 1, released, hold_ms, now]
            self.drive(pressed)

    def drive(self, v):
        """The outside world sets an input level (a button); fires the IRQ handler on an edge."""
        v = 1 if v else 0
        if v != self._v:
            self._v = v
            if self._irq is not None:
                self._irq(self)


class SimDecoder:
    """Address lines + one enable line -> the chip whose output goes low (None: nothing selected)."""

    def __init__(self, address_pins, enable_pin, chips):
        self._pins = address_pins
        self.chips = chips  # dict address -> chip model
        self.selected = None
        enable_pin._listener = self._on_enable

    def _on_enable(self, v):
        if v:
            self.selected = None
            return
        a = 0
        pins = self._pins
        for bit in range(len(pins)):
            if pins[bit]._v:
                a |= 1 << bit
        self.selected = self.chips.get(a)


class SimSPI:
    def __init__(self, decoder):
        self._dec = decoder
        self.transfers = 0

    def init(self, *args, **kw):
        pass

    def write(self, buf):
        self.transfers += 1
        chip = self._dec.selected
        if chip is not None:
            chip.transfer(buf, None)

    def write_readinto(self, tx, rx):
        self.transfers += 1
        chip = self._dec.selected
        if chip is None:
            for i in range(len(rx)):
                rx[i] = 0
        else:
            chip.transfer(tx, rx)

    def readinto(self, buf, write=0):
        self.write_readinto(bytes([write]) * len(buf), buf)

    def read(self, n, write=0):
        buf = bytearray(n)
        self.readinto(buf, write)
        return bytes(buf)


class SimNeoPixel:
    """Records what the firmware wrote: `shown` = the last frame sent down the chain, `writes` = how many."""

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.buf = bytearray(3 * n)
        self.shown = bytes(3 * n)
        self.writes = 0

    def __len__(self):
        return self.n

    def __setitem__(self, i, rgb):
        o = 3 * i
        b = self.buf
        b[o] = rgb[0]
        b[o + 1] = rgb[1]
        b[o + 2] = rgb[2]

    def __getitem__(self, i):
        o = 3 * i
        b = self.buf
        return (b[o], b[o + 1], b[o + 2])

    def fill(self, rgb):
        for i in range(self.n):
            self[i] = rgb

    def write(self):
        self.shown = bytes(self.buf)
        self.writes += 1


class SimWDT:
    """The board's hardware watchdog, which lives OUTSIDE the CPU: the firmware only announces itself and
    feeds it here; the timer runs in whoever holds the other end of the world channel (the host's
    EmulatedTable), which resets (kills and restarts) the firmware when `timeout` ms pass without a feed,
    as machine.WDT does on a board. Sends `wdt init <timeout_ms>` when created and `wdt` on a feed, at most
    every 100 ms (the outside timer may therefore fire up to 100 ms early)."""

    def __init__(self, world, timeout=8000):
        self.timeout_ms = timeout
        self.feeds = 0
        self._world = world
        self._sent_ms = ticks_ms()
        world.write("wdt init " + str(timeout) + "\n")

    def feed(self):
        self.feeds += 1
        now = ticks_ms()
        if ticks_diff(now, self._sent_ms) >= _WDT_LINE_MS:
            self._sent_ms = now
            self._world.write("wdt\n")
