# The emulated world: which tags lie on which cell, which readers are broken, which buttons are held, and the
# text channel (env HEXMATE_WORLD_FD) through which a test or the host's virtual table changes it.
#
# FAKE WORLD (there is no table here): commands arrive as lines on the world fd; see firmware/EMULATION.md.
# The world also reports the LED state back (`leds ...` lines) and writes benchmark trace lines. It is also
# the emulated board's random source (`randbytes`): `dice-next` queues the pips the next die draws show, so a
# script replays exactly; a real board's dice.py draws from os.urandom and has no such hook.

import binascii
import os
from time import ticks_add, ticks_diff, ticks_ms, ticks_us

from micropython import const

_LED_REPORT_MS = const(30)
_MAX_PIP = const(10)  # the largest die the board rolls (a d10): dice-next refuses pips above it at once
_CLICK_MS = const(60)  # a `click`: pressed, then released, each for 60 ms of the sampler's reads (> debounce)


class World:
    def __init__(self, n_cells, card_factory, chips, button_pins, active_low, button_names=()):
        self.n = n_cells
        self.cards = [[] for _ in range(n_cells)]  # shared with the chip models
        self._factory = card_factory  # uid bytes -> card model (or None if this reader type cannot read it)
        self.chips = chips  # cell -> chip model (has .failed)
        self._buttons = button_pins
        self._active_low = active_low
        self._button_names = list(button_names)  # `press done` as well as `press 2`
        self.out = None  # file object of the world channel
        self.np = None  # the simulated WS2812 chain (`chain?`)
        self.reboot_requested = False
        self.errors = 0
        self._leds = None
        self._led_version = -1
        self._led_sent = None
        self._led_last_ms = 0
        self.want_full = False
        self._pips = []  # die faces the next draws show (dice-next), first one last, then os.urandom again
        self._faces = _MAX_PIP  # faces of the die being rolled (rolling); a bare dice.Dice never says

    # --- the random source -----------------------------------------------------------------------------
    def rolling(self, sides):
        """dice.Dice.on_roll: the next draws are dice of `sides` faces, until the next roll says otherwise."""
        self._faces = sides

    def randbytes(self, n):
        """os.urandom's shape for dice.Dice: a queued pip p comes out as the byte p - 1, which dice.roll maps
        back to p for a d6 (p <= 6) and a d10 alike (p - 1 < 250, never rejected); past the queue the bytes
        are os.urandom's. A pip the die being rolled does not have (a 9 for a d6) is refused, never shown as
        some other face: it is used up, `error dice-next: ...` goes out on the world channel, and that die is
        rolled at random (an accepted byte, so the next pip still goes to the next die)."""
        out = bytearray(os.urandom(n))
        pips = self._pips
        for i in range(n):
            if not pips:
                break
            p = pips.pop()
            if p <= self._faces:
                out[i] = p - 1
                continue
            self.errors += 1
            self.write("error dice-next: pip " + str(p) + " is not a face of the d" + str(self._faces)
                       + " being rolled; rolled at random instead\n")
            limit = 256 - 256 % self._faces
            while out[i] >= limit:
                out[i] = os.urandom(1)[0]
        return bytes(out)

    def _dice_next(self, text):
        """Queue the pips of `dice-next P1,P2,...`; returns an error string or None (nothing queued)."""
        pips = []
        for part in text.split(","):
            try:
                p = int(part)
            except ValueError:
                p = 0
            if not 1 <= p <= _MAX_PIP:
                return "dice-next: pips must be 1..10, got '" + part + "' in " + text
            pips.append(p)
        pips.reverse()  # popped from the end
        self._pips = pips  # a new dice-next replaces what is left of the previous one
        return None

    # --- commands --------------------------------------------------------------------------------------
    def command(self, line):
        """Apply one text command; returns an error string or None."""
        parts = line.split()
        if not parts:
            return None
        verb = parts[0]
        try:
            if verb == "place" and len(parts) == 3:
                cell = self._cell(parts[1])
                uid = binascii.unhexlify(parts[2])
                card = self._factory(uid)
                if card is None:
                    return "this reader type cannot read a " + str(len(uid)) + "-byte UID"
                for c in self.cards[cell]:
                    if c.uid == uid:
                        return None
                self.cards[cell].append(card)
            elif verb == "lift" and len(parts) == 3:
                cell = self._cell(parts[1])
                uid = binascii.unhexlify(parts[2])
                lst = self.cards[cell]
                for k in range(len(lst)):
                    if lst[k].uid == uid:
                        lst.pop(k)
                        break
            elif verb == "clear" and len(parts) == 2:
                self.cards[self._cell(parts[1])].clear()
            elif verb in ("press", "release") and len(parts) == 2:
                b = self._button(parts[1])
                if b < 0:
                    return verb + ": no button " + parts[1] + " (buttons: " + self._button_list() + ")"
                pressed = verb == "press"
                level = (0 if pressed else 1) if self._active_low[b] else (1 if pressed else 0)
                self._buttons[b].drive(level)
            elif verb == "click" and len(parts) == 2:
                b = self._button(parts[1])
                if b < 0:
                    return verb + ": no button " + parts[1] + " (buttons: " + self._button_list() + ")"
                low = self._active_low[b]
                self._buttons[b].click(0 if low else 1, 1 if low else 0, _CLICK_MS)
            elif verb == "dice-next":
                if len(parts) != 2:
                    return "dice-next takes one comma-separated list of pips, e.g. dice-next 3,4"
                return self._dice_next(parts[1])
            elif verb in ("fail", "heal") and len(parts) == 2:
                cell = self._cell(parts[1])
                self.chips[cell].failed = verb == "fail"
            elif verb == "reboot" and len(parts) == 1:
                self.reboot_requested = True
            elif verb == "leds?" and len(parts) == 1:
                self.want_full = True
            elif verb == "chain?" and len(parts) == 1:
                # the bytes last written down the WS2812 chain, LED 0 first, r g b after brightness
                if self.np is None:
                    return "chain?: this board has no LED chain"
                self.write("chain " + binascii.hexlify(self.np.shown).decode() + "\n")
            elif verb == "ready" and len(parts) == 1:
                pass  # ends the power-up batch (see preload); harmless later
            elif verb == "hang" and len(parts) == 1:
                self._hang()
            else:
                return "unknown command: " + line.strip()
        except ValueError as e:
            return "bad command " + line.strip() + ": " + str(e)
        return None

    def _hang(self):
        # A real hang: spin without ever yielding, so the asyncio loop (scan, link, heartbeat, watchdog
        # feed) stops dead. Only the watchdog outside the CPU ends it.
        self.write("hanging\n")
        n = 0
        while True:
            n += 1

    def preload(self, stream, ready_wait_ms=0):
        """Apply the world lines sent before power-up, so the boot scan already sees the counters on the
        board. With `ready_wait_ms`, wait up to that long for a `ready` line ending the batch; without it,
        apply what is already there. Returns True if `ready` arrived."""
        import select

        p = select.poll()
        p.register(stream, select.POLLIN)
        deadline = ticks_add(ticks_ms(), ready_wait_ms)
        while True:
            left = ticks_diff(deadline, ticks_ms()) if ready_wait_ms else 0
            if not p.poll(left if left > 0 else 0):
                return False
            line = stream.readline()
            if not line:
                return False
            text = line.decode()
            if text.strip() == "ready":
                return True
            err = self.command(text)
            if err:
                self.errors += 1
                self.write("error " + err + "\n")
            self.reboot_requested = False  # the board is about to boot anyway

    def _button(self, text):
        """A button by name (`done`) or id (`2`); -1 if the board has no such button."""
        if text in self._button_names:
            return self._button_names.index(text)
        try:
            b = int(text)
        except ValueError:
            return -1
        return b if 0 <= b < len(self._buttons) else -1

    def _button_list(self):
        out = []
        for i in range(len(self._buttons)):
            name = self._button_names[i] if i < len(self._button_names) else ""
            out.append((name + " = " if name else "") + str(i))
        return ", ".join(out)

    def _cell(self, text):
        cell = int(text)
        if not 0 <= cell < self.n:
            raise ValueError("no cell " + text)
        return cell

    # --- output ----------------------------------------------------------------------------------------
    def write(self, text):
        if self.out is not None:
            self.out.write(text.encode())

    def trace(self, what, cell=-1):
        if self.out is None:
            return
        t = ticks_us()
        if cell >= 0:
            self.write("trace " + what + " " + str(cell) + " " + str(t) + "\n")
        else:
            self.write("trace " + what + " " + str(t) + "\n")

    def watch_leds(self, leds):
        self._leds = leds
        self._led_sent = bytearray(b"\xff" * (4 * leds.n))

    def report_leds(self):
        """Send the cells whose LED state changed (at most every 30 ms), or all of them after `leds?`."""
        leds = self._leds
        if leds is None or self.out is None:
            return
        full = self.want_full
        if not full and leds.version == self._led_version:
            return
        now = ticks_ms()
        if not full and ticks_diff(now, self._led_last_ms) < _LED_REPORT_MS:
            return
        self.want_full = False
        self._led_version = leds.version
        self._led_last_ms = now
        sent = self._led_sent
        items = []
        for cell in range(leds.n):
            r, g, b, p = leds.logical(cell)
            o = 4 * cell
            if full or sent[o] != r or sent[o + 1] != g or sent[o + 2] != b or sent[o + 3] != p:
                sent[o] = r
                sent[o + 1] = g
                sent[o + 2] = b
                sent[o + 3] = p
                items.append(str(cell) + "=" + binascii.hexlify(bytes((r, g, b))).decode() + "sbpq"[p])
        for k in range(0, len(items), 32):
            self.write("leds " + " ".join(items[k : k + 32]) + "\n")
