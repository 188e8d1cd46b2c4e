"""Hall fixtures: a real Mosquitto (Debian's, installed by ``make test``) per test on a loopback port with
per-table accounts and ACLs, one throwaway PostgreSQL cluster for the session (initdb/pg_ctl; as ``nobody``
when the tests run as root), a TLS CA made with ``cryptography``, and MQTT clients that record what a given
account receives."""

from __future__ import annotations

import datetime
import ipaddress
import json
import threading
import time
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from hexmate.host.hall.broker import Broker, Tls
from hexmate.host.hall.pg import Cluster
from hexmate.host.hall.publisher import BrokerConfig
from hexmate.host.hall.store import Store

TABLES = ["t1", "t2"]


@pytest.fixture
def broker(tmp_path):
    b = Broker(tmp_path / "broker", TABLES)
    b.start()
    yield b
    b.stop()


def account(b: Broker, name: str) -> BrokerConfig:
    return BrokerConfig("127.0.0.1", b.port, name, b.passwords[name])


@pytest.fixture(scope="session")
def cluster():
    c = Cluster()
    c.start()
    yield c
    c.stop()


@pytest.fixture
async def store(cluster):
    s = await Store.open(cluster.dsn)
    await s.pool.execute("TRUNCATE hall_tables, entries, pairings, rounds, games")
    yield s
    await s.close()


class Listener:
    """A paho client logged in as one account, subscribed to every table topic, keeping what arrives."""

    def __init__(self, cfg: BrokerConfig, topic: str = "hexmate/table/#") -> None:
        self.messages: list[tuple[str, bytes, bool]] = []
        self.ready = threading.Event()
        self.refused: str | None = None
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
        self.client.username_pw_set(cfg.username, cfg.password)
        if cfg.ca_file:
            self.client.tls_set(ca_certs=cfg.ca_file)

        def on_connect(client, userdata, flags, reason, props):
            if reason.is_failure:
                self.refused = str(reason)
                self.ready.set()
                return
            client.subscribe(topic, qos=1)

        self.client.on_connect = on_connect
        self.client.on_subscribe = lambda *a: self.ready.set()
        self.client.on_message = lambda c, u, m: self.messages.append((m.topic, m.payload, m.retain))
        self.client.connect(cfg.host, cfg.port)
        self.client.loop_start()
        assert self.ready.wait(5), "the listener never got its subscription"

    def json(self, kind: str) -> list[dict]:
        return [json.loads(p) for t, p, _ in self.messages if t.endswith("/" + kind)]

    def wait_for(self, pred, timeout: float = 5.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if pred():
                return
            time.sleep(0.02)
        raise AssertionError(f"timed out; got {[t for t, _, _ in self.messages]}")

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def make_ca(folder: Path) -> Tls:
    """A throwaway CA and a server certificate for 127.0.0.1 and localhost, both made here."""
    folder.mkdir(parents=True, exist_ok=True)
    now = datetime.datetime.now(datetime.UTC)

    def cert(subject: str, key, issuer_name, issuer_key, ca: bool):
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, subject)])
        b = (x509.CertificateBuilder().subject_name(name).issuer_name(issuer_name)
             .public_key(key.public_key()).serial_number(x509.random_serial_number())
             .not_valid_before(now - datetime.timedelta(minutes=5))
             .not_valid_after(now + datetime.timedelta(days=1))
             .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
        if not ca:
            b = b.add_extension(x509.SubjectAlternativeName(
                [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                critical=False)
        return b.sign(issuer_key, hashes.SHA256())

    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "hexmate test CA")])
    ca_cert = cert("hexmate test CA", ca_key, ca_name, ca_key, True)
    key = ec.generate_private_key(ec.SECP256R1())
    server = cert("127.0.0.1", key, ca_name, ca_key, False)
    (folder / "ca.pem").write_bytes(ca_cert.public_bytes(serialization.Encoding.PEM))
    (folder / "server.pem").write_bytes(server.public_bytes(serialization.Encoding.PEM))
    (folder / "server.key").write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                                          serialization.PrivateFormat.PKCS8,
                                                          serialization.NoEncryption()))
    (folder / "server.key").chmod(0o600)
    return Tls(str(folder / "server.pem"), str(folder / "server.key"), str(folder / "ca.pem"))
