"""firmware/ble_uart.py: MTU chunking and stream reassembly, and BleUart against a fake of aioble's API.

The same checks (tests/firmware/ble_uart_scenarios.py) run here on CPython and again under the real
MicroPython unix port; aioble exists only on boards with a radio, so BleUart meets a fake of aioble's public
API (tests/firmware/ble_uart_fake_aioble.py), never anything below it.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from hexmate.firmware import ble_uart, wire
from hexmate.host.commands.firmware import FIRMWARE_DIR, find_tool
from hypothesis import given, settings
from hypothesis import strategies as st

HERE = Path(__file__).parent


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FAKE = _load("ble_uart_fake_aioble")
SCENARIOS = _load("ble_uart_scenarios")
CHECKS: list[Callable[..., None]] = SCENARIOS.CHECKS


@pytest.mark.parametrize("check", CHECKS, ids=[c.__name__ for c in CHECKS])
def test_on_cpython(check: Callable[..., None]) -> None:
    check(wire, ble_uart, FAKE)


def test_same_checks_under_micropython_unix_port() -> None:
    code = (
        "import wire, ble_uart, ble_uart_fake_aioble as fake, ble_uart_scenarios as s\n"
        "s.run_all(wire, ble_uart, fake)\n"
    )
    env = dict(os.environ, MICROPYPATH=f"{FIRMWARE_DIR}:{HERE}:.frozen")
    proc = subprocess.run(
        [str(find_tool("micropython")), "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    passed = [line.split()[1] for line in proc.stdout.splitlines() if line.startswith("ok ")]
    assert passed == [c.__name__ for c in CHECKS]


@settings(max_examples=150, deadline=None, derandomize=True)
@given(data=st.binary(max_size=1200), mtu=st.one_of(st.none(), st.integers(0, 600)))
def test_chunks_partition_any_data(data: bytes, mtu: int | None) -> None:
    pieces = ble_uart.chunks(data, mtu)
    size = ble_uart.chunk_size(mtu)
    assert 20 <= size <= 514
    assert b"".join(bytes(p) for p in pieces) == data
    assert all(0 < len(p) <= size for p in pieces)


_frame = st.builds(
    lambda seq, scan, uids: wire.encode_frame(wire.CELL, seq, wire.pack_cell(scan, 1, wire.TAGS, 0, uids)),
    st.integers(1, 255),
    st.integers(0, 2**32 - 1),
    st.lists(st.binary(min_size=7, max_size=7), max_size=6),
)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    frames=st.lists(_frame, min_size=1, max_size=40),
    limit=st.integers(2, 400),
    write_sizes=st.lists(st.integers(1, 60), min_size=1, max_size=8),
    read_every=st.integers(1, 30),
)
def test_rx_buffer_never_corrupts_a_frame(
    frames: list[bytes], limit: int, write_sizes: list[int], read_every: int
) -> None:
    """Whatever overflows, every frame that comes out is one that went in, in order, and the buffer stays
    within its limit; with no overflow every frame comes out."""
    stream = b"".join(frames)
    rx = ble_uart.RxBuffer(limit)
    deframer = wire.Deframer()
    out: list[bytes] = []
    i = writes = 0
    while i < len(stream):
        n = write_sizes[writes % len(write_sizes)]
        rx.put(stream[i : i + n])
        assert len(rx) <= limit
        i += n
        writes += 1
        if writes % read_every == 0:
            out.extend(wire.encode_frame(k, s, p) for k, s, p in deframer.feed(rx.take()))
    out.extend(wire.encode_frame(k, s, p) for k, s, p in deframer.feed(rx.take()))
    it = iter(frames)
    assert all(any(f == g for g in it) for f in out)  # out is a subsequence of frames
    if rx.dropped == 0:
        assert out == frames
    # (a drop does not always cost a frame: when only a frame's delimiter overflows, the cut lands on the
    # frame's own end and the frame survives, found by hypothesis)


def test_overflow_of_a_delimiter_alone_keeps_the_frame() -> None:
    """The case hypothesis found: the buffer fills up exactly before a frame's 0x00; the cut delimiter the
    buffer writes ends that frame, and the real one is skipped, so nothing is lost but one byte."""
    frame = wire.encode_frame(wire.ACK, 0, wire.pack_ack(5))
    nxt = wire.encode_frame(wire.ACK, 0, wire.pack_ack(6))
    rx = ble_uart.RxBuffer(len(frame))  # room for the frame without its delimiter
    rx.put(frame[:-1])
    rx.put(frame[-1:] + nxt)
    assert rx.dropped == 1 + len(nxt)  # the delimiter, then the next frame (no room for it)
    assert wire.Deframer().feed(rx.take()) == [(wire.ACK, 0, b"\x05")]
    rx.put(nxt)  # the reader caught up: frames arrive again
    assert wire.Deframer().feed(rx.take()) == [(wire.ACK, 0, b"\x06")]
