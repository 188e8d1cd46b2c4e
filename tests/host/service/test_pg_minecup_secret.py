"""PG minefields drawn from the cup at set-up (16.6) at the table: the Soviet player draws two markers in
secret (two dice each, on a private decision) and lays each face down. What was drawn (its attack points or
DECOY) and the dice that drew it reach the Soviet page and the record's sealed sidecar only; the hexes it
may go to are not lit or said, but once it is placed its hex is seen by both and the table is told to put
the marker face down there (16.6). The German and the spectators' sockets, the LED frame, the notices,
``last_actions``, the log's past steps and the hall's entries carry no value, and the fold of the record
draws the same markers."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hexmate.host.game import GameSession
from hexmate.host.hall.publisher import canonical, spectator_entry
from hexmate.host.record import read
from hexmate.host.service import PageAction, Service
from hexmate.host.service.results import history_step
from hexmate.host.table.views import CHANGE
from hexmate.host.web.app import create_app

from .leak_rig import chosen, demo_data, service_for, views, write

AREA = ["DP4", "DP5"]
SECRET = re.compile(r"attack points|DECOY|dice 2,3|dice 4,1|\bDP4\b|\bDP5\b")
VALUE = re.compile(r"attack points|DECOY|dice 2,3|dice 4,1")  # once placed, the hexes are seen (16.6)



def _views(app: object) -> dict[str, str]:
    return views(app, ("ger", "sov", "spectator"))

def _scenario(tmp: Path) -> Path:
    data = demo_data("pg")
    data["options"]["minefield_cup"] = {"sov": {"cup": [3, 2, 0], "draw": 2, "area": AREA}}
    return write(tmp, "cup.json", data)


def _service(tmp: Path) -> Service:
    return service_for(tmp, "pg", _scenario(tmp))


def _clean(service: Service, app: object, placed: tuple[str, ...] = ()) -> None:
    """No drawn value anywhere but the owner's page; no hex the marker may go to until it is placed there
    (16.6: a placed marker lies face down, its hex seen by both sides)."""
    unplaced = [rf"\b{h}\b" for h in AREA if h not in placed]
    secret = re.compile("|".join([VALUE.pattern, *unplaced]))
    views = _views(app)
    for who in ("ger", "spectator"):
        assert not secret.search(views[who]), who
        assert not placed or re.search(rf"\b{placed[-1]}\b", views[who]), who  # the one just placed
    assert not secret.search(json.dumps(service.notice))
    assert not any(secret.search(str(line)) for line in service.last_actions)
    assert not chosen(service)  # the LEDs light none of the hexes it may go to


def test_the_drawn_minefields_reach_only_their_owner_and_the_record(tmp_path: Path) -> None:
    service = _service(tmp_path)
    session = service.session
    app = create_app(service)
    service.handle(PageAction("act", {"text": "answer dice 6"}, side="ger"))  # initiative (3.0 A)
    service.handle(PageAction("act", {"text": "answer dice 1"}, side="sov"))
    top = session.position.decision
    assert top is not None and (top.then, top.side, top.private) == ("mine_draw", "sov", True)
    _clean(service, app)

    service.handle(PageAction("act", {"text": "answer dice 2,3"}, side="ger"))  # not the Germans' to draw
    assert session.position.decision == top
    service.handle(PageAction("act", {"text": "answer dice 2,3"}, side="sov"))  # 8 % 3 = 2: the DECOY
    top = session.position.decision
    assert top is not None and top.then == "mine_place" and "a DECOY" in top.prompt
    assert "you drew a DECOY" in _views(app)["sov"]  # its owner sees what he drew
    _clean(service, app)
    service.handle(PageAction("act", {"text": "answer hex DP4"}, side="sov"))
    _clean(service, app, placed=("DP4",))  # 16.6: the place is seen by both, the face is not
    told = "put a minefield marker face down in DP4 (16.6)"
    assert told in _views(app)["ger"] and told in json.dumps(service.notice)
    assert service._overlay()[session.map.parse_label("DP4")] == CHANGE  # the LED shows where it goes
    service.handle(PageAction("act", {"text": "answer dice 4,1"}, side="sov"))  # 18 % 2 = 0: the 3 points
    assert "3 attack points" in session.position.decision.prompt
    service.handle(PageAction("act", {"text": "answer hex DP5"}, side="sov"))
    _clean(service, app, placed=("DP4", "DP5"))
    laid = session.position.game.gstate(session.position.state).mines_laid
    assert laid == (("DP4", "sov", 0), ("DP5", "sov", 3))

    service.recorder.commit()
    last = history_step(service, -1, "sov")["k"]
    logs = {who: [history_step(service, k, who)["text"] for k in range(last + 1)]
            for who in ("sov", "ger", "shared")}
    assert any(SECRET.search(t) for t in logs["sov"])
    for who in ("ger", "shared"):
        assert not any(VALUE.search(t) for t in logs[who]), logs[who]
    entries = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()]
    assert not any(SECRET.search(json.dumps(e)) for e in entries)  # sealed until the game ends
    opened = read(tmp_path / "r.jsonl", sidecar=True)  # the owner's sidecar holds the draws
    assert [e.data.get("text") for e in opened if e.kind == "action" and "DP" in str(e.data.get("text"))] == [
        "answer hex DP4", "answer hex DP5"]
    published = [canonical(spectator_entry("t1", "g", e, frozenset())) for e in entries]
    assert not any(SECRET.search(p) for p in published)
    folded = GameSession.from_record(tmp_path / "r.jsonl").position  # the fold draws the same markers
    assert folded.game.gstate(folded.state).mines_laid == laid
