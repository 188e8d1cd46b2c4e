"""A table's link to the hall: each record entry, the live shared view and the result go to the broker with
QoS 1, through the durable outbox (outbox.py), under the table's own topic and account (topics.py).

Only what a spectator may see leaves the table: an entry that names a concealed unit (or its tag) is sent
with its number and hashes but its data withheld, the live state is the shared page's view (concealed units
are '?'), and the whole record, which reveals everything, is sent only once the game is over. The hall
checks that record with ``hexmate.host.record.verify`` and fills in what was withheld.
"""

from __future__ import annotations

import base64
import json
import logging
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from hexmate.host.hall import topics
from hexmate.host.hall.outbox import Outbox, OutboxError
from hexmate.host.record import canonical
from paho.mqtt.enums import CallbackAPIVersion

LOGGER = logging.getLogger(__name__)

_WINDOW = 64  # QoS 1 messages in flight at once
STATE_KEYS = ("phase", "phase_id", "phase_rule", "turn", "to_act", "prompt", "decision", "counters",
              "last_actions", "notice", "record", "tracker")


@dataclass(frozen=True)
class BrokerConfig:
    """Where the broker is and how this account logs in; ``ca_file`` turns TLS on (server checked)."""

    host: str = "127.0.0.1"
    port: int = 1883
    username: str = ""
    password: str = ""
    ca_file: str | None = None


def withheld(entry: dict[str, Any], hidden: frozenset[str]) -> bool:
    """True if the entry's data names anything hidden from spectators (a concealed unit or its tag).

    Matching on the canonical text is deliberately blunt: it may withhold an entry that only names a unit
    whose id contains a hidden one, never the other way round."""
    if isinstance(entry["data"], dict) and entry["data"].get("private"):
        return True  # a private answer (a secret plot): the hall gets it with the whole record at the end
    if not hidden:
        return False
    text = canonical(entry["data"])
    return any(h in text for h in hidden)


def spectator_entry(table: str, game: str, entry: dict[str, Any], hidden: frozenset[str]) -> dict[str, Any]:
    """An entry as it leaves the table: numbers and hashes always, the data unless it names hidden units.
    ``game`` is the header entry's hash, so a table's next game does not collide with its last."""
    out = {k: entry[k] for k in ("n", "t", "kind", "prev", "hash")}
    out.update(table=table, game=game)
    if withheld(entry, hidden):
        out["withheld"] = True
    else:
        out["data"] = entry["data"]
    return out


def spectator_state(table: str, view: dict[str, Any], link: str) -> dict[str, Any]:
    """The live state from the shared page's view (already without concealed units' names)."""
    state = {k: view.get(k) for k in STATE_KEYS}
    last = view.get("last_actions") or []
    state.update(table=table, last_action=last[0] if last else "",
                 conn=(view.get("conn") or {}).get("state", ""), link=link, sent=time.time())
    return state


class TablePublisher:
    """Publishes one table. ``on_entry`` is the record's listener; ``on_view`` takes the shared page's view
    messages; ``finish`` sends the record and the result. Safe to call from the game's thread while the MQTT
    network thread sends."""

    def __init__(self, table: str, broker: BrokerConfig, outbox: str | Path,
                 hidden: Callable[[], frozenset[str]] = frozenset) -> None:
        self.table = topics.check_table_id(table)
        self.broker = broker
        self.outbox = Outbox(outbox)
        self.hidden = hidden
        self.connected = threading.Event()
        self.finished = False
        self.game = ""
        self._lock = threading.Lock()
        self._inflight: dict[int, int] = {}  # MQTT message id -> outbox id
        self._early: set[int] = set()
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._sender = threading.Thread(target=self._send_loop, name=f"hall-outbox-{table}", daemon=True)
        self._sent_upto = 0
        self._state: bytes | None = None
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"hexmate-table-{table}",
                                  protocol=mqtt.MQTTv311)
        self.client.username_pw_set(broker.username or table, broker.password)
        if broker.ca_file:
            self.client.tls_set(ca_certs=broker.ca_file, tls_version=ssl.PROTOCOL_TLS_CLIENT)
        self.client.will_set(topics.topic(table, "link"), b'{"link":"offline"}', qos=1, retain=True)
        self.client.max_inflight_messages_set(_WINDOW)
        self.client.reconnect_delay_set(min_delay=1, max_delay=5)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_publish = self._on_publish

    # --- the table's side ------------------------------------------------------------------------------
    def attach(self, record: Any) -> None:
        """Listen to a record; entries already in its file (the header) are queued first."""
        path = Path(record.path)
        if path.suffix == ".jsonl" and path.exists():
            for line in path.read_text(encoding="utf-8").splitlines()[: record.n]:
                self.on_entry(json.loads(line))
        record.listeners.append(self.on_entry)

    def on_entry(self, entry: dict[str, Any]) -> None:
        if entry["n"] == 0:
            self.game = entry["hash"]
        body = spectator_entry(self.table, self.game, entry, self.hidden())
        try:
            self.outbox.put(topics.topic(self.table, "entry"), canonical(body).encode())
        except OutboxError as e:  # the game and its record go on; the hall fills the gap from the record
            LOGGER.error("table %s: entry %d not queued for the hall: %s", self.table, entry["n"], e)
            return
        self._flush()

    def on_view(self, view: dict[str, Any]) -> None:
        if view.get("type") != "view":
            return
        self._state = canonical(spectator_state(self.table, view, "online")).encode()
        if self.connected.is_set():
            self.client.publish(topics.topic(self.table, "state"), self._state, qos=1, retain=True)

    def finish(self, record_path: str | Path, result: dict[str, Any]) -> None:
        """The game is over: the whole record (nothing is concealed any more) and the result."""
        path = Path(record_path)
        record = {"table": self.table, "game": self.game, "file": path.name,
                  "record_b64": base64.b64encode(path.read_bytes()).decode()}
        self.outbox.put(topics.topic(self.table, "record"), canonical(record).encode(), retain=True)
        body = {"table": self.table, "game": self.game, **result, "sent": time.time()}
        self.outbox.put(topics.topic(self.table, "result"), canonical(body).encode(), retain=True)
        self.finished = True
        self._flush()

    def pending(self) -> int:
        return len(self.outbox)

    # --- running -----------------------------------------------------------------------------------------
    def start(self) -> None:
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=10)
        self.client.loop_start()
        self._sender.start()

    def drain(self, timeout_s: float) -> bool:
        """Wait until the broker acknowledged everything queued; False on timeout."""
        end = time.monotonic() + timeout_s
        while time.monotonic() < end:
            if not len(self.outbox):
                return True
            time.sleep(0.02)
        return not len(self.outbox)

    def stop(self) -> None:
        if self.connected.is_set():
            info = self.client.publish(topics.topic(self.table, "link"), b'{"link":"closed"}', qos=1,
                                       retain=True)
            info.wait_for_publish(2)
        self._stopping.set()
        self._wake.set()
        if self._sender.is_alive():
            self._sender.join(2)
        self.client.disconnect()
        self.client.loop_stop()
        self.outbox.close()

    # --- the network thread ------------------------------------------------------------------------------
    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        if reason.is_failure:
            LOGGER.warning("table %s: broker refused the connection: %s", self.table, reason)
            return
        with self._lock:
            self._inflight.clear()
            self._early.clear()
            self._sent_upto = 0  # resend everything not acknowledged; the hall drops duplicates
        self.connected.set()
        client.publish(topics.topic(self.table, "link"), b'{"link":"online"}', qos=1, retain=True)
        if self._state is not None:
            client.publish(topics.topic(self.table, "state"), self._state, qos=1, retain=True)
        self._wake.set()

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        self.connected.clear()
        LOGGER.info("table %s: broker link lost (%s); %d message(s) kept in the outbox",
                    self.table, reason, len(self.outbox))

    def _on_publish(self, client: mqtt.Client, userdata: Any, mid: int, reason: Any, props: Any) -> None:
        # paho holds its message lock here: never publish from this callback, only note the PUBACK
        with self._lock:
            outbox_id = self._inflight.pop(mid, None)
            if outbox_id is None:
                self._early.add(mid)  # acknowledged before the sender noted what it was
        if outbox_id is not None:
            self.outbox.done(outbox_id)
        self._wake.set()

    def _flush(self) -> None:
        self._wake.set()

    def _send_loop(self) -> None:
        """The one thread that publishes the outbox: in order, at most _WINDOW unacknowledged."""
        while not self._stopping.is_set():
            self._wake.wait(0.5)
            self._wake.clear()
            if not self.connected.is_set():
                continue
            with self._lock:
                room, after = _WINDOW - len(self._inflight), self._sent_upto
            if room <= 0:
                continue
            for p in self.outbox.pending(after=after, limit=room):
                info = self.client.publish(p.topic, p.payload, qos=1, retain=p.retain)
                if info.rc != mqtt.MQTT_ERR_SUCCESS:
                    break  # the link just went; everything from here is resent on the next connect
                with self._lock:
                    self._sent_upto = p.id
                    early = info.mid in self._early
                    if early:
                        self._early.discard(info.mid)
                    else:
                        self._inflight[info.mid] = p.id
                if early:
                    self.outbox.done(p.id)
