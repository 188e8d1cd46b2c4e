"""The players' and spectators' side of the web front: the pages (/play, /pair), pairing (/api/pair, and the
host's /api/pairing with the codes and QR codes), the message catalogues (/api/i18n/<lang>) and the role of
every connection (host/web/auth.py decides; this module reads the request)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse
from hexmate.host import i18n
from hexmate.host.record import canonical
from hexmate.host.service import PageAction
from hexmate.host.tournament import signatures
from hexmate.host.web.auth import HOST, PLAYER, SPECTATOR, Pairing, PairingError, Role, origin_allowed, qr_svg

if TYPE_CHECKING:
    from pathlib import Path

    from hexmate.host.service import Service

_LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]", "testserver")
_HEX = re.compile(r"[0-9a-f]{1,256}")


def pairing_for(service: Service) -> Pairing:
    session = service.session
    sides = tuple(s.id for s in session.scenario.sides)
    game = getattr(session, "game", None)  # a page test's stand-in session has none: one page per side
    return Pairing(sides, game.seats(session.scenario) if game is not None else None)


def connection_role(pairing: Pairing, conn: Request | WebSocket) -> Role | None:
    """Who this request or socket is, or None to refuse it: a foreign Origin is refused whatever it holds;
    a token names its role; a loopback client without one is the host page (or a spectator when it asks),
    unless its Host header is not a loopback name (a DNS-rebinding page reaching the host's port)."""
    headers = conn.headers
    if not origin_allowed(headers.get("origin"), headers.get("host")):
        return None
    token = conn.query_params.get("token") or headers.get("x-hexmate-token")
    client = conn.client.host if conn.client is not None else None
    role = pairing.role_of(token, client, wanted=conn.query_params.get("role"))
    if role is not None and role.kind == HOST:
        hostname = (headers.get("host") or "").rsplit(":", 1)[0].lower()
        if hostname not in _LOOPBACK_NAMES:
            return None
    return role


def add_player_routes(app: FastAPI, service: Service, pairing: Pairing, static: Path) -> None:
    @app.get("/play", response_model=None)
    async def play() -> FileResponse:
        return FileResponse(static / "play.html")

    @app.get("/pair", response_model=None)
    async def pair_page() -> FileResponse:
        return FileResponse(static / "pair.html")

    @app.post("/api/pair")
    async def pair(request: Request) -> JSONResponse:
        if not origin_allowed(request.headers.get("origin"), request.headers.get("host")):
            return JSONResponse({"error": "pairing from another site's page is refused"}, status_code=403)
        try:
            body = await request.json()
        except ValueError:
            body = None
        code = body.get("code") if isinstance(body, dict) else None
        if not isinstance(code, str) or not code.strip().isdigit() or len(code.strip()) > 12:
            return JSONResponse({"error": "a pairing code is the digits the table's host page shows"},
                                status_code=400)
        code = code.strip()
        assert isinstance(body, dict)
        key, proof = body.get("public_key"), body.get("proof")
        if key is not None and not (isinstance(key, str) and isinstance(proof, str) and _HEX.fullmatch(key)
                                    and _HEX.fullmatch(proof) and signatures.valid(
                                        key, canonical(signatures.pairing_statement(code)), proof)):
            return JSONResponse({"error": "the player key sent with the pairing does not carry a valid "
                                          "signature over the code (hexmate-pair-1)"}, status_code=400)
        try:
            token, role = pairing.pair(code)
        except PairingError as e:
            return JSONResponse({"error": str(e)}, status_code=403)
        if role.kind == PLAYER and role.side is not None and key is not None:
            # the key this player signs with, registered for the side in the record (docs/RECORD.md)
            service.submit(PageAction("paired", {"side": role.side, "public_key": key, "code": code,
                                                 "proof": proof}))
        return JSONResponse({"token": token, "role": role.as_dict()})

    @app.get("/api/pairing")
    async def pairing_codes(request: Request) -> JSONResponse:
        """The codes to show at the table (host page only), each with its QR code of the pairing address."""
        _host_only(pairing, request)
        base = f"{request.url.scheme}://{request.headers.get('host', 'localhost')}"
        out: list[dict[str, Any]] = []
        names = {s.id: s.name for s in service.session.scenario.sides}
        for key, code in pairing.codes().items():
            side, _, player = key.partition(":")  # a seat of a side with several players (PG 17.0)
            name = names.get(key, "Spectators" if key == SPECTATOR else key)
            if player:
                name = f"{names.get(side, side)}: {player}"
            url = f"{base}/pair?code={code}"
            out.append({"key": key, "name": name, "code": code, "url": url,
                        "qr": qr_svg(url, f"QR code to join as {name}")})
        return JSONResponse({"pairing": out})

    @app.post("/api/pairing/{key}")
    async def renew(key: str, request: Request) -> JSONResponse:
        _host_only(pairing, request)
        try:
            code = pairing.renew(key)
        except PairingError as e:
            return JSONResponse({"error": str(e)}, status_code=404)
        return JSONResponse({"key": key, "code": code})

    @app.get("/api/i18n/{lang}")
    async def messages(lang: str) -> JSONResponse:
        if lang not in i18n.LANGS:
            return JSONResponse({"error": f"no language {lang[:10]!r}"}, status_code=404)
        return JSONResponse({"lang": lang, "messages": i18n.catalogue(lang)})


def _host_only(pairing: Pairing, request: Request) -> None:
    role = connection_role(pairing, request)
    if role is None or role.kind != HOST:
        raise HTTPException(403, "only the table's host page may do this")


def require_role(pairing: Pairing, request: Request) -> Role:
    """The role of an API request; a page that has not paired (or another site's) is refused."""
    role = connection_role(pairing, request)
    if role is None:
        raise HTTPException(403, "pair this page first (the table's host page shows the code)")
    return role


__all__ = ["add_player_routes", "connection_role", "pairing_for", "require_role"]
