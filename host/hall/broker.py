"""A local Mosquitto for the hall (``--demo``, tests, bench): config, password file (mosquitto_passwd),
ACLs from topics.py, TLS when given a certificate, on a loopback port. A real hall runs its own broker with
the same files (``hexmate hall --write-broker-config DIR``)."""

from __future__ import annotations

import os
import pwd
import secrets
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from hexmate.host.hall import topics


class BrokerError(Exception):
    """The broker cannot be set up or started; the message says what is missing."""


@dataclass(frozen=True)
class Tls:
    cert_file: str
    key_file: str
    ca_file: str


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def find(program: str) -> str:
    for d in (None, "/usr/sbin", "/usr/bin"):
        found = shutil.which(program, path=d)
        if found:
            return found
    raise BrokerError(f"{program} not found: install Debian's mosquitto (apt-get install mosquitto)")


@dataclass
class Broker:
    """Mosquitto in ``directory`` with one account per table plus the read-only accounts."""

    directory: Path
    tables: list[str]
    port: int = field(default_factory=free_port)
    tls: Tls | None = None
    passwords: dict[str, str] = field(default_factory=dict)
    _proc: subprocess.Popen[bytes] | None = None

    def write_config(self) -> Path:
        d = self.directory
        d.mkdir(parents=True, exist_ok=True)
        (d / "data").mkdir(exist_ok=True)
        for account in (*topics.READERS, *self.tables):
            self.passwords.setdefault(account, secrets.token_urlsafe(18))
        pw_file = d / "passwd"
        pw_file.write_text("")
        pw_file.chmod(0o600)
        for account, password in self.passwords.items():
            subprocess.run([find("mosquitto_passwd"), "-b", str(pw_file), account, password], check=True,
                           capture_output=True)
        (d / "acl").write_text(topics.acl(self.tables))
        (d / "acl").chmod(0o600)
        user = pwd.getpwuid(os.getuid()).pw_name
        lines = [f"user {user}", "per_listener_settings false", "allow_anonymous false",
                 f"password_file {pw_file}", f"acl_file {d / 'acl'}", "persistence true",
                 f"persistence_location {d / 'data'}/", "autosave_interval 1", "log_dest stderr",
                 "log_type error", "log_type warning", "max_queued_messages 100000",
                 f"listener {self.port} 127.0.0.1"]
        if self.tls is not None:
            lines += [f"certfile {self.tls.cert_file}", f"keyfile {self.tls.key_file}",
                      f"cafile {self.tls.ca_file}", "tls_version tlsv1.2"]
        conf = d / "mosquitto.conf"
        conf.write_text("\n".join(lines) + "\n")
        return conf

    def start(self) -> None:
        conf = self.directory / "mosquitto.conf"
        if not conf.exists():
            conf = self.write_config()
        log = (self.directory / "mosquitto.log").open("ab")
        self._proc = subprocess.Popen([find("mosquitto"), "-c", str(conf)], stdout=log, stderr=log)
        end = time.monotonic() + 5
        while time.monotonic() < end:
            if self._proc.poll() is not None:
                log_text = (self.directory / "mosquitto.log").read_text()[-500:]
                raise BrokerError(f"mosquitto exited: {log_text}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise BrokerError(f"mosquitto did not listen on port {self.port}")

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def stop(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(5)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._proc = None
