"""``hexmate hall --write-broker-config``: the files a hall's own Mosquitto runs from, and it runs from them
with the ACLs in force; ``hexmate hall`` without a database or password says so in one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hexmate.host.hall.broker import Broker, free_port

from ..hall.conftest import Listener, account

HEXMATE = str(Path(sys.executable).parent / "hexmate")


def test_broker_config_for_a_hall(tmp_path) -> None:
    port = free_port()
    done = subprocess.run([HEXMATE, "hall", "--write-broker-config", str(tmp_path / "b"), "--table-ids",
                           "a1,a2", "--listen-port", str(port)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    acl = (tmp_path / "b" / "acl").read_text()
    assert "user a1\ntopic write hexmate/table/a1/#" in acl
    assert "user spectator\ntopic read hexmate/table/#" in acl
    accounts = tmp_path / "b" / "accounts"
    assert sorted(p.name for p in accounts.iterdir()) == sorted(
        f"{a}.password" for a in ("a1", "a2", "director", "spectator", "hall"))
    assert all(p.stat().st_mode & 0o777 == 0o600 for p in accounts.iterdir())
    passwords = {p.name.split(".")[0]: p.read_text().strip() for p in accounts.iterdir()}
    broker = Broker(tmp_path / "b", ["a1", "a2"], port=port, passwords=passwords)
    broker.start()  # from the written mosquitto.conf
    try:
        spectator = Listener(account(broker, "spectator"))
        assert spectator.refused is None
        spectator.close()
    finally:
        broker.stop()


def test_the_hall_needs_its_database_and_passwords(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HEXMATE_HALL")}
    (tmp_path / "pw").write_text("x")
    done = subprocess.run([HEXMATE, "hall", "--broker-password-file", str(tmp_path / "pw")],
                          capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 1
    assert done.stderr.strip() == "hexmate: error: no database: give --db DSN or set $HEXMATE_HALL_DB"
    done = subprocess.run([HEXMATE, "hall", "--write-broker-config", str(tmp_path / "c"),
                           "--table-ids", "hall"], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 1 and "table id 'hall'" in done.stderr
