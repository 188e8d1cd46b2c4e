"""The abstract link every transport implements (after bleak's backends): connect, send, close, a callback.

A link moves raw bytes only. Framing, CRC, sequence numbers and resends live in hexmate.host.protocol, so
every transport carries exactly the same frames.
"""

from __future__ import annotations

import abc
from collections.abc import Callable

BytesCallback = Callable[[bytes], None]
LostCallback = Callable[[str], None]


class LinkError(Exception):
    """Root of transport errors; the message names the device (port path, BLE name or address)."""


class LinkUnavailable(LinkError):
    """The device is missing, busy or refused the connection; retrying later may succeed."""


class Link(abc.ABC):
    """One connection to one table.

    ``on_bytes`` is called from the event loop with every chunk received; ``on_lost`` once, with a
    human-readable reason, when the connection drops without ``close()`` having been called.
    """

    def __init__(self) -> None:
        self.on_bytes: BytesCallback = lambda data: None
        self.on_lost: LostCallback = lambda reason: None

    @property
    @abc.abstractmethod
    def name(self) -> str:
        """What the player sees: '/dev/ttyACM0', 'BLE hexmate-1a2b (AA:BB:..)', 'emulated table'."""

    @abc.abstractmethod
    async def connect(self) -> None:
        """Open the connection; raise LinkUnavailable with a clear message if it cannot be opened."""

    @abc.abstractmethod
    async def send(self, data: bytes) -> None:
        """Write bytes; raise LinkError if the connection is gone."""

    @abc.abstractmethod
    async def close(self) -> None:
        """Close the connection; idempotent; does not call on_lost."""
