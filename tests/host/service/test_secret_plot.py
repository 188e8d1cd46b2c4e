"""Fire Team's secret plot of indirect fire [9.1] at the table: the owner answers it on its own page, and
neither the opponent's nor the spectators' socket, the LED frame, the notices, ``last_actions`` nor the hall's
entries and state carry the plotted hex; the record keeps it and its fold restores it. The game is the Fire
Team demo with a US M106 (indirect fire) added behind the US leader, who observes for it (9.11)."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

from hexmate.host.game import GameSession
from hexmate.host.hall.publisher import canonical, spectator_entry, spectator_state
from hexmate.host.sealed import sidecar_path
from hexmate.host.service import PageAction, Service
from hexmate.host.table.demo_registries import demo_uid
from hexmate.host.table.registry import demo_registry_path
from hexmate.host.web.app import create_app

from .leak_rig import chosen, demo_data, lit, service_for, views, write

M106 = {"type": "vehicle", "fp": 10, "range": 20, "ma": 8, "af": 2, "ao": 1, "indirect": 1, "min_range": 2,
        "platoon": 5}


def _scenario(tmp: Path, moved: dict[str, str] | None = None) -> Path:
    """The demo in its Preparation Phase with an M106 (no facing needed to fire indirectly) on DH2, and
    units ``moved`` to other hexes."""
    data = demo_data("fireteam")
    for u in data["units"]:
        u["hex"] = (moved or {}).get(u["id"], u["hex"])
    data["first_phase"] = "prep"
    data["counters"]["us-m106"] = M106
    data["units"].append({"id": "us-m106", "counter": "us-m106", "side": "us", "hex": "DH2"})
    data.setdefault("options", {}).setdefault("facing", {})["us-m106"] = "E"
    registry = json.loads(demo_registry_path("fireteam").read_text(encoding="utf-8"))
    registry["counters"].append({"uid": demo_uid("fireteam", "us-m106"), "counter_id": "fireteam-us-m106",
                                 "game": "fireteam", "side": "us", "unit_type": "vehicle",
                                 "values": {"printed": "us-m106"}, "unit_id": "us-m106", "kind": "unit"})
    (tmp / "registry.json").write_text(json.dumps(registry), encoding="utf-8")
    return write(tmp, "plot.json", data)


def _service(tmp: Path) -> Service:
    return service_for(tmp, "fireteam", _scenario(tmp), registry=tmp / "registry.json")


def _views(app: Any) -> dict[str, str]:
    """The raw text of the view frame each LAN page gets (role, map, view): us, sov, a spectator."""
    return views(app, ("us", "sov", "spectator"))


def test_the_plot_reaches_only_its_owner_and_the_record(tmp_path: Path) -> None:
    service = _service(tmp_path)
    app = create_app(service)
    session = service.session
    top = session.position.decision
    assert top is not None and (top.then, top.side, top.private) == ("plot", "us", True)
    options = [session.label(h) for h in top.hexes]
    empty = set(options) - {session.label(h) for h in session.expected().values()}
    target = sorted(empty)[0]  # a hex nobody stands on: nothing else on a page names it
    hexes = re.compile(rf"\b{target}\b")
    before = _views(app)
    assert hexes.search(before["us"])  # the owner's page offers it
    assert not hexes.search(before["sov"]) and not hexes.search(before["spectator"])
    assert not chosen(service) and target not in lit(service)  # [9.1] the LEDs light none of the options
    pos = session.position  # the control: the same decision, not private, lights its options to choose from
    pos._states[-1] = pos.state.pop().push(dataclasses.replace(top, private=False))
    assert chosen(service) == set(top.hexes)
    pos._states[-1] = pos.state.pop().push(top)

    m106 = session.expected()["us-m106"]  # no placement answers it: the table is everyone's to see
    assert session._placements(frozenset({"us-m106"}), m106, top) == {}
    service.handle(PageAction("act", {"text": f"answer hex {target}"}, side="sov"))  # not theirs to plot
    assert session.position.decision == top
    service.handle(PageAction("act", {"text": f"answer hex {target}"}, side="us"))
    assert session.position.decision is not None and session.position.decision.arg("fire") == "2"
    after = _views(app)
    for who in ("sov", "spectator"):
        assert not hexes.search(after[who]), who
        assert "answer hex" not in after[who] and "us: answered in secret (9.1)" in after[who]
    assert service.last_actions[0] == "us: answered in secret (9.1)"
    assert not hexes.search(json.dumps(service.notice)), service.notice
    assert not chosen(service) and target not in lit(service)
    service.handle(PageAction("takeback", {}, side="us"))  # a correction: the plot is taken back...
    assert service.last_actions[0] == "taken back: us: answered in secret (9.1)"
    assert not hexes.search(_views(app)["sov"])
    service.handle(PageAction("act", {"text": f"answer hex {target}"}, side="us"))  # ...and made again
    service.handle(PageAction("act", {"text": "answer none"}, side="us"))

    service.recorder.commit()
    # the game log's past steps (a page's step back): the opponent and spectators read who plotted, not where
    from hexmate.host.service.results import history_step

    last = history_step(service, -1, "us")["k"]
    logs = {who: [history_step(service, k, who)["text"] for k in range(last + 1)]
            for who in ("us", "sov", "spectator")}
    assert sum(1 for t in logs["us"] if hexes.search(t)) == 3  # its owner: made, taken back, made
    for who in ("sov", "spectator"):
        assert not any(hexes.search(t) for t in logs[who]), logs[who]
        assert logs[who].count("us: answered in secret (9.1)") == 3  # made, made again, and "none"
        assert "taken back: us: answered in secret (9.1)" in logs[who]
    # the record and the hall: the entry that plots holds only its commitment, and the live state is the
    # shared page's
    raw = (tmp_path / "r.jsonl").read_text(encoding="utf-8")
    entries = [json.loads(line) for line in raw.splitlines()]
    assert not hexes.search(raw)  # the record file commits to the plot; it names it only at the reveal
    side = [json.loads(line) for line in sidecar_path(tmp_path / "r.jsonl").read_text().splitlines()]
    made = {s["n"] for s in side if s["data"].get("text") == f"answer hex {target}"}
    plotted = [e for e in entries if e["n"] in made and e["kind"] == "action"]
    assert len(plotted) == 2 and all(set(e["data"]) == {"sealed"} for e in plotted)  # made, made again
    assert [e["kind"] for e in entries if e["n"] in made] == ["action", "takeback", "action"]
    published = [canonical(spectator_entry("t1", "g", e, frozenset())) for e in entries]
    assert not any(hexes.search(p) for p in published)
    assert canonical(spectator_entry("t1", "g", plotted[0], frozenset())).startswith('{"data":{"sealed":"')
    state = canonical(spectator_state("t1", json.loads(after["spectator"]), "online"))
    assert not hexes.search(state) and "answered in secret" in state

    # the fold of the record (the take-back undone again) and the position's own replay restore the plot
    pos = session.position
    want = {"us-m106": (session.map.parse_label(target),)}
    folded = GameSession.from_record(tmp_path / "r.jsonl").position
    assert pos.game.gstate(folded.state).plots == want == pos.game.gstate(pos.replay().state).plots


def test_no_page_but_the_owners_lists_the_indirect_fire_its_plot_allows(tmp_path: Path) -> None:
    """[9.1] Indirect fire is legal only at a plotted hex, so the legal actions a page lists would show the
    plot: only the owner's page lists them. Once fired, the fire is public like any other."""
    session = GameSession.load("fireteam", _scenario(tmp_path, {"sov-sq2": "DJ4"}))  # out of the M106's LOS
    session.push_text("answer hex DJ4")
    session.push_text("answer none")
    session.push_text("end")
    session.push_text("end")
    cup = session.position.game.cp(session.position.state).cup
    i = next(n for n, (side, v) in enumerate(cup) if side == "us" and v > 0) + 1
    session.push_text(f"answer dice {i // 10 or 10},{i % 10 or 10}")  # the US draws a chit (4.1)
    fire = "fire us-m106 at DJ4"
    assert fire in session.legal_texts("us")
    assert fire not in session.legal_texts("sov") and fire not in session.legal_texts("shared")
    assert any(t.startswith("fire us-mg at") for t in session.legal_texts("sov"))  # direct fire stays listed
    played = session.push_text(f"{fire} dice 5")
    assert played.text.startswith(fire) and not played.secret
