"""Text the rules core says to players, kept translatable.

The rules core is pure and speaks English; a player's page may speak Japanese. ``T(template, **facts)`` is
the English sentence, and it is a ``str``: every caller that prints, logs, compares or serialises it sees
plain English. It also remembers its template (the message id of the catalogues) and its facts, so the host
can say it again in a page's language (``hexmate.host.i18n.render_text``).

Write the template as a string literal in the call, ``T("{unit} cannot enter {hex} (A4.1)", unit=u, hex=h)``:
the catalogue check finds templates by reading the source (``hexmate.host.i18n.rules_msgids``), and each
one needs its Japanese in ``host/locale/ja/LC_MESSAGES/rules-<game>.po`` (``rules.po`` outside a game).
Each ``T`` knows the catalogue of the module that wrote it (``domain``: two games may say one English word
two ways). A fact may itself be a ``T`` (a state, a terrain name): it is translated in turn. Anything built
from a ``T`` by string operations (``+``, slicing, an f-string) is plain English again: keep sentences whole.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

_GAMES = "hexmate.rules.games."


class T(str):
    """An English sentence with its message id and facts (see the module's text)."""

    msgid: str
    facts: Mapping[str, Any]
    domain: str  # the catalogue that translates it: rules-<game> for a game's module, else rules

    def __new__(cls, msgid: str, /, **facts: Any) -> T:
        self = super().__new__(cls, msgid.format(**facts) if facts else msgid)
        self.msgid = msgid
        self.facts = facts
        self.domain = domain_of(sys._getframe(1).f_globals.get("__name__", ""))
        return self

    def with_facts(self, **facts: Any) -> T:
        """The same sentence (template and catalogue) with some facts said otherwise."""
        return _rebuild(self.msgid, {**self.facts, **facts}, self.domain)

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles keep the template, facts and catalogue
        return (_rebuild, (self.msgid, dict(self.facts), self.domain))


def domain_of(module: str) -> str:
    """The catalogue of the sentences a module writes: two games may say one English word two ways."""
    if module.startswith(_GAMES):
        return "rules-" + module[len(_GAMES):].split(".", 1)[0]
    return "rules"


def _rebuild(msgid: str, facts: dict[str, Any], domain: str) -> T:
    said = T(msgid, **facts)
    said.domain = domain
    return said


__all__ = ["T", "domain_of"]
