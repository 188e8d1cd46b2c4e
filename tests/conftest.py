"""Fixtures for every test folder: axe-core (from npm, pinned in tests/e2e/axe/package-lock.json and installed
by ``make test``) injected into a Playwright page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

AXE_JS = Path(__file__).parent / "e2e" / "axe" / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (WCAG 2 A/AA, best practices), each with its nodes."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_JS))
    return list(page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']}))
        .violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                               nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary)}))"""))


@pytest.fixture(scope="session")
def axe() -> Callable[[Any], list[dict[str, Any]]]:
    if not AXE_JS.is_file():
        raise AssertionError(f"{AXE_JS} is missing: run `make axe` (npm ci in tests/e2e/axe)")
    return axe_violations
