"""Hidden set-up kept out of the record until the game ends (ASL A12 concealment, Fire Team's secret plot
9.1): the record file (header, table readings, checkpoints, private answers), the hall's entries, the game
report and the replay name nothing hidden before the reveal; the reveal comes with the result and ``record
verify`` checks it; a host killed mid-game resumes from the sealed sidecar, and a missing or altered sidecar
is an error naming it."""

from __future__ import annotations

import json
import os
import re
import signal
from pathlib import Path
from typing import Any

import pytest
from hexmate.host.game import GameSession
from hexmate.host.hall.publisher import canonical, spectator_entry
from hexmate.host.record import Record, RecordError
from hexmate.host.sealed import SEALED_NOTE, sidecar_path
from hexmate.host.service import PageAction, Service, core
from hexmate.host.service import results as res
from hexmate.host.service.build import demo_scenario, open_resume
from hexmate.host.service.sealing import sealer_for
from hexmate.host.table.calibration import Calibration
from hexmate.host.table.registry import load_demo
from hexmate.host.table.tracker import Tracker
from hexmate.host.tournament.audit import audit
from hexmate.host.tournament.exports import report_html

from ..conftest import ScriptedLink
from .test_core import _board

OPTIONS = {"sync_retry_ms": 60_000, "resend_ms": 60_000}


def _asl(tmp: Path) -> tuple[Service, frozenset[str]]:
    """The ASL demo as ``hexmate run`` starts it (the header as build.py writes it, with its sealer), and the
    words the record may not hold: the concealed Russians' ids (A12: a '?' to the Germans) and their tags."""
    session = GameSession.load("asl", demo_scenario("asl"))
    board = _board(session)
    registry = load_demo("asl")
    tracker = Tracker(Calibration.default_for(board, session.map), registry, session, quiet_ms=100)
    path = tmp / "asl.jsonl"
    header = {"game": "asl", "scenario": "demo.json", "board": board.name,
              "scenario_path": str(demo_scenario("asl")), "position": str(session.position)}
    record = Record.create(path, header, sealer=sealer_for(path, header, session))
    service = Service(ScriptedLink(), board=board, session=session, tracker=tracker, registry=registry,
                      record=record, connection_options=OPTIONS)
    hidden = {u.id for u in session.position.units.values() if u.concealed}
    assert hidden == {"rus-8-1", "rus-sq1", "rus-sq3", "rus-sq5"}  # the demo's concealed units and stacks
    uids = {registry.uid_of_unit(u) for u in hidden}
    assert None not in uids
    return service, frozenset(hidden | {str(u) for u in uids})


def _snapshot(service: Service) -> None:
    """The board as set up: one full reading (every counter's tag on its cell), as the board sends it."""
    from hexmate.host.protocol.events import Snapshot, SnapshotEntry

    cells: dict[int, list[str]] = {}
    for unit, h in service.session.expected().items():
        cell, uid = service.cells.cell_of(h), service.registry.uid_of_unit(unit)
        if cell is not None and uid is not None:
            cells.setdefault(cell, []).append(uid)
    entries = tuple(SnapshotEntry(c, 1, tuple(sorted(u))) for c, u in sorted(cells.items()))
    service.handle(Snapshot(1, entries))


def _leaks(text: str, hidden: frozenset[str]) -> list[str]:
    return sorted(w for w in hidden if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.I))


def test_the_asl_record_names_no_concealed_unit_until_the_reveal(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core, "CHECKPOINT_EVERY", 1)  # a checkpoint (the whole rules state) after each action
    service, hidden = _asl(tmp_path)
    _snapshot(service)
    for _ in range(3):  # the phases ended by the side to act: each action is followed by a checkpoint
        service.handle(PageAction("act", {"text": "end"}, side=service.session.position.to_act))
    service.recorder.commit()
    path = service.record.path  # type: ignore[union-attr]
    raw = path.read_text(encoding="utf-8")
    lines = [json.loads(line) for line in raw.splitlines()]
    kinds = [x["kind"] for x in lines]
    assert "snapshot" in kinds and kinds.count("checkpoint") >= 3
    assert _leaks(raw, hidden) == []  # the record file: header, the board's reading, the checkpoints
    header = lines[0]["data"]
    assert header["position"].endswith("?@DR5 ?@DR5 ?@DS6 ?@DU6")  # A12.1: only '?' stacks on their hexes
    assert "ger-sq1@DJ3" in header["position"] and len(header["sealed"]) == 64
    assert all(set(x["data"]) == {"sealed"} for x in lines if x["kind"] in ("snapshot", "checkpoint"))
    # the hall: every entry as it leaves the table (even were its own withholding given no hidden words)
    published = [canonical(spectator_entry("t1", "g", x, frozenset())) for x in lines]
    assert _leaks("\n".join(published), hidden) == []
    assert '"position":"asl T1 MPh' in published[0]  # the header is published: its public set-up
    # the host folds it all the same (the sidecar), and verify says what is sealed
    assert str(GameSession.from_record(path).position) == str(service.session.position)
    assert audit(path).sealed == sum(1 for x in lines if "sealed" in x["data"])
    # the result ends the game: the reveal opens everything, and verify checks each commitment
    service.handle(PageAction("result", {"winner": "ger", "text": "ger win"}))
    service.recorder.commit()
    after = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [x["kind"] for x in after[-2:]] == ["reveal", "result"]
    done = audit(path)
    assert done.sealed == 0 and done.revealed == audit(path).revealed > 0 and done.checkpoints >= 3
    assert "rus-sq1@DR5?" in done.header["position"]


def _fireteam(tmp: Path) -> tuple[Service, str]:
    """Fire Team's secret plot (9.1): plotted, taken back, plotted again; returns the plotted hex."""
    from .test_secret_plot import _service

    service = _service(tmp)
    session = service.session
    top = session.position.decision
    assert top is not None and top.private
    empty = {session.label(h) for h in top.hexes} - {session.label(h) for h in session.expected().values()}
    target = sorted(empty)[0]
    service.handle(PageAction("act", {"text": f"answer hex {target}"}, side="us"))
    service.handle(PageAction("takeback", {}, side="us"))
    service.handle(PageAction("act", {"text": f"answer hex {target}"}, side="us"))
    service.handle(PageAction("act", {"text": "answer none"}, side="us"))
    service.recorder.commit()
    return service, target


def test_the_report_and_replay_wait_for_the_reveal(tmp_path: Path) -> None:
    service, target = _fireteam(tmp_path)
    path = service.record.path  # type: ignore[union-attr]
    plot = re.compile(rf"\b{target}\b")
    with pytest.raises(RecordError, match=f"{SEALED_NOTE} .*the report opens with the record's reveal"):
        report_html(path)  # `hexmate record report` during the game: refused, nothing written
    from hexmate.host.cli import main

    assert main(["record", "report", str(path), "-o", str(tmp_path / "r.html")]) == 1
    assert not (tmp_path / "r.html").exists()
    # the game log during play (/api/history): the opponent reads who plotted, never where
    texts = [res.history_step(service, k, "sov")["text"] for k in range(res.step_count(service) + 1)]
    assert not any(plot.search(t) for t in texts) and "us: answered in secret (9.1)" in texts
    # the result recorded: the reveal, then the report and the replay show the plot
    service.handle(PageAction("result", {"winner": "us", "text": "us win"}))
    service.recorder.commit()
    assert plot.search(report_html(path))
    assert any(plot.search(res.replay_step(service, k)["text"]) for k in (1, 2, 3))
    assert audit(path).revealed == 4  # made, taken back, made again, and the private "none" that ends it


def _child_plays_then_dies(tmp: Path) -> None:
    """In a forked child: the plot is made and committed (acknowledged: the pages showed it), one more
    action is appended but never committed, and the host is killed with SIGKILL."""
    try:
        service, _ = _fireteam(tmp)
        service.handle(PageAction("act", {"text": "end"}, side="us"))  # buffered after the last commit...
        service.recorder.commit()
        service.record.append("action", {"text": "end", "private": True})  # type: ignore[union-attr]
        os.kill(os.getpid(), signal.SIGKILL)  # ...and this one never reached the disk
    finally:
        os._exit(3)


def test_a_killed_host_resumes_from_the_sealed_sidecar(tmp_path: Path) -> None:
    pid = os.fork()
    if pid == 0:
        _child_plays_then_dies(tmp_path)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    path = tmp_path / "r.jsonl"
    side = sidecar_path(path)
    plain = path.read_text(encoding="utf-8")
    acknowledged = [json.loads(line) for line in plain.splitlines()]
    assert acknowledged[-1]["kind"] != "reveal"
    # the control: the same game played to the same point without a crash
    control_dir = tmp_path / "control"
    control_dir.mkdir()
    control, target = _fireteam(control_dir)
    control.handle(PageAction("act", {"text": "end"}, side="us"))
    assert target not in plain
    kept = side.read_bytes()
    record, session, _, _ = open_resume(path)  # the hidden part comes from the sidecar
    try:
        assert str(session.position) == str(control.session.position)
        assert session.position.game.gstate(session.position.state).plots == \
            control.session.position.game.gstate(control.session.position.state).plots
        assert record.found[-1].kind == "action" and len(record.found) == len(acknowledged)
    finally:
        record.close()
    # a missing or altered sidecar: a clear error naming it, and the record is left as it was
    before = path.read_bytes()
    side.unlink()
    with pytest.raises(RecordError, match=re.escape(f"sealed sidecar {side} is missing")):
        open_resume(path)
    side.write_bytes(kept.replace(target.encode(), b"DA1"))
    with pytest.raises(RecordError, match=re.escape(f"sealed sidecar {side} does not match its commitment")):
        open_resume(path)
    assert path.read_bytes() == before


def test_registry_tags_of_hidden_units_are_sealed_in_cell_events(tmp_path: Path) -> None:
    """A concealed unit lifted and put back: the board's cell events carry its tag, which the registry
    maps to the unit (the hall withholds such entries by tag too, host/hall/table.py)."""
    from hexmate.host.protocol.events import CellChanged

    service, hidden = _asl(tmp_path)
    _snapshot(service)
    uid = service.registry.uid_of_unit("rus-sq3")
    h = service.session.expected()["rus-sq3"]
    cell = service.cells.cell_of(h)
    assert uid is not None and cell is not None
    others = tuple(sorted(u for unit, where in service.session.expected().items()
                          if where == h and unit != "rus-sq3" and (u := service.registry.uid_of_unit(unit))))
    service.handle(CellChanged(2, cell, 1 if others else 0, 5000, others))
    service.handle(CellChanged(3, cell, 1, 5100, tuple(sorted((*others, uid)))))
    service.recorder.commit()
    raw = service.record.path.read_text(encoding="utf-8")  # type: ignore[union-attr]
    assert _leaks(raw, hidden) == [] and raw.count('"kind":"cell"') == 2
    found: list[Any] = Record.resume(service.record.path).found  # type: ignore[union-attr]
    assert [e.data["uids"] for e in found if e.kind == "cell"][-1] == sorted((*others, uid))


def test_games_that_hide_nothing_seal_nothing(tmp_path: Path) -> None:
    session = GameSession.load("pg", demo_scenario("pg"))
    assert session.position.game.sealed_units(session.position) == {}  # the default hook
    header = {"game": "pg", "position": str(session.position)}
    sealer = sealer_for(tmp_path / "pg.jsonl", header, session)
    assert sealer.public_header is None
    rec = Record.create(tmp_path / "pg.jsonl", header, sealer=sealer)
    rec.close()
    assert json.loads(rec.path.read_text().splitlines()[0])["data"] == header
    assert not sidecar_path(rec.path).exists()


def test_the_rules_outcome_reveals_and_only_it(tmp_path: Path) -> None:
    """The reveal comes when the rules say the game is over (``_play`` asks after every action), never
    before."""
    import dataclasses

    from hexmate.host.service import sealing

    service, _ = _asl(tmp_path)
    service.handle(PageAction("act", {"text": "end"}, side="ger"))
    sealing.reveal_if_over(service)
    record = service.record
    assert record is not None and record.sealer is not None and record.sealer.pending
    pos = service.session.position
    pos._states[-1] = dataclasses.replace(pos.state, over=True)  # the last turn played out
    assert pos.outcome() is not None
    sealing.reveal_if_over(service)
    service.recorder.commit()
    assert not record.sealer.pending
    assert [json.loads(x)["kind"] for x in record.path.read_text().splitlines()][-1] == "reveal"


def test_a_written_hidden_set_up_keeps_its_hexes_out_of_the_header(tmp_path: Path) -> None:
    """Fire Team 11.3, 15.8: a hidden set-up is written down (hex and all) and placed only when revealed, so
    the record's public set-up leaves hidden units out; ASL's '?' stays on its hex (A12.1)."""
    from hexmate.host.service.sealing import public_setup

    src = demo_scenario("fireteam")
    data = json.loads(src.read_text(encoding="utf-8"))
    data["map"] = str((src.parents[3] / data["map"]).resolve())
    data.setdefault("options", {})["night"] = True
    (tmp_path / "night.json").write_text(json.dumps(data), encoding="utf-8")
    night = GameSession.load("fireteam", tmp_path / "night.json")
    text, sealed = public_setup(night)
    placed = [u for u in night.position.units.values() if u.hex is not None]
    assert sealed and placed and all(u.concealed for u in placed)
    assert text.endswith("| ") or all(u.id not in text for u in placed)
    assert "?@" not in text and not any(night.label(u.hex) in text.partition(" | ")[2] for u in placed)
    asl, _ = public_setup(GameSession.load("asl", demo_scenario("asl")))
    assert asl.endswith("?@DR5 ?@DR5 ?@DS6 ?@DU6")
