# PN5180 (ISO 15693) driver: inventory of every vicinity tag in a reader's field, so a stack reports all
# its UIDs.
#
# Command protocol over SPI (one frame per command, a second frame reads the answer, BUSY low between them).
# A read first probes with a 1-slot inventory (an empty hex answers nothing: one short timeout); when tags
# collide it runs the 16-slot inventory and, for a slot where tags still collide, a 16-slot inventory
# masked with that slot's 4 bits (and so on down to 12 mask bits). Anything left unresolved, or any frame
# that does not decode, makes the cell UNCERTAIN. UIDs are reported most significant byte first (E0 ...).

from time import ticks_diff, ticks_us

from micropython import const

EMPTY = const(0)
TAGS = const(1)
UNCERTAIN = const(2)
DEAD = const(3)
COLLIDED = const(4)  # probe_finish only: more than one tag answered the 1-slot probe

# commands
_WRITE_REGISTER = const(0x00)
_WRITE_REGISTER_OR = const(0x01)
_WRITE_REGISTER_AND = const(0x02)
_READ_REGISTER = const(0x04)
_READ_EEPROM = const(0x07)
_SEND_DATA = const(0x09)
_READ_DATA = const(0x0A)
_LOAD_RF_CONFIG = const(0x11)
_RF_ON = const(0x16)
# registers
_SYSTEM_CONFIG = const(0x00)
_IRQ_STATUS = const(0x02)
_IRQ_CLEAR = const(0x03)
_TIMER1_RELOAD = const(0x0C)
_RX_STATUS = const(0x13)
_TX_CONFIG = const(0x18)
# IRQ_STATUS bits
_RX_IRQ = const(0x00001)
_TIMER1_IRQ = const(0x01000)
_GENERAL_ERROR_IRQ = const(0x20000)
_RX_COLLISION = const(1 << 18)
# EEPROM
_PRODUCT_VERSION = const(0x10)
# ISO 15693
_FLAGS_16_SLOTS = const(0x06)  # high data rate | inventory
_FLAGS_1_SLOT = const(0x26)  # ... | 1 slot
_INVENTORY = const(0x01)
_MAX_MASK_BITS = const(12)
_EXCHANGE_MAX_US = const(20000)  # the longest ISO 15693 exchange (~5.7 ms) with a wide margin


class Pn5180:
    def __init__(self, spi, cs, busy, timeout_us=2000, max_tags=8):
        self._spi = spi
        self._cs = cs
        self._busy = busy
        self.timeout_us = timeout_us
        self.max_tags = max_tags
        self._cmd = bytearray(16)
        self._ff = bytearray(b"\xff" * 16)
        self._rx = bytearray(16)
        self._data = bytearray(8)  # the ISO 15693 request being sent
        self._cmd_views = [memoryview(self._cmd)[:k] for k in range(17)]
        self._ff_views = [memoryview(self._ff)[:k] for k in range(17)]
        self._rx_views = [memoryview(self._rx)[:k] for k in range(17)]
        self.collisions = 0

    # --- transport -------------------------------------------------------------------------------------
    def _wait_busy(self):
        busy = self._busy
        if busy is None:
            return True
        t0 = ticks_us()
        while busy.value():
            if ticks_diff(ticks_us(), t0) > self.timeout_us:
                return False
        return True

    def _send(self, n):
        cs = self._cs
        cs.value(0)
        self._spi.write(self._cmd_views[n])
        cs.value(1)
        return self._wait_busy()

    def _recv(self, n):
        cs = self._cs
        cs.value(0)
        self._spi.write_readinto(self._ff_views[n], self._rx_views[n])
        cs.value(1)
        return self._wait_busy()

    def _write_reg(self, op, reg, value):
        c = self._cmd
        c[0] = op
        c[1] = reg
        c[2] = value & 0xFF
        c[3] = (value >> 8) & 0xFF
        c[4] = (value >> 16) & 0xFF
        c[5] = (value >> 24) & 0xFF
        return self._send(6)

    def _read_reg(self, reg):
        c = self._cmd
        c[0] = _READ_REGISTER
        c[1] = reg
        if not self._send(2) or not self._recv(4):
            return -1
        r = self._rx
        return r[0] | (r[1] << 8) | (r[2] << 16) | (r[3] << 24)

    # --- setup -----------------------------------------------------------------------------------------
    def version(self):
        c = self._cmd
        c[0] = _READ_EEPROM
        c[1] = _PRODUCT_VERSION
        c[2] = 2
        if not self._send(3) or not self._recv(2):
            return 0
        return self._rx[0] | (self._rx[1] << 8)

    def init(self):
        """Configure the selected reader for ISO 15693; False if it does not answer (self-test)."""
        v = self.version()
        if v in (0, 0xFFFF):
            return False
        c = self._cmd
        c[0] = _LOAD_RF_CONFIG
        c[1] = 0x0D  # ISO 15693 26 kbps, tx
        c[2] = 0x8D  # ... rx
        self._send(3)
        self._write_reg(_WRITE_REGISTER, _TIMER1_RELOAD, self.timeout_us * 13 // 10)  # 1.356 MHz ticks
        c[0] = _RF_ON
        c[1] = 0
        return self._send(2)

    # --- inventory -------------------------------------------------------------------------------------
    def _start(self, n):
        """Clear IRQs, arm TRANSCEIVE and send the first n bytes of self._data (none: EOF only,
        after _next_slot cleared the SOF/data bits of TX_CONFIG)."""
        if n:
            self._write_reg(_WRITE_REGISTER_OR, _TX_CONFIG, 0x000004C0)
        self._write_reg(_WRITE_REGISTER, _IRQ_CLEAR, 0xFFFFFFFF)
        self._write_reg(_WRITE_REGISTER_AND, _SYSTEM_CONFIG, 0xFFFFFFF8)
        self._write_reg(_WRITE_REGISTER_OR, _SYSTEM_CONFIG, 0x00000003)
        c = self._cmd
        c[0] = _SEND_DATA
        c[1] = 0  # all bits of the last byte valid
        d = self._data
        for i in range(n):
            c[2 + i] = d[i]
        return self._send(2 + n)

    def _next_slot(self):
        """End the current slot with an EOF only, which moves every tag to the next slot."""
        self._write_reg(_WRITE_REGISTER_AND, _TX_CONFIG, 0xFFFFFB3F)
        return self._start(0)

    def _slot(self, uids):
        """Wait for the current slot's answer: 0 nothing, 1 UID appended, 2 collision, -1 dead, -2 garbage."""
        t0 = ticks_us()
        while True:
            irq = self._read_reg(_IRQ_STATUS)
            if irq < 0:
                return -1
            if irq & (_RX_IRQ | _GENERAL_ERROR_IRQ):
                break
            if irq & _TIMER1_IRQ:
                return 0
            # a tag's answer ends ~5.7 ms after the request started (firmware/TIMING.md) and TIMER1 ends an
            # unanswered slot; only a chip that never raises either is dead
            if ticks_diff(ticks_us(), t0) > self.timeout_us + _EXCHANGE_MAX_US:
                return -1
        st = self._read_reg(_RX_STATUS)
        if st < 0:
            return -1
        if st & _RX_COLLISION or irq & _GENERAL_ERROR_IRQ:
            self.collisions += 1
            return 2
        n = st & 0x1FF
        if n != 10:
            return -2
        c = self._cmd
        c[0] = _READ_DATA
        c[1] = 0
        if not self._send(2) or not self._recv(10):
            return -1
        r = self._rx
        if r[0] & 0x01:  # error flag in the response
            return -2
        uid = bytes(r[9 - k] for k in range(8))  # sent LSB first; reported MSB first
        if uid not in uids:
            uids.append(uid)
        return 1

    def _inventory(self, flags, mask, mask_bits, uids, collided):
        d = self._data
        d[0] = flags
        d[1] = _INVENTORY
        d[2] = mask_bits
        nb = (mask_bits + 7) // 8
        for i in range(nb):
            d[3 + i] = (mask >> (8 * i)) & 0xFF
        if not self._start(3 + nb):
            return -1
        slots = 1 if flags == _FLAGS_1_SLOT else 16
        for s in range(slots):
            if s and not self._next_slot():
                return -1
            r = self._slot(uids)
            if r < 0:
                return r
            if r == 2:
                collided.append((mask | (s << mask_bits), mask_bits + 4))
        return 0

    def probe_start(self):
        """Send the 1-slot inventory and return at once: several readers can have theirs on the air
        together (MuxReader.read_group); probe_finish collects the answer."""
        d = self._data
        d[0] = _FLAGS_1_SLOT
        d[1] = _INVENTORY
        d[2] = 0
        return self._start(3)

    def probe_finish(self, uids):
        """The answer to probe_start: EMPTY, TAGS (one tag, in `uids`), COLLIDED (a stack: run read()),
        UNCERTAIN or DEAD."""
        uids.clear()
        r = self._slot(uids)
        if r == -1:
            return DEAD
        if r == -2:
            return UNCERTAIN
        if r == 2:
            self.collisions += 1
            return COLLIDED
        return TAGS if r == 1 else EMPTY

    def read(self, uids):
        """Inventory the cell behind the current chip select into `uids` (cleared first); return EMPTY,
        TAGS, UNCERTAIN or DEAD."""
        uids.clear()
        collided = []
        r = self._inventory(_FLAGS_1_SLOT, 0, 0, uids, collided)
        if r == -1:
            return DEAD
        if r < 0:
            return UNCERTAIN
        if collided:
            collided.clear()
            work = [(0, 0)]
            while work:
                mask, bits = work.pop()
                if bits > _MAX_MASK_BITS or len(uids) > self.max_tags:
                    return UNCERTAIN
                r = self._inventory(_FLAGS_16_SLOTS, mask, bits, uids, collided)
                if r == -1:
                    return DEAD
                if r < 0:
                    return UNCERTAIN
                work.extend(collided)
                collided.clear()
        if not uids:
            return EMPTY
        uids.sort()
        return TAGS
