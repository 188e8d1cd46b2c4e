# Builds the I/O objects a board definition describes: reader driver + chip select, LED strip, buttons,
# watchdog.
#
# On an RP2040/ESP32 these are machine.SPI/Pin, neopixel, machine.WDT and os.urandom for the dice. On the unix
# port (the emulated board) the same drivers get simulated pins, SPI bus and chips (sim_*.py), plus the World
# they read from, which is also the dice's random source (world command dice-next).

import os
import sys

from csdecoder import DecoderCS

EMULATED = sys.platform not in ("rp2", "esp32")
WDT_TIMEOUT_MS = 8000  # the hardware watchdog: a board whose tasks stop feeding it for this long resets


def wdt_timeout_ms():
    """8000 ms on a board; on the emulated board env HEXMATE_WDT_MS may shorten it (tests)."""
    if EMULATED:
        text = os.getenv("HEXMATE_WDT_MS")
        if text:
            return max(100, int(text))
    return WDT_TIMEOUT_MS


class Io:
    pass


def build(board, world_out=None):
    """`world_out`: the emulated board's world channel (a file object), or None."""
    io = Io()
    io.world = None
    io.mux = None
    io.wdt_timeout_ms = wdt_timeout_ms()
    if EMULATED:
        from sim_hw import SimDecoder, SimNeoPixel, SimPin, SimSPI, SimWDT

        pins = {}

        def pin(n, value=0):
            if n not in pins:
                pins[n] = SimPin(n, value=value)
            return pins[n]

        addr = [pin(p) for p in board.address_pins]
        en = pin(board.enable_pin, 1)
        chips = {}
        decoder = SimDecoder(addr, en, chips)
        spi = SimSPI(decoder)
        buttons = [pin(p, 1 if low else 0) for (_, p, low) in board.buttons]
        io.np = SimNeoPixel(pin(board.led_pin), board.n_leds)
        io.reset = pin(board.reset_pin, 1)
        io.busy = pin(board.busy_pin) if board.busy_pin >= 0 else None
        from sim_world import World

        if board.mux is not None:
            from sim_pn5180 import SimPn5180, SimVicinityCard
            from sim_rfmux import SimCoil, SimRfSwitch, SimTileField

            def factory(uid):
                return SimVicinityCard(uid) if len(uid) == 8 else None

            world = World(board.n_cells, factory, {}, buttons, [b[2] for b in board.buttons],
                          board.button_names)
            mux_pins, mux_en, nch, _ = board.mux
            switch = SimRfSwitch([pin(p) for p in mux_pins], pin(mux_en, 1))
            coils = [SimCoil() for _ in range(board.n_cells)]
            by_reader = {}
            for i in range(board.n_cells):
                by_reader.setdefault(board.cs[i] // nch, [-1] * nch)[board.cs[i] % nch] = i
                world.chips[i] = coils[i]
            airtime = os.getenv("HEXMATE_SIM_AIRTIME") == "1"  # ISO 15693 air time modelled (bench)
            for r, cells_by_channel in by_reader.items():
                chips[r] = SimPn5180(SimTileField(switch, cells_by_channel, world.cards, coils))
                chips[r].airtime = airtime
            io.switch = switch
        elif board.reader_type == "pn5180":
            from sim_pn5180 import SimPn5180, SimVicinityCard

            def factory(uid):
                return SimVicinityCard(uid) if len(uid) == 8 else None

            world = World(board.n_cells, factory, {}, buttons, [b[2] for b in board.buttons],
                          board.button_names)
            for i in range(board.n_cells):
                chip = SimPn5180(world.cards[i])
                chips[board.cs[i]] = chip
                world.chips[i] = chip
        else:
            from sim_mfrc522 import SimCard, SimMfrc522

            def factory(uid):
                return SimCard(uid) if len(uid) in (4, 7) else None

            world = World(board.n_cells, factory, {}, buttons, [b[2] for b in board.buttons],
                          board.button_names)
            for i in range(board.n_cells):
                chip = SimMfrc522(world.cards[i])
                chips[board.cs[i]] = chip
                world.chips[i] = chip
        world.out = world_out
        world.np = io.np
        io.world = world
        io.wdt = SimWDT(world, io.wdt_timeout_ms)
        io.randbytes = world.randbytes  # the emulated random source (dice-next, then os.urandom)
    else:
        import machine
        import neopixel

        Pin = machine.Pin
        sid, sck, mosi, miso, baud = next(s for s in board.spi if s[0] == board.reader_spi)
        spi = machine.SPI(sid, baudrate=baud, polarity=0, phase=0, sck=Pin(sck), mosi=Pin(mosi),
                          miso=Pin(miso))
        addr = [Pin(p, Pin.OUT, value=0) for p in board.address_pins]
        en = Pin(board.enable_pin, Pin.OUT, value=1)
        buttons = []
        for _, p, low in board.buttons:
            buttons.append(Pin(p, Pin.IN, Pin.PULL_UP if low else None))
        io.np = neopixel.NeoPixel(Pin(board.led_pin, Pin.OUT), board.n_leds)
        if board.led_order == "RGB":
            io.np.ORDER = (0, 1, 2, 3)  # the neopixel module's default is GRB
        io.wdt = machine.WDT(timeout=io.wdt_timeout_ms)
        io.reset = Pin(board.reset_pin, Pin.OUT, value=1)
        io.busy = Pin(board.busy_pin, Pin.IN) if board.busy_pin >= 0 else None
        io.randbytes = os.urandom  # the hardware random source (ring oscillator / RF noise)
    io.cs = DecoderCS(addr, en)
    io.buttons = buttons
    if board.mux is not None:
        from pn5180 import Pn5180
        from rfmux import MuxReader, RfMux

        mux_pins, mux_en, nch, settle_us = board.mux
        if EMULATED:
            mpins = [pin(p) for p in mux_pins]
            men = pin(mux_en, 1)
        else:
            mpins = [Pin(p, Pin.OUT, value=0) for p in mux_pins]
            men = Pin(mux_en, Pin.OUT, value=1)
        io.mux = RfMux(mpins, men, settle_us)
        # all tiles read a channel together; the emulated board can be told not to (HEXMATE_LOCKSTEP=0, bench)
        lockstep = not (EMULATED and os.getenv("HEXMATE_LOCKSTEP") == "0")
        io.reader = MuxReader(Pn5180(spi, io.cs, io.busy, timeout_us=board.timeout_us), io.cs, io.mux, nch,
                              lockstep)
        io.cs = io.reader.sel  # the scanner addresses cells; MuxReader splits them into reader + channel
    elif board.reader_type == "pn5180":
        from pn5180 import Pn5180

        io.reader = Pn5180(spi, io.cs, io.busy, timeout_us=board.timeout_us)
    else:
        from mfrc522 import Mfrc522

        io.reader = Mfrc522(spi, io.cs, timeout_us=board.timeout_us)
    io.spi = spi
    return io
