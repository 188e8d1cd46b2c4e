"""Topic names and the broker's access rules: one subtree per table, written only by that table's account.

``hexmate/table/<id>/entry`` carries each record entry (what a spectator may see of it), ``state`` the live
shared view (retained), ``link`` online/offline (retained; the broker publishes ``offline`` as the table's
last will), ``record`` the whole record file once the game is over (retained) and ``result`` the result.
"""

from __future__ import annotations

import re

ROOT = "hexmate/table"
KINDS = ("entry", "state", "link", "record", "result")
_TABLE_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")
READERS = ("director", "spectator", "hall")  # read-only accounts; never a table id


class TopicError(ValueError):
    """A table id or topic the hall cannot use."""


def check_table_id(table: str) -> str:
    if not _TABLE_ID.match(table) or table in READERS:
        raise TopicError(f"table id {table!r}: use 1-32 of a-z, 0-9, '-', '_' (not {', '.join(READERS)})")
    return table


def topic(table: str, kind: str) -> str:
    assert kind in KINDS, kind
    return f"{ROOT}/{check_table_id(table)}/{kind}"


def parse(name: str) -> tuple[str, str] | None:
    """``hexmate/table/t07/entry`` -> ("t07", "entry"); anything else -> None."""
    parts = name.split("/")
    if len(parts) != 4 or "/".join(parts[:2]) != ROOT or parts[3] not in KINDS:
        return None
    if not _TABLE_ID.match(parts[2]) or parts[2] in READERS:
        return None
    return parts[2], parts[3]


def acl(tables: list[str]) -> str:
    """Mosquitto's ACL file: each table writes only under its own topic; the readers only read."""
    lines = ["# written by hexmate hall: tables write their own subtree, everyone else reads", ""]
    for reader in READERS:
        lines += [f"user {reader}", f"topic read {ROOT}/#", ""]
    for table in tables:
        lines += [f"user {check_table_id(table)}", f"topic write {ROOT}/{table}/#", ""]
    return "\n".join(lines)
