# Chip select through 74HC154-style decoders: a pin-like object whose .value(0) selects the reader at
# .address.
#
# The address lines carry the reader number (low bits to every decoder's A0..A3, high bits to the bank
# decoder);
# the enable line strobes the selected output low. Only address lines whose bit changed are written, so
# walking
# the cells in order mostly toggles one or two GPIOs per select.


class DecoderCS:
    def __init__(self, address_pins, enable_pin):
        self._pins = address_pins  # Pin objects, bit 0 first
        self._en = enable_pin
        self._n = len(address_pins)
        self._current = -1
        self.address = 0
        enable_pin.value(1)

    def value(self, v):
        """0 = select the reader at self.address (enable low), 1 = deselect (enable high)."""
        if v:
            self._en.value(1)
            return
        a = self.address
        changed = a ^ self._current if self._current >= 0 else (1 << self._n) - 1
        if changed:
            pins = self._pins
            for bit in range(self._n):
                if changed & (1 << bit):
                    pins[bit].value((a >> bit) & 1)
            self._current = a
        self._en.value(0)

    def __call__(self, v):
        self.value(v)
