"""Firmware logic under the real MicroPython unix port: each test_* of tests/firmware/mp/*.py is one item."""

from __future__ import annotations

import pytest
from mprun import MP_DIR, case_names, check

CASES = [(p.name, name) for p in sorted(MP_DIR.glob("test_*.py")) for name in case_names(p.name)]


def test_every_script_has_cases() -> None:
    assert len(CASES) >= 30
    assert {script for script, _ in CASES} >= {"test_readers.py", "test_scanner.py", "test_dice_buttons.py",
                                                "test_leds.py", "test_protocol.py"}


@pytest.mark.parametrize(("script", "name"), CASES, ids=[f"{s[:-3]}::{n}" for s, n in CASES])
def test_mp(script: str, name: str) -> None:
    check(script, name)
