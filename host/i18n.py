"""Message catalogues: every text a player reads or hears goes through here, in English or Japanese.

The English text is the message id (gettext style); ``host/locale/<lang>/LC_MESSAGES/hexmate.po`` holds the
translations, read with Babel when first asked for (no compile step: a .po is the one source). The Japanese
catalogue uses the terms of the Japanese rulebooks hexmate was built from (移動フェイズ, 照準線, 混乱状態...).
Pages get the same catalogue as JSON (``/api/i18n/ja``), so the page, the narrator and speech say one thing.
"""

from __future__ import annotations

import functools
import importlib.resources
import json
import re
from html.parser import HTMLParser
from pathlib import Path

LANGS = ("en", "ja")
DOMAIN = "hexmate"
LOCALE = Path(str(importlib.resources.files("hexmate.host") / "locale"))


class CatalogueError(ValueError):
    """A catalogue that cannot be read; names the file and line."""


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def catalogue(lang: str) -> dict[str, str]:
    """msgid -> translation for one language (English: empty, every id is its own text)."""
    if lang not in LANGS:
        raise CatalogueError(f"no language {lang!r} (hexmate speaks {', '.join(LANGS)})")
    if lang == "en":
        return {}
    from babel.messages.pofile import PoFileError, read_po

    path = po_path(lang)
    try:
        with path.open("rb") as f:
            cat = read_po(f, locale=lang, abort_invalid=True)
    except (OSError, PoFileError) as e:
        raise CatalogueError(f"{path}: {e}") from None
    return {str(m.id): str(m.string) for m in cat if m.id and m.string and isinstance(m.id, str)}


def gettext(lang: str, msgid: str) -> str:
    """The text in ``lang``; an id the catalogue lacks stays English (the completeness test catches it)."""
    if lang == "en" or not msgid:
        return msgid
    return catalogue(lang).get(msgid, msgid)


def lang_of(value: str | None) -> str:
    """A page's language choice, checked: an unknown one is English."""
    return value if value in LANGS else "en"


_JS_CALL = re.compile(r'\btf?\(\s*"((?:[^"\\]|\\.)*)"')


class _DataT(HTMLParser):
    """The English text of every element a page marks ``data-t`` (i18n.js translates it by that text)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._depth = 0
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._depth:
            self._depth += 1
        elif any(k == "data-t" for k, _ in attrs):
            self._depth, self._text = 1, []

    def handle_endtag(self, tag: str) -> None:
        if self._depth:
            self._depth -= 1
            if not self._depth:
                self.found.append(" ".join("".join(self._text).split()))

    def handle_data(self, data: str) -> None:
        if self._depth:
            self._text.append(data)


def page_msgids(static: Path) -> set[str]:
    """Every text the pages translate: ``t("...")`` and ``tf("...")`` in the scripts, ``data-t`` elements."""
    out: set[str] = set()
    for js in sorted(static.glob("*.js")):
        out |= {json.loads(f'"{m}"') for m in _JS_CALL.findall(js.read_text(encoding="utf-8"))}
    for page in sorted(static.glob("*.html")):
        parser = _DataT()
        parser.feed(page.read_text(encoding="utf-8"))
        out |= set(parser.found)
    return out


def all_msgids() -> set[str]:
    """Every message id hexmate may show or say: the narrator, the guide (with every game's sequence), unit
    states, sides, terrain and unit types of the shipped scenarios, and the pages."""
    from hexmate.host.game import guide
    from hexmate.host.service import narrator
    from hexmate.rules.sequence import load_sequence

    games = Path(str(importlib.resources.files("hexmate.rules") / "games"))
    out = {text for _, text in narrator.TEXTS.values()} | set(narrator.TERMS.values())
    out |= set(guide.msgids([load_sequence(p) for p in sorted(games.glob("*/sequence.json"))]))
    for scenario in sorted(games.glob("*/scenarios/*.json")):
        doc = json.loads(scenario.read_text(encoding="utf-8"))
        out |= {str(side["name"]) for side in doc.get("sides", [])}
        for counter in doc.get("counters", {}).values() if isinstance(doc.get("counters"), dict) else []:
            if isinstance(counter, dict) and counter.get("type"):
                out.add(str(counter["type"]))
    for terrain in sorted(games.glob("*/terrain.json")):
        doc = json.loads(terrain.read_text(encoding="utf-8"))
        out |= set(doc.get("terrain") or {}) | set(doc.get("aliases") or {})
    out |= page_msgids(Path(str(importlib.resources.files("hexmate.host.web") / "static")))
    return {m for m in out if m}


__all__ = ["LANGS", "CatalogueError", "all_msgids", "catalogue", "gettext", "lang_of", "page_msgids",
           "po_path"]
