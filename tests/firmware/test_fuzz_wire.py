"""Hypothesis fuzzing of firmware/wire.py on CPython: Deframer and every unpack_* against valid, random and
mutated streams (bit flips, truncation, insertion, duplication, oversize runs).

Properties: the Deframer never raises; no exception but WireError leaves an unpack_*; valid frames survive
any chunking; after garbage, the first good frame behind a delimiter decodes; a mutation costs only the
frames it touches. tests/firmware/test_fuzz_micropython.py replays a corpus like this one through the same
wire.py under the MicroPython unix port and compares the results.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from hexmate.firmware import wire
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FUZZ = settings(
    max_examples=250, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RUNNER = _load("fuzz_wire_runner")
STRATEGIES = _load("fuzz_wire_strategies")
UNPACKERS: list[tuple[str, Callable[..., Any]]] = RUNNER.unpackers(wire)
messages, chunk_sizes, mutated, _encode = (
    STRATEGIES.messages, STRATEGIES.chunk_sizes, STRATEGIES.mutated, STRATEGIES.encode
)
Msg = tuple[int, int, bytes]


def _feed(data: bytes, sizes: list[int]) -> tuple[list[tuple[int, int, bytes]], wire.Deframer]:
    deframer = wire.Deframer()
    out: list[tuple[int, int, bytes]] = []
    i = k = 0
    while i < len(data):
        n = sizes[k % len(sizes)]
        out.extend(deframer.feed(data[i : i + n]))  # must never raise
        i += n
        k += 1
    return out, deframer


def _no_foreign_exceptions(payload: bytes) -> None:
    for name, fn in UNPACKERS:
        result = RUNNER.outcome(wire, fn, name, payload)
        assert not result.startswith("X:"), f"{name}({payload.hex()}) raised {result[2:]}"


@FUZZ
@given(msgs=st.lists(messages, max_size=10), sizes=chunk_sizes)
def test_valid_frames_survive_any_chunking(msgs: list[tuple[int, int, bytes]], sizes: list[int]) -> None:
    got, deframer = _feed(b"".join(_encode(msgs)), sizes)
    assert got == msgs and deframer.errors == 0
    for _, _, payload in got:
        _no_foreign_exceptions(payload)


@FUZZ
@given(data=st.binary(max_size=600), sizes=chunk_sizes)
def test_random_bytes_never_break_the_decoders(data: bytes, sizes: list[int]) -> None:
    got, _ = _feed(data, sizes)
    for _, _, payload in got:
        _no_foreign_exceptions(payload)
    _no_foreign_exceptions(data)  # and the bytes as a payload straight into every unpack_*


@FUZZ
@given(case=mutated(), sizes=chunk_sizes)
def test_a_mutation_costs_only_the_frames_it_touches(
    case: tuple[bytes, list[Msg], list[Msg]], sizes: list[int]
) -> None:
    stream, before, after = case
    got, _ = _feed(stream, sizes)
    for _, _, payload in got:
        _no_foreign_exceptions(payload)
    assert len(got) >= len(before) + len(after)
    assert got[: len(before)] == before
    assert got[len(got) - len(after) :] == after


@FUZZ
@given(garbage=st.one_of(st.binary(max_size=300), mutated().map(lambda c: c[0])), good=messages,
       sizes=chunk_sizes)
def test_the_first_good_frame_after_garbage_and_a_delimiter_decodes(
    garbage: bytes, good: tuple[int, int, bytes], sizes: list[int]
) -> None:
    got, _ = _feed(garbage + b"\x00" + _encode([good])[0], sizes)
    assert got and got[-1] == good


def test_oversize_run_is_skipped_and_counted() -> None:
    good = wire.encode_frame(wire.ACK, 0, wire.pack_ack(9))
    got, deframer = _feed(b"\x01" * 5000 + b"\x00" + good, [700])
    assert got == [(wire.ACK, 0, b"\x09")]
    assert deframer.errors == 1 and deframer.last_error == "frame oversize"


def test_text_that_is_not_utf8_is_a_wire_error() -> None:
    # found by the fuzzer: bytes.decode() raised UnicodeDecodeError out of unpack_log/unpack_hello
    for payload in (b"\x14\xff\xfe", wire.pack_hello(1, 1, 0, 1, "b", "v")[:8] + b"\x02\xc3\x28\x00"):
        _no_foreign_exceptions(payload)
