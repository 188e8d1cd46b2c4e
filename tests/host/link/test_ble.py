"""BleLink against a fake at bleak's BleakClient API boundary (no Bluetooth radio exists in CI).

FakeBleakClient has BleakClient's method names and signatures (connect, disconnect, start_notify,
write_gatt_char, mtu_size, is_connected, disconnected_callback) and records what the link does with it.
Frames are real wire frames from hexmate.firmware.wire, so reassembly is checked with the real Deframer.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from typing import Any, ClassVar

import pytest
from hexmate.firmware import wire
from hexmate.host.link.base import LinkError, LinkUnavailable
from hexmate.host.link.ble import NUS_RX_UUID, NUS_TX_UUID, BleLink, explain_bleak_error, is_address


class FakeDevice:
    def __init__(self, name: str, address: str) -> None:
        self.name = name
        self.address = address


class FakeBleakClient:
    """Stands in for bleak.BleakClient: same constructor and coroutine signatures, scripted behaviour."""

    instances: ClassVar[list[FakeBleakClient]] = []

    def __init__(
        self,
        address_or_ble_device: Any,
        disconnected_callback: Callable[[Any], None] | None = None,
        *,
        mtu: int = 23,
        fail_connect: BaseException | None = None,
    ) -> None:
        self.device = address_or_ble_device
        self.disconnected_callback = disconnected_callback
        self._mtu = mtu
        self._connected = False
        self.fail_connect = fail_connect
        self.writes: list[tuple[str, bytes, bool | None]] = []
        self.notify: dict[str, Callable[[Any, bytearray], None]] = {}
        self.disconnect_calls = 0
        self.fail_write: BaseException | None = None
        FakeBleakClient.instances.append(self)

    @property
    def is_connected(self) -> bool:
        return self._connected

    @property
    def mtu_size(self) -> int:
        return self._mtu

    async def connect(self, **kwargs: Any) -> None:
        if self.fail_connect is not None:
            raise self.fail_connect
        self._connected = True

    async def disconnect(self) -> None:
        self.disconnect_calls += 1
        was = self._connected
        self._connected = False
        if was and self.disconnected_callback:
            self.disconnected_callback(self)  # bleak calls it on a requested disconnect too

    async def start_notify(self, char_specifier: Any, callback: Callable[[Any, bytearray], None]) -> None:
        self.notify[str(char_specifier)] = callback

    async def write_gatt_char(self, char_specifier: Any, data: bytes, response: bool | None = None) -> None:
        if self.fail_write is not None:
            raise self.fail_write
        self.writes.append((str(char_specifier), bytes(data), response))

    # test helpers: what the board would do
    def board_notifies(self, data: bytes) -> None:
        self.notify[NUS_TX_UUID](object(), bytearray(data))

    def board_drops(self) -> None:
        self._connected = False
        assert self.disconnected_callback is not None
        self.disconnected_callback(self)


def factory(mtu: int = 23, fail_connect: BaseException | None = None) -> Callable[..., FakeBleakClient]:
    def make(device: Any, disconnected_callback: Callable[[Any], None]) -> FakeBleakClient:
        return FakeBleakClient(device, disconnected_callback, mtu=mtu, fail_connect=fail_connect)

    return make


async def found(name: str, timeout_s: float) -> FakeDevice | None:
    return FakeDevice(name, "AA:BB:CC:DD:EE:01") if name == "hexmate-1a2b" else None


def frames(n: int) -> list[bytes]:
    return [
        wire.encode_frame(wire.CELL, i + 1, wire.pack_cell(i, i, wire.TAGS, 1000 + i, [bytes(7)]))
        for i in range(n)
    ]


async def connected_link(mtu: int = 23) -> tuple[BleLink, FakeBleakClient, list[bytes], list[str]]:
    link = BleLink("hexmate-1a2b", client_factory=factory(mtu), finder=found)
    got: list[bytes] = []
    lost: list[str] = []
    link.on_bytes = got.append
    link.on_lost = lost.append
    await link.connect()
    return link, FakeBleakClient.instances[-1], got, lost


async def test_connect_by_name_resolves_device_and_subscribes_to_tx() -> None:
    link, client, _, _ = await connected_link()
    assert isinstance(client.device, FakeDevice)
    assert NUS_TX_UUID in client.notify
    assert link.name == "BLE hexmate-1a2b (AA:BB:CC:DD:EE:01)"


@pytest.mark.parametrize("mtu, expected", [(23, 20), (185, 182), (247, 244)])
async def test_writes_are_chunked_to_negotiated_mtu(mtu: int, expected: int) -> None:
    link, client, _, _ = await connected_link(mtu)
    payload = bytes(range(256)) * 3
    await link.send(payload)
    sizes = [len(data) for _, data, _ in client.writes]
    assert all(char == NUS_RX_UUID for char, _, _ in client.writes)
    assert max(sizes) == expected
    assert all(s == expected for s in sizes[:-1])
    assert b"".join(data for _, data, _ in client.writes) == payload


async def test_concurrent_sends_do_not_interleave_chunks() -> None:
    link, client, _, _ = await connected_link()
    a, b = b"A" * 50, b"B" * 50
    await asyncio.gather(link.send(a), link.send(b))
    joined = b"".join(data for _, data, _ in client.writes)
    assert joined in (a + b, b + a)


async def test_notification_fragments_are_reassembled_into_whole_frames() -> None:
    _, client, got, _ = await connected_link()
    stream = b"".join(frames(3))
    # Split at awkward places: inside frames, exactly at delimiters, single bytes.
    cuts = [0, 1, 7, 8, 19, 20, 21, 40, len(stream)]
    for lo, hi in itertools.pairwise(cuts):
        client.board_notifies(stream[lo:hi])
    assert b"".join(got) == stream
    assert all(chunk.endswith(b"\x00") for chunk in got)
    deframer = wire.Deframer()
    decoded = [d for chunk in got for d in deframer.feed(chunk)]
    assert [seq for _, seq, _ in decoded] == [1, 2, 3]


async def test_disconnect_mid_frame_drops_partial_and_reports_lost_once() -> None:
    link, client, got, lost = await connected_link()
    first, second = frames(2)
    client.board_notifies(first + second[:5])
    client.board_drops()
    client.board_drops()  # a second callback from the stack must not report twice
    assert got == [first]
    assert lost == ["BLE hexmate-1a2b (AA:BB:CC:DD:EE:01): Bluetooth connection lost"]
    assert link.dropped_partial_bytes == 5
    with pytest.raises(LinkError, match="not connected"):
        await link.send(b"x")
    # Reconnect: the tail of the old frame is not glued to the new stream.
    await link.connect()
    FakeBleakClient.instances[-1].board_notifies(second)
    deframer = wire.Deframer()
    decoded = [d for chunk in got for d in deframer.feed(chunk)]
    assert [seq for _, seq, _ in decoded] == [1, 2]
    assert deframer.errors == 0


async def test_close_does_not_report_lost_and_is_idempotent() -> None:
    link, client, _, lost = await connected_link()
    await link.close()
    await link.close()
    assert lost == []
    assert client.disconnect_calls == 1


async def test_write_failure_becomes_link_error_naming_device() -> None:
    link, client, _, _ = await connected_link()
    client.fail_write = EOFError()
    with pytest.raises(LinkError, match=r"BLE hexmate-1a2b .*write failed: EOFError"):
        await link.send(b"\x01\x02")


async def test_device_not_found_names_the_device() -> None:
    link = BleLink("hexmate-zzzz", client_factory=factory(), finder=found, scan_timeout_s=2)
    with pytest.raises(LinkUnavailable, match=r"BLE hexmate-zzzz: device not found after scanning 2 s"):
        await link.connect()


async def test_adapter_missing_is_explained() -> None:
    from bleak.exc import BleakError

    link = BleLink(
        "AA:BB:CC:DD:EE:02", client_factory=factory(fail_connect=BleakError("No Bluetooth adapters found."))
    )
    with pytest.raises(LinkUnavailable, match=r"BLE AA:BB:CC:DD:EE:02: no Bluetooth adapter is available"):
        await link.connect()


async def test_address_target_skips_scanning() -> None:
    async def never(name: str, timeout_s: float) -> None:
        raise AssertionError("scanned although an address was given")

    link = BleLink("AA:BB:CC:DD:EE:03", client_factory=factory(), finder=never)
    await link.connect()
    assert FakeBleakClient.instances[-1].device == "AA:BB:CC:DD:EE:03"


async def test_connect_timeout_is_link_unavailable() -> None:
    class Slow(FakeBleakClient):
        async def connect(self, **kwargs: Any) -> None:
            await asyncio.sleep(10)

    link = BleLink(
        "AA:BB:CC:DD:EE:04",
        client_factory=lambda d, disconnected_callback: Slow(d, disconnected_callback),
        connect_timeout_s=0.05,
    )
    with pytest.raises(LinkUnavailable, match=r"no answer within 0\.05 s"):
        await link.connect()


def test_address_detection_and_error_texts() -> None:
    assert is_address("aa:bb:cc:dd:ee:ff")
    assert is_address("12345678-1234-1234-1234-123456789ABC")
    assert not is_address("hexmate-1a2b")
    assert "device not found" in explain_bleak_error(
        RuntimeError("Device with address X was not found"), "BLE X"
    )
    assert explain_bleak_error(RuntimeError("boom"), "BLE X") == "BLE X: Bluetooth error: boom"


async def test_hexmate_run_ble_name_connects_through_the_factory(capsys: pytest.CaptureFixture[str]) -> None:
    from hexmate.host.commands.run import pick_link

    link = await pick_link(None, "hexmate-1a2b", client_factory=factory(), finder=found)
    assert isinstance(link, BleLink)
    assert "hexmate: table           hexmate-1a2b (given by --ble)" in capsys.readouterr().out
    await link.connect()
    client = FakeBleakClient.instances[-1]
    assert isinstance(client.device, FakeDevice) and client.device.name == "hexmate-1a2b"
    assert link.name == "BLE hexmate-1a2b (AA:BB:CC:DD:EE:01)"
    await link.close()


async def test_hexmate_run_ble_address_needs_no_scan() -> None:
    from hexmate.host.commands.run import pick_link

    async def no_scan(name: str, timeout_s: float) -> FakeDevice | None:
        raise AssertionError("an address is connected to directly, never scanned for")

    link = await pick_link(None, "AA:BB:CC:DD:EE:02", client_factory=factory(), finder=no_scan)
    await link.connect()
    assert FakeBleakClient.instances[-1].device == "AA:BB:CC:DD:EE:02"
    await link.close()
