# Checks for firmware/ble_uart.py that run unchanged on CPython (pytest) and the MicroPython unix port.
#
# Each check_* function raises AssertionError on failure. The modules are passed in (wire, ble_uart and the
# aioble fake), so the same file serves `hexmate.firmware.*` on the host and plain `wire` under MicroPython.
# Deterministic: a small LCG stands in for `random`, whose API differs between the two.

import asyncio


class Lcg:
    def __init__(self, seed):
        self.x = seed & 0x7FFFFFFF

    def next(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return self.x % n

    def bytes(self, n):
        return bytes([self.next(256) for _ in range(n)])


def _frames(wire, rng, count):
    out = []
    for i in range(count):
        uids = [rng.bytes(7) for _ in range(rng.next(4))]
        if i % 3 == 2:
            entries = [(c, wire.TAGS, [rng.bytes(7)]) for c in range(rng.next(40))]
            out.append(wire.encode_frame(wire.SNAPSHOT, (i % 255) + 1, wire.pack_snapshot(i, 0, 1, entries)))
        else:
            out.append(wire.encode_frame(wire.CELL, (i % 255) + 1, wire.pack_cell(i, i, wire.TAGS, i, uids)))
    return out


# --- pure helpers ---------------------------------------------------------------------------------------
def check_chunk_size(wire, ble_uart, fake):
    assert ble_uart.chunk_size(None) == 20
    assert ble_uart.chunk_size(0) == 20
    assert ble_uart.chunk_size(10) == 20  # below the BLE minimum: treat as the default 23
    assert ble_uart.chunk_size(23) == 20
    assert ble_uart.chunk_size(185) == 182
    assert ble_uart.chunk_size(247) == 244
    assert ble_uart.chunk_size(5000) == 514


def check_chunks_cover_data_in_order(wire, ble_uart, fake):
    rng = Lcg(1)
    for mtu in (None, 23, 24, 64, 185, 247, 517):
        for n in (0, 1, 19, 20, 21, 243, 244, 245, 1000):
            data = rng.bytes(n)
            pieces = ble_uart.chunks(data, mtu)
            size = ble_uart.chunk_size(mtu)
            assert b"".join(bytes(p) for p in pieces) == data
            assert all(0 < len(p) <= size for p in pieces)
            assert all(len(p) == size for p in pieces[:-1])
            assert len(pieces) == (n + size - 1) // size


def check_advert_name(wire, ble_uart, fake):
    assert ble_uart.advert_name(b"\xe6\x61\x38\x10\x43\x1a\x2b\x3c") == "hexmate-2B3C"
    assert ble_uart.advert_name(b"\x00\x0f") == "hexmate-000F"
    assert ble_uart.advert_name(b"\x07") == "hexmate-0007"
    assert len(ble_uart.advert_name(b"\x01\x02\x03\x04\x05\x06")) == len("hexmate-XXXX")


def check_chunked_frames_reassemble(wire, ble_uart, fake):
    # Frames cut to any MTU, through an RxBuffer read at random points, come out of a Deframer whole.
    rng = Lcg(2)
    frames = _frames(wire, rng, 30)
    stream = b"".join(frames)
    for mtu in (23, 50, 185, 247):
        rx = ble_uart.RxBuffer(100000)
        deframer = wire.Deframer()
        got = []
        for piece in ble_uart.chunks(stream, mtu):
            rx.put(piece)
            if rng.next(3) == 0:
                got.extend(deframer.feed(rx.take()))
        got.extend(deframer.feed(rx.take()))
        assert [wire.encode_frame(k, s, p) for k, s, p in got] == frames
        assert deframer.errors == 0 and rx.dropped == 0


def check_rx_overflow_loses_only_the_frames_it_hits(wire, ble_uart, fake):
    rng = Lcg(3)
    frames = _frames(wire, rng, 12)
    rx = ble_uart.RxBuffer(200)
    for f in frames:  # nobody reads: the buffer overflows
        for piece in ble_uart.chunks(f, 23):
            rx.put(piece)
    assert len(rx) <= 200 and rx.dropped > 0
    deframer = wire.Deframer()
    got = deframer.feed(rx.take())
    encoded = [wire.encode_frame(k, s, p) for k, s, p in got]
    # what survived is a prefix of the frames, each one intact
    assert encoded == frames[: len(encoded)]
    # once the reader catches up, frames that fit arrive whole again
    later = [f for f in _frames(wire, Lcg(4), 8) if len(f) < 60]
    for f in later:
        rx.put(f)
    got = deframer.feed(rx.take())
    assert [wire.encode_frame(k, s, p) for k, s, p in got] == later and len(later) >= 4


# --- BleUart against the aioble fake -----------------------------------------------------------------------
async def _settle(n=10):
    for _ in range(n):
        await asyncio.sleep(0)


def _uart(ble_uart, fake, name="hexmate-TEST", tx_limit=8192):
    ab = fake.FakeAioble()
    uart = ble_uart.BleUart(name=name, aioble=ab, bluetooth=fake.FakeBluetooth, tx_limit=tx_limit)
    return ab, uart


def check_registers_nordic_uart_service(wire, ble_uart, fake):
    ab, uart = _uart(ble_uart, fake)
    [service] = ab.services
    assert service.uuid == fake.UUID("6E400001-B5A3-F393-E0A9-E50E24DCCA9E")
    rx = ab.characteristic("6E400002-B5A3-F393-E0A9-E50E24DCCA9E")
    tx = ab.characteristic("6E400003-B5A3-F393-E0A9-E50E24DCCA9E")
    assert rx.flags["write"] and rx.flags["write_no_response"] and rx.flags["capture"]
    assert not rx.flags["notify"]
    assert tx.flags["notify"] and not tx.flags["write"]
    assert {"mtu": 247} in ab.config_calls
    assert not uart.connected


async def _drain(uart, limit=2000):
    """Let the radio task run until everything queued has been notified (up to ~2 s: backoff is real time)."""
    for _ in range(limit):
        if not uart.tx_pending:
            return
        await asyncio.sleep(0.001)
    raise AssertionError("tx queue never drained")


async def _read_frames(wire, uart, count, limit=2000):
    deframer = wire.Deframer()
    got = []
    for _ in range(limit):
        got.extend(deframer.feed(uart.read()))
        if len(got) >= count:
            return [wire.encode_frame(k, s, p) for k, s, p in got]
        await asyncio.sleep(0)
    raise AssertionError(f"only {len(got)} of {count} frames arrived")


async def _frames_both_ways(wire, ble_uart, fake, central_mtu):
    ab, uart = _uart(ble_uart, fake)
    task = asyncio.create_task(uart.run())
    await _settle()
    assert ab.adverts[0][1] == "hexmate-TEST"
    assert ab.adverts[0][2] == [fake.UUID(ble_uart.NUS_SERVICE)]
    conn = fake.FakeConnection(central_mtu=central_mtu)
    ab.connect(conn)
    await _settle()
    assert uart.connected and uart.mtu == min(central_mtu, 247)
    frames = _frames(wire, Lcg(central_mtu), 9)
    for f in frames:
        assert uart.write(f)
    await _drain(uart)
    assert all(len(n) <= min(central_mtu, 247) - 3 for n in conn.notified)
    assert max(len(n) for n in conn.notified) == min(central_mtu, 247) - 3  # the MTU really is used
    got = wire.Deframer().feed(conn.received())
    assert [wire.encode_frame(k, s, p) for k, s, p in got] == frames
    # host -> board: the central writes the same frames in MTU-sized pieces
    rx_char = ab.characteristic(ble_uart.NUS_RX)
    for f in frames:
        for piece in ble_uart.chunks(f, conn.mtu):
            rx_char.central_write(conn, piece)
    assert await _read_frames(wire, uart, len(frames)) == frames
    assert uart.read() == b""
    task.cancel()
    await _settle()


def check_frames_both_ways_default_mtu(wire, ble_uart, fake):
    asyncio.run(_frames_both_ways(wire, ble_uart, fake, 23))


def check_frames_both_ways_negotiated_mtu(wire, ble_uart, fake):
    asyncio.run(_frames_both_ways(wire, ble_uart, fake, 185))


async def _refused_mtu_exchange(wire, ble_uart, fake):
    ab, uart = _uart(ble_uart, fake)
    task = asyncio.create_task(uart.run())
    await _settle()
    conn = fake.FakeConnection(central_mtu=247, refuse_mtu=True)
    ab.connect(conn)
    await _settle()
    assert uart.connected and uart.mtu == 23
    frame = _frames(wire, Lcg(9), 3)[2]
    assert uart.write(frame)
    await _drain(uart)
    assert conn.received() == frame
    assert max(len(n) for n in conn.notified) == 20
    task.cancel()
    await _settle()


def check_refused_mtu_exchange_keeps_default(wire, ble_uart, fake):
    asyncio.run(_refused_mtu_exchange(wire, ble_uart, fake))


async def _backpressure(wire, ble_uart, fake):
    ab, uart = _uart(ble_uart, fake, tx_limit=1000)
    task = asyncio.create_task(uart.run())
    await _settle()
    conn = fake.FakeConnection(central_mtu=23)
    ab.connect(conn)
    await _settle()
    tx = ab.characteristic(ble_uart.NUS_TX)
    frames = _frames(wire, Lcg(5), 3)
    tx.refuse_notifications = 3  # the stack's buffers are full for a moment
    for f in frames:
        assert uart.write(f)
    await _drain(uart)
    assert uart.notify_errors == 3
    assert conn.received() == b"".join(frames)  # nothing lost, nothing doubled
    # a queue that would overflow drops whole frames only, so the host never sees half a frame
    tx.refuse_notifications = 10**6
    big = frames[2]
    accepted = [f for f in [big] * 6 if uart.write(f)]
    assert 0 < len(accepted) < 6 and uart.tx_pending == len(big) * len(accepted)
    assert uart.tx_dropped == len(big) * (6 - len(accepted))
    tx.refuse_notifications = 0
    for _ in range(200):  # the backoff sleeps for real time
        if not uart.tx_pending:
            break
        await asyncio.sleep(0.005)
    got = wire.Deframer().feed(conn.received()[len(b"".join(frames)):])
    assert [wire.encode_frame(k, s, p) for k, s, p in got] == accepted
    task.cancel()
    await _settle()


def check_full_notification_queue_is_retried(wire, ble_uart, fake):
    asyncio.run(_backpressure(wire, ble_uart, fake))


async def _reconnect(wire, ble_uart, fake):
    ab, uart = _uart(ble_uart, fake)
    task = asyncio.create_task(uart.run())
    await _settle()
    frame = wire.encode_frame(wire.HEARTBEAT, 0, wire.pack_u32(1))
    assert not uart.write(frame)  # nobody listening
    assert uart.tx_dropped == len(frame)
    first = fake.FakeConnection(central_mtu=100)
    ab.connect(first)
    await _settle()
    rx_char = ab.characteristic(ble_uart.NUS_RX)
    rx_char.central_write(first, frame[:5])  # half a frame, then the central goes away
    await _settle()
    big = _frames(wire, Lcg(7), 3)[2]
    assert uart.write(big)
    first.drop()  # before the radio task sent it all
    await _settle()
    assert not uart.connected and uart.tx_pending == 0
    assert len(ab.adverts) == 2  # advertising again
    assert not uart.write(frame)
    second = fake.FakeConnection(central_mtu=23)
    ab.connect(second)
    await _settle()
    assert uart.connected and uart.connections == 2 and uart.mtu == 23
    rx_char.central_write(first, b"\x01\x02")  # a late write from the old link is ignored
    rx_char.central_write(second, frame[:10])
    rx_char.central_write(second, frame[10:])
    assert await _read_frames(wire, uart, 1) == [frame]
    assert uart.write(frame)
    await _drain(uart)
    assert second.received() == frame
    task.cancel()
    await _settle()


def check_reconnect_starts_a_clean_stream(wire, ble_uart, fake):
    asyncio.run(_reconnect(wire, ble_uart, fake))


async def _started_by_first_use(wire, ble_uart, fake):
    # How main.py uses a link: main(link=BleUart()) and then only read() and write(), polled from its tasks.
    ab, uart = _uart(ble_uart, fake)
    assert uart.caps == wire.CAP_BLE
    assert uart.read() == b""  # the first call starts the radio task
    await _settle()
    assert len(ab.adverts) == 1
    assert uart.read() == b""  # ... once
    await _settle()
    assert len(ab.adverts) == 1
    conn = fake.FakeConnection(central_mtu=64)
    ab.connect(conn)
    await _settle()
    frame = wire.encode_frame(wire.SYNC, 0, wire.pack_sync(1))
    ab.characteristic(ble_uart.NUS_RX).central_write(conn, frame)
    assert await _read_frames(wire, uart, 1) == [frame]
    hello = wire.encode_frame(wire.HELLO, 0, wire.pack_hello(346, 346, wire.CAP_BLE, 1, "emu-346", "0.2"))
    assert uart.write(hello)
    await _drain(uart)
    assert conn.received() == hello
    uart._task.cancel()
    await _settle()


def check_started_by_first_use(wire, ble_uart, fake):
    asyncio.run(_started_by_first_use(wire, ble_uart, fake))


CHECKS = [
    check_chunk_size,
    check_chunks_cover_data_in_order,
    check_advert_name,
    check_chunked_frames_reassemble,
    check_rx_overflow_loses_only_the_frames_it_hits,
    check_registers_nordic_uart_service,
    check_frames_both_ways_default_mtu,
    check_frames_both_ways_negotiated_mtu,
    check_refused_mtu_exchange_keeps_default,
    check_full_notification_queue_is_retried,
    check_reconnect_starts_a_clean_stream,
    check_started_by_first_use,
]


def run_all(wire, ble_uart, fake):
    """Run every check; print one line per check (the MicroPython runner parses them)."""
    for check in CHECKS:
        check(wire, ble_uart, fake)
        print("ok", check.__name__)
