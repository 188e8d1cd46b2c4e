"""firmware/reliable.Channel under loss, duplication and reordering: every message arrives once, in order.

Hypothesis draws the link (loss and duplication rates, latency jitter), the traffic in each direction
(enough to wrap the 8-bit sequence numbers) and a seed for the per-frame dice. Both ends send sequenced
messages at once, so data and ACKs share each direction. The link is a set of frames in flight, each
delivered whole after its own delay, which reorders them.

Assumption stated by the protocol's 8-bit sequence space: no frame stays in the link longer than it takes
the sender to move 255 sequence numbers on (here: at most 32 in flight, the board's window, per round trip of
>= 10 ms, so >= 80 ms, against a maximum delay of 60 ms).
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass, field

from hexmate.firmware import reliable, wire
from hypothesis import given, settings
from hypothesis import strategies as st

BASE_DELAY_MS = 5
STEP_MS = 2


@dataclass
class End:
    channel: reliable.Channel
    kind: int
    to_send: list[int]
    deframer: wire.Deframer = field(default_factory=wire.Deframer)
    delivered: list[int] = field(default_factory=list)
    next_i: int = 0


@dataclass(order=True)
class InFlight:
    at_ms: int
    order: int
    dest: int = field(compare=False)
    frame: bytes = field(compare=False)


def _payload(kind: int, i: int) -> bytes:
    return wire.pack_cell(i, 0, wire.EMPTY, 0, []) if kind == wire.CELL else wire.pack_set(1, i)


def _index(kind: int, payload: bytes) -> int:
    return wire.unpack_cell(payload)[0] if kind == wire.CELL else wire.unpack_set(payload)[1]


def simulate(n_a: int, n_b: int, loss: float, dup: float, jitter_ms: int, seed: int) -> tuple[End, End, int]:
    rng = random.Random(seed)
    # A is the board (events, its window of 32), B the host (commands, 8), as firmware/main.py and the host
    a = End(reliable.Channel(wire, window=reliable.EVENT_WINDOW), wire.CELL, list(range(n_a)))
    b = End(reliable.Channel(wire), wire.SET, list(range(n_b)))
    a.channel.anchor(b.channel.announce())
    b.channel.anchor(a.channel.announce())
    ends = (a, b)
    link: list[InFlight] = []
    order = 0
    now = 0
    while now < 600_000:
        for me, end in enumerate(ends):
            while end.next_i < len(end.to_send) and end.channel.send(
                end.kind, _payload(end.kind, end.to_send[end.next_i]), now
            ):
                end.next_i += 1
            end.channel.poll(now)
            for frame in end.channel.take():
                if rng.random() < loss:
                    continue
                for _ in range(2 if rng.random() < dup else 1):
                    order += 1
                    delay = BASE_DELAY_MS + rng.randint(0, jitter_ms)
                    heapq.heappush(link, InFlight(now + delay, order, 1 - me, frame))
        while link and link[0].at_ms <= now:
            item = heapq.heappop(link)
            dest = ends[item.dest]
            for kind, seq, payload in dest.deframer.feed(item.frame):
                if dest.channel.receive(kind, seq, payload, now):
                    assert kind == ends[1 - item.dest].kind
                    dest.delivered.append(_index(kind, payload))
        if all(e.next_i == len(e.to_send) and e.channel.pending() == 0 for e in ends) and not link:
            break
        now += STEP_MS
    return a, b, now


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    n_a=st.integers(0, 600),
    n_b=st.integers(0, 300),
    loss=st.floats(0, 0.5),
    dup=st.floats(0, 0.4),
    jitter_ms=st.integers(0, 55),
    seed=st.integers(0, 2**32 - 1),
)
def test_every_message_once_and_in_order(
    n_a: int, n_b: int, loss: float, dup: float, jitter_ms: int, seed: int
) -> None:
    a, b, now = simulate(n_a, n_b, loss, dup, jitter_ms, seed)
    assert b.delivered == a.to_send, f"A->B after {now} ms"
    assert a.delivered == b.to_send, f"B->A after {now} ms"
    assert a.channel.pending() == b.channel.pending() == 0


def test_the_link_really_is_hostile() -> None:
    """The simulation does reorder, duplicate and lose: the channel's counters show each of them."""
    a, b, _ = simulate(400, 400, loss=0.3, dup=0.3, jitter_ms=50, seed=7)
    assert b.delivered == a.to_send and a.delivered == b.to_send
    for end in (a, b):
        assert end.channel.resends > 0
        assert end.channel.duplicates > 0
        assert end.channel.out_of_order > 0
