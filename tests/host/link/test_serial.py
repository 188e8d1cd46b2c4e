"""SerialLink over a real pty: bytes both ways, clear messages for missing and busy ports, vanished ports."""

from __future__ import annotations

import asyncio
import contextlib
import os
import tty

import pytest
import serial
from hexmate.host.link.base import LinkUnavailable
from hexmate.host.link.serial import SerialLink


@pytest.fixture
def pty_pair():
    master, slave = os.openpty()
    tty.setraw(slave)
    yield master, os.ttyname(slave)
    for fd in (master, slave):
        with contextlib.suppress(OSError):
            os.close(fd)


async def test_bytes_flow_both_ways(pty_pair) -> None:
    master, path = pty_pair
    link = SerialLink(path)
    got: list[bytes] = []
    link.on_bytes = got.append
    await link.connect()
    os.write(master, b"\x01\x02\x00")
    for _ in range(100):
        if got:
            break
        await asyncio.sleep(0.01)
    assert b"".join(got) == b"\x01\x02\x00"
    await link.send(b"hello\x00")
    assert os.read(master, 100) == b"hello\x00"
    await link.close()


async def test_missing_port_names_the_port(tmp_path) -> None:
    link = SerialLink(str(tmp_path / "ttyACM9"))
    with pytest.raises(LinkUnavailable, match=r"ttyACM9 not found"):
        await link.connect()


async def test_busy_port_names_the_port(pty_pair) -> None:
    _, path = pty_pair
    holder = serial.Serial(path, exclusive=True, timeout=0)
    try:
        with pytest.raises(LinkUnavailable, match=rf"{path} is busy"):
            await SerialLink(path).connect()
    finally:
        holder.close()


async def test_vanished_port_reports_lost_once(pty_pair) -> None:
    master, path = pty_pair
    link = SerialLink(path)
    reasons: list[str] = []
    link.on_lost = reasons.append
    await link.connect()
    os.close(master)  # the other end goes away, as a pulled USB cable does
    for _ in range(100):
        if reasons:
            break
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)
    assert len(reasons) == 1 and path in reasons[0] and "vanished" in reasons[0]
