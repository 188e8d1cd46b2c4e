"""``hexmate hall``: the tournament hall (subscriber, PostgreSQL store, director's dashboard) and, with
``--demo``, a local broker, a throwaway database and a few emulated tables playing their demo turn."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hexmate.host.commands.run import CommandError, _bind, _guard, _no_signal_capture

DEFAULT_HTTP_PORT = 8350
DEMO_GAMES = ("asl", "pg", "fireteam")
SCRIPTS = Path(__file__).resolve().parents[2] / "tests" / "e2e" / "scripts"


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("hall", help="the tournament hall: tables over MQTT, a director's dashboard")
    p.add_argument("--demo", action="store_true", help="start a local broker, a throwaway database and a few "
                   "emulated tables playing their demo turn (installs mosquitto and postgresql if missing)")
    p.add_argument("--tables", type=int, default=3, help="with --demo: how many emulated tables (default 3)")
    p.add_argument("--write-broker-config", metavar="DIR", help="write a Mosquitto configuration for the "
                   "hall into DIR (mosquitto.conf, passwd, acl, one password file per account) and stop")
    p.add_argument("--table-ids", metavar="ID,ID", help="with --write-broker-config: the tables' ids")
    p.add_argument("--listen-port", type=int, default=1883, help="with --write-broker-config: the port")
    p.add_argument("--tls-cert", metavar="FILE", help="with --write-broker-config: server certificate")
    p.add_argument("--tls-key", metavar="FILE", help="with --write-broker-config: its private key")
    p.add_argument("--broker", default="127.0.0.1:1883", help="the MQTT broker HOST:PORT (default "
                   "127.0.0.1:1883)")
    p.add_argument("--broker-user", default="hall", help="the hall's read-only broker account (default hall)")
    p.add_argument("--broker-password-file", metavar="FILE", help="file holding that account's password")
    p.add_argument("--ca", metavar="FILE", help="CA certificate: connect to the broker with TLS, checked")
    p.add_argument("--db", metavar="DSN", help="PostgreSQL DSN (default $HEXMATE_HALL_DB)")
    p.add_argument("--director-password-file", metavar="FILE",
                   help="file holding the director's password (default $HEXMATE_HALL_PASSWORD)")
    p.add_argument("--pairings", metavar="FILE", help="import rounds and pairings from a CSV file "
                   "(round,date,tournament,table,scenario,side_a,player_a,side_b,player_b) at start")
    p.add_argument("--records", metavar="DIR", help="where finished records are kept (default "
                   "$XDG_DATA_HOME/hexmate/hall)")
    p.add_argument("--host-http", default="127.0.0.1", help="dashboard address (default 127.0.0.1)")
    p.add_argument("--port-http", type=int, default=DEFAULT_HTTP_PORT, help="dashboard port (default 8350)")
    p.set_defaults(func=lambda a: _guard(lambda b: asyncio.run(_main(b)), a))


def _read_secret(path: str | None, env: str, what: str) -> str:
    if path:
        try:
            return Path(path).read_text(encoding="utf-8").strip()
        except OSError as e:
            raise CommandError(f"{what}: cannot read {path}: {e.strerror}") from None
    value = os.environ.get(env, "")
    if not value:
        raise CommandError(f"{what}: give --{what.replace(' ', '-')}-file or set ${env}")
    return value


def ensure_installed() -> None:
    """What the demo needs from Debian: mosquitto and postgresql, installed as ``make test`` does."""
    from hexmate.host.hall import broker, pg

    missing = []
    try:
        broker.find("mosquitto")
    except broker.BrokerError:
        missing.append("mosquitto")
    try:
        pg.find("initdb")
    except pg.ClusterError:
        missing.append("postgresql")
    if not missing:
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    print(f"hexmate: installing Debian's {' and '.join(missing)} for the hall demo", flush=True)
    for argv in ([*sudo, "apt-get", "update", "-qq"], [*sudo, "apt-get", "install", "-y", "-qq", *missing]):
        if subprocess.run(argv).returncode:
            raise CommandError(f"could not install {' '.join(missing)}: run {' '.join(argv)} yourself")


async def _main(args: argparse.Namespace) -> int:
    from hexmate.host.hall.publisher import BrokerConfig

    if args.demo:
        return await _demo(args)
    if args.write_broker_config:
        return write_broker_config(args)
    host, _, port = args.broker.rpartition(":")
    if not host or not port.isdigit():
        raise CommandError(f"--broker {args.broker!r}: expected HOST:PORT")
    password = _read_secret(args.broker_password_file, "HEXMATE_HALL_BROKER_PASSWORD", "broker password")
    dsn = args.db or os.environ.get("HEXMATE_HALL_DB")
    if not dsn:
        raise CommandError("no database: give --db DSN or set $HEXMATE_HALL_DB")
    director = _read_secret(args.director_password_file, "HEXMATE_HALL_PASSWORD", "director password")
    records = Path(args.records) if args.records else _data_dir() / "hall"
    cfg = BrokerConfig(host, int(port), args.broker_user, password, args.ca)
    pairings = None
    if args.pairings:
        from hexmate.host.hall.pairings import PairingsError, load

        try:
            pairings = load(args.pairings)
        except PairingsError as e:
            raise CommandError(str(e)) from None
    return await serve_hall(args, cfg, dsn, director, records, pairings=pairings)


def write_broker_config(args: argparse.Namespace) -> int:
    """Files for the hall's own Mosquitto: each table writes only its subtree, the readers only read."""
    from hexmate.host.hall.broker import Broker, Tls
    from hexmate.host.hall.topics import TopicError, check_table_id

    try:
        tables = [check_table_id(t.strip()) for t in (args.table_ids or "").split(",") if t.strip()]
    except TopicError as e:
        raise CommandError(str(e)) from None
    if not tables:
        raise CommandError("--write-broker-config needs --table-ids ID,ID,...")
    tls = None
    if args.tls_cert or args.tls_key:
        if not (args.tls_cert and args.tls_key and args.ca):
            raise CommandError("TLS needs --tls-cert, --tls-key and --ca together")
        tls = Tls(str(Path(args.tls_cert).resolve()), str(Path(args.tls_key).resolve()),
                  str(Path(args.ca).resolve()))
    folder = Path(args.write_broker_config).resolve()
    broker = Broker(folder, tables, port=args.listen_port, tls=tls)
    conf = broker.write_config()
    secrets_dir = folder / "accounts"
    secrets_dir.mkdir(mode=0o700, exist_ok=True)
    for account, password in broker.passwords.items():
        f = secrets_dir / f"{account}.password"
        f.write_text(password + "\n")
        f.chmod(0o600)
    print(f"hexmate: broker configuration {conf} ({len(tables)} tables); passwords in {secrets_dir}/")
    print(f"hexmate: start it with: mosquitto -c {conf}")
    return 0


def _data_dir() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "hexmate"


async def serve_hall(args: argparse.Namespace, cfg: Any, dsn: str, director_password: str, records: Path,
                     extra: list[asyncio.Task[Any]] | None = None, pairings: list[Any] | None = None) -> int:
    import uvicorn
    from hexmate.host.hall.service import Hall
    from hexmate.host.hall.store import Store
    from hexmate.host.hall.web import Director, create_app

    try:
        director = Director(director_password)
    except ValueError as e:
        raise CommandError(str(e)) from None
    sock = _bind(args.host_http, args.port_http)
    try:
        store = await Store.open(dsn)
    except (OSError, Exception) as e:  # asyncpg raises its own errors for refused logins and databases
        raise CommandError(f"cannot open the hall's database: {type(e).__name__}: {e}") from None
    if pairings:
        from hexmate.host.hall.pairings import store_all

        await store_all(store, pairings)
        print(f"hexmate: {len(pairings)} pairing(s) imported", flush=True)
    hall = Hall(store, cfg, records)
    server = uvicorn.Server(uvicorn.Config(create_app(store, hall, director), log_level="warning",
                                           lifespan="off", timeout_graceful_shutdown=2))
    server.capture_signals = _no_signal_capture  # type: ignore[method-assign]
    print(f"hexmate: hall dashboard http://{args.host_http}:{args.port_http}/", flush=True)
    print("hexmate: press Ctrl-C to stop", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    tasks = [asyncio.create_task(hall.run()), asyncio.create_task(server.serve(sockets=[sock]))]
    try:
        await stop.wait()
    finally:
        server.should_exit = True
        for t in [*tasks[:1], *(extra or [])]:
            t.cancel()
        await asyncio.gather(*tasks, *(extra or []), return_exceptions=True)
        await store.close()
    return 0


async def _demo(args: argparse.Namespace) -> int:
    """Everything local: Mosquitto and PostgreSQL in a temp directory, one round paired, a few emulated
    tables each playing its game's demo turn, then finishing so the hall verifies the records."""
    import secrets

    from hexmate.host.hall.broker import Broker
    from hexmate.host.hall.pg import Cluster
    from hexmate.host.hall.publisher import BrokerConfig
    from hexmate.host.hall.store import Store

    ensure_installed()
    if not 1 <= args.tables <= 10:
        raise CommandError("--tables: 1 to 10 emulated tables in the demo")
    work = Path(tempfile.mkdtemp(prefix="hexmate-hall-"))
    tables = [f"table-{i + 1}" for i in range(args.tables)]
    broker = Broker(work / "broker", tables)
    broker.start()
    cluster = Cluster()
    try:
        cluster.start()
        store = await Store.open(cluster.dsn)
        today = datetime.date.today()
        await store.add_round(1, "hexmate demo open", today)
        for i, table in enumerate(tables):
            game = DEMO_GAMES[i % len(DEMO_GAMES)]
            sides = {"asl": ("ger", "rus"), "pg": ("ger", "sov"), "fireteam": ("us", "sov")}[game]
            await store.add_pairing(1, table, f"{game} demo", {sides[0]: f"Player {2 * i + 1}",
                                                               sides[1]: f"Player {2 * i + 2}"})
        await store.close()
        password = secrets.token_urlsafe(9)
        print(f"hexmate: broker mosquitto on 127.0.0.1:{broker.port}; database on 127.0.0.1:{cluster.port}",
              flush=True)
        print(f"hexmate: director's password {password}", flush=True)
        cfg = BrokerConfig("127.0.0.1", broker.port, "hall", broker.passwords["hall"])
        players = [asyncio.create_task(_demo_table(t, DEMO_GAMES[i % len(DEMO_GAMES)], broker, work))
                   for i, t in enumerate(tables)]
        args.port_http = args.port_http
        return await serve_hall(args, cfg, cluster.dsn, password, work / "records", extra=players)
    finally:
        cluster.stop()
        broker.stop()
        shutil.rmtree(work, ignore_errors=True)


async def _demo_table(table: str, game: str, broker: Any, work: Path) -> None:
    """One emulated table: its game's demo turn played through the real host, published to the hall."""
    from hexmate.host.hall.publisher import BrokerConfig
    from hexmate.host.hall.table import HallLink
    from hexmate.host.service.scripted import run_script

    cfg = BrokerConfig("127.0.0.1", broker.port, table, broker.passwords[table])
    links: list[HallLink] = []

    def serve(service: Any, emulated: Any) -> asyncio.Task[None]:
        link = HallLink(service, table, cfg, work / f"{table}-outbox.sqlite")
        link.start()
        links.append(link)
        return asyncio.create_task(asyncio.sleep(86400))

    try:
        await run_script(SCRIPTS / f"{game}-turn.json", game=game, record_path=work / f"{table}.jsonl",
                         serve=serve)
    except Exception as e:  # one table's trouble is shown, the hall goes on
        print(f"hexmate: {table}: {type(e).__name__}: {e}", file=sys.stderr, flush=True)
    finally:
        for link in links:
            with contextlib.suppress(Exception):
                await link.close(ends_game=True)  # the demo's game ends with its turn
