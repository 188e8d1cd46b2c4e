# hexmate wire protocol: framing, CRC and the message set, shared unchanged by MicroPython and CPython.
#
# A frame on the wire is COBS(body) followed by a 0x00 delimiter, so a reader that meets garbage resyncs at
# the next zero byte. body = kind (1 byte) | seq (1 byte) | payload | CRC-16/CCITT-FALSE of the preceding
# bytes (2 bytes, big-endian). seq 0 means "not sequenced"; 1..255 are sequenced messages that the receiver
# must acknowledge (ACK carries the seq) and the sender resends until it does. firmware/PROTOCOL.md is the
# human-readable specification; this module is the executable one.
#
# Rules for this file: no imports beyond struct, no f-strings with format specs, no typing, no dataclasses,
# so that it runs on the MicroPython unix port, RP2040 and ESP32 as well as on the host.

import struct

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


PROTOCOL_VERSION = const(1)
MAX_BODY = const(1024)  # decoded body limit; longer frames are dropped as oversize

# --- message kinds -------------------------------------------------------------------------------------
# device -> host
HELLO = const(0x01)  # proto u8, n_cells u16, n_leds u16, caps u16, next_seq u8, board str, firmware str
CELL = const(0x02)  # sequenced: scan u32, cell u16, state u8, t_ms u32, uids
DICE = const(0x03)  # sequenced: request u16, button u8, t_ms u32, values u8... (1..6 a d6, 1..10 a d10),
# then on a keyed board the authenticator: epoch u32, counter u32, HMAC-SHA256 32 bytes (firmware/rollauth.py)
SNAPSHOT = const(0x04)  # scan u32, part u8, parts u8, then entries: cell u16, state u8, uids
HEARTBEAT = const(0x05)  # uptime_ms u32, scans u32, counters u16 * N_COUNTERS
LOG = const(0x06)  # level u8, text
FAULT = const(0x07)  # sequenced: cell u16, code u8 (a reader failed its self-test or stopped answering)
BUTTON = const(0x08)  # sequenced: button u8, pressed u8, t_ms u32 (raw button edge, when the host asked)
# both directions
ACK = const(0x10)  # payload: seq u8 being acknowledged
PING = const(0x11)  # payload: token u32; answered with PONG echoing the token
PONG = const(0x12)
# host -> device
SYNC = const(0x20)  # next_seq u8: ask for HELLO, pending resends, then a full SNAPSHOT
LEDS = const(0x21)  # sequenced: entries: led-cell u16, r u8, g u8, b u8, pattern u8, period_10ms u8
LEDS_CLEAR = const(0x22)  # sequenced: turn every LED off
DICE_ARM = const(0x23)  # sequenced: request u16, button u8, dice u8 (count | die code << 4; DIE_CODES),
# then optionally a 16-byte context the board signs with the roll
SELFTEST = const(0x24)  # sequenced: run the reader self-test again
SET = const(0x25)  # sequenced: key u8, value u32 (scan period, debounce, heartbeat period)

NAMES = {
    HELLO: "HELLO", CELL: "CELL", DICE: "DICE", SNAPSHOT: "SNAPSHOT", HEARTBEAT: "HEARTBEAT", LOG: "LOG",
    FAULT: "FAULT", BUTTON: "BUTTON", ACK: "ACK", PING: "PING", PONG: "PONG", SYNC: "SYNC", LEDS: "LEDS",
    LEDS_CLEAR: "LEDS_CLEAR", DICE_ARM: "DICE_ARM", SELFTEST: "SELFTEST", SET: "SET",
}

# cell states
EMPTY = const(0)
TAGS = const(1)
UNCERTAIN = const(2)  # anticollision failed: something is there but the UIDs are not known

# LED patterns
SOLID = const(0)
BLINK = const(1)
PULSE = const(2)
SEQUENCE = const(3)  # lit one after another in the order given, period_10ms each

# DICE_ARM die codes (high nibble of its last byte) -> faces; code 0 is the d6 that every arm meant before
DIE_CODES = (6, 10)
MAX_DICE = const(4)  # dice per arm (low nibble: 1..MAX_DICE)
CONTEXT_LEN = const(16)  # DICE_ARM's optional commitment, signed with the roll (firmware/rollauth.py)
AUTH_LEN = const(40)  # DICE's optional authenticator: epoch u32, counter u32, HMAC-SHA256

# capability bits in HELLO
CAP_RFID_STACKS = const(0x0001)  # readers report every UID of a stack (ISO 15693 inventory)
CAP_DICE = const(0x0002)
CAP_LEDS = const(0x0004)
CAP_BLE = const(0x0008)
CAP_EMULATED = const(0x0010)  # simulated hardware behind the real drivers

# SET keys
SET_SCAN_PERIOD_MS = const(1)
SET_DEBOUNCE_MS = const(2)
SET_HEARTBEAT_MS = const(3)
SET_BUTTON_EVENTS = const(4)  # 1: send BUTTON for presses of an unarmed button (default), 0: stay quiet

# FAULT codes
FAULT_RECOVERED = const(0)  # the reader answers again
FAULT_SELFTEST = const(1)  # failed the self-test (no chip, wrong version)
FAULT_NO_ANSWER = const(2)  # stopped answering during play

# LOG levels (the numbers of Python's logging module)
LOG_DEBUG = const(10)
LOG_INFO = const(20)
LOG_WARNING = const(30)
LOG_ERROR = const(40)

# HEARTBEAT counters, in payload order
CTR_RX_BAD_FRAMES = const(0)  # frames dropped by the deframer (CRC, COBS, oversize)
CTR_UNKNOWN_KINDS = const(1)  # frames of a kind the device does not know
CTR_BAD_PAYLOADS = const(2)  # frames of a known kind whose payload did not decode
CTR_READER_ERRORS = const(3)  # reads where a reader did not answer
CTR_UNCERTAIN_READS = const(4)  # reads that ended in an anticollision or protocol failure
CTR_RESENDS = const(5)  # resend rounds of the reliable channel
CTR_DUPLICATES = const(6)  # duplicate sequenced frames received (re-ACKed)
CTR_COALESCED = const(7)  # CELL events folded into "snapshot owed" because the queue was full
CTR_FAILED_READERS = const(8)  # readers currently failed
N_COUNTERS = const(9)


class WireError(Exception):
    """A frame or payload that cannot be decoded; the message says what was wrong."""


# --- CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) -----------------------------------------------------
def _make_table():
    table = []
    for i in range(256):
        crc = i << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_CRC_TABLE = _make_table()


def crc16(data, crc=0xFFFF):
    table = _CRC_TABLE
    for b in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ b) & 0xFF]
    return crc


# --- COBS ----------------------------------------------------------------------------------------------
def cobs_encode(data):
    out = bytearray(len(data) + len(data) // 254 + 2)
    code_i = 0
    o = 1
    code = 1
    for b in data:
        if b == 0:
            out[code_i] = code
            code_i = o
            o += 1
            code = 1
        else:
            out[o] = b
            o += 1
            code += 1
            if code == 0xFF:
                out[code_i] = code
                code_i = o
                o += 1
                code = 1
    out[code_i] = code
    return bytes(out[:o])


def cobs_decode(data):
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        code = data[i]
        if code == 0:
            raise WireError("zero byte inside a COBS frame")
        end = i + code
        if end > n:
            raise WireError("COBS frame truncated")
        out.extend(data[i + 1 : end])
        i = end
        if code != 0xFF and i < n:
            out.append(0)
    return bytes(out)


# --- frames --------------------------------------------------------------------------------------------
def encode_frame(kind, seq, payload=b""):
    """Return the bytes to write for one message, delimiter included."""
    body = bytearray(2 + len(payload) + 2)
    body[0] = kind
    body[1] = seq
    body[2 : 2 + len(payload)] = payload
    crc = crc16(memoryview(body)[: 2 + len(payload)])
    body[-2] = crc >> 8
    body[-1] = crc & 0xFF
    return cobs_encode(body) + b"\x00"


def decode_body(encoded):
    """Decode one COBS frame (without its delimiter) into (kind, seq, payload); raise WireError if bad."""
    if len(encoded) > MAX_BODY + MAX_BODY // 254 + 2:
        raise WireError("frame oversize")
    body = cobs_decode(encoded)
    if len(body) < 4:
        raise WireError("frame too short")
    if len(body) > MAX_BODY:
        raise WireError("frame oversize")
    want = (body[-2] << 8) | body[-1]
    if crc16(memoryview(body)[:-2]) != want:
        raise WireError("bad CRC")
    return body[0], body[1], bytes(body[2:-2])


class Deframer:
    """Splits a byte stream into frames. Feed it bytes; it returns decoded frames and counts errors.

    Garbage, truncated, oversize and corrupt frames are dropped and counted; decoding resumes at the next
    delimiter, so one bad frame never costs the good frame after it.
    """

    def __init__(self, limit=MAX_BODY + MAX_BODY // 254 + 2):
        self._buf = bytearray()
        self._limit = limit
        self._skipping = False
        self.errors = 0
        self.last_error = None

    def feed(self, data):
        frames = []
        for b in data:
            if b == 0:
                if self._skipping:
                    self._skipping = False
                elif self._buf:
                    try:
                        frames.append(decode_body(self._buf))
                    except WireError as e:
                        self.errors += 1
                        self.last_error = str(e)
                self._buf = bytearray()
            elif not self._skipping:
                if len(self._buf) >= self._limit:
                    self._buf = bytearray()
                    self._skipping = True
                    self.errors += 1
                    self.last_error = "frame oversize"
                else:
                    self._buf.append(b)
        return frames


# --- payload codecs ------------------------------------------------------------------------------------
def _pack_str(s):
    b = s.encode() if isinstance(s, str) else bytes(s)
    if len(b) > 255:
        b = b[:255]
    return bytes([len(b)]) + b


def _text(b):
    """Strict UTF-8 on both ends. MicroPython's decode() accepts overlong forms, UTF-16 surrogates and code
    points past U+10FFFF, which CPython refuses: refuse them here too, so that board and host agree."""
    n = len(b)
    for i in range(n):
        c = b[i]
        if c < 0x80:
            continue
        if c == 0xC0 or c == 0xC1 or c >= 0xF5:
            raise WireError("text is not UTF-8")
        d = b[i + 1] if i + 1 < n else 0x80
        if (c == 0xE0 and d < 0xA0) or (c == 0xED and d >= 0xA0) or (c == 0xF0 and d < 0x90) or (
            c == 0xF4 and d >= 0x90
        ):
            raise WireError("text is not UTF-8")
    try:
        return b.decode()
    except UnicodeError:  # CPython raises its subclass UnicodeDecodeError, MicroPython UnicodeError
        raise WireError("text is not UTF-8") from None


def _unpack_str(p, i):
    if i >= len(p):
        raise WireError("string length missing")
    n = p[i]
    if i + 1 + n > len(p):
        raise WireError("string truncated")
    return _text(bytes(p[i + 1 : i + 1 + n])), i + 1 + n


def pack_uids(uids):
    """uids: sequence of bytes objects (4, 7 or 8 bytes each)."""
    out = bytearray([len(uids)])
    for u in uids:
        out.append(len(u))
        out.extend(u)
    return bytes(out)


def unpack_uids(p, i):
    if i >= len(p):
        raise WireError("UID count missing")
    n = p[i]
    i += 1
    uids = []
    for _ in range(n):
        if i >= len(p):
            raise WireError("UID length missing")
        ln = p[i]
        if ln == 0 or ln > 10 or i + 1 + ln > len(p):
            raise WireError("bad UID length")
        uids.append(bytes(p[i + 1 : i + 1 + ln]))
        i += 1 + ln
    return uids, i


def pack_hello(n_cells, n_leds, caps, next_seq, board, version):
    head = struct.pack("<BHHHB", PROTOCOL_VERSION, n_cells, n_leds, caps, next_seq)
    return head + _pack_str(board) + _pack_str(version)


def unpack_hello(p):
    """-> (proto, n_cells, n_leds, caps, next_seq, board, version)"""
    if len(p) < 8:
        raise WireError("HELLO too short")
    proto, n_cells, n_leds, caps, next_seq = struct.unpack_from("<BHHHB", p, 0)
    board, i = _unpack_str(p, 8)
    version, i = _unpack_str(p, i)
    if next_seq == 0:
        raise WireError("HELLO next_seq must be 1..255")
    return proto, n_cells, n_leds, caps, next_seq, board, version


def pack_sync(next_seq):
    return bytes([next_seq])


def unpack_sync(p):
    if len(p) != 1 or p[0] == 0:
        raise WireError("bad SYNC")
    return p[0]


def pack_cell(scan, cell, state, t_ms, uids):
    return struct.pack("<IHBI", scan, cell, state, t_ms & 0xFFFFFFFF) + pack_uids(uids)


def unpack_cell(p):
    if len(p) < 11:
        raise WireError("CELL too short")
    scan, cell, state, t_ms = struct.unpack_from("<IHBI", p, 0)
    uids, i = unpack_uids(p, 11)
    if i != len(p):
        raise WireError("CELL has trailing bytes")
    if state > UNCERTAIN:
        raise WireError("bad cell state")
    return scan, cell, state, t_ms, uids


def pack_dice(request, button, t_ms, values, auth=b""):
    """`auth`: the roll's authenticator (firmware/rollauth.py, AUTH_LEN bytes), empty on an unkeyed board."""
    return struct.pack("<HBI", request, button, t_ms & 0xFFFFFFFF) + bytes(values) + bytes(auth)


def _dice_end(p):
    # Without an authenticator the values run to the end (at most MAX_DICE); with one, it is the last
    # AUTH_LEN bytes, so a payload longer than 7 + MAX_DICE always carries one.
    return len(p) - AUTH_LEN if len(p) > 7 + MAX_DICE else len(p)


def unpack_dice(p):
    if len(p) < 8:
        raise WireError("DICE too short")
    request, button, t_ms = struct.unpack_from("<HBI", p, 0)
    end = _dice_end(p)
    if end < 8:
        raise WireError("DICE authenticator without dice")
    values = list(p[7:end])
    for v in values:
        if v < 1 or v > 10:  # DICE does not say which die: 1..10 covers every one DIE_CODES names
            raise WireError("die value out of range")
    return request, button, t_ms, values


def unpack_dice_auth(p):
    """-> (epoch, counter, mac bytes) of a DICE payload, or None if the board sent no authenticator."""
    end = _dice_end(p)
    if end == len(p):
        return None
    if end < 8:
        raise WireError("DICE authenticator without dice")
    epoch, counter = struct.unpack_from("<II", p, end)
    return epoch, counter, bytes(p[end + 8:])


def pack_snapshot(scan, part, parts, entries):
    """entries: sequence of (cell, state, uids) for every non-empty cell in this part."""
    out = bytearray(struct.pack("<IBB", scan, part, parts))
    for cell, state, uids in entries:
        out.extend(struct.pack("<HB", cell, state))
        out.extend(pack_uids(uids))
    return bytes(out)


def unpack_snapshot(p):
    if len(p) < 6:
        raise WireError("SNAPSHOT too short")
    scan, part, parts = struct.unpack_from("<IBB", p, 0)
    if parts == 0 or part >= parts:
        raise WireError("bad SNAPSHOT part numbers")
    i = 6
    entries = []
    while i < len(p):
        if i + 3 > len(p):
            raise WireError("SNAPSHOT entry truncated")
        cell, state = struct.unpack_from("<HB", p, i)
        uids, i = unpack_uids(p, i + 3)
        entries.append((cell, state, uids))
    return scan, part, parts, entries


def pack_leds(entries):
    """entries: sequence of (cell, r, g, b, pattern, period_10ms)."""
    out = bytearray()
    for e in entries:
        out.extend(struct.pack("<HBBBBB", e[0], e[1], e[2], e[3], e[4], e[5]))
    return bytes(out)


def unpack_leds(p):
    if len(p) % 7:
        raise WireError("LEDS payload not a whole number of entries")
    return [struct.unpack_from("<HBBBBB", p, i) for i in range(0, len(p), 7)]


def pack_dice_arm(request, button, count, sides=6, context=b""):
    """count dice of `sides` faces (a die of DIE_CODES) for the next press of `button`; `context`: the
    CONTEXT_LEN-byte commitment the board signs with the roll (or empty)."""
    if len(context) not in (0, CONTEXT_LEN):
        raise WireError("DICE_ARM context must be " + str(CONTEXT_LEN) + " bytes")
    if not 1 <= count <= MAX_DICE:
        raise WireError("DICE_ARM count must be 1.." + str(MAX_DICE) + ", got " + str(count))
    if sides not in DIE_CODES:
        raise WireError("DICE_ARM die must be a d6 or d10, got d" + str(sides))
    return struct.pack("<HBB", request, button, count | DIE_CODES.index(sides) << 4) + bytes(context)


def unpack_dice_arm_context(p):
    """The commitment a DICE_ARM carries (b"" if none)."""
    return bytes(p[4:])


def unpack_dice_arm(p):
    """-> (request, button, count, sides)."""
    if len(p) != 4 and len(p) != 4 + CONTEXT_LEN:
        raise WireError("DICE_ARM wrong length")
    request, button, dice = struct.unpack_from("<HBB", p, 0)
    count, code = dice & 0x0F, dice >> 4
    if not 1 <= count <= MAX_DICE:
        raise WireError("DICE_ARM count must be 1.." + str(MAX_DICE) + ", got " + str(count))
    if code >= len(DIE_CODES):
        raise WireError("DICE_ARM die code must be 0 (d6) or 1 (d10), got " + str(code))
    return request, button, count, DIE_CODES[code]


def pack_log(level, text):
    return bytes([level]) + (text.encode() if isinstance(text, str) else bytes(text))[: MAX_BODY - 8]


def unpack_log(p):
    if not p:
        raise WireError("LOG empty")
    return p[0], _text(bytes(p[1:]))


def pack_fault(cell, code):
    return struct.pack("<HB", cell, code)


def unpack_fault(p):
    if len(p) != 3:
        raise WireError("FAULT wrong length")
    return struct.unpack("<HB", p)


def pack_button(button, pressed, t_ms):
    return struct.pack("<BBI", button, 1 if pressed else 0, t_ms & 0xFFFFFFFF)


def unpack_button(p):
    """-> (button, pressed, t_ms)"""
    if len(p) != 6:
        raise WireError("BUTTON wrong length")
    return struct.unpack("<BBI", p)


def pack_u32(v):
    return struct.pack("<I", v & 0xFFFFFFFF)


def unpack_u32(p):
    if len(p) != 4:
        raise WireError("expected a 4-byte value")
    return struct.unpack("<I", p)[0]


def pack_set(key, value):
    return struct.pack("<BI", key, value)


def unpack_set(p):
    if len(p) != 5:
        raise WireError("SET wrong length")
    return struct.unpack("<BI", p)


def pack_heartbeat(uptime_ms, scans, counters):
    """counters: sequence of N_COUNTERS ints (clamped to u16)."""
    out = bytearray(struct.pack("<II", uptime_ms & 0xFFFFFFFF, scans & 0xFFFFFFFF))
    for c in counters:
        out.extend(struct.pack("<H", c if c < 0xFFFF else 0xFFFF))
    return bytes(out)


def unpack_heartbeat(p):
    """-> (uptime_ms, scans, counters list); a longer counter list from a newer device is kept whole."""
    if len(p) < 8 or (len(p) - 8) % 2:
        raise WireError("bad HEARTBEAT")
    uptime_ms, scans = struct.unpack_from("<II", p, 0)
    counters = [struct.unpack_from("<H", p, i)[0] for i in range(8, len(p), 2)]
    return uptime_ms, scans, counters


def pack_ack(seq):
    return bytes([seq])


def unpack_ack(p):
    if len(p) != 1 or p[0] == 0:
        raise WireError("bad ACK")
    return p[0]


def next_seq(seq):
    """Sequence numbers run 1..255 and wrap to 1; 0 marks an unsequenced message."""
    return 1 if seq >= 255 else seq + 1
