"""Roll commitments and authenticators, host side (the board side is firmware/rollauth.py).

The host arms the dice with a 16-byte context: SHA-256 over the record's first hash (which game), the number
of actions played so far and the decision the roll answers. The board signs its roll together with that
context, so a roll belongs to one question of one game: it cannot be invented, changed or moved to another
decision or another record by anyone without the board's key."""

from __future__ import annotations

import hashlib
import hmac
import json

from hexmate.firmware import rollauth, wire


def context(game: str, step: int, decision: str) -> bytes:
    body = json.dumps({"game": game, "step": step, "for": decision}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(body.encode()).digest()[: wire.CONTEXT_LEN]


def mac(key: bytes, board_id: str, epoch: int, counter: int, request: int, button: int, values: list[int],
        ctx: bytes) -> bytes:
    msg = rollauth.message(board_id, epoch, counter, request, button, values, ctx)
    return hmac.new(key, msg, hashlib.sha256).digest()


def authentic(key: bytes, board_id: str, epoch: int, counter: int, request: int, button: int,
              values: list[int], ctx: bytes, got: bytes) -> bool:
    return hmac.compare_digest(mac(key, board_id, epoch, counter, request, button, values, ctx), got)
