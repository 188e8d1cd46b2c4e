# Debounced buttons: sampled every few ms; a level must hold for debounce_ms before it counts, and a held
# button
# gives exactly one press. An IRQ handler (where the port has one) only sets a flag so the sampler wakes
# early.

from time import ticks_diff

from micropython import const

_DEBOUNCE_MS = const(20)


class Buttons:
    def __init__(self, pins, active_low, debounce_ms=_DEBOUNCE_MS):
        self._pins = pins
        n = len(pins)
        self._active_low = active_low  # list of bools
        self.debounce_ms = debounce_ms
        self.stable = bytearray(n)  # debounced state, 1 = pressed
        self._raw = bytearray(n)
        self._since = [0] * n
        self.edge_flag = False
        for p in pins:
            if hasattr(p, "irq"):
                try:
                    p.irq(self._isr)
                except (TypeError, ValueError, OSError):
                    pass

    def _isr(self, pin):
        self.edge_flag = True  # ISR rule: set a flag, nothing else

    def poll(self, now_ms, events):
        """Sample every button; append (button, pressed) for each debounced change to `events`."""
        self.edge_flag = False
        for i in range(len(self._pins)):
            level = self._pins[i].value()
            pressed = (level == 0) if self._active_low[i] else (level == 1)
            pressed = 1 if pressed else 0
            if pressed != self._raw[i]:
                self._raw[i] = pressed
                self._since[i] = now_ms
            elif pressed != self.stable[i] and ticks_diff(now_ms, self._since[i]) >= self.debounce_ms:
                self.stable[i] = pressed
                events.append((i, pressed))
        return events

    def busy(self):
        """True while some button is between a raw change and its debounced state."""
        for i in range(len(self._raw)):
            if self._raw[i] != self.stable[i]:
                return True
        return False
