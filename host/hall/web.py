"""The director's dashboard (FastAPI): every table live (phase, turn, last action, link health), rounds and
pairings, results with their verification status, standings, rating rows per round as CSV, and each
table's read-only spectator view. Reading is open (the hall serves on localhost by default); every change
needs the director's session: a password login sets an HttpOnly, SameSite=Strict cookie, and changes are
JSON requests from the same origin, so a page elsewhere cannot make them."""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import hmac
import importlib.resources
import json
import secrets
import time
import urllib.parse
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    StreamingResponse,
)
from fastapi.staticfiles import StaticFiles
from hexmate.host.hall import standings as st
from hexmate.host.hall.service import Hall
from hexmate.host.hall.store import Store

STATIC = Path(str(importlib.resources.files("hexmate.host.hall") / "static"))
COOKIE = "hexmate_hall"
SESSION_S = 8 * 3600
STALE_S = 30  # a table silent this long is shown as "silent"


class Director:
    """The director's password (kept only as a scrypt hash) and the open sessions."""

    def __init__(self, password: str) -> None:
        if len(password) < 8:
            raise ValueError("the director's password must have at least 8 characters")
        self._salt = secrets.token_bytes(16)
        self._hash = self._kdf(password)
        self.sessions: dict[str, float] = {}

    def _kdf(self, password: str) -> bytes:
        return hashlib.scrypt(password.encode(), salt=self._salt, n=2**14, r=8, p=1)

    def login(self, password: str) -> str | None:
        if not hmac.compare_digest(self._kdf(password), self._hash):
            return None
        token = secrets.token_urlsafe(32)
        self.sessions[token] = time.monotonic() + SESSION_S
        return token

    def valid(self, token: str | None) -> bool:
        expiry = self.sessions.get(token or "")
        return expiry is not None and expiry > time.monotonic()


def link_health(table: dict[str, Any], now: datetime.datetime) -> str:
    """live / silent (nothing for STALE_S seconds) / offline (the broker saw it go) / closed."""
    if table["link"] in ("offline", "closed"):
        return str(table["link"])
    seen = table["seen_at"]
    if seen is None:
        return "unknown"
    return "live" if (now - seen).total_seconds() < STALE_S else "silent"


def _jsonable(obj: Any) -> Any:
    if isinstance(obj, datetime.datetime | datetime.date):
        return obj.isoformat()
    raise TypeError(type(obj).__name__)


def create_app(store: Store, hall: Hall | None, director: Director) -> FastAPI:
    app = FastAPI(title="hexmate hall", docs_url=None, redoc_url=None, openapi_url=None)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def is_director(request: Request) -> bool:
        return director.valid(request.cookies.get(COOKIE))

    def require_director(request: Request) -> None:
        if not is_director(request):
            raise HTTPException(403, "only the director, logged in, may change the hall")
        if request.headers.get("content-type", "").split(";")[0] != "application/json":
            raise HTTPException(415, "changes are JSON requests from the dashboard")
        origin = request.headers.get("origin")
        if origin is not None and urllib.parse.urlsplit(origin).netloc != request.headers.get("host"):
            raise HTTPException(403, "changes come from the dashboard's own page")

    async def body(request: Request) -> dict[str, Any]:
        try:
            data = json.loads(await request.body())
        except ValueError:
            raise HTTPException(400, "the request body is not JSON") from None
        if not isinstance(data, dict):
            raise HTTPException(400, "the request body is a JSON object")
        return data

    @app.get("/", response_model=None)
    async def dashboard() -> FileResponse:
        return FileResponse(STATIC / "hall.html")

    @app.get("/tables/{table}", response_model=None)
    async def spectator(table: str) -> FileResponse:
        return FileResponse(STATIC / "spectate.html")

    @app.get("/api/overview")
    async def overview(request: Request) -> JSONResponse:
        data = await store.overview()
        now = datetime.datetime.now(datetime.UTC)
        tables = []
        for t in data["tables"]:
            state = t["state"] or {}
            tables.append({"id": t["id"], "link": link_health(t, now), "entries": t["entries"],
                           "phase": state.get("phase"), "turn": state.get("turn"),
                           "to_act": state.get("to_act"), "last_action": state.get("last_action", ""),
                           "board": state.get("conn", ""), "seen_at": t["seen_at"]})
        games = [{k: g[k] for k in ("table_id", "game", "round", "result", "director_result", "verified",
                                    "detail", "entries")} for g in data["games"]]
        out = {"director": is_director(request), "tables": tables, "rounds": data["rounds"],
               "pairings": data["pairings"], "games": games, "standings": st.standings(data)}
        return JSONResponse(json.loads(json.dumps(out, default=_jsonable)))

    @app.get("/api/tables/{table}")
    async def table_state(table: str) -> JSONResponse:
        row = await store.table_state(table)
        if row is None:
            raise HTTPException(404, f"no table {table!r} in this hall")
        now = datetime.datetime.now(datetime.UTC)
        link = link_health({**row, "link": row["link"]}, now)
        return JSONResponse({"id": table, "link": link, "state": row["state"]})

    @app.get("/export/round/{round_no}.csv")
    async def export(round_no: int) -> PlainTextResponse:
        data = await store.overview()
        if not any(r["round"] == round_no for r in data["rounds"]):
            raise HTTPException(404, f"no round {round_no}")
        return PlainTextResponse(st.rating_csv(data, round_no), media_type="text/csv", headers={
            "content-disposition": f'attachment; filename="round-{round_no}.csv"'})

    @app.get("/events")
    async def events(request: Request) -> StreamingResponse:
        """Server-sent events: one line per change the hall stored, so pages re-read at once."""
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(256)

        def put(event: dict[str, Any]) -> None:
            if not queue.full():
                queue.put_nowait(event)

        async def stream() -> Any:
            if hall is not None:
                hall.listeners.append(put)
            try:
                yield ": hello\n\n"
                while True:
                    try:
                        event = await asyncio.wait_for(queue.get(), 15)
                        yield f"data: {json.dumps(event)}\n\n"
                    except TimeoutError:
                        yield ": keep-alive\n\n"
                    if await request.is_disconnected():
                        return
            finally:
                if hall is not None and put in hall.listeners:
                    hall.listeners.remove(put)

        return StreamingResponse(stream(), media_type="text/event-stream")

    # --- the director ----------------------------------------------------------------------------------
    @app.post("/login", response_model=None)
    async def login(request: Request) -> RedirectResponse | HTMLResponse:
        form = urllib.parse.parse_qs((await request.body()).decode("utf-8", "replace"))
        token = director.login(form.get("password", [""])[0])
        if token is None:
            return HTMLResponse("<!doctype html><title>hexmate hall</title><p role=alert>Wrong password. "
                                "<a href='/'>Back to the dashboard</a></p>", status_code=401)
        response = RedirectResponse("/", status_code=303)
        response.set_cookie(COOKIE, token, max_age=SESSION_S, httponly=True, samesite="strict",
                            secure=request.url.scheme == "https")
        return response

    @app.post("/logout", response_model=None)
    async def logout(request: Request) -> RedirectResponse:
        director.sessions.pop(request.cookies.get(COOKIE, ""), None)
        response = RedirectResponse("/", status_code=303)
        response.delete_cookie(COOKIE)
        return response

    @app.post("/api/rounds")
    async def add_round(request: Request) -> JSONResponse:
        require_director(request)
        data = await body(request)
        try:
            round_no = int(data["round"])
            date = datetime.date.fromisoformat(str(data["date"]))
            tournament = str(data["tournament"]).strip()
        except (KeyError, ValueError) as e:
            raise HTTPException(400, f"a round needs round (number), date (YYYY-MM-DD), tournament: {e}") \
                from None
        if not tournament:
            raise HTTPException(400, "a round needs the tournament's name")
        await store.add_round(round_no, tournament, date)
        return JSONResponse({"ok": True})

    @app.post("/api/pairings")
    async def add_pairing(request: Request) -> JSONResponse:
        require_director(request)
        data = await body(request)
        players = data.get("players")
        if not isinstance(players, dict) or len(players) != 2 or not all(
                isinstance(v, str) and v.strip() for v in players.values()):
            raise HTTPException(400, "a pairing needs players: {side: name} for both sides")
        try:
            await store.add_pairing(int(data["round"]), str(data["table"]), str(data["scenario"]),
                                    {str(k): v.strip() for k, v in players.items()})
        except (KeyError, ValueError) as e:
            raise HTTPException(400, f"a pairing needs round, table, scenario, players: {e}") from None
        except Exception as e:  # the round does not exist (foreign key): say so
            if type(e).__name__ == "ForeignKeyViolationError":
                raise HTTPException(400, f"round {data.get('round')} does not exist: add it first") from None
            raise
        return JSONResponse({"ok": True})

    @app.post("/api/results")
    async def set_result(request: Request) -> JSONResponse:
        require_director(request)
        data = await body(request)
        winner = data.get("winner")
        if winner is not None and not isinstance(winner, str):
            raise HTTPException(400, "winner is a side, or null for a draw")
        if not await store.set_director_result(str(data.get("table")), str(data.get("game")), winner):
            raise HTTPException(404, "no such game at that table")
        return JSONResponse({"ok": True})

    return app
