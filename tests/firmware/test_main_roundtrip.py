"""firmware/main.py under the real MicroPython unix port, on a real pty, driven through the world channel."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
import serial
from fwproc import EMU_BOARD, FirmwareProcess
from hexmate.firmware import reliable, wire

UID = "04a1b2c3d4e5f6"


@pytest.fixture
def fw() -> Iterator[FirmwareProcess]:
    proc = FirmwareProcess()
    proc.wait_for(wire.HELLO)
    proc.wait_for(wire.SNAPSHOT)
    try:
        yield proc
    finally:
        proc.close()


def test_boot_sends_hello_and_an_empty_snapshot() -> None:
    proc = FirmwareProcess()
    try:
        _, seq, payload = proc.wait_for(wire.HELLO)
        assert seq == 0
        proto, n_cells, n_leds, caps, next_seq, board, _version = wire.unpack_hello(payload)
        assert (proto, n_cells, n_leds, board) == (wire.PROTOCOL_VERSION, 346, 346, "emu-346")
        assert caps & wire.CAP_EMULATED and caps & wire.CAP_DICE and next_seq == 1
        _, seq, payload = proc.wait_for(wire.SNAPSHOT)
        assert seq == 1
        assert wire.unpack_snapshot(payload)[1:] == (0, 1, [])
    finally:
        proc.close()


def test_placed_tag_becomes_a_cell_event_and_a_trace(fw: FirmwareProcess) -> None:
    fw.tell(f"place 5 {UID}")
    _, seq, payload = fw.wait_for(wire.CELL)
    _scan, cell, state, _t, uids = wire.unpack_cell(payload)
    assert (seq, cell, state, uids) == (2, 5, wire.TAGS, [bytes.fromhex(UID)])
    assert fw.wait_world("trace detect").split()[2] == "5"
    fw.tell(f"lift 5 {UID}")
    _, _, payload = fw.wait_for(wire.CELL)
    assert wire.unpack_cell(payload)[1:3] == (5, wire.EMPTY)


def test_leds_frame_is_applied_and_reported(fw: FirmwareProcess) -> None:
    fw.send(wire.LEDS, wire.pack_leds([(7, 0x12, 0x34, 0x56, wire.BLINK, 20), (8, 1, 2, 3, wire.SOLID, 0)]),
            sequenced=True)
    fw.wait_world("trace leds")
    # The first `leds` lines after boot may still report the self-test pattern going dark: read on until
    # cells 7 and 8 have been reported, and check what they were set to.
    seen: dict[str, str] = {}
    while not {"7", "8"} <= seen.keys():
        for entry in fw.wait_world("leds ").split()[1:]:
            cell, _, value = entry.partition("=")
            seen[cell] = value
    assert (seen["7"], seen["8"]) == ("123456b", "010203s")
    assert fw.channel.pending() == 0  # the device ACKed the LEDS frame
    fw.tell("leds?")
    full = []
    while len(full) < 346:
        full += fw.wait_world("leds ").split()[1:]
    assert "7=123456b" in full and "0=000000s" in full and len(full) == 346


def test_armed_press_rolls_both_dice(fw: FirmwareProcess) -> None:
    fw.send_acked(wire.DICE_ARM, wire.pack_dice_arm(41, 1, 2))
    fw.tell("click 1")
    request, button, _t, values = wire.unpack_dice(fw.wait_for(wire.DICE)[2])
    assert (request, button, len(values)) == (41, 1, 2)
    assert all(1 <= v <= 6 for v in values)
    fw.pump(0.1)  # let the release settle past the debounce
    fw.tell("press 1")  # not armed any more: a plain BUTTON event
    _, _, payload = fw.wait_for(wire.BUTTON)
    assert wire.unpack_button(payload)[:2] == (1, 1)


def test_dice_next_makes_the_next_roll_show_those_pips(fw: FirmwareProcess) -> None:
    fw.tell("dice-next 6,2,5")
    fw.send_acked(wire.DICE_ARM, wire.pack_dice_arm(42, 0, 2))
    fw.tell("click 0")
    assert wire.unpack_dice(fw.wait_for(wire.DICE)[2])[3] == [6, 2]
    fw.send_acked(wire.DICE_ARM, wire.pack_dice_arm(43, 1, 1))
    fw.tell("click 1")
    assert wire.unpack_dice(fw.wait_for(wire.DICE)[2])[3] == [5]
    fw.tell("dice-next 3,11")
    assert fw.wait_world("error ") == "error dice-next: pips must be 1..10, got '11' in 3,11"


def test_a_d10_arm_rolls_one_d10_through_the_firmware(fw: FirmwareProcess) -> None:
    fw.tell("dice-next 10")
    fw.send_acked(wire.DICE_ARM, wire.pack_dice_arm(45, 0, 1, 10))  # Fire Team's roll
    fw.tell("click 0")
    request, button, _t, values = wire.unpack_dice(fw.wait_for(wire.DICE)[2])
    assert (request, button, values) == (45, 0, [10])
    fw.tell("dice-next 9")  # queued for a d10, drawn by a d6: refused, never shown as a 3
    fw.send_acked(wire.DICE_ARM, wire.pack_dice_arm(46, 1, 1))
    fw.tell("press 1")
    assert fw.wait_world("error ") == ("error dice-next: pip 9 is not a face of the d6 being rolled; "
                                       "rolled at random instead")
    [value] = wire.unpack_dice(fw.wait_for(wire.DICE)[2])[3]
    assert 1 <= value <= 6


def test_the_done_button_is_a_button_event_resent_until_acked(fw: FirmwareProcess) -> None:
    fw.send_acked(wire.DICE_ARM, wire.pack_dice_arm(44, 255, 2))  # every dice button armed
    fw.ack = False
    fw.tell("press done")
    first = fw.wait_for(wire.BUTTON)
    assert wire.unpack_button(first[2])[:2] == (2, 1)  # the done button, not a roll
    assert fw.wait_for(wire.BUTTON) == first  # not acknowledged: resent, same seq
    fw.ack = True
    assert fw.wait_for(wire.BUTTON) == first  # the next resend is taken and acknowledged
    duplicates = fw.channel.duplicates
    fw.pump(0.5)
    assert fw.channel.duplicates == duplicates  # acknowledged: no more resends
    fw.tell("release done")
    fw.pump(0.1)
    fw.tell("press dice-a")  # the roll armed for any dice button is still waiting
    assert wire.unpack_dice(fw.wait_for(wire.DICE)[2])[:2] == (44, 0)
    assert not [f for f in fw.received if f[0] == wire.DICE and wire.unpack_dice(f[2])[1] == 2]


def test_unacked_events_are_resent_then_sync_resends_and_snapshots(fw: FirmwareProcess) -> None:
    fw.ack = False
    fw.tell(f"place 9 {UID}")
    first = fw.wait_for(wire.CELL)
    again = fw.wait_for(wire.CELL)
    assert again == first  # same seq, same payload: a resend
    fw.ack = True
    fw.sync()
    _, _, hello = fw.wait_for(wire.HELLO)
    assert wire.unpack_hello(hello)[4] == first[1]  # HELLO announces the oldest unacknowledged frame
    snap = fw.wait_for(wire.SNAPSHOT)
    assert wire.unpack_snapshot(snap[2])[3] == [(9, wire.TAGS, [bytes.fromhex(UID)])]
    fw.pump(0.3)
    assert fw.channel.pending() == 0


def test_heartbeat_and_ping(fw: FirmwareProcess) -> None:
    fw.send(wire.PING, wire.pack_u32(0xDEADBEEF))
    assert fw.wait_for(wire.PONG)[2] == wire.pack_u32(0xDEADBEEF)
    uptime, scans, counters = wire.unpack_heartbeat(fw.wait_for(wire.HEARTBEAT, timeout=2.5)[2])
    assert uptime >= 900 and scans >= 2 and len(counters) == wire.N_COUNTERS


def test_failed_reader_gives_fault_uncertain_and_red(fw: FirmwareProcess) -> None:
    fw.tell("fail 30")
    cell, code = wire.unpack_fault(fw.wait_for(wire.FAULT)[2])
    assert (cell, code) == (30, wire.FAULT_NO_ANSWER)
    assert wire.unpack_cell(fw.wait_for(wire.CELL)[2])[1:3] == (30, wire.UNCERTAIN)
    tokens: list[str] = []
    while "30=ff0000s" not in tokens:  # the boot report (every cell off) comes first
        tokens = fw.wait_world("leds ").split()
    fw.tell("heal 30")
    assert wire.unpack_fault(fw.wait_for(wire.FAULT, timeout=5)[2]) == (30, wire.FAULT_RECOVERED)
    assert wire.unpack_cell(fw.wait_for(wire.CELL)[2])[1:3] == (30, wire.EMPTY)


def test_reboot_starts_afresh_with_the_tags_still_there(fw: FirmwareProcess) -> None:
    fw.tell(f"place 12 {UID}")
    fw.wait_for(wire.CELL)
    fw.tell("reboot")
    _, _, hello = fw.wait_for(wire.HELLO)
    assert wire.unpack_hello(hello)[4] == 1  # sequence numbers start again
    fw.sync()  # what the host does on an unexpected HELLO
    snaps = [wire.unpack_snapshot(fw.wait_for(wire.SNAPSHOT)[2])[3] for _ in range(2)]
    assert snaps[-1] == [(12, wire.TAGS, [bytes.fromhex(UID)])]


def test_world_channel_rejects_bad_lines(fw: FirmwareProcess) -> None:
    fw.tell("place 999 deadbeef", "juggle 3")
    assert "no cell 999" in fw.wait_world("error")
    assert "unknown command" in fw.wait_world("error")


def test_pn5180_board_reports_a_whole_stack() -> None:
    proc = FirmwareProcess(board=EMU_BOARD.with_name("pico-pn5180-346.json"))
    try:
        caps = wire.unpack_hello(proc.wait_for(wire.HELLO)[2])[3]
        assert caps & wire.CAP_RFID_STACKS
        proc.wait_for(wire.SNAPSHOT)
        stack = ["e004010000000011", "e004010000000021", "e004010000000031"]
        proc.tell(*[f"place 77 {u}" for u in stack])
        seen: list[bytes] = []
        while len(seen) < 3:  # the tags may land in more than one scan
            _s, cell, state, _t, seen = wire.unpack_cell(proc.wait_for(wire.CELL)[2])
            assert (cell, state) == (77, wire.TAGS)
        assert seen == [bytes.fromhex(u) for u in stack]
    finally:
        proc.close()


def test_firmware_survives_the_host_closing_and_reopening_the_port(fw: FirmwareProcess) -> None:
    path = fw.port.port
    fw.port.close()
    fw.tell(f"place 3 {UID}")  # happens while nobody listens
    time.sleep(0.5)
    assert fw.proc.poll() is None
    fw.port = serial.Serial(path, timeout=0)
    fw.channel = reliable.Channel(wire)  # a new host session
    fw.deframer = wire.Deframer()
    fw.received.clear()
    fw.sync()
    fw.wait_for(wire.HELLO)
    entries = []
    while not entries:
        entries = wire.unpack_snapshot(fw.wait_for(wire.SNAPSHOT)[2])[3]
    assert entries == [(3, wire.TAGS, [bytes.fromhex(UID)])]


def test_garbage_on_the_link_is_counted_and_the_board_keeps_answering(fw: FirmwareProcess) -> None:
    import random

    rng = random.Random(5)
    junk = bytes(rng.randrange(256) for _ in range(3000))
    fw.port.write(junk + b"\x00")
    fw.port.write(wire.encode_frame(wire.SET, 0, b"\x01"))  # a known kind with a short payload
    fw.send(wire.PING, wire.pack_u32(77))
    assert fw.wait_for(wire.PONG)[2] == wire.pack_u32(77)
    counters = wire.unpack_heartbeat(fw.wait_for(wire.HEARTBEAT, timeout=2.5)[2])[2]
    assert counters[wire.CTR_RX_BAD_FRAMES] > 0


def test_a_host_that_stops_reading_does_not_stall_the_board(fw: FirmwareProcess) -> None:
    ping = wire.encode_frame(wire.PING, 0, wire.pack_u32(1))
    for _ in range(40):  # ~40 kB of PONGs that nobody reads: far more than the pty holds
        fw.port.write(ping * 100)
        time.sleep(0.01)
    fw.tell("leds?")  # the world channel is served by the same event loop
    deadline = time.monotonic() + 3
    buf = b""
    while b"leds " not in buf and time.monotonic() < deadline:
        try:
            buf += fw.world.recv(65536)
        except BlockingIOError:
            time.sleep(0.01)
    assert b"leds " in buf
    fw.port.reset_input_buffer()
    fw.pump(0.2)
    fw.send(wire.PING, wire.pack_u32(99))
    end = time.monotonic() + 3
    while time.monotonic() < end:
        if any(k == wire.PONG and p == wire.pack_u32(99) for k, _, p in fw.pump(0.05)):
            break
    else:
        raise AssertionError("no PONG after the host read again")
