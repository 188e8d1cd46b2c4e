"""The web front: FastAPI app serving the companion page (/, the table's host page), the players' and
spectators' page (/play, host/web/players.py), the virtual table (/table, emulated only) and one WebSocket
(/ws) that streams each page the views its role may see and takes the actions its role may send
(host/web/auth.py). Static files, no build step."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.resources
import json
import logging
import re
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from hexmate.host.i18n import lang_of
from hexmate.host.service import PageAction, Service
from hexmate.host.web import record_page
from hexmate.host.web.auth import HOST, PLAYER, Pairing, Role
from hexmate.host.web.players import add_player_routes, connection_role, pairing_for, require_role

LOGGER = logging.getLogger(__name__)

STATIC = Path(str(importlib.resources.files("hexmate.host.web") / "static"))
_TABLE_ACTIONS = {"place", "lift", "press"}


_PLAYER_ACTIONS = {"act", "done", "confirm", "los", "takeback", "moves"}
_HOST_ROLE = Role(HOST)


def create_app(service: Service, pairing: Pairing | None = None) -> FastAPI:
    pairing = pairing if pairing is not None else pairing_for(service)
    app = FastAPI(title="hexmate", docs_url=None, redoc_url=None, openapi_url=None)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.state.pairing = pairing
    add_player_routes(app, service, pairing, STATIC)

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
    async def view(request: Request) -> JSONResponse:
        role = require_role(pairing, request)
        return JSONResponse(service.view(role.audience, lang_of(request.query_params.get("lang"))))

    @app.get("/api/map")
    async def map_data(request: Request) -> JSONResponse:
        require_role(pairing, request)
        return JSONResponse(service.map_data())

    @app.get("/api/table")
    async def table_view(request: Request) -> JSONResponse:
        _host(pairing, request)
        return JSONResponse(service.table_view())

    @app.get("/api/movable")
    async def movable(request: Request) -> JSONResponse:
        """A unit of the side to act that can move now (for tests, the bench and a "hint" button)."""
        _host(pairing, request)
        try:
            unit, cell, uid = service.movable_counter()
        except LookupError as e:
            return JSONResponse({"error": str(e)}, status_code=404)
        label = service.board.cells[cell].label if service.board is not None else str(cell)
        return JSONResponse({"unit": unit, "cell": cell, "cell_label": label, "uid": uid})

    record_page.register(app, service, STATIC, pairing)  # /record: result, signatures, dice, replay, exports

    @app.websocket("/ws")
    async def ws(socket: WebSocket) -> None:
        role = connection_role(pairing, socket)
        if role is None:  # closed before the handshake completes: the browser sees a refused connection
            LOGGER.info("page link refused: origin %s", socket.headers.get("origin"))
            await socket.close(code=4403)
            return
        lang = lang_of(socket.query_params.get("lang"))
        await socket.accept()
        queue = service.subscribe(role.audience, lang, host=role.kind == HOST)
        try:
            await socket.send_json({"type": "role", **role.as_dict(), "lang": lang})
            await socket.send_json(service.map_data())
            await socket.send_json(service.view(role.audience, lang))
            if service.table is not None and role.kind == HOST:
                await socket.send_json(service.board_data())
                await socket.send_json(service.table_view())
            await _pump(socket, queue, service, role)
        except WebSocketDisconnect:
            pass
        finally:
            service.unsubscribe(queue)

    return app


def _host(pairing: Pairing, request: Request) -> None:
    if require_role(pairing, request).kind != HOST:
        from fastapi import HTTPException

        raise HTTPException(403, "only the table's host page may ask this")


def _allowed(role: Role, action: PageAction) -> PageAction | str:
    """The action as this role may send it (a player's carries its side), or why it is refused."""
    if role.kind == HOST:
        return action
    if role.kind != PLAYER:
        return "a spectator's page watches only"
    if action.kind not in _PLAYER_ACTIONS:
        return f"{action.kind}: only the table's host page may do this"
    return PageAction(action.kind, action.data, side=role.side, player=role.player)


async def _pump(socket: WebSocket, queue: asyncio.Queue[dict[str, Any]], service: Service,
                role: Role = _HOST_ROLE) -> None:
    async def outgoing() -> None:
        while True:
            await socket.send_json(await queue.get())

    sender = asyncio.create_task(outgoing())
    try:
        while True:
            text = await socket.receive_text()
            try:
                action = _parse_action(text)
            except BadPageMessage as e:
                LOGGER.info("page message refused: %s", e)
                await socket.send_json({"type": "error", "text": str(e)})
                continue
            allowed = _allowed(role, action)
            if isinstance(allowed, str):
                await socket.send_json({"type": "error", "text": allowed})
                continue
            if action.kind == "moves":  # a read: answered to this page alone, for its own audience
                await socket.send_json(service.moves_view(list(action.data["units"]), role.audience))
                continue
            if action.kind == "dice-next":
                await socket.send_json(_load_dice(service, action))
                continue
            service.submit(allowed)
    finally:
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sender


def _load_dice(service: Service, action: PageAction) -> dict[str, Any]:
    """The virtual table's loaded dice: the emulated board's next draws show these pips (world ``dice-next``),
    so a test or a bug report replays exactly. Only the emulated world has them: no real board can."""
    if service.table is None:
        return {"type": "error", "text": "dice-next: only an emulated table's dice can be loaded"}
    pips = list(action.data["pips"])
    service.table.dice_next(pips)
    return {"type": "dice-next", "pips": pips}


class BadPageMessage(ValueError):
    """A page message that is malformed (not whether it is legal: the service and the rules judge that);
    the text says what is wrong, for the page to show."""


_MAX_TEXT = 200  # an action in text form ("fire rus-sq2 ger-sq1 at DO4 dice 3,4") is far shorter
_MAX_HEX = 12
_MAX_UNIT = 64
_HEX_LABEL = re.compile(r"[A-Za-z0-9._-]+")
_UNIT_ID = re.compile(r"[A-Za-z0-9._:-]+")
_TYPES = ("act", "done", "confirm", "los", "takeback", "sync", "enroll", "place", "lift", "press",
          "dice-next", "moves")
_MAX_GROUP = 12
_MAX_PIPS = 12


def _parse_action(text: str) -> PageAction:
    """The page action a WebSocket message asks for; raises `BadPageMessage` saying what is wrong.

    >>> _parse_action('{"type": "act", "text": "answer hex DK4"}')
    PageAction(kind='act', data={'text': 'answer hex DK4'}, side=None, player=None)
    >>> _parse_action('{"type": "los", "from": "DK4"}')
    Traceback (most recent call last):
    ...
    hexmate.host.web.app.BadPageMessage: los: 'to' is missing (a hex label such as DK4)
    """
    try:
        msg = json.loads(text)
    except json.JSONDecodeError as e:
        raise BadPageMessage(f"the page message is not JSON ({e.msg})") from None
    if not isinstance(msg, dict):
        raise BadPageMessage("a page message must be a JSON object with a 'type'")
    kind = msg.get("type")
    if not isinstance(kind, str) or not kind:
        raise BadPageMessage("the page message has no 'type'")
    if kind not in _TYPES:
        raise BadPageMessage(f"unknown page message type {kind[:40]!r} (expected one of {', '.join(_TYPES)})")
    if kind in ("sync", "done", "takeback"):
        return PageAction(kind)
    if kind == "act":
        return PageAction("act", {"text": _action_text(msg)})
    if kind == "confirm":
        unit = _word(msg, kind, "unit", _UNIT_ID, _MAX_UNIT, "a unit id such as ger-sq4")
        return PageAction("confirm", {"unit": unit})
    if kind == "los":
        return PageAction("los", {key: _word(msg, kind, key, _HEX_LABEL, _MAX_HEX, "a hex label such as DK4")
                                  for key in ("from", "to")})
    if kind == "enroll":
        uid, owner = msg.get("uid"), msg.get("unit")
        if not isinstance(uid, str) or not uid:
            raise BadPageMessage("enroll: 'uid' must be the unknown tag's UID")
        if not isinstance(owner, str) or not owner:
            raise BadPageMessage("enroll: 'unit' must be the id of the unit the tag belongs to")
        return PageAction("enroll", {"uid": uid, "unit": owner})  # checked by the service, which names why
    if kind == "dice-next":
        pips = msg.get("pips")
        if not isinstance(pips, list) or not pips:
            raise BadPageMessage("dice-next: 'pips' must be a list of die faces such as [3, 4]")
        if len(pips) > _MAX_PIPS:
            raise BadPageMessage(f"dice-next: {len(pips)} pips (at most {_MAX_PIPS})")
        if not all(isinstance(p, int) and not isinstance(p, bool) and 1 <= p <= 10 for p in pips):
            raise BadPageMessage(f"dice-next: pips must be 1..10, got {pips}")  # d10s too (Fire Team)
        return PageAction(kind, {"pips": pips})
    if kind == "press":
        return PageAction(kind, {"button": _int(msg, kind, "button")})
    if kind == "moves":
        units = msg.get("units")
        if (not isinstance(units, list) or not units or len(units) > _MAX_GROUP
                or not all(isinstance(u, str) and _UNIT_ID.fullmatch(u) for u in units)):
            raise BadPageMessage(f"moves: 'units' must be a list of 1 to {_MAX_GROUP} unit ids")
        return PageAction(kind, {"units": units})
    tag = msg.get("uid")
    if not isinstance(tag, str) or not tag or not all(c in "0123456789ABCDEFabcdef" for c in tag):
        raise BadPageMessage(f"{kind}: 'uid' must be the tag's UID in hex digits")
    return PageAction(kind, {"cell": _int(msg, kind, "cell"), "uid": tag.upper()})


def _action_text(msg: dict[str, Any]) -> str:
    text = msg.get("text")
    if text is None:
        raise BadPageMessage("act: 'text' is missing (an action such as 'answer hex DK4')")
    if not isinstance(text, str):
        raise BadPageMessage("act: 'text' must be a string")
    text = text.strip()
    if not text:
        raise BadPageMessage("act: the action text is empty; type an action such as 'answer hex DK4'")
    if len(text) > _MAX_TEXT:
        raise BadPageMessage(f"act: the action text is {len(text)} characters long (at most {_MAX_TEXT})")
    if not text.isprintable():
        raise BadPageMessage("act: the action text holds control characters")
    return text


def _word(msg: dict[str, Any], kind: str, key: str, pattern: re.Pattern[str], limit: int, what: str) -> str:
    value = msg.get(key)
    if value is None:
        raise BadPageMessage(f"{kind}: {key!r} is missing ({what})")
    if not isinstance(value, str):
        raise BadPageMessage(f"{kind}: {key!r} must be a string ({what})")
    value = value.strip()
    if not value:
        raise BadPageMessage(f"{kind}: {key!r} is empty ({what})")
    if len(value) > limit:
        raise BadPageMessage(f"{kind}: {key!r} is {len(value)} characters long (at most {limit})")
    if not pattern.fullmatch(value):
        raise BadPageMessage(f"{kind}: {key!r} is {value[:20]!r}, which is not {what}")
    return value


def _int(msg: dict[str, Any], kind: str, key: str) -> int:
    value = msg.get(key)
    if value is None:
        raise BadPageMessage(f"{kind}: {key!r} is missing")
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadPageMessage(f"{kind}: {key!r} must be an integer")
    return value
