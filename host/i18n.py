"""Message catalogues: every text a player reads or hears goes through here, in English or Japanese.

The English text is the message id (gettext style); ``host/locale/<lang>/LC_MESSAGES/hexmate.po`` holds the
translations, read with Babel when first asked for (no compile step: a .po is the one source). The Japanese
catalogue uses the terms of the Japanese rulebooks hexmate was built from (移動フェイズ, 照準線, 混乱状態...).
Pages get the same catalogue as JSON (``/api/i18n/ja``), so the page, the narrator and speech say one thing.

The rules core's own sentences (refusals, decision prompts, resolution steps) are ``hexmate.rules.text.T``
values: English strings that keep their template and facts. Their translations live beside hexmate.po in one
catalogue per game (``rules-asl.po``, ``rules-pg.po``...; ``rules.po`` for the core), found by reading the
rules' source for ``T("...")`` calls (``rules_msgids``); ``render_text`` says one in a page's language.
"""

from __future__ import annotations

import ast
import functools
import importlib.resources
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from hexmate.rules.text import T

LANGS = ("en", "ja")
DOMAIN = "hexmate"
LOCALE = Path(str(importlib.resources.files("hexmate.host") / "locale"))


class CatalogueError(ValueError):
    """A catalogue that cannot be read; names the file and line."""


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def po_paths(lang: str) -> list[Path]:
    """Every catalogue of a language: hexmate.po first, then the rules' (rules.po, rules-<game>.po)."""
    folder = LOCALE / lang / "LC_MESSAGES"
    return [po_path(lang), *sorted(p for p in folder.glob("rules*.po"))]


def _read(lang: str, domain: str) -> dict[str, str]:
    from babel.messages.pofile import PoFileError, read_po

    path = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
    if domain != DOMAIN and not path.exists():
        return {}  # a game whose rules write no T yet
    try:
        with path.open("rb") as f:
            cat = read_po(f, locale=lang, abort_invalid=True)
    except (OSError, PoFileError) as e:
        raise CatalogueError(f"{path}: {e}") from None
    return {str(m.id): str(m.string) for m in cat if m.id and m.string and isinstance(m.id, str)}


@functools.cache
def catalogue(lang: str, domain: str = DOMAIN) -> dict[str, str]:
    """msgid -> translation for one language (English: empty, every id is its own text): hexmate.po and
    the rules core's rules.po, and for a game's domain (``rules-asl``...) that game's catalogue over them
    (two games may translate one English word two ways: "front" is one term in ASL, another in Fire Team)."""
    if lang not in LANGS:
        raise CatalogueError(f"no language {lang!r} (hexmate speaks {', '.join(LANGS)})")
    if lang == "en":
        return {}
    if domain not in (DOMAIN, "rules") and not domain.startswith("rules-"):
        raise CatalogueError(f"no catalogue {domain!r}")
    out = {**_read(lang, "rules"), **_read(lang, DOMAIN)}
    if domain.startswith("rules-"):
        out.update(_read(lang, domain))
    return out


def gettext(lang: str, msgid: str, domain: str = DOMAIN) -> str:
    """The text in ``lang``; an id the catalogue lacks stays English (the completeness test catches it)."""
    if lang == "en" or not msgid:
        return msgid
    return catalogue(lang, domain).get(msgid, msgid)


def render_text(value: Any, lang: str, domain: str = DOMAIN) -> str:
    """A rules sentence in ``lang``: a ``T`` by its template in its own game's catalogue, its facts
    rendered in turn; a plain string by the catalogue if it has it (a state, a terrain), else as it is."""
    if lang == "en":
        return str(value)
    if isinstance(value, T):
        facts = {k: render_text(v, lang, value.domain) if isinstance(v, str) else v
                 for k, v in value.facts.items()}
        template = gettext(lang, value.msgid, value.domain)
        try:
            return template.format(**facts) if facts else template
        except (KeyError, IndexError, ValueError):  # a translation with other facts: the check catches it
            return str(value)
    if isinstance(value, str):
        return gettext(lang, value, domain)
    return str(value)


RULES = Path(str(importlib.resources.files("hexmate.rules")))


def rules_domain(path: Path, root: Path = RULES) -> str:
    """The catalogue of a rules source file: rules-<game> under games/<game>/, else rules."""
    parts = path.relative_to(root).parts
    return f"rules-{parts[1]}" if len(parts) > 2 and parts[0] == "games" else "rules"


def rules_msgids(root: Path = RULES) -> dict[str, set[str]]:
    """domain -> the templates of every ``T("...")`` call in the rules' source. A ``T`` whose template is not
    a string literal is an error: the catalogue could never hold it."""
    out: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "T":
                first = node.args[0] if node.args else None
                if path.name == "text.py" and path.parent == root:
                    continue
                if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                    raise CatalogueError(f"{path}:{node.lineno}: T() needs its template as a string literal")
                out.setdefault(rules_domain(path, root), set()).add(first.value)
    return out


def lang_of(value: str | None) -> str:
    """A page's language choice, checked: an unknown one is English."""
    return value if value in LANGS else "en"


_JS_CALL = re.compile(r'\btf?\(\s*"((?:[^"\\]|\\.)*)"')


class _DataT(HTMLParser):
    """The English text of every element a page marks ``data-t``, and of every attribute it names in
    ``data-t-attr`` (i18n.js translates them by that text)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._depth = 0
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        marked = dict(attrs).get("data-t-attr")
        if marked:  # attributes translated too (placeholder, aria-label...): their English is the message id
            self.found += [" ".join(str(dict(attrs).get(name) or "").split()) for name in marked.split()]
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


# the host packages whose T sentences hexmate.po translates
HOST_T = ("game", "protocol", "service", "table", "tournament", "web")


def all_msgids() -> set[str]:
    """Every message id hexmate may show or say: the narrator, the guide (with every game's sequence), unit
    states, sides, terrain and unit types of the shipped scenarios, and the pages."""
    from hexmate.host.game import guide
    from hexmate.host.service import narrator
    from hexmate.rules.sequence import load_sequence

    games = Path(str(importlib.resources.files("hexmate.rules") / "games"))
    from hexmate.host.service import views

    out = {text for _, text in narrator.TEXTS.values()} | set(narrator.TERMS.values())
    out |= set(narrator.SIGHT_VERDICTS.values())
    out |= set(views.MEANING.values()) | set(views.MEANING)  # the LEDs' colours and what each means
    out |= {views.CONFIRM_LABEL, "Spectators"}  # the host page's pairing list names the spectators so
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
    out |= rules_msgids().get("rules", set())  # each game's own: its catalogue (tests/host/test_i18n.py)
    for part in HOST_T:  # the host's own T sentences (the session, the log, the tracker, the record API)
        for templates in rules_msgids(Path(str(importlib.resources.files("hexmate.host") / part))).values():
            out |= templates
    return {m for m in out if m}


__all__ = ["LANGS", "CatalogueError", "all_msgids", "catalogue", "gettext", "lang_of", "page_msgids",
           "po_path", "po_paths", "render_text", "rules_domain", "rules_msgids"]
