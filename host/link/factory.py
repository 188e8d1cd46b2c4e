"""Choosing the transport (like bleak's backends): --port, --ble NAME|ADDRESS, --emulated or discovery.

``choose_link`` decides *what* to open (a LinkChoice); ``open_link`` builds the Link for it. The serial link
is hexmate.host.link.serial.SerialLink, imported only when chosen. An emulated table is a process the
service starts (hexmate.host.link.emulated.EmulatedTable) and then reaches through a SerialLink on its pty,
so ``open_link`` takes that pty path for kind "emulated".
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from hexmate.host.link.base import Link, LinkUnavailable
from hexmate.host.link.ble import BleLink
from hexmate.host.link.discovery import BleScan, ble_candidates, serial_candidates


@dataclass(frozen=True)
class LinkChoice:
    """``kind`` is 'serial', 'ble' or 'emulated'; ``target`` a port path, BLE name/address or ''."""

    kind: str
    target: str
    reason: str  # why this one: 'given by --port', 'found by USB id (Raspberry Pi ...)'

    def describe(self) -> str:
        if self.kind == "emulated":
            return "emulated table"
        return f"{self.target} ({self.reason})"


async def choose_link(
    port: str | None = None,
    ble: str | None = None,
    emulated: bool = False,
    *,
    serial_ports: Iterable[Any] | None = None,
    ble_scan: BleScan | None = None,
    scan_timeout_s: float = 5.0,
) -> LinkChoice:
    """Explicit options win (--emulated, --port, --ble); otherwise USB first (no pairing), then BLE.

    Raises LinkUnavailable naming what was searched when nothing is found.
    """
    given = [name for name, value in (("--port", port), ("--ble", ble), ("--emulated", emulated)) if value]
    if len(given) > 1:
        raise LinkUnavailable(f"choose one of {', '.join(given)}, not several")
    if emulated:
        return LinkChoice("emulated", "", "given by --emulated")
    if port:
        return LinkChoice("serial", port, "given by --port")
    if ble:
        return LinkChoice("ble", ble, "given by --ble")
    usb = serial_candidates(serial_ports)
    if usb:
        return LinkChoice("serial", usb[0].target, f"found by USB id ({usb[0].label})")
    try:
        radio = await ble_candidates(ble_scan, scan_timeout_s)
    except Exception as exc:  # no adapter, BlueZ not running: report USB-only search result
        raise LinkUnavailable(
            f"no table on USB, and Bluetooth scanning failed ({str(exc) or type(exc).__name__}); "
            "plug the table in or pass --port / --ble"
        ) from exc
    if radio:
        return LinkChoice("ble", radio[0].target, f"found by Bluetooth ({radio[0].label})")
    raise LinkUnavailable(
        f"no table found: no USB serial port with a Pico/ESP32 id and no Bluetooth device named "
        f"'hexmate-...' within {scan_timeout_s:g} s; plug the table in or pass --port / --ble"
    )


def open_link(choice: LinkChoice, **options: Any) -> Link:
    """Build the Link for a choice; ``options`` go to the link class (e.g. baudrate, client_factory)."""
    if choice.kind == "ble":
        return BleLink(choice.target, **options)
    if choice.kind == "serial":
        link: Link = _load("hexmate.host.link.serial", "SerialLink")(choice.target, **options)
        return link
    if choice.kind == "emulated":
        pty = options.pop("port_path", None)
        if not pty:
            raise LinkUnavailable("an emulated table must be started first; pass its pty as port_path")
        emulated: Link = _load("hexmate.host.link.serial", "SerialLink")(pty, **options)
        return emulated
    raise LinkUnavailable(f"unknown link kind {choice.kind!r}")


def _load(module: str, name: str) -> Any:
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        raise LinkUnavailable(f"{module}.{name} is not available in this build: {exc}") from exc
