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
from hexmate.host.i18n import gettext, lang_of, render_text
from hexmate.host.record import read
from hexmate.host.service import PageAction, Service
from hexmate.host.service import results as res
from hexmate.host.tournament.exports import rating_csv, rating_row, report_html
from hexmate.host.web.auth import PLAYER, Pairing
from hexmate.host.web.players import require_role
from hexmate.rules.text import T

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
    async def replay(k: int, request: Request) -> JSONResponse:
        if service.result is None:
            return _refuse(request, T("the replay opens once the result is recorded"), 403)
        try:
            return JSONResponse(_said(res.replay_step(service, k), _lang(request)))
        except LookupError as e:
            return _refuse(request, e.args[0], 404)

    @app.get("/api/history/{k}")
    async def history(k: int, request: Request) -> JSONResponse:
        """A past position for a page's game log during play (any paired page: it is the shared view, and
        names no unit the page's role may not see); /api/replay waits for the result."""
        role = require_role(pairing, request)
        try:
            return JSONResponse(_said(res.history_step(service, k, role.audience), _lang(request)))
        except LookupError as e:
            return _refuse(request, e.args[0], 404)

    @app.get("/record.csv", response_model=None)
    async def csv(request: Request) -> Response:
        if service.record is None:
            return PlainTextResponse(render_text(T("this game has no record"), _lang(request)),
                                     status_code=404)
        service.record.commit()
        return PlainTextResponse(rating_csv([rating_row(read(service.record.path))]), media_type="text/csv")

    @app.get("/report.html", response_model=None)
    async def report(request: Request) -> Response:
        lang = _lang(request)
        if service.record is None or service.result is None:
            return PlainTextResponse(render_text(T("the report opens once the result is recorded"), lang),
                                     status_code=403)
        service.record.commit()
        return HTMLResponse(report_html(service.record.path, lang=lang))

    @app.post("/api/record/result")
    async def result(request: Request) -> JSONResponse:
        if not require_role(pairing, request).may_act:
            return _refuse(request, T("a spectator cannot record the result"), 403)
        body = await _json(request)
        if body is None:
            return _refuse(request, T("send the result as a JSON object"), 400)
        service.submit(PageAction("result", body))
        return JSONResponse({"queued": True}, status_code=202)

    @app.post("/api/record/sign")
    async def sign(request: Request) -> JSONResponse:
        role = require_role(pairing, request)
        if not role.may_act:
            return _refuse(request, T("a spectator cannot sign the result"), 403)
        body = await _json(request)
        if body is None or not all(isinstance(body.get(k), str) for k in ("side", "public_key", "signature")):
            return _refuse(request, T("send side, public_key and signature (hex) as JSON"), 400)
        if not (_HEX.fullmatch(body["public_key"]) and _HEX.fullmatch(body["signature"])):
            return _refuse(request, T("public_key and signature must be lower-case hex"), 400)
        if role.kind != PLAYER:
            return _refuse(request, T("only the player paired for a side signs for it: pair this page "
                                      "with the side's code"), 403)
        if body["side"] != role.side:
            return _refuse(request, T("a player signs for their own side only"), 403)
        problem = res.key_problem(service, body["side"], body["public_key"])
        if problem is not None:
            return _refuse(request, problem, 403)
        service.submit(PageAction("sign", {k: body[k] for k in ("side", "public_key", "signature")}))
        return JSONResponse({"queued": True}, status_code=202)


def _lang(request: Request) -> str:
    """The asking page's language: ?lang= or its x-hexmate-lang header (record.js, play.js send it)."""
    return lang_of(request.query_params.get("lang") or request.headers.get("x-hexmate-lang"))


def _refuse(request: Request, why: str, status: int) -> JSONResponse:
    """A refusal in the asking page's language (``why`` a T: its template is in hexmate.po)."""
    return JSONResponse({"error": render_text(why, _lang(request))}, status_code=status)


def _said(step: dict[str, Any], lang: str) -> dict[str, Any]:
    """A replay or history step with its log line and phase in the page's language."""
    return {**step, "text": render_text(step["text"], lang), "phase": gettext(lang, str(step["phase"]))}


async def _json(request: Request) -> dict[str, Any] | None:
    try:
        body = await request.json()
    except ValueError:
        return None
    return body if isinstance(body, dict) else None
