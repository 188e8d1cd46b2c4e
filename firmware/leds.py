# LED state per cell and its local animation (solid, blink, pulse, sequence) onto a WS2812 chain via
# `neopixel`.
#
# The host sends what each cell should show (wire.LEDS); the firmware animates it locally so a blinking
# destination costs no link traffic. A reader fault overrides its cell with solid red until it heals.

from time import ticks_ms

from micropython import const

SOLID = const(0)
BLINK = const(1)
PULSE = const(2)
SEQUENCE = const(3)
_DEFAULT_PERIOD = const(50)  # x 10 ms
PATTERN_CHARS = "sbpq"


class Leds:
    def __init__(self, np, n_cells, led_first, led_list, brightness=255):
        self._np = np
        self.n = n_cells
        self._first = led_first
        self._list = led_list
        self.brightness = brightness
        self.rgb = bytearray(3 * n_cells)
        self.pattern = bytearray(n_cells)
        self.period = bytearray(n_cells)
        self.seq_pos = bytearray(n_cells)
        self.seq_len = 0
        self.fault = bytearray(n_cells)
        self._shown = bytearray(3 * n_cells)  # colour last put on each cell's LEDs
        self._animated = []
        self._dirty = True
        self.version = 0  # bumps on every logical change (for the world channel's reporter)
        self._epoch = ticks_ms()

    def apply(self, entries):
        """entries from wire.unpack_leds: (cell, r, g, b, pattern, period_10ms); bad cells are skipped and
        counted in the return value."""
        bad = 0
        for cell, r, g, b, pattern, period in entries:
            if cell >= self.n or pattern > SEQUENCE:
                bad += 1
                continue
            o = 3 * cell
            self.rgb[o] = r
            self.rgb[o + 1] = g
            self.rgb[o + 2] = b
            self.pattern[cell] = pattern
            self.period[cell] = period or _DEFAULT_PERIOD
            if pattern == SEQUENCE:
                self.seq_pos[cell] = self.seq_len & 0xFF
                self.seq_len += 1
        self._changed()
        return bad

    def clear(self):
        for i in range(3 * self.n):
            self.rgb[i] = 0
        for i in range(self.n):
            self.pattern[i] = SOLID
        self.seq_len = 0
        self._changed()

    def set_fault(self, cell, on):
        v = 1 if on else 0
        if self.fault[cell] != v:
            self.fault[cell] = v
            self._changed()

    def _changed(self):
        self._dirty = True
        self.version += 1
        anim = []
        for i in range(self.n):
            if self.pattern[i] != SOLID and not self.fault[i]:
                o = 3 * i
                if self.rgb[o] | self.rgb[o + 1] | self.rgb[o + 2]:
                    anim.append(i)
        self._animated = anim

    def logical(self, cell):
        """(r, g, b, pattern) the cell is meant to show, fault overlay included."""
        if self.fault[cell]:
            return 255, 0, 0, SOLID
        o = 3 * cell
        return self.rgb[o], self.rgb[o + 1], self.rgb[o + 2], self.pattern[cell]

    def _colour(self, cell, t):
        if self.fault[cell]:
            return 255, 0, 0
        o = 3 * cell
        r = self.rgb[o]
        g = self.rgb[o + 1]
        b = self.rgb[o + 2]
        p = self.pattern[cell]
        if p == SOLID:
            return r, g, b
        period = self.period[cell] * 10
        if p == BLINK:
            return (r, g, b) if t % period < period // 2 else (0, 0, 0)
        if p == PULSE:
            phase = t % period
            half = period // 2 or 1
            level = phase if phase < half else period - phase
            return r * level // half, g * level // half, b * level // half
        n = self.seq_len or 1
        return (r, g, b) if (t // period) % n == self.seq_pos[cell] else (0, 0, 0)

    def render(self, now_ms=None):
        """Put the current animation frame on the chain; writes the strip only if some LED changed."""
        t = (now_ms if now_ms is not None else ticks_ms()) - self._epoch
        cells = range(self.n) if self._dirty else self._animated
        self._dirty = False
        changed = False
        br = self.brightness
        shown = self._shown
        np = self._np
        first = self._first
        lst = self._list
        for cell in cells:
            r, g, b = self._colour(cell, t)
            o = 3 * cell
            if shown[o] != r or shown[o + 1] != g or shown[o + 2] != b:
                shown[o] = r
                shown[o + 1] = g
                shown[o + 2] = b
                changed = True
                px = (r * br >> 8, g * br >> 8, b * br >> 8) if br < 255 else (r, g, b)
                for k in range(first[cell], first[cell + 1]):
                    np[lst[k]] = px
        if changed:
            np.write()
        return changed
