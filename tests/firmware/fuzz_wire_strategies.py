# Hypothesis strategies for fuzzing firmware/wire.py: every message kind built with the real pack_*
# functions, chunkings, and valid streams with one mutation. Shared by test_fuzz_wire.py and
# test_fuzz_micropython.py (CPython only: it needs hypothesis).

from __future__ import annotations

from hexmate.firmware import wire
from hypothesis import strategies as st

u8, u16, u32 = st.integers(0, 0xFF), st.integers(0, 0xFFFF), st.integers(0, 0xFFFF_FFFF)
seq = st.integers(0, 255)
uid = st.sampled_from([4, 7, 8, 10]).flatmap(lambda n: st.binary(min_size=n, max_size=n))
uids = st.lists(uid, max_size=6)
state = st.integers(0, 2)
text = st.text(max_size=40)

# (kind, payload) for every message kind, built with the real pack_* functions.
def _kind(kind: int, payload: st.SearchStrategy[bytes]) -> st.SearchStrategy[tuple[int, bytes]]:
    return st.tuples(st.just(kind), payload)


leds = st.lists(st.tuples(u16, u8, u8, u8, u8, u8), max_size=20)
entries = st.lists(st.tuples(u16, state, uids), max_size=30)
dice = st.lists(st.integers(1, 10), max_size=4)

# (kind, payload) for every message kind, built with the real pack_* functions.
payloads = st.one_of(
    _kind(wire.CELL, st.builds(wire.pack_cell, u32, u16, state, u32, uids)),
    _kind(wire.SNAPSHOT, st.builds(wire.pack_snapshot, u32, st.just(0), st.just(1), entries)),
    _kind(wire.HELLO, st.builds(wire.pack_hello, u16, u16, u16, st.integers(1, 255), text, text)),
    _kind(wire.DICE, st.builds(wire.pack_dice, u16, u8, u32, dice)),
    _kind(wire.LEDS, st.builds(wire.pack_leds, leds)),
    _kind(wire.DICE_ARM, st.builds(wire.pack_dice_arm, u16, u8, st.integers(1, wire.MAX_DICE),
                                   st.sampled_from(wire.DIE_CODES))),
    _kind(wire.LOG, st.builds(wire.pack_log, u8, text)),
    _kind(wire.FAULT, st.builds(wire.pack_fault, u16, u8)),
    _kind(wire.SET, st.builds(wire.pack_set, u8, u32)),
    _kind(wire.ACK, st.builds(wire.pack_ack, st.integers(1, 255))),
    _kind(wire.SYNC, st.builds(wire.pack_sync, st.integers(1, 255))),
    _kind(wire.HEARTBEAT, st.builds(wire.pack_heartbeat, u32, u32, st.lists(u16, max_size=12))),
    _kind(wire.PING, st.builds(wire.pack_u32, u32)),
)
messages = st.builds(lambda kp, s: (kp[0], s, kp[1]), payloads, seq)
chunk_sizes = st.lists(st.integers(1, 64), min_size=1, max_size=6)


def encode(msgs: list[tuple[int, int, bytes]]) -> list[bytes]:
    return [wire.encode_frame(k, s, p) for k, s, p in msgs]


Msg = tuple[int, int, bytes]


@st.composite
def mutated(draw: st.DrawFn) -> tuple[bytes, list[Msg], list[Msg]]:
    """A stream of valid frames with one mutation: (stream, frames before the damage, frames after it).

    The stream is clean[:pos] + changed + clean[resume:]. Frames that end before pos must decode; so must
    every frame that starts after the first delimiter in clean[resume:], where the Deframer resyncs.
    """
    msgs = draw(st.lists(messages, min_size=1, max_size=8))
    frames = encode(msgs)
    clean = b"".join(frames)
    op = draw(st.sampled_from(["flip", "truncate", "insert", "duplicate", "oversize", "zero"]))
    pos = draw(st.integers(0, len(clean) - 1))
    resume = pos
    if op == "flip":
        changed = bytes([clean[pos] ^ (1 << draw(st.integers(0, 7)))])
        resume = pos + 1
    elif op == "truncate":  # part of the stream is lost, the rest goes on
        changed = b""
        resume = pos + draw(st.integers(1, len(clean) - pos))
    elif op == "insert":
        changed = draw(st.binary(min_size=1, max_size=40))
    elif op == "duplicate":
        changed = clean[pos : pos + draw(st.integers(1, 64))]
    elif op == "oversize":  # a run of non-zero bytes far past MAX_BODY
        changed = bytes([draw(st.integers(1, 255))]) * draw(st.integers(wire.MAX_BODY, 3000))
    else:
        changed = b"\x00"
    stream = clean[:pos] + changed + clean[resume:]
    starts = [sum(len(f) for f in frames[:i]) for i in range(len(frames))]
    before = [m for m, s0, f in zip(msgs, starts, frames, strict=True) if s0 + len(f) <= pos]
    delimiter = clean.find(b"\x00", resume)
    after = [m for m, s0 in zip(msgs, starts, strict=True) if delimiter >= 0 and s0 > delimiter]
    return stream, before, after
