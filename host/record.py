"""The game record: append-only JSON lines, one per acknowledged table event or game action, hash-chained.

Each line holds ``n`` (0, 1, 2, ...), ``t`` (UTC time), ``kind``, ``data`` and ``prev`` (the previous line's
hash), plus ``hash`` = SHA-256 of the canonical JSON of those five fields. Line 0 is a ``header`` naming the
game, scenario and board. Changing, dropping or reordering any line breaks every hash after it, so a
tournament director can check a record with ``hexmate record verify FILE`` (and compare the head hash the
players noted at the end of the game).

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "game.jsonl")
>>> rec = Record.create(path, {"game": "asl"})
>>> _ = rec.append("move", {"units": ["A1"], "path": ["DA1", "DA2"]})
>>> rec.close()
>>> verify(path).entries
2
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

GENESIS = "0" * 64


class RecordError(Exception):
    """The record cannot be written or does not verify; the message names the file and line."""


def canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def entry_hash(n: int, t: str, kind: str, data: Any, prev: str) -> str:
    body = canonical({"n": n, "t": t, "kind": kind, "data": data, "prev": prev})
    return hashlib.sha256(body.encode()).hexdigest()


class Record:
    """An open record being written; every ``append`` is flushed to disk before it returns."""

    def __init__(self, path: Path, fh: TextIO, n: int, head: str) -> None:
        self.path = path
        self._fh = fh
        self.n = n
        self.head = head
        # Called with each entry (n, t, kind, data, prev, hash) once it is on disk: the hall's publisher.
        self.listeners: list[Callable[[dict[str, Any]], None]] = []

    @classmethod
    def create(cls, path: str | Path, header: dict[str, Any]) -> Record:
        p = Path(path)
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            fh = p.open("x", encoding="utf-8")
        except FileExistsError:
            raise RecordError(f"record {p} already exists; a record is never overwritten") from None
        except OSError as e:
            raise RecordError(f"record {p} cannot be created: {e.strerror or e}") from None
        rec = cls(p, fh, 0, GENESIS)
        rec.append("header", header)
        return rec

    def append(self, kind: str, data: Any) -> str:
        t = datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")
        h = entry_hash(self.n, t, kind, data, self.head)
        entry = {"n": self.n, "t": t, "kind": kind, "data": data, "prev": self.head, "hash": h}
        self._fh.write(canonical(entry) + "\n")
        self._fh.flush()
        self.n += 1
        self.head = h
        for listener in self.listeners:
            listener(entry)
        return h

    def close(self) -> None:
        self._fh.close()


@dataclass(frozen=True)
class Verified:
    entries: int
    head: str
    header: dict[str, Any]


def entries(path: str | Path, *kinds: str) -> list[Any]:
    """The data of every entry of these kinds, in order, after the whole record verified (with several
    kinds, each item is ``(kind, data)``)."""
    verify(path)
    out = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        obj = json.loads(line)
        if obj["kind"] in kinds:
            out.append(obj["data"] if len(kinds) == 1 else (obj["kind"], obj["data"]))
    return out


def verify(path: str | Path) -> Verified:
    """Check every line's hash and the chain; raise RecordError naming the first bad line."""
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise RecordError(f"record {p} cannot be read: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise RecordError(f"record {p} is not UTF-8 text") from None
    prev = GENESIS
    header: dict[str, Any] = {}
    for i, line in enumerate(lines):
        where = f"record {p} line {i + 1}"
        try:
            obj = json.loads(line)
            n, t, kind, data, got_prev, got = (obj[k] for k in ("n", "t", "kind", "data", "prev", "hash"))
        except (json.JSONDecodeError, KeyError, TypeError):
            raise RecordError(f"{where}: not a record entry") from None
        if n != i:
            raise RecordError(f"{where}: entry number {n}, expected {i} (lines dropped or reordered)")
        if got_prev != prev:
            raise RecordError(f"{where}: chain broken (previous entry changed, dropped or reordered)")
        if entry_hash(n, t, kind, data, prev) != got:
            raise RecordError(f"{where}: hash mismatch (this entry was changed)")
        if i == 0:
            if kind != "header":
                raise RecordError(f"{where}: the first entry must be the header")
            header = data
        prev = got
    if not lines:
        raise RecordError(f"record {p} is empty")
    return Verified(len(lines), prev, header)
