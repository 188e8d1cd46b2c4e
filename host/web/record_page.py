"""The record page (/record): the result and the players' signatures, the dice statistics with their
chi-square test, the step-by-step replay, and the exports (the rating CSV row, the HTML report). Its own
module and page, beside the companion page, so the game pages stay as they are.

The replay and the report open once a result is recorded: before that they would show what the rules keep
hidden during play (units drawn as the shared page sees them, but move texts name units)."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from hexmate.host.record import read
from hexmate.host.service import PageAction, Service
from hexmate.host.service import results as res
from hexmate.host.tournament.exports import rating_csv, rating_row, report_html
from hexmate.host.web.auth import PLAYER, Pairing
from hexmate.host.web.players import require_role

_HEX = re.compile(r"[0-9a-f]{1,256}")


def register(app: FastAPI, service: Service, static: Any, pairing: Pairing) -> None:
    """The record's routes. Recording a result is a paired player's or the host page's; signing it is only
    the paired player's, for their own side, with the key registered when they paired; spectators and other
    sites are refused (host/web/players.py)."""

    @app.get("/record", response_model=None)
    async def page() -> FileResponse:
        return FileResponse(static / "record.html")

    @app.get("/api/record")
    async def view() -> JSONResponse:
        return JSONResponse({**res.record_view(service), "steps": res.step_count(service)})

    @app.get("/api/replay/{k}")
    async def replay(k: int) -> JSONResponse:
        if service.result is None:
            return JSONResponse({"error": "the replay opens once the result is recorded"}, status_code=403)
        try:
            return JSONResponse(res.replay_step(service, k))
        except LookupError as e:
            return JSONResponse({"error": str(e)}, status_code=404)

    @app.get("/api/history/{k}")
    async def history(k: int, request: Request) -> JSONResponse:
        """A past position for a page's game log during play (any paired page: it is the shared view, and
        names no unit the page's role may not see); /api/replay waits for the result."""
        role = require_role(pairing, request)
        try:
            return JSONResponse(res.history_step(service, k, role.audience))
        except LookupError as e:
            return JSONResponse({"error": str(e)}, status_code=404)

    @app.get("/record.csv", response_model=None)
    async def csv() -> Response:
        if service.record is None:
            return PlainTextResponse("this game has no record", status_code=404)
        service.record.commit()
        return PlainTextResponse(rating_csv([rating_row(read(service.record.path))]), media_type="text/csv")

    @app.get("/report.html", response_model=None)
    async def report() -> Response:
        if service.record is None or service.result is None:
            return PlainTextResponse("the report opens once the result is recorded", status_code=403)
        service.record.commit()
        return HTMLResponse(report_html(service.record.path))

    @app.post("/api/record/result")
    async def result(request: Request) -> JSONResponse:
        if not require_role(pairing, request).may_act:
            return JSONResponse({"error": "a spectator cannot record the result"}, status_code=403)
        body = await _json(request)
        if body is None:
            return JSONResponse({"error": "send the result as a JSON object"}, status_code=400)
        service.submit(PageAction("result", body))
        return JSONResponse({"queued": True}, status_code=202)

    @app.post("/api/record/sign")
    async def sign(request: Request) -> JSONResponse:
        role = require_role(pairing, request)
        if not role.may_act:
            return JSONResponse({"error": "a spectator cannot sign the result"}, status_code=403)
        body = await _json(request)
        if body is None or not all(isinstance(body.get(k), str) for k in ("side", "public_key", "signature")):
            return JSONResponse({"error": "send side, public_key and signature (hex) as JSON"},
                                status_code=400)
        if not (_HEX.fullmatch(body["public_key"]) and _HEX.fullmatch(body["signature"])):
            return JSONResponse({"error": "public_key and signature must be lower-case hex"}, status_code=400)
        if role.kind != PLAYER:
            return JSONResponse({"error": "only the player paired for a side signs for it: pair this page "
                                          "with the side's code"}, status_code=403)
        if body["side"] != role.side:
            return JSONResponse({"error": "a player signs for their own side only"}, status_code=403)
        problem = res.key_problem(service, body["side"], body["public_key"])
        if problem is not None:
            return JSONResponse({"error": problem}, status_code=403)
        service.submit(PageAction("sign", {k: body[k] for k in ("side", "public_key", "signature")}))
        return JSONResponse({"queued": True}, status_code=202)


async def _json(request: Request) -> dict[str, Any] | None:
    try:
        body = await request.json()
    except ValueError:
        return None
    return body if isinstance(body, dict) else None
