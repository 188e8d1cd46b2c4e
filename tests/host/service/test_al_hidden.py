"""D3.41 at the table (rules/games/asl/alhide.py): the question whether to bring a hidden Armor Leader into
play is the owner's alone. The ASL armour demo with a 9-1 recorded aboard ger-pz1: its MA misses by one, the
German page is offered "use"/"keep", the Russian and spectator pages see only that the Germans decide, with no
options and no legal answers, and the answer reaches them as "answered in secret"."""

from __future__ import annotations

import json
from pathlib import Path

from hexmate.host.service import PageAction, Service
from hexmate.host.service.build import demo_scenario
from hexmate.host.service.views import _decision_view
from hexmate.rules.games.asl import alhide, vfire

from .leak_rig import service_for, write


def _service(tmp: Path) -> Service:
    path = demo_scenario("asl").parent / "demo-armour.json"
    src = json.loads(path.read_text(encoding="utf-8"))
    src["map"] = str((path.parents[3] / src["map"]).resolve())  # as leak_rig.demo_data
    src["counters"]["demo-pz-al"] = {**src["counters"]["demo-pz-g"], "armor_leader": "9-1"}
    for unit in src["units"]:
        if unit["id"] == "ger-pz1":
            unit["counter"] = "demo-pz-al"
    return service_for(tmp, "asl", write(tmp, "al.json", src))


def test_d3_41_the_armor_leader_question_reaches_only_its_owner(tmp_path: Path) -> None:
    service = _service(tmp_path)
    session = service.session
    pos = session.position
    target = pos.units["rus-t1"]
    service.handle(PageAction("act", {"text": f"fire ger-pz1 at {session.label(target.hex)}"}, side="ger"))
    th, _, _, _ = vfire.to_hit_of(session.position, pos.units["ger-pz1"], target, withhold=True)
    assert 2 <= th <= 10  # a DR of TH# + 1 exists: a miss that his -1 turns into a hit
    white = max(1, th + 1 - 6)
    service.handle(PageAction("act", {"text": f"answer dice {white},{th + 1 - white}"}, side="ger"))
    top = session.position.decision
    assert top is not None and top.then == alhide.THEN and top.private
    own = _decision_view(service, "ger")
    assert own is not None and own["choices"] == [alhide.USE, alhide.KEEP]
    assert any(t.startswith("answer use") for t in session.legal_texts("ger"))
    for who in ("rus", "shared"):
        seen = _decision_view(service, who)
        assert seen is not None and seen["side"] == "ger" and seen["choices"] == [], who
        assert session.legal_texts(who) == [], who
    service.handle(PageAction("act", {"text": "answer keep"}, side="ger"))
    assert session.position.decision is None or session.position.decision.then != alhide.THEN
    said = " ".join(str(line) for line in service.last_actions)
    assert "keep" not in said and "answered in secret" in said
