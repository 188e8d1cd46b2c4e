"""Roles and pairing: a side's code works once, a page of another site or a LAN page without a pairing is
refused before anything is sent, spectators only watch, a player acts for its own side only, and hidden
units never travel on a socket that may not see them (checked on the raw WebSocket text)."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient
from hexmate.host.service import PageAction
from hexmate.host.web.app import create_app
from hexmate.host.web.auth import HOST, PLAYER, SPECTATOR, Pairing, PairingError, Role, origin_allowed, qr_svg
from starlette.websockets import WebSocketDisconnect

from ..service.test_core import Rig

CONCEALED = ("rus-8-1", "rus-sq1", "rus-sq3", "rus-sq5")  # concealed in the ASL demo's set-up


def test_a_sides_code_works_once_and_a_new_pairing_ends_the_old_token() -> None:
    pairing = Pairing(("ger", "rus"))
    code = pairing.codes()["rus"]
    token, role = pairing.pair(code)
    assert role == Role(PLAYER, "rus") and role.audience == "rus" and role.may_act
    with pytest.raises(PairingError, match="not one the table shows"):
        pairing.pair(code)  # used up: the opponent cannot pair as rus with the code they glimpsed
    second, _ = pairing.pair(pairing.codes()["rus"])
    assert pairing.role_of(token, "192.168.1.9") is None and pairing.role_of(second, "192.168.1.9") == role
    spectators = pairing.codes()[SPECTATOR]
    a, watcher = pairing.pair(spectators)
    b, _ = pairing.pair(spectators)  # one code for every spectator
    assert a != b and watcher == Role(SPECTATOR) and watcher.audience == "shared" and not watcher.may_act


def test_wrong_codes_are_refused_and_many_of_them_renew_every_code() -> None:
    pairing = Pairing(("ger", "rus"))
    before = pairing.codes()
    wrong = next(c for c in ("000000", "111111", "222222") if c not in before.values())
    for _ in range(20):
        with pytest.raises(PairingError):
            pairing.pair(wrong)
    assert all(before[k] != v for k, v in pairing.codes().items() if before[k] not in ("000000",))
    with pytest.raises(PairingError, match="no side"):
        pairing.renew("fra")


def test_roles_of_unpaired_connections_and_origins() -> None:
    pairing = Pairing(("ger", "rus"))
    assert pairing.role_of(None, "127.0.0.1") == Role(HOST)
    assert pairing.role_of(None, "::1", wanted="spectator") == Role(SPECTATOR)
    assert pairing.role_of(None, "192.168.1.20") is None  # a LAN page joins only by pairing
    assert pairing.role_of("forged-token", "127.0.0.1") is None
    assert origin_allowed("http://127.0.0.1:8346", "127.0.0.1:8346")
    assert not origin_allowed("http://evil.example", "127.0.0.1:8346")
    assert not origin_allowed("http://127.0.0.1:9999", "127.0.0.1:8346")
    assert not origin_allowed("null", "127.0.0.1:8346")
    svg = qr_svg("http://192.168.1.5:8346/pair?code=123456", "QR code to join as German")
    assert svg.startswith("<svg") and "<title>QR code to join as German</title>" in svg


def _frames(ws, n: int) -> list[str]:
    return [ws.receive_text() for _ in range(n)]


def test_a_page_of_another_origin_is_refused_before_anything_is_sent(tmp_path) -> None:
    rig = Rig(tmp_path)
    client = TestClient(create_app(rig.service))
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(
            "/ws", headers={"origin": "http://evil.example"}) as ws:
        ws.receive_text()
    assert refused.value.code == 4403
    assert client.get("/api/view", headers={"origin": "http://evil.example"}).status_code == 403
    lan = TestClient(create_app(rig.service), client=("192.168.1.20", 5000))
    with pytest.raises(WebSocketDisconnect), lan.websocket_connect("/ws") as ws:
        ws.receive_text()
    assert lan.get("/api/view").status_code == 403 and lan.get("/api/pairing").status_code == 403
    with client.websocket_connect("/ws", headers={"origin": "http://testserver"}) as ws:
        assert json.loads(ws.receive_text()) == {"type": "role", "kind": "host", "side": None, "lang": "en"}


def test_hidden_units_never_reach_a_socket_that_may_not_see_them(tmp_path) -> None:
    rig = Rig(tmp_path)
    app = create_app(rig.service)
    lan = TestClient(app, client=("192.168.1.20", 5000))
    codes = app.state.pairing.codes()
    rus = lan.post("/api/pair", json={"code": codes["rus"]}).json()
    spectator = lan.post("/api/pair", json={"code": codes["spectator"]}).json()
    ger = lan.post("/api/pair", json={"code": codes["ger"]}).json()
    assert rus["role"] == {"kind": "player", "side": "rus"}
    pattern = re.compile("|".join(CONCEALED))

    def raw(token: str, lang: str = "en") -> str:
        with lan.websocket_connect(f"/ws?token={token}&lang={lang}") as ws:
            return "".join(_frames(ws, 3))  # role, map, view: a LAN page gets no virtual table

    for token in (spectator["token"], ger["token"]):
        for lang in ("en", "ja"):
            text = raw(token, lang)
            assert '"type": "view"' in text or '"type":"view"' in text
            assert not pattern.search(text), pattern.search(text)
    assert set(pattern.findall(raw(rus["token"]))) == set(CONCEALED)  # the owner sees its own
    # a page asking where hidden units may go learns nothing
    with lan.websocket_connect(f"/ws?token={ger['token']}") as ws:
        _frames(ws, 3)
        ws.send_text(json.dumps({"type": "moves", "units": ["rus-sq1"]}))
        answer = ws.receive_json()
        assert answer["destinations"] == [] and "not on the map for this page" in answer["error"]
        ws.send_text(json.dumps({"type": "moves", "units": ["ger-sq4"]}))
        moves = ws.receive_json()
        do4 = next(d for d in moves["destinations"] if d["hex"] == "DO4")
        assert moves["from"] == "DK4" and do4["action"].startswith("move ger-sq4 DK4-") and do4["cost"]


def test_spectators_only_watch_and_players_act_for_their_own_side(tmp_path) -> None:
    rig = Rig(tmp_path)
    app = create_app(rig.service)
    submitted: list[PageAction] = []
    rig.service.submit = submitted.append  # type: ignore[method-assign]
    lan = TestClient(app, client=("192.168.1.20", 5000))
    codes = app.state.pairing.codes()
    spectator = lan.post("/api/pair", json={"code": codes["spectator"]}).json()["token"]
    rus = lan.post("/api/pair", json={"code": codes["rus"]}).json()["token"]
    with lan.websocket_connect(f"/ws?token={spectator}") as ws:
        _frames(ws, 3)
        ws.send_text('{"type": "done"}')
        assert ws.receive_json() == {"type": "error", "text": "a spectator's page watches only"}
    with lan.websocket_connect(f"/ws?token={rus}") as ws:
        _frames(ws, 3)
        ws.send_text('{"type": "press", "button": 2}')
        assert "only the table's host page" in ws.receive_json()["text"]
        ws.send_text('{"type": "act", "text": "end"}')
        ws.send_text('{"type": "moves", "units": ["rus-sq2"]}')
        ws.receive_json()  # answered after the act was handed over
    assert submitted == [PageAction("act", {"text": "end"}, side="rus")]
    # the service refuses it: German is to act in the German Movement Phase
    rig.service.handle(submitted[0])
    assert "plays for its own side" in rig.service.notice["text"]
    assert rig.service.session.phase_info.id == "MPh"
    rig.service.handle(PageAction("act", {"text": "end"}, side="ger"))
    assert rig.service.session.phase_info.id == "DFPh"
