"""The commands print one clear line on bad input, never a traceback."""

from __future__ import annotations

import socket

from hexmate.host.cli import main
from hexmate.host.record import Record


def test_record_verify_ok_and_tampered(tmp_path, capsys) -> None:
    path = tmp_path / "g.jsonl"
    rec = Record.create(path, {"game": "asl", "scenario": "demo.json"})
    rec.append("action", {"text": "move ge1 DA1-DA2"})
    rec.close()
    assert main(["record", "verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"record OK: {path}: 2 entries, game asl, scenario demo.json, head hash {rec.head}")
    path.write_text(path.read_text().replace("DA2", "DA3"))
    assert main(["record", "verify", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.strip() == (f"hexmate: record NOT valid: record {path} entry 1 (line 2): "
                           "hash mismatch (this entry was changed)")


def test_busy_web_port_is_one_line(tmp_path, capsys) -> None:
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    port = holder.getsockname()[1]
    try:
        code = main(["demo", "--no-browser", "--port-http", str(port), "--record", str(tmp_path / "r.jsonl")])
    finally:
        holder.close()
    err = capsys.readouterr().err
    assert code == 1
    assert err.strip() == (f"hexmate: error: web port 127.0.0.1:{port} is already in use; "
                           "choose another with --port-http")


def test_missing_scenario_is_one_line(tmp_path, capsys) -> None:
    code = main(["run", "--port", str(tmp_path / "ttyACM0"), "--scenario", str(tmp_path / "nope.json"),
                 "--no-browser", "--port-http", "0", "--record", str(tmp_path / "r.jsonl")])
    err = capsys.readouterr().err
    assert code == 1
    assert err.count("\n") == 1 and "nope.json" in err and "Traceback" not in err


def test_run_on_a_missing_port_says_so_and_keeps_retrying(tmp_path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import threading
    import time
    from pathlib import Path

    from hexmate.host.service.build import demo_scenario

    port = tmp_path / "ttyACM7"
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    http = holder.getsockname()[1]
    holder.close()
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "hexmate"), "run", "--port", str(port), "--scenario",
         str(demo_scenario()), "--no-browser", "--port-http", str(http),
         "--record", str(tmp_path / "r.jsonl")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=dict(os.environ),
    )
    safety = threading.Timer(30, proc.kill)  # a hung command fails the test instead of hanging it
    safety.start()
    seen = []
    assert proc.stdout is not None
    for line in proc.stdout:
        seen.append(line)
        if "not found" in line:
            break
    time.sleep(1.5)  # several retries with backoff happen meanwhile
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=10)
    safety.cancel()
    out = "".join(seen) + out
    assert proc.returncode == 0, out
    lost = [line for line in out.splitlines() if f"serial port {port} not found" in line]
    assert len(lost) == 1, out  # said clearly, once, while it retries with backoff
    assert "Traceback" not in out and "record saved" in out


class _Built(Exception):
    pass


def _capture_build(monkeypatch) -> dict:
    """Replace build_service by one that records its arguments and stops the command there."""
    import hexmate.host.service.build as build

    seen: dict = {}

    async def fake_build(**kwargs):
        seen.update(kwargs)
        raise _Built()

    monkeypatch.setattr(build, "build_service", fake_build)
    return seen


def test_run_ble_hands_a_ble_link_to_the_service(tmp_path, monkeypatch, capsys) -> None:
    from hexmate.host.link.ble import BleLink
    from hexmate.host.service.build import demo_scenario

    seen = _capture_build(monkeypatch)
    code = main(["run", "--ble", "hexmate-1a2b", "--scenario", str(demo_scenario()), "--no-browser",
                 "--port-http", "0", "--record", str(tmp_path / "r.jsonl")])
    assert code == 1 and "_Built" in capsys.readouterr().err
    assert isinstance(seen["link"], BleLink) and seen["link"].name == "BLE hexmate-1a2b"
    assert seen["emulated"] is False and "port" not in seen


def test_run_port_and_ble_together_is_one_line(tmp_path, capsys) -> None:
    import pytest

    with pytest.raises(SystemExit) as exc:
        main(["run", "--port", "/dev/ttyACM0", "--ble", "hexmate-1a2b", "--scenario", "x.json"])
    assert exc.value.code == 2
    assert "argument --ble: not allowed with argument --port" in capsys.readouterr().err


def test_demo_game_picks_that_games_demo(tmp_path, monkeypatch, capsys) -> None:
    import pytest

    seen = _capture_build(monkeypatch)
    assert main(["demo", "--game", "sw", "--no-browser", "--port-http", "0",
                 "--record", str(tmp_path / "r.jsonl")]) == 1
    assert seen["game"] == "sw" and seen["emulated"] is True
    with pytest.raises(SystemExit):
        main(["demo", "--game", "chess"])
    assert "invalid choice: 'chess'" in capsys.readouterr().err


def test_demo_board_reaches_the_service(tmp_path, monkeypatch) -> None:
    seen = _capture_build(monkeypatch)
    assert main(["demo", "--board", "emu-asl-mux", "--no-browser", "--port-http", "0",
                 "--record", str(tmp_path / "r.jsonl")]) == 1
    assert seen["board"] == "emu-asl-mux" and seen["game"] == "asl" and seen["emulated"] is True
    seen.clear()
    assert main(["demo", "--no-browser", "--port-http", "0", "--record", str(tmp_path / "r.jsonl")]) == 1
    assert seen["board"] is None  # the game's demo board


def test_ctrl_c_in_a_terminal_stops_the_demo_without_a_firmware_restart(tmp_path) -> None:
    """A terminal's Ctrl-C signals the whole process group: the firmware must not die of it before the host
    stops it in order, or the host takes that for a crash and logs a restart on the way out."""
    import os
    import signal
    import subprocess
    import sys
    import threading
    from pathlib import Path

    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    http = holder.getsockname()[1]
    holder.close()
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "hexmate"), "demo", "--no-browser", "--port-http", str(http),
         "--record", str(tmp_path / "r.jsonl")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=dict(os.environ),
        start_new_session=True,  # its own process group, as a shell gives a foreground job
    )
    safety = threading.Timer(60, lambda: os.killpg(proc.pid, signal.SIGKILL))
    safety.start()
    seen = []
    assert proc.stdout is not None
    for line in proc.stdout:
        seen.append(line)
        if "live: table" in line:
            break
    os.killpg(proc.pid, signal.SIGINT)
    out, _ = proc.communicate(timeout=20)
    safety.cancel()
    out = "".join(seen) + out
    assert any("live: table" in line for line in seen), out
    assert proc.returncode == 0, out
    assert "firmware exited" not in out and "Traceback" not in out and "record saved" in out
