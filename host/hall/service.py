"""``hexmate hall``'s subscriber: every table's topics (QoS 1, a persistent session so the broker keeps what
arrives while the hall is away) into the store; each finished record verified with
``hexmate.host.record.verify`` and compared with the entries that arrived live."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import ssl
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiomqtt
import asyncpg
from hexmate.host.hall import topics
from hexmate.host.hall.publisher import BrokerConfig
from hexmate.host.hall.store import Entry, Store, parse_time
from hexmate.host.record import RecordError, read, verify

LOGGER = logging.getLogger(__name__)


class Hall:
    def __init__(self, store: Store, broker: BrokerConfig, records_dir: Path) -> None:
        self.store = store
        self.broker = broker
        self.records_dir = records_dir
        self.listeners: list[Callable[[dict[str, Any]], None]] = []
        self.connected = asyncio.Event()
        self.received = 0
        self.stored = 0
        self.duplicates = 0
        self.rejected = 0
        self.failed = 0
        self._entries: asyncio.Queue[Entry] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None

    def _notify(self, event: dict[str, Any]) -> None:
        for listener in list(self.listeners):
            listener(event)

    async def run(self) -> None:
        self._writer = asyncio.create_task(self._write_entries(), name="hall-writer")
        try:
            await self._subscribe()
        finally:
            self._writer.cancel()
            self._writer = None

    async def _write_entries(self) -> None:
        """Entries go to the database in batches (one transaction for whatever arrived meanwhile): under
        load a batch holds many tables' entries, and one round trip stores them all."""
        while True:
            batch = [await self._entries.get()]
            while len(batch) < 500 and not self._entries.empty():
                batch.append(self._entries.get_nowait())
            try:
                await self._store(batch)
            except (OSError, asyncpg.PostgresError) as e:  # the database is away: keep them, try again
                LOGGER.warning("hall: storing %d entries failed (%s); retrying", len(batch), e)
                for entry in batch:
                    self._entries.put_nowait(entry)
                await asyncio.sleep(1)
            finally:
                for _ in batch:
                    self._entries.task_done()

    async def _store(self, batch: list[Entry]) -> None:
        new = await self.store.add_entries(batch)
        self.stored += len(new)
        self.duplicates += len(batch) - len(new)
        for e in new:
            self._notify({"table": e.table, "kind": "entry", "n": e.n, "t": e.t.isoformat()})

    async def flush(self) -> None:
        """Wait until every entry received so far is stored."""
        if self._writer is not None:
            await self._entries.join()

    async def _subscribe(self) -> None:
        tls = aiomqtt.TLSParameters(ca_certs=self.broker.ca_file, tls_version=ssl.PROTOCOL_TLS_CLIENT) \
            if self.broker.ca_file else None
        while True:
            try:
                async with aiomqtt.Client(self.broker.host, self.broker.port, username=self.broker.username,
                                          password=self.broker.password, identifier="hexmate-hall",
                                          clean_session=False, tls_params=tls, keepalive=10) as client:
                    await client.subscribe(f"{topics.ROOT}/+/+", qos=1)
                    self.connected.set()
                    async for message in client.messages:
                        await self.handle(str(message.topic), bytes(message.payload))
            except aiomqtt.MqttError as e:
                self.connected.clear()
                LOGGER.warning("hall: broker link lost (%s); reconnecting", e)
                await asyncio.sleep(1)

    async def handle(self, name: str, payload: bytes) -> None:
        """One message; a malformed one is logged with its topic and dropped, never stops the hall."""
        self.received += 1
        where = topics.parse(name)
        if where is None:
            self.rejected += 1
            return
        table, kind = where
        try:
            body = json.loads(payload)
            if kind == "entry":
                await self._entry(table, body)
            elif kind == "state":
                await self.store.set_state(table, body)
                self._notify({"table": table, "kind": "state", "sent": body.get("sent")})
            elif kind == "link":
                await self.store.set_link(table, str(body["link"]))
                self._notify({"table": table, "kind": "link"})
            elif kind == "result":
                await self.store.set_result(table, str(body["game"]), body)
                self._notify({"table": table, "kind": "result"})
            elif kind == "record":
                await self._record(table, body)
        except (ValueError, KeyError, TypeError) as e:
            self.rejected += 1
            LOGGER.warning("hall: bad %s message from table %s: %s", kind, table, e)
        except Exception:  # the database refused or went away: logged with the message, the hall goes on
            self.failed += 1
            LOGGER.exception("hall: could not store the %s message from table %s", kind, table)

    async def _entry(self, table: str, body: dict[str, Any]) -> None:
        if body.get("table") != table:
            raise ValueError(f"entry names table {body.get('table')!r}")
        e = Entry(table, str(body["game"]), int(body["n"]), parse_time(body["t"]), str(body["kind"]),
                  body.get("data"), bool(body.get("withheld", False)), str(body["prev"]), str(body["hash"]))
        if self._writer is not None:
            self._entries.put_nowait(e)
        else:
            await self._store([e])

    async def _record(self, table: str, body: dict[str, Any]) -> None:
        game = str(body["game"])
        data = base64.b64decode(body["record_b64"])
        folder = self.records_dir / table
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{game[:16]}-{Path(str(body.get('file', 'record.jsonl'))).name}"
        path.write_bytes(data)
        await self.flush()  # everything that arrived live is stored before it is compared
        try:
            v = await asyncio.to_thread(verify, path)
            # sealed entries opened by the record's reveal, each checked against its commitment
            opened = {e.n: e.data for e in await asyncio.to_thread(read, path)}
        except RecordError as e:
            await self.store.set_verified(table, game, "failed", str(e), None, None, [])
            self._notify({"table": table, "kind": "verified", "status": "failed"})
            return
        status, detail = "verified", f"{v.entries} entries, head {v.head[:12]}"
        lines = await asyncio.to_thread(_lines, path)
        live = {r["n"]: r["hash"] for r in await self.store.live_entries(table, game)}
        if lines:  # JSON lines: every entry compared with what came live, and what was missing filled in
            wrong = [n for n, h in live.items() if n not in lines or lines[n]["hash"] != h]
            if lines[0]["hash"] != game:
                status, detail = "failed", "the record is another game's"
            elif wrong:
                status, detail = "failed", f"live entries {wrong[:5]} differ from the finished record"
            else:
                missing = [Entry(table, game, n, parse_time(e["t"]), e["kind"], e["data"], False, e["prev"],
                                 e["hash"]) for n, e in lines.items() if n not in live]
                if missing:
                    await self.store.add_entries(missing)
                    detail += f", {len(missing)} filled from the record"
        elif live and _off_chain(live, v.entries, v.head):
            status, detail = "failed", "the entries that came live do not end at the record's head"
        revealed = [(n, opened.get(n, e["data"])) for n, e in lines.items()] if status == "verified" else []
        await self.store.set_verified(table, game, status, detail, v.head, v.entries, revealed)
        self._notify({"table": table, "kind": "verified", "status": status})


def _off_chain(live: dict[int, str], entries: int, head: str) -> bool:
    last = max(live)
    return last + 1 > entries or (last + 1 == entries and live[last] != head)


def _lines(path: Path) -> dict[int, dict[str, Any]]:
    """The record's entries by number when it is JSON lines (host/record.py); empty for another format, whose
    chain ``verify`` has checked all the same."""
    out: dict[int, dict[str, Any]] = {}
    try:
        for line in path.read_text(encoding="utf-8").splitlines():
            obj = json.loads(line)
            out[int(obj["n"])] = obj
    except (ValueError, KeyError, TypeError):
        return {}
    return out

