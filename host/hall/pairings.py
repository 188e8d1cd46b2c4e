"""A round's pairings from a CSV file the director prepared (``hexmate hall --pairings FILE``), one table a
line: ``round,date,tournament,table,scenario,side_a,player_a,side_b,player_b``. Errors name the file and
line."""

from __future__ import annotations

import csv
import datetime
from dataclasses import dataclass
from pathlib import Path

from hexmate.host.hall.store import Store
from hexmate.host.hall.topics import TopicError, check_table_id

COLUMNS = ("round", "date", "tournament", "table", "scenario", "side_a", "player_a", "side_b", "player_b")


class PairingsError(ValueError):
    """The pairings file is malformed; the message names the file and line."""


@dataclass(frozen=True)
class Pairing:
    round: int
    date: datetime.date
    tournament: str
    table: str
    scenario: str
    players: dict[str, str]


def load(path: str | Path) -> list[Pairing]:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise PairingsError(f"pairings {p}: cannot be read: {e}") from None
    reader = csv.DictReader(text.splitlines())
    if tuple(reader.fieldnames or ()) != COLUMNS:
        raise PairingsError(f"pairings {p} line 1: the columns must be {','.join(COLUMNS)}")
    out: list[Pairing] = []
    seen: set[tuple[int, str]] = set()
    for i, row in enumerate(reader, start=2):
        where = f"pairings {p} line {i}"
        try:
            values = {k: (row[k] or "").strip() for k in COLUMNS}
            if not all(values.values()):
                raise ValueError(f"empty {', '.join(k for k, v in values.items() if not v)}")
            pairing = Pairing(int(values["round"]), datetime.date.fromisoformat(values["date"]),
                              values["tournament"], check_table_id(values["table"]), values["scenario"],
                              {values["side_a"]: values["player_a"], values["side_b"]: values["player_b"]})
        except (ValueError, TopicError) as e:
            raise PairingsError(f"{where}: {e}") from None
        if len(pairing.players) != 2:
            raise PairingsError(f"{where}: the two sides must differ")
        if (pairing.round, pairing.table) in seen:
            raise PairingsError(f"{where}: table {pairing.table} is paired twice in round {pairing.round}")
        seen.add((pairing.round, pairing.table))
        out.append(pairing)
    return out


async def store_all(store: Store, pairings: list[Pairing]) -> None:
    for p in pairings:
        await store.add_round(p.round, p.tournament, p.date)
        await store.add_pairing(p.round, p.table, p.scenario, p.players)
