"""Tests' shared helper: play an ASL position on to the scenario's end, every side doing nothing more."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def to_the_end(pos: Any, each: Callable[[Any], None] | None = None) -> None:
    """Every phase ended, each open question answered with "none", "pass" or a failing dr, until the end;
    ``each`` sees the position before every step (the game not yet over)."""
    while not pos.state.over:
        if each is not None:
            each(pos)
        top = pos.decision
        if top is None:
            pos.push_text("end")
        elif top.kind == "roll":  # a unit may gain concealment at the turn's end (A12.122): a 6 fails
            pos.push_text("answer dice 6")
        else:
            pos.push_text("answer none" if "none" in top.choices else "answer pass")
