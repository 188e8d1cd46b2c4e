"""``hexmate demo`` (emulated table, a game's demo scenario), ``hexmate run`` (a real table over USB serial or
Bluetooth LE, chosen by host/link/factory.py) and ``hexmate record verify``. Errors reach the player as one
clear line, never as a traceback."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import errno
import logging
import os
import signal
import socket
import sys
import webbrowser
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hexmate.host.table.registry import DEMO_GAMES

if TYPE_CHECKING:
    from hexmate.host.link.base import Link
    from hexmate.host.link.discovery import BleScan

LOGGER = logging.getLogger(__name__)

DEFAULT_HTTP_PORT = 8346


class CommandError(Exception):
    """A problem the player can fix; printed as one line."""


def register(subparsers: Any) -> None:
    demo = subparsers.add_parser("demo", help="run the host on an emulated table with a game's demo scenario")
    demo.add_argument("--game", default=None, choices=DEMO_GAMES,
                      help="the game whose demo to play (default asl, or the script's game), on its demo "
                           "board with its tags")
    demo.add_argument("--script", metavar="FILE", help="play a script of table gestures (lift, place, press, "
                      "roll, page answers) on the emulated table, then print the final position and the "
                      "record path as JSON (tests/e2e/scripts/<game>-turn.json)")
    demo.add_argument("--headless", action="store_true",
                      help="with --script: serve no pages, open no browser")
    demo.add_argument("--scenario", default=None,
                      help="a scenario JSON file of --game to play instead of its demo scenario (its units "
                           "must be in the demo registry: e.g. the demo with options added)")
    demo.add_argument("--board", default=None,
                      help="emulated board name or JSON file (default: the game's demo board; e.g. "
                           "emu-asl-mux, the switched-coil board at the map's real pitch)")
    _common(demo)
    demo.set_defaults(func=_demo)

    run = subparsers.add_parser("run", help="run the host on a real table (USB serial or Bluetooth LE)")
    link = run.add_mutually_exclusive_group()
    link.add_argument("--port", help="serial port of the table, e.g. /dev/ttyACM0")
    link.add_argument("--ble", metavar="NAME|ADDRESS", help="the table over Bluetooth LE, by its name "
                      "(hexmate-1a2b) or address; without --port or --ble, USB then Bluetooth are searched")
    run.add_argument("--board", default="pico-346", help="board name or JSON file (default pico-346)")
    run.add_argument("--scenario", help="scenario JSON file (required unless --resume names the record)")
    run.add_argument("--game", default="asl", help="game the scenario belongs to (default asl)")
    _common(run)
    run.set_defaults(func=_run)

    record = subparsers.add_parser("record", help="game records")
    rsub = record.add_subparsers(dest="record_command", metavar="ACTION")
    verify = rsub.add_parser("verify", help="check a record: its hash chain, every roll and the players' "
                                            "signatures; the first failure names its entry and says why")
    verify.add_argument("file")
    verify.add_argument("--board-key", metavar="KEY", help="the board's key file (written by `hexmate "
                        "firmware provision`): every roll must then be authenticated by that board")
    verify.set_defaults(func=_verify)
    from hexmate.host.commands import records

    records.register(rsub)
    record.set_defaults(func=lambda args: (record.print_help(), 2)[1])


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port-http", type=int, default=DEFAULT_HTTP_PORT, help="web page port (default 8346)")
    p.add_argument("--listen", "--host-http", dest="host_http", default="127.0.0.1",
                   help="address the pages listen on (default 127.0.0.1: this machine only; a LAN address "
                        "lets phones join, each with the pairing code the host page shows)")
    p.add_argument("--speak", action="store_true", help="say what happens through espeak-ng (a table with "
                   "no screen)")
    p.add_argument("--speech-rate", type=int, default=170, help="speech rate, words a minute (default 170)")
    p.add_argument("--speech-verbosity", default="normal", choices=["terse", "normal"],
                   help="terse: refusals and what to do now; normal: every notice too")
    p.add_argument("--speech-lang", default="en", choices=["en", "ja"], help="speech language (default en)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.add_argument("--setup", action="store_true", help="start in set-up mode: the page and the LEDs show "
                   "where each unit of the scenario goes (the demo's table starts empty)")
    p.add_argument("--registry", metavar="FILE", help="tag registry file, rewritten when a tag is enrolled "
                   "(default: $HEXMATE_REGISTRY, else $XDG_DATA_HOME/hexmate/registry.json; "
                   "the demo registry until then)")
    p.add_argument("--record", metavar="FILE", help="write the game record here (default: a new file in "
                                                    "$XDG_DATA_HOME/hexmate/records)")
    hall = p.add_argument_group("tournament hall (docs/HALL.md)")
    hall.add_argument("--hall-broker", metavar="HOST:PORT",
                      help="publish this table to the hall's MQTT broker")
    hall.add_argument("--hall-table", metavar="ID", help="this table's id and broker account")
    hall.add_argument("--hall-password-file", metavar="FILE", help="file holding the table's broker password")
    hall.add_argument("--hall-ca", metavar="FILE", help="CA certificate: reach the broker over TLS")
    hall.add_argument("--hall-outbox", metavar="FILE", help="durable outbox (default: beside the record)")
    hall.add_argument("--hall-end-on-stop", action="store_true", help="stopping the table ends its game: "
                      "the whole record goes to the hall (without it, only a game the rules ended does, so a "
                      "restart reveals no concealed unit)")
    p.add_argument("--resume", metavar="RECORD", help="continue the game of this record after a stop or a "
                   "crash: the position is the fold of its actions, new entries continue its chain, and "
                   "the board is read again (its game, scenario and board come from the record)")


def _guard(fn: Any, args: argparse.Namespace) -> int:
    from hexmate.host.game import SessionError
    from hexmate.host.link.base import LinkError
    from hexmate.host.record import RecordError

    try:
        return int(fn(args))
    except KeyboardInterrupt:
        print("hexmate: stopped", file=sys.stderr)
        return 0
    except (CommandError, SessionError, RecordError, LinkError) as e:
        print(f"hexmate: error: {e}", file=sys.stderr)
        return 1
    except Exception as e:  # last resort: one line for the player, the details in the log
        LOGGER.debug("unexpected error", exc_info=True)
        print(f"hexmate: internal error: {type(e).__name__}: {e} (run with -v for details)", file=sys.stderr)
        return 1


def _demo(args: argparse.Namespace) -> int:
    if args.script:
        return _guard(lambda a: asyncio.run(_scripted(a)), args)
    if args.game is None:
        args.game = "asl"
    return _guard(lambda a: asyncio.run(_serve(a, emulated=True)), args)


def _resume_path(args: argparse.Namespace) -> Path | None:
    if not getattr(args, "resume", None):
        return None
    path = Path(args.resume)
    if args.record and Path(args.record).resolve() != path.resolve():
        raise CommandError("--resume continues the record it names; --record cannot name another one")
    if not path.is_file():
        raise CommandError(f"record {path} not found (--resume needs the record of the game to continue)")
    return path


async def _scripted(args: argparse.Namespace) -> int:
    """``hexmate demo --script FILE``: the real host on a fresh emulated table, driven by the script."""
    import json

    from hexmate.host.script import ScriptError
    from hexmate.host.service.scripted import ScriptFailed, run_script

    serve = None
    sock = None if args.headless else _bind(args.host_http, args.port_http)
    if sock is not None:
        def serve(service: Any, table: Any) -> Any:
            return asyncio.create_task(_serve_pages(args, service, table, sock))
    try:
        stem = Path(args.script).stem
        result = await run_script(args.script, game=args.game, record_path=_record_path(args, stem),
                                  serve=serve, board=args.board)
    except (ScriptError, ScriptFailed) as e:
        raise CommandError(str(e)) from None
    print(json.dumps(result, indent=1, ensure_ascii=False))
    return 0


def _add_speech(args: argparse.Namespace, service: Any) -> None:
    from hexmate.host.service.speech import Speaker, SpeechError, SpeechSettings

    try:
        settings = SpeechSettings(args.speech_rate, args.speech_verbosity, args.speech_lang)
        service.add_speaker(Speaker(settings))
    except SpeechError as e:
        raise CommandError(str(e)) from None


async def _serve_pages(args: argparse.Namespace, service: Any, table: Any, sock: socket.socket) -> None:
    import uvicorn
    from hexmate.host.web.app import create_app

    server = uvicorn.Server(uvicorn.Config(create_app(service), log_level="warning", lifespan="off"))
    server.capture_signals = _no_signal_capture  # type: ignore[method-assign]
    url = f"http://{args.host_http}:{args.port_http}/"
    print(f"hexmate: companion page {url}  virtual table {url}table", file=sys.stderr, flush=True)
    if not args.no_browser:
        _open_browser(url)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        await asyncio.shield(task)
    except asyncio.CancelledError:
        server.should_exit = True
        await task


def _run(args: argparse.Namespace) -> int:
    if not args.scenario and not args.resume:
        print("hexmate: error: --scenario FILE is required (or --resume RECORD to continue a game)",
              file=sys.stderr)
        return 2
    return _guard(lambda a: asyncio.run(_serve(a, emulated=False)), args)


def _verify(args: argparse.Namespace) -> int:
    from hexmate.host.record import RecordError
    from hexmate.host.sealed import SEALED_NOTE
    from hexmate.host.tournament.audit import audit
    from hexmate.host.tournament.keys import BoardKeyError, read_key

    try:
        key = read_key(args.board_key) if args.board_key else None
        v = audit(args.file, key)
    except BoardKeyError as e:
        print(f"hexmate: error: {e}", file=sys.stderr)
        return 2
    except RecordError as e:
        print(f"hexmate: record NOT valid: {e}", file=sys.stderr)
        return 1
    header = v.header
    print(f"record OK: {args.file}: {v.entries} entries, game {header.get('game', '?')}, scenario "
          f"{header.get('scenario', '?')}, head hash {v.head}")
    if v.sealed:
        print(f"  {SEALED_NOTE}: {v.sealed} entries sealed (each a commitment); their rolls, moves and "
              f"checkpoints are checked once the record holds its reveal")
    elif v.revealed:
        print(f"  hidden set-up revealed: {v.revealed} sealed entries, each equal to its commitment")
    if key is not None:
        print(f"  rolls: {v.rolls} authenticated by board {key.board_id}")
    if v.checkpoints:
        print(f"  checkpoints: {v.checkpoints}, each the position its actions fold to")
    if v.result is not None:
        print(f"  result: {v.result.get('text')}; signed by: {', '.join(v.signatures) or 'nobody'}")
    for w in v.warnings:
        print(f"  warning: {w}")
    return 0


def _bind(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            msg = f"web port {host}:{port} is already in use; choose another with --port-http"
            raise CommandError(msg) from None
        raise CommandError(f"cannot serve pages on {host}:{port}: {e.strerror or e}") from None
    sock.listen(64)
    sock.setblocking(False)
    return sock


def _record_path(args: argparse.Namespace, scenario: str) -> Path:
    if args.record:
        return Path(args.record)
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "hexmate" / "records"
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    return base / f"{stamp}-{scenario}.jsonl"


def _registry_path(args: argparse.Namespace) -> Path:
    from hexmate.host.table.registry import default_registry_path

    if args.registry:
        return Path(args.registry)
    return default_registry_path()


async def _serve(args: argparse.Namespace, *, emulated: bool) -> int:
    import uvicorn
    from hexmate.host.service.build import build_service
    from hexmate.host.web.app import create_app
    from hexmate.host.web.players import pairing_for

    hall_config = _hall_config(args)
    sock = _bind(args.host_http, args.port_http)
    if emulated:
        service, table = await build_service(record_path=lambda s: _record_path(args, s), emulated=True,
                                             game=args.game, setup_mode=args.setup,
                                             registry_path=_registry_path(args), board=args.board,
                                             resume=_resume_path(args),
                                             scenario=getattr(args, "scenario", None))
    else:
        link = await pick_link(args.port, args.ble)
        service, table = await build_service(
            record_path=lambda s: _record_path(args, s), emulated=False, link=link, board=args.board,
            scenario=args.scenario, game=args.game, setup_mode=args.setup, registry_path=_registry_path(args),
            resume=_resume_path(args),
        )
    url = f"http://{args.host_http}:{args.port_http}/"
    if args.speak:
        _add_speech(args, service)
    pairing = pairing_for(service)
    config = uvicorn.Config(create_app(service, pairing), log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    print(f"hexmate: companion page {url}", flush=True)
    codes = ", ".join(f"{key} {code}" for key, code in pairing.codes().items())
    print(f"hexmate: players' pages {url}pair  (pairing codes: {codes})", flush=True)
    if table is not None:
        print(f"hexmate: virtual table   {url}table  (emulated board on {table.port_path})", flush=True)
    if service.record is not None:
        print(f"hexmate: record          {service.record.path}", flush=True)
    print("hexmate: press Ctrl-C to stop", flush=True)
    if not args.no_browser:
        _open_browser(url)
    # Ctrl-C and SIGTERM end the session in order: pages, then the link, then the firmware, then the record.
    server.capture_signals = _no_signal_capture  # type: ignore[method-assign]
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    hall = _join_hall(args, service, hall_config)
    runner = asyncio.create_task(service.run())
    web = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        stopped = asyncio.create_task(stop.wait())
        await asyncio.wait([stopped, web, runner], return_when=asyncio.FIRST_COMPLETED)
        stopped.cancel()
    finally:
        server.should_exit = True
        service.stop()
        await asyncio.gather(web, runner, return_exceptions=True)
        if table is not None:
            await table.stop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        if hall is not None:
            owed = await hall.close(ends_game=args.hall_end_on_stop)
            print(f"hexmate: hall: {'everything sent' if not owed else f'{owed} message(s) kept to resend'}")
    if service.record is not None:
        print(f"hexmate: record saved to {service.record.path} (head hash {service.record.head})")
    return 0


def _hall_config(args: argparse.Namespace) -> Any:
    """The --hall-* options checked before anything starts: the broker account, or None without a hall."""
    if not getattr(args, "hall_broker", None):
        return None
    from hexmate.host.hall.publisher import BrokerConfig
    from hexmate.host.hall.topics import TopicError, check_table_id

    host, _, port = args.hall_broker.rpartition(":")
    if not host or not port.isdigit():
        raise CommandError(f"--hall-broker {args.hall_broker!r}: expected HOST:PORT")
    if not args.hall_table or not args.hall_password_file:
        raise CommandError("--hall-broker needs --hall-table and --hall-password-file")
    try:
        table = check_table_id(args.hall_table)
        password = Path(args.hall_password_file).read_text(encoding="utf-8").strip()
    except TopicError as e:
        raise CommandError(str(e)) from None
    except OSError as e:
        raise CommandError(f"--hall-password-file {args.hall_password_file}: {e.strerror}") from None
    return BrokerConfig(host, int(port), table, password, args.hall_ca)


def _join_hall(args: argparse.Namespace, service: Any, config: Any) -> Any:
    """With --hall-broker: publish the record, the shared view and the result to the hall (host/hall/)."""
    if config is None or service.record is None:
        return None
    from hexmate.host.hall.table import HallLink

    outbox = Path(args.hall_outbox) if args.hall_outbox else service.record.path.with_suffix(".outbox")
    table = config.username
    from hexmate.host.hall.outbox import OutboxError

    try:
        hall = HallLink(service, table, config, outbox)
    except OutboxError as e:
        raise CommandError(str(e)) from None
    hall.start()
    print(f"hexmate: hall            table {table} on {args.hall_broker}"
          f"{' (TLS)' if args.hall_ca else ''}", flush=True)
    return hall


async def pick_link(port: str | None, ble: str | None, *, serial_ports: Iterable[Any] | None = None,
                    ble_scan: BleScan | None = None, **link_options: Any) -> Link:
    """The table's link as the factory chooses it: --port, --ble, else USB then Bluetooth discovery.

    ``serial_ports``/``ble_scan`` replace the discovery sources and ``link_options`` go to the link class
    (tests pass fakes at pyserial's and bleak's boundaries). Raises LinkUnavailable saying what was searched.
    """
    from hexmate.host.link.factory import choose_link, open_link

    choice = await choose_link(port=port, ble=ble, serial_ports=serial_ports, ble_scan=ble_scan)
    print(f"hexmate: table           {choice.describe()}", flush=True)
    return open_link(choice, **link_options)


def _open_browser(url: str) -> None:
    """Open the page in a graphical browser; never a console browser that would take over this terminal."""
    graphical = sys.platform != "linux" or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    if not graphical:
        print("hexmate: no graphical display here; open the address above in a browser", flush=True)
        return
    with contextlib.suppress(webbrowser.Error):
        webbrowser.open(url)


@contextlib.contextmanager
def _no_signal_capture() -> Iterator[None]:
    """uvicorn's own handlers re-raise the signal after shutdown; this command stops everything itself."""
    yield


logging.getLogger("uvicorn.error").setLevel(logging.WARNING)
