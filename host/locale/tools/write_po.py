"""Writes a catalogue from a dict of translations (msgid -> msgstr) with Babel, so quoting and line folding
are Babel's: ``python host/locale/tools/write_po.py ja entries.py`` (a module defining ``JA``); the .po is
the one source afterwards, edited by hand or by any gettext tool."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po


def main(lang: str, entries: str) -> None:
    table = runpy.run_path(entries)[lang.upper()]
    cat = Catalog(locale=lang, project="hexmate", domain="hexmate")
    for msgid, msgstr in sorted(table.items()):
        cat.add(msgid, msgstr)
    out = Path(__file__).resolve().parents[1] / lang / "LC_MESSAGES" / "hexmate.po"
    with out.open("wb") as f:
        write_po(f, cat, width=110, omit_header=False)
    print(f"{out}: {len(table)} messages")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
