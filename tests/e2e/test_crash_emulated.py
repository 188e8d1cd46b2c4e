"""``hexmate demo`` on the real firmware (MicroPython, real pty, keyed board) killed with SIGKILL at random
moments while players roll, then ``hexmate demo --resume``: every action a page showed is in the record, the
resumed game goes on from the folded position, and the whole record verifies with the board's key (the rolls
of both boots authenticated). The cheap, many-run proof is tests/host/service/test_crash_resume.py; these
few runs check the same against the real firmware and the real command line."""

from __future__ import annotations

import json
import os
import random
import signal
import time
from pathlib import Path

import pytest
from hexmate.host.game import GameSession
from hexmate.host.tournament.audit import audit
from hexmate.host.tournament.keys import read_key
from websockets.sync.client import connect

from .conftest import Demo, get_json

RUNS = 2


def _press_dice(url: str) -> None:
    with connect(url.replace("http", "ws") + "ws", open_timeout=5) as ws:
        buttons: list[dict] = []
        for _ in range(8):
            msg = json.loads(ws.recv(timeout=5))
            if msg.get("type") == "board":
                buttons = msg["buttons"]
                break
        dice = next(b["id"] for b in buttons if b["name"].startswith("dice"))
        ws.send(json.dumps({"type": "press", "button": dice}))


def _actions(url: str) -> list[str]:
    return list(get_json(url + "api/view").get("last_actions") or [])


@pytest.mark.parametrize("run", range(RUNS))
def test_killed_demo_resumes_and_verifies(tmp_path: Path, run: int) -> None:
    rng = random.Random(run)
    demo = Demo(tmp_path, "--game", "pg")
    seen: list[str] = []
    try:
        demo.wait_live()
        kill_after = rng.uniform(0.5, 2.0)
        start = time.monotonic()
        while time.monotonic() - start < kill_after:
            _press_dice(demo.url)
            time.sleep(0.3)
            seen = _actions(demo.url)
        os.kill(demo.proc.pid, signal.SIGKILL)  # no shutdown, no last flush: a crash
        demo.proc.wait(timeout=10)
    finally:
        if demo.proc.poll() is None:
            demo.stop()
    record = demo.record
    raw = record.read_bytes()
    recorded = [json.loads(x) for x in raw[: raw.rfind(b"\n") + 1].splitlines()]
    played = [o["data"]["text"] for o in recorded if o["kind"] == "action"]
    shown = [a for a in seen if a.startswith("dice")]
    assert len([o for o in recorded if o["kind"] == "dice" and o["data"]["used"]]) >= len(shown)

    again = Demo(tmp_path, "--game", "pg", "--resume", str(record))
    again.record = record
    try:
        view = again.wait_live()
        folded = GameSession.from_record(record)
        assert view["turn"] == folded.position.turn and view["phase"] == folded.phase
        before = len(played)
        _press_dice(again.url)
        for _ in range(50):
            lines = [json.loads(x) for x in record.read_text().splitlines()]
            if len([o for o in lines if o["kind"] == "action"]) > before:
                break
            time.sleep(0.1)
    finally:
        again.stop()
    key = read_key(tmp_path / "data" / "hexmate" / "keys" / "emulated-emu-346.key")
    checked = audit(record, key)
    kinds = [o["kind"] for o in map(json.loads, record.read_text().splitlines())]
    assert "resume" in kinds and checked.rolls >= 1  # one chain: header, crash, resume, to the end
