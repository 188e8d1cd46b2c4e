"""The throwaway PostgreSQL cluster: never run as root (PostgreSQL refuses: "initdb: error: cannot be run as
root"; as root the cluster belongs to nobody), on loopback only, with a password."""

from __future__ import annotations

import os
import pwd

import asyncpg
import pytest


def test_the_cluster_never_runs_as_root(cluster) -> None:
    pid = int((cluster.directory / "data" / "postmaster.pid").read_text().split()[0])
    owner = os.stat(f"/proc/{pid}").st_uid
    assert owner != 0
    if os.geteuid() == 0:
        assert owner == pwd.getpwnam("nobody").pw_uid
    conf = (cluster.directory / "data" / "postmaster.opts").read_text()
    assert "listen_addresses=127.0.0.1" in conf


async def test_a_wrong_password_is_refused(cluster) -> None:
    with pytest.raises(asyncpg.InvalidPasswordError):
        await asyncpg.connect(cluster.dsn.replace(cluster.password, "guess"))
    conn = await asyncpg.connect(cluster.dsn)
    assert await conn.fetchval("SELECT current_user") == "hall"
    await conn.close()
