"""The tournament record's speed (docs/RECORD.md): events per second through the host with the record synced
before every ACK (write-ahead, hash chain, fdatasync), the cost of one sync per event against one per
group, verifying a 10,000-event record, and resuming (folding) a 10,000-action game. Medians of a few runs.

The records are written under the system's temporary folder on its real disk (checked: not tmpfs, where a
sync would cost nothing); the figures say which filesystem they were measured on."""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from hexmate.firmware import reliable, wire
from hexmate.host.game import GameSession
from hexmate.host.link.memory import MemoryLink
from hexmate.host.record import Record, read, verify
from hexmate.host.sealed import Sealer, sidecar_path
from hexmate.host.service import Service
from hexmate.host.service.build import demo_scenario, open_resume
from hexmate.host.service.core import CHECKPOINT_EVERY
from hexmate.host.service.sealing import sealer_for
from hexmate.host.table.calibration import Calibration
from hexmate.host.table.mapboard import board_for
from hexmate.host.table.registry import load_demo
from hexmate.host.table.tracker import Tracker
from hexmate.host.tournament.audit import audit
from hexmate.rules import actions as act

EVENTS = 5000
RUNS = 3


def _fs(path: Path) -> str:
    out = subprocess.run(["df", "-T", str(path)], capture_output=True, text=True, check=False).stdout
    lines = out.splitlines()
    return lines[1].split()[1] if len(lines) > 1 else "?"


def _service(tmp: Path) -> tuple[Service, MemoryLink, list[tuple[int, list[bytes]]]]:
    session = GameSession.load("pg", demo_scenario("pg"))
    board = board_for(session.map, "bench")  # a cell on every hex of the PG demo map, no buttons
    registry = load_demo("pg")
    cal = Calibration.default_for(board, session.map)
    tracker = Tracker(cal, registry, session)
    cells: dict[int, list[bytes]] = {}
    for unit, h in session.expected().items():
        uid, cell = registry.uid_of_unit(unit), cal.cell_of(h)
        if uid is not None and cell is not None:
            cells.setdefault(cell, []).append(bytes.fromhex(uid))
    record = Record.create(tmp / "events.jsonl", {"game": "pg", "scenario_path": str(demo_scenario("pg"))})
    link = MemoryLink(lambda data: None, name="bench")  # the board costs nothing: the figure is the host's
    service = Service(link, board=board, session=session, tracker=tracker, registry=registry, record=record,
                      connection_options={"resend_ms": 60_000, "silence_ms": 60_000})
    return service, link, sorted(cells.items())


async def _events_per_s(tmp: Path, burst: int, sync: bool = True) -> tuple[float, float, float]:
    """Table events through the whole host (deframe, sequence, tracker, record append, sync, ACK), arriving
    ``burst`` frames at a time (the board keeps at most reliable.EVENT_WINDOW = 32 unacknowledged, so under
    load its events arrive in groups of up to 32, one read and one sync each); returns (events/s, syncs per
    event, events per second of the host's own CPU time: what the machine's other load does not move)."""
    service, link, cells = _service(tmp)
    assert service.record is not None
    service.record.sync = sync
    task = asyncio.create_task(service.run())
    await asyncio.sleep(0.05)  # connected: the SYNC went out
    conn = service.conn
    link.on_bytes(wire.encode_frame(wire.HELLO, 0, wire.pack_hello(len(cells), 0, 0, 1, "bench", "b")))
    seq, t_ms = 0, 1000
    record = service.record
    assert record is not None
    chunks = []  # the board's frames, made before the clock starts: only the host is timed
    sent = 0
    while sent < EVENTS:
        chunk = bytearray()
        for _ in range(burst):
            seq = wire.next_seq(seq)
            t_ms += 3
            cell, uids = cells[sent % len(cells)]
            chunk += wire.encode_frame(wire.CELL, seq, wire.pack_cell(1, cell, wire.TAGS, t_ms, uids))
            sent += 1
        chunks.append(bytes(chunk))
    commits0 = record.commits
    t0, c0 = time.perf_counter(), time.process_time()
    for chunk in chunks:
        link.on_bytes(chunk)
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    assert conn.channel._rx_expected == wire.next_seq(seq), "every event was delivered in order"
    syncs = (record.commits - commits0) / sent
    service.stop()
    await task
    return sent / elapsed, syncs, sent / cpu


def _append_commit(tmp: Path, group: int, n: int = 2000, sealed: str = "") -> float:
    """Entries per second appended and synced every ``group``; with ``sealed`` (a hidden word: "04a1" seals
    every entry, a word in none checks each entry for nothing), as a game that hides units writes them."""
    rec = Record.create(tmp / f"g{group}.jsonl", {"game": "bench"})
    if sealed:
        words = frozenset({sealed, "rus-sq1", "rus-sq3", "rus-8-1"})  # the service caches them per state
        rec.sealer = Sealer(rec.path, hidden=lambda: words)
    t0 = time.perf_counter()
    for i in range(n):
        rec.append("cell", {"cell": i % 346, "state": 1, "uids": ["04a1b2c3d4e5f6"], "scan": i, "t_ms": i,
                            "seq": i % 255 + 1})
        if (i + 1) % group == 0:
            rec.commit()
    rec.close()
    return n / (time.perf_counter() - t0)


def _fdatasync_ms(tmp: Path, n: int = 200) -> float:
    """What one fdatasync of a short appended line costs on this disk now (median, ms): the floor under
    every synced figure (the machine's other load moves it)."""
    fd = os.open(tmp / "sync-probe", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    times = []
    try:
        for _ in range(n):
            os.write(fd, b"x" * 200 + b"\n")
            t0 = time.perf_counter()
            os.fdatasync(fd)
            times.append(time.perf_counter() - t0)
    finally:
        os.close(fd)
    return statistics.median(times) * 1000


def _big_record(tmp: Path, n: int = 10_000) -> Path:
    path = tmp / "big.jsonl"
    rec = Record.create(path, {"game": "pg", "scenario_path": str(demo_scenario("pg"))}, sync=False)
    for i in range(n - 1):
        rec.append("cell", {"cell": i % 346, "state": 1, "uids": ["04a1b2c3d4e5f6"], "scan": i, "t_ms": i,
                            "seq": i % 255 + 1})
    rec.close()
    return path


def _long_game(tmp: Path, actions: int = 10_000, sealed: bool = False) -> tuple[Path, int]:
    """An ASL game of ``actions`` actions: a squad moves a hex and the other side passes its chance to fire
    (A8.1), then both are taken back (corrections), again and again; plus the take-backs themselves. With
    ``sealed``, as the host writes it: the concealed Russians sealed (the header's set-up and every
    checkpoint, which holds the whole state; host/sealed.py)."""
    path = tmp / ("sealed.jsonl" if sealed else "long.jsonl")
    session = GameSession.load("asl", demo_scenario("asl"))
    header = {"game": "asl", "scenario_path": str(demo_scenario("asl")), "position": str(session.position)}
    rec = Record.create(path, header, sync=False,
                        sealer=sealer_for(path, header, session) if sealed else None)
    if rec.sealer is not None:
        hidden = frozenset(session.position.game.sealed_units(session.position))
        rec.sealer.hidden = lambda: hidden
    pos = session.position
    move = next(a for a in pos.legal_actions if isinstance(a, act.Move))
    text = pos.action_text(move)
    done = folded = since = 0
    while done < actions:
        for t in (text, "answer pass"):
            played = session.push_text(t)
            rec.append("action", {"text": played.text, "source": "table"})
            done += 1
            since += 1
            if since >= CHECKPOINT_EVERY:  # as the host writes them (Service._checkpoint)
                rec.append("checkpoint", session.checkpoint())
                since = 0
        for _ in range(2):
            rec.append("takeback", {"text": session.take_back(), "source": "page"})
        folded += 4
    rec.close()
    return path, folded


def _median(fn, runs: int = RUNS) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    base = Path(tempfile.mkdtemp(prefix="hexmate-bench-record-", dir=os.environ.get("TMPDIR", "/tmp")))
    print(f"records on {base} ({_fs(base)}); one fdatasync: median {_fdatasync_ms(base):.3f} ms")
    window = reliable.EVENT_WINDOW
    for burst, sync in ((1, True), (8, True), (window, True), (window, False)):
        rates, cpu_rates = [], []
        syncs = 0.0
        for r in range(RUNS):
            d = base / f"ev{burst}-{sync}-{r}"
            d.mkdir()
            rate, syncs, cpu_rate = asyncio.run(_events_per_s(d, burst, sync))
            rates.append(rate)
            cpu_rates.append(cpu_rate)
        how = "synced before each ACK" if sync else "chained, NOT synced   "
        median = statistics.median(rates)
        print(f"host events/s, {how}, {burst:2d} frame(s) per read: median {median:8.0f}/s "
              f"(target 5,000/s: {median / 5000:.2f}x; {syncs:.3f} syncs per event; "
              f"{statistics.median(cpu_rates):6.0f} per CPU-second of the host)"
              f"{'  <- the board window' if burst == window and sync else ''}")
    for group in (1, 8, 32, 64):
        rates = []
        for r in range(RUNS):
            d = base / f"ac{group}-{r}"
            d.mkdir()
            rates.append(_append_commit(d, group))
        print(f"record append + fdatasync every {group:2d} entries: median {statistics.median(rates):8.0f} "
              f"entries/s")
    for word, what in (("rus-sq5", "none sealed, each searched for 4 hidden words"),
                       ("04a1", "every one sealed: commitment, sidecar synced first")):
        rates = []
        for r in range(RUNS):
            d = base / f"sealed-{word}-{r}"
            d.mkdir()
            rates.append(_append_commit(d, 32, sealed=word))
        print(f"record append + fdatasync every 32 entries, {what}: median "
              f"{statistics.median(rates):8.0f} entries/s")
    big = _big_record(base)
    print(f"verify chain of a 10,000-event record:      median {_median(lambda: verify(big)) * 1000:7.1f} ms")
    print(f"audit (chain, rolls, signatures) of it:     median {_median(lambda: audit(big)) * 1000:7.1f} ms")
    long, folded = _long_game(base)
    entries = read(long)
    full = _median(lambda: GameSession.from_entries(entries, long, checkpoints=False))
    print(f"fold a 10,000-action game from its start ({folded} folded entries incl. take-backs): median "
          f"{full * 1000:7.1f} ms")
    secs = _median(lambda: GameSession.from_record(long))
    print(f"resume: read, verify and fold it from its last checkpoint (every {CHECKPOINT_EVERY} actions): "
          f"median {secs * 1000:7.1f} ms  (target 1000 ms: {1000 / (secs * 1000):.1f}x)")
    copies = iter(range(RUNS))

    def host_resume() -> None:  # what `hexmate run --resume` does: reopen (verify once), fold, close
        copy = base / f"resume-{next(copies)}.jsonl"
        shutil.copyfile(long, copy)
        record, _session, _owed, _header = open_resume(copy)
        record.close()
    host = _median(host_resume)
    print(f"resume as the host does it (open_resume: verify, cut, fold from the checkpoint): median "
          f"{host * 1000:7.1f} ms  (target 1000 ms: {1000 / (host * 1000):.1f}x)")
    size = long.stat().st_size
    print(f"  the record: {len(entries)} entries, {size / 1e6:.1f} MB")
    audit_s = _median(lambda: audit(long), runs=1)
    print(f"verify (audit) of it, every checkpoint checked against the fold from the start: "
          f"{audit_s * 1000:7.1f} ms (one run)")
    sealed, _ = _long_game(base, sealed=True)  # the same game with its hidden set-up sealed
    n_sealed = audit(sealed).sealed
    sealed_copies = iter(range(RUNS))

    def sealed_resume() -> None:
        copy = base / f"sealed-{next(sealed_copies)}.jsonl"
        shutil.copyfile(sealed, copy)
        shutil.copyfile(sidecar_path(sealed), sidecar_path(copy))
        record, _session, _owed, _header = open_resume(copy)
        record.close()
    host = _median(sealed_resume)
    print(f"sealed ({n_sealed} entries: header and checkpoints): resume as the host does it (the sidecar "
          f"read, each commitment checked): median {host * 1000:7.1f} ms")
    rec = Record.resume(sealed)
    rec.reveal()
    rec.close()
    audit_s = _median(lambda: audit(sealed), runs=1)
    print(f"sealed, after its reveal: verify (audit), each commitment and every checkpoint checked: "
          f"{audit_s * 1000:7.1f} ms (one run)")


if __name__ == "__main__":
    main()
