"""ASL Hidden Initial Placement (A12.3) at the table: a HIP unit's set-up hex reaches its owner's page and the
record only. Neither the opponent's nor the spectators' socket, the LED frame, the notices, ``last_actions``,
the game log's past steps nor the hall's entries carry the hex or the unit, and the table is not asked to hold
its counter until it is revealed. The game is the ASL demo with the Russian squad rus-sq6 set up HIP."""

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

from .leak_rig import chosen, demo_data, lit, service_for, views, write

HIP = "rus-sq6"


def _scenario(tmp: Path) -> Path:
    data = demo_data("asl")
    data["options"]["hip"] = {"rus": {"units": [HIP]}}
    return write(tmp, "hip.json", data)


def _service(tmp: Path) -> Service:
    return service_for(tmp, "asl", _scenario(tmp))


def test_the_hip_hex_reaches_only_its_owner_and_the_record(tmp_path: Path) -> None:
    service = _service(tmp_path)
    session = service.session
    top = session.position.decision
    assert top is not None and (top.then, top.side, top.private) == ("hip_place", "rus", True)
    assert HIP not in session.expected()  # A12.3: its counter is not on the table
    options = [session.label(h) for h in top.hexes]
    empty = set(options) - {session.label(h) for h in session.expected().values()}
    target = sorted(empty)[0]
    hexes = re.compile(rf"\b{target}\b")
    unit = re.compile(rf"\b{HIP}\b")
    app = create_app(service)
    lan_views = _asl_views(app)
    assert hexes.search(lan_views["rus"]) and unit.search(lan_views["rus"])  # the owner's page offers it
    for who in ("ger", "spectator"):
        assert not hexes.search(lan_views[who]) and not unit.search(lan_views[who]), who
    assert not chosen(service) and target not in lit(service)  # the LEDs light none of the options

    service.handle(PageAction("act", {"text": f"answer hex {target}"}, side="ger"))  # not theirs to answer
    assert session.position.decision == top
    service.handle(PageAction("act", {"text": f"answer hex {target}"}, side="rus"))
    assert session.position.decision is None
    assert HIP not in session.expected() and target not in lit(service)  # still off the table
    after = _asl_views(app)
    for who in ("ger", "spectator"):
        assert not hexes.search(after[who]) and not unit.search(after[who]), who
        assert "answer hex" not in after[who]
    assert not hexes.search(json.dumps(service.notice)) and not unit.search(json.dumps(service.notice))
    assert not any(hexes.search(str(line)) for line in service.last_actions)

    service.recorder.commit()
    last = history_step(service, -1, "rus")["k"]
    logs = {who: [history_step(service, k, who)["text"] for k in range(last + 1)]
            for who in ("rus", "ger", "shared")}
    assert any(hexes.search(t) for t in logs["rus"])
    for who in ("ger", "shared"):
        assert not any(hexes.search(t) or unit.search(t) for t in logs[who]), logs[who]
    entries = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()]
    assert not any(hexes.search(json.dumps(e)) for e in entries)  # sealed until the game ends (A12.3)
    opened = read(tmp_path / "r.jsonl", sidecar=True)  # the owner's sidecar holds it: it is the game
    placed = [e for e in opened if e.kind == "action" and e.data.get("text") == f"answer hex {target}"]
    assert len(placed) == 1
    published = [canonical(spectator_entry("t1", "g", e, frozenset())) for e in entries]
    assert not any(hexes.search(p) for p in published)
    # the fold of the record restores the secret set-up
    folded = GameSession.from_record(tmp_path / "r.jsonl").position
    assert folded.game.gstate(folded.state).hip == ((HIP, session.map.parse_label(target)),)


def _asl_views(app: object) -> dict[str, str]:
    return views(app, ("ger", "rus", "spectator"))


def test_giving_up_hip_is_offered_to_its_owner_only_and_shows_only_a_concealment_counter(
        tmp_path: Path) -> None:
    """A12.32: the owner may place his HIP unit under a "?" at any time (search.py). Until then only his page
    lists that action (it names the unit); once done, the other pages see a "?" on its hex, never the unit,
    and the record seals the entry (A12.11)."""
    service = _service(tmp_path)
    session = service.session
    top = session.position.decision
    assert top is not None
    target = sorted(set(session.label(h) for h in top.hexes)
                    - {session.label(h) for h in session.expected().values()})[0]
    service.handle(PageAction("act", {"text": f"answer hex {target}"}, side="rus"))
    unit = re.compile(rf"\b{HIP}\b")
    app = create_app(service)
    views = _asl_views(app)
    assert f"activate {HIP} for conceal" in views["rus"]
    for who in ("ger", "spectator"):
        assert not unit.search(views[who]) and "for conceal" not in views[who], who
    service.handle(PageAction("act", {"text": f"activate {HIP} for conceal"}, side="rus"))
    placed = session.position.units[HIP]
    assert session.label(placed.hex) == target and placed.concealed
    after = _asl_views(app)
    for who in ("ger", "spectator"):
        assert not unit.search(after[who]), who
        assert "rus: acted in secret" in after[who], who  # who acted, not what (the guide's last action)
    service.recorder.commit()
    entries = (tmp_path / "r.jsonl").read_text(encoding="utf-8")
    assert not unit.search(entries)  # sealed: the record names the unit only in the owner's sidecar
