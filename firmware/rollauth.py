# Roll authentication: the board binds every roll it makes to itself with a key provisioned when it was
# flashed (`hexmate firmware provision`), so a host cannot invent, change, drop or move a roll without the
# key.
#
# Each roll's authenticator is HMAC-SHA256(key, message) with message =
#   b"hexmate-roll-1" | board id | epoch u32 | counter u32 | request u16 | button u8 | n u8 | values | context
# where the epoch is drawn from the hardware random source at boot (a counter restarts from 1 with a new
# epoch), the counter numbers the rolls of that epoch, and the context is the 16-byte commitment the host sent
# with DICE_ARM (a digest of the game record and the decision the roll answers): the board signs the roll
# together with the question it was armed for. HMAC is built on hashlib.sha256 (RFC 2104), which the
# MicroPython ports provide; the host checks it with the same construction (host/tournament/rolls.py).
#
# Key file (`hexmate.key` on the board, HEXMATE_BOARD_KEY on the unix port): line 1 the board id, line 2 the
# key as 64 hex digits. A board without one still rolls; its rolls carry no authenticator.

import hashlib
import os
import struct

_BLOCK = 64
DOMAIN = b"hexmate-roll-1"
KEY_FILE = "hexmate.key"


def hmac_sha256(key, msg):
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    key = key + bytes(_BLOCK - len(key))
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
    inner.update(msg)
    outer = hashlib.sha256(bytes(b ^ 0x5C for b in key))
    outer.update(inner.digest())
    return outer.digest()


def message(board_id, epoch, counter, request, button, values, context):
    bid = board_id.encode() if isinstance(board_id, str) else bytes(board_id)
    return (DOMAIN + bytes([len(bid)]) + bid + struct.pack("<IIHBB", epoch, counter, request, button,
                                                           len(values))
            + bytes(values) + bytes(context))


def read_key(path):
    """(board id, key bytes) from a key file, or None if there is none; ValueError if it is malformed."""
    try:
        with open(path) as f:
            lines = f.read().split("\n")
    except OSError:
        return None
    if len(lines) < 2 or not lines[0].strip() or len(lines[1].strip()) != 64:
        raise ValueError("key file " + path + ": expected a board id line and a 64-hex-digit key line")
    hexkey = lines[1].strip()
    return lines[0].strip(), bytes(int(hexkey[i:i + 2], 16) for i in range(0, 64, 2))


class Signer:
    """Counts and authenticates the rolls of one boot (an epoch)."""

    def __init__(self, board_id, key, randbytes=os.urandom):
        self.board_id = board_id
        self._key = key
        self.epoch = struct.unpack("<I", randbytes(4))[0]
        self.counter = 0

    def sign(self, request, button, values, context):
        """The authenticator trailer of the next roll: epoch u32, counter u32, mac 32 bytes."""
        self.counter += 1
        mac = hmac_sha256(self._key, message(self.board_id, self.epoch, self.counter, request, button, values,
                                             context))
        return struct.pack("<II", self.epoch, self.counter) + mac
