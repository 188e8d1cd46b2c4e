"""Roles and pairing for the pages: who is on the other end of a WebSocket, and what it may see and do.

Three roles. The **host** page is the table's own screen (the machine hexmate runs on: a loopback client with
no token); it sees the shared view, drives the virtual table and shows the pairing codes. A **player** page
belongs to one side: it sees that side's concealed units and answers that side's decisions. A **spectator**
page reads the shared view and may do nothing. A page joins as a player or spectator with a pairing code
the host shows (digits, or a QR code of the pairing address); the code buys a token, and the token is what
the WebSocket checks, with the Origin header (a page from another site is refused before anything is sent).
A side's code works once: the next pairing for that side needs a new code from the host, and a new pairing
for a side ends the old token (a lost phone is re-paired, not shared). In a game with several players to a
side (PG 17.0, the game's ``seats``) each named player has a code of his own (key ``side:player``); his page
sees his side's view and acts for him alone (the service asks the rules whose units and decisions are his).
"""

from __future__ import annotations

import ipaddress
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

HOST, PLAYER, SPECTATOR = "host", "player", "spectator"
SHARED = "shared"  # hexmate.host.table.views.SHARED: the audience of the host and spectators
_CODE_DIGITS = 6
_MAX_FAILURES = 20  # wrong codes before every code is renewed (guessing 10**6 codes gets nowhere)


@dataclass(frozen=True)
class Role:
    """What a page is: its kind (host, player, spectator) and, for a player, its side (and his name when a
    side has several players)."""

    kind: str
    side: str | None = None
    player: str | None = None

    @property
    def audience(self) -> str:
        """The view it is sent: a player's own side, else the shared view (no concealed unit named)."""
        return self.side if self.kind == PLAYER and self.side else SHARED

    @property
    def may_act(self) -> bool:
        return self.kind in (HOST, PLAYER)

    def as_dict(self) -> dict[str, str | None]:
        out = {"kind": self.kind, "side": self.side}
        return out if self.player is None else {**out, "player": self.player}  # a seat (PG 17.0)


class PairingError(ValueError):
    """A pairing refused; the text says why, for the page to show."""


class Pairing:
    """The pairing codes the host shows and the tokens they bought (in memory: a restart pairs again)."""

    def __init__(self, sides: tuple[str, ...], seats: Mapping[str, tuple[str, ...]] | None = None) -> None:
        self.sides = sides
        self._roles: dict[str, Role] = {}  # role key ("ger", "rus", "ger:p1" for a seat) -> role
        for side in sides:
            players = (seats or {}).get(side, ())
            self._roles.update({f"{side}:{p}": Role(PLAYER, side, p) for p in players} if players
                               else {side: Role(PLAYER, side)})
        self._roles[SPECTATOR] = Role(SPECTATOR)
        self._codes: dict[str, str] = {}  # role key -> code
        self._tokens: dict[str, Role] = {}
        self._failures = 0
        for key in self._roles:
            self.renew(key)

    def renew(self, key: str) -> str:
        """A fresh code for a side or a seat (or the spectators); the old code stops working."""
        if key not in self._roles:
            raise PairingError(f"no side or player {key!r} to pair (keys: {', '.join(self._roles)})")
        code = "".join(secrets.choice("0123456789") for _ in range(_CODE_DIGITS))
        self._codes[key] = code
        return code

    def codes(self) -> dict[str, str]:
        return dict(self._codes)

    def pair(self, code: str) -> tuple[str, Role]:
        """The token and role a code buys. A side's code is used up; the spectators' code is not."""
        code = code.strip()
        key = next((k for k, c in self._codes.items() if secrets.compare_digest(c, code)), None)
        if key is None:
            self._failures += 1
            if self._failures >= _MAX_FAILURES:
                self._failures = 0
                for k in list(self._codes):
                    self.renew(k)
            raise PairingError("that pairing code is not one the table shows now: ask the host for it")
        role = self._roles[key]
        if role.kind == PLAYER:
            self._tokens = {t: r for t, r in self._tokens.items() if r != role}  # one page per side or seat
            self.renew(key)
        token = secrets.token_urlsafe(24)
        self._tokens[token] = role
        return token, role

    def role_of(self, token: str | None, client: str | None, *, wanted: str | None = None) -> Role | None:
        """The role of a connection: its token's, else the host's for a loopback client (which may ask to
        be a spectator instead); None when it has neither (a LAN page that has not paired)."""
        if token:
            return self._tokens.get(token)
        if is_loopback(client):
            return Role(SPECTATOR) if wanted == SPECTATOR else Role(HOST)
        return None


def is_loopback(client: str | None) -> bool:
    if not client:
        return False
    if client in ("testclient", "localhost"):  # Starlette's TestClient names its client so
        return True
    try:
        return ipaddress.ip_address(client).is_loopback
    except ValueError:
        return False


def origin_allowed(origin: str | None, host_header: str | None) -> bool:
    """A browser names the page's origin on every WebSocket; it must be this server's own (same host and
    port as the Host header), so a page of another site open in the same browser cannot play. Clients that
    are not browsers send none and are judged by their token alone."""
    if origin is None:
        return True
    if not host_header:
        return False
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host_header.lower()


def qr_svg(text: str, title: str) -> str:
    """The QR code of a pairing address as inline SVG, with a title for screen readers."""
    import segno

    svg: str = segno.make(text, error="m").svg_inline(scale=4, border=2, title=title, svgclass="qr",
                                                     lineclass=None, dark="#000", light="#fff")
    return svg


__all__ = ["HOST", "PLAYER", "SPECTATOR", "Pairing", "PairingError", "Role", "is_loopback",
           "origin_allowed", "qr_svg"]
