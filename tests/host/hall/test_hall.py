"""The hall service on a real broker and a throwaway PostgreSQL: entries stored once by (table, game, n),
the broker cut and restored mid-game with nothing lost or doubled, finished records verified (a changed one
fails), and what was withheld during play filled in from the finished record."""

from __future__ import annotations

import asyncio
import base64
import json
import os

from hexmate.host.hall.broker import Broker
from hexmate.host.hall.publisher import TablePublisher
from hexmate.host.hall.service import Hall
from hexmate.host.hall.store import Store
from hexmate.host.record import Record

from .conftest import account


async def _until(pred, timeout: float = 10.0) -> None:
    for _ in range(int(timeout / 0.05)):
        if await pred():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("timed out")


async def _hall(store: Store, broker: Broker, tmp_path) -> tuple[Hall, asyncio.Task[None]]:
    hall = Hall(store, account(broker, "hall"), tmp_path / "records")
    task = asyncio.create_task(hall.run())
    await asyncio.wait_for(hall.connected.wait(), 5)
    return hall, task


async def _rows(store: Store, table: str) -> list:
    return list(await store.pool.fetch("SELECT n, hash, withheld, data FROM entries WHERE table_id = $1 "
                                       "ORDER BY n", table))


async def test_broker_cut_mid_game_loses_and_doubles_nothing(store: Store, broker: Broker, tmp_path) -> None:
    hall, task = await _hall(store, broker, tmp_path)
    record = Record.create(tmp_path / "t1.jsonl", {"game": "asl"})
    pub = TablePublisher("t1", account(broker, "t1"), tmp_path / "t1.outbox",
                         hidden=lambda: frozenset({"rus-sq9"}))
    pub.attach(record)
    pub.start()
    for i in range(5):
        record.append("action", {"text": f"move {i}"})
        record.commit()  # entries reach listeners once on disk
    await _until(lambda: _count(store, 6))

    broker.stop()  # the hall's broker goes away mid-game; the table plays on
    for i in range(5, 12):
        record.append("action", {"text": f"move {i}", "units": ["rus-sq9"] if i == 7 else []})
        record.commit()  # entries reach listeners once on disk
    await asyncio.sleep(0.3)
    assert pub.pending() == 7  # on disk, waiting
    assert (await store.counts())["entries"] == 6
    broker.start()  # same port, same persistent sessions
    for i in range(12, 15):
        record.append("action", {"text": f"move {i}"})
        record.commit()  # entries reach listeners once on disk
    await _until(lambda: _count(store, 16), timeout=15)
    # a table that lost a PUBACK sends again: the same entries arrive twice, are stored once
    before = hall.duplicates
    again = TablePublisher("t1", account(broker, "t1"), tmp_path / "t1-again.outbox")
    again.attach(Record(record.path, os.open(record.path, os.O_RDONLY), record.n, record.head))  # read only
    again.start()
    assert await asyncio.to_thread(again.drain, 5)
    await _until(lambda: _async(hall.duplicates - before == record.n))
    again.stop()

    rows = await _rows(store, "t1")
    lines = [json.loads(x) for x in record.path.read_text().splitlines()]
    assert [r["n"] for r in rows] == list(range(16)) == [x["n"] for x in lines]
    assert [r["hash"] for r in rows] == [x["hash"] for x in lines]
    assert [r["n"] for r in rows if r["withheld"]] == [8]  # entry 8 named the concealed rus-sq9

    record.close()
    pub.finish(record.path, {"winner": "ger", "over": True, "reason": "test"})
    assert await asyncio.to_thread(pub.drain, 5)
    await _until(lambda: _verified(store, "t1"))
    await _until(lambda: _has_result(store, "t1"))  # the result is a message of its own, after the record's
    game = await store.pool.fetchrow("SELECT verified, detail, entries, head, result FROM games")
    assert game["verified"] == "verified" and game["entries"] == 16 and game["head"] == record.head
    assert json.loads(game["result"])["winner"] == "ger"
    rows = await _rows(store, "t1")
    assert not any(r["withheld"] for r in rows)  # revealed from the finished record
    assert json.loads(rows[8]["data"])["units"] == ["rus-sq9"]
    pub.stop()
    task.cancel()


async def test_a_changed_record_fails_verification(store: Store, broker: Broker, tmp_path) -> None:
    hall, task = await _hall(store, broker, tmp_path)
    record = Record.create(tmp_path / "t2.jsonl", {"game": "asl"})
    pub = TablePublisher("t2", account(broker, "t2"), tmp_path / "t2.outbox")
    pub.attach(record)
    pub.start()
    record.append("dice", {"values": [1, 1]})
    record.commit()  # entries reach listeners once on disk
    record.close()
    # the table (or someone with its password) rewrites a roll after the fact
    record.path.write_text(record.path.read_text().replace("[1,1]", "[6,6]"))
    pub.finish(record.path, {"winner": "rus", "over": True, "reason": "test"})
    assert await asyncio.to_thread(pub.drain, 5)
    await _until(lambda: _verified(store, "t2"))
    game = await store.pool.fetchrow("SELECT verified, detail FROM games")
    assert game["verified"] == "failed" and "line 2: hash mismatch" in game["detail"]
    # a malformed message is dropped and counted, the hall goes on
    assert hall.rejected == 0
    await hall.handle("hexmate/table/t2/entry", b"not json")
    await hall.handle("hexmate/table/t2/record", json.dumps({"game": "x", "record_b64": base64.b64encode(
        b"junk").decode()}).encode())
    assert hall.rejected == 1
    assert (await store.pool.fetchval("SELECT verified FROM games WHERE game = 'x'")) == "failed"
    pub.stop()
    task.cancel()


async def _count(store: Store, n: int) -> bool:
    return (await store.counts())["entries"] == n


async def _verified(store: Store, table: str) -> bool:
    v = await store.pool.fetchval("SELECT verified FROM games WHERE table_id = $1", table)
    return v in ("verified", "failed")


async def _has_result(store: Store, table: str) -> bool:
    return await store.pool.fetchval("SELECT result FROM games WHERE table_id = $1", table) is not None


async def _async(value: bool) -> bool:
    return value


async def test_sealed_entries_are_stored_as_commitments_until_the_reveal_opens_them(
        store: Store, broker: Broker, tmp_path) -> None:
    """The record seals what names a hidden unit (host/sealed.py): the hall stores its commitment during
    play, and the finished record's reveal (checked against it) fills in the data."""
    from hexmate.host.sealed import Sealer

    _, task = await _hall(store, broker, tmp_path)
    path = tmp_path / "t2s.jsonl"
    record = Record.create(path, {"game": "asl", "position": "asl | rus-sq9@DR5?"},
                           sealer=Sealer(path, public_header={"game": "asl", "position": "asl | ?@DR5"}))
    record.sealer.hidden = lambda: frozenset({"rus-sq9"})  # type: ignore[union-attr]
    pub = TablePublisher("t2", account(broker, "t2"), tmp_path / "t2s.outbox",
                         hidden=lambda: frozenset({"rus-sq9"}))
    pub.attach(record)
    pub.start()
    record.append("action", {"text": "move rus-sq9 DR5 DR6"})
    record.commit()
    await _until(lambda: _count_of(store, "t2", 2))
    rows = await _rows(store, "t2")
    assert not any("rus-sq9" in (r["data"] or "") for r in rows)  # the hall's database names no hidden unit
    assert [set(json.loads(r["data"])) for r in rows] == [{"game", "position", "sealed"}, {"sealed"}]
    record.reveal()
    record.close()
    pub.finish(record.path, {"winner": "ger", "over": True, "reason": "test"})
    assert await asyncio.to_thread(pub.drain, 5)
    await _until(lambda: _verified(store, "t2"))
    rows = await _rows(store, "t2")
    assert json.loads(rows[0]["data"])["position"] == "asl | rus-sq9@DR5?"  # opened by the reveal
    assert json.loads(rows[1]["data"]) == {"text": "move rus-sq9 DR5 DR6"}
    pub.stop()
    task.cancel()


async def _count_of(store: Store, table: str, n: int) -> bool:
    return len(await _rows(store, table)) >= n
