"""``hexmate table replay``, ``hexmate registry import/export/list`` and ``hexmate calibrate``.

Every failure is one line naming the file and entry (exit status 1), never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from hexmate.host.table.calibration import Anchor, Calibration, CalibrationError
from hexmate.host.table.registry import Registry, RegistryError, default_registry_path, load_demo
from hexmate.host.table.replay import Replay, ReplayError, default_resolver


def register(subparsers: Any) -> None:
    table = subparsers.add_parser("table", help="the table tracker: replay recorded sensor streams")
    table_sub = table.add_subparsers(dest="table_command", metavar="ACTION", required=True)
    replay = table_sub.add_parser("replay", help="replay sensor streams through the tracker, check them")
    replay.add_argument("streams", nargs="+", type=Path, metavar="STREAM.json")
    replay.add_argument("--events", action="store_true", help="print every table event produced")
    replay.set_defaults(func=_replay)

    registry = subparsers.add_parser("registry", help="the tag registry: which RFID tag is on which counter")
    registry.add_argument("--registry", type=Path, default=None, help="registry file (default: %(default)s)")
    reg_sub = registry.add_subparsers(dest="registry_command", metavar="ACTION", required=True)
    imp = reg_sub.add_parser("import", help="validate a registry file and merge it into the registry")
    imp.add_argument("file", type=Path, help="a registry JSON file, or 'demo' for the ASL demo tags")
    imp.add_argument("--replace", action="store_true", help="let the file re-tag counters already enrolled")
    imp.set_defaults(func=_import)
    exp = reg_sub.add_parser("export", help="write the registry to a file")
    exp.add_argument("file", type=Path)
    exp.set_defaults(func=_export)
    lst = reg_sub.add_parser("list", help="list enrolled tags")
    lst.set_defaults(func=_list)

    cal = subparsers.add_parser("calibrate", help="fit a board to a map from two calibration counters")
    cal.add_argument("--board", default="emu-346", help="board definition name or path")
    cal.add_argument("--map", dest="map_name", default="demo-asl", help="map name in rules/maps or path")
    cal.add_argument("--anchor", action="append", default=[], metavar="CELL=HEX",
                     help="a calibration counter on board cell CELL sits on map hex HEX (give two)")
    cal.add_argument("-o", "--output", type=Path, help="write the calibration JSON here")
    cal.set_defaults(func=_calibrate)


def _fail(message: str) -> int:
    print(f"hexmate: {message}", file=sys.stderr)
    return 1


def _replay(args: argparse.Namespace) -> int:
    failed = 0
    for path in args.streams:
        try:
            result = Replay.load(path, default_resolver).run()
        except ReplayError as exc:
            return _fail(str(exc))
        status = "ok" if not result.failures else "FAILED"
        print(f"{path.name}: {status} ({len(result.events)} events, final phase {result.phase})")
        if args.events:
            for event in result.events:
                print("  " + json.dumps(event, sort_keys=True))
        for failure in result.failures:
            print(f"  {failure}")
        failed += bool(result.failures)
    return 1 if failed else 0


def _registry_path(args: argparse.Namespace) -> Path:
    return args.registry if args.registry is not None else default_registry_path()


def _load_registry(path: Path) -> Registry:
    return Registry.load(path) if path.exists() else Registry()


def _import(args: argparse.Namespace) -> int:
    target = _registry_path(args)
    try:
        incoming = load_demo() if str(args.file) == "demo" else Registry.load(args.file)
        registry = _load_registry(target)
        for uid, counter in incoming:
            try:
                registry.enroll(uid, counter, replace=args.replace)
            except RegistryError as exc:
                raise RegistryError(f"{args.file}: {exc}") from exc
        target.parent.mkdir(parents=True, exist_ok=True)
        registry.save(target)
    except (RegistryError, OSError) as exc:
        return _fail(str(exc))
    print(f"{len(incoming)} tags imported into {target} ({len(registry)} enrolled)")
    return 0


def _export(args: argparse.Namespace) -> int:
    try:
        registry = _load_registry(_registry_path(args))
        registry.save(args.file)
    except (RegistryError, OSError) as exc:
        return _fail(str(exc))
    print(f"{len(registry)} tags written to {args.file}")
    return 0


def _list(args: argparse.Namespace) -> int:
    try:
        registry = _load_registry(_registry_path(args))
    except RegistryError as exc:
        return _fail(str(exc))
    for uid, counter in registry:
        print(f"{uid}  {counter.game:6} {counter.kind:12} {counter.describe()}")
    print(f"{len(registry)} tags")
    return 0


def _calibrate(args: argparse.Namespace) -> int:
    try:
        board = default_resolver("board", args.board)
        game_map = default_resolver("map", args.map_name)
    except Exception as exc:  # loader errors name the file themselves
        return _fail(f"cannot load board/map: {exc}")
    try:
        if not args.anchor:
            calibration = Calibration.default_for(board, game_map)
        else:
            cells = {c.label: c.id for c in board.cells}
            anchors = []
            for text in args.anchor:
                cell, _, hex_label = text.partition("=")
                if cell not in cells or not hex_label:
                    raise CalibrationError(
                        f"--anchor {text!r}: expected CELL=HEX with a cell of board {board.name}"
                    )
                try:
                    anchors.append(Anchor(cells[cell], game_map.parse_label(hex_label)))
                except Exception as exc:
                    raise CalibrationError(f"--anchor {text!r}: {exc}") from exc
            calibration = Calibration.fit(board, game_map, anchors)
    except CalibrationError as exc:
        return _fail(str(exc))
    print(calibration.describe())
    if args.output:
        calibration.save(args.output)
        print(f"written to {args.output}")
    return 0
