"""firmware/main.py under MicroPython with a provisioned key: every roll carries an authenticator over the
board id, its boot epoch, a counter, the roll and the host's commitment, which the host's check accepts and
which fails for another key, another commitment or changed pips; a board without a key rolls unsigned."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fwproc import FirmwareProcess
from hexmate.firmware import wire
from hexmate.host.tournament.keys import new_key, write_key
from hexmate.host.tournament.rolls import authentic

CONTEXT = bytes(range(16))


@pytest.fixture
def keyed(tmp_path: Path) -> Iterator[tuple[FirmwareProcess, bytes, str]]:
    key = new_key("hm-test-1")
    write_key(tmp_path / "hexmate.key", key)
    proc = FirmwareProcess(env={"HEXMATE_BOARD_KEY": str(tmp_path / "hexmate.key")})
    proc.wait_for(wire.HELLO)
    proc.wait_for(wire.SNAPSHOT)
    try:
        yield proc, key.key, key.board_id
    finally:
        proc.close()


def _roll(fw: FirmwareProcess, request: int, context: bytes, pips: str) -> bytes:
    fw.tell(f"dice-next {pips}")
    fw.send_acked(wire.DICE_ARM, wire.pack_dice_arm(request, 0, len(pips.split(",")), 6, context))
    fw.tell("click 0")
    payload = fw.wait_for(wire.DICE)[2]
    fw.pump(0.1)
    return payload


def test_rolls_are_signed_with_the_provisioned_key(keyed) -> None:
    fw, key, board_id = keyed
    first = _roll(fw, 51, CONTEXT, "6,2")
    second = _roll(fw, 52, CONTEXT, "1")
    request, button, _t, values = wire.unpack_dice(first)
    assert (request, button, values) == (51, 0, [6, 2])
    auth = wire.unpack_dice_auth(first)
    assert auth is not None
    epoch, counter, mac = auth
    assert counter == 1 and len(mac) == 32
    assert authentic(key, board_id, epoch, counter, 51, 0, [6, 2], CONTEXT, mac)
    assert not authentic(key, board_id, epoch, counter, 51, 0, [6, 3], CONTEXT, mac)  # pips changed
    assert not authentic(key, board_id, epoch, counter, 51, 0, [6, 2], bytes(16), mac)  # another decision
    assert not authentic(bytes(32), board_id, epoch, counter, 51, 0, [6, 2], CONTEXT, mac)  # another key
    auth2 = wire.unpack_dice_auth(second)
    assert auth2 is not None and auth2[:2] == (epoch, 2)  # same boot, next roll
    assert wire.unpack_dice(second)[3] == [1]


def test_a_board_without_a_key_rolls_unsigned(tmp_path: Path) -> None:
    fw = FirmwareProcess(env={"HEXMATE_BOARD_KEY": str(tmp_path / "none.key")})
    try:
        fw.wait_for(wire.HELLO)
        fw.wait_for(wire.SNAPSHOT)
        payload = _roll(fw, 9, b"", "4")
        assert wire.unpack_dice(payload)[3] == [4] and wire.unpack_dice_auth(payload) is None
    finally:
        fw.close()
