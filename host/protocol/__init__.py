"""The host end of the wire protocol: TableConnection over any Link, typed messages, LED state."""

from hexmate.host.protocol.connection import LEDS_PER_FRAME, TableConnection
from hexmate.host.protocol.events import (
    OFF,
    ButtonEdge,
    CellChanged,
    ConnState,
    Counters,
    DiceRolled,
    Fault,
    FirmwareLog,
    Heartbeat,
    Hello,
    Led,
    Snapshot,
    SnapshotEntry,
    StateChanged,
    TableMessage,
    uid_hex,
)

__all__ = [
    "LEDS_PER_FRAME", "OFF", "ButtonEdge", "CellChanged", "ConnState", "Counters", "DiceRolled", "Fault",
    "FirmwareLog", "Heartbeat", "Hello", "Led", "Snapshot", "SnapshotEntry", "StateChanged",
    "TableConnection", "TableMessage", "uid_hex",
]
