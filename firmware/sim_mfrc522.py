# Simulated MFRC522 at the register level, with ISO 14443A cards answering from the emulated world.
#
# FAKE HARDWARE (no RFID chip exists here): this stands behind the simulated SPI bus so that the real driver
# (mfrc522.py) runs unchanged. Modelled: the register file, the 64-byte FIFO, CommandReg Transceive started
# by BitFramingReg StartSend, TxLastBits/RxAlign bit framing, ComIrqReg (RxIRq/IdleIRq/TimerIRq), ErrorReg
# CollErr with CollReg CollPos, and the card states of ISO 14443-3 (IDLE, READY per cascade level, ACTIVE,
# HALT). Not modelled: RF timing (a timeout fires at once), CRC coprocessor, MIFARE crypto, 10-byte UIDs.
# A failed reader (world "fail <cell>") stops driving MISO: every byte reads 0x00 and writes are lost.

from micropython import const

_IDLE = const(0)
_READY = const(1)
_ACTIVE = const(2)
_HALT = const(3)


def crc_a_bitwise(data):
    """CRC_A computed bit by bit (independent of the driver's table-free byte version)."""
    crc = 0x6363
    for b in data:
        for i in range(8):
            bit = ((b >> i) & 1) ^ (crc & 1)
            crc >>= 1
            if bit:
                crc ^= 0x8408
    return crc


class SimCard:
    """One ISO 14443A card (4- or 7-byte UID)."""

    def __init__(self, uid):
        self.uid = bytes(uid)
        self.state = _IDLE
        self.level = 1
        self.from_halt = False
        u = self.uid
        if len(u) == 4:
            self.frames = (self._frame(u),)
        else:
            self.frames = (self._frame(b"\x88" + u[:3]), self._frame(u[3:7]))

    @staticmethod
    def _frame(four):
        bcc = four[0] ^ four[1] ^ four[2] ^ four[3]
        return int.from_bytes(bytes(four) + bytes([bcc]), "little")

    def atqa(self):
        return 0x0004 if len(self.uid) == 4 else 0x0044

    def drop_ready(self):
        if self.state == _READY:
            self.state = _HALT if self.from_halt else _IDLE


def _merge(values, k, nbits):
    """Bitwise merge of what several cards send from bit k on: (value, first collision bit or -1)."""
    v0 = values[0]
    diff = 0
    for v in values:
        diff |= v ^ v0
    diff &= ((1 << nbits) - 1) & ~((1 << k) - 1)
    if not diff:
        return v0, -1
    p = 0
    while not (diff >> p) & 1:
        p += 1
    return (v0 & ((1 << p) - 1)) | (1 << p), p


class SimMfrc522:
    def __init__(self, cards, version=0x92):
        self.cards = cards  # list of SimCard in this reader's field, shared with the world
        self.failed = False
        self.regs = bytearray(64)
        self.regs[0x37] = version
        self._fifo = bytearray(64)  # preallocated: the emulator reads 346 of these per pass
        self._fn = 0  # bytes in the FIFO
        self._fr = 0  # read position

    # --- SPI side --------------------------------------------------------------------------------------
    def transfer(self, tx, rx):
        """One chip-select assertion's worth of bytes; rx (same length) receives MISO, or None."""
        n = len(tx)
        if self.failed:
            if rx is not None:
                for i in range(n):
                    rx[i] = 0
            return
        a = tx[0]
        if a & 0x80:  # read: each address byte clocks out the previous address's register
            if rx is None:
                return
            rx[0] = 0
            for i in range(1, n):
                rx[i] = self._read((tx[i - 1] >> 1) & 0x3F)
        else:
            reg = (a >> 1) & 0x3F
            for i in range(1, n):
                self._write(reg, tx[i])
            if rx is not None:
                for i in range(n):
                    rx[i] = 0

    def _read(self, reg):
        if reg == 0x09:
            if self._fr < self._fn:
                b = self._fifo[self._fr]
                self._fr += 1
                return b
            return 0
        if reg == 0x0A:
            return self._fn - self._fr
        return self.regs[reg]

    def _write(self, reg, val):
        regs = self.regs
        if reg == 0x09:
            if self._fn < 64:
                self._fifo[self._fn] = val
                self._fn += 1
            else:
                regs[0x06] |= 0x10  # BufferOvfl
        elif reg == 0x0A:
            if val & 0x80:
                self._fn = 0
                self._fr = 0
        elif reg == 0x04:  # ComIrqReg: bit 7 says set or clear the marked bits
            if val & 0x80:
                regs[0x04] |= val & 0x7F
            else:
                regs[0x04] &= ~val & 0x7F
        elif reg == 0x01:
            regs[0x01] = val & 0x0F
            if val & 0x0F == 0x0F:  # SoftReset
                version = regs[0x37]
                for i in range(64):
                    regs[i] = 0
                regs[0x37] = version
                self._fn = 0
                self._fr = 0
        elif reg == 0x0D:
            regs[0x0D] = val & 0x7F
            if val & 0x80 and regs[0x01] == 0x0C:
                self._exchange(val & 7, (val >> 4) & 7)
        else:
            regs[reg] = val

    # --- RF side ---------------------------------------------------------------------------------------
    def _exchange(self, tx_last_bits, rx_align):
        regs = self.regs
        regs[0x06] = 0
        regs[0x0E] = 0x80
        regs[0x0C] = 0
        if not self.cards:  # an empty field never answers (and an empty cell must not allocate)
            self._fn = 0
            self._fr = 0
            regs[0x04] |= 0x41  # TxIRq | TimerIRq
            return
        data = bytes(self._fifo[self._fr : self._fn])
        self._fn = 0
        self._fr = 0
        if not regs[0x14] & 0x03:
            resp = None  # antenna off: nobody is powered
        else:
            resp = self._iso14443(data, tx_last_bits)
        if resp is None:
            regs[0x04] |= 0x41  # TxIRq | TimerIRq
            return
        out, nbits_last, coll = resp
        self._fifo[: len(out)] = out
        self._fn = len(out)
        regs[0x0C] = nbits_last & 7
        if coll > 0:
            regs[0x06] |= 0x08
            regs[0x0E] = coll if coll < 32 else 0
        regs[0x04] |= 0x70  # TxIRq | RxIRq | IdleIRq
        regs[0x01] = 0

    def _iso14443(self, data, tx_last_bits):
        cards = self.cards
        if len(data) == 1 and tx_last_bits == 7:
            cmd = data[0] & 0x7F
            responders = []
            for c in cards:
                if cmd == 0x52 or (cmd == 0x26 and c.state == _IDLE):
                    c.from_halt = c.state == _HALT
                    c.state = _READY
                    c.level = 1
                    responders.append(c.atqa())
            if not responders:
                return None
            v, p = _merge(responders, 0, 16)
            if p < 0:
                return v.to_bytes(2, "little"), 0, 0
            nb = p // 8 + 1
            return (v & ((1 << (p + 1)) - 1)).to_bytes(nb, "little"), (p + 1) % 8, p + 1
        if not data:
            return None
        cmd = data[0]
        if cmd in (0x93, 0x95) and len(data) >= 2:
            level = 1 if cmd == 0x93 else 2
            nvb = data[1]
            if nvb == 0x70:
                return self._select(data, level)
            k = ((nvb >> 4) - 2) * 8 + (nvb & 0x0F)
            if k < 0 or k > 40:
                return None
            known = int.from_bytes(data[2:] + bytes(5), "little") & ((1 << k) - 1)
            values = []
            for c in cards:
                if c.state == _READY and c.level == level and level <= len(c.frames):
                    f = c.frames[level - 1]
                    if f & ((1 << k) - 1) == known:
                        values.append(f)
            if not values:
                return None
            v, p = _merge(values, k, 40)
            kb = k // 8
            last = 40 if p < 0 else p + 1
            nb = (last - 1) // 8 + 1 - kb
            v = (v >> (kb * 8)) & ((1 << (last - kb * 8)) - 1)
            v &= ~((1 << (k - kb * 8)) - 1)  # bits before RxAlign are not received
            coll = -1 if p < 0 else p - kb * 8 + 1
            return v.to_bytes(nb, "little"), last % 8, coll
        if cmd == 0x50 and len(data) == 4:
            if crc_a_bitwise(data[:2]) == data[2] | (data[3] << 8):
                for c in cards:
                    if c.state == _ACTIVE:
                        c.state = _HALT
            return None
        for c in cards:  # anything else knocks READY cards back
            c.drop_ready()
            if c.state == _ACTIVE:
                c.state = _IDLE
        return None

    def _select(self, data, level):
        if len(data) != 9 or crc_a_bitwise(data[:7]) != data[7] | (data[8] << 8):
            return None
        frame = int.from_bytes(data[2:7], "little")
        sak = -1
        for c in self.cards:
            if c.state != _READY or c.level != level:
                continue
            if level <= len(c.frames) and c.frames[level - 1] == frame:
                if level < len(c.frames):
                    c.level = level + 1
                    sak = 0x04
                else:
                    c.state = _ACTIVE
                    sak = 0x08 if len(c.uid) == 4 else 0x00
            else:
                c.drop_ready()
        if sak < 0:
            return None
        crc = crc_a_bitwise(bytes([sak]))
        return bytes([sak, crc & 0xFF, crc >> 8]), 0, -1
