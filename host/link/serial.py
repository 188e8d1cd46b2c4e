"""SerialLink: a USB-serial (CDC ACM) or pty table link on pyserial, driven by the asyncio loop.

The port is opened non-blocking and watched with ``loop.add_reader``, so bytes reach the protocol on the
event loop thread without a helper thread. A port that vanishes (USB unplugged, pty master closed) shows as a
read error or end-of-file and is reported once through ``on_lost``.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os

import serial
from hexmate.host.link.base import Link, LinkError, LinkUnavailable

LOGGER = logging.getLogger(__name__)

_READ_CHUNK = 4096


class SerialLink(Link):
    """One serial port, e.g. ``SerialLink("/dev/ttyACM0")``; ``connect`` may be called again after a loss."""

    def __init__(self, port: str, baudrate: int = 115200) -> None:
        super().__init__()
        self.port = port
        self.baudrate = baudrate
        self._serial: serial.Serial | None = None
        self._fd = -1
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def name(self) -> str:
        return self.port

    async def connect(self) -> None:
        if self._serial is not None:
            return
        if not os.path.exists(self.port):
            raise LinkUnavailable(f"serial port {self.port} not found (is the table plugged in?)")
        try:
            ser = serial.Serial(self.port, self.baudrate, timeout=0, write_timeout=0, exclusive=True)
        except serial.SerialException as e:
            raise LinkUnavailable(_explain(self.port, e)) from None
        except OSError as e:
            raise LinkUnavailable(f"serial port {self.port}: {e.strerror or e}") from None
        self._serial = ser
        self._fd = ser.fileno()
        os.set_blocking(self._fd, False)
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(self._fd, self._readable)
        LOGGER.debug("opened %s", self.port)

    def _readable(self) -> None:
        try:
            data = os.read(self._fd, _READ_CHUNK)
        except BlockingIOError:
            return
        except OSError as e:
            self._drop(f"serial port {self.port} vanished ({e.strerror or e})")
            return
        if not data:
            self._drop(f"serial port {self.port} vanished (end of file)")
            return
        self.on_bytes(data)

    async def send(self, data: bytes) -> None:
        if self._serial is None:
            raise LinkError(f"serial port {self.port} is not open")
        view = memoryview(data)
        while view:
            try:
                n = os.write(self._fd, view)
            except BlockingIOError:
                await asyncio.sleep(0.001)
                continue
            except OSError as e:
                reason = f"serial port {self.port} vanished ({e.strerror or e})"
                self._drop(reason)
                raise LinkError(reason) from None
            view = view[n:]

    def write_now(self, data: bytes) -> int:
        """Write what the port takes without waiting (the protocol's fast path); LinkError if it is gone."""
        if self._serial is None:
            raise LinkError(f"serial port {self.port} is not open")
        try:
            return os.write(self._fd, data)
        except BlockingIOError:
            return 0
        except OSError as e:
            reason = f"serial port {self.port} vanished ({e.strerror or e})"
            self._drop(reason)
            raise LinkError(reason) from None

    def _drop(self, reason: str) -> None:
        if self._serial is None:
            return
        self._release()
        LOGGER.warning("%s", reason)
        self.on_lost(reason)

    def _release(self) -> None:
        ser, self._serial = self._serial, None
        if self._loop is not None and self._fd >= 0:
            self._loop.remove_reader(self._fd)
        self._fd = -1
        if ser is not None:
            with contextlib.suppress(OSError, serial.SerialException):  # the device may already be gone
                ser.close()

    async def close(self) -> None:
        self._release()


def _explain(port: str, err: serial.SerialException) -> str:
    code = err.errno if isinstance(err.errno, int) else None
    text = str(err)
    lowered = text.lower()
    if code in (errno.EBUSY, errno.EAGAIN, errno.EWOULDBLOCK) or "lock" in lowered or "busy" in lowered:
        return f"serial port {port} is busy (another program has it open)"
    if code == errno.EACCES:
        return f"serial port {port}: permission denied (add yourself to the dialout group)"
    if code == errno.ENOENT:
        return f"serial port {port} not found (is the table plugged in?)"
    return f"serial port {port} cannot be opened: {text}"
