"""The game record: append-only JSON lines, hash-chained, written durably before what it holds takes effect.

Each line holds ``n`` (0, 1, 2, ...), ``t`` (UTC time), ``kind``, ``data`` and ``prev`` (the previous line's
hash), plus ``hash`` = SHA-256 of the canonical JSON of those five fields. Line 0 is a ``header`` naming the
game, scenario and board. Changing, dropping or reordering any line breaks every hash after it
(``hexmate record verify FILE``; docs/RECORD.md is the format).

Durability is write-ahead with group commit: ``append`` only buffers; ``commit`` writes what is buffered with
one ``write`` and ``fdatasync``. The host calls ``commit`` before anything leaves it (an ACK to the board, an
LED frame, a page update), so every entry is on disk before its event is acknowledged or its effect seen, and
the entries of one burst share one sync. A host killed mid-write leaves at most a torn last line that was
never committed, hence never acknowledged: ``Record.resume`` cuts it off and continues the chain.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "game.jsonl")
>>> rec = Record.create(path, {"game": "asl"})
>>> _ = rec.append("move", {"units": ["A1"], "path": ["DA1", "DA2"]})
>>> rec.close()
>>> verify(path).entries
2
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hexmate.host.sealed import Sealer

GENESIS = "0" * 64
_TAIL = 64  # entries kept from before a resume: more than the board's window of unacknowledged events


class RecordError(Exception):
    """The record cannot be written or does not verify; the message names the file and line."""


_ENCODE = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
_KINDS: dict[str, str] = {}  # kind -> its JSON string (a record uses a few dozen kinds)


def canonical(obj: Any) -> str:
    return _ENCODE(obj)


def entry_parts(n: int, t: str, kind: str, data: Any, prev: str) -> tuple[str, str]:
    """The canonical JSON of ``{n, t, kind, data, prev}`` split where a line's ``hash`` goes (keys sorted:
    data, hash, kind, n, prev, t): the hashed text is ``head + tail``, the line ``head,"hash":"H"tail``."""
    k = _KINDS.get(kind)
    if k is None:
        k = _KINDS[kind] = _ENCODE(kind)
    if not (prev.isalnum() and prev.isascii() and t.isascii() and '"' not in t and "\\" not in t):
        return '{"data":' + _ENCODE(data), f',"kind":{k},"n":{n},"prev":{_ENCODE(prev)},"t":{_ENCODE(t)}}}'
    return '{"data":' + _ENCODE(data), f',"kind":{k},"n":{n},"prev":"{prev}","t":"{t}"}}'


def entry_hash(n: int, t: str, kind: str, data: Any, prev: str) -> str:
    body = canonical({"n": n, "t": t, "kind": kind, "data": data, "prev": prev})
    return hashlib.sha256(body.encode()).hexdigest()


def hash_ok(line: str, n: int, t: str, kind: str, data: Any, prev: str, got: Any) -> bool:
    """Does the line's hash match its entry? A line is written canonical (keys sorted), so without its hash
    field it is exactly the text that was hashed, checked without encoding the entry again; anything else
    (a line not in canonical form, a nested "hash" key) is checked by encoding the entry."""
    if not isinstance(got, str):
        return False
    body = line.replace(f',"hash":"{got}"', "", 1)
    return hashlib.sha256(body.encode()).hexdigest() == got or entry_hash(n, t, kind, data, prev) == got


def _fsync_dir(path: Path) -> None:
    """A new file's name is durable only once its directory is synced."""
    try:
        fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class Record:
    """An open record being written: ``append`` buffers, ``commit`` makes everything appended durable."""

    def __init__(self, path: Path, fd: int, n: int, head: str, *, sync: bool = True) -> None:
        self.path = path
        self._fd = fd
        self.n = n
        self.head = head
        # Called with each entry (n, t, kind, data, prev, hash) once ``commit`` put it on disk: the hall.
        self.listeners: list[Callable[[dict[str, Any]], None]] = []
        self.sync = sync  # False only for benchmarks measuring what the sync costs
        self._buffer: list[str] = []
        self.commits = 0
        self.resumed_from: int | None = None  # entries already there when ``resume`` opened it
        self.first = GENESIS  # the header's hash
        self.tail: list[Entry] = []  # on resume: the last entries before it (the host skips their resends)
        self.since_checkpoint = 0  # on resume: the actions recorded after the last checkpoint
        self.found: list[Entry] = []  # on resume: every entry it held, verified (read once)
        self._pending: list[dict[str, Any]] = []  # entries appended, for the listeners at commit
        # Seals the entries that hold hidden set-up (host/sealed.py); their data goes to its sidecar.
        self.sealer: Sealer | None = None

    @classmethod
    def create(cls, path: str | Path, header: dict[str, Any], *, sync: bool = True,
               sealer: Sealer | None = None) -> Record:
        """A new record holding its header. Atomic: the file appears (linked into place, never overwriting
        one) only once its header is on disk, so a crash leaves either no record or a valid one. With a
        ``sealer``, the header holds its public set-up and the hidden part goes to the sidecar first."""
        p = Path(path)
        tmp = p.with_name(f".{p.name}.{os.getpid()}.new")
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            if p.exists():
                raise FileExistsError(p)
            with contextlib.suppress(FileNotFoundError):  # a sealed sidecar left by a create that crashed
                p.with_name(p.name + ".sealed").unlink()
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o644)
            rec = cls(p, fd, 0, GENESIS, sync=sync)
            rec.sealer = sealer
            rec.first = rec.append("header", header)
            rec.commit()
            os.link(tmp, p)
        except FileExistsError:
            raise RecordError(f"record {p} already exists; a record is never overwritten "
                              f"(continue it with --resume {p})") from None
        except OSError as e:
            raise RecordError(f"record {p} cannot be created: {e.strerror or e}") from None
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        _fsync_dir(p)
        return rec

    @classmethod
    def resume(cls, path: str | Path) -> Record:
        """Open an existing record to continue it after a stop or a crash: the chain is verified, a torn last
        line (a write the crash cut short, never committed, so never acknowledged) is cut off, and a
        ``resume`` entry says so."""
        p = Path(path)
        try:
            raw = p.read_bytes()
        except OSError as e:
            raise RecordError(f"record {p} cannot be read: {e.strerror or e}") from None
        keep = raw.rfind(b"\n") + 1
        torn = len(raw) - keep
        found: list[Entry] = []
        v = _verify(raw[:keep], p, found)
        try:
            fd = os.open(p, os.O_WRONLY | os.O_APPEND)
            if torn:
                os.truncate(p, keep)
        except OSError as e:
            raise RecordError(f"record {p} cannot be continued: {e.strerror or e}") from None
        rec = cls(p, fd, v.entries, v.head)
        rec.resumed_from = v.entries
        rec.first = v.first
        from hexmate.host.sealed import Sealer

        try:
            rec.sealer, found = Sealer.resume(p, found)  # sealed entries opened: the sidecar is read here
        except RecordError:
            os.close(fd)
            raise
        rec.found = found
        rec.tail = found[-_TAIL:]
        for entry in reversed(found):
            if entry.kind == "checkpoint":
                break
            rec.since_checkpoint += entry.kind == "action"
        rec.append("resume", {"entries": v.entries, "head": v.head, "torn_bytes": torn})
        rec.commit()
        return rec

    def append(self, kind: str, data: Any) -> str:
        """Chain one entry (buffered: durable at the next ``commit``). The entry is serialised once: its
        canonical line is the hashed text with the hash inserted where the sorted keys put it."""
        t = datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")
        head, tail = entry_parts(self.n, t, kind, data, self.head)
        if self.sealer is not None:
            public = self.sealer.seal(self.n, kind, data, head)
            if public is not None:  # the hidden data went to the sidecar; the chain holds its commitment
                data = public
                head, tail = entry_parts(self.n, t, kind, data, self.head)
        h = hashlib.sha256((head + tail).encode()).hexdigest()
        self._buffer.append(f'{head},"hash":"{h}"{tail}')
        if self.listeners:
            self._pending.append({"n": self.n, "t": t, "kind": kind, "data": data, "prev": self.head,
                                  "hash": h})
        self.n += 1
        self.head = h
        return h

    @property
    def dirty(self) -> bool:
        return bool(self._buffer)

    def commit(self) -> None:
        """Write every buffered entry and sync it to the disk (one ``fdatasync`` for the whole group)."""
        if not self._buffer or self._fd < 0:
            return
        if self.sealer is not None:
            self.sealer.commit()  # what a record line commits to is on disk before the line
        data = ("\n".join(self._buffer) + "\n").encode()
        self._buffer.clear()
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(self._fd, view):]
            if self.sync:
                os.fdatasync(self._fd)
        except OSError as e:
            raise RecordError(f"record {self.path} cannot be written: {e.strerror or e}") from None
        self.commits += 1
        pending, self._pending = self._pending, []
        for entry in pending:  # only now on disk: the hall may see it
            for listener in self.listeners:
                listener(entry)

    def close(self) -> None:
        if self._fd < 0:
            return
        self.commit()
        os.close(self._fd)
        self._fd = -1
        if self.sealer is not None:
            self.sealer.close()

    def reveal(self) -> bool:
        """The game is over: append the ``reveal`` entry opening every sealed entry (once; False if there
        was nothing to reveal)."""
        if self.sealer is None or not self.sealer.pending:
            return False
        self.append("reveal", self.sealer.reveal())
        return True


@dataclass(frozen=True)
class Verified:
    entries: int
    head: str
    header: dict[str, Any]
    first: str = GENESIS  # the header's hash: names this game (roll commitments bind to it)


@dataclass(frozen=True)
class Entry:
    n: int
    t: str
    kind: str
    data: Any


def read(path: str | Path, *, sidecar: bool = False) -> list[Entry]:
    """Every entry, after the whole record verified (each line parsed once). Sealed entries are opened by
    the record's reveal; before it they stay sealed, unless ``sidecar`` (the host's own reads) opens them
    from the sealed sidecar next to the record (host/sealed.py)."""
    from hexmate.host.sealed import unsealed

    p = Path(path)
    out: list[Entry] = []
    _verify(_read(p), p, out)
    return unsealed(p, out, sidecar=sidecar)


def entries(path: str | Path, *kinds: str) -> list[Any]:
    """The data of every entry of these kinds, in order, after the whole record verified (with several
    kinds, each item is ``(kind, data)``)."""
    out: list[Any] = []
    for e in read(path):
        if e.kind in kinds:
            out.append(e.data if len(kinds) == 1 else (e.kind, e.data))
    return out


def _read(p: Path) -> bytes:
    try:
        return p.read_bytes()
    except OSError as e:
        raise RecordError(f"record {p} cannot be read: {e.strerror or e}") from None


def verify(path: str | Path) -> Verified:
    """Check every line's hash and the chain; raise RecordError naming the first bad line."""
    p = Path(path)
    return verify_bytes(_read(p), p)


def _lines(raw: bytes, p: Path) -> Iterator[str]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"record {p} is not UTF-8 text") from None
    if text and not text.endswith("\n"):
        raise RecordError(f"record {p} line {text.count(chr(10)) + 1}: torn last line (the host stopped "
                          f"while writing it; `hexmate run --resume` cuts it off)")
    yield from text.splitlines()


# one JSON value from an index: json.loads without its wrapping (scan_once is set in JSONDecoder.__init__)
_SCAN: Callable[[str, int], tuple[Any, int]] = getattr(json.JSONDecoder(), "scan_once")  # noqa: B009


def _decode(line: str) -> Any:
    try:
        obj, end = _SCAN(line, 0)
    except StopIteration:
        raise json.JSONDecodeError("no JSON value", line, 0) from None
    if end != len(line):
        raise json.JSONDecodeError("extra data", line, end)
    return obj


def verify_bytes(raw: bytes, p: Path) -> Verified:
    return _verify(raw, p, None)


def _verify(raw: bytes, p: Path, out: list[Entry] | None) -> Verified:
    """Check every line's hash and the chain (RecordError naming the first bad line); with ``out``, collect
    the entries as they are checked."""
    prev = first = GENESIS
    header: dict[str, Any] = {}
    i = -1
    for i, line in enumerate(_lines(raw, p)):
        try:
            obj = _decode(line)
            n, t, kind, data, got_prev, got = (obj[k] for k in ("n", "t", "kind", "data", "prev", "hash"))
        except (json.JSONDecodeError, KeyError, TypeError):
            raise RecordError(f"record {p} line {i + 1}: not a record entry") from None
        if n != i:
            raise RecordError(f"record {p} line {i + 1}: entry number {n}, expected {i} (lines dropped or "
                              f"reordered)")
        if got_prev != prev:
            raise RecordError(f"record {p} line {i + 1}: chain broken (previous entry changed, dropped or "
                              f"reordered)")
        if not hash_ok(line, n, t, kind, data, prev, got):
            raise RecordError(f"record {p} line {i + 1}: hash mismatch (this entry was changed)")
        if i == 0:
            if kind != "header":
                raise RecordError(f"record {p} line {i + 1}: the first entry must be the header")
            header, first = data, got
        if out is not None:
            out.append(Entry(n, t, kind, data))
        prev = got
    if i < 0:
        raise RecordError(f"record {p} is empty")
    return Verified(i + 1, prev, header, first)
