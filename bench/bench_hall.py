"""The hall under load: 100 simulated tables on one Mosquitto, ``hexmate hall`` (a real subprocess) storing
into a throwaway PostgreSQL and pushing to the dashboard.

Each table is the real host code on recorded sensor streams: when its turn comes, a stream from
tests/host/table/streams/ is replayed through calibration, registry, tracker and views (host/table/replay.py),
every table event becomes a record entry (host/record.py, hash-chained, on disk) that the table's publisher
(host/hall/publisher.py: durable SQLite outbox, QoS 1) sends, and the shared state follows. No firmware
processes: the sensor streams stand in for the boards. Two phases: a tournament's pace (one replayed action
every 5 s per table) and a rush (one every second). Figures: end-to-end latency from the entry's time
(when the table recorded the action) to the database row (stored_at) and to the dashboard's server-sent
event, p50/p99; CPU% of the broker, the database (postmaster and backends), the hall and the tables'
process; messages/s into the hall and rows/s into the database. docs/HALL.md plans 1,000 tables from these.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import functools
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

N_TABLES = 100
PHASES = (("tournament pace, 1 action / 5 s / table", 5.0, 30.0), ("rush, 1 action / 1 s / table", 1.0, 20.0))
STREAMS = ("02-move-after-quiet-time", "04-multi-hex-trail", "08-illegal-then-legal", "09-whole-stack-moves",
           "12-stack-placed-in-parts", "28-join-friendly-stack")
ROOT = Path(__file__).resolve().parents[1]
TICK = os.sysconf("SC_CLK_TCK")


def _cpu_s(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError):
            pass
    return total / TICK


def _children(ppid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if int((d / "stat").read_text().rsplit(")", 1)[1].split()[1]) == ppid:
                    out.append(int(d.name))
            except (OSError, IndexError, ValueError):
                pass
    return out


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


class Dashboard(threading.Thread):
    """A dashboard client on /events: when each entry's event arrives, minus the entry's time."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.latencies: list[tuple[float, float]] = []  # (entry time, latency s)

    def run(self) -> None:
        import httpx

        events = self.url + "events"
        with contextlib.suppress(httpx.HTTPError), httpx.stream("GET", events, timeout=None) as r:
            for line in r.iter_lines():
                if line.startswith("data: "):
                    ev = json.loads(line[6:])
                    if ev.get("kind") == "entry":
                        t = datetime.datetime.fromisoformat(ev["t"]).timestamp()
                        self.latencies.append((t, time.time() - t))


async def _table(tid: str, pub: Any, record: Any, period_s: float, until: float, resolver: Any) -> int:
    from hexmate.host.table.replay import Replay

    actions = 0
    rng = random.Random(tid)
    await asyncio.sleep(rng.uniform(0, period_s))
    while time.monotonic() < until:
        replay = Replay.load(ROOT / "tests/host/table/streams" / f"{rng.choice(STREAMS)}.json", resolver)
        result = replay.run()
        for ev in result.events:
            record.append(str(ev["kind"]), ev)
        record.commit()  # durable first, then the hall hears of it (as the host does before its ACK)
        last = next((e for e in reversed(result.events) if e["kind"] == "move"), result.events[-1])
        pub.on_view({"type": "view", "phase": "Movement Phase", "turn": 1 + actions // 20, "to_act": "ger",
                     "last_actions": [json.dumps(last)[:80]], "conn": {"state": "live"}, "counters": {}})
        actions += 1
        await asyncio.sleep(period_s * rng.uniform(0.8, 1.2))
    return actions


def _worker(tables: list[str], port: int, passwords: dict[str, str], folder: str, starts: list[float],
            out: Any) -> None:
    """One process of tables (as many processes as cores, so the tables' threads do not all share one
    interpreter lock): every phase starts at the wall-clock time the parent gave."""
    from hexmate.host.hall.publisher import BrokerConfig, TablePublisher
    from hexmate.host.record import Record
    from hexmate.host.table.replay import default_resolver

    resolver = functools.lru_cache(None)(default_resolver)
    pubs, records = {}, {}
    for tid in tables:
        records[tid] = Record.create(Path(folder) / f"{tid}.jsonl", {"game": "asl", "table": tid})
        pubs[tid] = TablePublisher(tid, BrokerConfig("127.0.0.1", port, tid, passwords[tid]),
                                   Path(folder) / f"{tid}.outbox")
        pubs[tid].attach(records[tid])
        pubs[tid].start()
    for (_, period_s, duration_s), start in zip(PHASES, starts, strict=True):
        time.sleep(max(0.0, start - time.time()))
        appended0 = sum(r.n for r in records.values())

        async def phase(period_s: float = period_s, duration_s: float = duration_s) -> list[int]:
            until = time.monotonic() + duration_s
            return await asyncio.gather(*(_table(t, pubs[t], records[t], period_s, until, resolver)
                                          for t in tables))

        actions = sum(asyncio.run(phase()))
        end = time.monotonic() + 30
        while any(p.pending() for p in pubs.values()) and time.monotonic() < end:
            time.sleep(0.1)
        out.put((actions, sum(r.n for r in records.values()) - appended0))
    for p in pubs.values():
        p.stop()


def main() -> None:
    import multiprocessing

    from hexmate.host.hall.broker import Broker, BrokerError, free_port
    from hexmate.host.hall.pg import Cluster, ClusterError

    work = Path(tempfile.mkdtemp(prefix="hexmate-bench-hall-"))
    # Every real table has its own disk; here 100 share one, so their records and outboxes go to tmpfs
    # (the fsync per outbox row would otherwise measure this machine's disk, not the hall).
    shm = Path("/dev/shm")
    tables_dir = Path(tempfile.mkdtemp(prefix="hexmate-bench-tables-", dir=shm if shm.is_dir() else None))
    tables = [f"t{i:03d}" for i in range(1, N_TABLES + 1)]
    broker = Broker(work / "broker", tables)
    cluster = Cluster()
    try:
        broker.start()
        cluster.start()
    except (BrokerError, ClusterError) as e:
        print(f"bench_hall: needs Debian's mosquitto and postgresql (make test installs them): {e}")
        return
    hall_proc = None
    workers: list[Any] = []
    try:
        (work / "hall.pw").write_text(broker.passwords["hall"])
        http_port = free_port()
        hall_proc = subprocess.Popen(
            [str(Path(sys.executable).parent / "hexmate"), "hall", "--broker", f"127.0.0.1:{broker.port}",
             "--broker-password-file", str(work / "hall.pw"), "--db", cluster.dsn,
             "--port-http", str(http_port),
             "--records", str(work / "records")],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "HEXMATE_HALL_PASSWORD": "bench-director-password"})
        assert hall_proc.stdout is not None
        while "press Ctrl-C" not in (line := hall_proc.stdout.readline()):
            if not line:
                raise RuntimeError("hexmate hall exited")
        n_workers = max(2, os.cpu_count() or 2)
        starts, t = [], time.time() + 15  # time for every table to connect first
        for _, _, duration_s in PHASES:
            starts.append(t)
            t += duration_s + 20
        ctx = multiprocessing.get_context("spawn")
        out = ctx.Queue()
        for i in range(n_workers):
            w = ctx.Process(target=_worker, args=(tables[i::n_workers], broker.port, broker.passwords,
                                                  str(tables_dir), starts, out), daemon=True)
            w.start()
            workers.append(w)
        dash = Dashboard(f"http://127.0.0.1:{http_port}/")
        dash.start()
        pg_pid = int((cluster.directory / "data" / "postmaster.pid").read_text().split()[0])
        print(f"{N_TABLES} tables in {n_workers} processes, one broker (mosquitto), one hall, one PostgreSQL,"
              " "
              f"all on this machine's {os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.1f}")
        for (name, _period_s, duration_s), start in zip(PHASES, starts, strict=True):
            time.sleep(max(0.0, start - time.time()))
            pg_pids = [pg_pid, *_children(pg_pid)]
            w_pids = [w.pid for w in workers]
            cpu0 = (_cpu_s([broker.pid or 0]), _cpu_s(pg_pids), _cpu_s([hall_proc.pid]), _cpu_s(w_pids))
            results = [out.get(timeout=duration_s + 60) for _ in workers]
            appended = sum(n for _, n in results)
            end = time.monotonic() + 60  # the hall may still be catching up: wait for every row
            while asyncio.run(_db_figures(cluster.dsn, start))["rows"] < appended and time.monotonic() < end:
                time.sleep(0.5)
            elapsed = time.time() - start
            pg_pids = [pg_pid, *_children(pg_pid)]
            cpu1 = (_cpu_s([broker.pid or 0]), _cpu_s(pg_pids), _cpu_s([hall_proc.pid]), _cpu_s(w_pids))
            actions = sum(a for a, _ in results)
            db = asyncio.run(_db_figures(cluster.dsn, start))
            dash_lat = [lat for t, lat in dash.latencies if t >= start]
            print(f"-- {name}: {duration_s:.0f} s, {actions} actions replayed, {appended} entries recorded")
            print(f"   stored in PostgreSQL: {db['rows']} rows ({db['rows'] / elapsed:.0f} rows/s over "
                  f"{elapsed:.0f} s), missing {appended - db['rows']}")
            print(f"   latency action -> database: p50 {db['p50'] * 1000:.1f} ms, "
                  f"p99 {db['p99'] * 1000:.1f} ms")
            print(f"   latency action -> dashboard event: p50 {_pct(dash_lat, 0.5) * 1000:.1f} ms, "
                  f"p99 {_pct(dash_lat, 0.99) * 1000:.1f} ms ({len(dash_lat)} events)")
            msgs = appended + actions  # one entry message per entry, one state message per action
            print(f"   messages into the hall: {msgs / elapsed:.0f}/s")
            labels = ("broker (mosquitto)", "database (postgres, all processes)", "hall (hexmate hall)",
                      f"{N_TABLES} tables (replay + record + publisher)")
            for label, a, b in zip(labels, cpu0, cpu1, strict=True):
                print(f"   CPU {label}: {100 * (b - a) / elapsed:.1f}% of one core")
            print(f"   load average after: {os.getloadavg()[0]:.1f}")
    finally:
        for w in workers:
            w.join(20)
            if w.is_alive():
                w.kill()
        if hall_proc is not None:
            hall_proc.terminate()
            try:
                hall_proc.wait(10)
            except subprocess.TimeoutExpired:
                hall_proc.kill()
        cluster.stop()
        broker.stop()
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(tables_dir, ignore_errors=True)


async def _db_figures(dsn: str, since: float) -> dict[str, float]:
    import asyncpg

    conn = await asyncpg.connect(dsn)
    try:
        rows = await conn.fetch("SELECT extract(epoch FROM stored_at - t) AS lat FROM entries "
                                "WHERE t >= to_timestamp($1)", since)
    finally:
        await conn.close()
    lat = [float(r["lat"]) for r in rows]
    return {"rows": len(lat), "p50": statistics.median(lat) if lat else float("nan"), "p99": _pct(lat, 0.99)}


if __name__ == "__main__":
    main()
