"""End-to-end fixtures: ``hexmate demo`` as a real subprocess (real firmware under MicroPython, real pty,
real service and uvicorn) and Debian's chromium driven by Playwright."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as r:
        return json.loads(r.read())


class Demo:
    def __init__(self, tmp: Path, *extra: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.record = tmp / "game.jsonl"
        hexmate = Path(sys.executable).parent / "hexmate"
        self.proc = subprocess.Popen(
            [str(hexmate), "demo", "--no-browser", "--port-http", str(self.port),
             "--record", str(self.record), *extra],
            # XDG_DATA_HOME: a registry enrolled into stays in the test's directory, never the user's
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "XDG_DATA_HOME": str(tmp / "data")},
        )
        self.banner: list[str] = []
        self.later: list[str] = []  # what it printed after going live (read by ``_drain``)

    def wait_live(self, timeout: float = 30.0) -> dict:
        assert self.proc.stdout is not None
        while not any("press Ctrl-C" in line for line in self.banner):
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError("hexmate demo exited early:\n" + "".join(self.banner))
            self.banner.append(line)
        # keep reading its output while the test runs: a pipe nobody reads fills up and blocks the host's
        # logging, and with it the whole server (requests then hang or are reset)
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()
        end = time.monotonic() + timeout
        view: dict = {}
        while time.monotonic() < end:
            try:
                view = get_json(self.url + "api/view")
                if view["conn"]["state"] == "live" and view["counters"]:
                    return view
            except OSError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"table never went live: {view}")

    def _drain(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.later.append(line)

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGINT)
        reader = getattr(self, "_reader", None)
        if reader is None:
            try:
                out, _ = self.proc.communicate(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                out, _ = self.proc.communicate()
            return "".join(self.banner) + (out or "")
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        reader.join(timeout=5)
        return "".join(self.banner) + "".join(self.later)


@pytest.fixture
def demo(tmp_path):
    d = Demo(tmp_path)
    try:
        d.wait_live()
        yield d
    finally:
        d.output = d.stop()


@pytest.fixture(scope="module")
def browser():
    """Module scope: Playwright's sync API runs its own event loop, which must be gone before the
    asyncio tests of the other e2e modules start."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()
