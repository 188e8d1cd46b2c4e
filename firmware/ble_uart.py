# Bluetooth LE link for the wire protocol: Nordic UART Service over aioble (ESP32, Pico W).
#
# The same COBS frames that travel over USB serial travel here as a byte stream: the host writes them to the
# RX characteristic, the board sends them as notifications on the TX characteristic, cut to the negotiated
# ATT MTU minus the 3-byte ATT header. Neither side relies on one frame per BLE packet: the Deframer at each
# end finds frames by their 0x00 delimiter, exactly as on a serial port.
#
# Link interface: the same two calls as main.py's StdioLink (USB serial), plus a task that drives the radio:
#     main.main(link=BleUart())        # registers the service; name "hexmate-XXXX" from machine.unique_id()
#     link.write(frame)                # never blocks: queued whole, sent by run() as notifications
#     data = link.read()               # never blocks: bytes the central wrote since the last call (or b"")
#     link.connected                   # True while a central is connected
#     link.caps                        # wire.CAP_BLE, which main.py adds to HELLO
# run() (advertise, serve one central at a time, re-advertise when it leaves) starts on the first read() or
# write() inside the event loop, unless the owner already runs it as a task of its own.
# Bytes written while nobody is connected are dropped (and counted): the host sends SYNC when it connects,
# and the board then resends everything unacknowledged, as after a USB reconnect.
#
# Pure helpers (chunk_size, chunks, advert_name, RxBuffer) hold the logic and are tested under CPython and
# the MicroPython unix port; aioble itself only exists on boards with a radio, so BleUart takes the aioble
# and bluetooth modules as optional arguments and tests pass a fake of aioble's API.

import asyncio

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


NUS_SERVICE = "6E400001-B5A3-F393-E0A9-E50E24DCCA9E"
NUS_RX = "6E400002-B5A3-F393-E0A9-E50E24DCCA9E"  # central -> board (write, write without response)
NUS_TX = "6E400003-B5A3-F393-E0A9-E50E24DCCA9E"  # board -> central (notify)

ATT_MTU_DEFAULT = const(23)  # every BLE link starts here: 20 payload bytes per notification
ATT_MTU_MAX = const(517)  # largest ATT MTU; an attribute value is at most 512 bytes
_ATT_HEADER = const(3)  # opcode + attribute handle in every notification
# 247 = the 251-byte LE data-length-extension PDU minus the 4-byte L2CAP header: one notification per
# link-layer packet on BLE 4.2+ centrals, while older centrals simply negotiate something smaller.
PREFERRED_MTU = const(247)
_ADV_INTERVAL_US = const(250_000)
_RX_LIMIT = const(4096)  # bytes buffered from the central before the oldest frame in progress is dropped
_TX_LIMIT = const(8192)  # bytes queued for notification; a whole frame that does not fit is dropped
_NOTIFY_BACKOFF_MS = const(5)  # the controller's notification buffers drain within a connection event
CAP_BLE = const(0x0008)  # = wire.CAP_BLE (not imported: this module stays independent of the codec)


def chunk_size(mtu):
    """Payload bytes per notification for a negotiated ATT MTU (None or too small = the default 23)."""
    if not mtu or mtu < ATT_MTU_DEFAULT:
        mtu = ATT_MTU_DEFAULT
    elif mtu > ATT_MTU_MAX:
        mtu = ATT_MTU_MAX
    return mtu - _ATT_HEADER


def chunks(data, mtu):
    """Cut data into the notification payloads for this MTU, as memoryviews (no copies), in order.

    >>> [bytes(c) for c in chunks(b"abcdefghijklmnopqrstuvwxy", 23)]
    [b'abcdefghijklmnopqrst', b'uvwxy']
    """
    size = chunk_size(mtu)
    mv = memoryview(data)
    return [mv[i : i + size] for i in range(0, len(mv), size)]


def advert_name(uid):
    """Advertised name from the chip's unique id: "hexmate-" and the last two bytes in hex (upper case)."""
    if len(uid) < 2:
        uid = bytes(2 - len(uid)) + bytes(uid)
    return f"hexmate-{uid[-2]:02X}{uid[-1]:02X}"


class RxBuffer:
    """Bytes written by the central, waiting for the reader. Bounded: a reader that stalls cannot exhaust RAM.

    On overflow the frame in progress is cut short with a 0x00 delimiter (the Deframer counts it as one bad
    frame) and incoming bytes are skipped up to and including the next delimiter, so the first frame that
    starts after the overflow arrives intact. The reliable channel resends whatever was lost.
    """

    def __init__(self, limit=_RX_LIMIT):
        if limit < 2:
            raise ValueError("RxBuffer limit must be at least 2")
        self.limit = limit
        self._buf = bytearray()
        self._skipping = False
        self.dropped = 0  # bytes thrown away because the buffer was full

    def __len__(self):
        return len(self._buf)

    def put(self, data):
        """Append bytes from one BLE write; return how many were kept."""
        kept = 0
        n = len(data)
        i = 0
        while i < n:
            if self._skipping:
                j = bytes(data[i:]).find(b"\x00")
                if j < 0:
                    self.dropped += n - i
                    return kept
                self.dropped += j + 1
                i += j + 1
                self._skipping = False
                continue
            # one byte is kept back for the cutting delimiter (which may already fill it: room 0)
            room = self.limit - 1 - len(self._buf)
            take = n - i if n - i <= room else room
            if take > 0:
                self._buf.extend(data[i : i + take])
                kept += take
                i += take
            if i < n:
                if self._buf[-1] != 0:
                    self._buf.append(0)  # end the truncated frame here: the Deframer drops it as bad
                self._skipping = True  # and lose the rest of the frame being received
        return kept

    def take(self):
        """Everything buffered, oldest first; the buffer is empty afterwards."""
        out = bytes(self._buf)
        self._buf = bytearray()
        return out

    def clear(self):
        self._buf = bytearray()
        self._skipping = False


async def _sleep_ms(ms):
    sleep_ms = getattr(asyncio, "sleep_ms", None)
    if sleep_ms is not None:  # MicroPython
        await sleep_ms(ms)
    else:
        await asyncio.sleep(ms / 1000)


class BleUart:
    """Nordic UART Service peripheral carrying wire frames, one central at a time.

    aioble and bluetooth default to the board's modules; tests pass fakes of aioble's public API
    (Service, Characteristic, register_services, advertise, config, DeviceConnection) because the unix
    port has no radio.
    """

    caps = CAP_BLE

    def __init__(self, name=None, aioble=None, bluetooth=None, rx_limit=_RX_LIMIT, tx_limit=_TX_LIMIT):
        if aioble is None:
            import aioble  # type: ignore[no-redef]
        if bluetooth is None:
            import bluetooth  # type: ignore[no-redef]
        if name is None:
            import machine

            name = advert_name(machine.unique_id())
        self.name = name
        self._aioble = aioble
        self._service_uuid = bluetooth.UUID(NUS_SERVICE)
        service = aioble.Service(self._service_uuid)
        # capture=True keeps every write in order; without it a fast central's writes overwrite each other.
        self._rx_char = aioble.Characteristic(
            service, bluetooth.UUID(NUS_RX), write=True, write_no_response=True, capture=True
        )
        self._tx_char = aioble.Characteristic(service, bluetooth.UUID(NUS_TX), notify=True)
        aioble.register_services(service)
        aioble.config(mtu=PREFERRED_MTU)
        self._conn = None
        self._rx = RxBuffer(rx_limit)
        self._tx = bytearray()
        self._tx_off = 0  # bytes of _tx already notified
        self._tx_limit = tx_limit
        self._tx_ready = asyncio.Event()
        self._task = None  # run() when started by the first read()/write()
        self._running = False
        self.connections = 0
        self.notify_errors = 0  # notifications refused by a full stack, retried after a pause
        self.tx_dropped = 0  # bytes not sent: nobody connected, the queue full, or the central left

    @property
    def connected(self):
        conn = self._conn
        return conn is not None and conn.is_connected()

    @property
    def mtu(self):
        conn = self._conn
        return (conn.mtu or ATT_MTU_DEFAULT) if conn is not None else ATT_MTU_DEFAULT

    @property
    def rx_dropped(self):
        return self._rx.dropped

    @property
    def tx_pending(self):
        """Bytes queued and not yet notified."""
        return len(self._tx) - self._tx_off

    # --- the link interface (same as StdioLink) ---------------------------------------------------------
    def read(self):
        """The bytes the central has written since the last call, oldest first (b"" if none)."""
        self._ensure_running()
        return self._rx.take()

    def write(self, data):
        """Queue data (normally one whole frame) for notification; False if it was dropped."""
        self._ensure_running()
        if not self.connected or self.tx_pending + len(data) > self._tx_limit:
            self.tx_dropped += len(data)
            return False
        self._tx.extend(data)
        self._tx_ready.set()
        return True

    # --- the radio task ---------------------------------------------------------------------------------
    def _ensure_running(self):
        if self._running:
            return
        task = self._task
        if task is None or task.done():
            self._task = asyncio.create_task(self.run())

    async def run(self):
        """Advertise, serve one central until it disconnects, repeat. Run as its own task."""
        self._running = True
        rx = asyncio.create_task(self._rx_pump())
        tx = asyncio.create_task(self._tx_pump())
        try:
            while True:
                conn = await self._aioble.advertise(
                    _ADV_INTERVAL_US, name=self.name, services=[self._service_uuid]
                )
                await self._serve(conn)
        finally:
            self._running = False
            rx.cancel()
            tx.cancel()

    async def _serve(self, conn):
        self._rx.clear()  # bytes from an earlier central belong to a session that is gone
        self._conn = conn
        self.connections += 1
        # Ask for a larger MTU ourselves; many centrals also start the exchange. A refusal (GattError, a
        # timeout, ...) keeps 23. (No contextlib on MicroPython, hence try/except.)
        try:
            await conn.exchange_mtu(PREFERRED_MTU)
        except Exception:
            pass
        try:
            await conn.disconnected(timeout_ms=None)
        finally:
            self._conn = None
            self.tx_dropped += self.tx_pending
            self._tx = bytearray()
            self._tx_off = 0

    async def _rx_pump(self):
        while True:
            conn, data = await self._rx_char.written()
            if conn is self._conn and data:
                self._rx.put(data)

    async def _tx_pump(self):
        while True:
            conn = self._conn
            if not self.tx_pending or conn is None or not conn.is_connected():
                self._tx_ready.clear()
                await self._tx_ready.wait()
                continue
            size = chunk_size(conn.mtu)
            off = self._tx_off
            piece = bytes(self._tx[off : off + size])
            try:
                self._tx_char.notify(conn, piece)
            except OSError:  # the stack's buffers are full: wait for a connection event to drain them
                self.notify_errors += 1
                await _sleep_ms(_NOTIFY_BACKOFF_MS)
                continue
            if self._conn is not conn:  # the central left while we were sending: _serve dropped the rest
                continue
            self._tx_off = off + len(piece)
            if self._tx_off >= len(self._tx):
                self._tx = bytearray()
                self._tx_off = 0
            elif self._tx_off > 1024:
                self._tx = self._tx[self._tx_off :]
                self._tx_off = 0
            await asyncio.sleep(0)  # let the scanner run between notifications
