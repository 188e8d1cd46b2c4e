# MFRC522 (ISO 14443A) driver: REQA/WUPA, cascaded anticollision for 4- and 7-byte UIDs, select, halt.
#
# One instance drives every reader on a bus: the chip-select object is repointed (cs.address = n) before each
# call, so 346 readers cost one object. A reader with no card in its field answers a short timer interrupt
# (timeout_us, default 700 us instead of the common 25 ms), so an empty cell costs one transceive.
# Stacks: the anticollision tree is walked depth-first at both cascade levels, so every tag that answers WUPA
# is found (up to max_tags); anything that does not decode cleanly makes the cell UNCERTAIN, never a guessed
# UID.

from time import sleep_ms, ticks_diff, ticks_us

from micropython import const

# results of read() (EMPTY/TAGS/UNCERTAIN match wire.EMPTY/TAGS/UNCERTAIN)
EMPTY = const(0)
TAGS = const(1)
UNCERTAIN = const(2)
DEAD = const(3)  # the reader did not answer over SPI

# registers
_COMMAND = const(0x01)
_COM_IRQ = const(0x04)
_ERROR = const(0x06)
_FIFO_DATA = const(0x09)
_FIFO_LEVEL = const(0x0A)
_CONTROL = const(0x0C)
_BIT_FRAMING = const(0x0D)
_COLL = const(0x0E)
_MODE = const(0x11)
_TX_CONTROL = const(0x14)
_TX_ASK = const(0x15)
_T_MODE = const(0x2A)
_T_PRESCALER = const(0x2B)
_T_RELOAD_H = const(0x2C)
_T_RELOAD_L = const(0x2D)
_VERSION = const(0x37)
# commands
_IDLE = const(0x00)
_TRANSCEIVE = const(0x0C)
# PICC commands
_REQA = const(0x26)
_WUPA = const(0x52)
_HLTA = const(0x50)
_SEL_CL1 = const(0x93)
_SEL_CL2 = const(0x95)
_CASCADE_TAG = const(0x88)
# transceive outcomes (>= 0: bytes received)
_NO_TAG = const(-1)
_NO_CHIP = const(-2)
_FAILED = const(-3)

VERSIONS = (0x91, 0x92, 0x88, 0xB2)  # MFRC522 v1.0, v2.0 and the two common FM17522 clones


def crc_a(buf, n):
    """ISO 14443-3 CRC_A over buf[:n]; sent low byte first."""
    crc = 0x6363
    for i in range(n):
        b = (buf[i] ^ crc) & 0xFF
        b = (b ^ (b << 4)) & 0xFF
        crc = (crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)
    return crc & 0xFFFF


class Mfrc522:
    def __init__(self, spi, cs, timeout_us=700, max_tags=4):
        self._spi = spi
        self._cs = cs
        self.timeout_us = timeout_us
        self.max_tags = max_tags
        self._wait_us = 2 * timeout_us + 500  # software deadline: past it the chip is not answering
        self._w2 = bytearray(2)
        self._r2 = bytearray(2)
        self._tx = bytearray(16)
        self._fifo_w = bytearray(17)
        self._fifo_w[0] = (_FIFO_DATA << 1) & 0x7E
        self._fifo_rt = bytearray(65)
        self._fifo_rx = bytearray(65)
        self._rx = memoryview(self._fifo_rx)[1:]
        # slices made once: slicing in the transceive path would allocate on every exchange
        self._fw_views = [memoryview(self._fifo_w)[:k] for k in range(18)]
        self._rt_views = [memoryview(self._fifo_rt)[:k] for k in range(66)]
        self._rx_views = [memoryview(self._fifo_rx)[:k] for k in range(66)]
        self._frame = bytearray(5)
        self._cl1 = bytearray(5)
        self._coll = -1  # 1-based collision position in the received bytes, -1 if none
        self.collisions = 0

    # --- register access -------------------------------------------------------------------------------
    def _wr(self, reg, val):
        b = self._w2
        b[0] = (reg << 1) & 0x7E
        b[1] = val
        cs = self._cs
        cs.value(0)
        self._spi.write(b)
        cs.value(1)

    def _rd(self, reg):
        b = self._w2
        b[0] = 0x80 | (reg << 1)
        b[1] = 0
        cs = self._cs
        cs.value(0)
        self._spi.write_readinto(b, self._r2)
        cs.value(1)
        return self._r2[1]

    # --- setup -----------------------------------------------------------------------------------------
    def init(self):
        """Configure the selected reader; False if it does not answer with a known version (self-test)."""
        if self._rd(_VERSION) not in VERSIONS:
            return False
        self._wr(_COMMAND, _IDLE)
        # timer starts at the end of each transmission: 13.56 MHz / (2 * 169 + 1) = 25 us per tick
        self._wr(_T_MODE, 0x80)
        self._wr(_T_PRESCALER, 0xA9)
        reload = max(1, self.timeout_us // 25)
        self._wr(_T_RELOAD_H, reload >> 8)
        self._wr(_T_RELOAD_L, reload & 0xFF)
        self._wr(_TX_ASK, 0x40)  # 100 % ASK
        self._wr(_MODE, 0x3D)  # CRC preset 0x6363
        self._wr(_TX_CONTROL, self._rd(_TX_CONTROL) | 0x03)  # antenna on
        return True

    def version(self):
        return self._rd(_VERSION)

    # --- one exchange with the cards in the field -------------------------------------------------------
    def _transceive(self, n, tx_last_bits, rx_align):
        spi = self._spi
        cs = self._cs
        self._wr(_COMMAND, _IDLE)
        self._wr(_COM_IRQ, 0x7F)
        self._wr(_FIFO_LEVEL, 0x80)
        fw = self._fifo_w
        tx = self._tx
        for i in range(n):
            fw[1 + i] = tx[i]
        cs.value(0)
        spi.write(self._fw_views[1 + n])
        cs.value(1)
        framing = (rx_align << 4) | tx_last_bits
        self._wr(_BIT_FRAMING, framing)
        self._wr(_COMMAND, _TRANSCEIVE)
        self._wr(_BIT_FRAMING, 0x80 | framing)
        t0 = ticks_us()
        while True:
            irq = self._rd(_COM_IRQ)
            if irq & 0x30:  # RxIRq | IdleIRq
                break
            if irq & 0x01:  # TimerIRq: nobody answered
                return _NO_TAG
            if ticks_diff(ticks_us(), t0) > self._wait_us:
                return _NO_CHIP
        err = self._rd(_ERROR)
        if err & 0x13:  # BufferOvfl | ParityErr | ProtocolErr
            return _FAILED
        self._coll = -1
        if err & 0x08:  # CollErr
            c = self._rd(_COLL)
            if c & 0x20:  # CollPosNotValid
                return _FAILED
            self._coll = (c & 0x1F) or 32
        level = self._rd(_FIFO_LEVEL)
        if level > 64:
            return _FAILED
        if level:
            rt = self._fifo_rt
            addr = 0x80 | (_FIFO_DATA << 1)
            for i in range(level):
                rt[i] = addr
            rt[level] = 0
            cs.value(0)
            spi.write_readinto(self._rt_views[level + 1], self._rx_views[level + 1])
            cs.value(1)
        return level

    def _short(self, cmd):
        self._tx[0] = cmd
        return self._transceive(1, 7, 0)

    # --- ISO 14443-3 steps ------------------------------------------------------------------------------
    def _anticoll(self, sel, known, branches):
        """Resolve one CLn frame (4 UID bytes + BCC) into self._frame starting from `known` bits already in
        it; at a collision take the 1 branch and push the 0 branch onto `branches` as (bits, bytes)."""
        f = self._frame
        tx = self._tx
        for _ in range(41):
            kb = known >> 3
            r = known & 7
            nb = kb + (1 if r else 0)
            tx[0] = sel
            tx[1] = ((2 + kb) << 4) | r
            for i in range(nb):
                tx[2 + i] = f[i]
            got = self._transceive(2 + nb, r, r)
            if got < 0:
                return got
            rx = self._rx
            for i in range(got):
                idx = kb + i
                if idx >= 5:
                    break
                if i == 0 and r:
                    keep = (1 << r) - 1
                    f[idx] = (f[idx] & keep) | (rx[0] & ~keep & 0xFF)
                else:
                    f[idx] = rx[i]
            if self._coll < 0:
                if f[4] != f[0] ^ f[1] ^ f[2] ^ f[3]:
                    return _FAILED
                return 5
            p = kb * 8 + self._coll - 1  # absolute bit position of the first collision
            if p < known or p >= 32:
                return _FAILED
            self.collisions += 1
            byte = p >> 3
            bit = p & 7
            low = f[byte] & ((1 << bit) - 1)
            for i in range(byte, 5):
                f[i] = 0
            f[byte] = low
            branches.append((p + 1, bytes(f)))  # the 0 branch, explored later
            f[byte] = low | (1 << bit)
            known = p + 1
        return _FAILED

    def _select(self, sel, frame):
        tx = self._tx
        tx[0] = sel
        tx[1] = 0x70
        for i in range(5):
            tx[2 + i] = frame[i]
        crc = crc_a(tx, 7)
        tx[7] = crc & 0xFF
        tx[8] = crc >> 8
        got = self._transceive(9, 0, 0)
        if got < 0:
            return got
        rx = self._rx
        if got != 3 or self._coll >= 0 or crc_a(rx, 1) != rx[1] | (rx[2] << 8):
            return _FAILED
        return rx[0]  # SAK

    def _halt(self):
        tx = self._tx
        tx[0] = _HLTA
        tx[1] = 0
        crc = crc_a(tx, 2)
        tx[2] = crc & 0xFF
        tx[3] = crc >> 8
        self._transceive(4, 0, 0)  # a halted card does not answer

    def read(self, uids):
        """Read the cell behind the current chip select; fill `uids` (cleared first) and return
        EMPTY, TAGS, UNCERTAIN or DEAD."""
        if uids:
            uids.clear()
        got = self._short(_WUPA)
        if got == _NO_TAG:
            return EMPTY
        if got == _NO_CHIP:
            return DEAD
        # an ATQA with a collision (mixed UID sizes) is still "somebody is there"
        branches = [(0, b"\x00\x00\x00\x00\x00")]
        found = []
        while branches:
            if len(found) >= self.max_tags:
                return UNCERTAIN
            known, prefix = branches.pop()
            self._frame[:] = prefix
            got = self._anticoll(_SEL_CL1, known, branches)
            if got == _NO_CHIP:
                return DEAD
            if got == _NO_TAG and known:
                continue  # the branch went quiet (a tag left mid-read): nothing on it
            if got < 0:
                return UNCERTAIN
            found.append(bytes(self._frame))
        woke = True  # the WUPA above still holds: the first select needs no new one
        for cl1 in found:
            if cl1[0] != _CASCADE_TAG:
                if not woke and self._short(_WUPA) < 0:
                    return UNCERTAIN
                sak = self._select(_SEL_CL1, cl1)
                if sak < 0:
                    return DEAD if sak == _NO_CHIP else UNCERTAIN
                if sak & 0x04:
                    return UNCERTAIN
                uids.append(cl1[:4])
                self._halt()
                woke = False
                continue
            # 7-byte UIDs: walk the level-2 tree too (tags sharing their first three UID bytes); every
            # branch needs the tags woken and level 1 selected again, as selecting one sends the rest back
            level2 = [(0, b"\x00\x00\x00\x00\x00")]
            while level2:
                if len(uids) >= self.max_tags:
                    return UNCERTAIN
                known, prefix = level2.pop()
                if not woke and self._short(_WUPA) < 0:
                    return UNCERTAIN
                woke = False
                sak = self._select(_SEL_CL1, cl1)
                if sak < 0:
                    return DEAD if sak == _NO_CHIP else UNCERTAIN
                if not sak & 0x04:
                    return UNCERTAIN
                self._frame[:] = prefix
                got = self._anticoll(_SEL_CL2, known, level2)
                if got == _NO_TAG and known:
                    continue
                if got < 0:
                    return DEAD if got == _NO_CHIP else UNCERTAIN
                cl2 = bytes(self._frame)
                sak = self._select(_SEL_CL2, cl2)
                if sak < 0 or sak & 0x04:
                    return UNCERTAIN  # 10-byte UIDs are not supported
                uids.append(cl1[1:4] + cl2[:4])
                self._halt()
        if not uids:
            return UNCERTAIN
        uids.sort()
        return TAGS


def reset_all(pin, low_ms=2, settle_ms=50):
    """Pulse the shared NRSTPD line: every reader restarts with default registers."""
    pin.value(0)
    sleep_ms(low_ms)
    pin.value(1)
    sleep_ms(settle_ms)
