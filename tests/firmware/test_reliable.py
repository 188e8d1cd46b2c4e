"""The sans-IO reliable channel delivers everything, once and in order, over a lossy link."""

import random

from hexmate.firmware import reliable, wire


def _run_lossy(loss: float, seed: int, count: int) -> tuple[list[int], reliable.Channel, reliable.Channel]:
    rng = random.Random(seed)
    sender, receiver = reliable.Channel(wire), reliable.Channel(wire)
    receiver.anchor(sender.announce())
    to_receiver, to_sender = wire.Deframer(), wire.Deframer()
    delivered: list[int] = []
    now = 0
    for i in range(count):
        assert sender.send(wire.CELL, wire.pack_cell(i, i, wire.TAGS, now, []), now)
    for _ in range(20_000):
        now += 10
        sender.poll(now)
        for frame in sender.take():
            if rng.random() >= loss:
                for kind, seq, payload in to_receiver.feed(frame):
                    if receiver.receive(kind, seq, payload, now):
                        delivered.append(wire.unpack_cell(payload)[0])
        for frame in receiver.take():
            if rng.random() >= loss:
                for kind, seq, payload in to_sender.feed(frame):
                    receiver_said = sender.receive(kind, seq, payload, now)
                    assert not receiver_said  # only ACKs travel back
        if sender.pending() == 0:
            break
    return delivered, sender, receiver


def test_everything_arrives_once_in_order_despite_loss() -> None:
    delivered, sender, receiver = _run_lossy(loss=0.3, seed=3, count=250)
    assert delivered == list(range(250))
    assert sender.pending() == 0
    assert sender.resends > 0 and receiver.duplicates > 0  # the loss really exercised the resend path


def test_sequenced_frames_wait_for_an_anchor() -> None:
    sender, receiver = reliable.Channel(wire), reliable.Channel(wire)
    sender.send(wire.DICE, wire.pack_dice(1, 0, 0, [3, 4]), 0)
    [frame] = sender.take()
    [(kind, seq, payload)] = wire.Deframer().feed(frame)
    assert not receiver.receive(kind, seq, payload, 0)
    assert receiver.wants_anchor
    receiver.anchor(sender.announce())
    assert receiver.receive(kind, seq, payload, 0)
    assert not receiver.wants_anchor


def test_announce_points_at_oldest_unacknowledged() -> None:
    sender = reliable.Channel(wire)
    assert sender.announce() == 1
    sender.send(wire.FAULT, wire.pack_fault(3, 1), 0)
    sender.send(wire.FAULT, wire.pack_fault(4, 1), 0)
    assert sender.announce() == 1
    sender.receive(wire.ACK, 0, wire.pack_ack(1), 5)
    assert sender.announce() == 2


def test_window_bounds_the_frames_in_flight() -> None:
    """At most ``window`` unacknowledged frames leave; an ACK of the last lets the queued ones follow."""
    for window in (reliable.WINDOW, reliable.EVENT_WINDOW):
        sender = reliable.Channel(wire, window=window)
        for i in range(window + 5):
            assert sender.send(wire.FAULT, wire.pack_fault(i, 1), 0)
        first = [f for f in sender.take()]
        assert len(first) == window and sender.pending() == window + 5
        last_seq = wire.Deframer().feed(first[-1])[0][1]
        sender.receive(wire.ACK, 0, wire.pack_ack(last_seq), 1)
        assert len(sender.take()) == 5 and sender.pending() == 5
    assert (reliable.WINDOW, reliable.EVENT_WINDOW) == (8, 32)  # PROTOCOL.md states both
