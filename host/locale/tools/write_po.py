"""Writes a catalogue from a dict of translations (msgid -> msgstr) with Babel, so quoting and line folding
are Babel's: ``python host/locale/tools/write_po.py ja entries.py [DOMAIN]`` (a module defining ``JA``).
DOMAIN is ``hexmate`` (the default) or a rules catalogue (``rules``, ``rules-asl``, ``rules-pg``...); the
entries are merged into the catalogue already there (an entry given again replaces the old translation).
The .po is the one source afterwards, edited by hand or by any gettext tool."""

from __future__ import annotations

import re
import runpy
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

DOMAIN = re.compile(r"hexmate|rules(-[a-z0-9]+)?")


def main(lang: str, entries: str, domain: str = "hexmate") -> None:
    if not DOMAIN.fullmatch(domain):
        raise SystemExit(f"write_po: no catalogue {domain!r} (hexmate, rules or rules-<game>)")
    table: dict[str, str] = runpy.run_path(entries)[lang.upper()]
    out = Path(__file__).resolve().parents[1] / lang / "LC_MESSAGES" / f"{domain}.po"
    merged: dict[str, str] = {}
    if out.exists():
        with out.open("rb") as f:
            merged = {str(m.id): str(m.string) for m in read_po(f, locale=lang) if m.id}
    merged.update(table)
    cat = Catalog(locale=lang, project="hexmate", domain=domain)
    for msgid, msgstr in sorted(merged.items()):
        cat.add(msgid, msgstr)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("wb") as f:
        write_po(f, cat, width=110, omit_header=False)
    print(f"{out}: {len(merged)} messages ({len(table)} given)")


if __name__ == "__main__":
    main(*sys.argv[1:4])
