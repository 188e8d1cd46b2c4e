"""The host service: ONE asyncio loop owns all state (after PicoChess's event bus).

Inputs (decoded table messages, page actions, lines from the emulated world) go into one queue; the loop
feeds the tracker, asks the game session, and fans results out to outputs that each have their own queue:
LED frames to the table (TableConnection keeps the diff and the resend queue), the companion and virtual
table pages (one queue per WebSocket client) and the record (a writer task appending hash-chained lines).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from hexmate.firmware import wire
from hexmate.host.game import GameSession
from hexmate.host.link.base import Link
from hexmate.host.link.emulated import EmulatedTable
from hexmate.host.protocol import (
    ButtonEdge,
    CellChanged,
    ConnState,
    DiceRolled,
    Fault,
    FirmwareLog,
    Heartbeat,
    Hello,
    Led,
    Snapshot,
    StateChanged,
    TableConnection,
    TableMessage,
)
from hexmate.host.record import Record
from hexmate.rules.hexes import Hex

LOGGER = logging.getLogger(__name__)

# LED language (also drawn on the page): where the lifted unit came from, where it may go, what is wrong.
SOURCE = Led(255, 180, 0)
DESTINATION = Led(0, 170, 40)
ILLEGAL = Led(255, 0, 0, wire.BLINK, 25)
MISMATCH = Led(255, 90, 0, wire.PULSE, 50)
UNCERTAIN = Led(120, 0, 200, wire.BLINK, 50)

_CLIENT_QUEUE = 64
_LAST_ACTIONS = 12


class CellMap(Protocol):
    """Board cells <-> map hexes (host-table's calibration)."""

    def hex_of(self, cell: int) -> Hex | None: ...

    def cell_of(self, h: Hex) -> int | None: ...


class TrackerLike(Protocol):
    """host-table's Tracker: cell events in, table events (Lifted, MoveRecognised, ...) out."""

    def on_cell(self, cell: int, state: int, uids: tuple[str, ...], t_ms: int) -> list[Any]: ...

    def on_snapshot(self, entries: Iterable[tuple[int, int, tuple[str, ...]]]) -> list[Any]: ...


@dataclass(frozen=True)
class PageAction:
    """Something a player did on a page: ``place``/``lift``/``press`` (virtual table), ``sync``."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class WorldLine:
    """A line from the emulated world (``leds ...``, ``trace ...``)."""

    line: str


Input = TableMessage | PageAction | WorldLine


class Service:
    def __init__(
        self,
        link: Link,
        *,
        board: Any,
        session: GameSession,
        tracker: TrackerLike,
        cells: CellMap,
        tray: list[dict[str, str]] | None = None,
        record: Record | None = None,
        table: EmulatedTable | None = None,
        connection_options: Mapping[str, Any] | None = None,
    ) -> None:
        self.board = board
        self.session = session
        self.tracker = tracker
        self.cells = cells
        self.tray = tray or []
        self.record = record
        self.table = table
        self.inputs: asyncio.Queue[Input] = asyncio.Queue()
        self.conn = TableConnection(link, self.inputs.put_nowait, **dict(connection_options or {}))
        self._clients: set[asyncio.Queue[dict[str, Any]]] = set()
        self._record_q: asyncio.Queue[tuple[str, Any] | None] = asyncio.Queue()
        self._lit: dict[Hex, Led] = {}
        self.occupants: dict[int, tuple[str, ...]] = {}  # cell -> uids, as last reported by the table
        self.firmware_leds: dict[int, str] = {}  # cell -> css colour the emulated neopixels show
        self.last_actions: deque[str] = deque(maxlen=_LAST_ACTIONS)
        self.notice: dict[str, str] = {"level": "info", "text": ""}
        self.prompt = session.prompt()
        self.hello: Hello | None = None
        self.heartbeat: Heartbeat | None = None
        self.world_listeners: list[Callable[[str], None]] = []
        self.in_sync: bool | None = None  # None until the tracker compared a snapshot with the game
        self._stopping = asyncio.Event()
        if table is not None:
            table.on_world = lambda line: self.inputs.put_nowait(WorldLine(line))

    # --- running -----------------------------------------------------------------------------------------
    async def run(self) -> None:
        tasks = [
            asyncio.create_task(self.conn.run(), name="connection"),
            asyncio.create_task(self._loop(), name="service-loop"),
            asyncio.create_task(self._record_writer(), name="record"),
        ]
        try:
            await self._stopping.wait()
        finally:
            await self.conn.stop()
            self._record_q.put_nowait(None)
            for t in tasks[1:2]:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    def stop(self) -> None:
        self._stopping.set()

    async def _loop(self) -> None:
        while True:
            item = await self.inputs.get()
            try:
                self.handle(item)
            except Exception:  # one bad event must not stop the table; it is logged with its content
                LOGGER.exception("error while handling %r", item)
                self.notice = {"level": "error", "text": "internal error; see the host log"}
                self._publish()

    async def _record_writer(self) -> None:
        while True:
            item = await self._record_q.get()
            if item is None:
                if self.record is not None:
                    self.record.close()
                return
            if self.record is not None:
                self.record.append(*item)

    def _log(self, kind: str, data: Any) -> None:
        self._record_q.put_nowait((kind, data))

    def submit(self, action: PageAction) -> None:
        self.inputs.put_nowait(action)

    # --- the one place where state changes ---------------------------------------------------------------
    def handle(self, item: Input) -> None:
        if isinstance(item, WorldLine):
            self._on_world(item.line)
            return
        if isinstance(item, PageAction):
            self._on_page(item)
            return
        if isinstance(item, StateChanged):
            pass
        elif isinstance(item, Hello):
            self.hello = item
            self._log("hello", {"board": item.board, "firmware": item.firmware, "cells": item.n_cells})
        elif isinstance(item, CellChanged):
            self._log("cell", {"cell": item.cell, "state": item.state, "uids": list(item.uids),
                               "scan": item.scan, "t_ms": item.t_ms})
            self._set_occupant(item.cell, item.uids)
            self._table_events(self.tracker.on_cell(item.cell, item.state, item.uids, item.t_ms))
        elif isinstance(item, Snapshot):
            self._log("snapshot", {"scan": item.scan,
                                   "cells": [[e.cell, e.state, list(e.uids)] for e in item.entries]})
            self.occupants = {e.cell: e.uids for e in item.entries if e.uids}
            entries = [(e.cell, e.state, e.uids) for e in item.entries]
            self._table_events(self.tracker.on_snapshot(entries))
        elif isinstance(item, DiceRolled):
            self._log("dice", {"request": item.request, "button": item.button, "values": list(item.values)})
            self.last_actions.appendleft(f"dice {'+'.join(map(str, item.values))} = {sum(item.values)}")
        elif isinstance(item, Fault):
            self._log("fault", {"cell": item.cell, "code": item.code})
            self.notice = {"level": "error", "text": f"reader fault at cell {item.cell} (code {item.code})"}
        elif isinstance(item, ButtonEdge):
            self._log("button", {"button": item.button, "pressed": item.pressed})
        elif isinstance(item, FirmwareLog):
            LOGGER.info("firmware: %s", item.text)
        elif isinstance(item, Heartbeat):
            self.heartbeat = item
            return  # no page update for every heartbeat
        self._publish()

    def _set_occupant(self, cell: int, uids: tuple[str, ...]) -> None:
        if uids:
            self.occupants[cell] = uids
        else:
            self.occupants.pop(cell, None)

    def _table_events(self, events: list[Any]) -> None:
        for ev in events:
            getattr(self, f"_ev_{type(ev).__name__}", self._ev_other)(ev)
        self._show_leds()

    def _units_text(self, units: Iterable[str]) -> str:
        return ", ".join(self.session.unit_summary(u)["label"] for u in sorted(units))

    def _ev_Lifted(self, ev: Any) -> None:
        self._lit = {d: DESTINATION for d in ev.destinations}
        self._lit[ev.from_hex] = SOURCE
        n = len(ev.destinations)
        self.prompt = (f"{self._units_text(ev.units)} lifted from {self.session.label(ev.from_hex)}: "
                       f"{n} legal destination{'s' if n != 1 else ''} lit in green.")
        self.notice = {"level": "info", "text": ""}

    def _ev_MoveRecognised(self, ev: Any) -> None:
        units = frozenset(ev.units)
        dest = ev.path[-1]
        move = self.session.destinations(units, ev.path[0]).get(dest)
        if move is None:
            self.notice = {"level": "error", "text": f"move to {self.session.label(dest)} no longer legal"}
            return
        text = self.session.push(move)
        path = [self.session.label(h) for h in ev.path]
        self._log("action", {"kind": "move", "text": text, "units": sorted(units), "path": path,
                             "cost": str(ev.cost)})
        self.last_actions.appendleft(f"{self._units_text(units)}: {' → '.join(path)} ({ev.cost} MF)")
        self._lit = {}
        self.prompt = self.session.prompt()
        self.notice = {"level": "ok", "text": f"Move recorded: {text}"}

    def _ev_PutBack(self, ev: Any) -> None:
        self._lit = {}
        self.prompt = self.session.prompt()
        self.notice = {"level": "info", "text": f"{self._units_text(ev.units)} put back."}

    def _ev_IllegalPlacement(self, ev: Any) -> None:
        self._lit = {h: led for h, led in self._lit.items() if led != ILLEGAL}
        self._lit[ev.hex] = ILLEGAL
        label = self.session.label(ev.hex)
        text = f"{self._units_text(ev.units)} may not be placed on {label}: {ev.reason}"
        self._log("illegal", {"units": sorted(ev.units), "hex": label, "reason": str(ev.reason)})
        self.notice = {"level": "error", "text": text}
        self.prompt = "Put the unit back on a green hex, or back where it started."

    def _ev_OutOfSync(self, ev: Any) -> None:
        diffs = list(getattr(ev, "differences", []))
        hexes = {h for d in diffs for h in _hexes_in(d)}
        self._lit = {h: MISMATCH for h in hexes}
        self.in_sync = False
        self.notice = {"level": "warn", "text": f"The table differs from the game in {len(diffs)} place(s); "
                                                "set the counters on the orange hexes as the page shows."}

    def _ev_InSync(self, ev: Any) -> None:
        self.in_sync = True
        if any(led == MISMATCH for led in self._lit.values()):
            self._lit = {}
        self.notice = {"level": "ok", "text": "The table matches the game."}

    def _ev_UnknownTag(self, ev: Any) -> None:
        where = self.session.label(ev.hex) if getattr(ev, "hex", None) is not None else "?"
        self.notice = {"level": "warn", "text": f"Unknown counter tag {ev.uid} on {where}."}

    def _ev_UncertainCell(self, ev: Any) -> None:
        self._lit[ev.hex] = UNCERTAIN
        self.notice = {"level": "warn", "text": f"Cannot read the stack on {self.session.label(ev.hex)}; "
                                                "spread it out."}

    def _ev_other(self, ev: Any) -> None:
        LOGGER.debug("table event %r not shown", ev)

    def _show_leds(self) -> None:
        frame: dict[int, Led] = {}
        for h, led in self._lit.items():
            cell = self.cells.cell_of(h)
            if cell is not None:
                frame[cell] = led
        self.conn.set_leds(frame)

    # --- page actions and the emulated world -------------------------------------------------------------
    def _on_page(self, action: PageAction) -> None:
        if action.kind == "sync":
            self.conn.sync()
            return
        if self.table is None:
            self.notice = {"level": "error", "text": "the virtual table works only with an emulated table"}
            self._publish()
            return
        d = action.data
        if action.kind == "place":
            self.table.place(int(d["cell"]), str(d["uid"]))
        elif action.kind == "lift":
            self.table.lift(int(d["cell"]), str(d["uid"]))
        elif action.kind == "press":
            self.table.press(int(d["button"]))
        self._publish_table()

    def _on_world(self, line: str) -> None:
        for listener in self.world_listeners:
            listener(line)
        if line.startswith("leds"):
            self.firmware_leds = parse_leds_line(line, self.firmware_leds)
            self._publish_table()

    def tracker_in_sync(self) -> bool:
        return bool(self.in_sync)

    def movable_counter(self) -> tuple[str, int, str]:
        """(unit id, cell, tag uid) of a unit of the side to act that has somewhere legal to go."""
        uids = {t["unit"]: t["uid"] for t in self.tray if t.get("unit")}
        for unit_id, h in sorted(self.session.expected().items()):
            cell = self.cells.cell_of(h)
            side = self.session.unit_summary(unit_id).get("side")
            movable = unit_id in uids and cell is not None and side == self.session.to_act
            if movable and cell is not None and self.session.destinations([unit_id], h):
                return unit_id, cell, uids[unit_id]
        raise LookupError("no unit of the side to act can move now")

    # --- views for the pages -----------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """Everything the companion page shows (hex labels as keys); sent whole on every change."""
        s = self.session
        counters: dict[str, list[dict[str, Any]]] = {}
        for unit_id, h in s.expected().items():
            counters.setdefault(s.label(h), []).append(s.unit_summary(unit_id))
        return {
            "type": "view",
            "conn": {"state": self.conn.state.value, "detail": self.conn.detail,
                     "counters": self.conn.counters.as_dict(), "pending": self.conn.pending()},
            "board": self.hello.board if self.hello else None,
            "firmware": self.hello.firmware if self.hello else None,
            "phase": s.phase,
            "to_act": s.to_act,
            "prompt": self.prompt,
            "notice": self.notice,
            "counters": counters,
            "leds": {s.label(h): led.css() for h, led in self._lit.items()},
            "blink": [s.label(h) for h, led in self._lit.items() if led.pattern != wire.SOLID],
            "last_actions": list(self.last_actions),
        }

    def table_view(self) -> dict[str, Any]:
        """What the virtual table page shows: tags on cells (the world) and the LEDs the firmware lit."""
        world = self.table.cells if self.table is not None else {}
        return {
            "type": "table",
            "cells": {str(c): list(u) for c, u in world.items() if u},
            "leds": {str(c): col for c, col in self.firmware_leds.items()},
            "conn": self.conn.state.value,
        }

    def map_data(self) -> dict[str, Any]:
        """The static map for drawing: every hex with its label, centre (pitch units) and terrain."""
        m = self.session.map
        hexes = []
        for h in sorted(m.hexes, key=lambda x: (x.q, x.r)):
            x, y = m.center(h)
            hexes.append({"id": m.label(h), "x": round(x, 4), "y": round(y, 4), "terrain": str(m.terrain(h))})
        return {"type": "map", "hexes": hexes}

    def board_data(self) -> dict[str, Any]:
        cells = [{"id": c.id, "label": c.label, "x": c.x_mm, "y": c.y_mm} for c in self.board.cells]
        return {"type": "board", "name": self.board.name, "cells": cells, "tray": self.tray,
                "buttons": len(getattr(self.board, "buttons", []) or [0, 1])}

    # --- fan-out to page clients -------------------------------------------------------------------------
    def subscribe(self) -> asyncio.Queue[dict[str, Any]]:
        q: asyncio.Queue[dict[str, Any]] = asyncio.Queue(_CLIENT_QUEUE)
        self._clients.add(q)
        return q

    def unsubscribe(self, q: asyncio.Queue[dict[str, Any]]) -> None:
        self._clients.discard(q)

    def _send(self, msg: dict[str, Any]) -> None:
        for q in list(self._clients):
            if q.full():  # a slow page gets the newest state, not a backlog
                with contextlib.suppress(asyncio.QueueEmpty):
                    q.get_nowait()
            q.put_nowait(msg)

    def _publish(self) -> None:
        self._send(self.view())

    def _publish_table(self) -> None:
        if self.table is not None:
            self._send(self.table_view())


def parse_leds_line(line: str, current: Mapping[int, str]) -> dict[int, str]:
    """``leds 12=ff0000 40=00aa28`` -> the neopixel colour per cell; ``leds clear`` turns all off."""
    out = dict(current)
    parts = line.split()[1:]
    if parts[:1] == ["clear"]:
        return {}
    for p in parts:
        cell, _, colour = p.partition("=")
        if not cell.isdigit() or len(colour.lstrip("#")) != 6:
            continue
        if colour.lstrip("#") == "000000":
            out.pop(int(cell), None)
        else:
            out[int(cell)] = "#" + colour.lstrip("#").lower()
    return out


def _hexes_in(diff: Any) -> list[Hex]:
    found = []
    for name in ("hex", "expected", "actual", "sensed"):
        h = getattr(diff, name, None)
        if isinstance(h, Hex):
            found.append(h)
    return found


def now_ms() -> int:
    return int(time.monotonic() * 1000)


__all__ = ["ConnState", "PageAction", "Service", "WorldLine", "parse_leds_line"]
