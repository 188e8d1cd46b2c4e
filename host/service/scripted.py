"""A scripted table: the real host on the emulated table, driven through a script of physical gestures.

``hexmate demo --script FILE`` runs it: every ``move``/``place``/``tap``/``remove`` becomes lifts and
placements of tagged counters on the emulated board's cells, ``press`` and ``roll`` press the board's buttons
(``roll`` first sets the emulated random source with ``dice-next``, so a script replays exactly), ``page`` and
``confirm`` arrive as page messages, and ``expect`` compares the host's position. Each gesture waits until
the host has answered it (an action played, a change confirmed, a refusal shown) before the next, so a script
is also the shape of a bug report: the step that failed is named with what the host said.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexmate.host import script as scripts
from hexmate.host.link.emulated import EmulatedTable
from hexmate.host.service.core import PageAction, Service
from hexmate.host.table.registry import normalise_uid, vicinity_uid
from hexmate.host.table.tracker import Phase

SETTLE_S = 10.0  # the longest one gesture may take to be answered (a fresh emulated table is slow to boot)
_POLL_S = 0.01
SCRIPT_QUIET_MS = 1200
TRAIL_QUIET_MS = 30_000


class ScriptFailed(Exception):
    """A gesture the host refused or an ``expect`` that did not match: names the script and the step."""


@dataclass(frozen=True)
class _Mark:
    actions: int
    changes: int
    notice: str


class ScriptedTable:
    """Plays one script on a running service and its emulated table."""

    def __init__(self, service: Service, table: EmulatedTable, script: scripts.Script) -> None:
        self.service = service
        self.table = table
        self.script = script

    # --- what the host has done so far ---------------------------------------------------------------
    def _mark(self) -> _Mark:
        s = self.service
        return _Mark(len(s.session.position.log), len(s.changes), s.notice.get("text", ""))

    def _idle(self) -> bool:
        s = self.service
        return (s.inputs.empty() and s.tracker.phase in (Phase.IDLE, Phase.OUT_OF_SYNC)
                and s.tracker.deadline_ms is None)

    async def _until(self, done: Callable[[], bool], step: scripts.Step, what: str) -> None:
        deadline = time.monotonic() + SETTLE_S
        while not done():
            if time.monotonic() > deadline:
                raise ScriptFailed(f"{step.where(self.script.source)}: the host did not {what} within "
                                   f"{SETTLE_S:.0f} s; it says: {self.service.prompt} "
                                   f"[{self.service.notice.get('text', '')}]")
            await asyncio.sleep(_POLL_S)

    async def _answered(self, before: _Mark, step: scripts.Step) -> None:
        """Wait until the host played an action or confirmed a change; a refusal fails the step."""
        s = self.service

        def answered() -> bool:
            now = self._mark()
            if now.notice != before.notice and s.notice.get("level") == "error":
                return True
            return now.actions != before.actions or now.changes != before.changes

        await self._until(answered, step, "answer the gesture")
        if s.notice.get("level") == "error" and self._mark().notice != before.notice:
            raise ScriptFailed(f"{step.where(self.script.source)}: refused: {s.notice['text']}")
        await self._until(self._settled, step, "see the board match the game")

    def _settled(self) -> bool:
        """The board matches the game, or differs only by counters the game took out of play, which the
        script's next ``remove`` step takes off (a unit eliminated by the roll just made), or by a new
        counter the game added, which a later ``enrol`` step puts down (a vehicle's crew, D5.6)."""
        changes = self.service.changes
        sensed = [c for c in changes if not c.confirm]
        owes_removals = (bool(sensed) and not changes.blocking
                         and all(c.physical.what == "remove" for c in sensed))
        new = {c.physical.unit for c in changes if c.physical.what == "add"}
        s = self.service
        # a counter not yet put down reads as lifted: the table waits for it, the script's enrol puts it down
        owes_new = bool(new) and s.inputs.empty() and s.tracker.deadline_ms is None and (
            s.tracker.phase in (Phase.IDLE, Phase.OUT_OF_SYNC)
            or (s.tracker.phase is Phase.HELD and set(s.tracker.group) <= new))
        return self._in_sync() or (self._idle() and owes_removals) or owes_new

    def _in_sync(self) -> bool:
        s = self.service
        return self._idle() and s.tracker.phase is not Phase.OUT_OF_SYNC

    # --- gestures ----------------------------------------------------------------------------------------
    def _where(self, unit: str, step: scripts.Step) -> tuple[int, str]:
        s = self.service
        pos = s.session.position
        if not (step.gesture == "remove" and unit in {u.id for u in pos.scenario.units}):  # eliminated
            try:
                unit = pos.unit_ref(unit)
            except Exception as e:  # an unknown unit in a script is the script's mistake
                raise ScriptFailed(f"{step.where(self.script.source)}: {e}") from None
        uid = s.registry.uid_of_unit(unit)
        if uid is None:
            raise ScriptFailed(f"{step.where(self.script.source)}: {unit} has no tag on this table")
        for cell, uids in self.table.cells.items():
            if uid in uids:
                return cell, uid
        raise ScriptFailed(f"{step.where(self.script.source)}: {unit} is not on the table")

    def _cell(self, label: str, step: scripts.Step) -> int:
        s = self.service
        try:
            h = s.session.map.parse_label(label)
        except Exception as e:
            raise ScriptFailed(f"{step.where(self.script.source)}: {label!r} is not a hex: {e}") from None
        cell = s.cells.cell_of(h)
        if cell is None:
            raise ScriptFailed(f"{step.where(self.script.source)}: hex {label} has no cell on this board")
        return cell

    def _button(self, name: str | int, step: scripts.Step) -> int:
        try:
            return int(self.service.board.button(name).id)  # hardware.boards.BoardDef
        except KeyError as e:
            raise ScriptFailed(f"{step.where(self.script.source)}: {e.args[0]}") from None

    async def _quiet(self, ms: int) -> None:
        await asyncio.sleep(ms / 1000)

    async def _press(self, button: int, step: scripts.Step) -> None:
        """A finger on a board button: one click the emulated firmware is sure to sample (a timed press and
        release could fall between two reads of a starved emulator), then the host's answer."""
        before = self._mark()
        self.table.click(button)
        await self._answered(before, step)

    async def step(self, step: scripts.Step) -> None:
        d = step.data
        g = step.gesture
        s = self.service
        before = self._mark()
        if g == "expect":
            problems = scripts.check_expect(s.session.position, d["expect"])
            if problems:
                raise ScriptFailed(f"{step.where(self.script.source)}: {'; '.join(problems)} | "
                                   f"{s.session.position}")
            return
        if g == "wait":
            await self._quiet(int(d["wait"]))
            return
        if g in ("move", "place"):
            units = str(d[g]).split(",")
            held = [self._where(u, step) for u in units]
            for cell, uid in held:
                self.table.lift(cell, uid)
            await self._quiet(60)
            hexes = list(d["path"])[1:] if g == "move" and "path" in d else [d.get("to") or d.get("at")]
            quiet = s.tracker.quiet_ms
            for i, label in enumerate(hexes):
                cell = self._cell(str(label), step)
                # resting on the trail's hexes: the emulated scanner may be slow to see the next lift on a
                # loaded machine, so the quiet time is stretched until the last placement
                s.tracker.quiet_ms = quiet if i == len(hexes) - 1 else TRAIL_QUIET_MS
                for _c, uid in held:
                    self.table.place(cell, uid)
                if i < len(hexes) - 1:  # shown on the way: once the table has seen it there, lift again
                    await self._until(lambda: s.tracker.phase is Phase.PENDING, step,
                                      f"see the units rest on {label}")
                    for _c, uid in held:
                        self.table.lift(cell, uid)
                    await self._until(lambda: s.tracker.phase is Phase.HELD, step, "see the units lifted")
            await self._answered(before, step)
        elif g in ("tap", "remove"):
            unit = str(d[g])
            cell, uid = self._where(unit, step)
            self.table.lift(cell, uid)
            if g == "remove":
                await self._answered(before, step)
                return
            await self._until(lambda: self._mark() != before or s.tracker.phase is Phase.HELD, step,
                              "see the unit lifted")
            await self._quiet(60)
            self.table.place(cell, uid)  # a tap: lifted and put back where it stood
            if s.notice.get("level") == "error" and self._mark().notice != before.notice:
                raise ScriptFailed(f"{step.where(self.script.source)}: refused: {s.notice['text']}")
            await self._until(self._in_sync, step, "see the board match the game")
        elif g == "press":
            await self._press(self._button(d["press"], step), step)
        elif g == "roll":
            pips = [int(v) for v in d["roll"]]
            await self._until(lambda: s.session.roll_dice() > 0 or s.notice.get("level") == "error", step,
                              "open a roll")
            self.table.dice_next(pips)
            await self._press(self._dice_button(step), step)
        elif g == "page":
            text = str(d["page"])
            s.submit(PageAction("act", {"text": text}))
            if text.split(" ", 1)[0] == "show":  # a picture on request: answered by lighting it, no action
                await self._until(lambda: self._mark().notice != before.notice, step, "show the picture")
                if s.notice.get("level") == "error" or s.shown is None:
                    raise ScriptFailed(f"{step.where(self.script.source)}: refused: {s.notice.get('text')}")
                return
            await self._answered(before, step)
        elif g == "confirm":
            s.submit(PageAction("confirm", {"unit": str(d["confirm"])}))
            await self._answered(before, step)
        elif g == "enrol":  # a new counter (a bailed-out crew, D5.6): put down with a fresh tag, enrolled
            unit, uid = str(d["enrol"]), normalise_uid(str(d["tag"]))
            if any(len(u) == 16 for u, _ in s.registry) and len(uid) != 16:
                uid = vicinity_uid(uid)  # a board reading ISO 15693 tags, as its demo registry is
            where = s.session.expected().get(unit)
            if where is None:
                raise ScriptFailed(f"{step.where(self.script.source)}: no unit {unit} on the map to enrol")
            self.table.place(self._cell(s.session.label(where), step), uid)
            await self._until(lambda: uid in s.tracker.unknown, step, "see the new tag")
            s.submit(PageAction("enroll", {"uid": uid, "unit": unit}))
            await self._until(self._in_sync, step, "see the board match the game")

    def _dice_button(self, step: scripts.Step) -> int:
        dice = self.service.board.dice_buttons
        if not dice:
            raise ScriptFailed(f"{step.where(self.script.source)}: this board has no dice button")
        return int(dice[0].id)

    async def play(self) -> None:
        # A script shows a trail by resting on each hex and lifting again as soon as the table has seen it;
        # on a loaded machine the emulated scanner may report that lift later than a hand would make it, so
        # the quiet time that ends a move is longer here than at a real table (the gestures stay the same).
        self.service.tracker.quiet_ms = max(self.service.tracker.quiet_ms, SCRIPT_QUIET_MS)
        await self._until(lambda: self.service.in_sync, scripts.Step(-1, "start", {}), "read the board")
        for step in self.script.steps:
            await self.step(step)


async def run_script(
    path: str | Path, *, game: str | None = None, record_path: Path | None = None,
    serve: Callable[[Service, EmulatedTable], Any] | None = None, board: str | None = None,
) -> dict[str, Any]:
    """Play a script file on a fresh emulated table through the real host; the final position as JSON."""
    from hexmate.host.service.build import build_service

    script = scripts.load(path)
    chosen = game or script.game
    if game is not None and game != script.game:
        raise scripts.ScriptError(f"{path}: the script is for {script.game}, not {game}")
    from hexmate.rules.games import get_game

    scenario = script.scenario if script.scenario is not None else get_game(chosen).demo_scenario_path
    options: dict[str, Any] = {"emulated": True, "game": chosen, "scenario": scenario, "board": board}
    if record_path is not None:
        options["record_path"] = lambda _stem: record_path
    service, table = await build_service(**options)
    assert table is not None
    runner = asyncio.create_task(service.run())
    web = serve(service, table) if serve is not None else None
    try:
        await ScriptedTable(service, table, script).play()
        record = str(service.record.path) if service.record is not None else None
        return scripts.summary(service.session.position, record)
    finally:
        service.stop()
        await asyncio.gather(runner, return_exceptions=True)
        if web is not None:
            web.cancel()
            await asyncio.gather(web, return_exceptions=True)
        await table.stop()


__all__ = ["ScriptFailed", "ScriptedTable", "run_script"]
