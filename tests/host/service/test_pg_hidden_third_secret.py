"""PG's hidden units when the scenario names none (17.0, the one-third rule) at the table: the Soviet side,
set up partly DUG IN, names on its own page which units hide, then writes down where. The hex reaches the
Soviet page and the record's sealed sidecar only: neither the German nor the spectators' socket, the notices,
``last_actions`` nor the record's public entries carry it, and the fold of the record restores it. (Which unit
left the board is seen, as the order of battle is at the table.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

from hexmate.host.game import GameSession
from hexmate.host.service import PageAction, Service
from hexmate.host.web.app import create_app

from .leak_rig import chosen, demo_data, service_for, views, write

TARGET = "DX5"



def _views(app: object) -> dict[str, str]:
    return views(app, ("ger", "sov", "spectator"))

def _scenario(tmp: Path) -> Path:
    data = demo_data("pg")
    for unit in data["units"]:
        if unit["id"] == "s-hmg":
            unit["markers"] = ["dug_in"]  # the scenario lets the Soviets start in foxholes (16.2)
    data["options"]["hidden_third"] = {"sov": {}}
    return write(tmp, "third.json", data)


def _service(tmp: Path) -> Service:
    return service_for(tmp, "pg", _scenario(tmp))


def test_the_one_third_rules_hexes_reach_only_their_owner(tmp_path: Path) -> None:
    service = _service(tmp_path)
    session = service.session
    app = create_app(service)
    service.handle(PageAction("act", {"text": "answer dice 6"}, side="ger"))  # initiative (3.0 A)
    service.handle(PageAction("act", {"text": "answer dice 1"}, side="sov"))
    top = session.position.decision
    assert top is not None and (top.then, top.side, top.private) == ("hidden_third", "sov", True)
    service.handle(PageAction("act", {"text": "answer units s-hmg"}, side="sov"))
    top = session.position.decision
    assert top is not None and top.then == "hidden_place" and top.private
    assert TARGET in {session.label(h) for h in top.hexes}
    hexes = re.compile(rf"\b{TARGET}\b")
    for who in ("ger", "spectator"):
        assert not hexes.search(_views(app)[who]), who
    service.handle(PageAction("act", {"text": f"answer hex {TARGET}"}, side="sov"))
    assert session.position.units["s-hmg"].hex is None
    after = _views(app)
    for who in ("ger", "spectator"):
        assert not hexes.search(after[who]) and "answer hex" not in after[who], who
    assert not hexes.search(json.dumps(service.notice))
    assert not any(hexes.search(str(line)) for line in service.last_actions)
    assert not chosen(service)

    service.recorder.commit()
    entries = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()]
    assert not any(hexes.search(json.dumps(e)) for e in entries)  # sealed until the game ends
    folded = GameSession.from_record(tmp_path / "r.jsonl").position
    assert folded.game.gstate(folded.state).hidden == (("s-hmg", session.map.parse_label(TARGET)),)
