"""TableConnection against a scripted board: resync, acks, LED diffs, snapshots, bad frames, loss."""

from __future__ import annotations

import asyncio

from hexmate.firmware import wire
from hexmate.host.protocol import (
    LEDS_PER_FRAME,
    CellChanged,
    ConnState,
    DiceRolled,
    Heartbeat,
    Hello,
    Led,
    Snapshot,
    StateChanged,
)

RED = Led(255, 0, 0)
GREEN = Led(0, 255, 0)


async def test_connect_syncs_anchors_on_hello_and_goes_live(harness) -> None:
    await harness.go_live()
    assert harness.conn.state is ConnState.LIVE
    states = [m.state for m in harness.of(StateChanged)]
    assert states[:3] == [ConnState.CONNECTING, ConnState.SYNCING, ConnState.LIVE]
    [hello] = harness.of(Hello)
    assert hello.board == "emu-346" and hello.n_cells == 346
    await harness.link.assert_quiet()


async def test_cell_events_are_acked_delivered_in_order_and_duplicates_reacked(harness) -> None:
    await harness.go_live()
    uid = bytes.fromhex("04A1B2C3D4E5F6")
    harness.link.feed(wire.CELL, 1, wire.pack_cell(7, 12, wire.TAGS, 500, [uid]))
    _, ack = await harness.link.expect(wire.ACK)
    assert wire.unpack_ack(ack) == 1
    harness.link.feed(wire.CELL, 1, wire.pack_cell(7, 12, wire.TAGS, 500, [uid]))  # resent: a duplicate
    _, ack = await harness.link.expect(wire.ACK)
    assert wire.unpack_ack(ack) == 1
    harness.link.feed(wire.CELL, 3, wire.pack_cell(9, 12, wire.EMPTY, 700, []))  # from the future: dropped
    harness.link.feed(wire.CELL, 2, wire.pack_cell(8, 13, wire.EMPTY, 600, []))
    _, ack = await harness.link.expect(wire.ACK)
    assert wire.unpack_ack(ack) == 2
    cells = harness.of(CellChanged)
    assert cells == [
        CellChanged(7, 12, wire.TAGS, 500, ("04A1B2C3D4E5F6",)),
        CellChanged(8, 13, wire.EMPTY, 600, ()),
    ]
    await harness.link.assert_quiet()


async def test_led_frames_are_diffed_cleared_and_chunked(harness) -> None:
    await harness.go_live()
    harness.conn.set_leds({5: RED})
    _, p = await harness.link.expect(wire.LEDS)
    assert wire.unpack_leds(p) == [(5, 255, 0, 0, wire.SOLID, 0)]
    harness.conn.set_leds({5: RED, 6: GREEN})
    _, p = await harness.link.expect(wire.LEDS)
    assert wire.unpack_leds(p) == [(6, 0, 255, 0, wire.SOLID, 0)]  # only what changed
    harness.conn.set_leds({6: GREEN})
    _, p = await harness.link.expect(wire.LEDS)
    assert wire.unpack_leds(p) == [(5, 0, 0, 0, wire.SOLID, 0)]  # cell 5 turned off
    harness.conn.set_leds({})
    await harness.link.expect(wire.LEDS_CLEAR)
    harness.conn.set_leds({c: GREEN for c in range(300)})
    sizes = []
    for _ in range(3):
        _seq, p = await harness.link.expect(wire.LEDS)
        sizes.append(len(wire.unpack_leds(p)))
    assert sizes == [LEDS_PER_FRAME, LEDS_PER_FRAME, 300 - 2 * LEDS_PER_FRAME]
    await harness.link.assert_quiet()


async def test_unacked_frames_are_resent_then_full_led_state_after_hello(make_harness) -> None:
    h = make_harness(resend_ms=10_000)
    await h.go_live()
    h.conn.set_leds({5: RED})
    seq5, _ = await h.link.expect(wire.LEDS)
    h.conn.arm_dice(1, 0, 2)
    seq_dice, _ = await h.link.expect(wire.DICE_ARM)
    # the board reboots: its boot HELLO is unsolicited, so the host asks formally with SYNC
    await asyncio.sleep(1.6)  # outside the window in which a HELLO counts as the answer to our SYNC
    await h.hello(next_seq=1)
    _, p = await h.link.expect(wire.SYNC)
    assert wire.unpack_sync(p) == seq5  # announces its oldest unacknowledged frame
    await h.hello(next_seq=1)
    # pending frames again, in order, then the whole LED picture
    assert (await h.link.expect(wire.LEDS))[0] == seq5
    assert (await h.link.expect(wire.DICE_ARM))[0] == seq_dice
    await h.link.expect(wire.LEDS_CLEAR)
    _, p = await h.link.expect(wire.LEDS)
    assert wire.unpack_leds(p) == [(5, 255, 0, 0, wire.SOLID, 0)]
    await h.link.assert_quiet()
    await h.stop()


async def test_sequenced_frame_before_anchor_asks_for_sync_rate_limited(make_harness) -> None:
    h = make_harness(anchor_sync_ms=500)
    h.start()
    await h.link.expect(wire.SYNC)
    await asyncio.sleep(0.55)
    h.link.feed(wire.CELL, 9, wire.pack_cell(1, 1, wire.EMPTY, 0, []))
    await h.link.expect(wire.SYNC)
    h.link.feed(wire.CELL, 10, wire.pack_cell(1, 1, wire.EMPTY, 0, []))  # too soon for another SYNC
    await h.link.assert_quiet()
    assert h.of(CellChanged) == []
    await h.stop()


async def test_snapshot_parts_are_reassembled(harness) -> None:
    await harness.go_live()
    uid = bytes.fromhex("0102030405060708")
    harness.link.feed(wire.SNAPSHOT, 1, wire.pack_snapshot(40, 0, 2, [(3, wire.TAGS, [uid])]))
    await harness.link.expect(wire.ACK)
    assert harness.of(Snapshot) == []
    harness.link.feed(wire.SNAPSHOT, 2, wire.pack_snapshot(40, 1, 2, [(200, wire.UNCERTAIN, [])]))
    await harness.link.expect(wire.ACK)
    [snap] = harness.of(Snapshot)
    assert snap.scan == 40
    assert [(e.cell, e.state, e.uids) for e in snap.entries] == [
        (3, wire.TAGS, ("0102030405060708",)), (200, wire.UNCERTAIN, ()),
    ]


async def test_garbage_and_corrupt_frames_are_counted_and_good_frames_survive(harness) -> None:
    await harness.go_live()
    good = wire.encode_frame(wire.DICE, 1, wire.pack_dice(3, 0, 10, [2, 5]))
    corrupt = bytearray(wire.encode_frame(wire.DICE, 1, wire.pack_dice(3, 0, 10, [2, 5])))
    corrupt[3] ^= 0x40
    harness.link.on_bytes(b"\x07\x07\x07\x00" + bytes(corrupt) + good)
    await harness.link.expect(wire.ACK)
    assert harness.of(DiceRolled) == [DiceRolled(3, 0, 10, (2, 5))]
    assert harness.conn.counters.crc_errors == 1
    assert harness.conn.counters.malformed == 1
    # a frame with a valid CRC but a payload that makes no sense is counted, not delivered
    harness.link.feed(wire.DICE, 2, wire.pack_dice(4, 0, 10, []) + b"\x0b")  # 11: no die has it
    await harness.link.expect(wire.ACK)
    assert harness.conn.counters.malformed == 2
    assert len(harness.of(DiceRolled)) == 1


async def test_heartbeat_is_decoded(harness) -> None:
    await harness.go_live()
    harness.link.feed(wire.HEARTBEAT, 0, wire.pack_u32(5000) + wire.pack_u32(77) + b"\x02\x00\x03\x00")
    await asyncio.sleep(0.05)
    assert harness.of(Heartbeat) == [Heartbeat(5000, 77, (2, 3))]


async def test_silence_publishes_state_and_resyncs(make_harness) -> None:
    h = make_harness(silence_ms=300)
    await h.go_live()
    await h.link.expect(wire.SYNC, timeout=1.0)
    assert h.conn.state is ConnState.SILENT
    assert "silent" in h.conn.detail
    await h.hello()
    await h.link.expect(wire.LEDS_CLEAR)
    assert h.conn.state is ConnState.LIVE
    await h.stop()


async def test_missing_port_is_reported_and_retried(make_harness) -> None:
    h = make_harness()
    h.link.fail_connects = 2
    h.start()
    await h.link.expect(wire.SYNC, timeout=3)
    lost = [m for m in h.of(StateChanged) if m.state is ConnState.LOST]
    assert len(lost) == 2 and "fake0 not found" in lost[0].detail
    await h.stop()


async def test_lost_link_reconnects_and_resends_unacked_commands(make_harness) -> None:
    h = make_harness(resend_ms=10_000)
    await h.go_live()
    h.conn.arm_dice(7, 1, 1)
    seq, _ = await h.link.expect(wire.DICE_ARM)
    h.link.drop("serial port fake0 vanished (Input/output error)")
    _, p = await h.link.expect(wire.SYNC, timeout=3)
    assert wire.unpack_sync(p) == seq
    assert any(m.state is ConnState.LOST and "vanished" in m.detail for m in h.of(StateChanged))
    await h.hello()
    assert (await h.link.expect(wire.DICE_ARM))[0] == seq
    clear_seq, _ = await h.link.expect(wire.LEDS_CLEAR)
    h.link.feed(wire.ACK, 0, wire.pack_ack(clear_seq))  # cumulative: acknowledges the dice arm too
    await h.link.assert_quiet()
    assert h.conn.pending() == 0 and h.conn.counters.reconnects == 1
    await h.stop()


async def test_boot_hello_crossing_our_sync_is_answered_once(harness) -> None:
    await harness.go_live()  # our SYNC was answered by one HELLO
    await harness.hello()  # the board's second answer (its boot HELLO crossed our SYNC) comes right after
    await harness.link.assert_quiet()  # anchored again, but no second SYNC and no second LED reset
    assert harness.conn.counters.syncs_sent == 1 and harness.conn.counters.hellos == 2


async def test_a_late_answer_to_a_sync_retry_is_an_answer_not_a_restart(make_harness) -> None:
    """Under load the board answers slowly: the host retries its SYNC, then reads the first answer and goes
    live. The second answer may come later than the window in which a HELLO counts as solicited; it is
    still the answer to our second SYNC, so no third SYNC goes out. (A third SYNC announced frames the board
    had already taken; the board went back to expecting them and dropped every later command as out of
    order: the crash test's "no roll armed".)"""
    h = make_harness(sync_retry_ms=200, resend_ms=10_000)
    h.start()
    _, first = await h.link.expect(wire.SYNC)
    _, retry = await h.link.expect(wire.SYNC, timeout=2.0)  # no answer yet: the host asks again
    assert wire.unpack_sync(first) == wire.unpack_sync(retry) == 1
    await h.hello()  # the answer to the first
    seq_clear, _ = await h.link.expect(wire.LEDS_CLEAR)
    h.conn.arm_dice(7, 0, 1)
    seq_dice, _ = await h.link.expect(wire.DICE_ARM)
    await asyncio.sleep(1.6)  # outside the solicited window
    await h.hello()  # the answer to the retry, late
    # taken as an answer: what is unacknowledged again, in order, then the whole LED picture; no SYNC
    assert (await h.link.expect(wire.LEDS_CLEAR))[0] == seq_clear
    assert (await h.link.expect(wire.DICE_ARM))[0] == seq_dice
    await h.link.expect(wire.LEDS_CLEAR)
    await h.link.assert_quiet()
    assert h.conn.counters.syncs_sent == 2 and h.conn.counters.hellos == 2
    await h.stop()


async def test_frames_the_board_took_before_a_sync_come_again_after_its_answer(make_harness) -> None:
    """A SYNC sent while a frame is in flight announces that frame, so the board, which took the frame
    before it read the SYNC, expects it again: once the HELLO answers, the host writes it again (though
    acknowledged meanwhile), so the board's sequence goes on instead of waiting for it for ever."""
    h = make_harness(silence_ms=400, resend_ms=10_000)
    await h.go_live()
    h.conn.arm_dice(3, 0, 1)
    seq_dice, _ = await h.link.expect(wire.DICE_ARM)
    _, p = await h.link.expect(wire.SYNC, timeout=2.0)  # the board went quiet: the host asks again
    assert wire.unpack_sync(p) == seq_dice  # ... announcing the frame still in flight
    h.link.feed(wire.ACK, 0, wire.pack_ack(seq_dice))  # the board had taken it before the SYNC
    await h.hello()
    assert (await h.link.expect(wire.DICE_ARM))[0] == seq_dice  # again, for the board's new expectation
    await h.link.expect(wire.LEDS_CLEAR)
    await h.link.assert_quiet()
    await h.stop()
