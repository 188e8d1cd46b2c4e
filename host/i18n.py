"""Message catalogues: every text a player reads or hears goes through here, in English or Japanese.

The English text is the message id (gettext style); ``host/locale/<lang>/LC_MESSAGES/hexmate.po`` holds the
translations, read with Babel when first asked for (no compile step: a .po is the one source). The Japanese
catalogue uses the terms of the Japanese rulebooks hexmate was built from (移動フェイズ, 照準線, 混乱状態...).
Pages get the same catalogue as JSON (``/api/i18n/ja``), so the page, the narrator and speech say one thing.
"""

from __future__ import annotations

import functools
import importlib.resources
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


__all__ = ["LANGS", "CatalogueError", "catalogue", "gettext", "lang_of", "po_path"]
