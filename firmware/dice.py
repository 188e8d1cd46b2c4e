# Dice: one debounced press of an armed button = one roll of what the host armed (1d6, or 2d6 white then
# coloured).
#
# Values come from os.urandom, which reads the hardware random source on RP2040 (ring oscillator) and ESP32
# (RF noise RNG). Rejection sampling keeps d6 unbiased: a byte >= 252 is thrown away, so each face keeps
# exactly 42 of the 252 accepted byte values.

import os

from micropython import const

_LIMIT = const(252)  # 42 * 6
ANY_BUTTON = const(255)


def d6(randbytes=os.urandom):
    while True:
        b = randbytes(1)[0]
        if b < _LIMIT:
            return b % 6 + 1


class Dice:
    def __init__(self, randbytes=os.urandom, any_buttons=None):
        self._rand = randbytes
        self._armed = {}  # button -> (request, count); ANY_BUTTON arms every dice button
        # the buttons ANY_BUTTON arms (the board's dice-* buttons); None: every button. A done button is
        # never one of them, so its press always reaches the host as a BUTTON event.
        self._any = any_buttons
        self.rolls = 0

    def arm(self, request, button, count):
        self._armed[button] = (request, count)

    def disarm_all(self):
        self._armed = {}

    def _any_arms(self, button):
        return ANY_BUTTON in self._armed and (self._any is None or button in self._any)

    def armed(self, button):
        return button in self._armed or self._any_arms(button)

    def press(self, button):
        """A debounced press: (request, values) if that button was armed (and disarm it), else None."""
        key = button if button in self._armed else (ANY_BUTTON if self._any_arms(button) else -1)
        if key < 0:
            return None
        request, count = self._armed.pop(key)
        values = bytearray(count)
        for i in range(count):
            values[i] = d6(self._rand)
        self.rolls += 1
        return request, values
