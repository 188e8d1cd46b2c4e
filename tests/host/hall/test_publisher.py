"""Tables publish to a real Mosquitto: QoS 1 through the durable outbox, each table only under its own topic,
the readers only read, TLS when asked, and a spectator never receives a concealed unit before the end."""

from __future__ import annotations

import asyncio
import base64
import json

import paho.mqtt.client as mqtt
import pytest
from hexmate.firmware import wire
from hexmate.host.hall.broker import Broker
from hexmate.host.hall.publisher import BrokerConfig, TablePublisher
from hexmate.host.hall.table import HallLink, hidden_from_spectators
from hexmate.host.record import Record, verify
from hexmate.rules.hexes import distance

from ..service.test_core import rig  # noqa: F401  (the real service on a scripted board)
from .conftest import Listener, account, make_ca


def _raw(cfg: BrokerConfig) -> tuple[mqtt.Client, str | None]:
    """A bare client; returns it connected, or the broker's refusal."""
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
    client.username_pw_set(cfg.username, cfg.password)
    if cfg.ca_file:
        client.tls_set(ca_certs=cfg.ca_file)
    outcome: list[str | None] = []
    client.on_connect = lambda c, u, f, reason, p: outcome.append(str(reason) if reason.is_failure else None)
    client.connect(cfg.host, cfg.port)
    client.loop_start()
    for _ in range(250):
        if outcome:
            break
        asyncio.run(asyncio.sleep(0.02))
    return client, outcome[0] if outcome else "no answer"


def test_a_table_writes_only_its_own_topic_and_readers_only_read(broker: Broker, tmp_path) -> None:
    director = Listener(account(broker, "director"))
    record = Record.create(tmp_path / "t1.jsonl", {"game": "asl"})
    pub = TablePublisher("t1", account(broker, "t1"), tmp_path / "t1.outbox")
    pub.attach(record)
    pub.start()
    record.append("action", {"text": "ger-sq4 moves"})
    record.commit()  # entries reach listeners once on disk
    assert pub.drain(5)
    # the same table's account trying another table's topic, and the read-only accounts trying to write
    for who, where in (("t1", "hexmate/table/t2/entry"), ("spectator", "hexmate/table/t1/entry"),
                       ("director", "hexmate/table/t1/result")):
        client, refused = _raw(account(broker, who))
        assert refused is None
        client.publish(where, b'{"forged": true}', qos=1).wait_for_publish(3)
        client.disconnect()
        client.loop_stop()
    director.wait_for(lambda: len(director.json("entry")) == 2)
    entries = director.json("entry")  # read after the wait: the broker may deliver them after the drain
    assert [e["n"] for e in entries] == [0, 1] and all(e["table"] == "t1" for e in entries)
    assert entries[1]["data"] == {"text": "ger-sq4 moves"} and entries[1]["hash"] == record.head
    assert not any(b"forged" in p for _, p, _ in director.messages)
    # wrong password and no account at all are refused
    _, refused = _raw(BrokerConfig("127.0.0.1", broker.port, "t1", "not-the-password"))
    assert refused is not None and "authori" in refused.lower()
    _, refused = _raw(BrokerConfig("127.0.0.1", broker.port, "", ""))
    assert refused is not None
    pub.stop()
    director.close()


def test_tls_when_asked(tmp_path) -> None:
    tls = make_ca(tmp_path / "ca")
    b = Broker(tmp_path / "broker", ["t1"], tls=tls)
    b.start()
    try:
        cfg = BrokerConfig("127.0.0.1", b.port, "t1", b.passwords["t1"], ca_file=tls.ca_file)
        director = Listener(BrokerConfig("127.0.0.1", b.port, "director", b.passwords["director"],
                                         ca_file=tls.ca_file))
        record = Record.create(tmp_path / "t1.jsonl", {"game": "asl"})
        pub = TablePublisher("t1", cfg, tmp_path / "t1.outbox")
        pub.attach(record)
        pub.start()
        assert pub.drain(5)
        director.wait_for(lambda: len(director.json("entry")) == 1)
        pub.stop()
        director.close()
        # without TLS the broker does not answer MQTT at all
        plain = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
        plain.username_pw_set("t1", b.passwords["t1"])
        with pytest.raises((OSError, ConnectionError)):
            plain.connect("127.0.0.1", b.port, keepalive=2)
            for _ in range(50):
                plain.loop(0.05)
                if plain.is_connected():
                    break
            assert not plain.is_connected()
            raise ConnectionError("no MQTT answer over plain TCP")
    finally:
        b.stop()


async def test_a_spectator_never_receives_a_concealed_unit_before_the_end(rig, broker: Broker,  # noqa: F811
                                                                         tmp_path) -> None:
    hidden = hidden_from_spectators(rig.service)
    concealed = rig.session.hidden_units("shared")
    assert concealed and len(hidden) == 2 * len(concealed)  # the units and their tags
    spectator = await asyncio.to_thread(Listener, account(broker, "spectator"))
    link = HallLink(rig.service, "t1", account(broker, "t1"), tmp_path / "outbox.sqlite")
    link.start()
    # a German squad moves next door: recorded, published
    unit, start_cell, uid = rig.service.movable_counter()
    start = rig.session.expected()[unit]
    await rig.cell(start_cell, rig.uids_at(start_cell, without=unit))
    await rig.leds()
    near = min(rig.session.destinations([unit], start),
               key=lambda h: (distance(h, start), rig.session.label(h)))
    near_cell = rig.cal.cell_of(near)
    await rig.cell(near_cell, [*rig.uids_at(near_cell), bytes.fromhex(uid)])
    seq, _ = await rig.link.expect(wire.LEDS_CLEAR, timeout=3)
    rig.link.feed(wire.ACK, 0, wire.pack_ack(seq))
    await asyncio.to_thread(spectator.wait_for, lambda: any(
        e["kind"] == "action" and not e.get("withheld") for e in spectator.json("entry")))
    before_end = list(spectator.messages)
    live = [json.loads(p) for t, p, _ in before_end if t.endswith("/entry")]
    # the board's snapshot names concealed tags: the record seals it, and the hall gets its commitment
    assert any(e["kind"] == "snapshot" and set(e["data"]) == {"sealed"} for e in live)
    assert any(t.endswith("/state") for t, _, _ in before_end)
    for t, payload, _ in before_end:
        text = payload.decode()
        leaked = [h for h in hidden if h in text]
        assert not leaked, f"{t} carried {leaked}"
    action = next(e for e in live if e["kind"] == "action" and not e.get("withheld"))
    assert action["data"]["units"] == [unit]
    # the game ends: the record (everything) and the result follow, and the record verifies
    rig.service.stop()
    await asyncio.sleep(0.2)
    owed = await link.close(ends_game=True)
    assert owed == 0
    await asyncio.to_thread(spectator.wait_for, lambda: spectator.json("record") and spectator.json("result"))
    record = spectator.json("record")[0]
    (tmp_path / "got.jsonl").write_bytes(base64.b64decode(record["record_b64"]))
    assert verify(tmp_path / "got.jsonl").head == rig.service.record.head
    assert any(h in (tmp_path / "got.jsonl").read_text() for h in hidden)  # revealed only now
    spectator.close()


def test_the_outbox_outlives_the_table_host(broker: Broker, tmp_path) -> None:
    """Entries written while the broker is away wait on disk; a host restarted later sends them."""
    broker.stop()
    record = Record.create(tmp_path / "t2.jsonl", {"game": "asl"})
    pub = TablePublisher("t2", account(broker, "t2"), tmp_path / "t2.outbox")
    pub.attach(record)
    pub.start()
    for i in range(3):
        record.append("action", {"text": f"move {i}"})
        record.commit()  # entries reach listeners once on disk
    assert not pub.drain(0.3) and pub.pending() == 4
    pub.stop()  # the host goes down with the broker still away
    broker.start()
    director = Listener(account(broker, "director"))
    again = TablePublisher("t2", account(broker, "t2"), tmp_path / "t2.outbox")
    assert again.pending() == 4
    again.start()
    assert again.drain(10)
    director.wait_for(lambda: len(director.json("entry")) == 4)
    assert [e["n"] for e in director.json("entry")] == [0, 1, 2, 3]
    assert director.json("entry")[-1]["hash"] == record.head
    again.stop()
    director.close()


def test_a_link_that_dies_is_announced_by_the_broker(broker: Broker, tmp_path) -> None:
    """The table's last will: the broker itself says 'offline' when the link dies without a goodbye."""
    import socket

    director = Listener(account(broker, "director"))
    pub = TablePublisher("t1", account(broker, "t1"), tmp_path / "t1.outbox")
    pub.start()
    director.wait_for(lambda: director.json("link") == [{"link": "online"}])
    sock = pub.client.socket()
    assert isinstance(sock, socket.socket)
    sock.shutdown(socket.SHUT_RDWR)  # the cable is pulled: no DISCONNECT reaches the broker
    director.wait_for(lambda: {"link": "offline"} in director.json("link"))
    director.wait_for(lambda: director.json("link")[-1] == {"link": "online"})  # and it comes back
    pub.stop()
    director.wait_for(lambda: director.json("link")[-1] == {"link": "closed"})
    director.close()


def test_a_full_outbox_never_stops_the_record(broker: Broker, tmp_path) -> None:
    record = Record.create(tmp_path / "t1.jsonl", {"game": "asl"})
    pub = TablePublisher("t1", account(broker, "t1"), tmp_path / "t1.outbox")
    pub.attach(record)
    pub.outbox.close()  # the outbox's disk is gone
    record.append("action", {"text": "move"})  # logged, not raised: the game and its record go on
    record.commit()  # entries reach listeners once on disk
    record.close()
    assert verify(record.path).entries == 2
