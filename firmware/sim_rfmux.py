# Simulated RF switch trees and hex coils of a switched-coil board, at the GPIO boundary.
#
# FAKE HARDWARE (no switch, coil or tag exists here): SimRfSwitch watches the simulated address and enable
# pins the real firmware (rfmux.RfMux) drives and knows which channel every tile's switch tree connects, and
# since when. Each tile's PN5180 model (sim_pn5180.SimPn5180, unchanged) sees as "the tags in its field" a
# SimTileField: the tags lying on the hex whose coil is connected, but only once the field has been on that
# coil for TAG_POWER_UP_US (a tag answers nothing while it powers up, so a driver that does not wait after
# switching misses it), and none while the switches are disabled or the coil is broken (world `fail <cell>`).
# Not modelled: coupling between coils, detuning by stacked tags, field strength, RF timing.

from time import ticks_diff, ticks_us

from micropython import const

TAG_POWER_UP_US = const(300)  # model value, below the boards' settle_us (firmware/TIMING.md)


class SimRfSwitch:
    def __init__(self, address_pins, enable_pin):
        self._pins = address_pins
        self._en = enable_pin
        self.channel = -1  # -1: disabled (enable high)
        self.since = ticks_us()
        self.changes = 0
        for p in address_pins:
            p._listener = self._changed
        enable_pin._listener = self._changed

    def _changed(self, _v):
        ch = -1
        if not self._en._v:
            ch = 0
            pins = self._pins
            for bit in range(len(pins)):
                if pins[bit]._v:
                    ch |= 1 << bit
        if ch != self.channel:
            self.channel = ch
            self.since = ticks_us()
            self.changes += 1


class SimCoil:
    """One hex's coil: `failed` = broken (open trace, bad switch channel): no tag on it ever answers."""

    def __init__(self):
        self.failed = False


class SimTileField:
    """What one tile's reader field reaches: the tags of the connected hex, once powered."""

    def __init__(self, switch, cells_by_channel, world_cards, coils):
        self._sw = switch
        self._cells = cells_by_channel  # channel -> cell (or -1: no coil on that channel)
        self._cards = world_cards
        self._coils = coils

    def __iter__(self):
        sw = self._sw
        ch = sw.channel
        if ch < 0 or ch >= len(self._cells):
            return iter(())
        cell = self._cells[ch]
        if cell < 0 or self._coils[cell].failed:
            return iter(())
        if ticks_diff(ticks_us(), sw.since) < TAG_POWER_UP_US:
            return iter(())
        return iter(self._cards[cell])
