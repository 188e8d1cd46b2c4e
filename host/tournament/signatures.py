"""Players' signatures on the final result: Ed25519, made in each player's own page with WebCrypto (the
private key never leaves that browser; the host only ever sees the public key) and checked here.

Why Ed25519 in the page rather than an HMAC with a secret from pairing: an HMAC secret is shared with the
host, so the host (or anyone holding the record and the secret) could make a player's "signature" itself;
an Ed25519 signature can only come from the page that holds the private key, and anyone can check it with
the public key recorded beside it. The player compares the key fingerprint their page shows with the one in
the record (``hexmate record verify`` prints it).

The key is bound to the player who paired: the page sends its public key when it pairs for a side (with a
signature over the pairing code), the record registers it for that side (a ``paired`` entry), and only that
key's signature counts for the side, on the record page and in ``hexmate record verify``.
"""

from __future__ import annotations

import hashlib
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

STATEMENT = "hexmate-result-1"
PAIRING = "hexmate-pair-1"


def pairing_statement(code: str) -> dict[str, Any]:
    """What a player's page signs when it pairs: the pairing code it used (single-use, renewed at once).
    The record keeps the key with this proof that the page holding it is the one that paired (the page
    makes the same text: host/web/static/playerkey.js)."""
    return {"code": code, "statement": PAIRING}


def statement(game: str, result_hash: str, result: dict[str, Any], side: str) -> dict[str, Any]:
    """What a player signs: this game (the record's first hash), the result entry's hash and its text, and
    the side the signer played."""
    return {"statement": STATEMENT, "game": game, "result_entry": result_hash, "result": str(result["text"]),
            "side": side}


def valid(public_key_hex: str, message: str, signature_hex: str) -> bool:
    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_key_hex))
        key.verify(bytes.fromhex(signature_hex), message.encode())
    except (ValueError, InvalidSignature):
        return False
    return True


def fingerprint(public_key_hex: str) -> str:
    """Short form players compare: the first 8 bytes of SHA-256 of the key, in groups of four hex digits."""
    h = hashlib.sha256(bytes.fromhex(public_key_hex)).hexdigest()[:16]
    return " ".join(h[i:i + 4] for i in range(0, 16, 4))
