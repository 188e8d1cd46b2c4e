# Simulated PN5180 at the SPI command level, with ISO 15693 vicinity tags answering from the emulated world.
#
# FAKE HARDWARE (no RFID chip exists here): stands behind the simulated SPI bus so that the real driver
# (pn5180.py) runs unchanged. Modelled: WRITE_REGISTER (plain, OR, AND masks), READ_REGISTER, READ_EEPROM
# (product version), SEND_DATA/READ_DATA, LOAD_RF_CONFIG, RF_ON/RF_OFF; registers SYSTEM_CONFIG, IRQ_STATUS
# (RX, TIMER1, GENERAL_ERROR), IRQ_CLEAR, RX_STATUS (byte count, collision bit 18), TX_CONFIG; ISO 15693
# INVENTORY with 1 or 16 slots and a mask, advanced slot by slot by EOF-only frames. BUSY is always low.
# Answers are instant unless `airtime` is set (env HEXMATE_SIM_AIRTIME=1 on the emulated board): then the
# RX/TIMER1 interrupt of an exchange shows in IRQ_STATUS only after its ISO 15693 air time (request, t1,
# answer or no-SOF wait; firmware/TIMING.md), so the driver polls as it would on a board. Not modelled: other
# ISO 15693 commands, AFI, the quiet state.

from time import ticks_add, ticks_diff, ticks_us

from micropython import const

_RX_IRQ = const(0x00001)
_TIMER1_IRQ = const(0x01000)
_GENERAL_ERROR_IRQ = const(0x20000)
_RX_COLLISION = const(1 << 18)
# ISO 15693 high data rate air times in µs (bench/bench_firmware.py): request of an inventory, the EOF
# that opens the next slot, t1, a tag's answer, the wait that calls a slot empty
_REQ_US = const(1620)
_EOF_US = const(38)
_T1_US = const(321)
_ANSWER_US = const(3740)
_NO_SOF_US = const(200)


class SimVicinityCard:
    """One ISO 15693 tag; uid is given most significant byte first (E0 ...), sent least significant first."""

    def __init__(self, uid):
        self.uid = bytes(uid)
        self.wire_uid = bytes(reversed(self.uid))
        self.value = int.from_bytes(self.wire_uid, "little")


class SimPn5180:
    def __init__(self, cards, version=0x0305):
        self.cards = cards
        self.failed = False
        self.version = version
        self.regs = {0x18: 0x4C0}  # TX_CONFIG: SOF, data and EOF enabled after reset
        self.rf_on = False
        self._answer = b""  # bytes the next read frame returns
        self._slots = None  # responders per slot of the running inventory
        self._slot = 0
        self._rxdata = b""
        self.airtime = False
        self._irq_at = 0  # airtime: when the pending interrupt bits become visible
        self._irq_pending = 0
        self._start_us = _REQ_US  # air time of what opened the exchange: a request or an EOF

    def transfer(self, tx, rx):
        n = len(tx)
        if self.failed:
            if rx is not None:
                for i in range(n):
                    rx[i] = 0
            return
        if rx is not None and tx[0] == 0xFF:  # reading the answer to the previous command
            a = self._answer
            for i in range(n):
                rx[i] = a[i] if i < len(a) else 0xFF
            return
        if rx is not None:
            for i in range(n):
                rx[i] = 0xFF
        self._command(bytes(tx))

    def _reg(self, r):
        return self.regs.get(r, 0)

    def _command(self, c):
        op = c[0]
        if op in (0x00, 0x01, 0x02) and len(c) == 6:
            reg = c[1]
            v = int.from_bytes(c[2:6], "little")
            if op == 0x01:
                v |= self._reg(reg)
            elif op == 0x02:
                v &= self._reg(reg)
            if reg == 0x03:  # IRQ_CLEAR
                self.regs[0x02] = self._reg(0x02) & ~v
            else:
                self.regs[reg] = v
        elif op == 0x04 and len(c) == 2:
            if self._irq_pending and ticks_diff(ticks_us(), self._irq_at) >= 0:
                self.regs[0x02] = self._reg(0x02) | self._irq_pending
                self._irq_pending = 0
            self._answer = self._reg(c[1]).to_bytes(4, "little")
        elif op == 0x07 and len(c) == 3:
            if c[1] == 0x10:
                self._answer = self.version.to_bytes(2, "little")[: c[2]]
            else:
                self._answer = bytes(c[2])
        elif op == 0x11:
            pass
        elif op == 0x16:
            self.rf_on = True
        elif op == 0x17:
            self.rf_on = False
        elif op == 0x0A:
            self._answer = self._rxdata
        elif op == 0x09:
            self._send_data(c[2:])

    def _send_data(self, data):
        if self._reg(0x00) & 7 != 3 or not self.rf_on:
            return
        eof_only = (self._reg(0x18) & 0x4C0) == 0 and not data
        self._start_us = _EOF_US if eof_only else _REQ_US
        if eof_only and self._slots is not None:
            self._slot += 1
            self._answer_slot()
            return
        if len(data) < 3 or data[1] != 0x01 or not data[0] & 0x04:
            self._slots = None
            self._set_result(None)
            return
        flags = data[0]
        mask_bits = data[2]
        mask_bytes = data[3 : 3 + (mask_bits + 7) // 8] + bytes(8)
        mask = int.from_bytes(mask_bytes, "little") & ((1 << mask_bits) - 1)
        one_slot = bool(flags & 0x20)
        slots = [[] for _ in range(1 if one_slot else 16)]
        for card in self.cards:
            if card.value & ((1 << mask_bits) - 1) != mask:
                continue
            s = 0 if one_slot else (card.value >> mask_bits) & 0xF
            slots[s].append(card)
        self._slots = slots
        self._slot = 0
        self._answer_slot()

    def _answer_slot(self):
        if self._slot >= len(self._slots):
            self._slots = None
            self._set_result(None)
            return
        self._set_result(self._slots[self._slot])

    def _set_result(self, cards):
        if not cards:
            bits = _TIMER1_IRQ
            self.regs[0x13] = 0
            self._rxdata = b""
        elif len(cards) > 1:
            bits = _RX_IRQ
            self.regs[0x13] = _RX_COLLISION | 10
            self._rxdata = b""
        else:
            bits = _RX_IRQ
            self.regs[0x13] = 10
            self._rxdata = b"\x00\x00" + cards[0].wire_uid
        if self.airtime:
            wait = self._start_us + _T1_US + (_ANSWER_US if cards else _NO_SOF_US)
            self._irq_at = ticks_add(ticks_us(), wait)
            self._irq_pending = bits
        else:
            self.regs[0x02] = self._reg(0x02) | bits
