"""D3.41 at the table (rules/games/asl/alsecret.py): which AFV an Armor Leader commands is recorded in secret.
The ASL armour demo with a second German tank (ger-pz2) and ``options.armor_leaders`` giving the Germans a
9-1: the German page names his AFV in a private decision; neither the Russian nor the spectators' socket, the
LED frame, the notices, ``last_actions``, the game log's past steps, the board's changes owed nor the record
(its entries and a checkpoint of the rules state, sealed until the game ends) nor the hall's entries tell
which AFV it is. The fold of the record restores it from the owner's sidecar."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hexmate.host.game import GameSession
from hexmate.host.hall.publisher import canonical, spectator_entry
from hexmate.host.record import read
from hexmate.host.service import PageAction, Service, core
from hexmate.host.service.build import demo_scenario
from hexmate.host.service.results import history_step
from hexmate.host.web.app import create_app
from hexmate.rules.games.asl import alsecret, armorldr

from .leak_rig import chosen, service_for, views, write

CHOSEN = "ger-pz2"
ANSWER = re.compile(rf"answer units {CHOSEN}\b")
SECRET = re.compile(r"\"armor_leader\"")  # the counter value that names his AFV, as JSON writes it


def _service(tmp: Path) -> Service:
    path = demo_scenario("asl").parent / "demo-armour.json"
    src = json.loads(path.read_text(encoding="utf-8"))
    src["map"] = str((path.parents[3] / src["map"]).resolve())  # as leak_rig.demo_data
    first = next(u for u in src["units"] if u["id"] == "ger-pz1")
    src["units"].append({**first, "id": CHOSEN, "hex": "DK4"})
    src["options"] = {**(src.get("options") or {}), "armor_leaders": {"ger": {"leaders": ["9-1"]}}}
    return service_for(tmp, "asl", write(tmp, "al-secret.json", src))


def test_d3_41_the_armor_leaders_afv_reaches_only_its_owner_and_the_sealed_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core, "CHECKPOINT_EVERY", 1)  # a checkpoint (the whole rules state) after each action
    service = _service(tmp_path)
    session = service.session
    top = session.position.decision
    assert top is not None and (top.then, top.side, top.private) == (alsecret.THEN, "ger", True)
    assert top.units == ("ger-pz1", CHOSEN)
    assert not chosen(service)  # the LEDs light none of its options
    app = create_app(service)
    seen = views(app, ("ger", "rus", "spectator"))
    assert f"answer units {CHOSEN}" in seen["ger"]  # the owner's page offers each AFV
    for who in ("rus", "spectator"):
        assert "answer units" not in seen[who], who

    service.handle(PageAction("act", {"text": f"answer units {CHOSEN}"}, side="rus"))  # not theirs
    assert session.position.decision == top
    service.handle(PageAction("act", {"text": f"answer units {CHOSEN}"}, side="ger"))
    pos = session.position
    assert pos.decision is None or pos.decision.then != alsecret.THEN
    assert armorldr.leader(pos.units[CHOSEN]) == (9, -1) and armorldr.leader(pos.units["ger-pz1"]) is None
    assert pos.changes == () and not chosen(service)  # the board is asked for nothing
    frame = {session.label(h): light for h, light in service._frame.items()}
    assert frame.get("DK4") == frame.get("DL9")  # both AFVs' hexes lit alike, if at all
    after = views(app, ("ger", "rus", "spectator"))
    for who in ("rus", "spectator"):
        assert not ANSWER.search(after[who]) and not SECRET.search(after[who]), who
    assert not ANSWER.search(json.dumps(service.notice)) and not SECRET.search(json.dumps(service.notice))
    assert not any(ANSWER.search(str(line)) for line in service.last_actions)
    assert "answered in secret" in " ".join(str(line) for line in service.last_actions)

    service.handle(PageAction("act", {"text": "end"}, side=session.position.to_act))  # another checkpoint
    service.recorder.commit()
    last = history_step(service, -1, "ger")["k"]
    logs = {who: [history_step(service, k, who)["text"] for k in range(last + 1)]
            for who in ("ger", "rus", "shared")}
    assert f"answered: units {CHOSEN}" in logs["ger"]
    for who in ("rus", "shared"):
        assert not any(CHOSEN in t for t in logs[who]) and "ger: answered in secret (D3.41)" in logs[who]
    raw = (tmp_path / "r.jsonl").read_text(encoding="utf-8")
    entries = [json.loads(line) for line in raw.splitlines()]
    assert any(e["kind"] == "checkpoint" for e in entries)
    assert not ANSWER.search(raw) and not SECRET.search(raw)  # sealed until the game ends (D3.41)
    assert all(set(e["data"]) == {"sealed"} for e in entries if e["kind"] == "checkpoint")
    published = [canonical(spectator_entry("t1", "g", e, frozenset())) for e in entries]
    assert not any(ANSWER.search(p) or SECRET.search(p) for p in published)
    opened = read(tmp_path / "r.jsonl", sidecar=True)  # the owner's sidecar holds it: it is the game
    assert [e for e in opened if e.kind == "action" and e.data.get("text") == f"answer units {CHOSEN}"]
    folded = GameSession.from_record(tmp_path / "r.jsonl").position
    assert armorldr.leader(folded.units[CHOSEN]) == (9, -1)
