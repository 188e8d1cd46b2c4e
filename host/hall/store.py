"""The hall's PostgreSQL store (asyncpg): tables and their live state, every record entry once (the primary
key (table, game, n) drops the duplicates a reconnecting table resends), games with their result and
verification status, rounds and pairings. Standings and rating rows are worked out from these."""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import Any

import asyncpg

SCHEMA = """
CREATE TABLE IF NOT EXISTS hall_tables (
    id text PRIMARY KEY, link text NOT NULL DEFAULT 'unknown', link_at timestamptz,
    seen_at timestamptz, state jsonb);
CREATE TABLE IF NOT EXISTS entries (
    table_id text NOT NULL, game text NOT NULL, n integer NOT NULL, t timestamptz NOT NULL,
    kind text NOT NULL, data jsonb, withheld boolean NOT NULL, prev text NOT NULL, hash text NOT NULL,
    stored_at timestamptz NOT NULL DEFAULT clock_timestamp(), PRIMARY KEY (table_id, game, n));
CREATE TABLE IF NOT EXISTS rounds (
    round integer PRIMARY KEY, tournament text NOT NULL, date date NOT NULL);
CREATE TABLE IF NOT EXISTS pairings (
    round integer NOT NULL REFERENCES rounds, table_id text NOT NULL, scenario text NOT NULL,
    players jsonb NOT NULL, PRIMARY KEY (round, table_id));
CREATE TABLE IF NOT EXISTS games (
    table_id text NOT NULL, game text NOT NULL, round integer, started_at timestamptz NOT NULL,
    result jsonb, director_result jsonb, verified text NOT NULL DEFAULT 'playing',
    detail text NOT NULL DEFAULT '',
    head text, entries integer, PRIMARY KEY (table_id, game));
"""


@dataclass(frozen=True)
class Entry:
    table: str
    game: str
    n: int
    t: datetime.datetime
    kind: str
    data: Any
    withheld: bool
    prev: str
    hash: str


def parse_time(text: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(text)


class Store:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    @classmethod
    async def open(cls, dsn: str) -> Store:
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=4)
        async with pool.acquire() as conn:
            await conn.execute(SCHEMA)
        return cls(pool)

    async def close(self) -> None:
        await self.pool.close()

    # --- what tables send ------------------------------------------------------------------------------
    async def add_entries(self, batch: list[Entry]) -> list[Entry]:
        """Store a batch in one transaction; returns the entries that were new (resends are dropped by the
        primary key (table, game, n))."""
        batch = list({(e.table, e.game, e.n): e for e in batch}.values())
        async with self.pool.acquire() as conn, conn.transaction():
            for e in batch:
                if e.n == 0:
                    await self._game(conn, e)
            rows = await conn.fetch(
                "INSERT INTO entries (table_id, game, n, t, kind, data, withheld, prev, hash) "
                "SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[], $5::text[], "
                "$6::jsonb[], $7::bool[], $8::text[], $9::text[]) ON CONFLICT DO NOTHING "
                "RETURNING table_id, game, n",
                [e.table for e in batch], [e.game for e in batch], [e.n for e in batch], [e.t for e in batch],
                [e.kind for e in batch], [None if e.withheld else json.dumps(e.data) for e in batch],
                [e.withheld for e in batch], [e.prev for e in batch], [e.hash for e in batch])
            await conn.execute("INSERT INTO hall_tables (id, seen_at) SELECT DISTINCT unnest($1::text[]), "
                               "now() ON CONFLICT (id) DO UPDATE SET seen_at = now()",
                               [e.table for e in batch])
        new = {(r["table_id"], r["game"], r["n"]) for r in rows}
        return [e for e in batch if (e.table, e.game, e.n) in new]

    async def _game(self, conn: Any, e: Entry) -> None:
        """A game starts with its header entry: it belongs to the first round pairing this table without
        a game yet."""
        await conn.execute(
            "INSERT INTO games (table_id, game, round, started_at) VALUES ($1, $2, "
            "(SELECT p.round FROM pairings p WHERE p.table_id = $1 AND NOT EXISTS "
            "(SELECT 1 FROM games g WHERE g.table_id = $1 AND g.round = p.round) "
            "ORDER BY p.round LIMIT 1), $3) "
            "ON CONFLICT DO NOTHING", e.table, e.game, e.t)

    async def add_entry(self, e: Entry) -> bool:
        """Store one entry; False if (table, game, n) was already stored (a resend)."""
        return bool(await self.add_entries([e]))

    async def set_state(self, table: str, state: dict[str, Any]) -> None:
        """The newest state wins: an older one (a retained copy, a resend) only marks the table seen."""
        await self.pool.execute(
            "INSERT INTO hall_tables (id, seen_at, state) VALUES ($1, now(), $2) ON CONFLICT (id) DO UPDATE "
            "SET seen_at = now(), state = CASE WHEN hall_tables.state IS NULL OR "
            "coalesce((hall_tables.state->>'sent')::float8, 0) <= coalesce(($2::jsonb->>'sent')::float8, 0) "
            "THEN $2::jsonb ELSE hall_tables.state END", table, json.dumps(state))

    async def set_link(self, table: str, link: str) -> None:
        await self.pool.execute("INSERT INTO hall_tables (id, link, link_at) VALUES ($1, $2, now()) "
                                "ON CONFLICT (id) DO UPDATE SET link = $2, link_at = now()", table, link)

    async def set_result(self, table: str, game: str, result: dict[str, Any]) -> None:
        await self.pool.execute(
            "INSERT INTO games (table_id, game, started_at, result) VALUES ($1, $2, now(), $3) "
            "ON CONFLICT (table_id, game) DO UPDATE SET result = $3", table, game, json.dumps(result))

    async def set_verified(self, table: str, game: str, status: str, detail: str, head: str | None,
                           count: int | None, revealed: list[tuple[int, Any]]) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO games (table_id, game, started_at, verified, detail, head, entries) "
                "VALUES ($1, $2, now(), $3, $4, $5, $6) ON CONFLICT (table_id, game) DO UPDATE SET "
                "verified = $3, detail = $4, head = $5, entries = $6",
                table, game, status, detail, head, count)
            await conn.executemany(
                "UPDATE entries SET data = $4, withheld = false WHERE table_id = $1 AND game = $2 AND n = $3 "
                "AND (withheld OR data ? 'sealed')",  # withheld by the table, or sealed by its record
                [(table, game, n, json.dumps(data)) for n, data in revealed])

    async def live_entries(self, table: str, game: str) -> list[asyncpg.Record]:
        return list(await self.pool.fetch("SELECT n, hash, withheld FROM entries WHERE table_id = $1 AND "
                                          "game = $2 ORDER BY n", table, game))

    # --- what the director sets ------------------------------------------------------------------------
    async def add_round(self, round_no: int, tournament: str, date: datetime.date) -> None:
        await self.pool.execute("INSERT INTO rounds (round, tournament, date) VALUES ($1, $2, $3) "
                                "ON CONFLICT (round) DO UPDATE SET tournament = $2, date = $3",
                                round_no, tournament, date)

    async def add_pairing(self, round_no: int, table: str, scenario: str, players: dict[str, str]) -> None:
        await self.pool.execute("INSERT INTO pairings (round, table_id, scenario, players) "
                                "VALUES ($1, $2, $3, $4) "
                                "ON CONFLICT (round, table_id) DO UPDATE SET scenario = $3, players = $4",
                                round_no, table, scenario, json.dumps(players))

    async def set_director_result(self, table: str, game: str, winner: str | None) -> bool:
        status = await self.pool.execute("UPDATE games SET director_result = $3 WHERE table_id = $1 AND "
                                         "game = $2", table, game, json.dumps({"winner": winner}))
        return str(status).endswith(" 1")

    # --- what the dashboard reads ----------------------------------------------------------------------
    async def overview(self) -> dict[str, Any]:
        tables = await self.pool.fetch(
            "SELECT t.id, t.link, t.link_at, t.seen_at, t.state, (SELECT count(*) FROM entries e WHERE "
            "e.table_id = t.id) AS entries FROM hall_tables t ORDER BY t.id")
        rounds = await self.pool.fetch("SELECT round, tournament, date FROM rounds ORDER BY round")
        pairings = await self.pool.fetch("SELECT round, table_id, scenario, players FROM pairings "
                                         "ORDER BY round, table_id")
        games = await self.pool.fetch("SELECT table_id, game, round, started_at, result, director_result, "
                                      "verified, detail, head, entries FROM games ORDER BY started_at")
        return {
            "tables": [{**dict(r), "state": json.loads(r["state"]) if r["state"] else None} for r in tables],
            "rounds": [dict(r) for r in rounds],
            "pairings": [{**dict(r), "players": json.loads(r["players"])} for r in pairings],
            "games": [{**dict(r), "result": json.loads(r["result"]) if r["result"] else None,
                       "director_result": json.loads(r["director_result"]) if r["director_result"] else None}
                      for r in games],
        }

    async def table_state(self, table: str) -> dict[str, Any] | None:
        row = await self.pool.fetchrow("SELECT id, link, seen_at, state FROM hall_tables WHERE id = $1",
                                       table)
        if row is None:
            return None
        return {**dict(row), "state": json.loads(row["state"]) if row["state"] else None}

    async def counts(self) -> dict[str, int]:
        row = await self.pool.fetchrow("SELECT (SELECT count(*) FROM entries) AS entries, "
                                       "(SELECT count(*) FROM games) AS games")
        assert row is not None
        return {"entries": int(row["entries"]), "games": int(row["games"])}
