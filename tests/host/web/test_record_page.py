"""The record page's writes: recording the result and signing it are a paired player's (for their own side
only) or the host page's; spectators, unpaired LAN pages and other sites are refused before anything is
queued for the service."""

from __future__ import annotations

from fastapi.testclient import TestClient
from hexmate.host.web.app import create_app
from hexmate.host.web.auth import SPECTATOR, Pairing

from ..service.test_core import Rig

SIGNED = {"public_key": "ab" * 32, "signature": "cd" * 64}


def test_only_a_player_signs_for_their_own_side_and_spectators_sign_nothing(tmp_path) -> None:
    rig = Rig(tmp_path)
    pairing = Pairing(("ger", "rus"))
    ger_token, _ = pairing.pair(pairing.codes()["ger"])
    watcher_token, _ = pairing.pair(pairing.codes()[SPECTATOR])
    lan = TestClient(create_app(rig.service, pairing), client=("192.168.1.20", 5000))
    queued = []
    rig.service.submit = queued.append  # type: ignore[method-assign]

    def sign(side: str, token: str | None) -> int:
        headers = {"x-hexmate-token": token} if token else {}
        return lan.post("/api/record/sign", json={"side": side, **SIGNED}, headers=headers).status_code

    assert sign("ger", None) == 403  # a LAN page that never paired
    assert sign("ger", watcher_token) == 403  # a spectator
    assert sign("rus", ger_token) == 403  # the German player cannot sign for the Russian
    assert lan.post("/api/record/result", json={"winner": "ger"},
                    headers={"x-hexmate-token": watcher_token}).status_code == 403
    assert queued == []
    assert sign("ger", ger_token) == 202
    assert [(a.kind, a.data["side"]) for a in queued] == [("sign", "ger")]
    other_site = TestClient(create_app(rig.service, pairing))
    assert other_site.post("/api/record/sign", json={"side": "ger", **SIGNED},
                           headers={"origin": "http://evil.example"}).status_code == 403
