"""Writes a catalogue from a dict of translations (msgid -> msgstr) with Babel, so quoting and line folding
are Babel's: ``python host/locale/tools/write_po.py ja entries.py [DOMAIN]`` (a module defining ``JA``).
DOMAIN is ``hexmate`` (the default) or a rules catalogue (``rules``, ``rules-asl``, ``rules-pg``...); the
entries are merged into the catalogue already there: an entry given again is replaced where it stands, a new
one is appended at the end, and the rest keep their order, so two branches that each add entries touch
different lines and merge cleanly. The .po is the one source afterwards, edited by hand or by any gettext
tool."""

from __future__ import annotations

import re
import runpy
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

DOMAIN = re.compile(r"hexmate|rules(-[a-z0-9]+)?")
LOCALE = Path(__file__).resolve().parents[1]


def merge(lang: str, table: dict[str, str], domain: str = "hexmate", root: Path = LOCALE) -> Path:
    """Merge ``table`` into ``root/<lang>/LC_MESSAGES/<domain>.po``, keeping the catalogue's order."""
    if not DOMAIN.fullmatch(domain):
        raise ValueError(f"write_po: no catalogue {domain!r} (hexmate, rules or rules-<game>)")
    out = root / lang / "LC_MESSAGES" / f"{domain}.po"
    merged: dict[str, str] = {}
    if out.exists():
        with out.open("rb") as f:
            merged = {str(m.id): str(m.string) for m in read_po(f, locale=lang) if m.id}
    merged.update(table)  # a dict keeps the first insertion's place: replaced in place, new ones last
    cat = Catalog(locale=lang, project="hexmate", domain=domain)
    for msgid, msgstr in merged.items():
        cat.add(msgid, msgstr)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("wb") as f:
        write_po(f, cat, width=110, omit_header=False)
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
