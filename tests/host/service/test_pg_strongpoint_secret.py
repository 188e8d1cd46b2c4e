"""PG strongpoints drawn from the cup at set-up (16.1, drawn and placed as 16.6's minefield markers) at the
table: the Soviet player draws one of his two strongpoint counters in secret (two dice on a private decision)
and places it. Which counter was drawn, the dice that drew it and the hexes it may go to reach the Soviet page
and the record's sealed sidecar only; the German and the spectators' sockets, the LED frame, the notices and
``last_actions`` carry none of it until it is placed, when it is a unit on the board like any other and the
table is told to put it there. The fold of the record draws the same counter."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hexmate.host.game import GameSession
from hexmate.host.service import PageAction, Service
from hexmate.host.table.views import CHANGE
from hexmate.host.web.app import create_app

from .leak_rig import chosen, demo_data, service_for, views, write

AREA = ["DP4", "DP5"]
SECRET = re.compile(r"s-spa|s-spb|sov-sp|dice 2,3|\bDP4\b|\bDP5\b")



def _views(app: object) -> dict[str, str]:
    return views(app, ("ger", "sov", "spectator"))

def _scenario(tmp: Path) -> Path:
    data = demo_data("pg")
    data["counters"]["sov-spa"] = {"type": "personnel", "df": 6, "df_range": 2, "ma": 0, "morale": 8,
                                   "steps": 1, "strongpoint": 1}
    data["counters"]["sov-spb"] = {**data["counters"]["sov-spa"], "df": 4}
    data["units"] += [{"id": "s-spa", "counter": "sov-spa", "side": "sov", "hex": "DP6"},
                      {"id": "s-spb", "counter": "sov-spb", "side": "sov", "hex": "DP6"}]
    data["options"]["strongpoint_cup"] = {"sov": {"cup": ["s-spa", "s-spb"], "draw": 1, "area": AREA}}
    return write(tmp, "sp.json", data)


def _service(tmp: Path) -> Service:
    return service_for(tmp, "pg", _scenario(tmp))


def _clean(service: Service, app: object) -> None:
    views = _views(app)
    for who in ("ger", "spectator"):
        assert not SECRET.search(views[who]), who
    assert not SECRET.search(json.dumps(service.notice))
    assert not any(SECRET.search(str(line)) for line in service.last_actions)
    assert not chosen(service)  # the LEDs light none of the hexes it may go to


def test_the_drawn_strongpoint_reaches_only_its_owner_until_placed(tmp_path: Path) -> None:
    service = _service(tmp_path)
    session = service.session
    app = create_app(service)
    service.handle(PageAction("act", {"text": "answer dice 6"}, side="ger"))  # initiative (3.0 A)
    service.handle(PageAction("act", {"text": "answer dice 1"}, side="sov"))
    top = session.position.decision
    assert top is not None and (top.then, top.side, top.private) == ("strongpoint_draw", "sov", True)
    _clean(service, app)
    service.handle(PageAction("act", {"text": "answer dice 2,3"}, side="sov"))  # 8 % 2 = 0: s-spa
    top = session.position.decision
    assert top is not None and top.then == "strongpoint_place"
    assert "you drew s-spa" in _views(app)["sov"]  # its owner sees what he drew
    _clean(service, app)
    service.handle(PageAction("act", {"text": "answer hex DP5"}, side="sov"))
    pos = session.position
    assert pos.label(pos.units["s-spa"].hex) == "DP5" and "s-spb" not in pos.units
    ger = _views(app)["ger"]
    assert "put strongpoint s-spa on the board in the hex lit (16.1)" in ger and "DP5" in ger
    assert service._overlay()[session.map.parse_label("DP5")] == CHANGE
    assert "s-spb" not in ger and "DP4" not in ger  # the one left in the cup, the hex not chosen

    service.recorder.commit()
    entries = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()]
    assert not any(re.search(r"dice 2,3|hex DP5", json.dumps(e)) for e in entries)  # sealed in the sidecar
    folded = GameSession.from_record(tmp_path / "r.jsonl").position  # the fold draws the same counter
    assert folded.label(folded.units["s-spa"].hex) == "DP5" and "s-spb" not in folded.units
