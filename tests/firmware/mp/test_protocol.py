# The firmware's protocol handling (main.Firmware) against an in-memory link, under MicroPython.
import simboard
import wire
from main import Firmware
from mptest import run
from reliable import Channel


class FakeLink:
    def __init__(self):
        self.inbox = bytearray()
        self.sent = bytearray()

    def read(self):
        data = bytes(self.inbox)
        self.inbox = bytearray()
        return data

    def write(self, data):
        self.sent.extend(data)


class Host:
    """The host end: its own Channel, decoding what the firmware wrote."""

    def __init__(self, fw, link):
        self.fw = fw
        self.link = link
        self.ch = Channel(wire)
        self.deframer = wire.Deframer()

    def frames(self):
        data = bytes(self.link.sent)
        self.link.sent = bytearray()
        return self.deframer.feed(data)

    def send(self, kind, payload=b"", seq=None):
        if seq is None:
            self.ch.send(kind, payload, 0)
            frames = self.ch.take()
        else:
            frames = [wire.encode_frame(kind, seq, payload)]
        for f in frames:
            for k, s, p in wire.Deframer().feed(f):
                self.fw.on_frame(k, s, p)
        self.fw.flush()  # as rx_task does after each batch

    def kinds(self):
        return [wire.NAMES.get(k, k) for k, _, _ in self.frames()]


def uid(cell):
    return f"04{cell:012x}"


def make():
    board, io = simboard.build()
    link = FakeLink()
    fw = Firmware(board, io, link)
    return fw, io, Host(fw, link)


def test_boot_sends_hello_then_snapshot_of_what_lies_on_the_board():
    fw, io, host = make()
    for cell in range(200):
        io.world.command("place " + str(cell) + " " + uid(cell))
    fw.boot()
    frames = host.frames()
    assert frames[0][0] == wire.HELLO
    snaps = [wire.unpack_snapshot(p) for k, s, p in frames if k == wire.SNAPSHOT]
    assert len(snaps) >= 3  # 200 seven-byte tags do not fit one MAX_BODY frame
    assert [s[1] for s in snaps] == list(range(len(snaps))) and all(s[2] == len(snaps) for s in snaps)
    entries = [e for s in snaps for e in s[3]]
    assert [e[0] for e in entries] == list(range(200))
    assert entries[17] == (17, wire.TAGS, [bytes.fromhex(uid(17))])
    for k, s, p in frames:
        assert len(wire.encode_frame(k, s, p)) <= wire.MAX_BODY + wire.MAX_BODY // 254 + 3


def test_sync_gives_hello_resends_pending_then_snapshot():
    fw, _io, host = make()
    fw.boot()
    host.frames()  # boot output, never acknowledged
    host.send(wire.SYNC, wire.pack_sync(1), seq=0)
    frames = host.frames()
    kinds = [k for k, _, _ in frames]
    assert kinds[0] == wire.HELLO
    assert wire.unpack_hello(frames[0][2])[4] == 1  # the unacknowledged boot snapshot is seq 1
    assert kinds[1] == wire.SNAPSHOT and frames[1][1] == 1  # resent as it was
    assert kinds[2] == wire.SNAPSHOT and frames[2][1] == 2  # then a fresh one


def test_host_frames_are_delivered_in_order_once():
    fw, _io, host = make()
    fw.boot()
    host.frames()
    host.send(wire.SYNC, wire.pack_sync(1), seq=0)
    host.frames()
    seqpayload = wire.pack_leds([(5, 1, 2, 3, wire.SEQUENCE, 10)])
    host.send(wire.LEDS, seqpayload, seq=1)
    host.send(wire.LEDS, seqpayload, seq=1)  # duplicate: ACKed again, not applied again
    assert fw.leds.seq_len == 1
    acks = [wire.unpack_ack(p) for k, s, p in host.frames() if k == wire.ACK]
    assert acks == [1, 1]
    host.send(wire.LEDS_CLEAR, b"", seq=3)  # from the future: dropped without ACK
    assert fw.leds.seq_len == 1 and [k for k, s, p in host.frames() if k == wire.ACK] == []
    host.send(wire.LEDS_CLEAR, b"", seq=2)
    assert fw.leds.seq_len == 0


def test_board_keeps_32_events_in_flight_and_the_rest_queued():
    # The board's window for events is 32 (reliable.EVENT_WINDOW, PROTOCOL.md): the host syncs its record
    # once per group, so a larger group is a higher event rate; the 33rd waits for an ACK.
    fw, _io, host = make()
    fw.boot()
    host.frames()
    host.send(wire.SYNC, wire.pack_sync(1), seq=0)
    frames = host.frames()
    acked = frames[-1][1]  # the fresh snapshot: acknowledge everything so far
    host.send(wire.ACK, wire.pack_ack(acked), seq=0)
    for i in range(40):
        fw.send_critical(wire.FAULT, wire.pack_fault(i, 1))
    fw.flush()
    faults = [(s, wire.unpack_fault(p)[0]) for k, s, p in host.frames() if k == wire.FAULT]
    assert [c for _, c in faults] == list(range(32))
    host.send(wire.ACK, wire.pack_ack(faults[-1][0]), seq=0)
    fw.flush()
    rest = [wire.unpack_fault(p)[0] for k, s, p in host.frames() if k == wire.FAULT]
    assert rest == list(range(32, 40))


def test_first_sequenced_frame_anchors_when_no_sync_came():
    fw, _io, host = make()
    fw.boot()
    host.frames()
    host.send(wire.DICE_ARM, wire.pack_dice_arm(3, 0, 1), seq=40)
    assert fw.dice.armed(0)
    assert [wire.unpack_ack(p) for k, s, p in host.frames() if k == wire.ACK] == [40]


def test_unknown_kinds_and_bad_payloads_are_counted_and_logged():
    fw, _io, host = make()
    fw.boot()
    host.send(wire.SYNC, wire.pack_sync(1), seq=0)
    host.frames()
    host.send(0x7E, b"??", seq=1)
    host.send(wire.LEDS, b"\x01\x02\x03", seq=2)
    host.send(wire.SET, wire.pack_set(99, 1), seq=3)
    logs = [wire.unpack_log(p) for k, s, p in host.frames() if k == wire.LOG]
    assert fw.counters[wire.CTR_UNKNOWN_KINDS] == 1 and fw.counters[wire.CTR_BAD_PAYLOADS] == 1
    assert [lvl for lvl, _ in logs] == [wire.LOG_WARNING] * 3
    assert "unknown message kind 126" in logs[0][1] and "LEDS" in logs[1][1] and "SET" in logs[2][1]


def test_set_changes_debounce_scan_period_and_heartbeat():
    fw, _io, host = make()
    host.send(wire.SET, wire.pack_set(wire.SET_DEBOUNCE_MS, 120), seq=1)
    host.send(wire.SET, wire.pack_set(wire.SET_SCAN_PERIOD_MS, 5), seq=2)
    host.send(wire.SET, wire.pack_set(wire.SET_HEARTBEAT_MS, 250), seq=3)
    assert (fw.scanner.debounce_ms, fw.scanner.scan_period_ms, fw.heartbeat_ms) == (120, 5, 250)


def test_overflow_folds_cells_into_a_snapshot_and_never_drops_dice():
    fw, _io, host = make()
    fw.boot()
    host.send(wire.SYNC, wire.pack_sync(1), seq=0)
    for i in range(400):
        fw.on_cell(i % 346, wire.TAGS, [b"\x01\x02\x03\x04"], 0)
    for r in range(20):
        fw.send_critical(wire.DICE, wire.pack_dice(r, 0, 0, [1, 2]))
    assert fw.snapshot_owed and fw.counters[wire.CTR_COALESCED] > 0
    dice = []
    cells = 0
    snapshot_after_overflow = False
    for _ in range(200):  # the host now acknowledges everything it gets
        for k, s, p in host.frames():
            if s:
                if host.ch.wants_anchor or host.ch._rx_expected == 0:
                    host.ch.anchor(s)
                host.ch.receive(k, s, p, 0)
            if k == wire.DICE and wire.unpack_dice(p)[0] not in dice:
                dice.append(wire.unpack_dice(p)[0])
            if k == wire.CELL:
                cells += 1
            if k == wire.SNAPSHOT and dice:
                snapshot_after_overflow = True
        for f in host.ch.take():
            for k, s, p in wire.Deframer().feed(f):
                fw.on_frame(k, s, p)
        fw.tx_step()
        if fw.ch.pending() == 0 and not fw.backlog and not fw.snapshot_owed:
            break
    assert dice == list(range(20))
    assert 0 < cells < 400
    assert snapshot_after_overflow and not fw.snapshot_owed


run(globals())
