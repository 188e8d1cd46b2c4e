"""PG's multiplayer game at the table (17.0, ``options.multiplayer``): each named player of a side pairs a
page of his own (a code per player), sees his side's view, acts only with the units he commands, and only the
player the rules name (``answerer``: the units' commander, else the CO) answers a decision; the others' pages
see it and are refused, naming 17.0. The game is the PG demo with a formation-command split of each side."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hexmate.host.service import PageAction, Service
from hexmate.host.web.app import _allowed, create_app

from .leak_rig import demo_data, service_for, write

MULTI = {"command": "formation", "co": {"ger": "hans", "sov": "ivan"},
         "players": {"ger": {"hans": ["g-ldr", "g-inf1", "g-art", "g-sgt"],
                             "karl": ["g-inf2", "g-hmg", "g-tl", "g-pz1", "g-pz2"]},
                     "sov": {"ivan": ["s-ldr", "s-inf1", "s-art", "s-hmg"],
                             "oleg": ["s-inf2", "s-smg", "s-t34a", "s-t34b"]}}}


def _service(tmp: Path, multi: dict[str, Any] | None = MULTI) -> Service:
    data = demo_data("pg")
    if multi is not None:
        data["options"]["multiplayer"] = multi
    return service_for(tmp, "pg", write(tmp, "multi.json", data), record=False)


def _act(service: Service, side: str, player: str, text: str) -> str:
    """One page action from ``player``'s page; the notice it left ("" when none was refused)."""
    service.handle(PageAction("act", {"text": text}, side=side, player=player))
    return service.notice["text"] if service.notice.get("level") == "error" else ""


def test_each_player_pairs_his_own_seat_and_sees_his_sides_view(tmp_path: Path) -> None:
    """17.0: a code per named player (no code for the side as a whole); each code buys a player page of that
    side and player, sent the side's own view (its hidden information as for a one-player side)."""
    from fastapi.testclient import TestClient

    app = create_app(_service(tmp_path))
    codes = app.state.pairing.codes()
    assert set(codes) == {"ger:hans", "ger:karl", "sov:ivan", "sov:oleg", "spectator"}
    host = TestClient(app)
    shown = {p["key"]: p["name"] for p in host.get("/api/pairing").json()["pairing"]}
    assert shown["ger:karl"].endswith(": karl")
    lan = TestClient(app, client=("192.168.1.20", 5000))
    roles = {}
    for key in ("ger:hans", "ger:karl"):
        got = lan.post("/api/pair", json={"code": codes[key]}).json()
        roles[key] = got["role"]
        with lan.websocket_connect(f"/ws?token={got['token']}") as ws:
            hello = ws.receive_json()
            ws.receive_json()  # the map
            view = ws.receive_json()
        assert hello["player"] == key.split(":")[1] and hello["side"] == "ger"
        assert view["audience"] == "ger"
    assert roles["ger:hans"] == {"kind": "player", "side": "ger", "player": "hans"}
    assert lan.post("/api/pair", json={"code": codes["ger:hans"]}).status_code == 403  # used up
    paired = app.state.pairing.pair(app.state.pairing.codes()["ger:karl"])[1]
    sent = _allowed(paired, PageAction("act", {"text": "pass"}))
    assert isinstance(sent, PageAction) and (sent.side, sent.player) == ("ger", "karl")


def test_without_multiplayer_the_sides_pair_as_before(tmp_path: Path) -> None:
    app = create_app(_service(tmp_path, None))
    assert set(app.state.pairing.codes()) == {"ger", "sov", "spectator"}


def test_decisions_go_to_the_player_named_and_units_to_their_commander(tmp_path: Path) -> None:
    """17.0: the initiative rolls are the COs' (hans, ivan): karl and oleg are refused and nothing changes.
    In play karl may not activate or move hans's units (g-ldr, g-inf1) and hans not karl's (g-hmg); each moves
    his own. The fire's dice are for the player commanding the firer (hans's g-art), not karl."""
    service = _service(tmp_path)
    session = service.session
    first = session.position.decision
    assert first is not None and first.kind == "roll"
    assert "17.0" in _act(service, "ger", "karl", "answer dice 6") and "hans" in service.notice["text"]
    assert session.position.decision == first
    assert _act(service, "ger", "hans", "answer dice 6") == ""
    assert "17.0" in _act(service, "sov", "oleg", "answer dice 1")
    assert _act(service, "sov", "ivan", "answer dice 1") == ""
    assert session.position.decision is None and session.to_act == "ger"
    played = len(session.position.log)
    refused = _act(service, "ger", "karl", "activate g-ldr")
    assert "karl may act only with his own units" in refused and "hans" in refused and "17.0" in refused
    assert "17.0" in _act(service, "ger", "karl", "move g-inf1 DJ3-DJ2 cost 2")
    assert "17.0" in _act(service, "ger", "hans", "move g-hmg DK3-DK2 cost 1")
    assert "17.0" in _act(service, "ger", "karl", "pass")  # a segment passed is the CO's
    assert len(session.position.log) == played
    assert _act(service, "ger", "karl", "move g-hmg DK3-DK2 cost 1") == ""
    assert session.label(session.position.units["g-hmg"].hex) == "DK2"
    assert session.to_act == "ger"
    assert _act(service, "ger", "hans", "fire g-art at DS5") == ""
    top = session.position.decision
    assert top is not None and top.side == "ger"
    assert service.view("ger")["decision"]["answerer"] == "hans"  # karl's page shows it read-only
    assert service.view("sov")["decision"]["answerer"] is None  # the other side is not told whose
    assert "17.0" in _act(service, "ger", "karl", "answer dice 3,4")
    assert session.position.decision == top
    assert _act(service, "ger", "hans", "answer dice 3,4") == ""
    assert session.position.decision != top
