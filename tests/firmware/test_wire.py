"""Framing and codec round trips for firmware/wire.py on CPython (the MicroPython side is tested too)."""

import pytest
from hexmate.firmware import wire


def test_cell_frame_round_trip() -> None:
    uid = bytes.fromhex("04a1b2c3d4e5f6")
    frame = wire.encode_frame(wire.CELL, 7, wire.pack_cell(12, 300, wire.TAGS, 99, [uid]))
    [(kind, seq, payload)] = wire.Deframer().feed(frame)
    assert (kind, seq) == (wire.CELL, 7)
    assert wire.unpack_cell(payload) == (12, 300, wire.TAGS, 99, [uid])


def test_garbage_before_a_frame_costs_only_the_garbage() -> None:
    good = wire.encode_frame(wire.ACK, 0, wire.pack_ack(3))
    deframer = wire.Deframer()
    frames = deframer.feed(b"\x13\x37garbage\x00" + good)
    assert frames == [(wire.ACK, 0, b"\x03")]
    assert deframer.errors == 1


def test_heartbeat_round_trip_and_clamping() -> None:
    counters = [0] * wire.N_COUNTERS
    counters[wire.CTR_RESENDS] = 7
    counters[wire.CTR_READER_ERRORS] = 70_000  # clamped to u16
    p = wire.pack_heartbeat(2**32 + 5, 12, counters)
    uptime, scans, got = wire.unpack_heartbeat(p)
    assert (uptime, scans) == (5, 12)
    assert got[wire.CTR_RESENDS] == 7 and got[wire.CTR_READER_ERRORS] == 0xFFFF
    assert len(got) == wire.N_COUNTERS
    with pytest.raises(wire.WireError):
        wire.unpack_heartbeat(p[:-1])


def test_button_round_trip() -> None:
    assert wire.unpack_button(wire.pack_button(1, True, 2**32 + 9)) == (1, 1, 9)
    with pytest.raises(wire.WireError):
        wire.unpack_button(b"\x01")
