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


CONCEALED = ("rus-8-1", "rus-sq1", "rus-sq3", "rus-sq5")  # the ASL demo's concealed Russians


def test_a_pages_game_log_steps_through_past_positions_folded_from_the_record(tmp_path) -> None:
    from hexmate.host.service import PageAction
    from hexmate.host.service import results as res

    rig = Rig(tmp_path)
    rig.service.handle(PageAction("act", {"text": "end"}))  # the German MPh ends (A3.3): one step
    pairing = Pairing(("ger", "rus"))
    ger_token, _ = pairing.pair(pairing.codes()["ger"])
    watcher_token, _ = pairing.pair(pairing.codes()[SPECTATOR])
    lan = TestClient(create_app(rig.service, pairing), client=("192.168.1.20", 5000))
    got = {}
    for who, token in (("ger", ger_token), ("spectator", watcher_token)):
        r = lan.get("/api/history/0", headers={"x-hexmate-token": token})
        assert r.status_code == 200, r.text
        got[who] = r.json()
    past = got["ger"]
    assert (past["k"], past["steps"], past["text"], past["phase"]) == (0, 1, "set-up", "Movement Phase")
    assert past["counters"]["DR5"] == ["?", "?"]  # rus-8-1 and rus-sq1 concealed (A12.1): only "?"
    assert past["counters"]["DK4"] == ["8-0", "4-6-7"]
    assert got["spectator"] == past
    assert not any(unit in r for unit in CONCEALED for r in (past["svg"], str(past["counters"])))
    now = lan.get("/api/history/-1", headers={"x-hexmate-token": ger_token}).json()
    assert (now["k"], now["text"], now["phase"]) == (1, "end", "Defensive Fire Phase")
    assert lan.get("/api/history/5", headers={"x-hexmate-token": ger_token}).status_code == 404
    assert lan.get("/api/history/0").status_code == 403  # a LAN page that never paired
    assert TestClient(create_app(rig.service, pairing)).get(
        "/api/history/0", headers={"origin": "http://evil.example"}).status_code == 403
    # a unit hidden from the page is a '?' in a step's text, whole ids only
    assert res._unnamed("fire rus-sq1,rus-sq10 at DK4", frozenset({"rus-sq1"})) == "fire ?,rus-sq10 at DK4"
