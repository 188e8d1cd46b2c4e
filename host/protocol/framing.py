"""The host's frame splitter: the same frames and error counts as the firmware's ``wire.Deframer`` (which
must run under MicroPython and goes byte by byte), found with ``bytes.split`` at the delimiters and checked
with ``binascii.crc_hqx`` (the same CRC-16/CCITT-FALSE, in C). Every table event passes through it, so it is
on the record's hot path (bench/bench_record.py)."""

from __future__ import annotations

from binascii import crc_hqx

from hexmate.firmware import wire

_MAX_ENCODED = wire.MAX_BODY + wire.MAX_BODY // 254 + 2


def decode_body(encoded: bytes | bytearray) -> tuple[int, int, bytes]:
    """``wire.decode_body``: one COBS frame (no delimiter) -> (kind, seq, payload); WireError if bad."""
    if len(encoded) > _MAX_ENCODED:
        raise wire.WireError("frame oversize")
    body = wire.cobs_decode(encoded)
    if len(body) < 4:
        raise wire.WireError("frame too short")
    if len(body) > wire.MAX_BODY:
        raise wire.WireError("frame oversize")
    if crc_hqx(body[:-2], 0xFFFF) != (body[-2] << 8) | body[-1]:
        raise wire.WireError("bad CRC")
    return body[0], body[1], bytes(body[2:-2])


class Deframer:
    """``wire.Deframer`` (garbage, truncated, oversize and corrupt frames dropped and counted; decoding
    resumes at the next delimiter), a read at a time rather than a byte at a time."""

    def __init__(self, limit: int = _MAX_ENCODED) -> None:
        self._buf = bytearray()
        self._limit = limit
        self._skipping = False
        self.errors = 0
        self.last_error: str | None = None

    def feed(self, data: bytes | bytearray | memoryview) -> list[tuple[int, int, bytes]]:
        frames: list[tuple[int, int, bytes]] = []
        *ended, rest = bytes(data).split(b"\x00")
        for part in ended:
            if self._skipping:  # the rest of an oversize frame: dropped up to its delimiter
                self._skipping = False
                continue
            buf = self._buf + part if self._buf else part
            self._buf = bytearray()
            if len(buf) > self._limit:
                self.errors += 1
                self.last_error = "frame oversize"
            elif buf:
                try:
                    frames.append(decode_body(buf))
                except wire.WireError as e:
                    self.errors += 1
                    self.last_error = str(e)
        if rest and not self._skipping:
            self._buf += rest
            if len(self._buf) > self._limit:
                self._buf = bytearray()
                self._skipping = True
                self.errors += 1
                self.last_error = "frame oversize"
        return frames


__all__ = ["Deframer", "decode_body"]
