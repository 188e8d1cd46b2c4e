"""The service's outputs: everything the loop decides leaves through one interface, ``Output.send``.

The loop emits messages; each output takes the kinds it consumes and ignores the rest, each with its own
queue or buffer so a slow one never holds the loop: the LED frame goes to the table (``TableConnection``
keeps the diff and the resend queue), page messages fan out to every WebSocket client (the newest state
wins over a backlog), record entries are appended to the hash-chained record at once and committed (synced)
before anything leaves the host, and what the narrator says (``Narration``) is there for speech (espeak-ng)
to take next.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from hexmate.host.protocol import Led, TableConnection
from hexmate.host.record import Record
from hexmate.host.service.narrator import Notice
from hexmate.host.table.calibration import Calibration
from hexmate.host.table.views import Light, wire_entries
from hexmate.rules.hexes import Hex

_CLIENT_QUEUE = 64


@dataclass(frozen=True)
class LedFrame:
    """The whole LED picture (hex -> light); hexes not in it are dark."""

    lights: Mapping[Hex, Light]


@dataclass(frozen=True)
class PageMessage:
    """A JSON message for the page clients (a ``view``, ``table``, ``board`` message): every client, or
    only those of one (audience, language), as a view for one side must reach that side's pages only."""

    body: dict[str, Any]
    audience: tuple[str, str] | None = None
    host_only: bool = False  # the virtual table's messages name every tag on every cell: the host page's


@dataclass(frozen=True)
class RecordEntry:
    kind: str
    data: Any


@dataclass(frozen=True)
class Narration:
    """What the narrator said to one audience (``shared`` or a side), for speech."""

    audience: str
    level: str  # a notice's level, or "prompt" for what to do now
    text: str
    notice: Notice | None = None  # the key and facts, for speech in another language


Message = LedFrame | PageMessage | RecordEntry | Narration


class Output(Protocol):
    def send(self, message: Message) -> None: ...


class LedOutput:
    """The table's LEDs: hexes to cells through the calibration, then the connection's diffed frame."""

    def __init__(self, conn: TableConnection, calibration: Calibration) -> None:
        self.conn = conn
        self.calibration = calibration
        self._last: tuple[Mapping[Hex, Light], Calibration] | None = None  # the picture the table was given

    def send(self, message: Message) -> None:
        if not isinstance(message, LedFrame):
            return
        if self._last is not None and self._last[1] is self.calibration and self._last[0] == message.lights:
            return  # the same picture (most sensor events change no light): the connection already has it
        self._last = (message.lights, self.calibration)
        frame: dict[int, Led] = {}
        for cell, r, g, b, pattern, period in wire_entries(message.lights, self.calibration):
            frame[cell] = Led(r, g, b, pattern, period)
        self.conn.set_leds(frame)


class PageOutput:
    """Every connected page: one bounded queue per client, each with its audience (``shared`` or a side)
    and language."""

    def __init__(self) -> None:
        self._clients: dict[asyncio.Queue[dict[str, Any]], tuple[str, str]] = {}
        self._hosts: set[asyncio.Queue[dict[str, Any]]] = set()
        self.before_send: Callable[[], None] = lambda: None  # the record's commit: write-ahead

    def subscribe(self, audience: str = "shared", lang: str = "en", *,
                  host: bool = True) -> asyncio.Queue[dict[str, Any]]:
        q: asyncio.Queue[dict[str, Any]] = asyncio.Queue(_CLIENT_QUEUE)
        self._clients[q] = (audience, lang)
        if host:
            self._hosts.add(q)
        return q

    def unsubscribe(self, q: asyncio.Queue[dict[str, Any]]) -> None:
        self._clients.pop(q, None)
        self._hosts.discard(q)

    def audiences(self) -> list[tuple[str, str]]:
        """The (audience, language) pairs some page is connected with; the shared English view always, for
        the HTTP API and the record's readers."""
        return sorted({("shared", "en"), *self._clients.values()})

    @property
    def clients(self) -> int:
        return len(self._clients)

    def send(self, message: Message) -> None:
        if not isinstance(message, PageMessage):
            return
        if self._clients:
            self.before_send()
        for q, key in list(self._clients.items()):
            if message.audience is not None and key != message.audience:
                continue
            if message.host_only and q not in self._hosts:
                continue
            if q.full():  # a slow page gets the newest state, not a backlog
                with contextlib.suppress(asyncio.QueueEmpty):
                    q.get_nowait()
            q.put_nowait(message.body)


class RecordOutput:
    """The game record: each entry appended at once, in order (buffered); ``commit`` makes them durable. The
    service commits before anything leaves the host (ACK, LED frame, page), so the record is write-ahead."""

    def __init__(self, record: Record | None) -> None:
        self.record = record
        self._closed = asyncio.Event()

    def send(self, message: Message) -> None:
        if isinstance(message, RecordEntry) and self.record is not None and not self._closed.is_set():
            self.record.append(message.kind, message.data)

    def commit(self) -> None:
        if self.record is not None:
            self.record.commit()

    def close(self) -> None:
        if self.record is not None and not self._closed.is_set():
            self.record.close()
        self._closed.set()

    async def run(self) -> None:
        await self._closed.wait()


__all__ = ["LedFrame", "LedOutput", "Message", "Narration", "Output", "PageMessage", "PageOutput",
           "RecordEntry", "RecordOutput"]
