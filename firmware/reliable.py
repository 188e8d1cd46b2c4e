# Reliable delivery over wire frames, sans I/O: sequence numbers, cumulative ACKs, in-order delivery, resend.
#
# Both ends run this same module (MicroPython on the board, CPython on the host). The owner feeds it decoded
# frames and the current time in ms and writes out whatever frames it hands back; it never touches a port,
# a clock or a task itself. Semantics (firmware/PROTOCOL.md, "Reliability"):
# - each side numbers its sequenced frames 1..255, wrapping to 1; seq 0 = unsequenced;
# - the receiver delivers strictly in order; duplicates are re-ACKed and dropped; frames from the future are
#   dropped unACKed so that the sender resends them in order;
# - ACK(n) is cumulative; at most ``window`` frames are in flight (WINDOW from the host, EVENT_WINDOW from
#   the board: the host syncs its record once per group of events, so a wider window means larger groups);
#   the oldest unACKed frame is resent after resend_ms, doubling up to max_resend_ms while nothing is
#   acknowledged.

# The wire module is passed in (``Channel(wire)``) so the same file works as ``reliable`` on a board and as
# ``hexmate.firmware.reliable`` on the host.

try:
    from time import ticks_diff
except ImportError:  # CPython: the host passes monotonic milliseconds

    def ticks_diff(a, b):
        return a - b


WINDOW = 8  # host -> board (LED frames, commands): the board's UART buffer takes a group of 8 at once
# board -> host (table events): the host makes each read's events durable with one fdatasync before their ACKs
# (docs/RECORD.md), so the board's rate is at most EVENT_WINDOW events per sync. No extra RAM: the frames in
# flight are the same frames that would otherwise wait in the queue (at most max_queue in all).
EVENT_WINDOW = 32
_HALF = 127


def _behind(seq, expected):
    """True if seq lies in the 127 sequence numbers before expected (a duplicate)."""
    d = (expected - seq) % 255
    return 0 < d <= _HALF


class Channel:
    def __init__(self, wire, resend_ms=150, max_resend_ms=1000, max_queue=256, window=WINDOW):
        self._w = wire
        self.window = window
        self.resend_ms = resend_ms
        self.max_resend_ms = max_resend_ms
        self.max_queue = max_queue
        self._tx_seq = 0
        self._in_flight = []  # [seq, frame bytes], oldest first
        self._queue = []  # (kind, payload) waiting for a window slot
        self._out = []  # frames ready to write
        self._rx_expected = 0  # 0: not anchored yet; sequenced frames are dropped until anchor()
        self._rx_last = 0
        # One cumulative ACK for consecutive frames received: a slot in _out (kept in place, so the order of
        # frames is as if each had its own ACK) filled at take() with the last seq owed.
        self._ack = 0
        self._ack_i = -1
        self.wants_anchor = False  # set when a sequenced frame arrived before anchor(): ask for SYNC/HELLO
        self._deadline = 0
        self._backoff = resend_ms
        self.resends = 0
        self.duplicates = 0
        self.out_of_order = 0

    # --- sending ---------------------------------------------------------------------------------------
    def send(self, kind, payload, now_ms):
        """Queue a sequenced message; False if the queue is full (the caller decides what to coalesce)."""
        if len(self._queue) >= self.max_queue:
            return False
        self._queue.append((kind, payload))
        self._fill(now_ms)
        return True

    def send_now(self, kind, payload=b""):
        """Queue an unsequenced message (HELLO, HEARTBEAT, LOG, PING...) for the next take()."""
        self._out.append(self._w.encode_frame(kind, 0, payload))

    def _fill(self, now_ms):
        while self._queue and len(self._in_flight) < self.window:
            kind, payload = self._queue.pop(0)
            self._tx_seq = self._w.next_seq(self._tx_seq)
            frame = self._w.encode_frame(kind, self._tx_seq, payload)
            if not self._in_flight:
                self._deadline = now_ms + self._backoff
            self._in_flight.append([self._tx_seq, frame])
            self._out.append(frame)

    def pending(self):
        """Sequenced messages not yet acknowledged (in flight or queued)."""
        return len(self._in_flight) + len(self._queue)

    def unacked(self):
        """The frames in flight (sent, not yet acknowledged), oldest first."""
        return [entry[1] for entry in self._in_flight]

    def write_again(self, frames):
        """Write frames sent before (acknowledged since) again, in order, after what is already queued."""
        self._out.extend(frames)

    def resend_all(self, now_ms):
        """Write every unacknowledged frame again, in order (after a reconnect or a SYNC/HELLO)."""
        for entry in self._in_flight:
            self._out.append(entry[1])
        self._backoff = self.resend_ms
        self._deadline = now_ms + self._backoff

    # --- receiving -------------------------------------------------------------------------------------
    def receive(self, kind, seq, payload, now_ms):
        """Handle one decoded frame. Returns True if the caller should act on it (deliver it)."""
        w = self._w
        if kind == w.ACK:
            self._on_ack(w.unpack_ack(payload), now_ms)
            return False
        if seq == 0:
            return True
        if self._rx_expected == 0:
            self.wants_anchor = True
            self.out_of_order += 1
            return False
        if seq == self._rx_expected:
            self._rx_last = seq
            self._rx_expected = w.next_seq(seq)
            self._owe_ack(seq)
            return True
        if _behind(seq, self._rx_expected):
            self.duplicates += 1
            self._owe_ack(self._rx_last)
            return False
        self.out_of_order += 1
        return False

    def announce(self):
        """The seq of the next sequenced frame the peer will see from us (sent in SYNC and HELLO)."""
        if self._in_flight:
            return self._in_flight[0][0]
        return self._w.next_seq(self._tx_seq)

    def anchor(self, seq):
        """Expect seq next from the peer (from its SYNC or HELLO announcement)."""
        self._flush_ack()  # what was delivered before the new anchor is acknowledged as it was
        self._rx_expected = seq
        self._rx_last = 255 if seq == 1 else seq - 1
        self.wants_anchor = False

    def unanchor(self):
        """Forget the peer's sequence (link lost): sequenced frames wait for a new anchor()."""
        self._rx_expected = 0

    def _on_ack(self, seq, now_ms):
        for i in range(len(self._in_flight)):
            if self._in_flight[i][0] == seq:
                del self._in_flight[: i + 1]
                self._backoff = self.resend_ms
                self._deadline = now_ms + self._backoff
                self._fill(now_ms)
                return

    # --- time ------------------------------------------------------------------------------------------
    def poll(self, now_ms):
        """Resend on timeout; call at least every few tens of ms."""
        if self._in_flight and ticks_diff(now_ms, self._deadline) >= 0:
            self.resends += 1
            for entry in self._in_flight:
                self._out.append(entry[1])
            self._backoff = min(self._backoff * 2, self.max_resend_ms)
            self._deadline = now_ms + self._backoff

    def _owe_ack(self, seq):
        if self._ack_i < 0 or self._ack_i != len(self._out) - 1:  # another frame came after the slot
            self._flush_ack()
            self._ack_i = len(self._out)
            self._out.append(b"")
        self._ack = seq

    def _flush_ack(self):
        if self._ack_i >= 0:
            self._out[self._ack_i] = self._w.encode_frame(self._w.ACK, 0, self._w.pack_ack(self._ack))
            self._ack_i = -1

    def take(self):
        """Frames to write now, in order; frames received one after another with nothing sent between them
        get one cumulative ACK (the last seq), so a burst of 32 events costs one ACK frame, not 32."""
        self._flush_ack()
        out = self._out
        self._out = []
        return out
