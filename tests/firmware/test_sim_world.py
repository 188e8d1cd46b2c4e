"""Power-up on the emulated board (firmware/sim_world.World.preload) under the real MicroPython unix port: the
world lines sent before the board starts are applied before its boot scan, so the boot SNAPSHOT already holds
the counters lying on the board and no CELL event follows for them."""

from __future__ import annotations

import time

from fwproc import FirmwareProcess
from hexmate.firmware import wire

UID = "04a1b2c3d4e5f6"
UID2 = "04112233"


def _snapshot_cells(payload: bytes) -> dict[int, list[bytes]]:
    _scan, part, parts, entries = wire.unpack_snapshot(payload)
    assert (part, parts) == (0, 1)
    return {cell: list(uids) for cell, _state, uids in entries}


def test_counters_on_the_board_at_power_up_are_in_the_boot_snapshot() -> None:
    fw = FirmwareProcess(world_before=[f"place 5 {UID}", f"place 9 {UID2}", "place 9 zz"])
    try:
        fw.wait_for(wire.HELLO)
        _, seq, payload = fw.wait_for(wire.SNAPSHOT)
        assert seq == 1
        assert _snapshot_cells(payload) == {5: [bytes.fromhex(UID)], 9: [bytes.fromhex(UID2)]}
        assert fw.wait_world("error ").startswith("error bad command place 9 zz")
        fw.pump(0.5)
        assert not [f for f in fw.received if f[0] == wire.CELL]  # all in the snapshot
    finally:
        fw.close()


def test_with_ready_the_board_waits_for_the_whole_power_up_batch() -> None:
    fw = FirmwareProcess(env={"HEXMATE_WORLD_READY": "1"})
    try:
        fw.pump(0.3)
        assert fw.received == []  # still waiting for `ready`: not booted
        fw.tell(f"place 12 {UID}")
        fw.pump(0.1)
        fw.tell("ready", f"place 13 {UID2}")  # after `ready`: a counter placed on the running board
        _, _, payload = fw.wait_for(wire.SNAPSHOT)
        assert _snapshot_cells(payload) == {12: [bytes.fromhex(UID)]}
        _scan, cell, state, _t, uids = wire.unpack_cell(fw.wait_for(wire.CELL)[2])
        assert (cell, state, uids) == (13, wire.TAGS, [bytes.fromhex(UID2)])
    finally:
        fw.close()


def test_without_ready_the_board_boots_after_a_second_and_says_why() -> None:
    fw = FirmwareProcess(env={"HEXMATE_WORLD_READY": "1"})
    try:
        started = time.monotonic()
        assert fw.wait_world("error ") == "error no ready line within 1000 ms; booting"
        assert time.monotonic() - started >= 0.9
        _, _, payload = fw.wait_for(wire.SNAPSHOT)
        assert _snapshot_cells(payload) == {}
    finally:
        fw.close()
