"""Discovery and link choice; fakes at pyserial's list_ports and bleak's BleakScanner.discover boundaries."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hexmate.host.link.base import LinkUnavailable
from hexmate.host.link.ble import NUS_SERVICE_UUID, BleLink
from hexmate.host.link.discovery import LinkState, ble_candidates, describe_state, serial_candidates
from hexmate.host.link.factory import LinkChoice, choose_link, open_link


@dataclass
class Port:  # the attributes of serial.tools.list_ports_common.ListPortInfo we read
    device: str
    vid: int | None
    pid: int | None
    description: str = ""


@dataclass
class Device:
    address: str
    name: str | None


@dataclass
class Adv:  # the fields of bleak's AdvertisementData we read
    local_name: str | None
    service_uuids: list[str]
    rssi: int


PORTS = [
    Port("/dev/ttyS0", None, None),
    Port("/dev/ttyUSB0", 0x1A86, 0x7523),  # CH340 bridge
    Port("/dev/ttyACM1", 0x2E8A, 0x0005),  # Pico running MicroPython
    Port("/dev/ttyACM0", 0x046D, 0xC52B),  # a mouse receiver: not a table
]


def scan_result() -> dict[str, tuple[Device, Adv]]:
    return {
        "AA:00:00:00:00:01": (Device("AA:00:00:00:00:01", "speaker"), Adv("speaker", [], -40)),
        "AA:00:00:00:00:02": (Device("AA:00:00:00:00:02", None), Adv("hexmate-weak", [], -90)),
        "AA:00:00:00:00:03": (
            Device("AA:00:00:00:00:03", None),
            Adv("hexmate-near", [NUS_SERVICE_UUID], -50),
        ),
        "AA:00:00:00:00:04": (Device("AA:00:00:00:00:04", None), Adv(None, [NUS_SERVICE_UUID.upper()], -30)),
    }


async def fake_scan(timeout_s: float) -> dict[str, tuple[Device, Adv]]:
    return scan_result()


async def empty_scan(timeout_s: float) -> dict[str, tuple[Device, Adv]]:
    return {}


def test_serial_candidates_by_vid_pid_native_first() -> None:
    found = serial_candidates(PORTS)
    assert [c.target for c in found] == ["/dev/ttyACM1", "/dev/ttyUSB0"]
    assert "Raspberry Pi" in found[0].label
    assert "CH340" in found[1].label


async def test_ble_candidates_by_prefix_or_nus_strongest_named_first() -> None:
    found = await ble_candidates(fake_scan)
    assert [c.target for c in found] == ["AA:00:00:00:00:03", "AA:00:00:00:00:02", "AA:00:00:00:00:04"]
    assert found[2].label == "unnamed NUS device"
    assert found[0].describe() == "BLE hexmate-near (AA:00:00:00:00:03, -50 dBm)"


async def test_choose_link_explicit_options_win() -> None:
    assert (await choose_link(port="/dev/ttyX")).kind == "serial"
    assert (await choose_link(ble="hexmate-1a2b")).target == "hexmate-1a2b"
    assert (await choose_link(emulated=True)).kind == "emulated"
    with pytest.raises(LinkUnavailable, match="choose one of --port, --ble"):
        await choose_link(port="/dev/ttyX", ble="hexmate-1")


async def test_choose_link_prefers_usb_then_ble() -> None:
    usb = await choose_link(serial_ports=PORTS, ble_scan=fake_scan)
    assert (usb.kind, usb.target) == ("serial", "/dev/ttyACM1")
    radio = await choose_link(serial_ports=[], ble_scan=fake_scan)
    assert (radio.kind, radio.target) == ("ble", "AA:00:00:00:00:03")
    assert isinstance(open_link(radio), BleLink)


async def test_choose_link_nothing_found_says_what_was_searched() -> None:
    with pytest.raises(LinkUnavailable, match="no table found: no USB serial port"):
        await choose_link(serial_ports=[], ble_scan=empty_scan, scan_timeout_s=1)

    async def no_adapter(timeout_s: float) -> Any:
        raise OSError("No Bluetooth adapters found.")

    with pytest.raises(LinkUnavailable, match="Bluetooth scanning failed"):
        await choose_link(serial_ports=[], ble_scan=no_adapter)


def test_state_sentences() -> None:
    assert describe_state(LinkState.SEARCHING) == "Searching for a table (USB and Bluetooth)."
    assert (
        describe_state(LinkState.LOST, "BLE hexmate-1a2b", "out of range", retry_s=2)
        == "Connection lost to BLE hexmate-1a2b: out of range. Retrying in 2 s."
    )
    assert describe_state(LinkState.NOT_FOUND).startswith("No table found.")


def test_open_link_for_emulated_needs_the_pty() -> None:
    with pytest.raises(LinkUnavailable, match="emulated table must be started first"):
        open_link(LinkChoice("emulated", "", "given by --emulated"))


async def test_hexmate_run_without_port_or_ble_discovers_usb_then_ble() -> None:
    from hexmate.host.commands.run import pick_link
    from hexmate.host.link.serial import SerialLink

    usb = await pick_link(None, None, serial_ports=PORTS, ble_scan=fake_scan)
    assert isinstance(usb, SerialLink) and usb.port == "/dev/ttyACM1"
    radio = await pick_link(None, None, serial_ports=[], ble_scan=fake_scan)
    assert isinstance(radio, BleLink) and radio.name == "BLE AA:00:00:00:00:03"
    given = await pick_link("/dev/ttyX", None, serial_ports=PORTS, ble_scan=fake_scan)
    assert isinstance(given, SerialLink) and given.port == "/dev/ttyX"
    with pytest.raises(LinkUnavailable, match="no table found"):
        await pick_link(None, None, serial_ports=[], ble_scan=empty_scan)
