"""Exports of a record: the one-row result as ASL player-rating records list games (tournament, round, date,
scenario, the two players with their sides, the winner), a readable HTML game report with the map drawn as
SVG at chosen moments, and the positions step by step for the replay page.

Every position comes from folding the record (``GameSession.from_record``'s rules: actions, take-backs);
units are drawn as the shared page sees them, so a concealed unit stays a '?'.
"""

from __future__ import annotations

import csv
import io
import math
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from hexmate.host.game import GameSession, SessionError
from hexmate.host.game.session import private_line
from hexmate.host.record import Entry, read
from hexmate.host.tournament.stats import dice_stats
from hexmate.rules.text import T

RATING_COLUMNS = ("tournament", "round", "date", "scenario", "player1", "side1", "player2", "side2", "winner",
                  "result")
_SIDE_COLOURS = ("#2b5fa8", "#b8432f", "#4d7c2a", "#8a5a9e")


@dataclass(frozen=True)
class Step:
    """The position after the ``k``-th folded entry (0: the scenario's set-up). ``session`` is the fold
    itself, moved on by the next entry: read it before asking ``steps`` for the next one (never keep a list
    of Steps)."""

    k: int
    entry: int  # record entry number (0 for the set-up)
    text: str
    turn: int
    phase: str
    session: GameSession
    secret_of: str = ""  # a private answer (a secret plot, Fire Team 9.1): the side whose secret it is
    secret_line: str = ""  # what every other page reads for it until the game ends


def steps(entries: Sequence[Entry]) -> Iterator[Step]:
    """The set-up, then the position after every action and every take-back, in record order."""
    header = entries[0].data
    session = GameSession.load(str(header.get("game", "")), str(header.get("scenario_path") or
                                                                  header.get("scenario")))
    yield Step(0, 0, "set-up", session.position.turn, session.phase, session)
    k = 0
    for e in entries:
        secret_of = secret_line = ""
        if e.kind == "action":
            top = session.position.decision
            if e.data.get("private") and top is not None:
                secret_of, secret_line = top.side, private_line(top)
            session.push_text(str(e.data["text"]))
            text = str(e.data["text"])
        elif e.kind == "takeback":
            session.take_back()
            text = f"take back: {e.data.get('text', '')}"
            top = session.position.decision  # a private answer taken back reopens its decision
            if e.data.get("private") and top is not None:
                secret_of, secret_line = top.side, f"take back: {private_line(top)}"
        else:
            continue
        k += 1
        yield Step(k, e.n, text, session.position.turn, session.phase, session, secret_of, secret_line)


def result_of(entries: Sequence[Entry]) -> dict[str, Any] | None:
    found = [e.data for e in entries if e.kind == "result"]
    return found[-1] if found else None


def rating_row(entries: Sequence[Entry], **overrides: str) -> dict[str, str]:
    """The game as one row of a player-rating list; ``overrides`` fill what the record lacks."""
    header = entries[0].data
    result = result_of(entries) or {}
    players: dict[str, str] = dict(result.get("players") or header.get("players") or {})
    sides = list(players) or list(header.get("sides") or [])
    sides += [""] * (2 - len(sides))
    row = {
        "tournament": str(result.get("tournament") or header.get("tournament") or ""),
        "round": str(result.get("round") or header.get("round") or ""),
        "date": entries[0].t[:10],
        "scenario": str(header.get("scenario_id") or header.get("scenario") or ""),
        "player1": players.get(sides[0], ""), "side1": sides[0],
        "player2": players.get(sides[1], ""), "side2": sides[1],
        "winner": str(result.get("winner") or ""),
        "result": str(result.get("text") or "unfinished"),
    }
    row.update({k: v for k, v in overrides.items() if v})
    return row


def rating_csv(rows: Sequence[dict[str, str]]) -> str:
    out = io.StringIO()
    w = csv.DictWriter(out, RATING_COLUMNS, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return out.getvalue()


def _terrain_colour(name: str) -> str:
    if name in ("", "open", "Terrain.OPEN"):
        return "#f3efe0"
    hue = zlib.crc32(name.encode()) % 360
    return f"hsl({hue} 35% 78%)"


def map_svg(session: GameSession, title: str = "", width_px: int = 520) -> str:
    """The map and the units on it (shared view) as one inline SVG."""
    m = session.map
    hexes = list(m.hexes)
    xs = [m.center(h)[0] for h in hexes]
    ys = [m.center(h)[1] for h in hexes]
    r = 1 / math.sqrt(3)
    x0, y0 = min(xs) - r, min(ys) - r
    w, h = max(xs) - x0 + r, max(ys) - y0 + r
    sides = sorted({u.side for u in session.position.units.values()})
    colour = {s: _SIDE_COLOURS[i % len(_SIDE_COLOURS)] for i, s in enumerate(sides)}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="map" viewBox="{x0:.3f} {y0:.3f} {w:.3f} {h:.3f}" '
           f'width="{width_px}" role="img" aria-label="{escape(title or "map")}">']
    for hx in hexes:
        cx, cy = m.center(hx)
        pts = " ".join(f"{cx + r * math.cos(math.pi / 3 * i):.3f},{cy + r * math.sin(math.pi / 3 * i):.3f}"
                       for i in range(6))
        out.append(f'<polygon points="{pts}" fill="{_terrain_colour(str(m.terrain(hx)))}" stroke="#999" '
                   f'stroke-width="0.02"><title>{escape(m.label(hx))} {escape(str(m.terrain(hx)))}</title>'
                   f'</polygon>')
    stacks: dict[Any, list[str]] = {}
    for unit, hx in sorted(session.expected().items()):
        stacks.setdefault(hx, []).append(unit)
    for hx, units in stacks.items():
        cx, cy = m.center(hx)
        for i, unit in enumerate(units[:3]):
            s = session.unit_summary(unit, audience="shared")
            dx = (i - (min(len(units), 3) - 1) / 2) * 0.22
            out.append(f'<rect x="{cx + dx - 0.16:.3f}" y="{cy - 0.16:.3f}" width="0.32" height="0.32" '
                       f'rx="0.03" fill="{colour.get(s["side"], "#555")}"><title>{escape(str(s["label"]))} '
                       f'({escape(str(s["side"]))}) {escape(m.label(hx))}</title></rect>')
        if len(units) > 3:
            out.append(f'<text x="{cx:.3f}" y="{cy + 0.34:.3f}" font-size="0.2" text-anchor="middle">'
                       f'+{len(units) - 3}</text>')
    out.append("</svg>")
    return "".join(out)


def moments(all_steps: int, wanted: Sequence[str] = ()) -> list[int]:
    """Which steps the report draws: ``wanted`` as step numbers ("0", "12", "end"), default set-up, a few
    evenly spaced and the end."""
    if wanted:
        out = []
        for w in wanted:
            k = all_steps if w == "end" else int(w)
            if not 0 <= k <= all_steps:
                raise ValueError(f"step {w} is not in the game (0..{all_steps})")
            out.append(k)
        return sorted(set(out))
    return sorted({0, all_steps // 3, 2 * all_steps // 3, all_steps})


def report_html(path: Path, wanted: Sequence[str] = (), lang: str = "en") -> str:
    """A self-contained HTML report in ``lang``: result, moves in order (as the game log says them), the map
    at chosen moments, dice statistics."""
    from hexmate.host.i18n import render_text
    from hexmate.host.service.logtext import sentence

    def say(text: T) -> str:
        return escape(render_text(text, lang))

    entries = read(path)
    header = entries[0].data
    row = rating_row(entries)
    all_steps = list(_texts(entries))
    chosen = set(moments(len(all_steps) - 1, wanted))
    maps: dict[int, str] = {}
    for st in steps(entries):
        if st.k in chosen:
            maps[st.k] = map_svg(st.session, f"after step {st.k}: {st.text}")
    body = [f"<h1>{escape(str(header.get('game', '')))}: {escape(row['scenario'])}</h1>",
            "<p>" + say(T("{date} · {player1} ({side1}) vs {player2} ({side2}) · {result}", date=row["date"],
                          player1=row["player1"] or "?", side1=row["side1"], player2=row["player2"] or "?",
                          side2=row["side2"], result=row["result"])) + "</p>",
            f"<h2>{say(T('Game'))}</h2><ol start=\"0\">"]
    for k, (entry, text, turn, phase) in enumerate(all_steps):
        line = T("turn {turn}, {phase}: {action}", turn=turn, phase=phase, action=sentence(text))
        body.append(f'<li id="step-{k}">{say(line)} <small>({say(T("entry {n}", n=entry))})</small></li>')
        if k in maps:
            body.append(f'<li class="map-at" value="{k}"><figure>{maps[k]}<figcaption>'
                        f'{say(T("the map after step {k}", k=k))}</figcaption></figure></li>')
    body.append(f"</ol><h2>{say(T('Dice'))}</h2>")
    for fc in dice_stats(entries):
        d = fc.as_dict()
        caption = T("{who}: {n} d{sides}, mean {mean}, chi-square {chi_square}, p = {p}", who=fc.who,
                    n=d["n"], sides=fc.sides, mean=d["mean"], chi_square=d["chi_square"], p=d["p_value"])
        body.append(f"<figure>{fc.svg()}<figcaption>{say(caption)}</figcaption></figure>")
    css = "body{font-family:sans-serif;max-width:60em;margin:auto}figure{display:inline-block}" \
          ".map-at{list-style:none}"
    return (f"<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><title>"
            f"{say(T('hexmate game report'))}</title><style>{css}</style></head><body>{''.join(body)}"
            "</body></html>\n")


def _texts(entries: Sequence[Entry]) -> Iterator[tuple[int, str, int, str]]:
    for st in steps(entries):
        yield st.entry, st.text, st.turn, st.phase


__all__ = ["RATING_COLUMNS", "SessionError", "Step", "map_svg", "moments", "rating_csv", "rating_row",
           "report_html", "result_of", "steps"]
