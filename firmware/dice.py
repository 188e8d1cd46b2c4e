# Dice: one debounced press of an armed button = one roll of what the host armed (1d6, 2d6 white then
# coloured, 1d10 for Fire Team: up to four dice of one kind).
#
# Values come from os.urandom, which reads the hardware random source on RP2040 (ring oscillator) and ESP32
# (RF noise RNG). Rejection sampling keeps every die unbiased: a d6 throws away bytes >= 252 and a d10 bytes
# >= 250, so each face keeps exactly 42 (d6) or 25 (d10) of the accepted byte values.

import os

from micropython import const

_D6_LIMIT = const(252)  # 42 * 6
_D10_LIMIT = const(250)  # 25 * 10
ANY_BUTTON = const(255)


def roll(sides, randbytes=os.urandom):
    """One die of `sides` faces (6 or 10), 1..sides, unbiased."""
    limit = _D10_LIMIT if sides == 10 else _D6_LIMIT
    while True:
        b = randbytes(1)[0]
        if b < limit:
            return b % sides + 1


def d6(randbytes=os.urandom):
    return roll(6, randbytes)


def d10(randbytes=os.urandom):
    return roll(10, randbytes)


class Dice:
    def __init__(self, randbytes=os.urandom, any_buttons=None):
        self._rand = randbytes
        self._armed = {}  # button -> (request, count, sides); ANY_BUTTON arms every dice button
        # the buttons ANY_BUTTON arms (the board's dice-* buttons); None: every button. A done button is
        # never one of them, so its press always reaches the host as a BUTTON event.
        self._any = any_buttons
        self.rolls = 0
        self.context = b""
        # emulated board only (None on a board): told the faces of the die about to be drawn, so the world's
        # dice-next can refuse a queued pip that die does not have (sim_world.World.rolling)
        self.on_roll = None

    def arm(self, request, button, count, sides=6, context=b""):
        self._armed[button] = (request, count, sides, context)

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
        request, count, sides, context = self._armed.pop(key)
        self.context = context  # the commitment the roll is signed with (firmware/rollauth.py)
        if self.on_roll is not None:
            self.on_roll(sides)
        values = bytearray(count)
        for i in range(count):
            values[i] = roll(sides, self._rand)
        self.rolls += 1
        return request, values
