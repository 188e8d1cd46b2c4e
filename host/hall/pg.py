"""A throwaway PostgreSQL cluster (``--demo``, tests, bench): initdb and pg_ctl from Debian's postgresql in a
private directory, listening on a loopback port, password (SCRAM) login for one role.

PostgreSQL refuses to run as root ("cannot be run as root"), and CI runs as root: then the cluster belongs to
the unprivileged ``nobody`` account and every initdb/pg_ctl call goes through ``runuser -u nobody``, in a
directory of its own under the system temp directory (a root-only parent would hide it from nobody)."""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from hexmate.host.hall.broker import free_port

RUN_AS = "nobody"


class ClusterError(Exception):
    """The cluster cannot be made or started; the message says what is missing or what PostgreSQL said."""


def find(program: str) -> str:
    found = shutil.which(program)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{program}"))
    if candidates:
        return candidates[-1]
    raise ClusterError(f"{program} not found: install Debian's postgresql (apt-get install postgresql)")


@dataclass
class Cluster:
    user: str = "hall"
    database: str = "hall"
    port: int = field(default_factory=free_port)
    password: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    directory: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="hexmate-pg-")))
    started: bool = False

    @property
    def dsn(self) -> str:
        return f"postgresql://{self.user}:{self.password}@127.0.0.1:{self.port}/{self.database}"

    def _as_owner(self, argv: list[str]) -> list[str]:
        return ["runuser", "-u", RUN_AS, "--", *argv] if os.geteuid() == 0 else argv

    def _run(self, argv: list[str]) -> None:
        done = subprocess.run(self._as_owner(argv), capture_output=True, text=True, cwd=self.directory)
        if done.returncode:
            raise ClusterError(f"{Path(argv[0]).name} failed: {(done.stderr or done.stdout).strip()[-400:]}")

    def start(self) -> None:
        d = self.directory
        if os.geteuid() == 0:
            owner = pwd.getpwnam(RUN_AS)
            os.chown(d, owner.pw_uid, owner.pw_gid)
        d.chmod(0o700)
        pw = d / "pw"
        pw.write_text(self.password + "\n")
        if os.geteuid() == 0:
            os.chown(pw, pwd.getpwnam(RUN_AS).pw_uid, -1)
        self._run([find("initdb"), "-D", str(d / "data"), "-U", self.user, f"--pwfile={pw}",
                   "--auth=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync"])
        pw.unlink()
        opts = f"-p {self.port} -k {d} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        self._run([find("pg_ctl"), "-D", str(d / "data"), "-l", str(d / "log"), "-o", opts, "-w", "start"])
        self.started = True
        self._createdb()

    def _createdb(self) -> None:
        env_pw = {"PGPASSWORD": self.password}
        argv = self._as_owner([find("createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", self.user,
                               self.database])
        done = subprocess.run(argv, capture_output=True, text=True, env={**os.environ, **env_pw},
                              cwd=self.directory)
        if done.returncode:
            raise ClusterError(f"createdb failed: {done.stderr.strip()[-400:]}")

    def stop(self) -> None:
        if self.started:
            self._run([find("pg_ctl"), "-D", str(self.directory / "data"), "-m", "fast", "-w", "stop"])
            self.started = False
        shutil.rmtree(self.directory, ignore_errors=True)
