"""``hexmate demo --hall-broker``: the emulated table (real firmware, real host) publishes to a real
Mosquitto as its own account. Stopped with Ctrl-C before the rules end the game, it sends no record (that
would reveal concealed units); with ``--hall-end-on-stop`` the stop ends the game and the record goes."""

from __future__ import annotations

import base64
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hexmate.host.record import verify

from ..hall.conftest import Listener, account, broker  # noqa: F401


@pytest.mark.parametrize("ends", [False, True], ids=["stopped", "ended"])
def test_demo_table_publishes_to_the_hall(broker, tmp_path, ends: bool) -> None:  # noqa: F811
    extra = ["--hall-end-on-stop"] if ends else []
    director = Listener(account(broker, "director"))
    (tmp_path / "pw").write_text(broker.passwords["t1"])
    record = tmp_path / "game.jsonl"
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "hexmate"), "demo", "--no-browser", "--port-http", "0",
         "--record", str(record), "--hall-broker", f"127.0.0.1:{broker.port}", "--hall-table", "t1",
         "--hall-password-file", str(tmp_path / "pw"), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")})
    try:
        director.wait_for(lambda: any(e["kind"] == "snapshot" for e in director.json("entry")), timeout=30)
        assert any(s["phase"] for s in director.json("state"))
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0, out
    assert "hall            table t1 on 127.0.0.1:" in out and "hall: everything sent" in out
    links = [m for t, m, _ in director.messages if t.endswith("/link")]
    assert links[0] == b'{"link":"online"}' and links[-1] == b'{"link":"closed"}'
    if not ends:
        time.sleep(0.5)
        assert not director.json("record") and not director.json("result")
        director.close()
        return
    director.wait_for(lambda: director.json("record") and director.json("result"))
    assert director.json("result")[0]["over"] is False
    (tmp_path / "got.jsonl").write_bytes(base64.b64decode(director.json("record")[0]["record_b64"]))
    assert verify(tmp_path / "got.jsonl").head == verify(record).head
    director.close()


def test_a_bad_hall_option_is_one_clear_line(tmp_path) -> None:
    done = subprocess.run(
        [str(Path(sys.executable).parent / "hexmate"), "demo", "--no-browser", "--port-http", "0",
         "--record", str(tmp_path / "g.jsonl"), "--hall-broker", "127.0.0.1:1883", "--hall-table", "Bad Id!",
         "--hall-password-file", str(tmp_path / "pw")],
        capture_output=True, text=True, timeout=60, env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "d")})
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1].startswith("hexmate: error: table id 'Bad Id!'")
