"""Board keys: the per-board secret a board gets when it is flashed (``hexmate firmware provision``), which it
uses to authenticate every roll (firmware/rollauth.py). The same file format on the board and on the host:
line 1 the board id, line 2 the key as 64 hex digits. The host keeps a copy in ``$XDG_DATA_HOME/hexmate/keys``
for the tournament director, who checks records with ``hexmate record verify FILE --board-key KEY``."""

from __future__ import annotations

import contextlib
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from hexmate.firmware import rollauth


class BoardKeyError(Exception):
    """A key file is missing or malformed; the message names the file."""


@dataclass(frozen=True)
class BoardKey:
    board_id: str
    key: bytes

    def text(self) -> str:
        return f"{self.board_id}\n{self.key.hex()}\n"


def new_key(board_id: str | None = None) -> BoardKey:
    return BoardKey(board_id or f"hm-{secrets.token_hex(4)}", secrets.token_bytes(32))


def keys_dir() -> Path:
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "hexmate" / "keys"


def write_key(path: Path, key: BoardKey) -> None:
    """Write a key file readable by its owner only (never overwriting one: a board keeps its key)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise BoardKeyError(f"key file {path} already exists; a board keeps its key") from None
    with os.fdopen(fd, "w") as f:
        f.write(key.text())


def read_key(path: str | Path) -> BoardKey:
    try:
        got = rollauth.read_key(str(path))
    except ValueError as e:
        raise BoardKeyError(str(e)) from None
    if got is None:
        raise BoardKeyError(f"key file {path} cannot be read")
    return BoardKey(got[0], got[1])


def emulated_key(board: str) -> Path:
    """The emulated board's key file (its simulated filesystem's ``hexmate.key``), made on first use, as
    flashing a real board would: one per emulated board name on this machine."""
    path = keys_dir() / f"emulated-{board}.key"
    if not path.exists():
        with contextlib.suppress(BoardKeyError):  # made meanwhile by another host on this machine
            write_key(path, new_key(f"emu-{board}-{secrets.token_hex(3)}"))
    return path
