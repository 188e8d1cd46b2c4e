"""The director's dashboard over the real store: anyone may read (tables live, rounds, results with their
verification, standings, rating rows), only the logged-in director may change anything, and the changes
are same-origin JSON requests. Games arrive through the hall's message handler as tables send them."""

from __future__ import annotations

import base64
import csv
import datetime
import io
import json
from pathlib import Path

import httpx
import pytest
from hexmate.host.hall.publisher import BrokerConfig, spectator_entry, spectator_state
from hexmate.host.hall.service import Hall
from hexmate.host.hall.store import Store
from hexmate.host.hall.web import COOKIE, Director, create_app, link_health
from hexmate.host.record import Record, canonical

PASSWORD = "correct horse battery"


async def play(hall: Hall, tmp: Path, table: str, winner: str | None, *, finish: bool = True,
               tamper: bool = False) -> str:
    """One game at a table as the hall receives it: live entries, state, then record and result."""
    record = Record.create(tmp / f"{table}.jsonl", {"game": "asl", "table": table})
    entries: list[dict] = []
    record.listeners.append(entries.append)
    record.append("action", {"text": "ger-sq4: DK4 → DL4 (1 MF)"})
    record.commit()  # entries reach listeners once on disk
    record.close()
    first = json.loads(record.path.read_text().splitlines()[0])
    game = first["hash"]
    for e in [first, *entries]:
        body = spectator_entry(table, game, e, frozenset())
        await hall.handle(f"hexmate/table/{table}/entry", canonical(body).encode())
    view = {"type": "view", "phase": "MPh", "turn": 1, "to_act": "ger",
            "last_actions": ["ger-sq4: DK4 → DL4"], "conn": {"state": "live"},
            "counters": {"DL4": [{"id": "ger-sq4", "label": "4-6-7", "side": "ger"}]}}
    state = spectator_state(table, view, "online")
    await hall.handle(f"hexmate/table/{table}/state", canonical(state).encode())
    if finish:
        data = record.path.read_bytes()
        if tamper:
            data = data.replace(b"DL4", b"DM4")
        body = {"table": table, "game": game, "file": record.path.name,
                "record_b64": base64.b64encode(data).decode()}
        await hall.handle(f"hexmate/table/{table}/record", canonical(body).encode())
        await hall.handle(f"hexmate/table/{table}/result",
                          canonical({"table": table, "game": game, "winner": winner}).encode())
    return game


@pytest.fixture
async def hall(store: Store, tmp_path):
    return Hall(store, BrokerConfig(), tmp_path / "records")


@pytest.fixture
async def client(store: Store, hall: Hall):
    app = create_app(store, hall, Director(PASSWORD))
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8350") as c:
        yield c


async def login(client: httpx.AsyncClient) -> None:
    r = await client.post("/login", content=f"password={PASSWORD.replace(' ', '+')}",
                          headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 303
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie


async def test_players_and_spectators_read_but_cannot_change_anything(client, store: Store) -> None:
    assert (await client.get("/")).status_code == 200
    data = (await client.get("/api/overview")).json()
    assert data["director"] is False
    changes = [("/api/rounds", {"round": 1, "date": "2026-11-25", "tournament": "Open"}),
               ("/api/pairings", {"round": 1, "table": "t1", "scenario": "demo",
                                  "players": {"ger": "Anna", "rus": "Boris"}}),
               ("/api/results", {"table": "t1", "game": "x", "winner": "ger"})]
    for path, body in changes:
        r = await client.post(path, json=body)
        assert r.status_code == 403 and "director" in r.json()["detail"]
    r = await client.post("/login", content="password=guess", headers={
        "content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 401 and COOKIE not in r.cookies
    client.cookies.set(COOKIE, "forged-token")
    assert (await client.post("/api/rounds", json=changes[0][1])).status_code == 403
    assert (await store.overview())["rounds"] == []


async def test_the_director_runs_the_rounds(client, hall: Hall, store: Store, tmp_path) -> None:
    await login(client)
    assert (await client.get("/api/overview")).json()["director"] is True
    # a cross-site form post and a request from another origin are refused even with the cookie
    r = await client.post("/api/rounds", content="round=1", headers={
        "content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415
    r = await client.post("/api/rounds", json={"round": 1, "date": "2026-11-25", "tournament": "Open"},
                          headers={"origin": "http://evil.example"})
    assert r.status_code == 403
    r = await client.post("/api/pairings", json={"round": 9, "table": "t1", "scenario": "demo",
                                                 "players": {"ger": "Anna", "rus": "Boris"}})
    assert r.status_code == 400 and "round 9 does not exist" in r.json()["detail"]
    assert (await client.post("/api/rounds", json={"round": 1, "date": "2026-11-25",
                                                   "tournament": "Hexmate Open"})).status_code == 200
    pairings = {"t1": {"ger": "Anna", "rus": "Boris"}, "t2": {"ger": "Carl", "rus": "Dora"},
                "t3": {"ger": "Emil", "rus": "Fay"}}
    for table, players in pairings.items():
        r = await client.post("/api/pairings", json={"round": 1, "table": table, "scenario": "demo",
                                                     "players": players})
        assert r.status_code == 200
    # t1: the Germans win, record verified; t2: a draw; t3: a record changed after the fact
    await play(hall, tmp_path, "t1", "ger")
    await play(hall, tmp_path, "t2", None)
    g3 = await play(hall, tmp_path, "t3", "rus", tamper=True)
    data = (await client.get("/api/overview")).json()
    by_table = {g["table_id"]: g for g in data["games"]}
    assert by_table["t1"]["verified"] == "verified" and by_table["t1"]["round"] == 1
    assert by_table["t3"]["verified"] == "failed" and "hash mismatch" in by_table["t3"]["detail"]
    tables = {t["id"]: t for t in data["tables"]}
    assert tables["t1"]["phase"] == "MPh" and tables["t1"]["last_action"] == "ger-sq4: DK4 → DL4"
    assert tables["t1"]["link"] == "live"
    # standings: a win 1, a draw 1/2; the failed record does not count until the director decides
    rows = {s["player"]: s for s in data["standings"]}
    assert (rows["Anna"]["points"], rows["Boris"]["points"], rows["Carl"]["points"]) == (1.0, 0.0, 0.5)
    assert rows["Fay"]["pending"] == 1 and rows["Fay"]["points"] == 0.0
    assert [s["player"] for s in data["standings"]][:1] == ["Anna"]
    r = await client.post("/api/results", json={"table": "t3", "game": g3, "winner": "ger"})
    assert r.status_code == 200
    rows = {s["player"]: s for s in (await client.get("/api/overview")).json()["standings"]}
    assert rows["Emil"]["points"] == 1.0 and rows["Fay"]["lost"] == 1
    # the rating rows of round 1
    r = await client.get("/export/round/1.csv")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    got = list(csv.DictReader(io.StringIO(r.text)))
    assert [(x["table"], x["players"], x["sides"], x["result"], x["verified"]) for x in got] == [
        ("t1", "Anna;Boris", "ger;rus", "1-0", "verified"),
        ("t2", "Carl;Dora", "ger;rus", "0.5-0.5", "verified"),
        ("t3", "Emil;Fay", "ger;rus", "1-0", "director")]
    assert {x["tournament"] for x in got} == {"Hexmate Open"} and {x["date"] for x in got} == {"2026-11-25"}
    assert (await client.get("/export/round/7.csv")).status_code == 404
    # logged out, the same change is refused again
    await client.post("/logout")
    r = await client.post("/api/results", json={"table": "t3", "game": g3, "winner": "rus"})
    assert r.status_code == 403


async def test_a_spectator_opens_any_table_read_only(client, hall: Hall, tmp_path) -> None:
    await play(hall, tmp_path, "t1", None, finish=False)
    assert (await client.get("/tables/t1")).status_code == 200
    data = (await client.get("/api/tables/t1")).json()
    assert data["state"]["counters"]["DL4"][0]["label"] == "4-6-7" and data["link"] == "live"
    assert (await client.get("/api/tables/nope")).status_code == 404
    assert (await client.post("/api/tables/t1", json={})).status_code == 405


async def test_entries_that_never_came_live_are_filled_from_the_record(hall: Hall, store: Store,
                                                                        tmp_path) -> None:
    record = Record.create(tmp_path / "t4.jsonl", {"game": "asl"})
    for i in range(3):
        record.append("action", {"text": f"move {i}"})
        record.commit()  # entries reach listeners once on disk
    record.close()
    lines = [json.loads(x) for x in record.path.read_text().splitlines()]
    game = lines[0]["hash"]
    for n in (0, 2):  # entries 1 and 3 were acknowledged by a hall that died before storing them
        await hall.handle("hexmate/table/t4/entry", canonical(spectator_entry("t4", game, lines[n],
                                                                              frozenset())).encode())
    body = {"table": "t4", "game": game, "file": "t4.jsonl",
            "record_b64": base64.b64encode(record.path.read_bytes()).decode()}
    await hall.handle("hexmate/table/t4/record", canonical(body).encode())
    rows = await store.pool.fetch("SELECT n, hash FROM entries WHERE table_id = 't4' ORDER BY n")
    assert [(r["n"], r["hash"]) for r in rows] == [(x["n"], x["hash"]) for x in lines]
    g = await store.pool.fetchrow("SELECT verified, detail FROM games WHERE table_id = 't4'")
    assert g["verified"] == "verified" and g["detail"].endswith("2 filled from the record")
    # the same file sent as another game's record is refused
    await hall.handle("hexmate/table/t4/record", canonical({**body, "game": "f" * 64}).encode())
    g = await store.pool.fetchrow("SELECT verified, detail FROM games WHERE game = $1", "f" * 64)
    assert (g["verified"], g["detail"]) == ("failed", "the record is another game's")


def test_link_health_from_the_broker_and_the_clock() -> None:
    now = datetime.datetime(2026, 11, 25, 12, 0, tzinfo=datetime.UTC)
    ago = lambda s: now - datetime.timedelta(seconds=s)  # noqa: E731
    assert link_health({"link": "online", "seen_at": ago(10)}, now) == "live"
    assert link_health({"link": "online", "seen_at": ago(31)}, now) == "silent"
    assert link_health({"link": "offline", "seen_at": ago(1)}, now) == "offline"  # the table's last will
    assert link_health({"link": "closed", "seen_at": ago(1)}, now) == "closed"
    assert link_health({"link": "unknown", "seen_at": None}, now) == "unknown"


async def test_an_older_state_never_replaces_a_newer_one(hall: Hall, store: Store) -> None:
    for turn, sent in ((2, 200.0), (1, 100.0)):  # the newer arrives first, a stale copy after it
        state = {"table": "t5", "turn": turn, "phase": "MPh", "sent": sent}
        await hall.handle("hexmate/table/t5/state", canonical(state).encode())
    assert (await store.table_state("t5"))["state"]["turn"] == 2
    await hall.handle("hexmate/table/t5/state", canonical({"table": "t5", "turn": 3, "sent": 300.0}).encode())
    assert (await store.table_state("t5"))["state"]["turn"] == 3
