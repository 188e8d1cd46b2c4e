"""``hexmate hall --demo`` as a real subprocess (Mosquitto, a throwaway PostgreSQL, two emulated tables
playing their demo turn through the real host) and the director's dashboard in chromium: the tables live,
their records verified, the director logs in and decides a result, a spectator watches a table."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import browser, free_port, get_json  # noqa: F401


@pytest.fixture
def hall(tmp_path):
    port = free_port()
    proc = subprocess.Popen([str(Path(sys.executable).parent / "hexmate"), "hall", "--demo", "--tables", "2",
                             "--port-http", str(port)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")})
    banner: list[str] = []
    assert proc.stdout is not None
    while not any("press Ctrl-C" in line for line in banner):
        line = proc.stdout.readline()
        if not line:
            raise AssertionError("hexmate hall --demo exited early:\n" + "".join(banner))
        banner.append(line)
    password = next(m.group(1) for x in banner if (m := re.search(r"director's password (\S+)", x)))
    url = f"http://127.0.0.1:{port}/"
    try:
        yield url, password
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
        assert proc.returncode == 0


def test_the_director_watches_and_decides_in_the_browser(hall, browser, axe) -> None:  # noqa: F811
    url, password = hall
    end = time.monotonic() + 60
    games: list[dict] = []
    while time.monotonic() < end:  # both tables play their demo turn and stop: records sent and verified
        try:  # while the tables load their games, the hall may answer slowly
            games = get_json(url + "api/overview")["games"]
        except OSError:
            continue
        if len(games) == 2 and all(g["verified"] == "verified" for g in games):
            break
        time.sleep(0.5)
    assert [g["verified"] for g in games] == ["verified", "verified"], games
    page = browser.new_page()
    page.goto(url)
    rows = page.locator("#tables tbody tr")
    rows.first.wait_for()
    assert rows.count() == 2
    assert "table-1" in rows.nth(0).inner_text() and "Rally Phase" in rows.nth(0).inner_text()
    results = page.locator("#results tbody tr")
    assert "stopped before the end" in results.nth(0).inner_text()
    assert "verified" in results.nth(0).inner_text()
    assert page.locator("#add-round").is_hidden()  # not logged in: no director's forms
    # the director logs in: a wrong password is refused, the right one shows the forms
    page.fill("#password", "wrong password")
    page.click("#login button")
    assert "Wrong password" in page.content()
    page.goto(url)
    page.fill("#password", password)
    page.click("#login button")
    page.locator("#add-round").wait_for()
    table_1 = page.locator("#results tbody tr", has_text="table-1")
    table_1.locator("button", has_text="ger won").click()  # Player 1 (ger) against Player 2 (rus)
    page.locator("#results tbody tr", has_text="set by the director").first.wait_for()
    violations = axe(page)  # the fullest the dashboard gets: logged in, every section filled
    assert violations == [], violations
    standings = page.locator("#standings tbody tr").first
    cells = standings.locator("td").all_inner_texts()
    assert cells[:4] == ["Player 1", "1", "1", "1"]  # player, points, played, won
    # the round's rating rows and a spectator's view of a table
    csv_link = page.locator("a", has_text="Rating rows (CSV) for round 1")
    assert csv_link.get_attribute("href") == "/export/round/1.csv"
    spectator = browser.new_page()
    spectator.goto(url)
    spectator.locator("a", has_text="Watch table-1").click()
    spectator.locator("#counters li").first.wait_for()
    assert "Table table-1" in spectator.locator("h1").inner_text()
    assert spectator.locator("#actions li").count() > 0
    assert spectator.locator("#add-round").count() == 0
    violations = axe(spectator)
    assert violations == [], violations
    page.close()
    spectator.close()
