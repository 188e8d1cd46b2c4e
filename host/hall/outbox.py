"""The table's durable outbox: every message for the hall is on disk (SQLite, WAL, synchronous=FULL) before
it is sent, and leaves only when the broker acknowledged it (QoS 1 PUBACK). A table that loses the broker
keeps playing; what it owes is resent after a reconnect or a restart. Duplicates are possible by design
(a PUBACK lost with the link); the hall drops them by (table, entry number)."""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path


class OutboxError(Exception):
    """The outbox file cannot be opened or written; the message names the file."""


@dataclass(frozen=True)
class Pending:
    id: int
    topic: str
    payload: bytes
    retain: bool


class Outbox:
    """Thread-safe: the game loop puts, the MQTT network thread takes and acknowledges."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("CREATE TABLE IF NOT EXISTS outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, "
                             "topic TEXT NOT NULL, payload BLOB NOT NULL, retain INTEGER NOT NULL)")
        except (OSError, sqlite3.Error) as e:
            raise OutboxError(f"outbox {self.path}: {e}") from None

    def put(self, topic: str, payload: bytes, retain: bool = False) -> int:
        with self._lock:
            try:
                cur = self._db.execute("INSERT INTO outbox (topic, payload, retain) VALUES (?, ?, ?)",
                                       (topic, payload, int(retain)))
            except sqlite3.Error as e:
                raise OutboxError(f"outbox {self.path}: {e}") from None
            return int(cur.lastrowid or 0)

    def pending(self, after: int = 0, limit: int = 100) -> list[Pending]:
        """The oldest messages not yet acknowledged, in order, with ids above ``after``."""
        with self._lock:
            rows = self._db.execute("SELECT id, topic, payload, retain FROM outbox WHERE id > ? ORDER BY id "
                                    "LIMIT ?", (after, limit)).fetchall()
        return [Pending(int(i), str(t), bytes(p), bool(r)) for i, t, p, r in rows]

    def done(self, message_id: int) -> None:
        with self._lock:
            self._db.execute("DELETE FROM outbox WHERE id = ?", (message_id,))

    def __len__(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM outbox").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()
