"""The host service: ONE asyncio loop owns all state (after PicoChess's event bus).

Inputs (decoded table messages, page actions, lines from the emulated world) go into one queue; the loop
feeds the tracker, asks the game session, and fans results out to outputs that each have their own queue:
LED frames to the table (TableConnection keeps the diff and the resend queue), the companion and virtual
table pages (one queue per WebSocket client) and the record (a writer task appending hash-chained lines).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexmate.host.game import GameSession
from hexmate.host.game.changes import Change, Changes
from hexmate.host.game.checkpoint import CheckpointError
from hexmate.host.game.session import Played, private_line
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
    Snapshot,
    TableConnection,
    TableMessage,
)
from hexmate.host.record import Record
from hexmate.host.service import enrol, logtext, narrator, results, sealing
from hexmate.host.service import views as pages
from hexmate.host.service.outputs import (
    LedFrame,
    LedOutput,
    Message,
    Narration,
    Output,
    PageMessage,
    PageOutput,
    RecordEntry,
    RecordOutput,
)
from hexmate.host.service.speech import Speaker
from hexmate.host.table.events import (
    IllegalPlacement,
    InSync,
    Lifted,
    MoveRecognised,
    OutOfSync,
    PutBack,
    TableEvent,
    UncertainCell,
    UnknownTag,
)
from hexmate.host.table.registry import Registry
from hexmate.host.table.tracker import Phase, Tracker
from hexmate.host.table.views import (
    CHANGE,
    CHOOSE_HEX,
    CHOOSE_UNIT,
    ILLEGAL,
    MARKS,
    ROLL_FOR,
    SELECTED,
    SHARED,
    SIGHT,
    SIGHT_BLOCK,
    SIGHT_END,
    SUPPLY,
    Light,
    TableViews,
    led_frame,
)
from hexmate.host.tournament import rolls
from hexmate.rules import actions as act
from hexmate.rules.decisions import Physical
from hexmate.rules.errors import RulesError
from hexmate.rules.games.base import Resolution
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

LOGGER = logging.getLogger(__name__)

_LAST_ACTIONS = 12
CHECKPOINT_EVERY = 200  # actions between checkpoints of the position: a resume folds at most about this many
_REMEMBERED = 256  # table events remembered against redelivery: far more than the board's window of 32


@dataclass(frozen=True)
class PageAction:
    """Something a player did on a page: ``place``/``lift``/``press`` (virtual table), ``sync``,
    ``enroll`` (``uid`` of an unknown tag on the table, ``unit`` id it belongs to)."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    side: str | None = None  # a player's page (host/web/auth.py) acts for this side only; None: the host
    player: str | None = None  # a side with several players (the game's ``seats``): the page's own player


@dataclass(frozen=True)
class Tick:
    """The tracker's quiet time may have run out (scheduled from its ``deadline_ms``)."""


@dataclass(frozen=True)
class BeginSetup:
    """Start in set-up mode: the table is expected to receive the scenario's setup position."""


@dataclass(frozen=True)
class WorldLine:
    """A line from the emulated world (``leds ...``, ``trace ...``)."""

    line: str


Input = TableMessage | PageAction | WorldLine | Tick | BeginSetup


class Service:
    """Owns the table state, the game session and the outputs; everything happens in ``handle()``."""

    def __init__(
        self,
        link: Link,
        *,
        board: Any,
        session: GameSession,
        tracker: Tracker,
        registry: Registry,
        record: Record | None = None,
        table: EmulatedTable | None = None,
        connection_options: Mapping[str, Any] | None = None,
        registry_path: Path | None = None,
        setup: bool = False,
    ) -> None:
        self.board = board
        self.registry_path = registry_path
        self.session = session
        self.tracker = tracker
        self.registry = registry
        self.cells = tracker.calibration
        self.views = TableViews(tracker, registry)
        session.sensed_hex = tracker.sensed_hex
        self.record = record
        sealing.attach(self, record)  # hidden set-up sealed in the record until the game ends
        self.table = table
        self.tray = self._tray()
        self.inputs: asyncio.Queue[Input] = asyncio.Queue()
        if setup:
            self.inputs.put_nowait(BeginSetup())
        self._setup_missing: frozenset[str] = frozenset()
        # Write-ahead: the record is committed (synced) before any frame leaves (an ACK, an LED frame, a
        # DICE_ARM) and before any page update, so nothing is acknowledged or seen that is not on disk.
        self.recorder = RecordOutput(record)
        self.conn = TableConnection(link, self._arrived, before_send=self.recorder.commit,
                                    **dict(connection_options or {}))
        self.pages = PageOutput()
        self.pages.before_send = self.recorder.commit
        self._game_id = record.first if record is not None else ""
        # dice requests armed for the roll open now -> the commitment each was armed with: a roll the board
        # made for any of them answers it (after a reconnect or a resume the board may resend an older one)
        self._contexts: dict[int, bytes] = {}
        self._armed_ctx: dict[int, bytes] = {}  # every request armed lately -> its commitment (recorded)
        # the table events recorded last (after a resume: the record's), so that an event delivered again is
        # never taken twice: the board resends what a dead host never acknowledged, and a HELLO answering a
        # second SYNC re-anchors the sequence at the oldest event the board still holds
        self._recorded: dict[tuple[Any, ...], None] = {}
        for e in record.tail if record is not None else ():
            self._remember(_event_key(e.kind, e.data))
        self.outputs: list[Output] = [LedOutput(self.conn, self.cells), self.pages, self.recorder]
        self._frame: dict[Hex, Light] = {}
        self._since_checkpoint = 0  # actions played since the record's last checkpoint (or its start)
        self._fw_offset_ms: int | None = None
        self._tick_handle: asyncio.TimerHandle | None = None
        self.occupants: dict[int, tuple[str, ...]] = {}  # cell -> uids, as last reported by the table
        self.firmware_leds: dict[int, str] = {}  # cell -> css colour the emulated neopixels show
        self.last_actions: deque[str] = deque(maxlen=_LAST_ACTIONS)
        self.rolls: deque[tuple[str, str]] = deque(maxlen=_LAST_ACTIONS)  # (pips, the question they answered)
        self.notice: dict[str, str] = {"level": "info", "text": ""}
        self.last_notice: narrator.Notice | None = None
        self._said_prompt = ""
        self.speaker: Speaker | None = None
        self.prompt = session.prompt()
        self.hello: Hello | None = None
        self.heartbeat: Heartbeat | None = None
        self.world_listeners: list[Callable[[str], None]] = []
        self.snapshots = 0
        self._dice_request = 0
        self._roll_request: int | None = None  # the request the dice buttons are armed with for the open roll
        self._roll_key: tuple[int, str] | None = None
        self.changes = Changes(self._senses)
        self.resolution: dict[str, Any] | None = None
        self.resolved: Resolution | None = None  # the rules' own, said again in each page's language
        self.los: dict[str, Any] | None = None
        self.shown: dict[str, Any] | None = None  # a picture the game drew on request (show supply SIDE)
        self._refused: Hex | None = None
        self.selection: set[str] = set()  # units tapped to fire together (a fire group), not yet declared
        self._wrong_markers: set[tuple[Hex, str]] = set()  # markers sensed where no unit has that state
        self._marker_kinds = self._read_marker_kinds()
        self._warm_pending = True
        self.result: tuple[str, dict[str, Any]] | None = None  # (entry hash, result) players sign
        self.signed: dict[str, str] = {}  # side -> fingerprint of the key that signed the result
        self.player_keys: dict[str, str] = {}  # side -> the public key its paired player registered
        self._publish_soon = False
        self._stopping = asyncio.Event()
        if table is not None:
            table.on_world = lambda line: self.inputs.put_nowait(WorldLine(line))

    # --- running -----------------------------------------------------------------------------------------
    async def run(self) -> None:
        conn = asyncio.create_task(self.conn.run(), name="connection")
        loop = asyncio.create_task(self._loop(), name="service-loop")
        writer = asyncio.create_task(self.recorder.run(), name="record")
        voice = asyncio.create_task(self.speaker.run(), name="speech") if self.speaker is not None else None
        try:
            await self._stopping.wait()
        finally:
            await self.conn.stop()
            loop.cancel()
            self.recorder.close()
            if voice is not None:
                self.speaker.interrupt()  # type: ignore[union-attr]
                voice.cancel()
            await asyncio.gather(conn, loop, writer, *([voice] if voice else []), return_exceptions=True)

    def add_speaker(self, speaker: Speaker) -> None:
        """Speech (espeak-ng) as one more output: it hears the shared narration and what to do now."""
        self.speaker = speaker
        self.outputs.append(speaker)

    def stop(self) -> None:
        self._stopping.set()

    async def _loop(self) -> None:
        while True:
            if self._warm_pending and self.inputs.empty():
                self._warm_one()  # idle: precompute one likely group's destinations, then look again
                await asyncio.sleep(0)
                continue
            item = await self.inputs.get()
            try:
                self.handle(item)
            except Exception:  # one bad event must not stop the table; it is logged with its content
                LOGGER.exception("error while handling %r", item)
                self.say("internal")
                self._publish()
            self._warm_pending = True

    def _warm_one(self) -> None:
        """Precompute the page's legal actions, then one likely group's destinations, while nothing else is
        waiting."""
        self.session.legal_texts(SHARED)
        groups = self.session.likely_groups()
        self._warm_pending = False
        for group in groups:
            if self.session.warm(group):
                self._warm_pending = True
                return

    def say(self, key: str, **facts: Any) -> None:
        """Tell the players (the shared notice; speech takes it from the outputs): texts in narrator.py."""
        self._tell(narrator.say(key, **facts))

    def _tell(self, notice: narrator.Notice) -> None:
        self.notice = notice.as_dict()
        self.last_notice = notice  # each page says it again in its own language (views.py)
        self._emit(Narration(SHARED, notice.level, notice.text, notice))

    def _emit(self, message: Message) -> None:
        for output in self.outputs:
            output.send(message)

    def _log(self, kind: str, data: Any) -> None:
        self._emit(RecordEntry(kind, data))

    def _arrived(self, item: TableMessage) -> None:
        """A message from the table, handled at once (not queued): what it causes is appended to the record
        before the connection flushes, so the ACK for an event leaves only after its entries are durable."""
        key = _event_key(*_message_entry(item, self.conn.last_seq))
        if key is not None and key in self._recorded:
            LOGGER.info("already recorded, not taken again: %r", item)
            return
        self._remember(key)
        try:
            self.handle(item)
        except Exception:  # one bad event must not stop the table; it is logged with its content
            LOGGER.exception("error while handling %r", item)
            self.say("internal")
            self._publish()

    def _remember(self, key: tuple[Any, ...] | None) -> None:
        if key is None:
            return
        self._recorded[key] = None
        if len(self._recorded) > _REMEMBERED:
            del self._recorded[next(iter(self._recorded))]

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
        if isinstance(item, BeginSetup):
            self._log("setup", {"units": len(self.session.expected())})
            self.prompt = narrator.say("setup-prompt").text
            self._setup_missing = frozenset(self.session.expected())
            self._table_events(self.tracker.begin_setup(self._fw_now()))
        elif isinstance(item, Tick):
            self._table_events(self.tracker.tick(self._fw_now()))
        elif isinstance(item, Hello):
            self.hello = item
            self._log("hello", {"board": item.board, "firmware": item.firmware, "cells": item.n_cells})
            expected_cells = len(getattr(self.board, "cells", ()))
            if expected_cells and item.n_cells != expected_cells:
                self.say("wrong-board", board=item.board, cells=item.n_cells, definition=self.board.name,
                         expected=expected_cells)
            self._roll_request = None  # a board that said HELLO again may have forgotten its arming: again
            self._arm_for_roll()
        elif isinstance(item, CellChanged):
            self._log(*_message_entry(item, self.conn.last_seq))
            self._fw_offset_ms = now_ms() - item.t_ms
            if item.uids:
                self.occupants[item.cell] = item.uids
            else:
                self.occupants.pop(item.cell, None)
            self._table_events(self.tracker.on_cell(item.cell, item.state, item.uids, item.t_ms))
        elif isinstance(item, Snapshot):
            self._log("snapshot", {"scan": item.scan,
                                   "cells": [[e.cell, e.state, list(e.uids)] for e in item.entries]})
            self.snapshots += 1
            self.occupants = {e.cell: e.uids for e in item.entries if e.uids}
            entries = [(e.cell, e.state, e.uids) for e in item.entries]
            self._table_events(self.tracker.on_snapshot(entries, self._fw_now()))
        elif isinstance(item, DiceRolled):
            self._on_dice(item)
        elif isinstance(item, Fault):
            self._log(*_message_entry(item, self.conn.last_seq))
            self.say("reader-fault", cell=item.cell, code=item.code)
        elif isinstance(item, ButtonEdge):
            self._log(*_message_entry(item, self.conn.last_seq))
            if item.pressed:
                self._on_button(item.button)
        elif isinstance(item, FirmwareLog):
            LOGGER.info("firmware: %s", item.text)
        elif isinstance(item, Heartbeat):
            self.heartbeat = item  # once a second: the pages' link health stays current
        self._publish()

    def _button_name(self, button: int) -> str:
        for b in getattr(self.board, "buttons", ()):
            if int(b.id) == button:
                return str(b.name)
        return f"button {button}"

    def _dice_buttons(self) -> list[int]:
        return [int(b.id) for b in self.board.dice_buttons]  # hardware.boards.BoardDef: those named dice-...

    # --- playing: every gesture becomes a rules action through one door ----------------------------------
    def _arm_for_roll(self) -> None:
        """Arm the dice buttons for the open roll, once per roll (the record ties the dice to it)."""
        n, sides = self.session.roll_spec()
        if not n:
            self._roll_request, self._roll_key = None, None
            self._contexts = {}
            return
        key = self._open_roll()
        if key == self._roll_key and self._roll_request is not None:
            return
        if key != self._roll_key:
            self._contexts = {}
        self._roll_key = key
        if self.conn.state is not ConnState.LIVE:
            self._roll_request = None  # not armed yet: the HELLO that makes the board live arms it
            return
        self._dice_request = self._dice_request % 0xFFFF + 1
        self._roll_request = self._dice_request
        ctx = rolls.context(self._game_id, key[0], key[1])
        self._contexts[self._dice_request] = ctx
        self._armed_ctx[self._dice_request] = ctx
        if len(self._armed_ctx) > _REMEMBERED:
            del self._armed_ctx[next(iter(self._armed_ctx))]
        self._log("armed", {"request": self._dice_request, "count": n, "sides": sides, "step": key[0],
                            "for": key[1], "context": ctx.hex()})
        for button in self._dice_buttons():
            self.conn.arm_dice(self._dice_request, button, n, sides, ctx)

    def resumed(self, owed: Changes) -> None:
        """After ``build.open_resume``: the changes still owed and the rolls armed come back; the players are
        told, and the board's present state is read again (the SYNC every connection starts with)."""
        self.changes.items = list(owed)
        if self.record is not None:
            self._since_checkpoint = self.record.since_checkpoint
            self.resume_rolls(self.record.tail)
            results.restore(self)
        self.prompt = self._prompt()
        self.say("resumed", entries=self.record.resumed_from if self.record is not None else 0,
                 actions=self.session.position.played)

    def _open_roll(self) -> tuple[int, str]:
        """What identifies the roll open now: the actions played before it and its decision."""
        top = self.session.position.decision
        return self.session.position.played, self.session.position.decision_text(top)

    def resume_rolls(self, tail: list[Any]) -> None:
        """After a resume: request numbers continue after the recorded ones, and the requests recorded as
        armed for the roll still open keep answering it (the board may resend a roll made for one)."""
        armed = [e.data for e in tail if e.kind == "armed"]
        if not armed:
            return
        self._dice_request = max(int(a["request"]) for a in armed)
        self._armed_ctx.update({int(a["request"]): bytes.fromhex(a["context"]) for a in armed})
        if not self.session.roll_spec()[0]:
            return
        key = self._open_roll()
        self._contexts = {int(a["request"]): bytes.fromhex(a["context"]) for a in armed
                          if (a["step"], a["for"]) == key}
        if self._contexts:
            self._roll_key, self._roll_request = key, max(self._contexts)

    def _on_dice(self, item: DiceRolled) -> None:
        # the commitment the board signed this roll with: the one its request was armed with, even when the
        # roll answers nothing now (a second finger on the other armed button)
        self._log(*_message_entry(item, self.conn.last_seq, self._armed_ctx.get(item.request, b"")))
        values = list(item.values)
        rolled = f"dice {'+'.join(map(str, values))} = {sum(values)}"
        armed = item.request in self._contexts and self._roll_key == self._open_roll()
        if self._roll_request is None or not armed:
            self._log("dice", {"request": item.request, "button": item.button, "values": values,
                               "used": False, "phase": self.session.phase})
            self.say("dice-unused", rolled=rolled)
            return
        self._roll_request = None
        self._contexts = {}
        top = self.session.position.decision
        label = self.session.label
        self._log("dice", {"request": item.request, "button": item.button, "values": values, "used": True,
                           "for": self.session.position.decision_text(), "phase": self.session.phase,
                           "side": top.side if top is not None else None,
                           "firer": list(top.subject) if top is not None else [],
                           "target": label(top.target) if top is not None and top.target is not None
                           else None})
        self.last_actions.appendleft(logtext.sentence(rolled))
        if not self._play(lambda: self.session.dice(values), "table"):
            self._roll_key = None
            self._arm_for_roll()  # refused (a change still to make): the same roll may be pressed again

    def _on_button(self, button: int) -> None:
        name = self._button_name(button)
        if name == "done":
            self._done("table")
            return
        self.say("button-no-roll", button=name)

    def _done(self, source: str) -> None:
        """The done button (on the board or the page): first it confirms the changes the board cannot
        sense; with none left it means what the rules say now (pass a reaction, end the phase)."""
        if self.changes.blocking:
            self._confirm("", source)
            return
        self._play(self.session.done, source)

    def _take_back(self, source: str) -> None:
        """A correction: the last action is taken back; the board is then shown what to put back where (the
        out-of-sync correction), the changes it owed are forgotten, the dice re-armed if a roll reopens."""
        try:
            text = self.session.take_back()
        except RulesError as e:
            self._refuse(e.said, None)
            return
        top = self.session.position.decision
        entry: dict[str, Any] = {"source": source, "text": text, "phase": self.session.phase}
        if top is not None and top.private and text.startswith("answer"):  # a private answer taken back
            entry["private"] = True
            text = private_line(top)
        self._log("takeback", entry)
        self.last_actions.appendleft(logtext.taken_back(text))
        self.changes.clear()
        self.resolution = None
        self.resolved = None
        self.selection = set()
        self._refused = None
        self._roll_key = None
        self._contexts = {}
        self.say("taken-back", action=text)
        self.prompt = self._prompt()
        self._arm_for_roll()
        self._table_events(self.tracker.refresh(self._fw_now()))

    def _confirm(self, unit: str, source: str) -> None:
        todo = self.changes.confirm(unit)
        if not todo:
            self.say("nothing-to-confirm", for_unit=f" for {unit}" if unit else "")
            return
        self._log("confirm", {"source": source, "unit": unit, "changes": [c.physical.text for c in todo]})
        self._checkpoint()
        self.say("confirmed", changes="; ".join(c.physical.text for c in todo))
        self.prompt = self._prompt()
        self._show_leds()

    def _play(self, make: Callable[[], Played | None], source: str, where: Hex | None = None,
              move: MoveRecognised | None = None, table_event: bool = False) -> bool:
        """Apply one action, or refuse it with the reason and its rule (the hex turns red, nothing applied).

        Answers to the open question go on while a fire or combat is worked out (its dice, its checks); once
        nothing is open, the board must first show the changes it owes (or a player confirms them)."""
        waiting = self.changes.blocking
        if waiting and self.session.position.decision is None:
            owed = "; ".join(c.physical.text for c in waiting)
            self._refuse("", where, narrator.say("owed-first", changes=owed))
            return False
        try:
            played = make()
        except RulesError as e:
            self._refuse(e.said, where)
            return False
        if played is None:
            return False
        self._refused = None
        self.selection = set()
        entry: dict[str, Any] = {"source": source, "text": played.text, "answered": played.answered or None,
                                 "phase": self.session.phase, "turn": self.session.position.turn}
        if played.secret:  # the record keeps it (it is the game); the hall and the pages do not see it
            entry["private"] = True
        line = played.secret or logtext.sentence(played.text)
        if move is not None and not played.answered:
            label = self.session.label
            path = [label(h) for h in move.path]
            trail = [label(h) for h in move.trail]
            entry.update(kind="move", units=sorted(move.units), path=path, trail=trail, cost=str(move.cost))
            # the pages are the shared view: a concealed stack's cost would betray its movement allowance
            shown = self.views.event(move, SHARED)
            line = (T("{units}: {path} ({cost} MF)", units=self._names(move.units), path=" → ".join(path),
                      cost=shown["cost"]) if shown["cost"] is not None
                    else T("{units}: {path}", units=self._names(move.units), path=" → ".join(path)))
        self._log("action", entry)
        self.last_actions.appendleft(line)
        if played.answered and played.text.startswith("answer dice "):  # the dice and what they answered
            self.rolls.appendleft((played.text.removeprefix("answer dice "), played.answered))
        self._add_changes(played.changes)
        if played.resolution is not None:
            self.resolution = pages.resolution(played.resolution)
            self.resolved = played.resolution
            self._log("resolution", self.resolution)
        self._since_checkpoint += 1
        self._checkpoint()
        sealing.reveal_if_over(self)
        self.los = None
        self.shown = None
        self.prompt = self._prompt()
        top = self.session.position.decision
        if move is not None and not played.answered:
            if top is not None:
                self.say("move-recorded-ask", line=line, ask=self.session.prompt())
            else:
                self.say("move-recorded", line=line)
        elif played.changes:
            owed = "; ".join(ph.text for ph in played.changes)
            self.say("played-changes", action=line, changes=owed)
        else:
            self.say("played", action=line)
        self._arm_for_roll()
        if not table_event:  # from a tracker event, its caller re-reads the position once for all
            self._table_events(self.tracker.refresh(self._fw_now()))
        return True

    def _checkpoint(self) -> None:
        """Every CHECKPOINT_EVERY actions, at the first moment nothing is owed to the board, the position
        goes into the record, so a resume folds only the actions after it (docs/RECORD.md)."""
        if self.record is None or self._since_checkpoint < CHECKPOINT_EVERY or self.changes.items:
            return
        try:
            self._log("checkpoint", self.session.checkpoint())
        except CheckpointError as e:  # a game whose state cannot be written: resumes fold from the start
            LOGGER.warning("no checkpoint of this game's position: %s", e)
        self._since_checkpoint = 0

    def _add_changes(self, changes: tuple[Physical, ...]) -> None:
        self.changes.add(changes, self.session.position.state.step)

    def _senses(self, ph: Physical) -> bool:
        """Can the board see this change by itself? A tagged counter taken off the map, yes."""
        return ph.what == "remove" and self.registry.uid_of_unit(ph.unit) is not None

    def _refuse(self, why: str, where: Hex | None, notice: narrator.Notice | None = None) -> None:
        notice = notice or narrator.say("refused", why=why)
        self._refused = where
        self._log("refused", {"reason": notice.text, "hex": self.session.label(where) if where else None})
        self._tell(notice)
        self._show_leds()

    def _prompt(self) -> str:
        waiting = self.changes.blocking
        if waiting:
            return narrator.say("owed-prompt", changes="; ".join(c.physical.text for c in waiting)).text
        return self.session.prompt()

    def _check_los(self, a_label: str, b_label: str, no_fire: str = "") -> None:
        try:
            a, b = self.session.map.parse_label(a_label), self.session.map.parse_label(b_label)
            result = self.session.los(a, b)
        except (RulesError, ValueError, KeyError) as e:
            self.say("los-bad", a=a_label, b=b_label, why=e)
            return
        label = self.session.label
        on_map = [h for h in result.hexes if h in self.session.map]
        self.los = {"from": label(a), "to": label(b), "clear": not result.blocked,
                    "status": result.status.value, "hexes": [label(h) for h in on_map],
                    "blocked_at": label(result.blocked_at) if result.blocked_at is not None else None,
                    "hindrance": result.hindrance, "reason": result.reason, "rule": result.rule}
        self._log("los", self.los)
        verdict = "blocked" if result.blocked else result.status.value
        rule = f" ({result.rule})" if result.rule and result.rule not in result.reason else ""
        self.say("los-no-fire" if no_fire else "los", a=label(a), b=label(b), verdict=verdict,
                 reason=result.reason, rule=rule, why=no_fire)
        self._show_leds()

    def _show(self, text: str) -> None:
        """A picture the game draws on request (``show supply SIDE``), lit until the next action."""
        try:
            picture, summary = self.session.show(text)
        except (RulesError, ValueError, KeyError) as e:
            self.say("show-bad", what=text[5:], why=e)
            return
        label = self.session.label
        self.shown = {"what": text[5:], "hexes": {label(h): status for h, status in picture.items()},
                      "summary": summary}
        self._log("shown", self.shown)
        self.say("shown", what=text[5:], summary=summary)
        self._show_leds()

    def _overlay(self) -> dict[Hex, Light]:
        """What the game asks for, under the tracker's picture: hexes to choose, units to lift, changes."""
        out: dict[Hex, Light] = {}
        pos = self.session.position
        top = pos.decision
        if top is not None and top.kind in ("hexes", "path") and not top.private:  # a plot lights nothing
            for h in top.hexes:
                out[h] = CHOOSE_HEX
        if top is not None and top.kind == "roll" and top.target is not None:
            out[top.target] = ROLL_FOR
        expected = self.session.expected()
        if top is not None and top.kind == "units":
            for u in top.units:
                if u in expected:
                    out[expected[u]] = CHOOSE_UNIT
        for unit in self.selection:
            if unit in expected:
                out[expected[unit]] = SELECTED
        for c in self.changes:
            if c.physical.hex is not None:
                out[c.physical.hex] = CHANGE
        for h, what in pos.game.marks(pos).items():  # a game's lasting marks (ASL's Residual, Fire Lanes)
            if what in MARKS:
                out.setdefault(h, MARKS[what])
        if self.los is not None:
            parse = self.session.map.parse_label
            for name in self.los["hexes"]:
                out[parse(name)] = SIGHT
            if self.los["blocked_at"]:
                out[parse(self.los["blocked_at"])] = SIGHT_BLOCK
            out[parse(self.los["from"])] = SIGHT_END
            out[parse(self.los["to"])] = SIGHT_END
        if self.shown is not None:
            parse = self.session.map.parse_label
            for name, status in self.shown["hexes"].items():
                if status in SUPPLY:
                    out.setdefault(parse(name), SUPPLY[status])
        return out

    def _fw_now(self) -> int:
        """Now on the firmware's clock (the tracker's deadlines are in the t_ms of cell events)."""
        return now_ms() - self._fw_offset_ms if self._fw_offset_ms is not None else 0

    def _table_events(self, events: list[TableEvent]) -> None:
        for _ in range(4):  # a pushed move makes the tracker re-read the position; that settles at once
            pushed = False
            for ev in events:
                pushed |= self._table_event(ev)
            if not pushed:
                break
            events = self.tracker.refresh(self._fw_now())
        if any(not c.confirm for c in self.changes):
            self._sensed_changes()
        self._markers_seen()
        self._show_leds()
        self._schedule_tick()

    def _tap(self, ev: PutBack) -> bool | None:
        """A tap (lift and put back) points at units: the acting side's units join a fire group (their hexes
        pulse blue); a tap on an enemy then declares the group's fire at that hex, or, where the rules refuse
        that fire, shows the line of sight to it with the reason. None if the tap meant nothing; else True
        if an action was played."""
        pos = self.session.position
        top = pos.decision
        if top is not None and top.kind != "react":
            return None
        side = top.side if top is not None else self.session.to_act
        units = pos.units
        if all(units[u].side == side for u in ev.units if u in units):
            self.selection ^= set(ev.units)  # tapping a chosen unit again takes it out
            if self.selection:
                self.say("selected", units=", ".join(sorted(self.selection)))
            else:
                self.say("deselected")
            self._show_leds()
            return False
        if not self.selection:
            return None
        fire = act.Fire(tuple(sorted(self.selection)), ev.hex)
        self.selection = set()
        try:
            pos.game.validate(pos, fire)
        except RulesError as e:
            start = self.session.expected().get(fire.firers[0])
            if start is not None and pos.game.los_check_refused(pos) is None:
                self._check_los(self.session.label(start), self.session.label(ev.hex), no_fire=e.said)
            else:  # no fire, so no LOS shown either (ASL A6.11: LOS only for a declared attack)
                self._refuse(e.said, ev.hex)
            return False
        return self._play(lambda: self.session.push(fire), "table", ev.hex, table_event=True)

    def _choosing(self, ev: Lifted) -> bool:
        """A single unit lifted while the rules wait for a unit to be chosen: the lift is the choice."""
        top = self.session.position.decision
        return top is not None and top.kind == "units" and len(ev.units) == 1

    def _sensed_changes(self) -> None:
        """Changes the board shows made: a tagged counter no longer sensed anywhere has been taken off."""
        if self.changes.seen(lambda unit: self.tracker.sensed_hex(unit) is not None):
            self.prompt = self._prompt()

    def _markers_seen(self) -> None:
        """Tagged marker counters (fire markers, DM, CX, pin) are recognised as markers: one put where the
        rules asked for it (or taken off where they asked) makes that reminder done; one put on a stack whose
        units do not have that state is refused: its hex blinks red and the page says why."""
        kinds = self._marker_kinds
        if not kinds:
            return
        def sensed(h: Hex | None) -> set[str]:
            return {kinds[m] for m in self.tracker.markers(h) if m in kinds} if h is not None else set()
        def shown(c: Change) -> bool:
            there = c.physical.to in sensed(c.physical.hex)
            return (c.physical.what == "place" and there) or (c.physical.what == "take" and not there)

        made = self.changes.made(shown)
        if made:
            self._log("made", {"changes": [c.physical.text for c in made]})
            self.say("markers-made", changes="; ".join(c.physical.text for c in made))
        owed = {(c.physical.hex, c.physical.to) for c in self.changes if c.physical.what == "place"}
        pos = self.session.position
        wrong: set[tuple[Hex, str]] = set()
        for h in {h for h in self.session.expected().values()} | {c.physical.hex for c in self.changes
                                                                 if c.physical.hex is not None}:
            for kind in sensed(h):
                if (h, kind) in owed or any(u.has(kind) for u in pos.units_at(h)):
                    continue
                wrong.add((h, kind))
        for h, kind in sorted(wrong - self._wrong_markers, key=lambda x: (self.session.label(x[0]), x[1])):
            self._refuse("", h, narrator.say("marker-wrong", marker=kind, hex=self.session.label(h)))
        if self._refused in {h for h, _ in self._wrong_markers - wrong}:
            self._refused = None  # the wrong marker was taken off
        self._wrong_markers = wrong

    def _read_marker_kinds(self) -> dict[str, str]:
        """Marker counter id -> the state it shows (``first_fire``, ``dm``), from the registry."""
        return {c.counter_id: c.unit_type for _uid, c in self.registry if c.kind == "marker"}

    def _names(self, units: frozenset[str]) -> str:
        shown = self.views.units(units, SHARED)
        return shown if isinstance(shown, str) else ", ".join(shown)

    def _table_event(self, ev: TableEvent) -> bool:
        """Apply one tracker event to the session, the prompt and the record; True if a move was pushed."""
        label = self.session.label
        if isinstance(ev, Lifted) and self._choosing(ev):
            return self._play(lambda: self.session.choose(next(iter(ev.units))), "table", ev.from_hex,
                              table_event=True)
        if isinstance(ev, Lifted):
            n = len(ev.destinations)
            hidden = self.views.hidden_from(ev.units, SHARED)
            plural = "s" if n != 1 else ""
            where = f"{n} legal destination{plural} lit in green"
            if hidden:
                where = "concealed, destinations not shown"
            self.prompt = narrator.say("lifted", units=self._names(ev.units), hex=label(ev.from_hex),
                                       where=where).text
            self.notice = {"level": "info", "text": ""}
        elif isinstance(ev, MoveRecognised):
            placed = ev
            return self._play(lambda: self.session.push_move(placed.units, placed.path, placed.mode), "table",
                              ev.path[-1], move=ev, table_event=True)
        elif isinstance(ev, PutBack) and (tapped := self._tap(ev)) is not None:
            return tapped
        elif isinstance(ev, PutBack):
            self.prompt = self._prompt()
            self.say("put-back", units=self._names(ev.units), hex=label(ev.hex))
        elif isinstance(ev, IllegalPlacement):
            shown = self.views.event(ev, SHARED)
            self._log("illegal", {"units": sorted(ev.units), "hex": label(ev.hex), "reason": ev.reason})
            self.say("illegal", units=self._names(ev.units), hex=label(ev.hex), why=shown["reason"])
            self.prompt = narrator.say("illegal-prompt").text
        elif isinstance(ev, OutOfSync) and ev.setup:
            self._setup_progress(ev)
        elif isinstance(ev, OutOfSync):
            lines = self.views.instructions(SHARED)
            self.say("out-of-sync", lines="; ".join(lines))
        elif isinstance(ev, InSync):
            self.say("in-sync")
            if ev.setup:
                self._setup_missing = frozenset()
                self._log("setup-done", {"phase": self.session.phase, "to_act": self.session.to_act})
                self.say("setup-complete")
            self.prompt = self._prompt()
        elif isinstance(ev, UnknownTag):
            where = label(ev.hex) if ev.hex is not None else f"cell {ev.cell} (off the map)"
            self.say("unknown-tag", uid=ev.uid, where=where)
        elif isinstance(ev, UncertainCell):
            where = label(ev.hex) if ev.hex is not None else f"cell {ev.cell}"
            self.say("uncertain", where=where)
        return False

    def _setup_progress(self, ev: OutOfSync) -> None:
        """Set-up: acknowledge each counter that reached its hex; the rest are listed by ``view()``."""
        missing = frozenset(u for d in ev.differences for u in d.missing)
        placed = sorted(self._setup_missing - missing)
        self._setup_missing = missing
        wrong = [d for d in ev.differences if d.extra]
        left = f"{len(missing)} counter{'s' if len(missing) != 1 else ''} still to place"
        if wrong:
            lines = [line for line in self.views.instructions(SHARED) if line.startswith("take")]
            self.say("setup-wrong", lines="; ".join(lines), left=left)
        elif placed:
            expected = self.session.expected()
            names = [f"{self._unit_name(u)} on {self.session.label(expected[u])}" for u in placed]
            self.say("setup-placed", names=", ".join(names), left=left)
            self._log("setup-placed", {"units": placed, "left": len(missing)})
        else:
            self.say("setup-left", left=left)

    def _unit_name(self, unit: str) -> str:
        """A unit as the shared page may name it (a concealed unit stays '?' to all but its owner)."""
        summary = self.session.unit_summary(unit, audience=SHARED)
        if summary["label"] == "?" or self.views.hidden_from([unit], SHARED):
            return f"a concealed {summary['side']} unit".replace("  ", " ")
        return f"{unit} ({summary['label']})"

    def _show_leds(self) -> None:
        self._frame = {**self._overlay(), **led_frame(self.tracker)}
        if self._refused is not None:
            self._frame[self._refused] = ILLEGAL
        self._emit(LedFrame(dict(self._frame)))

    def _schedule_tick(self) -> None:
        if self._tick_handle is not None:
            self._tick_handle.cancel()
            self._tick_handle = None
        deadline = self.tracker.deadline_ms
        if deadline is not None:
            delay_s = max(0, deadline - self._fw_now()) / 1000 + 0.005
            loop = asyncio.get_running_loop()
            self._tick_handle = loop.call_later(delay_s, self.inputs.put_nowait, Tick())

    @property
    def in_sync(self) -> bool:
        """A full board reading has been compared with the game and nothing is out of place."""
        return self.snapshots > 0 and self.tracker.phase is not Phase.OUT_OF_SYNC and not self.tracker.setup

    # --- page actions and the emulated world -------------------------------------------------------------
    def _on_page(self, action: PageAction) -> None:
        if action.kind == "sync":
            self.conn.sync()
            return
        if action.kind == "enroll":
            self._enroll(str(action.data.get("uid", "")), str(action.data.get("unit", "")))
            self._publish()
            return
        if action.side is not None and not self._may_act(action):
            self._publish()
            return
        if action.kind in ("result", "sign", "paired"):
            results.handle(self, action)
            self._publish()
            return
        if action.kind in ("act", "done", "confirm", "los", "takeback"):
            self._on_page_play(action)
            self._publish()
            return
        if self.table is None:
            self.say("virtual-only")
            self._publish()
            return
        d = action.data
        n_cells = len(self.board.cells)
        if action.kind in ("place", "lift") and not 0 <= int(d["cell"]) < n_cells:
            self.say("no-cell", cell=d["cell"], board=self.board.name)
            self._publish()
            return
        if action.kind == "place":
            self.table.place(int(d["cell"]), str(d["uid"]))
        elif action.kind == "lift":
            self.table.lift(int(d["cell"]), str(d["uid"]))
        elif action.kind == "press":
            # a whole press the firmware is sure to sample (world ``click``): a timed release could fall
            # between two of its reads on a busy emulator, and the press would be lost without a word
            self.table.click(int(d["button"]))
        self._publish_table()

    def _may_act(self, action: PageAction) -> bool:
        """A player's page plays for its own side only: it answers its side's decisions and plays in its
        side's turn (a secret is answered by each side); a LOS check, and saying that a change was made on
        the board, are anyone's. The table itself is not a player's: enrolment, the virtual table and resync
        are the host page's."""
        if action.kind in ("los", "confirm"):
            return True
        if action.kind not in ("act", "done", "confirm", "takeback"):
            self.say("page-host-only", what=action.kind)
            return False
        top = self.session.position.decision
        if top is not None and top.kind == "secret":
            return True
        acting = self.session.to_act
        if action.side != acting and not self._own_secret(action):
            self.say("not-your-turn", side=action.side, acting=acting)
            return False
        return self._players_own(action)

    def _players_own(self, action: PageAction) -> bool:
        """Several players to a side (PG 17.0): a player's page answers only the decisions that are his and
        acts only with his own units; the rules say whose (``check_player``), and a refusal names the rule.
        A takeback stays the side's."""
        if action.player is None or action.kind not in ("act", "done"):
            return True
        position = self.session.position
        parsed: act.Action | None = None
        if action.kind == "act":
            try:
                parsed = position.parse_action(str(action.data.get("text", "")))
            except RulesError:
                if position.decision is None:
                    return True  # the rules refuse it when it is played, with their reason
        try:
            position.game.check_player(position, parsed, action.player)
        except RulesError as e:
            self._refuse(e.said, None)
            return False
        return True

    def _own_secret(self, action: PageAction) -> bool:
        """An action only its side's page lists (the game's ``secret_of``) is that side's at any time: ASL's
        HIP or "?" given up at will (A12.14, A12.32). The rules still judge whether it is legal now."""
        if action.kind != "act" or not action.side:
            return False
        try:
            parsed = self.session.position.parse_action(str(action.data.get("text", "")))
        except RulesError:
            return False
        position = self.session.position
        return position.game.secret_of(position, parsed) == action.side

    def _on_page_play(self, action: PageAction) -> None:
        d = action.data
        if action.kind == "act":
            text = str(d.get("text", ""))
            if text.split(" ", 1)[0] == "show":
                self._show(text)
                return
            self._play(lambda: self.session.push_text(text), "page")
        elif action.kind == "done":
            self._done("page")
        elif action.kind == "takeback":
            self._take_back("page")
        elif action.kind == "confirm":
            self._confirm(str(d.get("unit", "")), "page")
        else:
            position = self.session.position
            refused = position.game.los_check_refused(position)  # ASL A6.11
            if refused is not None:
                self.say("los-refused", why=refused)
                return
            self._check_los(str(d.get("from", "")), str(d.get("to", "")))

    # --- enrolment (host/service/enrol.py) -------------------------------------------------------------
    def _enroll(self, raw_uid: str, unit: str) -> None:
        enrol.enrol(self, raw_uid, unit)

    def enrol_choices(self) -> list[dict[str, Any]]:
        return enrol.choices(self)

    def _tray(self) -> list[dict[str, Any]]:
        return enrol.tray(self)

    def _on_world(self, line: str) -> None:
        for listener in self.world_listeners:
            listener(line)
        if line.startswith("leds"):
            self.firmware_leds = parse_leds_line(line, self.firmware_leds)
            self._publish_table()

    def movable_counter(self) -> tuple[str, int, str]:
        """(unit id, cell, tag uid) of a unit of the side to act that has somewhere legal to go."""
        for unit_id, h in sorted(self.session.expected().items()):
            uid = self.registry.uid_of_unit(unit_id)
            cell = self.cells.cell_of(h)
            side = self.session.unit_summary(unit_id).get("side")
            concealed = self.session.unit_summary(unit_id).get("label") == "?"
            if uid is None or cell is None or side != self.session.to_act or concealed:
                continue
            if self.session.destinations([unit_id], h):
                return unit_id, cell, uid
        raise LookupError("no unit of the side to act can move now")

    # --- views for the pages (host/service/views.py) --------------------------------------------------
    def view(self, audience: str = SHARED, lang: str = "en") -> dict[str, Any]:
        """Everything a page shows (hex labels as keys) for one audience and language; sent whole on every
        change."""
        return pages.companion(self, audience, lang)

    def table_view(self) -> dict[str, Any]:
        return pages.virtual_table(self)

    def moves_view(self, units: list[str], audience: str) -> dict[str, Any]:
        return pages.moves(self, units, audience)

    def map_data(self) -> dict[str, Any]:
        return pages.map_data(self)

    def board_data(self) -> dict[str, Any]:
        return pages.board_data(self)

    # --- fan-out to page clients -------------------------------------------------------------------------
    def subscribe(self, audience: str = SHARED, lang: str = "en", *,
                  host: bool = True) -> asyncio.Queue[dict[str, Any]]:
        """A page's queue: its audience's views in its language; the virtual table's messages only for the
        host page (``host``), as they name every tag on every cell."""
        return self.pages.subscribe(audience, lang, host=host)

    def unsubscribe(self, q: asyncio.Queue[dict[str, Any]]) -> None:
        self.pages.unsubscribe(q)

    def _send(self, msg: dict[str, Any]) -> None:
        self._emit(PageMessage(msg, host_only=msg.get("type") in ("table", "board")))

    def _publish(self) -> None:
        """Each audience and language connected gets its own view (a side's concealed units go only to that
        side's pages, host/web/auth.py), built once per turn of the loop however many events a burst brought,
        and not at all while no page is open (a page gets the whole view when it connects)."""
        if self.prompt != self._said_prompt:  # what to do now, for speech
            self._said_prompt = self.prompt
            self._emit(Narration(SHARED, "prompt", self.prompt))
        if self._publish_soon or not self.pages.clients:
            return
        self._publish_soon = True
        try:
            asyncio.get_running_loop().call_soon(self._publish_now)
        except RuntimeError:  # no loop (a test calling handle() directly): at once
            self._publish_now()

    def _publish_now(self) -> None:
        self._publish_soon = False
        for audience, lang in self.pages.audiences():
            self._emit(PageMessage(self.view(audience, lang), (audience, lang)))

    def _publish_table(self) -> None:
        if self.table is not None:
            self._send(self.table_view())


def parse_leds_line(line: str, current: Mapping[int, str]) -> dict[int, str]:
    """``leds 12=00a000s 40=dc0000b`` (firmware/sim_world.py: colour, then s/b/p/q for solid, blink, pulse,
    sequence) -> the colour each cell's LED was commanded to, as css; black cells drop out."""
    out = dict(current)
    for item in line.split()[1:]:
        cell, _, value = item.partition("=")
        colour = value[:6].lower()
        if not cell.isdigit() or len(colour) != 6 or any(c not in "0123456789abcdef" for c in colour):
            continue
        if colour == "000000":
            out.pop(int(cell), None)
        else:
            out[int(cell)] = "#" + colour
    return out


def _message_entry(item: TableMessage, seq: int, context: bytes = b"") -> tuple[str, Any]:
    """The record entry of a sequenced table event (``seq`` is its wire sequence number)."""
    if isinstance(item, CellChanged):
        return "cell", {"cell": item.cell, "state": item.state, "uids": list(item.uids), "scan": item.scan,
                        "t_ms": item.t_ms, "seq": seq}
    if isinstance(item, DiceRolled):
        data: dict[str, Any] = {"request": item.request, "button": item.button, "values": list(item.values),
                                "t_ms": item.t_ms, "seq": seq, "context": context.hex()}
        if item.auth is not None:
            data.update(epoch=item.auth[0], counter=item.auth[1], mac=item.auth[2].hex())
        return "rolled", data
    if isinstance(item, ButtonEdge):
        return "button", {"button": item.button, "pressed": item.pressed, "t_ms": item.t_ms, "seq": seq}
    if isinstance(item, Fault):
        return "fault", {"cell": item.cell, "code": item.code, "seq": seq}
    return "", None


def _event_key(kind: str, data: Any) -> tuple[Any, ...] | None:
    """What identifies one table event across a resend: its kind, wire sequence number and board time."""
    if kind not in ("cell", "rolled", "button", "fault") or not isinstance(data, dict) or not data.get("seq"):
        return None
    return kind, data["seq"], data.get("t_ms"), data.get("cell"), data.get("request"), data.get("button")


def now_ms() -> int:
    return int(time.monotonic() * 1000)


__all__ = ["BeginSetup", "ConnState", "PageAction", "Service", "WorldLine", "parse_leds_line"]
