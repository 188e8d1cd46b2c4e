"""Standings and rating rows from the hall's games and pairings (pure: the store's overview in, rows out).

A game counts once its record verified or the director entered its result; the director's result wins over
the table's. A table that stopped before the game's end reports no result: the director enters it. A win
is 1 point, a draw 1/2, a loss 0."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any

RATING_COLUMNS = ("tournament", "round", "date", "table", "scenario", "players", "sides", "result",
                  "verified")


@dataclass(frozen=True)
class Game:
    table: str
    round: int
    scenario: str
    players: dict[str, str]  # side -> player
    winner: str | None  # a side, or None for a draw
    verified: str
    counts: bool


def decided(overview: dict[str, Any]) -> list[Game]:
    """Every game with a round and a result, in round and table order."""
    pairings = {(p["round"], p["table_id"]): p for p in overview["pairings"]}
    out = []
    for g in overview["games"]:
        result = g["director_result"] or g["result"]
        pairing = pairings.get((g["round"], g["table_id"]))
        if result is None or pairing is None:
            continue
        if g["director_result"] is None and result.get("over") is False:
            continue  # the table stopped before the game's end: the director decides
        winner = result.get("winner")
        counts = g["director_result"] is not None or g["verified"] == "verified"
        out.append(Game(g["table_id"], g["round"], pairing["scenario"], dict(pairing["players"]),
                        winner if winner in pairing["players"] else None, g["verified"], counts))
    return sorted(out, key=lambda x: (x.round, x.table))


def standings(overview: dict[str, Any]) -> list[dict[str, Any]]:
    table: dict[str, dict[str, Any]] = {}
    for p in overview["pairings"]:
        for player in p["players"].values():
            table.setdefault(player, {"player": player, "played": 0, "won": 0, "drawn": 0, "lost": 0,
                                      "points": 0.0, "pending": 0})
    for g in decided(overview):
        for side, player in g.players.items():
            row = table[player]
            if not g.counts:
                row["pending"] += 1
                continue
            row["played"] += 1
            if g.winner is None:
                row["drawn"] += 1
                row["points"] += 0.5
            elif g.winner == side:
                row["won"] += 1
                row["points"] += 1.0
            else:
                row["lost"] += 1
    return sorted(table.values(), key=lambda r: (-r["points"], -r["won"], r["player"]))


def rating_rows(overview: dict[str, Any], round_no: int) -> list[dict[str, str]]:
    """One row per decided game of the round: players and sides in side order, result from the first
    player's view ("1-0", "0-1", "0.5-0.5")."""
    rounds = {r["round"]: r for r in overview["rounds"]}
    if round_no not in rounds:
        return []
    rnd = rounds[round_no]
    rows = []
    for g in decided(overview):
        if g.round != round_no:
            continue
        sides = sorted(g.players)
        result = "0.5-0.5" if g.winner is None else "1-0" if g.winner == sides[0] else "0-1"
        rows.append({"tournament": rnd["tournament"], "round": str(round_no), "date": str(rnd["date"]),
                     "table": g.table, "scenario": g.scenario,
                     "players": ";".join(g.players[s] for s in sides), "sides": ";".join(sides),
                     "result": result,
                     "verified": "director" if g.verified != "verified" and g.counts else g.verified})
    return rows


def rating_csv(overview: dict[str, Any], round_no: int) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=RATING_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rating_rows(overview, round_no))
    return out.getvalue()
