"""Hidden set-up kept out of the record until the game ends: sealed entries, their sidecar and the reveal.

A record entry that would tell a side what only its opponent may know (the set-up of concealed units and
dummies, an entry naming a unit the rules keep hidden, a private answer such as a secret plot) is written to
the record **sealed**: its data is ``{"sealed": C}`` (the header keeps its public fields beside ``sealed``),
where ``C`` = SHA-256(salt | canonical JSON of the data) with a fresh 16-byte salt. The data and its salt go
to the **sidecar** ``RECORD.sealed`` next to the record (JSON lines ``{"n", "salt", "data"}``, owner-only file
permissions), written and synced before the record line that commits to it. Resume, checkpoints, the game
log and the host's folds read the sidecar; nothing else does. When the game ends, one ``reveal`` entry
appends every sealed entry's data and salt to the chain (``{"entries": [[n, salt, data], ...]}``), and
``hexmate record verify`` checks each commitment against it (docs/RECORD.md, "Hidden set-up").

>>> c = commitment("00" * 16, {"text": "answer hex DC4"})
>>> len(c), c == commitment("00" * 16, {"text": "answer hex DC4"}), c == commitment("01" * 16, {"text": "x"})
(64, True, False)
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from hexmate.host.record import Entry, RecordError, _fsync_dir, canonical

SUFFIX = ".sealed"
_NO_HIDDEN: frozenset[str] = frozenset()


def sidecar_path(record: str | Path) -> Path:
    p = Path(record)
    return p.with_name(p.name + SUFFIX)


def commitment(salt: str, data: Any) -> str:
    """SHA-256 of the salt's bytes followed by the data's canonical JSON (hex)."""
    return _digest(salt, canonical(data))


def _digest(salt: str, text: str) -> str:
    return hashlib.sha256(bytes.fromhex(salt) + text.encode()).hexdigest()


_DATA = '{"data":'  # how a canonical entry, and a sidecar line, begins: its data's JSON follows


def is_sealed(data: Any) -> bool:
    return isinstance(data, dict) and isinstance(data.get("sealed"), str)


class Sealer:
    """Decides which entries a record seals, keeps their data and salt, and writes them to the sidecar
    (``commit``, called by ``Record.commit`` before the record's own lines). ``hidden`` gives the words an
    entry may not contain unsealed (hidden units' ids and their tags' UIDs), asked at each entry;
    ``public_header`` is what the header shows of the set-up (None: the header is not sealed)."""

    def __init__(self, record: str | Path, *, hidden: Callable[[], Iterable[str]] = lambda: _NO_HIDDEN,
                 public_header: dict[str, Any] | None = None) -> None:
        self.path = sidecar_path(record)
        self.hidden = hidden
        self.public_header = public_header
        self.opened: dict[int, tuple[str, Any]] = {}  # entry n -> (salt, data): every entry sealed so far
        self.revealed = False  # a reveal entry is in the record: nothing is sealed any more
        self._fd = -1
        self._buffer: list[str] = []

    def seal(self, n: int, kind: str, data: Any, text: str) -> dict[str, Any] | None:
        """The data to chain instead of ``data`` (None: chain it as it is). ``text`` is the entry's
        canonical JSON as the record writes it (searched for hidden words without encoding it again)."""
        if self.revealed or kind in ("reveal", "resume"):
            return None
        if kind == "header":
            if self.public_header is None:
                return None
            public = dict(self.public_header)
        elif (isinstance(data, dict) and data.get("private")) or any(w and w in text for w in self.hidden()):
            public = {}
        else:
            return None
        salt = os.urandom(16).hex()
        data_text = text[len(_DATA):] if text.startswith(_DATA) else canonical(data)  # encoded once
        public["sealed"] = _digest(salt, data_text)
        self.opened[n] = (salt, data)
        self._buffer.append(f'{_DATA}{data_text},"n":{n},"salt":"{salt}"}}')  # canonical: keys sorted
        return public

    def reveal(self) -> dict[str, Any]:
        """The reveal entry's data (the game is over): from then on nothing is sealed."""
        self.revealed = True
        return {"entries": [[n, salt, data] for n, (salt, data) in sorted(self.opened.items())]}

    @property
    def pending(self) -> bool:
        """Sealed entries not yet revealed."""
        return bool(self.opened) and not self.revealed

    def commit(self) -> None:
        """Write and sync what was sealed since the last commit (the sidecar first, then the record)."""
        if not self._buffer:
            return
        data = ("\n".join(self._buffer) + "\n").encode()
        self._buffer.clear()
        new = self._fd < 0
        try:
            if new:
                self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
                os.fchmod(self._fd, 0o600)  # owner-only, whatever the umask or an older file said
            view = memoryview(data)
            while view:
                view = view[os.write(self._fd, view):]
            os.fdatasync(self._fd)
        except OSError as e:
            raise RecordError(f"sealed sidecar {self.path} cannot be written: {e.strerror or e}") from None
        if new:
            _fsync_dir(self.path)  # its name is durable before any record line commits to what it holds

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    @classmethod
    def resume(cls, record: Path, found: list[Entry], *, cut: bool = True) -> tuple[Sealer, list[Entry]]:
        """The sealer of a record being continued, and its entries with the sealed ones opened: from the
        record's reveal if it has one, else from the sidecar, each checked against its commitment. A
        sidecar missing while entries are sealed, or one that does not open them, is a RecordError naming
        it. Sidecar lines for entries the record does not hold (written just before a crash, never
        committed in the record, so never acknowledged) are cut off."""
        sealer = cls(record)
        sealed = [e for e in found if is_sealed(e.data)]
        revealed = revealed_by(record, found)
        if revealed is not None:
            sealer.revealed = True
            sealer.opened = revealed
            return sealer, _open(record, found, revealed, "the record's reveal")
        lines = _sidecar_lines(sealer.path, bool(sealed))
        opened: dict[int, tuple[str, Any]] = {}
        texts: dict[int, str] = {}  # n -> its data's JSON as the line holds it (checked without encoding)
        keep = 0
        for i, line in lines:
            try:
                obj = json.loads(line)
                n, salt, data = int(obj["n"]), str(obj["salt"]), obj["data"]
                bytes.fromhex(salt)
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                raise RecordError(f"sealed sidecar {sealer.path} line {i}: not a sealed entry (changed?)") \
                    from None
            if n >= len(found):
                break
            opened[n] = (salt, data)
            if line.startswith(_DATA):
                texts[n] = line[len(_DATA): line.rfind(',"n":')]
            keep += len(line.encode()) + 1
        if cut and (opened or sealed):
            try:
                if sealer.path.stat().st_size > keep:
                    os.truncate(sealer.path, keep)
            except OSError as e:
                raise RecordError(f"sealed sidecar {sealer.path} cannot be continued: {e.strerror or e}") \
                    from None
        sealer.opened = opened
        return sealer, _open(record, found, opened, f"sealed sidecar {sealer.path}", texts)


def _sidecar_lines(path: Path, needed: bool) -> list[tuple[int, str]]:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        if needed:
            raise RecordError(f"sealed sidecar {path} is missing: the record's hidden set-up cannot be read "
                              f"back (it must stay next to its record until the game ends)") from None
        return []
    except OSError as e:
        raise RecordError(f"sealed sidecar {path} cannot be read: {e.strerror or e}") from None
    text = raw.decode("utf-8", errors="replace")
    whole = text[: text.rfind("\n") + 1]  # a torn last line was never synced: its record line neither
    return [(i + 1, line) for i, line in enumerate(whole.splitlines())]


def revealed_by(record: Path, found: Sequence[Entry]) -> dict[int, tuple[str, Any]] | None:
    """The sealed entries a reveal entry of the record opens (None: the record holds no reveal)."""
    for e in reversed(found):
        if e.kind == "reveal":
            try:
                return {int(n): (str(salt), data) for n, salt, data in e.data["entries"]}
            except (KeyError, TypeError, ValueError):
                raise RecordError(f"record {record} line {e.n + 1}: a malformed reveal entry") from None
    return None


def _open(record: Path, found: list[Entry], opened: dict[int, tuple[str, Any]], source: str,
          texts: dict[int, str] | None = None) -> list[Entry]:
    out: list[Entry] = []
    for e in found:
        if not is_sealed(e.data):
            out.append(e)
            continue
        got = opened.get(e.n)
        if got is None:
            raise RecordError(f"record {record} line {e.n + 1}: {source} does not open this sealed entry")
        salt, data = got
        want = e.data["sealed"]
        text = (texts or {}).get(e.n)
        try:  # the sidecar's own text first; a line not in canonical form is encoded again
            ok = (text is not None and _digest(salt, text) == want) or commitment(salt, data) == want
        except ValueError:
            ok = False
        if not ok:
            raise RecordError(f"record {record} line {e.n + 1}: {source} does not match its commitment "
                              f"(the sealed data or its salt was changed)")
        out.append(dataclasses.replace(e, data=data))
    return out


def unsealed(record: str | Path, found: list[Entry], *, sidecar: bool) -> list[Entry]:
    """The entries with every sealed one opened by the record's reveal; before the reveal, with
    ``sidecar`` (the host, which holds it) from the sidecar, else left sealed."""
    p = Path(record)
    if not any(is_sealed(e.data) for e in found):
        return found
    revealed = revealed_by(p, found)
    if revealed is not None:
        return _open(p, found, revealed, "the record's reveal")
    if sidecar:
        return Sealer.resume(p, found, cut=False)[1]
    return found


def still_sealed(found: Sequence[Entry]) -> int:
    """How many entries are sealed and not revealed (0 once the record holds its reveal)."""
    if any(e.kind == "reveal" for e in found):
        return 0
    return sum(1 for e in found if is_sealed(e.data))


SEALED_NOTE = "hidden set-up sealed until the game ends"
