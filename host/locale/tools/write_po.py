"""Writes translations (msgid -> msgstr) into a catalogue:
``python host/locale/tools/write_po.py ja entries.py [DOMAIN]`` (a module defining ``JA``). DOMAIN is
``hexmate`` (the default) or a rules catalogue (``rules``, ``rules-asl``, ``rules-pg``...).

A new catalogue is written by Babel (header, quoting, folding). Into one already there the entries are merged
by editing its text, never by rewriting it: a new entry is appended at the end, an entry given again with
another translation has its msgstr replaced where it stands, one given again unchanged is left, and every
other line stays byte for byte. So two branches that each add entries touch different lines and merge cleanly
(a rewrite by Babel would refold and reorder lines nobody changed). The .po is the one source afterwards,
edited by hand or by any gettext tool."""

from __future__ import annotations

import re
import runpy
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

DOMAIN = re.compile(r"hexmate|rules(-[a-z0-9]+)?")
LOCALE = Path(__file__).resolve().parents[1]


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return '"' + escaped + '"'


def merge(lang: str, table: dict[str, str], domain: str = "hexmate", root: Path = LOCALE) -> Path:
    """Merge ``table`` into ``root/<lang>/LC_MESSAGES/<domain>.po``, keeping every line it does not change."""
    if not DOMAIN.fullmatch(domain):
        raise ValueError(f"write_po: no catalogue {domain!r} (hexmate, rules or rules-<game>)")
    out = root / lang / "LC_MESSAGES" / f"{domain}.po"
    if not out.exists():
        cat = Catalog(locale=lang, project="hexmate", domain=domain)
        for msgid, msgstr in table.items():
            cat.add(msgid, msgstr)
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("wb") as f:
            write_po(f, cat, width=110, omit_header=False)
        return out
    with out.open("rb") as f:
        have = {str(m.id): (str(m.string), m.lineno or 0) for m in read_po(f, locale=lang) if m.id}
    lines = out.read_text(encoding="utf-8").split("\n")
    replaced = [(have[k][1], v) for k, v in table.items() if k in have and have[k][0] != v]
    for lineno, msgstr in sorted(replaced, reverse=True):  # from the bottom: the linenos above still hold
        at = lineno - 1  # Babel's lineno: the entry's msgid line, counted from 1
        while not lines[at].startswith("msgstr "):
            at += 1
        end = at + 1
        while end < len(lines) and lines[end].startswith('"'):  # a folded msgstr's continuation lines
            end += 1
        lines[at:end] = ["msgstr " + _quoted(msgstr)]
    text = "\n".join(lines).rstrip("\n") + "\n"
    for msgid, msgstr in table.items():
        if msgid not in have:
            text += f"\nmsgid {_quoted(msgid)}\nmsgstr {_quoted(msgstr)}\n"
    out.write_text(text, encoding="utf-8")
    return out


def main(lang: str, entries: str, domain: str = "hexmate") -> None:
    table: dict[str, str] = runpy.run_path(entries)[lang.upper()]
    try:
        out = merge(lang, table, domain)
    except ValueError as e:
        raise SystemExit(str(e)) from None
    print(f"{out}: {len(table)} given")


if __name__ == "__main__":
    main(*sys.argv[1:4])
