"""``hexmate map ...``: make hexmate maps from other tools' data. ``map import-vasl`` reads VASL board
archives (their LOS data and metadata, rules/VASL.md) and writes a hexmate-map/1 file plus a report of what it
could not map. Bad input prints one clear error line naming the file and place, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from hexmate.rules.maps import HexMap, MapError
from hexmate.rules.maps.vasl import (
    VaslError,
    apply_ssr,
    convert,
    read_archive,
    read_shared_metadata,
    substitute,
)
from hexmate.rules.maps.vasl_layout import build_map
from hexmate.rules.terrain import TerrainError, load_game_terrain


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("map", help="make hexmate maps from VASL board archives")
    sub = p.add_subparsers(dest="map_command", metavar="SUBCOMMAND")
    imp = sub.add_parser(
        "import-vasl",
        help="convert VASL board archives (LOS data) into a hexmate map",
        description="Reads each archive's LOS data (terrain and ground level per pixel, the hex grid, "
        "stairways) and BoardMetadata.xml, names the terrain codes from the VASL module's "
        "SharedBoardMetadata.xml, and writes a hexmate-map/1 file. What cannot be mapped is reported.",
    )
    imp.add_argument("archives", nargs="+", type=Path, metavar="ARCHIVE", help="VASL board archive (bdNN)")
    imp.add_argument("--vasl", type=Path, metavar="VMOD_OR_XML",
                     help="the VASL module (.vmod) or its SharedBoardMetadata.xml, which names the terrain "
                     "codes (default: $HEXMATE_VASL)")
    imp.add_argument("--board", action="append", default=[], metavar="ID",
                     help="board id for the map labels, one per archive in order (default: archive name)")
    imp.add_argument("--layout", help='how the boards lie: rows north to south split by "/", boards west '
                     'to east by spaces, "r" turns one 180 degrees, e.g. "2 3/4r 5r"')
    imp.add_argument("--ssr", action="append", default=[], metavar="NAME",
                     help="a VASL SSR applied to every board's LOS data (e.g. NoGrain, OrchardOutOfSeason)")
    imp.add_argument("--ssr-terrain", action="append", default=[], metavar="FROM=TO",
                     help='a terrain substitution by VASL names, e.g. "Orchard=Grain"')
    imp.add_argument("--overlay", action="append", default=[], type=Path, metavar="FILE",
                     help="a hexmate overlay (JSON object or list, rules/MAPS.md) placed after the boards")
    imp.add_argument("--name", help="map name (default: from the boards)")
    imp.add_argument("-o", "--output", required=True, type=Path, metavar="MAP.json")
    imp.add_argument("--report", type=Path, metavar="FILE", help="also write the report to FILE")
    imp.add_argument("--strict", action="store_true", help="fail (exit 1) when any terrain is left unmapped")
    imp.set_defaults(func=_import_vasl)

    def _help(args: argparse.Namespace) -> int:
        p.print_help()
        return 2

    p.set_defaults(func=_help)


def _import_vasl(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except (VaslError, MapError, TerrainError, ValueError) as exc:
        print(f"hexmate map import-vasl: error: {exc}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.board and len(args.board) != len(args.archives):
        raise ValueError(f"give one --board per archive ({len(args.archives)} archives, "
                         f"{len(args.board)} --board)")
    pairs = []
    for text in args.ssr_terrain:
        a, sep, b = text.partition("=")
        if not sep or not a.strip() or not b.strip():
            raise ValueError(f"--ssr-terrain {text!r}: expected FROM=TO (VASL terrain names)")
        pairs.append((a.strip(), b.strip()))
    vasl = args.vasl or (Path(os.environ["HEXMATE_VASL"]) if os.environ.get("HEXMATE_VASL") else None)
    if vasl is None:
        raise ValueError("name your VASL module with --vasl (or $HEXMATE_VASL): a board archive stores "
                         "terrain codes, and only the module's SharedBoardMetadata.xml names them")
    shared = read_shared_metadata(vasl)
    conversions = []
    report: list[str] = []
    for i, path in enumerate(args.archives):
        archive = read_archive(path)
        board_id = args.board[i] if args.board else _default_id(archive.meta.name, path)
        lines: list[str] = []
        apply_ssr(archive, shared, args.ssr, lines)
        substitute(archive, shared, pairs, lines)
        conv = convert(archive, shared, board_id)
        lines.extend(conv.report)
        report.append(f"board {board_id} ({path}): {len(conv.board['hexes'])} hexes differ from open "
                      f"ground level 0, {len(conv.board['hexsides'])} hexside features")
        report.extend(f"  {line}" for line in lines)
        conversions.append(conv)
    overlays: list[Any] = []
    for path in args.overlay:
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise ValueError(f"{path}: cannot read the file ({exc.strerror})") from None
        except json.JSONDecodeError as exc:
            where = f"line {exc.lineno}, column {exc.colno}"
            raise ValueError(f"{path}: not valid JSON ({where}: {exc.msg})") from None
        overlays.extend(doc if isinstance(doc, list) else [doc])
    name = args.name or "VASL boards " + " ".join(c.board["id"] for c in conversions)
    doc = build_map(conversions, args.layout, name, overlays)
    m = HexMap.from_dict(doc, source=str(args.output))
    problems = load_game_terrain("asl").problems(m)
    if problems:
        raise ValueError("the converted map does not fit the ASL terrain table: " + "; ".join(problems[:3]))
    _write(args.output, json.dumps(doc, indent=1) + "\n")
    unmapped = sorted({n for c in conversions for n in c.unmapped})
    report.append(f"wrote {args.output}: {len(m.hexes)} hexes on {len(conversions)} board(s)"
                  + (f"; unmapped VASL terrain: {', '.join(unmapped)}" if unmapped else "; nothing unmapped"))
    text = "\n".join(report) + "\n"
    print(text, end="")
    if args.report is not None:
        _write(args.report, text)
    return 1 if args.strict and unmapped else 0


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"{path}: cannot write the file ({exc.strerror})") from None


def _default_id(name: str, path: Path) -> str:
    stem = name or path.stem
    return stem[2:] if stem.lower().startswith("bd") and len(stem) > 2 else stem
