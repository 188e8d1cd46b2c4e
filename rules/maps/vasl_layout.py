"""Several VASL boards joined and rotated as a scenario lays them out, written as one hexmate map.

A layout is text: rows north to south separated by "/", boards west to east by spaces, a trailing "r" turns a
board 180 degrees (A2.1: the boards are joined as the scenario's board configuration shows them). Placement
uses the map format's ``at`` and ``rotation`` (rules/MAPS.md).

>>> place_boards(parse_layout("2 3", ["2", "3"]), {"2": (33, 10), "3": (33, 10)})
[{'id': '3', 'at': [32, -16], 'rotation': 0}, {'id': '2', 'at': [0, 0], 'rotation': 0}]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexmate.rules.labels import Grid
from hexmate.rules.maps import FORMAT, HexMap
from hexmate.rules.maps.vasl import Conversion


def parse_layout(text: str, ids: Sequence[str]) -> list[list[tuple[str, bool]]]:
    """"2 3/4r 5r": rows north to south separated by "/", boards west to east by spaces; a trailing "r" turns
    a board 180 degrees. Every id must be one of ``ids`` and appear once."""
    rows: list[list[tuple[str, bool]]] = []
    seen: set[str] = set()
    for part in text.split("/"):
        row = []
        for token in part.split():
            rot = token.endswith(("r", "R")) and token[:-1] in ids
            bid = token[:-1] if rot else token
            if bid not in ids:
                raise ValueError(f"--layout: {token!r} is not one of the boards ({', '.join(ids)})")
            if bid in seen:
                raise ValueError(f"--layout: board {bid!r} appears twice")
            seen.add(bid)
            row.append((bid, rot))
        if not row:
            raise ValueError("--layout: an empty row (two '/' in a row?)")
        rows.append(row)
    missing = [i for i in ids if i not in seen]
    if missing:
        raise ValueError(f"--layout does not place board(s) {', '.join(missing)}")
    widths = {len(r) for r in rows}
    if len(widths) != 1:
        raise ValueError("--layout: every row must hold the same number of boards")
    return rows


def place_boards(
    rows: list[list[tuple[str, bool]]], size: dict[str, tuple[int, int]]
) -> list[dict[str, Any]]:
    """``at`` and ``rotation`` for every board (rules/MAPS.md "Placing and joining boards"): boards in a row
    share their GG/A half-hex columns, rows share their 0/10 half-hex rows (A2.2). Listed north row first and
    east board first, so a shared half hex takes the label of the more north/east board (A2.2)."""
    out: list[dict[str, Any]] = []
    r0 = 0
    for row in rows:
        q0, rr = 0, r0
        placed = []
        for bid, rot in row:
            columns, rows_n = size[bid]
            grid = Grid.asl(columns, rows_n)
            at = (q0, rr)
            if rot:
                # 180 degrees about the board's own centre: A1 goes where GG10 was (same footprint).
                a1, last = grid.to_hex(1, 1), grid.to_hex(columns, rows_n)
                at = (q0 + a1.q + last.q, rr + a1.r + last.r)
            placed.append({"id": bid, "at": list(at), "rotation": 180 if rot else 0})
            q0 += columns - 1
            rr -= (columns - 1) // 2
        out.extend(reversed(placed))
        r0 += size[row[0][0]][1]
    return out


def build_map(conversions: Sequence[Conversion], layout: str | None, name: str,
              overlays: Sequence[Any] = ()) -> dict[str, Any]:
    """The hexmate-map/1 document for converted boards placed by ``layout`` (one board needs none). It is
    validated by building it (MapError naming the hex where joined half hexes disagree, A2.2/A2.3)."""
    ids = [c.board["id"] for c in conversions]
    if len(set(ids)) != len(ids):
        raise ValueError(f"two boards share an id ({', '.join(ids)}); give each a --board id")
    if layout is None:
        if len(conversions) > 1:
            raise ValueError("several boards need --layout (e.g. \"2 3\" or \"2/3r\")")
        layout = ids[0]
    size = {c.board["id"]: (c.board["grid"]["columns"], c.board["grid"]["rows"]) for c in conversions}
    by_id = {c.board["id"]: c.board for c in conversions}
    boards = [{**by_id[p["id"]], "at": p["at"], "rotation": p["rotation"]}
              for p in place_boards(parse_layout(layout, ids), size)]
    doc: dict[str, Any] = {"format": FORMAT, "name": name, "game": "asl", "boards": boards}
    if overlays:
        doc["overlays"] = list(overlays)
    doc["notes"] = "imported from VASL board archives by hexmate map import-vasl; layout: " + layout
    HexMap.from_dict(doc, source=name)
    return doc
