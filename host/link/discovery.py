"""Finding tables: USB serial ports by vendor/product id, BLE devices by name prefix or NUS service UUID.

Also the connection-state sentences the companion page shows (asked for in jromang/picochess#150: show
whether the host is searching, connecting or connected, and keep trying).
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from hexmate.host.link.ble import NUS_SERVICE_UUID

BLE_NAME_PREFIX = "hexmate-"

# USB vendor id -> maker; vendor ids whose every product may be a table.
BOARD_VENDORS: Mapping[int, str] = {
    0x2E8A: "Raspberry Pi (RP2040/RP2350)",
    0x303A: "Espressif (ESP32-S2/S3/C3 native USB)",
}
# (vendor id, product id) -> bridge: USB-UART chips on common ESP32 dev boards.
UART_BRIDGES: Mapping[tuple[int, int], str] = {
    (0x10C4, 0xEA60): "Silicon Labs CP210x",
    (0x1A86, 0x7523): "WCH CH340",
    (0x1A86, 0x55D4): "WCH CH9102",
    (0x0403, 0x6001): "FTDI FT232R",
    (0x0403, 0x6015): "FTDI FT231X",
}


@dataclass(frozen=True)
class Candidate:
    """A device that may be a table: ``kind`` is 'serial' or 'ble'; ``target`` is what the link opens."""

    kind: str
    target: str
    label: str
    # Native boards (Pico, ESP32 USB) rank before generic UART bridges, which may be anything.
    rank: int = 0
    rssi: int | None = None

    def describe(self) -> str:
        if self.kind == "serial":
            return f"{self.target} ({self.label})"
        signal = f", {self.rssi} dBm" if self.rssi is not None else ""
        return f"BLE {self.label} ({self.target}{signal})"


def serial_candidates(ports: Iterable[Any] | None = None) -> list[Candidate]:
    """USB serial ports whose VID/PID belong to a supported board, best first.

    ``ports`` defaults to ``serial.tools.list_ports.comports()``; each item needs ``device``, ``vid``,
    ``pid`` and optionally ``description``.
    """
    if ports is None:
        # imported by name: pyserial ships no type stubs, and only this call is needed
        ports = importlib.import_module("serial.tools.list_ports").comports()
    found: list[Candidate] = []
    for port in ports:
        vid, pid = getattr(port, "vid", None), getattr(port, "pid", None)
        if vid is None:
            continue
        if vid in BOARD_VENDORS:
            found.append(Candidate("serial", port.device, BOARD_VENDORS[vid], rank=0))
        elif pid is not None and (vid, pid) in UART_BRIDGES:
            found.append(Candidate("serial", port.device, f"USB-UART {UART_BRIDGES[(vid, pid)]}", rank=1))
    return sorted(found, key=lambda c: (c.rank, c.target))


# () -> {address: (device, advertisement)}, like BleakScanner.discover(return_adv=True).
BleScan = Callable[[float], Awaitable[Mapping[str, tuple[Any, Any]]]]


async def ble_candidates(scan: BleScan | None = None, timeout_s: float = 5.0) -> list[Candidate]:
    """Advertising tables: name starting 'hexmate-' or the NUS service UUID advertised; strongest first."""
    if scan is None:
        scan = _bleak_scan
    found: list[Candidate] = []
    for address, (device, adv) in (await scan(timeout_s)).items():
        name = getattr(adv, "local_name", None) or getattr(device, "name", None) or ""
        uuids = {str(u).lower() for u in (getattr(adv, "service_uuids", None) or ())}
        if name.startswith(BLE_NAME_PREFIX) or NUS_SERVICE_UUID in uuids:
            rank = 0 if name.startswith(BLE_NAME_PREFIX) else 1
            found.append(
                Candidate("ble", address, name or "unnamed NUS device", rank, getattr(adv, "rssi", None))
            )
    return sorted(found, key=lambda c: (c.rank, -(c.rssi if c.rssi is not None else -999), c.target))


async def _bleak_scan(timeout_s: float) -> Mapping[str, tuple[Any, Any]]:
    from bleak import BleakScanner

    result: Mapping[str, tuple[Any, Any]] = await BleakScanner.discover(timeout=timeout_s, return_adv=True)
    return result


class LinkState(enum.Enum):
    """What the link is doing, for the page and the log."""

    SEARCHING = "searching"
    CONNECTING = "connecting"
    CONNECTED = "connected"
    LOST = "lost"
    NOT_FOUND = "not found"


def describe_state(
    state: LinkState, device: str | None = None, detail: str = "", retry_s: float | None = None
) -> str:
    """One sentence for the page, e.g. 'Connection lost to BLE hexmate-1a2b: out of range. Retrying in 2 s.'

    >>> describe_state(LinkState.CONNECTED, "/dev/ttyACM0")
    'Connected to /dev/ttyACM0.'
    """
    where = device or "the table"
    retry = f" Retrying in {retry_s:g} s." if retry_s is not None else ""
    why = f": {detail}" if detail else ""
    if state is LinkState.SEARCHING:
        return f"Searching for a table (USB and Bluetooth){why}.{retry}"
    if state is LinkState.CONNECTING:
        return f"Connecting to {where}{why}."
    if state is LinkState.CONNECTED:
        return f"Connected to {where}{why}."
    if state is LinkState.LOST:
        return f"Connection lost to {where}{why}.{retry}"
    return f"No table found{why}. Plug it in by USB or switch it on for Bluetooth.{retry}"
