"""The switched-coil ASL board (emu-asl-mux) runs the real firmware/main.py under the MicroPython unix port:
its boot snapshot holds a five-counter stack read through the RF switch model, and a stack built on the
running board is reported with all five UIDs."""

from __future__ import annotations

from fwproc import ROOT, FirmwareProcess
from hexmate.firmware import wire
from hexmate.hardware.boards import load_board

BOARD = ROOT / "hardware" / "boards" / "emu-asl-mux.json"
STACK = ["e004010000000011", "e004010000000021", "e004010000000031", "e0040100aabbcc02", "e0040100aabbcc13"]


def _cell_of(label: str) -> int:
    return load_board(BOARD).cell_by_label(label).id


def test_boot_snapshot_reads_a_stack_of_five_on_its_hex() -> None:
    cell = _cell_of("K5")
    fw = FirmwareProcess(BOARD, world_before=[f"place {cell} {u}" for u in STACK])
    try:
        _, _, hello = fw.wait_for(wire.HELLO)
        info = wire.unpack_hello(hello)
        assert info[1] == 346 and info[3] & wire.CAP_RFID_STACKS and info[5] == "emu-asl-mux"
        _scan, _part, _parts, entries = wire.unpack_snapshot(fw.wait_for(wire.SNAPSHOT)[2])
        assert entries == [(cell, wire.TAGS, sorted(bytes.fromhex(u) for u in STACK))]
    finally:
        fw.close()


def test_a_stack_built_on_the_running_board_is_reported_whole() -> None:
    cell = _cell_of("GG10")
    fw = FirmwareProcess(BOARD)
    try:
        fw.wait_for(wire.SNAPSHOT)
        fw.tell(*[f"place {cell} {u}" for u in STACK])
        seen: list[bytes] = []
        for _ in range(5):
            _scan, c, state, _t, uids = wire.unpack_cell(fw.wait_for(wire.CELL, timeout=5.0)[2])
            assert c == cell and state == wire.TAGS
            seen = uids
            if len(uids) == 5:
                break
        assert seen == sorted(bytes.fromhex(u) for u in STACK)
    finally:
        fw.close()


def test_scanning_on_the_second_core_reports_stacks_and_keeps_the_link_answering() -> None:
    """HEXMATE_SCAN_THREAD=1: the scanner runs in a _thread (core 1 on an RP2040) while the asyncio loop
    answers the host; a stack placed, a SELFTEST (which takes the reader bus from core 1) and a lift."""
    cell = _cell_of("P6")
    fw = FirmwareProcess(BOARD, env={"HEXMATE_SCAN_THREAD": "1"})
    try:
        fw.wait_for(wire.SNAPSHOT)
        fw.tell(*[f"place {cell} {u}" for u in STACK])
        uids: list[bytes] = []
        while len(uids) < 5:
            _scan, c, _state, _t, uids = wire.unpack_cell(fw.wait_for(wire.CELL, timeout=5.0)[2])
            assert c == cell
        assert uids == sorted(bytes.fromhex(u) for u in STACK)
        fw.send(wire.SELFTEST, sequenced=True)
        text = ""
        for _ in range(20):
            text = wire.unpack_log(fw.wait_for(wire.LOG, timeout=5.0)[2])[1]
            if text.startswith("self-test:"):
                break
        assert text.startswith("self-test: 0 of 346 readers failed; reader versions 0=0305 1=0305")
        fw.tell(f"lift {cell} {STACK[0]}")
        for _ in range(10):
            _scan, c, _state, _t, uids = wire.unpack_cell(fw.wait_for(wire.CELL, timeout=5.0)[2])
            if len(uids) == 4:
                break
        assert (c, uids) == (cell, sorted(bytes.fromhex(u) for u in STACK[1:]))
        _uptime, before, _counters = wire.unpack_heartbeat(fw.wait_for(wire.HEARTBEAT, timeout=3.0)[2])
        after = before
        for _ in range(8):  # a pass with a stack in the hot neighbourhood can take a few seconds here
            _uptime, after, _counters = wire.unpack_heartbeat(fw.wait_for(wire.HEARTBEAT, timeout=3.0)[2])
            if after > before:
                break
        assert after > before  # core 1 keeps scanning
    finally:
        fw.close()
