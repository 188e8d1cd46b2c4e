"""Differential fuzzing: the same wire.py decodes a hypothesis-made corpus identically on CPython and on the
real MicroPython unix port (Deframer error counts, every frame, every unpack_* outcome).

Hypothesis builds the corpus on the CPython side (valid frames, mutated streams, random bytes, random
payloads inside frames with a correct CRC, hostile UTF-8); it is written to files in batches, run through
tests/firmware/fuzz_wire_runner.py under both implementations, and the outputs compared line by line.
"""

from __future__ import annotations

import importlib.util
import io
import os
import subprocess
from pathlib import Path
from types import ModuleType

from hexmate.firmware import wire
from hexmate.host.commands.firmware import FIRMWARE_DIR, find_tool
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

HERE = Path(__file__).parent
BATCHES = 4
PER_BATCH = 150

def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RUNNER = _load("fuzz_wire_runner")
STRATEGIES = _load("fuzz_wire_strategies")

# UTF-8 that CPython refuses and MicroPython's decode() used to accept: overlong, surrogate, > U+10FFFF.
HOSTILE_TEXT = [b"\xc0\x80", b"\xe0\x80\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xf8\x88\x80\x80\x80",
                b"\x80", b"\xc3", b"ok\xe2\x82", "h\u00e9x \u2b21 \U0001f3b2".encode()]

def _hello_with_board_name(raw: bytes) -> bytes:
    return wire.pack_hello(3, 3, 0, 1, "", "")[:8] + bytes([len(raw)]) + raw + b"\x00"


_payload_in_frame = st.builds(
    lambda kind, seq, payload: wire.encode_frame(kind, seq, payload),
    st.sampled_from(sorted(wire.NAMES)),
    st.integers(0, 255),
    st.one_of(
        st.binary(max_size=120),
        st.sampled_from(HOSTILE_TEXT).map(lambda t: bytes([20]) + t),  # a LOG with that text
        st.sampled_from(HOSTILE_TEXT).map(_hello_with_board_name),
    ),
)
streams = st.one_of(
    st.lists(STRATEGIES.messages, max_size=8).map(lambda ms: b"".join(STRATEGIES.encode(ms))),
    STRATEGIES.mutated().map(lambda case: case[0]),
    st.binary(max_size=400),
    st.lists(_payload_in_frame, min_size=1, max_size=6).map(b"".join),
)


def _corpus() -> list[str]:
    lines: list[str] = []

    @settings(max_examples=BATCHES * PER_BATCH, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(stream=streams, sizes=STRATEGIES.chunk_sizes)
    def collect(stream: bytes, sizes: list[int]) -> None:
        lines.append(",".join(map(str, sizes)) + ";" + stream.hex())

    collect()
    return lines


def test_micropython_decodes_the_corpus_exactly_like_cpython(tmp_path: Path) -> None:
    corpus = _corpus()
    assert len(corpus) >= BATCHES * PER_BATCH // 2  # hypothesis really produced a corpus
    env = dict(os.environ, MICROPYPATH=f"{FIRMWARE_DIR}:.frozen")
    compared = frames = 0
    for b in range(BATCHES):
        batch = corpus[b * PER_BATCH : (b + 1) * PER_BATCH]
        if not batch:
            break
        path = tmp_path / f"corpus-{b}.txt"
        path.write_text("\n".join(batch) + "\n")
        proc = subprocess.run(
            [str(find_tool("micropython")), str(HERE / "fuzz_wire_runner.py"), str(path)],
            env=env, capture_output=True, text=True, timeout=120,
        )
        assert proc.returncode == 0, proc.stderr[-2000:]
        expected = io.StringIO()
        RUNNER.run_file(wire, str(path), expected)
        mp_lines = proc.stdout.splitlines()
        cp_lines = expected.getvalue().splitlines()
        assert len(mp_lines) == len(cp_lines) == len(batch)
        for stream, mp, cp in zip(batch, mp_lines, cp_lines, strict=True):
            assert "X:" not in cp, f"CPython: an unpack raised something other than WireError on {stream}"
            assert mp == cp, f"MicroPython and CPython disagree on stream {stream}"
            compared += 1
            frames += len(cp.split()) - 1
    assert compared == len(corpus)
    assert frames > len(corpus)  # most streams carried frames that reached the unpackers
