"""Typed events decoded from the table's frames, and the LED state the host asks the table to show."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import NamedTuple

from hexmate.firmware import wire


class ConnState(enum.Enum):
    """Where the link to the table stands; always published so every page can show it."""

    CONNECTING = "connecting"  # opening the port (or waiting to retry)
    SYNCING = "syncing"  # port open, SYNC sent, waiting for HELLO
    LIVE = "live"  # HELLO received; frames flow and are acknowledged
    SILENT = "silent"  # nothing heard for the silence timeout; SYNC re-sent
    LOST = "lost"  # the port vanished or could not be opened; retrying with backoff


class Led(NamedTuple):
    """One cell's LED command: colour, pattern (wire.SOLID/BLINK/PULSE/SEQUENCE) and period."""

    r: int
    g: int
    b: int
    pattern: int = wire.SOLID
    period_10ms: int = 0

    def css(self) -> str:
        return f"#{self.r:02x}{self.g:02x}{self.b:02x}"


OFF = Led(0, 0, 0)


def uid_hex(uid: bytes) -> str:
    """Tag UIDs travel as bytes and are named by upper-case hex strings everywhere on the host."""
    return uid.hex().upper()


@dataclass(frozen=True)
class Hello:
    board: str
    firmware: str
    n_cells: int
    n_leds: int
    caps: int
    next_seq: int

    @property
    def emulated(self) -> bool:
        return bool(self.caps & wire.CAP_EMULATED)


@dataclass(frozen=True)
class CellChanged:
    scan: int
    cell: int
    state: int  # wire.EMPTY / TAGS / UNCERTAIN
    t_ms: int
    uids: tuple[str, ...]


@dataclass(frozen=True)
class SnapshotEntry:
    cell: int
    state: int
    uids: tuple[str, ...]


@dataclass(frozen=True)
class Snapshot:
    """A whole board reading, reassembled from its parts; it supersedes every earlier CellChanged."""

    scan: int
    entries: tuple[SnapshotEntry, ...]


@dataclass(frozen=True)
class DiceRolled:
    request: int
    button: int
    t_ms: int
    values: tuple[int, ...]
    auth: tuple[int, int, bytes] | None = None  # (epoch, counter, HMAC) from a keyed board (rollauth.py)


@dataclass(frozen=True)
class ButtonEdge:
    button: int
    pressed: bool
    t_ms: int


@dataclass(frozen=True)
class Fault:
    cell: int
    code: int


@dataclass(frozen=True)
class FirmwareLog:
    level: int
    text: str


@dataclass(frozen=True)
class Heartbeat:
    uptime_ms: int
    scans: int
    counters: tuple[int, ...] = ()


@dataclass(frozen=True)
class StateChanged:
    """The connection state moved; ``detail`` is one human sentence (names the port)."""

    state: ConnState
    detail: str


TableMessage = (
    Hello | CellChanged | Snapshot | DiceRolled | ButtonEdge | Fault | FirmwareLog | Heartbeat | StateChanged
)


@dataclass
class Counters:
    """Link health figures shown on the page and asserted by the bad-input tests."""

    frames_in: int = 0
    frames_out: int = 0
    malformed: int = 0  # undecodable frames: COBS damage, truncation, oversize, bad payloads
    crc_errors: int = 0
    resends: int = 0
    duplicates: int = 0
    out_of_order: int = 0
    syncs_sent: int = 0
    hellos: int = 0
    reconnects: int = 0
    last_error: str = ""
    extra: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        return {
            "frames_in": self.frames_in, "frames_out": self.frames_out, "malformed": self.malformed,
            "crc_errors": self.crc_errors, "resends": self.resends, "duplicates": self.duplicates,
            "out_of_order": self.out_of_order, "syncs_sent": self.syncs_sent, "hellos": self.hellos,
            "reconnects": self.reconnects, "last_error": self.last_error,
        }
