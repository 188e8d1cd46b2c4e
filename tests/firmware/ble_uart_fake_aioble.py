# Fake of aioble's peripheral API (and bluetooth.UUID), for testing firmware/ble_uart.py without a radio.
#
# This fakes aioble at its public API boundary only: Service, Characteristic(written/notify),
# register_services, config, advertise and the DeviceConnection methods BleUart calls (is_connected, mtu,
# exchange_mtu, disconnected). The fake plays the central too: connect(), write(), drop(). It checks what a
# real stack would refuse (a notification longer than MTU-3, notifying a closed connection) and can refuse
# notifications with OSError like NimBLE does when its buffers are full. Runs on CPython and on the
# MicroPython unix port (no typing, no dataclasses).

import asyncio


class UUID:
    def __init__(self, value):
        self.value = value.upper()

    def __eq__(self, other):
        return isinstance(other, UUID) and other.value == self.value

    def __repr__(self):
        return "UUID(" + repr(self.value) + ")"


class FakeBluetooth:
    UUID = UUID


class FakeConnection:
    """A connected central. mtu stays None until exchange_mtu() agrees on min(ours, the central's)."""

    def __init__(self, central_mtu=23, refuse_mtu=False):
        self.central_mtu = central_mtu
        self.refuse_mtu = refuse_mtu
        self.mtu = None
        self._connected = True
        self._gone = asyncio.Event()
        self.notified = []  # payloads of notifications received by this central, in order

    def is_connected(self):
        return self._connected

    async def exchange_mtu(self, mtu=None, timeout_ms=1000):
        if self.refuse_mtu:
            raise ValueError("central refused the MTU exchange")
        self.mtu = min(mtu or 23, self.central_mtu)

    async def disconnected(self, timeout_ms=60000, disconnect=False):
        await self._gone.wait()

    def drop(self):
        self._connected = False
        self._gone.set()

    def received(self):
        return b"".join(self.notified)


class Service:
    def __init__(self, uuid):
        self.uuid = uuid
        self.characteristics = []


class Characteristic:
    def __init__(self, service, uuid, read=False, write=False, write_no_response=False, notify=False,
                 indicate=False, initial=None, capture=False):
        self.uuid = uuid
        self.flags = {"read": read, "write": write, "write_no_response": write_no_response,
                      "notify": notify, "indicate": indicate, "capture": capture}
        service.characteristics.append(self)
        self._writes = []
        self._written = asyncio.Event()
        self.refuse_notifications = 0  # the next N notify() calls raise OSError(ENOMEM)
        self.notify_calls = 0

    async def written(self, timeout_ms=None):
        while not self._writes:
            self._written.clear()
            await self._written.wait()
        conn, data = self._writes.pop(0)
        if self.flags["capture"]:
            return conn, data
        return conn

    def notify(self, connection, data=None):
        self.notify_calls += 1
        if not self.flags["notify"]:
            raise AssertionError("notify on a characteristic without the notify flag")
        if not connection.is_connected():
            raise AssertionError("notify on a closed connection")
        if len(data) > (connection.mtu or 23) - 3:
            raise AssertionError(f"notification of {len(data)} bytes exceeds MTU {connection.mtu} - 3")
        if self.refuse_notifications:
            self.refuse_notifications -= 1
            raise OSError(12)
        connection.notified.append(bytes(data))

    def central_write(self, connection, data):
        """The central writes data to this characteristic (one ATT write)."""
        if len(data) > (connection.mtu or 23) - 3:
            raise AssertionError("a central cannot write more than MTU-3 bytes at once")
        self._writes.append((connection, bytes(data)))
        self._written.set()


class FakeAioble:
    """Stands in for the aioble package: BleUart(aioble=FakeAioble(), bluetooth=FakeBluetooth)."""

    Service = Service
    Characteristic = Characteristic

    def __init__(self):
        self.services = []
        self.config_calls = []
        self.adverts = []  # (interval_us, name, services) for every advertise() call
        self._incoming = []
        self._arrived = asyncio.Event()

    def register_services(self, *services):
        self.services.extend(services)

    def config(self, **kwargs):
        self.config_calls.append(kwargs)

    async def advertise(self, interval_us, adv_data=None, resp_data=None, connectable=True,
                        limited_disc=False, br_edr=False, name=None, services=None, appearance=0,
                        manufacturer=None, timeout_ms=None):
        self.adverts.append((interval_us, name, services))
        while not self._incoming:
            self._arrived.clear()
            await self._arrived.wait()
        return self._incoming.pop(0)

    def connect(self, connection):
        """A central connects (answering the current or the next advertisement)."""
        self._incoming.append(connection)
        self._arrived.set()

    def characteristic(self, uuid_text):
        for service in self.services:
            for ch in service.characteristics:
                if ch.uuid.value == uuid_text.upper():
                    return ch
        raise KeyError(uuid_text)
