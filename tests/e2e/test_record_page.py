"""The record page in chromium against a real ``hexmate demo``: one player records the result, each player
signs it from their own browser (two browser contexts: two pages, two Ed25519 keys made by WebCrypto), the
dice panel and the replay show, and after the demo stops ``hexmate record verify`` finds both signatures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import Demo


@pytest.fixture
def pg_demo(tmp_path):
    d = Demo(tmp_path, "--game", "pg")
    try:
        d.wait_live()
        yield d
    finally:
        d.output = d.stop()


def test_result_signed_from_two_pages_verifies(pg_demo, browser) -> None:
    ger, sov = browser.new_context(), browser.new_context()
    try:
        a, b = ger.new_page(), sov.new_page()
        a.goto(pg_demo.url + "record")
        b.goto(pg_demo.url + "record")
        a.wait_for_selector("#sign-ger")
        assert a.text_content("#my-key") != b.text_content("#my-key")  # each browser has its own key
        a.select_option("#winner", "sov")
        a.fill("#player-ger", "Anna")
        a.fill("#player-sov", "Boris")
        a.fill("#tournament", "Club night")
        a.click("text=Record the result")
        a.wait_for_function("document.getElementById('result-now').textContent"
                            ".startsWith('Recorded: sov win')")
        a.click("#sign-ger")
        a.wait_for_selector("text=signed (key")
        b.reload()
        b.wait_for_selector("#sign-sov:not([disabled])")
        b.click("#sign-sov")
        b.wait_for_function("document.getElementById('sign').textContent.split('signed (key').length === 3")
        assert not b.is_hidden("#replay")
        assert b.wait_for_selector("#replay-map svg.map")
        assert "step 0 of" in (b.text_content("#step-text") or "")
        csv = b.request.get(pg_demo.url + "record.csv").text()
        assert csv.splitlines()[1].startswith("Club night,") and ",Anna,ger,Boris,sov,sov,sov win" in csv
    finally:
        ger.close()
        sov.close()
    pg_demo.stop()
    out = subprocess.run([str(Path(sys.executable).parent / "hexmate"), "record", "verify",
                          str(pg_demo.record)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "result: sov win; signed by: ger, sov" in out.stdout
