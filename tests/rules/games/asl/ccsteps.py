"""Test helper: answer the open Close Combat stacking and designation questions with the table's defaults
(stacks as the prompt says; one attack by all against all: A11.12's first way, A11.14)."""

from __future__ import annotations

from typing import Any


def together(pos: Any) -> int:
    """Answer every cc_stack / cc_group decision on top with its one word; how many were answered."""
    n = 0
    while pos.decision is not None and pos.decision.then in ("cc_stack", "cc_group"):
        assert len(pos.decision.choices) == 1
        pos.push_text(f"answer {pos.decision.choices[0]}")
        n += 1
    return n
