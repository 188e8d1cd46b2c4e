"""Bluetooth LE link over the Nordic UART Service (NUS), built on bleak's BleakClient.

The table's firmware exposes NUS: the host writes to RX (6E400002) and the board notifies on TX (6E400003).
Writes are cut to the negotiated ATT payload (``mtu_size - 3``; 20 bytes on BlueZ, which cannot report the
real MTU, hbldh/bleak#738). Notifications arrive in arbitrary fragments; this link reassembles them and hands
``on_bytes`` whole wire frames (everything up to and including a 0x00 delimiter), so a frame cut off by a
disconnect is dropped here instead of being glued to the first frame after the reconnect. The reliable
channel above resends whatever was not acknowledged.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from typing import Any, Protocol

from hexmate.host.link.base import Link, LinkError, LinkUnavailable

LOGGER = logging.getLogger(__name__)

NUS_SERVICE_UUID = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
NUS_RX_UUID = "6e400002-b5a3-f393-e0a9-e50e24dcca9e"  # host -> board (write)
NUS_TX_UUID = "6e400003-b5a3-f393-e0a9-e50e24dcca9e"  # board -> host (notify)
ATT_HEADER_BYTES = 3  # opcode + handle: what an ATT write/notify spends of the MTU
DEFAULT_MTU = 23  # the BLE minimum and BlueZ's answer when it cannot read the negotiated value
MAX_PENDING_BYTES = 4096  # a peer that never sends a delimiter is misbehaving; drop and resync

# A MAC address (Linux/Windows) or a CoreBluetooth UUID (macOS) names a device; anything else is a name.
_ADDRESS = re.compile(
    r"^([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$|^[0-9A-Fa-f]{8}-([0-9A-Fa-f]{4}-){3}[0-9A-Fa-f]{12}$"
)


class BleClient(Protocol):
    """The slice of bleak.BleakClient this link uses (tests substitute a fake with the same signatures)."""

    @property
    def is_connected(self) -> bool: ...

    @property
    def mtu_size(self) -> int: ...

    async def connect(self, **kwargs: Any) -> None: ...

    async def disconnect(self) -> None: ...

    async def start_notify(self, char_specifier: Any, callback: Callable[[Any, bytearray], None]) -> None: ...

    async def write_gatt_char(
        self, char_specifier: Any, data: bytes, response: bool | None = None
    ) -> None: ...


# (address or device, disconnected_callback) -> client; bleak.BleakClient fits.
ClientFactory = Callable[..., BleClient]
# (name, timeout_s) -> device object or None; by default BleakScanner.find_device_by_name.
DeviceFinder = Callable[[str, float], Any]


def is_address(target: str) -> bool:
    """True for 'AA:BB:CC:DD:EE:FF' or a macOS device UUID, False for an advertised name."""
    return bool(_ADDRESS.match(target))


def explain_bleak_error(exc: BaseException, device: str) -> str:
    """A player-facing sentence for a bleak failure, naming the device."""
    text = str(exc) or type(exc).__name__
    kind = type(exc).__name__
    lowered = text.lower()
    if (
        kind == "BleakBluetoothNotAvailableError"
        or "no bluetooth adapter" in lowered
        or ("org.bluez" in lowered and "not" in lowered and "found" in lowered)
    ):
        return f"{device}: no Bluetooth adapter is available on this computer ({text})"
    if kind == "BleakDeviceNotFoundError" or "not found" in lowered:
        return f"{device}: device not found; is the table switched on and in range? ({text})"
    return f"{device}: Bluetooth error: {text}"


class BleLink(Link):
    """A table reached over Bluetooth LE (NUS).

    ``target`` is an advertised name ('hexmate-1a2b') or an address. ``client_factory`` and ``finder``
    default to bleak's BleakClient and BleakScanner.find_device_by_name and are replaced in tests.

    >>> link = BleLink("hexmate-1a2b", client_factory=lambda *a, **k: None)
    >>> link.name
    'BLE hexmate-1a2b'
    """

    def __init__(
        self,
        target: str,
        *,
        client_factory: ClientFactory | None = None,
        finder: DeviceFinder | None = None,
        scan_timeout_s: float = 5.0,
        connect_timeout_s: float = 15.0,
    ) -> None:
        super().__init__()
        self._target = target
        self._client_factory = client_factory
        self._finder = finder
        self._scan_timeout_s = scan_timeout_s
        self._connect_timeout_s = connect_timeout_s
        self._client: BleClient | None = None
        self._address: str | None = target if is_address(target) else None
        self._pending = bytearray()
        self._write_lock = asyncio.Lock()
        self._closing = False
        self._lost_reported = False
        self.dropped_partial_bytes = 0  # bytes of unfinished frames discarded at a disconnect

    @property
    def name(self) -> str:
        if self._address and self._address != self._target:
            return f"BLE {self._target} ({self._address})"
        return f"BLE {self._target}"

    @property
    def payload_size(self) -> int:
        """Bytes per write: the negotiated ATT MTU minus the 3-byte ATT header."""
        mtu = self._client.mtu_size if self._client is not None else DEFAULT_MTU
        return max(DEFAULT_MTU, mtu) - ATT_HEADER_BYTES

    async def connect(self) -> None:
        self._closing = False
        self._lost_reported = False
        self._pending.clear()
        device: Any = self._target
        if not is_address(self._target):
            device = await self._find(self._target)
            self._address = str(getattr(device, "address", None) or self._address or "")
            if not self._address:
                self._address = None
        factory = self._client_factory or _bleak_client_factory()
        try:
            client = factory(device, disconnected_callback=self._on_disconnected)
            await asyncio.wait_for(client.connect(), self._connect_timeout_s)
            await client.start_notify(NUS_TX_UUID, self._on_notify)
        except LinkError:
            raise
        except TimeoutError as exc:
            raise LinkUnavailable(
                f"{self.name}: no answer within {self._connect_timeout_s:g} s; is the table in range?"
            ) from exc
        except Exception as exc:  # bleak raises BleakError, OSError, DBus errors: all become one message
            raise LinkUnavailable(explain_bleak_error(exc, self.name)) from exc
        self._client = client
        LOGGER.info("connected to %s (payload %d bytes per write)", self.name, self.payload_size)

    async def _find(self, target: str) -> Any:
        finder = self._finder or _bleak_finder()
        try:
            device = await finder(target, self._scan_timeout_s)
        except Exception as exc:
            raise LinkUnavailable(explain_bleak_error(exc, f"BLE {target}")) from exc
        if device is None:
            raise LinkUnavailable(
                f"BLE {target}: device not found after scanning {self._scan_timeout_s:g} s; "
                "is the table switched on, advertising and not connected to another computer?"
            )
        return device

    async def send(self, data: bytes) -> None:
        client = self._client
        if client is None or not client.is_connected:
            raise LinkError(f"{self.name}: not connected")
        size = self.payload_size
        async with self._write_lock:  # chunks of two frames must not interleave
            for start in range(0, len(data), size):
                chunk = bytes(data[start : start + size])
                try:
                    await client.write_gatt_char(NUS_RX_UUID, chunk, response=False)
                except Exception as exc:  # bleak: BleakError('Not connected'), EOFError (ChessnutPy#8)
                    raise LinkError(f"{self.name}: write failed: {str(exc) or type(exc).__name__}") from exc

    async def close(self) -> None:
        self._closing = True
        client, self._client = self._client, None
        self._drop_partial()
        if client is not None:
            try:
                await client.disconnect()
            except Exception as exc:  # closing must not raise; the device may already be gone
                LOGGER.debug("%s: disconnect raised %r", self.name, exc)

    def _on_notify(self, _characteristic: Any, data: bytearray) -> None:
        self._pending.extend(data)
        end = self._pending.rfind(0)
        if end >= 0:
            whole = bytes(self._pending[: end + 1])
            del self._pending[: end + 1]
            self.on_bytes(whole)
        if len(self._pending) > MAX_PENDING_BYTES:
            LOGGER.warning("%s: %d bytes without a frame delimiter dropped", self.name, len(self._pending))
            self._drop_partial()

    def _drop_partial(self) -> None:
        if self._pending:
            self.dropped_partial_bytes += len(self._pending)
            self._pending.clear()

    def _on_disconnected(self, _client: Any) -> None:
        self._client = None
        self._drop_partial()
        if self._closing or self._lost_reported:
            return
        self._lost_reported = True
        self.on_lost(f"{self.name}: Bluetooth connection lost")


def _bleak_client_factory() -> ClientFactory:
    from bleak import BleakClient

    def make(device: Any, disconnected_callback: Callable[[Any], None]) -> BleClient:
        client: BleClient = BleakClient(device, disconnected_callback=disconnected_callback)
        return client

    return make


def _bleak_finder() -> DeviceFinder:
    from bleak import BleakScanner

    async def find(name: str, timeout_s: float) -> Any:
        return await BleakScanner.find_device_by_name(name, timeout=timeout_s)

    return find
