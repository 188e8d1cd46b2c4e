"""Framing and codec round trips for firmware/wire.py on CPython (the MicroPython side is tested too)."""

import re

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


def test_dice_arm_round_trip_keeps_the_old_d6_bytes() -> None:
    assert wire.pack_dice_arm(7, 1, 2) == bytes([7, 0, 1, 0x02])  # 2d6: the byte every arm sent before
    assert wire.unpack_dice_arm(bytes([7, 0, 1, 0x01])) == (7, 1, 1, 6)
    assert wire.pack_dice_arm(300, 255, 1, 10) == bytes([44, 1, 255, 0x11])  # 1d10, Fire Team
    for count in range(1, wire.MAX_DICE + 1):
        for sides in wire.DIE_CODES:
            assert wire.unpack_dice_arm(wire.pack_dice_arm(9, 0, count, sides)) == (9, 0, count, sides)


@pytest.mark.parametrize(("last", "reason"), [
    (0x00, "count must be 1..4, got 0"), (0x05, "count must be 1..4, got 5"),
    (0x10, "count must be 1..4, got 0"),  # a d10 code with no dice
    (0x21, "die code must be 0 (d6) or 1 (d10), got 2"), (0xF1, "die code must be 0 (d6) or 1 (d10), got 15"),
])
def test_dice_arm_refuses_counts_and_dice_it_has_no_code_for(last: int, reason: str) -> None:
    with pytest.raises(wire.WireError, match="^" + re.escape(f"DICE_ARM {reason}") + "$"):
        wire.unpack_dice_arm(bytes([1, 0, 0, last]))


def test_dice_arm_pack_refuses_what_unpack_would() -> None:
    with pytest.raises(wire.WireError, match=r"^DICE_ARM count must be 1..4, got 5$"):
        wire.pack_dice_arm(1, 0, 5)
    with pytest.raises(wire.WireError, match=r"^DICE_ARM die must be a d6 or d10, got d8$"):
        wire.pack_dice_arm(1, 0, 1, 8)
    with pytest.raises(wire.WireError, match="wrong length"):
        wire.unpack_dice_arm(bytes([1, 0, 0]))


def test_dice_values_go_up_to_ten() -> None:
    assert wire.unpack_dice(wire.pack_dice(3, 0, 5, [10]))[3] == [10]
    for bad in (0, 11):
        with pytest.raises(wire.WireError, match="die value out of range"):
            wire.unpack_dice(wire.pack_dice(3, 0, 5, [bad]))
