"""The web front: FastAPI app serving the companion page (/), the virtual table (/table, emulated only) and
one WebSocket (/ws) that streams the service's views and takes page actions. Static files, no build step."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.resources
import json
import logging
from pathlib import Path
from typing import Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from hexmate.host.service import PageAction, Service

LOGGER = logging.getLogger(__name__)

STATIC = Path(str(importlib.resources.files("hexmate.host.web") / "static"))
_TABLE_ACTIONS = {"place", "lift", "press"}


def create_app(service: Service) -> FastAPI:
    app = FastAPI(title="hexmate", docs_url=None, redoc_url=None, openapi_url=None)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", response_model=None)
    async def companion() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table", response_model=None)
    async def table() -> FileResponse | HTMLResponse:
        if service.table is None:
            return HTMLResponse(
                "<!doctype html><title>hexmate</title><p>The virtual table exists only when hexmate runs an "
                "emulated table (<code>hexmate demo</code>). <a href='/'>Companion page</a></p>",
                status_code=404,
            )
        return FileResponse(STATIC / "table.html")

    @app.get("/favicon.ico")
    async def favicon() -> HTMLResponse:
        return HTMLResponse(status_code=204)

    @app.get("/api/view")
    async def view() -> JSONResponse:
        return JSONResponse(service.view())

    @app.get("/api/map")
    async def map_data() -> JSONResponse:
        return JSONResponse(service.map_data())

    @app.get("/api/table")
    async def table_view() -> JSONResponse:
        return JSONResponse(service.table_view())

    @app.get("/api/movable")
    async def movable() -> JSONResponse:
        """A unit of the side to act that can move now (for tests, the bench and a "hint" button)."""
        try:
            unit, cell, uid = service.movable_counter()
        except LookupError as e:
            return JSONResponse({"error": str(e)}, status_code=404)
        label = service.board.cells[cell].label if service.board is not None else str(cell)
        return JSONResponse({"unit": unit, "cell": cell, "cell_label": label, "uid": uid})

    @app.websocket("/ws")
    async def ws(socket: WebSocket) -> None:
        await socket.accept()
        queue = service.subscribe()
        try:
            await socket.send_json(service.map_data())
            await socket.send_json(service.view())
            if service.table is not None:
                await socket.send_json(service.board_data())
                await socket.send_json(service.table_view())
            await _pump(socket, queue, service)
        except WebSocketDisconnect:
            pass
        finally:
            service.unsubscribe(queue)

    return app


async def _pump(socket: WebSocket, queue: asyncio.Queue[dict[str, Any]], service: Service) -> None:
    async def outgoing() -> None:
        while True:
            await socket.send_json(await queue.get())

    sender = asyncio.create_task(outgoing())
    try:
        while True:
            text = await socket.receive_text()
            action = _parse_action(text)
            if action is None:
                await socket.send_json({"type": "error", "text": "unrecognised page action"})
                continue
            service.submit(action)
    finally:
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sender


def _parse_action(text: str) -> PageAction | None:
    try:
        msg = json.loads(text)
    except json.JSONDecodeError:
        return None
    if not isinstance(msg, dict):
        return None
    kind = msg.get("type")
    if kind == "sync":
        return PageAction("sync")
    if kind == "enroll":
        uid, unit = msg.get("uid"), msg.get("unit")
        if not isinstance(uid, str) or not isinstance(unit, str) or not uid or not unit:
            return None
        return PageAction("enroll", {"uid": uid, "unit": unit})  # checked by the service, which names why
    if kind in _TABLE_ACTIONS:
        try:
            if kind == "press":
                return PageAction(kind, {"button": int(msg["button"])})
            uid = str(msg["uid"])
            if not uid or not all(c in "0123456789ABCDEFabcdef" for c in uid):
                return None
            return PageAction(kind, {"cell": int(msg["cell"]), "uid": uid.upper()})
        except (KeyError, TypeError, ValueError):
            return None
    return None
