"""The host's frame splitter gives exactly what the firmware's byte-by-byte ``wire.Deframer`` gives: the
same frames, error counts and last errors, for valid streams and for garbage, corrupt, truncated and
oversize frames, however the stream is cut into reads."""

from __future__ import annotations

import random

from hexmate.firmware import wire
from hexmate.host.protocol.framing import Deframer, decode_body


def _stream(rng: random.Random) -> bytes:
    out = bytearray()
    for _ in range(rng.randint(1, 30)):
        r = rng.random()
        payload = bytes(rng.randrange(256) for _ in range(rng.choice((0, 3, 40, 300))))
        frame = bytearray(wire.encode_frame(rng.randrange(1, 40), rng.randrange(256), payload))
        if r < 0.1:  # a flipped byte: bad CRC or broken COBS
            i = rng.randrange(len(frame) - 1)
            frame[i] = (frame[i] ^ (1 << rng.randrange(8))) or 1
        elif r < 0.15:  # garbage
            frame = bytearray(rng.randrange(256) for _ in range(rng.randint(1, 12))) + b"\x00"
        elif r < 0.2:  # oversize: no delimiter for longer than any frame
            frame = bytearray(rng.randrange(1, 256) for _ in range(wire.MAX_BODY + 20)) + b"\x00"
        elif r < 0.25:  # an empty frame (two delimiters)
            frame = bytearray(b"\x00")
        out += frame
    return bytes(out)


def test_same_frames_and_errors_as_the_firmware_deframer() -> None:
    rng = random.Random(7)
    errors = 0
    for _ in range(300):
        data = _stream(rng)
        ours, theirs = Deframer(), wire.Deframer()
        got, want = [], []
        i = 0
        while i < len(data):
            n = rng.choice((1, 2, 7, 64, 1500))
            got += ours.feed(data[i : i + n])
            want += theirs.feed(data[i : i + n])
            assert (ours.errors, ours.last_error) == (theirs.errors, theirs.last_error)
            i += n
        assert got == want
        errors += theirs.errors
    assert errors > 50  # the streams did hold bad frames of every kind


def test_decode_body_refuses_a_bad_crc_as_the_firmware_does() -> None:
    body = wire.encode_frame(wire.CELL, 5, b"abc")[:-1]
    assert decode_body(body) == wire.decode_body(body) == (wire.CELL, 5, b"abc")
    bad = bytearray(body)
    bad[3] ^= 0x01
    for decode in (decode_body, wire.decode_body):
        try:
            decode(bytes(bad))
        except wire.WireError as e:
            assert str(e) == "bad CRC"
        else:
            raise AssertionError("a corrupt frame was accepted")
