"""``hexmate record export|report|stats``: the one-row rating result (CSV), the HTML game report with the
map at chosen moments, and dice statistics with a chi-square test (host/tournament/)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def register(rsub: Any) -> None:
    ex = rsub.add_parser("export", help="the game as one CSV row in the shape player-rating lists use "
                                        "(tournament, round, date, scenario, players, sides, result)")
    ex.add_argument("files", nargs="+", metavar="FILE", help="records (one row each)")
    ex.add_argument("--tournament", default="", help="tournament name, if the record does not hold it")
    ex.add_argument("--round", default="", help="round, if the record does not hold it")
    ex.add_argument("-o", "--output", metavar="CSV", help="write here instead of standard output")
    ex.set_defaults(func=_export)

    rep = rsub.add_parser("report", help="a readable HTML report: the moves, the map at chosen moments "
                                         "(SVG), dice statistics")
    rep.add_argument("file")
    rep.add_argument("--at", default="", help="steps to draw the map at, e.g. 0,12,end (default: the set-up, "
                                              "two moments between and the end)")
    rep.add_argument("-o", "--output", metavar="HTML", help="write here (default: FILE with .html)")
    rep.set_defaults(func=_report)

    st = rsub.add_parser("stats", help="dice per side and per game, with a chi-square test against fair dice")
    st.add_argument("file")
    st.set_defaults(func=_stats)


def _fail(e: Exception) -> int:
    print(f"hexmate: error: {e}", file=sys.stderr)
    return 1


def _export(args: argparse.Namespace) -> int:
    from hexmate.host.record import RecordError, read
    from hexmate.host.tournament.exports import rating_csv, rating_row

    try:
        rows = [rating_row(read(f), tournament=args.tournament, round=args.round) for f in args.files]
    except RecordError as e:
        return _fail(e)
    text = rating_csv(rows)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _report(args: argparse.Namespace) -> int:
    from hexmate.host.game import SessionError
    from hexmate.host.record import RecordError
    from hexmate.host.tournament.exports import report_html
    from hexmate.rules.errors import RulesError

    wanted = [w.strip() for w in args.at.split(",") if w.strip()]
    try:
        html = report_html(Path(args.file), wanted)
    except (RecordError, SessionError, RulesError, ValueError) as e:
        return _fail(e)
    out = Path(args.output) if args.output else Path(args.file).with_suffix(".html")
    out.write_text(html, encoding="utf-8")
    print(f"report written to {out}")
    return 0


def _stats(args: argparse.Namespace) -> int:
    from hexmate.host.record import RecordError, read
    from hexmate.host.tournament.stats import dice_stats

    try:
        found = dice_stats(read(args.file))
    except RecordError as e:
        return _fail(e)
    if not found:
        print("no dice rolled on the board in this record")
        return 0
    for fc in found:
        d = fc.as_dict()
        faces = " ".join(f"{i + 1}:{c}" for i, c in enumerate(fc.counts))
        note = "" if d["enough"] else " (too few dice for the test to mean much)"
        print(f"{fc.who:>6} d{fc.sides}: {d['n']:4d} dice  {faces}  mean {d['mean']:.2f}  chi-square "
              f"{d['chi_square']:.2f} (df {fc.sides - 1})  p = {d['p_value']:.3f}{note}")
    return 0
