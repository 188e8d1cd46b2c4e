"""Errors raised by the rules core: one root, and python-chess's split of invalid / illegal / ambiguous."""

from __future__ import annotations

import re

from hexmate.rules.text import T


class RulesError(Exception):
    """Root of every error the rules core raises on bad input or a rule violation."""

    @property
    def said(self) -> str:
        """The message as the rules wrote it: a ``T`` (translatable) when it was one, else plain English
        (``str(error)`` is always plain English: Python copies a str subclass's text)."""
        first = self.args[0] if len(self.args) == 1 else None
        return first if isinstance(first, T) else str(self)


class InvalidAction(RulesError, ValueError):
    """The action text or value is malformed (cannot be understood at all)."""


class IllegalAction(RulesError, ValueError):
    """The action is well formed but not legal in this position; the message cites the rule, once: a reason
    that already names ``rule`` (as "(A13.62)" or "(D14.33, A13.62)") is not given it again."""

    def __init__(self, reason: str, rule: str = "") -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(T("{reason} ({rule})", reason=reason, rule=rule) if rule and not cites(reason, rule)
                         else reason)


def cites(text: str, rule: str) -> bool:
    """Does ``text`` name ``rule`` itself? "A4.12" cites A4.12, but neither A4.1 nor A4.121."""
    return re.search(rf"(?<![\w.]){re.escape(rule)}(?![\w]|\.\d)", str(text)) is not None


class AmbiguousAction(RulesError, ValueError):
    """The action text matches more than one legal action; the message lists the candidates."""


class DiceError(InvalidAction):
    """Dice values that do not fit the roll they claim to be (wrong count, pips out of range)."""


class DataError(RulesError):
    """A data file (chart pack, scenario, sequence of play) is malformed; the message names file and place."""
