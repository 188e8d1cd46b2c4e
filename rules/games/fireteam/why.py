"""Why an action may not be taken: a translatable sentence and the rule it cites, kept apart so the sentence
stays a ``T`` (``hexmate.rules.text``) all the way to the player."""

from __future__ import annotations

from typing import NamedTuple

from hexmate.rules.errors import IllegalAction
from hexmate.rules.text import T


class Why(NamedTuple):
    text: T
    rule: str

    def illegal(self) -> IllegalAction:
        return IllegalAction(self.text, self.rule)

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]"


__all__ = ["T", "Why"]
