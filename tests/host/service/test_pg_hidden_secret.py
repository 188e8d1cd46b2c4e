"""PG's optional hidden units (17.0) at the table: the hex a hidden unit is written down in reaches its
owner's page and the record's sealed sidecar only. Neither the opponent's nor the spectators' socket, the LED
frame, the notices, ``last_actions``, the game log's past steps nor the hall's entries carry the hex or the
unit, and the table is not asked to hold its counter. The game is the PG demo with the Soviet HMG hidden."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hexmate.host.game import GameSession
from hexmate.host.hall.publisher import canonical, spectator_entry
from hexmate.host.record import read
from hexmate.host.service import PageAction, Service
from hexmate.host.service.results import history_step
from hexmate.host.web.app import create_app
from hexmate.rules.hexes import distance

from .leak_rig import chosen, demo_data, lit, service_for, views, write

HIDDEN = "s-hmg"


def _scenario(tmp: Path) -> Path:
    data = demo_data("pg")
    data["options"]["hidden_units"] = {"sov": {"units": [HIDDEN]}}
    return write(tmp, "hidden.json", data)


def _service(tmp: Path) -> Service:
    return service_for(tmp, "pg", _scenario(tmp))


def _views(app: object) -> dict[str, str]:
    return views(app, ("ger", "sov", "spectator"))


def test_the_hidden_units_hex_reaches_only_its_owner_and_the_record(tmp_path: Path) -> None:
    service = _service(tmp_path)
    session = service.session
    service.handle(PageAction("act", {"text": "answer dice 6"}, side="ger"))  # initiative (3.0 A)
    service.handle(PageAction("act", {"text": "answer dice 1"}, side="sov"))
    top = session.position.decision
    assert top is not None and (top.then, top.side, top.private) == ("hidden_place", "sov", True)
    assert HIDDEN not in session.expected()  # 17.0: its counter is not on the table
    germans = [u.hex for u in session.position.units.values() if u.side == "ger" and u.hex is not None]
    taken = {session.label(h) for h in session.expected().values()}
    far = [h for h in top.hexes
           if session.label(h) not in taken and min(distance(h, g) for g in germans) >= 8]
    target = session.label(sorted(far, key=lambda h: (h.q, h.r))[0])
    hexes = re.compile(rf"\b{target}\b")
    unit = re.compile(rf"\b{HIDDEN}\b")
    app = create_app(service)
    before = _views(app)
    assert unit.search(before["sov"])  # its owner's page asks for it
    for who in ("ger", "spectator"):
        assert not hexes.search(before[who]) and not unit.search(before[who]), who
    assert not chosen(service) and target not in lit(service)  # the LEDs light none of the options

    service.handle(PageAction("act", {"text": f"answer hex {target}"}, side="ger"))  # not theirs to answer
    assert session.position.decision == top
    service.handle(PageAction("act", {"text": f"answer hex {target}"}, side="sov"))
    assert session.position.units[HIDDEN].hex is None and HIDDEN not in session.expected()
    assert target not in lit(service)
    after = _views(app)
    for who in ("ger", "spectator"):
        assert not hexes.search(after[who]) and not unit.search(after[who]), who
        assert "answer hex" not in after[who]
    assert not hexes.search(json.dumps(service.notice)) and not unit.search(json.dumps(service.notice))
    assert not any(hexes.search(str(line)) for line in service.last_actions)

    service.recorder.commit()
    last = history_step(service, -1, "sov")["k"]
    logs = {who: [history_step(service, k, who)["text"] for k in range(last + 1)]
            for who in ("sov", "ger", "shared")}
    assert any(hexes.search(t) for t in logs["sov"])
    for who in ("ger", "shared"):
        assert not any(hexes.search(t) or unit.search(t) for t in logs[who]), logs[who]
    entries = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()]
    assert not any(hexes.search(json.dumps(e)) for e in entries)  # sealed until the game ends
    opened = read(tmp_path / "r.jsonl", sidecar=True)  # the owner's sidecar holds it
    placed = [e for e in opened if e.kind == "action" and e.data.get("text") == f"answer hex {target}"]
    assert len(placed) == 1
    published = [canonical(spectator_entry("t1", "g", e, frozenset())) for e in entries]
    assert not any(hexes.search(p) for p in published)
    folded = GameSession.from_record(tmp_path / "r.jsonl").position  # the fold restores the secret
    assert folded.game.gstate(folded.state).hidden == ((HIDDEN, session.map.parse_label(target)),)
