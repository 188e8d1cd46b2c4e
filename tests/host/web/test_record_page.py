"""The record page's writes: recording the result is a paired player's or the host page's; signing it is
only the paired player's, for their own side, with the key their page registered when it paired. Spectators,
unpaired LAN pages, the host page, other sites and keys not registered at pairing are refused, each with its
reason, before anything is queued for the service."""

from __future__ import annotations

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from fastapi.testclient import TestClient
from hexmate.host.record import canonical, read
from hexmate.host.service import PageAction
from hexmate.host.tournament import signatures
from hexmate.host.web.app import create_app
from hexmate.host.web.auth import SPECTATOR, Pairing

from ..service.test_core import Rig


def _pub(key: Ed25519PrivateKey) -> str:
    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


def _pair_body(code: str, key: Ed25519PrivateKey) -> dict[str, str]:
    """What pair.js sends: the code, this browser's public key and its signature over the code."""
    proof = key.sign(canonical(signatures.pairing_statement(code)).encode()).hex()
    return {"code": code, "public_key": _pub(key), "proof": proof}


def test_pairing_registers_the_players_key_and_only_that_key_signs_for_the_side(tmp_path) -> None:
    rig = Rig(tmp_path)
    pairing = Pairing(("ger", "rus"))
    lan = TestClient(create_app(rig.service, pairing), client=("192.168.1.20", 5000))
    queued: list[PageAction] = []
    rig.service.submit = queued.append  # type: ignore[method-assign]
    anna, mallory = Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()

    # a key whose proof is not over this code (replayed from another pairing) is refused, the code kept
    code = pairing.codes()["ger"]
    bad = {**_pair_body("000000", anna), "code": code}
    r = lan.post("/api/pair", json=bad)
    assert r.status_code == 400 and "valid signature over the code" in r.json()["error"]
    assert pairing.codes()["ger"] == code and queued == []

    ger = lan.post("/api/pair", json=_pair_body(code, anna)).json()["token"]
    watcher = lan.post("/api/pair", json={"code": pairing.codes()[SPECTATOR]}).json()["token"]
    assert [(a.kind, a.data["side"], a.data["public_key"]) for a in queued] == [("paired", "ger", _pub(anna))]
    rig.service.handle(queued.pop())  # the service registers it in the record
    paired = [e.data for e in read_committed(rig)]
    assert paired[-1]["side"] == "ger" and paired[-1]["public_key"] == _pub(anna)
    assert rig.service.player_keys == {"ger": _pub(anna)}

    def sign(side: str, token: str | None, key: Ed25519PrivateKey) -> tuple[int, str]:
        headers = {"x-hexmate-token": token} if token else {}
        r = lan.post("/api/record/sign", json={"side": side, "public_key": _pub(key),
                                               "signature": "cd" * 64}, headers=headers)
        return r.status_code, r.json().get("error", "")

    assert sign("ger", None, anna)[0] == 403  # a LAN page that never paired
    assert sign("ger", watcher, anna)[0] == 403  # a spectator
    assert sign("rus", ger, anna) == (403, "a player signs for their own side only")
    status, why = sign("ger", ger, mallory)  # the German page, but a key other than the one it paired with
    assert status == 403 and why == "this is not the key registered when the ger player paired"
    assert lan.post("/api/record/result", json={"winner": "ger"},
                    headers={"x-hexmate-token": watcher}).status_code == 403
    host = TestClient(create_app(rig.service, pairing))  # the table's own page: records, never signs
    r = host.post("/api/record/sign", json={"side": "ger", "public_key": _pub(anna), "signature": "cd" * 64})
    assert r.status_code == 403 and "only the player paired for a side signs" in r.json()["error"]
    assert queued == []
    assert sign("ger", ger, anna)[0] == 202
    assert [(a.kind, a.data["side"]) for a in queued] == [("sign", "ger")]
    other_site = TestClient(create_app(rig.service, pairing))
    assert other_site.post("/api/record/sign", json={"side": "ger", "public_key": _pub(anna),
                                                     "signature": "cd" * 64},
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
    assert (now["k"], now["text"], now["phase"]) == (1, "phase ended", "Defensive Fire Phase")
    ja = lan.get("/api/history/-1?lang=ja", headers={"x-hexmate-token": ger_token}).json()
    assert (ja["text"], ja["phase"]) == ("フェイズを終了しました", "防御射撃フェイズ")
    refused = lan.get("/api/history/5", headers={"x-hexmate-token": ger_token, "x-hexmate-lang": "ja"})
    assert refused.json() == {"error": "ステップ 5 はありません：このゲームのステップは 1 までです"}
    assert lan.get("/api/history/5", headers={"x-hexmate-token": ger_token}).status_code == 404
    assert lan.get("/api/history/0").status_code == 403  # a LAN page that never paired
    assert TestClient(create_app(rig.service, pairing)).get(
        "/api/history/0", headers={"origin": "http://evil.example"}).status_code == 403
    # a unit hidden from the page is a '?' in a step's text, whole ids only
    assert res._unnamed("fire rus-sq1,rus-sq10 at DK4", frozenset({"rus-sq1"})) == "fire ?,rus-sq10 at DK4"


def test_a_side_whose_player_paired_without_a_key_cannot_sign(tmp_path) -> None:
    rig = Rig(tmp_path)
    pairing = Pairing(("ger", "rus"))
    lan = TestClient(create_app(rig.service, pairing), client=("192.168.1.21", 5000))
    queued: list[PageAction] = []
    rig.service.submit = queued.append  # type: ignore[method-assign]
    token = lan.post("/api/pair", json={"code": pairing.codes()["rus"]}).json()["token"]
    assert queued == []  # nothing to register
    r = lan.post("/api/record/sign", json={"side": "rus", "public_key": "ab" * 32, "signature": "cd" * 64},
                 headers={"x-hexmate-token": token})
    assert r.status_code == 403 and r.json()["error"].startswith("no key was registered when the rus player "
                                                                 "paired")


def read_committed(rig: Rig) -> list:
    assert rig.service.record is not None
    rig.service.record.commit()
    return [e for e in read(rig.record_path) if e.kind == "paired"]


def test_a_past_step_draws_the_position_of_that_step_not_the_position_now(tmp_path) -> None:
    from hexmate.host.service import PageAction
    from hexmate.host.service import results as res

    rig = Rig(tmp_path)
    rig.service.handle(PageAction("act", {"text": "move ger-sq4 DK4-DL4"}))  # one step: the squad moves on
    assert res.history_step(rig.service, -1, "ger")["k"] == 1
    before, now = (res.history_step(rig.service, k, "ger") for k in (0, 1))
    assert before["counters"]["DK4"] == ["8-0", "4-6-7"] and "DL4" not in before["counters"]
    assert now["counters"]["DK4"] == ["8-0"] and now["counters"]["DL4"] == ["4-6-7"]
    assert before["svg"] != now["svg"]
